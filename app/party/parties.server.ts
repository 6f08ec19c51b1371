/**
 * The listening party's rooms (issue 14, ADR 0092): who may see and join a
 * party, what its room holds, and every change to it.
 *
 * Every change runs in one transaction that first locks the party's row
 * (`lockParty`), checks who is asking against the locked state, writes, and
 * emits the room's event (app/party/events.server.ts) before commit: two
 * hosts' clicks, or a click racing the sweeper, are applied one after the
 * other and reach every browser in that order. Nothing is kept in a server's
 * memory: any instance can answer any request of any room.
 */
import { sql, type Transaction } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { isMember } from "~/auth/viewer";
import type { Database } from "~/platform/db/connect.server";
import type { DB, PartyItemKind, PartyRating, PartyStatus, PartyVisibility } from "~/platform/db/schema";
import { isUuid } from "~/shared/ids";
import type { ListenerView, MessageView, QueueItemView, ResultView } from "./room-state";
import {
  HOST_TAKEOVER_MS,
  LISTENER_STALE_MS,
  PARTY_CHAT_MAX,
  PARTY_GUEST_WAITING_MAX,
  PARTY_INVITES_MAX,
  PARTY_MESSAGES_SHOWN,
  PARTY_QUEUE_MAX,
  PARTY_REACTIONS,
  PARTY_TEXT,
  type PartyReaction,
} from "./constants";
import { type Timeline } from "./sync";

export type Tx = Transaction<DB>;
export type Db = Database | Tx;

/** A refusal the routes show next to the form (status: 403, 404, 409...). */
export class PartyError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "PartyError";
  }
}

export const notFound = () => new PartyError(PARTY_TEXT.notFound, 404);

// ---------------------------------------------------------------------------
// Views

export interface PartyRow {
  id: string;
  title: string;
  hostId: string | null;
  hostName: string;
  coHostId: string | null;
  coHostName: string | null;
  visibility: PartyVisibility;
  status: PartyStatus;
  scheduledFor: string | null;
  startedAt: string | null;
  endedAt: string | null;
  briefId: string | null;
  briefTitle: string | null;
  campId: string | null;
  campName: string | null;
  timeline: Timeline;
  hostAwaySince: string | null;
  seq: number;
}

export type PartyRole = "host" | "cohost" | "guest";

export interface PartyAccess {
  party: PartyRow;
  role: PartyRole;
  /** The host removed this person: they see why, and nothing else. */
  removed: boolean;
}

/** What the page and the room's events carry (app/party/room-state.ts, browser-safe, defines them once). */
export type QueueItem = QueueItemView;
export type ChatMessage = MessageView;
export type Listener = ListenerView;

export type PartyResultView = ResultView;

export interface RoomSnapshot {
  party: PartyRow;
  role: PartyRole;
  /** The song playing (or paused on), if any. */
  current: QueueItem | null;
  /** What plays next, in order. */
  upNext: QueueItem[];
  /** What the room has heard, newest first. */
  played: QueueItem[];
  messages: ChatMessage[];
  listeners: Listener[];
  /** The viewer's own ratings by item (others' stay hidden until the party ends). */
  myRatings: Record<string, PartyRating>;
  results: PartyResultView[];
  serverNowMs: number;
}

export const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
export const ms = (value: Date | string) => new Date(value).getTime();

function partyQuery(db: Db) {
  return db
    .selectFrom("parties as p")
    .leftJoin("profiles as h", "h.user_id", "p.host_id")
    .leftJoin("profiles as c", "c.user_id", "p.co_host_id")
    .leftJoin("briefs as b", "b.id", "p.brief_id")
    .leftJoin("camps as k", "k.id", "p.camp_id")
    .select([
      "p.id",
      "p.title",
      "p.host_id",
      "h.display_name as host_name",
      "p.co_host_id",
      "c.display_name as co_host_name",
      "p.visibility",
      "p.status",
      "p.scheduled_for",
      "p.started_at",
      "p.ended_at",
      "p.brief_id",
      "b.title as brief_title",
      "p.camp_id",
      "k.name as camp_name",
      "p.current_item_id",
      "p.playing",
      "p.position_ms",
      "p.anchor_at",
      "p.host_away_since",
      "p.event_seq",
    ]);
}

