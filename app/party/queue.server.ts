/**
 * The room's queue (issue 14 §3, ADR 0092): what it may hear, adding in
 * turn, the host's reordering and removals, and the audio of an item.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import { searchCatalog } from "~/catalog/songs.server";
import type { SourceOptionView } from "./room-state";
import { escapeLike } from "~/members/members.server";
import type { PartyItemKind } from "~/platform/db/schema";
import { isUuid } from "~/shared/ids";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { PARTY_GUEST_WAITING_MAX, PARTY_QUEUE_MAX, PARTY_TEXT } from "./constants";
import { PartyError, type PartyAccess, type Tx, type Db } from "./parties.server";
import { lockParty, requireGuest, requireHost, emitQueue, displayNameOf, type Actor } from "./room-lock.server";

// -- The queue -------------------------------------------------------------------

export interface QueueSource {
  kind: PartyItemKind;
  id: string;
}

interface ResolvedSource {
  title: string;
  artist: string;
  durationMs: number;
  audio: { bucket: string; path: string };
}

/**
 * What the room may hear, by the same rules as elsewhere: a catalogue song,
 * a showcase track anyone may play (a public profile, not hidden), or one of
 * the HOST's own submissions. Anything else is refused.
 */
export async function resolveSource(db: Db, source: QueueSource, hostId: string | null): Promise<ResolvedSource | null> {
  if (!isUuid(source.id)) return null;
  if (source.kind === "song") {
    const row = await db.selectFrom("songs").select(["title", "credit_names", "duration_seconds", "audio_path"]).where("id", "=", source.id).where("status", "=", "catalogue").executeTakeFirst();
    return row ? { title: row.title, artist: row.credit_names.slice(0, 200), durationMs: Math.round(Number(row.duration_seconds) * 1000), audio: { bucket: AUDIO_BUCKET, path: row.audio_path } } : null;
  }
  if (source.kind === "showcase") {
    const row = await db
      .selectFrom("showcase_tracks as t")
      .innerJoin("profiles as p", "p.user_id", "t.user_id")
      .select(["t.title", "p.display_name", "t.duration_seconds", "t.audio_bucket", "t.audio_path"])
      .where("t.id", "=", source.id)
      .where("t.hidden_at", "is", null)
      .where("p.public_profile", "=", true)
      .where("p.role", "is not", null)
      .executeTakeFirst();
    return row ? { title: row.title, artist: row.display_name ?? "", durationMs: Math.round(Number(row.duration_seconds) * 1000), audio: { bucket: row.audio_bucket, path: row.audio_path } } : null;
  }
  if (!hostId) return null;
  const row = await db
    .selectFrom("submissions as s")
    .leftJoin("profiles as p", "p.user_id", "s.member_id")
    .select(["s.title", "p.display_name", "s.duration_seconds", "s.audio_bucket", "s.audio_path"])
    .where("s.id", "=", source.id)
    .where("s.member_id", "=", hostId)
    .where("s.status", "<>", "withdrawn")
    .executeTakeFirst();
  return row ? { title: row.title, artist: row.display_name ?? "", durationMs: Math.round(Number(row.duration_seconds) * 1000), audio: { bucket: row.audio_bucket, path: row.audio_path } } : null;
}

const SOURCE_COLUMN = { song: "song_id", showcase: "showcase_track_id", submission: "submission_id" } as const;

/**
 * Adds a song to the room's queue, in turn: a person's n-th song waiting goes
 * into the n-th round from now, after everyone's songs of earlier rounds, so
 * nobody's run of songs keeps the others waiting (JQBX's rotation). Guests
 * hold at most PARTY_GUEST_WAITING_MAX waiting songs.
 */
