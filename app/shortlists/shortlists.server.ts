/**
 * Shortlists: an A&R's lists of catalogue songs with notes, ratings and an
 * order; share links (a random token, stored only as its SHA-256); and the
 * plays those links get. docs/decisions/0074-shortlists-and-share-links.md
 *
 * Every function that changes a shortlist takes the owner's id and touches
 * only that owner's rows: another A&R's shortlist id finds nothing (the route
 * answers 404), whatever the form says.
 */
import crypto from "node:crypto";
import { sql } from "kysely";
import { artistLine } from "~/catalog/credits";
import type { Credit } from "~/catalog/types";
import type { Viewer } from "~/auth/viewer";
import { isAdmin } from "~/auth/viewer";
import type { Database } from "~/platform/db/connect.server";
import {
  PLAY_REPORT_SLACK_SECONDS,
  PLAY_THRESHOLD_SECONDS,
  PLAYS_PER_ADDRESS_PER_DAY,
  SHARES_PER_SHORTLIST_MAX,
  SHORTLIST_ITEMS_MAX,
  SHORTLISTS_PER_OWNER_MAX,
} from "./constants";
import type { FeedbackRating } from "./ratings";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export const isShareTokenShape = (value: unknown): value is string => typeof value === "string" && TOKEN_SHAPE.test(value);

export const sha256Hex = (value: string) => crypto.createHash("sha256").update(value).digest("hex");
export const newRandomToken = () => crypto.randomBytes(32).toString("base64url");

const DAY_MS = 24 * 60 * 60_000;
/** The UTC day of an instant, "YYYY-MM-DD". */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export class ShortlistLimitError extends Error {
  constructor(readonly kind: "shortlists" | "items" | "shares") {
    super(`limit: ${kind}`);
    this.name = "ShortlistLimitError";
  }
}

/* ------------------------------------------------------------------ lists */

export interface ShortlistSummary {
  id: string;
  title: string;
  updatedAt: string;
  songs: number;
  liveShares: number;
  ownerName?: string;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The viewer's shortlists, most recently changed first (and, for an administrator, everybody else's). */
export async function listShortlists(db: Database, viewer: Pick<Viewer, "id" | "isAdmin">, now = new Date()) {
  const base = db
    .selectFrom("shortlists as s")
    .leftJoin("profiles as p", "p.user_id", "s.owner_id")
    .select((eb) => [
      "s.id",
      "s.title",
      "s.updated_at",
      "s.owner_id",
      "p.display_name",
      eb.selectFrom("shortlist_items as i").select(sql<number>`count(*)::int`.as("n")).whereRef("i.shortlist_id", "=", "s.id").as("songs"),
      eb
        .selectFrom("shortlist_shares as sh")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("sh.shortlist_id", "=", "s.id")
        .where("sh.revoked_at", "is", null)
        .where("sh.expires_at", ">", now)
        .as("live_shares"),
    ])
    .orderBy("s.updated_at", "desc")
    .orderBy("s.id");
  const rows = await (isAdmin(viewer) ? base.limit(500) : base.where("s.owner_id", "=", viewer.id)).execute();
  const summary = (row: (typeof rows)[number]): ShortlistSummary => ({
    id: row.id,
    title: row.title,
    updatedAt: iso(row.updated_at),
    songs: Number(row.songs ?? 0),
    liveShares: Number(row.live_shares ?? 0),
    ...(row.owner_id === viewer.id ? {} : { ownerName: row.display_name ?? "An A&R" }),
  });
  return {
    own: rows.filter((row) => row.owner_id === viewer.id).map(summary),
    others: rows.filter((row) => row.owner_id !== viewer.id).map(summary),
  };
}

async function touch(db: Database, shortlistId: string) {
  await db.updateTable("shortlists").set({ updated_at: sql`now()` }).where("id", "=", shortlistId).execute();
}

