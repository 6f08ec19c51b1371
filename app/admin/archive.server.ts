/**
 * The admin view of songs: how many are live and archived, the archived ones
 * to browse (by title or credited name), and one archived song in full.
 * Archived songs never appear in the public catalogue; here they stay
 * reachable for administrators.
 */
import { sql } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { auditActionLabel } from "~/audit/actions";
import { listAuditEntries, recordAdminAction } from "~/audit/audit.server";
import { getSong, isSongId, signedArtworkUrl, signedAudioUrl } from "~/catalog/songs.server";
import type { Song } from "~/catalog/types";
import type { Database } from "~/platform/db/connect.server";

import { ARCHIVE_HISTORY_MAX, ARCHIVE_PAGE_SIZE, ARCHIVE_SEARCH_MAX, type ArchiveQuery } from "./archive";

export interface SongCounts {
  catalogue: number;
  featured: number;
  archived: number;
}

export async function songCounts(db: Database): Promise<SongCounts> {
  const row = await db
    .selectFrom("songs")
    .select([
      sql<number>`(count(*) filter (where status = 'catalogue'))::int`.as("catalogue"),
      sql<number>`(count(*) filter (where status = 'catalogue' and featured))::int`.as("featured"),
      sql<number>`(count(*) filter (where status = 'archived'))::int`.as("archived"),
    ])
    .executeTakeFirstOrThrow();
  return { catalogue: Number(row.catalogue), featured: Number(row.featured), archived: Number(row.archived) };
}

export interface ArchivedSongRow {
  id: string;
  title: string;
  credits: string;
  genre: string;
  bpm: number;
  musicalKey: string;
  durationSeconds: number;
  /** When it was archived (songs.archived_at, kept by the database). */
  archivedAt: string;
}

/** Escapes LIKE wildcards so a search for "100%" means the text, not a pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ArchiveListOptions extends Partial<ArchiveQuery> {
  limit?: number;
}

type ArchiveFilter = Pick<ArchiveQuery, "q" | "genre" | "key" | "when">;

function filtered(db: Database, filter: ArchiveFilter) {
  let query = db.selectFrom("songs").where("status", "=", "archived");
  if (filter.q) {
    const pattern = likePattern(filter.q);
    query = query.where((eb) => eb.or([eb("title", "ilike", pattern), eb("credit_names", "ilike", pattern)]));
  }
  if (filter.genre) query = query.where(sql<boolean>`lower(genre) = lower(${filter.genre})`);
  if (filter.key) query = query.where(sql<boolean>`lower(musical_key) = lower(${filter.key})`);
  if (filter.when === "30d") query = query.where(sql<boolean>`archived_at >= now() - interval '30 days'`);
  if (filter.when === "year") query = query.where(sql<boolean>`archived_at >= date_trunc('year', now() at time zone 'UTC') at time zone 'UTC'`);
  return query;
}

/** Archived songs matching a browse query, a page at a time, with how many match in all. */
export async function listArchivedSongs(db: Database, options: ArchiveListOptions = {}) {
  const page = options.page && options.page >= 1 ? Math.floor(options.page) : 1;
  const limit = options.limit ?? ARCHIVE_PAGE_SIZE;
  const filter: ArchiveFilter = {
    q: options.q?.trim().slice(0, ARCHIVE_SEARCH_MAX) ?? "",
    genre: options.genre?.trim() ?? "",
    key: options.key?.trim() ?? "",
    when: options.when ?? "all",
  };
  const sort = options.sort ?? "newest";
  let query = filtered(db, filter)
    .select(["id", "title", "genre", "bpm", "musical_key", "duration_seconds", "archived_at", "updated_at"])
    // credit_names is a search column (names joined by spaces); show the names as a list.
    .select((eb) =>
      eb
        .selectFrom("song_credits as c")
        .whereRef("c.song_id", "=", "songs.id")
        .select(sql<string>`coalesce(string_agg(c.name, ', ' order by c.position, c.name), '')`.as("names"))
        .as("credit_list"),
    );
  query =
    sort === "title"
      ? query.orderBy(sql`lower(title)`).orderBy("id")
      : sort === "oldest"
        ? query.orderBy(sql`archived_at asc nulls first`).orderBy("id")
        : query.orderBy(sql`archived_at desc nulls last`).orderBy("id");
  const [rows, total] = await Promise.all([
    query
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute(),
    filtered(db, filter)
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n)),
  ]);
  const songs: ArchivedSongRow[] = rows.slice(0, limit).map((row) => ({
    id: row.id,
    title: row.title,
    credits: row.credit_list ?? "",
    genre: row.genre,
    bpm: row.bpm,
    musicalKey: row.musical_key,
    durationSeconds: Number(row.duration_seconds),
    archivedAt: new Date(row.archived_at ?? row.updated_at).toISOString(),
  }));
  return { songs, total, page, search: filter.q, query: { ...filter, sort, page }, hasNextPage: rows.length > limit };
}

