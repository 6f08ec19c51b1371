/**
 * Who is in a room, as far as this server instance knows (ADR 0092).
 *
 * A person is "listening" while one of their event streams is open on some
 * instance. Each instance counts the streams it holds and, for all of them at
 * once, refreshes `party_listeners.last_seen_at` every PARTY_HEARTBEAT_MS:
 * one statement per room per beat, not one per listener. When someone's last
 * stream here closes, they leave after HOST_GRACE_MS unless they came back
 * (a reload, a flaky network); an instance that dies simply stops refreshing
 * and its listeners go stale after LISTENER_STALE_MS. The same interval runs
 * the sweeper (app/party/playback.server.ts) that moves a room on when its
 * song runs out and covers for a host who left.
 *
 * Kept on globalThis: server.ts and the Remix bundle are two module graphs.
 */
import type { Database } from "~/platform/db/connect.server";
import { HOST_GRACE_MS, PARTY_HEARTBEAT_MS } from "./constants";
import { sweepParties } from "./playback.server";
import { leaveParty, touchListeners } from "./room.server";

/** How often each instance looks for rooms whose song ran out or whose host is gone. */
export const PARTY_SWEEP_MS = 1_000;

interface Presence {
  db: Database;
  /** partyId -> userId -> open streams on this instance. */
  streams: Map<string, Map<string, number>>;
  timers: Set<ReturnType<typeof setTimeout>>;
  stopped: boolean;
}

const KEY = Symbol.for("hit-factory.party-presence");
type Holder = { [KEY]?: Presence };

function presenceFor(db: Database): Presence {
  const holder = globalThis as Holder;
  if (!holder[KEY] || holder[KEY].db !== db) holder[KEY] = { db, streams: new Map(), timers: new Set(), stopped: false };
  return holder[KEY];
}

const logError = (what: string) => (error: unknown) => console.error(`[party] ${what}: ${(error as Error).message}`);

/** An event stream of `userId` opened here. */
export function streamOpened(db: Database, partyId: string, userId: string): void {
  const presence = presenceFor(db);
  const room = presence.streams.get(partyId) ?? new Map<string, number>();
  room.set(userId, (room.get(userId) ?? 0) + 1);
  presence.streams.set(partyId, room);
}

/** One of their streams closed: they leave after a grace period unless another opens meanwhile. */
export function streamClosed(db: Database, partyId: string, userId: string): void {
  const presence = presenceFor(db);
  const room = presence.streams.get(partyId);
  const left = (room?.get(userId) ?? 1) - 1;
  if (room && left > 0) {
    room.set(userId, left);
    return;
  }
  room?.delete(userId);
  if (room && room.size === 0) presence.streams.delete(partyId);
  if (presence.stopped) return;
  const timer = setTimeout(() => {
    presence.timers.delete(timer);
    if (presence.streams.get(partyId)?.has(userId)) return;
    leaveParty(presence.db, userId, partyId).catch(logError("leaving"));
  }, HOST_GRACE_MS);
  timer.unref?.();
  presence.timers.add(timer);
}

/** Refreshes everyone with a stream open here (one statement per room). */
export async function refreshPresence(db: Database, now = new Date()): Promise<void> {
  const presence = presenceFor(db);
  await Promise.all([...presence.streams].map(([partyId, users]) => touchListeners(db, partyId, [...users.keys()], now)));
}

/** Starts this instance's heartbeat and sweeper; returns the function that stops both. */
export function startPartyHousekeeping(db: Database, options: { sweepMs?: number; heartbeatMs?: number } = {}): () => void {
  const presence = presenceFor(db);
  presence.stopped = false;
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepParties(db)
      .catch(logError("sweeping"))
      .finally(() => {
        sweeping = false;
      });
  }, options.sweepMs ?? PARTY_SWEEP_MS);
  const beat = setInterval(() => void refreshPresence(db).catch(logError("refreshing presence")), options.heartbeatMs ?? PARTY_HEARTBEAT_MS);
  sweep.unref?.();
  beat.unref?.();
  return () => {
    presence.stopped = true;
    clearInterval(sweep);
    clearInterval(beat);
    for (const timer of presence.timers) clearTimeout(timer);
    presence.timers.clear();
  };
}