/** Creates a shortlist (optionally with its first song); returns its id. */
export async function createShortlist(db: Database, ownerId: string, title: string, firstSongId?: string): Promise<{ id: string; added: boolean }> {
  return db.transaction().execute(async (tx) => {
    // One owner's creations queue here, so the count below is exact.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`shortlists:${ownerId}`}, 0))`.execute(tx);
    const { n } = await tx.selectFrom("shortlists").select(sql<number>`count(*)::int`.as("n")).where("owner_id", "=", ownerId).executeTakeFirstOrThrow();
    if (Number(n) >= SHORTLISTS_PER_OWNER_MAX) throw new ShortlistLimitError("shortlists");
    const { id } = await tx.insertInto("shortlists").values({ owner_id: ownerId, title }).returning("id").executeTakeFirstOrThrow();
    let added = false;
    if (firstSongId && (await catalogueSong(tx, firstSongId))) {
      await tx.insertInto("shortlist_items").values({ shortlist_id: id, song_id: firstSongId, position: 1 }).execute();
      added = true;
    }
    return { id, added };
  });
}

export interface ShortlistAccess {
  id: string;
  title: string;
  ownerId: string;
  ownerName: string;
  /** Only the owner changes a shortlist; an administrator reads it. */
  canEdit: boolean;
}

/** The shortlist if the viewer owns it (or is an administrator: read-only); null otherwise. */
export async function shortlistForViewer(db: Database, viewer: Pick<Viewer, "id" | "isAdmin">, id: string): Promise<ShortlistAccess | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom("shortlists as s")
    .leftJoin("profiles as p", "p.user_id", "s.owner_id")
    .select(["s.id", "s.title", "s.owner_id", "p.display_name"])
    .where("s.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const owns = row.owner_id === viewer.id;
  if (!owns && !isAdmin(viewer)) return null;
  return { id: row.id, title: row.title, ownerId: row.owner_id, ownerName: row.display_name ?? "An A&R", canEdit: owns };
}