/** The genres and keys archived songs have, for the browse form's choices (with how many each). */
export async function archiveFacets(db: Database) {
  const [genres, keys] = await Promise.all([
    db
      .selectFrom("songs")
      .where("status", "=", "archived")
      .select([sql<string>`min(genre)`.as("value"), sql<number>`count(*)::int`.as("n")])
      .groupBy(sql`lower(genre)`)
      .orderBy(sql`lower(genre)`)
      .limit(500)
      .execute(),
    db
      .selectFrom("songs")
      .where("status", "=", "archived")
      .select([sql<string>`min(musical_key)`.as("value"), sql<number>`count(*)::int`.as("n")])
      .groupBy(sql`lower(musical_key)`)
      .orderBy(sql`lower(musical_key)`)
      .limit(500)
      .execute(),
  ]);
  const shape = (rows: { value: string; n: number }[]) => rows.map((row) => ({ value: row.value, count: Number(row.n) }));
  return { genres: shape(genres), keys: shape(keys) };
}

export interface ArchiveCounts {
  archived: number;
  archivedThisMonth: number;
  archivedLast30Days: number;
  restoredThisMonth: number;
  catalogue: number;
}

/** The overview's figures: archive size, what came in lately, what went back (from the audit log). */
export async function archiveCounts(db: Database): Promise<ArchiveCounts> {
  const [songs, restored] = await Promise.all([
    db
      .selectFrom("songs")
      .select([
        sql<number>`(count(*) filter (where status = 'archived'))::int`.as("archived"),
        sql<number>`(count(*) filter (where status = 'archived' and archived_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'))::int`.as(
          "this_month",
        ),
        sql<number>`(count(*) filter (where status = 'archived' and archived_at >= now() - interval '30 days'))::int`.as("last_30"),
        sql<number>`(count(*) filter (where status = 'catalogue'))::int`.as("catalogue"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("admin_audit_log")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("action", "=", "song.restored")
      .where(sql<boolean>`created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    archived: Number(songs.archived),
    archivedThisMonth: Number(songs.this_month),
    archivedLast30Days: Number(songs.last_30),
    restoredThisMonth: Number(restored.n),
    catalogue: Number(songs.catalogue),
  };
}

export interface RestoredSongRow {
  entryId: string;
  songId: string;
  title: string;
  restoredAt: string;
  restoredBy: string;
  /** Where the song is now (it may have been archived again, or deleted). */
  status: string | null;
}

/** The latest restores, from the audit log, with each song's present status. */
export async function recentlyRestored(db: Database, limit = 5): Promise<RestoredSongRow[]> {
  const { entries } = await listAuditEntries(db, { action: "song.restored", limit });
  const ids = [...new Set(entries.map((e) => e.targetId).filter((id): id is string => isSongId(id)))];
  const current = ids.length
    ? await db.selectFrom("songs").select(["id", "title", "status"]).where("id", "in", ids).execute()
    : [];
  const byId = new Map(current.map((row) => [row.id, row]));
  return entries
    .filter((entry) => entry.targetId)
    .map((entry) => {
      const song = byId.get(entry.targetId!);
      return {
        entryId: entry.id,
        songId: entry.targetId!,
        title: song?.title ?? entry.targetLabel,
        restoredAt: entry.createdAt,
        restoredBy: entry.actorName,
        status: song ? String(song.status) : null,
      };
    });
}

export interface HistoryEvent {
  key: string;
  at: string;
  /** What happened, in an admin's words. */
  label: string;
  actor: string | null;
  /** Field changes, "field: before -> after". */
  changes: { field: string; before: string; after: string }[];
  link?: { to: string; text: string };
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(none)";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** What changed between two snapshots, field by field (only fields that differ). */
export function snapshotChanges(before: unknown, after: unknown): HistoryEvent["changes"] {
  const asRecord = (value: unknown): Record<string, unknown> =>
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : value === null || value === undefined ? {} : { value };
  const b = asRecord(before);
  const a = asRecord(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((field) => JSON.stringify(b[field] ?? null) !== JSON.stringify(a[field] ?? null))
    .map((field) => ({ field, before: shown(b[field]), after: shown(a[field]) }))
    .slice(0, 50);
}

/** A song's life, oldest first: its creation (and the submission it came from), then every admin action on it. */
export async function songHistory(db: Database, song: { id: string; createdAt: string }): Promise<{ events: HistoryEvent[]; truncated: boolean }> {
  const [{ entries, nextBeforeId }, origin] = await Promise.all([
    listAuditEntries(db, { targetType: "song", targetId: song.id, limit: ARCHIVE_HISTORY_MAX }),
    db
      .selectFrom("submissions as s")
      .leftJoin("profiles as m", "m.user_id", "s.member_id")
      .leftJoin("profiles as d", "d.user_id", "s.decided_by")
      .select(["s.id", "m.display_name as member", "d.display_name as decider", "s.decided_at"])
      .where("s.song_id", "=", song.id)
      .executeTakeFirst(),
  ]);
  const created: HistoryEvent = origin
    ? {
        key: "created",
        at: song.createdAt,
        label: `Added to the catalogue from ${origin.member ? `${origin.member}'s` : "a member's"} submission`,
        actor: origin.decider ?? null,
        changes: [],
        link: { to: `/admin/submissions/${origin.id}`, text: "Open the submission" },
      }
    : { key: "created", at: song.createdAt, label: "Added to the catalogue", actor: null, changes: [] };
  const events = entries
    .slice()
    .reverse()
    .map(
      (entry): HistoryEvent => ({
        key: `audit-${entry.id}`,
        at: entry.createdAt,
        label: auditActionLabel(entry.action),
        actor: entry.actorName,
        changes: snapshotChanges(entry.before, entry.after),
      }),
    );
  // A song uploaded as a draft (ADR 0085) has its creation in the log already.
  const loggedCreation = entries.some((entry) => entry.action === "song.draft_uploaded");
  return { events: loggedCreation && !nextBeforeId ? events : [created, ...events], truncated: nextBeforeId !== null };
}

export type ArchiveSongPage =
  | { state: "archived"; song: Song; audioUrl: string; artworkUrl: string | null; archivedAt: string; history: Awaited<ReturnType<typeof songHistory>> }
  | { state: "not_archived"; song: Pick<Song, "id" | "title" | "status">; history: Awaited<ReturnType<typeof songHistory>> };

/** What /admin/archive/song/{id} shows: the archived song in full, or that it is not (or no longer) archived; null for an unknown id. */
export async function getArchiveSongPage(db: Database, id: string): Promise<ArchiveSongPage | null> {
  const song = await getSong(db, id);
  if (!song) return null;
  const history = await songHistory(db, song);
  if (song.status !== "archived") return { state: "not_archived", song: { id: song.id, title: song.title, status: song.status }, history };
  const [audioUrl, artworkUrl, row] = await Promise.all([
    signedAudioUrl(song),
    signedArtworkUrl(song),
    db.selectFrom("songs").select(["archived_at"]).where("id", "=", id).executeTakeFirst(),
  ]);
  return { state: "archived", song, audioUrl, artworkUrl, archivedAt: new Date(row?.archived_at ?? song.updatedAt).toISOString(), history };
}

/** An archived song with a signed audio URL, or null when the id is unknown or the song is live. */
export async function getArchivedSong(db: Database, id: string): Promise<{ song: Song; audioUrl: string } | null> {
  const song = await getSong(db, id);
  if (!song || song.status !== "archived") return null;
  return { song, audioUrl: await signedAudioUrl(song) };
}

/**
 * Why a song could not be archived or restored: unknown id (404), already in
 * the wanted state, e.g. the other admin was quicker (409), or not a
 * catalogue/archived song at all, e.g. a draft (409: drafts are published or
 * deleted from /admin/audio, never archived).
 */
export class SongStateError extends Error {
  constructor(
    readonly kind: "not_found" | "already" | "wrong_state",
    readonly songId: string,
  ) {
    super(`Song ${songId}: ${kind}`);
    this.name = "SongStateError";
  }
}

async function moveSong(db: Database, viewer: Pick<Viewer, "id" | "displayName">, songId: string, from: "catalogue" | "archived", to: "catalogue" | "archived") {
  if (!isSongId(songId)) throw new SongStateError("not_found", songId);
  return db.transaction().execute(async (tx) => {
    // The conditional update is the arbiter: of two admins acting at once, the
    // second finds the status already moved (its WHERE is re-checked after the
    // first commits) and changes nothing, so exactly one entry is recorded.
    const moved = await tx
      .updateTable("songs")
      .set({ status: to, updated_at: sql<Date>`now()` })
      .where("id", "=", songId)
      .where("status", "=", from)
      .returning(["id", "title", "archived_at"])
      .executeTakeFirst();
    if (!moved) {
      const current = await tx.selectFrom("songs").select(["status"]).where("id", "=", songId).executeTakeFirst();
      if (!current) throw new SongStateError("not_found", songId);
      throw new SongStateError(String(current.status) === to ? "already" : "wrong_state", songId);
    }
    await recordAdminAction(tx, {
      actor: viewer,
      action: to === "archived" ? "song.archived" : "song.restored",
      target: { type: "song", id: songId, label: moved.title },
      before: { status: from },
      after: { status: to },
    });
    return { id: moved.id, title: moved.title };
  });
}

/** Takes a catalogue song out of the catalogue (and so the search, at once) into the archive. */
export function archiveSong(db: Database, viewer: Pick<Viewer, "id" | "displayName">, songId: string) {
  return moveSong(db, viewer, songId, "catalogue", "archived");
}

/** Puts an archived song back in the catalogue and the public search, at once. */
export function restoreSong(db: Database, viewer: Pick<Viewer, "id" | "displayName">, songId: string) {
  return moveSong(db, viewer, songId, "archived", "catalogue");
}
