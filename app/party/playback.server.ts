/**
 * The host's timeline (issue 14 §2, ADR 0092): play, pause, seek, skip, the
 * song that runs out, and the sweeper that covers for an absent host.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import { HOST_TAKEOVER_MS, LISTENER_STALE_MS, PARTY_TEXT } from "./constants";
import { PartyError, ms, type Tx } from "./parties.server";
import { lockParty, requireHost, requireLive, timelineOf, setTimeline, emitQueue, emitHosts, type Locked, type Actor } from "./room-lock.server";
import { finishParty } from "./room.server";
import { positionAt, type Timeline } from "./sync";

/** How long a live room may have neither host nor listener before it ends by itself. */
export const ABANDONED_ROOM_MS = 30 * 60_000;

async function anyonePresent(tx: Tx, partyId: string, stale: Date): Promise<boolean> {
  const row = await tx
    .selectFrom("party_listeners")
    .select("user_id")
    .where("party_id", "=", partyId)
    .where("left_at", "is", null)
    .where("removed_at", "is", null)
    .where("last_seen_at", ">", stale)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

// -- Playback (the host's timeline) ------------------------------------------------

export type PlaybackCommand =
  | { kind: "play" }
  | { kind: "pause" }
  | { kind: "seek"; positionMs: number }
  | { kind: "skip" }
  /** The host's player reached the end of `itemId` (ignored when the room has moved on). */
  | { kind: "ended"; itemId: string };

/** Starts the next waiting song (or stops when none is left). */
async function advance(tx: Tx, party: Locked, now: Date, reason: string, keepPlaying: boolean) {
  const next = await tx
    .selectFrom("party_queue")
    .select(["id"])
    .where("party_id", "=", party.id)
    .where("removed_at", "is", null)
    .where("started_at", "is", null)
    .orderBy("position")
    .limit(1)
    .executeTakeFirst();
  if (next) await tx.updateTable("party_queue").set({ started_at: now }).where("id", "=", next.id).execute();
  const timeline: Timeline = { itemId: next?.id ?? null, playing: Boolean(next) && keepPlaying, positionMs: 0, anchorMs: now.getTime() };
  await setTimeline(tx, party.id, timeline, next ? reason : "queue-ended");
  await emitQueue(tx, party.id, timeline.itemId);
  return timeline;
}

async function currentDuration(tx: Tx, party: Locked): Promise<number | undefined> {
  if (!party.current_item_id) return undefined;
  const row = await tx.selectFrom("party_queue").select("duration_ms").where("id", "=", party.current_item_id).executeTakeFirst();
  return row?.duration_ms;
}

/** The host plays, pauses, seeks and skips for everyone. Returns the new timeline. */
export async function controlPlayback(db: Database, viewer: Actor, partyId: string, command: PlaybackCommand, now = new Date()): Promise<Timeline> {
  return db.transaction().execute(async (tx) => {
    const party = await lockParty(tx, partyId);
    await requireHost(tx, party, viewer);
    requireLive(party);
    const nowMs = now.getTime();
    const duration = await currentDuration(tx, party);
    const here = positionAt(timelineOf(party), nowMs, duration);
    switch (command.kind) {
      case "play": {
        if (!party.current_item_id) {
          const started = await advance(tx, party, now, "play", true);
          if (!started.itemId) throw new PartyError(PARTY_TEXT.nothingToPlay, 409);
          return started;
        }
        if (party.playing) return timelineOf(party);
        // Play from where it paused (or from the start of a song heard to its end).
        const from = duration !== undefined && here >= duration ? 0 : here;
        const timeline = { itemId: party.current_item_id, playing: true, positionMs: from, anchorMs: nowMs };
        await tx.updateTable("parties").set({ host_away_since: null }).where("id", "=", party.id).execute();
        await setTimeline(tx, party.id, timeline, "play");
        return timeline;
      }
      case "pause": {
        if (!party.playing) return timelineOf(party);
        const timeline = { itemId: party.current_item_id, playing: false, positionMs: here, anchorMs: nowMs };
        await setTimeline(tx, party.id, timeline, "pause");
        return timeline;
      }
      case "seek": {
        if (!party.current_item_id) throw new PartyError(PARTY_TEXT.nothingToPlay, 409);
        const to = Math.max(0, Math.min(command.positionMs, duration ?? command.positionMs));
        const timeline = { itemId: party.current_item_id, playing: party.playing, positionMs: to, anchorMs: nowMs };
        await setTimeline(tx, party.id, timeline, "seek");
        return timeline;
      }
      case "skip":
        return advance(tx, party, now, "skip", party.playing || !party.current_item_id);
      case "ended": {
        if (command.itemId !== party.current_item_id || !party.playing || duration === undefined || here < duration - 1_500) return timelineOf(party);
        return advance(tx, party, now, "advance", true);
      }
    }
  });
}


// -- The host's absence and the room's clock (run by every instance's sweeper) -------

/**
 * What no single request does: a song that ran out moves the room on, a host
 * gone quiet pauses it, a co-host takes over at once and otherwise the
 * longest-present member after HOST_TAKEOVER_MS; a room nobody has been in
 * for ABANDONED_ROOM_MS ends with its outcome. Each room is changed under
 * its row lock with its state re-read, so several instances sweeping at once
 * do each change once. Returns the number of rooms changed.
 */
export async function sweepParties(db: Database, now = new Date()): Promise<number> {
  const nowMs = now.getTime();
  const stale = new Date(nowMs - LISTENER_STALE_MS);
  const candidates = await db
    .selectFrom("parties as p")
    .leftJoin("party_queue as q", "q.id", "p.current_item_id")
    .leftJoin("party_listeners as l", (join) => join.onRef("l.party_id", "=", "p.id").onRef("l.user_id", "=", "p.host_id"))
    .select(["p.id"])
    .where("p.status", "=", "live")
    .where((eb) =>
      eb.or([
        // A song that has run out.
        eb.and([eb("p.playing", "=", true), eb(sql`p.anchor_at + ((q.duration_ms - p.position_ms) * interval '1 millisecond')`, "<=", now)]),
        // A host who is not there (no stream, or silent), or no host at all.
        eb("p.host_id", "is", null),
        eb("l.user_id", "is", null),
        eb("l.left_at", "is not", null),
        eb("l.last_seen_at", "<", stale),
      ]),
    )
    .execute();
  let changed = 0;
  for (const { id } of candidates) {
    const did = await db.transaction().execute(async (tx) => {
      const party = await lockParty(tx, id);
      if (party.status !== "live") return false;
      let acted = false;
      const duration = await currentDuration(tx, party);
      if (party.playing && duration !== undefined && positionAt(timelineOf(party), nowMs) >= duration) {
        const next = await advance(tx, party, now, "advance", true);
        Object.assign(party, { current_item_id: next.itemId, playing: next.playing, position_ms: next.positionMs, anchor_at: new Date(next.anchorMs) });
        acted = true;
      }
      const present = async (userId: string | null) => {
        if (!userId) return false;
        const row = await tx.selectFrom("party_listeners").select(["left_at", "last_seen_at", "removed_at"]).where("party_id", "=", party.id).where("user_id", "=", userId).executeTakeFirst();
        return Boolean(row && !row.left_at && !row.removed_at && ms(row.last_seen_at) > stale.getTime());
      };
      if (await present(party.host_id)) {
        // Back (their stream's heartbeat found them again): the room is theirs again.
        if (party.host_away_since) {
          await tx.updateTable("parties").set({ host_away_since: null }).where("id", "=", party.id).execute();
          await emitHosts(tx, party.id);
          acted = true;
        }
        return acted;
      }
      // The host is away: pause for everyone (once), and hand over.
      if (!party.host_away_since) {
        await tx.updateTable("parties").set({ host_away_since: now }).where("id", "=", party.id).execute();
        party.host_away_since = now;
        if (party.playing) await setTimeline(tx, party.id, { ...timelineOf(party), playing: false, positionMs: positionAt(timelineOf(party), nowMs, duration), anchorMs: nowMs }, "host-away");
        await emitHosts(tx, party.id);
        acted = true;
      }
      // A room nobody has been in for a long while ends by itself, its outcome saved (so the sweep stays small).
      if (nowMs - ms(party.host_away_since) >= ABANDONED_ROOM_MS && !(await anyonePresent(tx, party.id, stale))) {
        await finishParty(tx, party, now);
        return true;
      }
      let successor: string | null = null;
      if (await present(party.co_host_id)) successor = party.co_host_id;
      else if (nowMs - ms(party.host_away_since) >= HOST_TAKEOVER_MS) {
        const next = await tx
          .selectFrom("party_listeners as l")
          .innerJoin("profiles as p", "p.user_id", "l.user_id")
          .select("l.user_id")
          .where("l.party_id", "=", party.id)
          .where("l.left_at", "is", null)
          .where("l.removed_at", "is", null)
          .where("l.last_seen_at", ">", stale)
          .where("p.role", "is not", null)
          .$if(party.host_id !== null, (qb) => qb.where("l.user_id", "<>", party.host_id!))
          .orderBy("l.joined_at")
          .limit(1)
          .executeTakeFirst();
        successor = next?.user_id ?? null;
      }
      if (successor) {
        await tx
          .updateTable("parties")
          .set({ host_id: successor, co_host_id: successor === party.co_host_id ? null : party.co_host_id, host_away_since: null })
          .where("id", "=", party.id)
          .execute();
        await emitHosts(tx, party.id);
        acted = true;
      }
      return acted;
    });
    if (did) changed += 1;
  }
  return changed;
}