async function ownedShortlist(db: Database, ownerId: string, id: string, lock = false) {
  if (!isUuid(id)) return null;
  let query = db.selectFrom("shortlists").select(["id", "title"]).where("id", "=", id).where("owner_id", "=", ownerId);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

export async function renameShortlist(db: Database, ownerId: string, id: string, title: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const result = await db
    .updateTable("shortlists")
    .set({ title, updated_at: sql`now()` })
    .where("id", "=", id)
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes an owner's shortlist with its songs, links and their plays; returns its title, or null. */
export async function deleteShortlist(db: Database, ownerId: string, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const row = await db.deleteFrom("shortlists").where("id", "=", id).where("owner_id", "=", ownerId).returning("title").executeTakeFirst();
  return row?.title ?? null;
}

/* ------------------------------------------------------------------ items */

export interface ShortlistItemView {
  id: string;
  songId: string;
  title: string;
  artist: string;
  genre: string;
  bpm: number;
  musicalKey: string;
  durationSeconds: number;
  available: boolean;
  note: string;
  rating: FeedbackRating | null;
  position: number;
}

async function creditsBySong(db: Database, songIds: string[]): Promise<Map<string, Credit[]>> {
  const map = new Map<string, Credit[]>();
  if (songIds.length === 0) return map;
  const rows = await db
    .selectFrom("song_credits")
    .select(["song_id", "member_id", "name", "role", "split"])
    .where("song_id", "in", songIds)
    .orderBy("song_id")
    .orderBy("position")
    .orderBy("name")
    .execute();
  for (const row of rows) {
    const list = map.get(row.song_id) ?? [];
    list.push({ memberId: row.member_id, name: row.name, role: row.role, split: Number(row.split) });
    map.set(row.song_id, list);
  }
  return map;
}

export async function listItems(db: Database, shortlistId: string): Promise<ShortlistItemView[]> {
  const rows = await db
    .selectFrom("shortlist_items as i")
    .innerJoin("songs as s", "s.id", "i.song_id")
    .select(["i.id", "i.song_id", "i.note", "i.rating", "i.position", "s.title", "s.genre", "s.bpm", "s.musical_key", "s.duration_seconds", "s.status"])
    .where("i.shortlist_id", "=", shortlistId)
    .orderBy("i.position")
    .execute();
  const credits = await creditsBySong(db, rows.map((row) => row.song_id));
  return rows.map((row) => ({
    id: row.id,
    songId: row.song_id,
    title: row.title,
    artist: artistLine(credits.get(row.song_id) ?? []),
    genre: row.genre,
    bpm: row.bpm,
    musicalKey: row.musical_key,
    durationSeconds: Number(row.duration_seconds),
    available: row.status === "catalogue",
    note: row.note,
    rating: row.rating,
    position: row.position,
  }));
}

async function catalogueSong(db: Database, songId: string) {
  if (!isUuid(songId)) return null;
  return (await db.selectFrom("songs").select(["id", "title"]).where("id", "=", songId).where("status", "=", "catalogue").executeTakeFirst()) ?? null;
}

export type AddOutcome =
  | { kind: "added"; title: string; shortlistTitle: string }
  | { kind: "duplicate" }
  | { kind: "no-shortlist" }
  | { kind: "no-song" }
  | { kind: "full" };

/** Adds a catalogue song at the end of an owner's shortlist; a song already on it is refused. */
export async function addSong(db: Database, ownerId: string, shortlistId: string, songId: string, note = ""): Promise<AddOutcome> {
  return db.transaction().execute(async (tx) => {
    // The row lock queues concurrent adds to one shortlist, so positions stay 1..n.
    const list = await ownedShortlist(tx, ownerId, shortlistId, true);
    if (!list) return { kind: "no-shortlist" } as const;
    const song = await catalogueSong(tx, songId);
    if (!song) return { kind: "no-song" } as const;
    const existing = await tx.selectFrom("shortlist_items").select("id").where("shortlist_id", "=", list.id).where("song_id", "=", song.id).executeTakeFirst();
    if (existing) return { kind: "duplicate" } as const;
    const { n, last } = await tx
      .selectFrom("shortlist_items")
      .select([sql<number>`count(*)::int`.as("n"), sql<number>`coalesce(max(position), 0)::int`.as("last")])
      .where("shortlist_id", "=", list.id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= SHORTLIST_ITEMS_MAX) return { kind: "full" } as const;
    await tx.insertInto("shortlist_items").values({ shortlist_id: list.id, song_id: song.id, note, position: Number(last) + 1 }).execute();
    await touch(tx, list.id);
    return { kind: "added", title: song.title, shortlistTitle: list.title } as const;
  });
}

/** Saves an item's note and rating; null when the item is not on the owner's shortlist. */
export async function updateItem(db: Database, ownerId: string, shortlistId: string, itemId: string, note: string, rating: FeedbackRating | null) {
  if (!isUuid(itemId)) return null;
  return db.transaction().execute(async (tx) => {
    const list = await ownedShortlist(tx, ownerId, shortlistId);
    if (!list) return null;
    const row = await tx
      .updateTable("shortlist_items")
      .set({ note, rating, updated_at: sql`now()` })
      .where("id", "=", itemId)
      .where("shortlist_id", "=", list.id)
      .returning("song_id")
      .executeTakeFirst();
    if (!row) return null;
    await touch(tx, list.id);
    return songTitle(tx, row.song_id);
  });
}

async function songTitle(db: Database, songId: string) {
  const row = await db.selectFrom("songs").select("title").where("id", "=", songId).executeTakeFirstOrThrow();
  return { title: row.title };
}

/** Swaps an item with its neighbour; at either end it stays put. Null when it is not the owner's. */
export async function moveItem(db: Database, ownerId: string, shortlistId: string, itemId: string, direction: "up" | "down") {
  if (!isUuid(itemId)) return null;
  return db.transaction().execute(async (tx) => {
    const list = await ownedShortlist(tx, ownerId, shortlistId, true);
    if (!list) return null;
    const item = await tx.selectFrom("shortlist_items").select(["id", "position", "song_id"]).where("id", "=", itemId).where("shortlist_id", "=", list.id).executeTakeFirst();
    if (!item) return null;
    const neighbour = await tx
      .selectFrom("shortlist_items")
      .select(["id", "position"])
      .where("shortlist_id", "=", list.id)
      .where("position", direction === "up" ? "<" : ">", item.position)
      .orderBy("position", direction === "up" ? "desc" : "asc")
      .limit(1)
      .executeTakeFirst();
    if (neighbour) {
      // One statement: the deferrable unique key is checked after both rows moved.
      await tx
        .updateTable("shortlist_items")
        .set({
          position: sql<number>`case when id = ${item.id} then ${neighbour.position}::int else ${item.position}::int end`,
          updated_at: sql`now()`,
        })
        .where("id", "in", [item.id, neighbour.id])
        .execute();
      await touch(tx, list.id);
    }
    return songTitle(tx, item.song_id);
  });
}

/** Removes an item and closes the gap in the order. Null when it is not the owner's. */
export async function removeItem(db: Database, ownerId: string, shortlistId: string, itemId: string) {
  if (!isUuid(itemId)) return null;
  return db.transaction().execute(async (tx) => {
    const list = await ownedShortlist(tx, ownerId, shortlistId, true);
    if (!list) return null;
    const removed = await tx.deleteFrom("shortlist_items").where("id", "=", itemId).where("shortlist_id", "=", list.id).returning(["position", "song_id"]).executeTakeFirst();
    if (!removed) return null;
    await tx
      .updateTable("shortlist_items")
      .set({ position: sql<number>`position - 1` })
      .where("shortlist_id", "=", list.id)
      .where("position", ">", removed.position)
      .execute();
    await touch(tx, list.id);
    return songTitle(tx, removed.song_id);
  });
}

/* ----------------------------------------------------------------- shares */

export type ShareState = "live" | "expired" | "revoked";

export function shareState(share: { expires_at: Date | string; revoked_at: Date | string | null }, now = new Date()): ShareState {
  if (share.revoked_at) return "revoked";
  return new Date(share.expires_at).getTime() <= now.getTime() ? "expired" : "live";
}

/**
 * Makes a share link: returns the token ONCE (the caller shows it and forgets
 * it); only its SHA-256 is stored. Null when the shortlist is not the owner's.
 */
export async function createShare(db: Database, ownerId: string, shortlistId: string, days: number, now = new Date()) {
  return db.transaction().execute(async (tx) => {
    const list = await ownedShortlist(tx, ownerId, shortlistId, true);
    if (!list) return null;
    const { n } = await tx.selectFrom("shortlist_shares").select(sql<number>`count(*)::int`.as("n")).where("shortlist_id", "=", list.id).executeTakeFirstOrThrow();
    if (Number(n) >= SHARES_PER_SHORTLIST_MAX) throw new ShortlistLimitError("shares");
    const token = newRandomToken();
    const expiresAt = new Date(now.getTime() + days * DAY_MS);
    await tx.insertInto("shortlist_shares").values({ shortlist_id: list.id, token_hash: sha256Hex(token), created_at: now, expires_at: expiresAt }).execute();
    return { token, expiresAt: expiresAt.toISOString() };
  });
}

export async function revokeShare(db: Database, ownerId: string, shortlistId: string, shareId: string): Promise<boolean> {
  if (!isUuid(shareId)) return false;
  const list = await ownedShortlist(db, ownerId, shortlistId);
  if (!list) return false;
  const share = await db.selectFrom("shortlist_shares").select(["id", "revoked_at"]).where("id", "=", shareId).where("shortlist_id", "=", list.id).executeTakeFirst();
  if (!share) return false;
  // Revoking twice keeps the first time.
  if (!share.revoked_at) await db.updateTable("shortlist_shares").set({ revoked_at: sql`now()` }).where("id", "=", share.id).execute();
  return true;
}

export interface ShareView {
  id: string;
  state: ShareState;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  plays: number;
  /** Counted plays per song of the shortlist (songs without plays left out). */
  bySong: { songId: string; title: string; plays: number }[];
}

/** A shortlist's links, newest first, with their plays per song. Never the token: it is not stored. */
export async function listShares(db: Database, shortlistId: string, now = new Date()): Promise<ShareView[]> {
  const shares = await db
    .selectFrom("shortlist_shares")
    .select(["id", "created_at", "expires_at", "revoked_at"])
    .where("shortlist_id", "=", shortlistId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  if (shares.length === 0) return [];
  const plays = await db
    .selectFrom("shortlist_plays as p")
    .innerJoin("songs as s", "s.id", "p.song_id")
    .select(["p.share_id", "p.song_id", "s.title", sql<number>`count(*)::int`.as("plays")])
    .where("p.share_id", "in", shares.map((share) => share.id))
    .where("p.counted_at", "is not", null)
    .groupBy(["p.share_id", "p.song_id", "s.title"])
    .orderBy("s.title")
    .execute();
  return shares.map((share) => {
    const bySong = plays.filter((row) => row.share_id === share.id).map((row) => ({ songId: row.song_id, title: row.title, plays: Number(row.plays) }));
    return {
      id: share.id,
      state: shareState(share, now),
      createdAt: iso(share.created_at),
      expiresAt: iso(share.expires_at),
      revokedAt: share.revoked_at ? iso(share.revoked_at) : null,
      plays: bySong.reduce((sum, row) => sum + row.plays, 0),
      bySong,
    };
  });
}

/** Counted plays of each song over all of a shortlist's links. */
export async function playsBySong(db: Database, shortlistId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("shortlist_plays as p")
    .innerJoin("shortlist_shares as sh", "sh.id", "p.share_id")
    .select(["p.song_id", sql<number>`count(*)::int`.as("plays")])
    .where("sh.shortlist_id", "=", shortlistId)
    .where("p.counted_at", "is not", null)
    .groupBy("p.song_id")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.song_id, Number(row.plays)]));
}