type PartyQueryRow = Awaited<ReturnType<ReturnType<typeof partyQuery>["executeTakeFirstOrThrow"]>>;

function toPartyRow(row: PartyQueryRow): PartyRow {
  return {
    id: row.id,
    title: row.title,
    hostId: row.host_id,
    hostName: row.host_name ?? "",
    coHostId: row.co_host_id,
    coHostName: row.co_host_name ?? null,
    visibility: row.visibility,
    status: row.status,
    scheduledFor: iso(row.scheduled_for),
    startedAt: iso(row.started_at),
    endedAt: iso(row.ended_at),
    briefId: row.brief_id,
    briefTitle: row.brief_title ?? null,
    campId: row.camp_id,
    campName: row.camp_name ?? null,
    timeline: { itemId: row.current_item_id, playing: row.playing, positionMs: row.position_ms, anchorMs: ms(row.anchor_at) },
    hostAwaySince: iso(row.host_away_since),
    seq: Number(row.event_seq),
  };
}

export async function isInvited(db: Db, partyId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom("party_invitations").select("user_id").where("party_id", "=", partyId).where("user_id", "=", userId).executeTakeFirst();
  return Boolean(row);
}

export function roleOf(party: Pick<PartyRow, "hostId" | "coHostId">, viewerId: string): PartyRole {
  if (party.hostId === viewerId) return "host";
  if (party.coHostId === viewerId) return "cohost";
  return "guest";
}

/**
 * The party as this viewer may see it, or null (a 404: unknown, or
 * invite-only and not for them). Members see every members' party; an
 * invite-only party only its host, co-host and the people invited.
 */
export async function partyForViewer(db: Db, viewer: Pick<Viewer, "id" | "role"> | null, partyId: string): Promise<PartyAccess | null> {
  if (!viewer || !isMember(viewer) || !isUuid(partyId)) return null;
  const row = await partyQuery(db).where("p.id", "=", partyId).executeTakeFirst();
  if (!row) return null;
  const party = toPartyRow(row);
  const role = roleOf(party, viewer.id);
  if (party.visibility === "invite" && role === "guest" && !(await isInvited(db, party.id, viewer.id))) return null;
  const listener = await db
    .selectFrom("party_listeners")
    .select("removed_at")
    .where("party_id", "=", party.id)
    .where("user_id", "=", viewer.id)
    .executeTakeFirst();
  return { party, role, removed: Boolean(listener?.removed_at) };
}

export interface PartySummary {
  id: string;
  title: string;
  hostName: string;
  status: PartyStatus;
  visibility: PartyVisibility;
  scheduledFor: string | null;
  startedAt: string | null;
  endedAt: string | null;
  listeners: number;
  nowPlaying: string | null;
  briefTitle: string | null;
  campName: string | null;
}

export interface PartyLists {
  live: PartySummary[];
  upcoming: PartySummary[];
  past: PartySummary[];
}

/**
 * /party: live, upcoming and recent parties. Visitors and people still
 * applying see the members' parties that are on (so they know what they
 * would join); members also see the past ones, and invite-only parties
 * reach only their host, co-host and guests.
 */
