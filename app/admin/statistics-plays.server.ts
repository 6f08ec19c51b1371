/**
 * Counting plays of catalogue songs (issue 12 §1, ADR 0079).
 *
 * The floating player reports a catalogue song once per play when 30 s of
 * listening have accumulated, or the song ended having been listened to
 * (app/player/play-tally.ts). The server counts a report unless:
 *  - the song is unknown, archived or a draft (404: only the public catalogue counts);
 *  - the same listener's play of the same song was counted less than
 *    PLAY_REPEAT_WINDOW_MS ago (200, not counted: a loop or a double report is one play);
 *  - the address or the account sent too many reports (429, the route's rate limits).
 * A listener is the signed-in account ("user:<id>") or, for an anonymous
 * visitor of the public catalogue, an HMAC of the network address
 * ("addr:<hex>", never the address in clear).
 */
import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "~/platform/db/schema";
import type { RateLimitRule } from "~/platform/rate-limit.server";
import { getRuntime } from "~/platform/runtime.server";

type Executor = Kysely<DB>;

/** A replay of the same song by the same listener within this window is the same play. */
export const PLAY_REPEAT_WINDOW_MS = 30 * 60_000;

export const PLAY_LIMITS = {
  /** Reports from one network address (an office or a campus shares one): each needs 30 s of listening. */
  perAddress: { name: "song-play:address", limit: 600, windowMs: 60 * 60_000, message: "Too many play reports." },
  /** Reports from one account: one a song every 30 s is 120 an hour. */
  perListener: { name: "song-play:listener", limit: 150, windowMs: 60 * 60_000, message: "Too many play reports." },
} as const satisfies Record<string, RateLimitRule>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The listener key of an anonymous visitor: an HMAC of the address with a key derived from the session secret. */
export function anonymousListenerKey(address: string, secret = getRuntime().sessionSecret): string {
  const key = crypto.createHmac("sha256", secret).update("hit-factory:song-play-address/v1").digest();
  return `addr:${crypto.createHmac("sha256", key).update(address).digest("hex")}`;
}

export function userListenerKey(userId: string): string {
  return `user:${userId}`;
}

export type PlayOutcome = "counted" | "repeat" | "not-found";

export interface PlayReport {
  songId: string;
  listenerId: string | null;
  listenerKey: string;
  now?: Date;
}

/**
 * Counts one play if the song is in the catalogue and the listener did not
 * play it within the repeat window. A transaction-scoped advisory lock on
 * (listener, song) serialises two reports racing each other on PostgreSQL, so
 * the window holds under concurrency too.
 */
export async function recordPlay(db: Executor, report: PlayReport): Promise<PlayOutcome> {
  if (!UUID.test(report.songId)) return "not-found";
  const now = report.now ?? new Date();
  return db.transaction().execute(async (tx) => {
    const song = await tx.selectFrom("songs").select("status").where("id", "=", report.songId).executeTakeFirst();
    if (!song || song.status !== "catalogue") return "not-found";
    await sql`select pg_advisory_xact_lock(hashtextextended(${`song-play:${report.listenerKey}:${report.songId}`}, 0))`.execute(tx);
    const since = new Date(now.getTime() - PLAY_REPEAT_WINDOW_MS);
    const recent = await tx
      .selectFrom("song_plays")
      .select("id")
      .where("listener_key", "=", report.listenerKey)
      .where("song_id", "=", report.songId)
      .where("played_at", ">", since)
      .limit(1)
      .executeTakeFirst();
    if (recent) return "repeat";
    await tx
      .insertInto("song_plays")
      .values({ song_id: report.songId, listener_id: report.listenerId, listener_key: report.listenerKey, played_at: now })
      .execute();
    return "counted";
  });
}