/* ------------------------------------------------ the song page's picker */

export interface ShortlistChoice {
  id: string;
  title: string;
  hasSong: boolean;
}

/** The viewer's own shortlists, marked where the song already is. */
export async function shortlistChoices(db: Database, ownerId: string, songId: string): Promise<ShortlistChoice[]> {
  const rows = await db
    .selectFrom("shortlists as s")
    .select((eb) => [
      "s.id",
      "s.title",
      eb.exists(eb.selectFrom("shortlist_items as i").select("i.id").whereRef("i.shortlist_id", "=", "s.id").where("i.song_id", "=", songId)).as("has_song"),
    ])
    .where("s.owner_id", "=", ownerId)
    .orderBy("s.updated_at", "desc")
    .orderBy("s.id")
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, hasSong: Boolean(row.has_song) }));
}

/* --------------------------------------------------- the shared page side */

export type ShareLookup =
  | { kind: "live"; shareId: string; shortlistId: string; title: string; ownerName: string; expiresAt: string }
  | { kind: "expired" | "revoked" }
  | { kind: "unknown" };

/** Finds a share by its token's hash (the token is never compared in the clear). */
export async function findShare(db: Database, token: string, now = new Date()): Promise<ShareLookup> {
  if (!isShareTokenShape(token)) return { kind: "unknown" };
  const row = await db
    .selectFrom("shortlist_shares as sh")
    .innerJoin("shortlists as s", "s.id", "sh.shortlist_id")
    .leftJoin("profiles as p", "p.user_id", "s.owner_id")
    .select(["sh.id", "sh.shortlist_id", "sh.expires_at", "sh.revoked_at", "s.title", "p.display_name"])
    .where("sh.token_hash", "=", sha256Hex(token))
    .executeTakeFirst();
  if (!row) return { kind: "unknown" };
  const state = shareState(row, now);
  if (state !== "live") return { kind: state };
  return { kind: "live", shareId: row.id, shortlistId: row.shortlist_id, title: row.title, ownerName: row.display_name ?? "An A&R", expiresAt: iso(row.expires_at) };
}