export async function listParties(db: Database, viewer: Pick<Viewer, "id" | "role"> | null, now = new Date()): Promise<PartyLists> {
  const member = isMember(viewer);
  const stale = new Date(now.getTime() - LISTENER_STALE_MS);
  let query = db
    .selectFrom("parties as p")
    .leftJoin("profiles as h", "h.user_id", "p.host_id")
    .leftJoin("party_queue as q", "q.id", "p.current_item_id")
    .leftJoin("briefs as b", "b.id", "p.brief_id")
    .leftJoin("camps as k", "k.id", "p.camp_id")
    .select([
      "p.id",
      "p.title",
      "h.display_name as host_name",
      "p.status",
      "p.visibility",
      "p.scheduled_for",
      "p.started_at",
      "p.ended_at",
      "q.title as now_playing",
      "b.title as brief_title",
      "k.name as camp_name",
      (eb) =>
        eb
          .selectFrom("party_listeners as l")
          .select(sql<number>`count(*)::int`.as("n"))
          .whereRef("l.party_id", "=", "p.id")
          .where("l.left_at", "is", null)
          .where("l.removed_at", "is", null)
          .where("l.last_seen_at", ">", stale)
          .as("listeners"),
    ]);
  if (!member || !viewer) {
    query = query.where("p.visibility", "=", "members").where("p.status", "<>", "ended");
  } else {
    const viewerId = viewer.id;
    query = query.where((eb) =>
      eb.or([
        eb("p.visibility", "=", "members"),
        eb("p.host_id", "=", viewerId),
        eb("p.co_host_id", "=", viewerId),
        eb.exists(eb.selectFrom("party_invitations as i").select("i.user_id").whereRef("i.party_id", "=", "p.id").where("i.user_id", "=", viewerId)),
      ]),
    );
  }
  // Live and upcoming first, so past parties can never push them off the page.
  const rows = await query
    .orderBy(sql`case p.status when 'live' then 0 when 'scheduled' then 1 else 2 end`)
    .orderBy(sql`coalesce(p.ended_at, p.started_at, p.scheduled_for)`, "desc")
    .limit(200)
    .execute();
  const lists: PartyLists = { live: [], upcoming: [], past: [] };
  for (const row of rows) {
    const summary: PartySummary = {
      id: row.id,
      title: row.title,
      hostName: row.host_name ?? "",
      status: row.status,
      visibility: row.visibility,
      scheduledFor: iso(row.scheduled_for),
      startedAt: iso(row.started_at),
      endedAt: iso(row.ended_at),
      listeners: Number(row.listeners ?? 0),
      nowPlaying: row.now_playing ?? null,
      briefTitle: row.brief_title ?? null,
      campName: row.camp_name ?? null,
    };
    if (row.status === "live") lists.live.push(summary);
    else if (row.status === "scheduled") lists.upcoming.push(summary);
    else if (lists.past.length < 20) lists.past.push(summary);
  }
  lists.upcoming.sort((a, b) => ms(a.scheduledFor!) - ms(b.scheduledFor!));
  return lists;
}

export function toQueueItem(row: {
  id: string;
  kind: PartyItemKind;
  song_id: string | null;
  showcase_track_id: string | null;
  submission_id: string | null;
  title: string;
  artist: string;
  duration_ms: number;
  added_by: string | null;
  added_by_name: string;
  round: number;
  position: number;
  started_at: Date | null;
}): QueueItem {
  return {
    id: row.id,
    kind: row.kind,
    sourceId: (row.song_id ?? row.showcase_track_id ?? row.submission_id)!,
    title: row.title,
    artist: row.artist,
    durationMs: row.duration_ms,
    addedById: row.added_by,
    addedBy: row.added_by_name,
    round: row.round,
    position: row.position,
    startedAt: iso(row.started_at),
  };
}

const QUEUE_COLUMNS = [
  "id",
  "kind",
  "song_id",
  "showcase_track_id",
  "submission_id",
  "title",
  "artist",
  "duration_ms",
  "added_by",
  "added_by_name",
  "round",
  "position",
  "started_at",
] as const;

/** The room's queue: what plays next in order, and what it has heard (newest first). */
export async function readQueue(db: Db, partyId: string, currentItemId: string | null) {
  const rows = await db.selectFrom("party_queue").select(QUEUE_COLUMNS).where("party_id", "=", partyId).where("removed_at", "is", null).execute();
  const items = rows.map(toQueueItem);
  const current = items.find((item) => item.id === currentItemId) ?? null;
  const upNext = items.filter((item) => item.startedAt === null && item.id !== currentItemId).sort((a, b) => a.position - b.position);
  const played = items
    .filter((item) => item.startedAt !== null && item.id !== currentItemId)
    .sort((a, b) => ms(b.startedAt!) - ms(a.startedAt!));
  return { current, upNext, played };
}

