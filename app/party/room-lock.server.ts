/**
 * The room's lock and its announcements, shared by every change to a party
 * (ADR 0092): a change locks the party row, checks who asks against the
 * locked state, writes, and emits the room's event before commit.
 */
import type { Viewer } from "~/auth/viewer";
import { isMember } from "~/auth/viewer";
import type { PartyStatus, PartyVisibility } from "~/platform/db/schema";
import { isUuid } from "~/shared/ids";
import { PARTY_TEXT } from "./constants";
import { PartyError, notFound, iso, ms, isInvited, roleOf, readQueue, type PartyRole, type Tx, type Db } from "./parties.server";
import { emitPartyEvent } from "./events.server";
import { type Timeline } from "./sync";

// ---------------------------------------------------------------------------
// Changes: each locks the room, checks, writes and announces in one transaction.

export interface Locked {
  id: string;
  host_id: string | null;
  co_host_id: string | null;
  visibility: PartyVisibility;
  status: PartyStatus;
  current_item_id: string | null;
  playing: boolean;
  position_ms: number;
  anchor_at: Date;
  host_away_since: Date | null;
  title: string;
}

export async function lockParty(tx: Tx, partyId: string): Promise<Locked> {
  if (!isUuid(partyId)) throw notFound();
  const row = await tx
    .selectFrom("parties")
    .select(["id", "host_id", "co_host_id", "visibility", "status", "current_item_id", "playing", "position_ms", "anchor_at", "host_away_since", "title"])
    .where("id", "=", partyId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export type Actor = Pick<Viewer, "id" | "role" | "displayName">;

/** The viewer may be in this (locked) room: visible to them and not removed. */
export async function requireGuest(tx: Tx, party: Locked, viewer: Actor): Promise<PartyRole> {
  if (!isMember(viewer)) throw notFound();
  const role = roleOf({ hostId: party.host_id, coHostId: party.co_host_id }, viewer.id);
  if (party.visibility === "invite" && role === "guest" && !(await isInvited(tx, party.id, viewer.id))) throw notFound();
  const listener = await tx.selectFrom("party_listeners").select("removed_at").where("party_id", "=", party.id).where("user_id", "=", viewer.id).executeTakeFirst();
  if (listener?.removed_at) throw new PartyError(PARTY_TEXT.removedFromParty, 403);
  return role;
}

export async function requireHost(tx: Tx, party: Locked, viewer: Actor): Promise<PartyRole> {
  const role = await requireGuest(tx, party, viewer);
  if (role === "guest") throw new PartyError(PARTY_TEXT.hostOnly, 403);
  // An ended party's room is its record: nothing in it changes any more.
  if (party.status === "ended") throw new PartyError(PARTY_TEXT.ended, 409);
  return role;
}

export function requireLive(party: Locked) {
  if (party.status === "ended") throw new PartyError(PARTY_TEXT.ended, 409);
  if (party.status !== "live") throw new PartyError(PARTY_TEXT.notLive, 409);
}

export function timelineOf(party: Pick<Locked, "current_item_id" | "playing" | "position_ms" | "anchor_at">): Timeline {
  return { itemId: party.current_item_id, playing: party.playing, positionMs: party.position_ms, anchorMs: ms(party.anchor_at) };
}

export async function setTimeline(tx: Tx, partyId: string, timeline: Timeline, reason: string, extra: Record<string, unknown> = {}) {
  await tx
    .updateTable("parties")
    .set({
      current_item_id: timeline.itemId,
      playing: timeline.playing,
      position_ms: Math.max(0, Math.round(timeline.positionMs)),
      anchor_at: new Date(timeline.anchorMs),
    })
    .where("id", "=", partyId)
    .execute();
  await emitPartyEvent(tx, partyId, "timeline", { timeline: { ...timeline, positionMs: Math.max(0, Math.round(timeline.positionMs)) }, reason, ...extra });
}

export async function emitQueue(tx: Tx, partyId: string, currentItemId: string | null) {
  const queue = await readQueue(tx, partyId, currentItemId);
  await emitPartyEvent(tx, partyId, "queue", { current: queue.current, upNext: queue.upNext, played: queue.played.slice(0, 50) });
}

export async function emitHosts(tx: Tx, partyId: string) {
  const row = await tx
    .selectFrom("parties as p")
    .leftJoin("profiles as h", "h.user_id", "p.host_id")
    .leftJoin("profiles as c", "c.user_id", "p.co_host_id")
    .select(["p.host_id", "h.display_name as host_name", "p.co_host_id", "c.display_name as co_host_name", "p.host_away_since"])
    .where("p.id", "=", partyId)
    .executeTakeFirstOrThrow();
  await emitPartyEvent(tx, partyId, "hosts", {
    hostId: row.host_id,
    hostName: row.host_name ?? "",
    coHostId: row.co_host_id,
    coHostName: row.co_host_name ?? null,
    hostAwaySince: iso(row.host_away_since),
  });
}

export async function displayNameOf(db: Db, userId: string, fallback = ""): Promise<string> {
  const row = await db.selectFrom("profiles").select("display_name").where("user_id", "=", userId).executeTakeFirst();
  return row?.display_name || fallback || "Member";
}