export interface SharedSongView {
  songId: string;
  title: string;
  artist: string;
  credits: Credit[];
  genre: string;
  bpm: number;
  musicalKey: string;
  durationSeconds: number;
  contentType: string | null;
}

/**
 * What a listener sees: the songs in the A&R's order with titles and credits;
 * never the A&R's notes or ratings, and never a song that left the catalogue.
 */
export async function sharedSongs(db: Database, shortlistId: string): Promise<SharedSongView[]> {
  const rows = await db
    .selectFrom("shortlist_items as i")
    .innerJoin("songs as s", "s.id", "i.song_id")
    .leftJoin("storage_objects as o", (join) => join.on("o.bucket", "=", "audio").onRef("o.path", "=", "s.audio_path"))
    .select(["s.id", "s.title", "s.genre", "s.bpm", "s.musical_key", "s.duration_seconds", "o.content_type"])
    .where("i.shortlist_id", "=", shortlistId)
    .where("s.status", "=", "catalogue")
    .orderBy("i.position")
    .execute();
  const credits = await creditsBySong(db, rows.map((row) => row.id));
  return rows.map((row) => {
    const songCredits = credits.get(row.id) ?? [];
    return {
      songId: row.id,
      title: row.title,
      artist: artistLine(songCredits),
      credits: songCredits,
      genre: row.genre,
      bpm: row.bpm,
      musicalKey: row.musical_key,
      durationSeconds: Number(row.duration_seconds),
      contentType: row.content_type ?? null,
    };
  });
}

/** The audio of a song on the share's shortlist and in the catalogue; null otherwise. */
export async function sharedSongAudio(db: Database, shortlistId: string, songId: string) {
  if (!isUuid(songId)) return null;
  const row = await db
    .selectFrom("shortlist_items as i")
    .innerJoin("songs as s", "s.id", "i.song_id")
    .select(["s.id", "s.audio_path", "s.duration_seconds"])
    .where("i.shortlist_id", "=", shortlistId)
    .where("i.song_id", "=", songId)
    .where("s.status", "=", "catalogue")
    .executeTakeFirst();
  return row ? { songId: row.id, audioPath: row.audio_path, durationSeconds: Number(row.duration_seconds) } : null;
}