export async function readMessages(db: Db, partyId: string): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom("party_messages")
    .select(["id", "user_id", "display_name", "kind", "body", "created_at"])
    .where("party_id", "=", partyId)
    .where("removed_at", "is", null)
    .orderBy("created_at", "desc")
    .limit(PARTY_MESSAGES_SHOWN)
    .execute();
  return rows.reverse().map((r) => ({ id: r.id, userId: r.user_id, name: r.display_name, kind: r.kind, body: r.body, at: iso(r.created_at)! }));
}

export function toListener(row: { user_id: string; display_name: string; playback: "ready" | "buffering"; left_at: Date | null; last_seen_at: Date; removed_at: Date | null }, now: Date): Listener {
  const present = !row.removed_at && !row.left_at && ms(row.last_seen_at) > now.getTime() - LISTENER_STALE_MS;
  return { userId: row.user_id, name: row.display_name, playback: row.playback, present };
}

export async function readListeners(db: Db, partyId: string, now = new Date()): Promise<Listener[]> {
  const rows = await db
    .selectFrom("party_listeners")
    .select(["user_id", "display_name", "playback", "left_at", "last_seen_at", "removed_at"])
    .where("party_id", "=", partyId)
    .where("removed_at", "is", null)
    .orderBy("joined_at")
    .execute();
  return rows.map((row) => toListener(row, now)).filter((l) => l.present);
}

export async function readResults(db: Db, partyId: string): Promise<PartyResultView[]> {
  const rows = await db
    .selectFrom("party_results as r")
    .innerJoin("party_queue as q", "q.id", "r.item_id")
    .select(["r.item_id", "r.rank", "r.keepers", "r.maybes", "r.passes", "r.score", "r.shortlisted", "q.title", "q.artist", "q.kind", "q.song_id", "q.showcase_track_id", "q.submission_id"])
    .where("r.party_id", "=", partyId)
    .orderBy("r.rank")
    .execute();
  return rows.map((r) => ({
    itemId: r.item_id,
    rank: r.rank,
    title: r.title,
    artist: r.artist,
    kind: r.kind,
    sourceId: (r.song_id ?? r.showcase_track_id ?? r.submission_id)!,
    keepers: r.keepers,
    maybes: r.maybes,
    passes: r.passes,
    score: r.score,
    shortlisted: r.shortlisted,
  }));
}

/** Everything the room page shows, read at one moment (with the event seq it is current to). */
export async function roomSnapshot(db: Database, access: PartyAccess, viewerId: string, now = new Date()): Promise<RoomSnapshot> {
  const { party } = access;
  const [queue, messages, listeners, ratings, results] = await Promise.all([
    readQueue(db, party.id, party.timeline.itemId),
    readMessages(db, party.id),
    readListeners(db, party.id, now),
    db.selectFrom("party_ratings").select(["item_id", "rating"]).where("party_id", "=", party.id).where("user_id", "=", viewerId).execute(),
    party.status === "ended" ? readResults(db, party.id) : Promise.resolve([]),
  ]);
  return {
    party,
    role: access.role,
    ...queue,
    messages,
    listeners,
    myRatings: Object.fromEntries(ratings.map((r) => [r.item_id, r.rating])),
    results,
    serverNowMs: now.getTime(),
  };
}


// -- After the party -----------------------------------------------------------------

/**
 * An A&R takes the party's shortlist into a new shortlist of their own: the
 * shortlisted catalogue songs in the room's order, each noted with the room's
 * verdict. Showcase tracks and submissions cannot be pitched from a
 * shortlist, so they stay on the party's page.
 */
export async function catalogueSongsOfOutcome(db: Database, partyId: string): Promise<{ songId: string; note: string }[]> {
  const results = await readResults(db, partyId);
  return results
    .filter((r) => r.shortlisted && r.kind === "song")
    .map((r) => ({ songId: r.sourceId, note: `Party rank ${r.rank}: ${r.keepers} keeper, ${r.maybes} maybe, ${r.passes} pass` }));
}


/** The viewer's own time zone (profile setting), for the times a page shows. */
export async function viewerZone(db: Database, userId: string | undefined): Promise<string> {
  if (!userId) return "UTC";
  const row = await db.selectFrom("profiles").select("time_zone").where("user_id", "=", userId).executeTakeFirst();
  return row?.time_zone || "UTC";
}