export async function addToQueue(db: Database, viewer: Actor, partyId: string, source: QueueSource): Promise<{ itemId: string; title: string }> {
  return db.transaction().execute(async (tx) => {
    const party = await lockParty(tx, partyId);
    const role = await requireGuest(tx, party, viewer);
    if (party.status === "ended") throw new PartyError(PARTY_TEXT.ended, 409);
    // The host's own submissions are theirs to play: only they put one in the queue.
    const resolved = source.kind === "submission" && viewer.id !== party.host_id ? null : await resolveSource(tx, source, party.host_id);
    if (!resolved || resolved.durationMs <= 0) throw new PartyError(PARTY_TEXT.sourceNotAllowed, 404);
    const waiting = await tx
      .selectFrom("party_queue")
      .select(["id", "added_by", "round", "position", "song_id", "showcase_track_id", "submission_id"])
      .where("party_id", "=", party.id)
      .where("removed_at", "is", null)
      .where("started_at", "is", null)
      .orderBy("position")
      .execute();
    if (waiting.length >= PARTY_QUEUE_MAX) throw new PartyError(PARTY_TEXT.queueFull, 409);
    if (waiting.some((w) => w[SOURCE_COLUMN[source.kind]] === source.id)) throw new PartyError(PARTY_TEXT.alreadyQueued, 409);
    const mine = waiting.filter((w) => w.added_by === viewer.id);
    if (role === "guest" && mine.length >= PARTY_GUEST_WAITING_MAX) throw new PartyError(PARTY_TEXT.guestWaitingFull, 409);
    // Rounds count from the earliest one still waiting or playing; the person's
    // next song goes one round after their latest (played or waiting) in play.
    const current = party.current_item_id
      ? await tx.selectFrom("party_queue").select(["round", "added_by"]).where("id", "=", party.current_item_id).executeTakeFirst()
      : undefined;
    const inPlay = [...waiting, ...(current ? [current] : [])];
    const floor = inPlay.length ? Math.min(...inPlay.map((w) => w.round)) : 1;
    const round = Math.max(floor, ...inPlay.filter((w) => w.added_by === viewer.id).map((w) => w.round + 1));
    // After the last waiting item of this round or an earlier one.
    const before = waiting.filter((w) => w.round <= round);
    const position = before.length ? before[before.length - 1]!.position + 1 : (waiting[0]?.position ?? (await nextPosition(tx, party.id)));
    await tx
      .updateTable("party_queue")
      .set({ position: sql`position + 1` })
      .where("party_id", "=", party.id)
      .where("removed_at", "is", null)
      .where("started_at", "is", null)
      .where("position", ">=", position)
      .execute();
    const name = await displayNameOf(tx, viewer.id, viewer.displayName);
    const { id } = await tx
      .insertInto("party_queue")
      .values({
        party_id: party.id,
        kind: source.kind,
        song_id: source.kind === "song" ? source.id : null,
        showcase_track_id: source.kind === "showcase" ? source.id : null,
        submission_id: source.kind === "submission" ? source.id : null,
        title: resolved.title,
        artist: resolved.artist,
        duration_ms: resolved.durationMs,
        added_by: viewer.id,
        added_by_name: name,
        round,
        position,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await emitQueue(tx, party.id, party.current_item_id);
    return { itemId: id, title: resolved.title };
  });
}

async function nextPosition(tx: Tx, partyId: string): Promise<number> {
  const row = await tx.selectFrom("party_queue").select(sql<number>`coalesce(max(position), 0)::int`.as("last")).where("party_id", "=", partyId).executeTakeFirstOrThrow();
  return Number(row.last) + 1;
}

/** The host moves a waiting song one place up or down. */
export async function moveQueueItem(db: Database, viewer: Actor, partyId: string, itemId: string, direction: "up" | "down"): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const party = await lockParty(tx, partyId);
    await requireHost(tx, party, viewer);
    const waiting = await tx
      .selectFrom("party_queue")
      .select(["id", "position"])
      .where("party_id", "=", party.id)
      .where("removed_at", "is", null)
      .where("started_at", "is", null)
      .orderBy("position")
      .execute();
    const index = waiting.findIndex((w) => w.id === itemId);
    if (index < 0) throw new PartyError(PARTY_TEXT.itemGone, 404);
    const other = waiting[direction === "up" ? index - 1 : index + 1];
    if (!other) return;
    const me = waiting[index]!;
    await tx.updateTable("party_queue").set({ position: other.position }).where("id", "=", me.id).execute();
    await tx.updateTable("party_queue").set({ position: me.position }).where("id", "=", other.id).execute();
    await emitQueue(tx, party.id, party.current_item_id);
  });
}