/* ------------------------------------------------------------------ plays */

/**
 * The listener's browser fetched the song's audio: the earliest a play can
 * have started. Only the day's first fetch is kept (a later fetch cannot make
 * a report arrive "earlier").
 */
export async function recordAudioFetch(db: Database, shareId: string, songId: string, listenerKey: string, now = new Date()) {
  await db
    .insertInto("shortlist_plays")
    .values({ share_id: shareId, song_id: songId, listener_key: listenerKey, day: utcDay(now), fetched_at: now })
    .onConflict((oc) => oc.columns(["share_id", "song_id", "listener_key", "day"]).doNothing())
    .execute();
}

export type PlayReport = "counted" | "already-counted" | "too-early" | "not-fetched" | "address-limit";

/** Seconds of playback that make a play: 30, or the whole song when it is shorter. */
export const playThreshold = (durationSeconds: number) => Math.min(PLAY_THRESHOLD_SECONDS, durationSeconds);

/**
 * Counts a play the browser reports, once per listener, song, share and
 * (UTC) day. The report must come at least the threshold (less a second of
 * timer slack) after the listener's audio fetch, or it is refused. Looks at
 * today's and yesterday's fetch, so a play that began before midnight counts
 * (on the day it began).
 *
 * `addressKey` (listener.server.ts addressKey, an HMAC of the reporting
 * network address): at most PLAYS_PER_ADDRESS_PER_DAY counted plays of the
 * song on the link from that address that day, whatever the listener
 * cookies, so clearing cookies cannot inflate the link's figure past it
 * ("address-limit"). The route always passes it; null (direct calls in
 * tests and the demo seed) applies no cap.
 */
export async function reportPlay(
  db: Database,
  shareId: string,
  songId: string,
  listenerKey: string,
  durationSeconds: number,
  now = new Date(),
  addressKey: string | null = null,
): Promise<PlayReport> {
  const days = [utcDay(now), utcDay(new Date(now.getTime() - DAY_MS))];
  const rows = await db
    .selectFrom("shortlist_plays")
    .select(["id", "fetched_at", "counted_at", sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day_text")])
    .where("share_id", "=", shareId)
    .where("song_id", "=", songId)
    .where("listener_key", "=", listenerKey)
    .where(sql<boolean>`day in (${sql.join(days.map((day) => sql`${day}::date`))})`)
    .execute();
  const today = rows.find((row) => row.day_text === days[0]);
  if (today?.counted_at) return "already-counted";
  const earliest = new Date(now.getTime() - (playThreshold(durationSeconds) - PLAY_REPORT_SLACK_SECONDS) * 1000);
  // Today's fetch first; yesterday's if today has none (a play across midnight).
  const candidate = today ?? rows.find((row) => row.day_text === days[1] && !row.counted_at);
  if (!candidate) return rows.length > 0 ? "already-counted" : "not-fetched";
  if (new Date(candidate.fetched_at).getTime() > earliest.getTime()) return "too-early";
  // Idempotent: only an uncounted row is counted; a concurrent second report changes nothing.
  const markCounted = async (executor: Database) => {
    const result = await executor
      .updateTable("shortlist_plays")
      .set({ counted_at: now, address_key: addressKey })
      .where("id", "=", candidate.id)
      .where("counted_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? "counted" : "already-counted";
  };
  if (!addressKey) return markCounted(db);
  const key = addressKey;
  // The cap's count and the update under one lock per link, song, address and day, so
  // concurrent reports from one address cannot each see room under the cap.
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`shortlist-play:${shareId}:${songId}:${key}:${candidate.day_text}`}))`.execute(tx);
    const { n } = await tx
      .selectFrom("shortlist_plays")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("share_id", "=", shareId)
      .where("song_id", "=", songId)
      .where("address_key", "=", key)
      .where(sql<boolean>`day = ${candidate.day_text}::date`)
      .where("counted_at", "is not", null)
      .executeTakeFirstOrThrow();
    if (Number(n) >= PLAYS_PER_ADDRESS_PER_DAY) return "address-limit";
    return markCounted(tx);
  });
}