/** The host removes a waiting song; a guest may take back their own. */
export async function removeQueueItem(db: Database, viewer: Actor, partyId: string, itemId: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const party = await lockParty(tx, partyId);
    const role = await requireGuest(tx, party, viewer);
    if (!isUuid(itemId)) throw new PartyError(PARTY_TEXT.itemGone, 404);
    const item = await tx
      .selectFrom("party_queue")
      .select(["id", "added_by"])
      .where("id", "=", itemId)
      .where("party_id", "=", party.id)
      .where("removed_at", "is", null)
      .where("started_at", "is", null)
      .executeTakeFirst();
    if (!item || item.id === party.current_item_id) throw new PartyError(PARTY_TEXT.itemGone, 404);
    if (role === "guest" && item.added_by !== viewer.id) throw new PartyError(PARTY_TEXT.hostOnly, 403);
    await tx.updateTable("party_queue").set({ removed_at: now }).where("id", "=", item.id).execute();
    await emitQueue(tx, party.id, party.current_item_id);
  });
}


/** The audio of a queue item, for someone in the room (null: not theirs to hear). */
export async function itemAudio(db: Database, access: PartyAccess, itemId: string): Promise<{ bucket: string; path: string } | null> {
  if (access.removed || !isUuid(itemId)) return null;
  const item = await db
    .selectFrom("party_queue")
    .select(["kind", "song_id", "showcase_track_id", "submission_id"])
    .where("id", "=", itemId)
    .where("party_id", "=", access.party.id)
    // A song the host took out of the queue is no longer the room's to hear (its id went to
    // every listener in the queue events; without this a host's removed submission stayed fetchable).
    .where("removed_at", "is", null)
    .executeTakeFirst();
  if (!item) return null;
  const id = (item.song_id ?? item.showcase_track_id ?? item.submission_id)!;
  // Resolved again now: a song archived or a track hidden since it was added is not served.
  if (item.kind === "submission") {
    const row = await db.selectFrom("submissions").select(["audio_bucket", "audio_path", "status"]).where("id", "=", id).executeTakeFirst();
    return row && row.status !== "withdrawn" ? { bucket: row.audio_bucket, path: row.audio_path } : null;
  }
  const resolved = await resolveSource(db, { kind: item.kind, id }, null);
  return resolved?.audio ?? null;
}

export type SourceOption = SourceOptionView;

const SEARCH_LIMIT = 8;

/**
 * What someone in the room may add for a search: catalogue songs (the
 * catalogue's own search), showcase tracks anyone may hear, and, for the
 * host, their own submissions. Empty text: the host's submissions only.
 */
export async function searchSources(db: Database, text: string, party: { hostId: string | null }, viewerId: string): Promise<SourceOption[]> {
  const q = text.trim().slice(0, 200);
  const hostAsking = party.hostId !== null && party.hostId === viewerId;
  const like = `%${escapeLike(q.toLowerCase())}%`;
  const [catalog, showcase, submissions] = await Promise.all([
    q ? searchCatalog(db, { search: q, pageSize: SEARCH_LIMIT, sort: "relevance" }, { facets: false }) : null,
    q
      ? db
          .selectFrom("showcase_tracks as t")
          .innerJoin("profiles as p", "p.user_id", "t.user_id")
          .select(["t.id", "t.title", "p.display_name", "t.duration_seconds"])
          .where("t.hidden_at", "is", null)
          .where("p.public_profile", "=", true)
          .where("p.role", "is not", null)
          .where((eb) => eb.or([eb(sql`lower(t.title)`, "like", like), eb(sql`lower(p.display_name)`, "like", like)]))
          .orderBy("t.title")
          .limit(SEARCH_LIMIT)
          .execute()
      : [],
    hostAsking
      ? db
          .selectFrom("submissions")
          .select(["id", "title", "duration_seconds"])
          .where("member_id", "=", viewerId)
          .where("status", "<>", "withdrawn")
          .$if(Boolean(q), (qb) => qb.where(sql`lower(title)`, "like", like))
          .orderBy("created_at", "desc")
          .limit(SEARCH_LIMIT)
          .execute()
      : [],
  ]);
  return [
    ...(catalog?.songs ?? []).map((s) => ({ kind: "song" as const, id: s.id, title: s.title, artist: s.artist, durationMs: Math.round(Number(s.durationSeconds) * 1000) })),
    ...showcase.map((t) => ({ kind: "showcase" as const, id: t.id, title: t.title, artist: t.display_name ?? "", durationMs: Math.round(Number(t.duration_seconds) * 1000) })),
    ...submissions.map((s) => ({ kind: "submission" as const, id: s.id, title: s.title, artist: "Your submission", durationMs: Math.round(Number(s.duration_seconds) * 1000) })),
  ];
}
