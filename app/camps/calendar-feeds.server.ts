/**
 * A member's private calendar subscription (ADR 0088): /calendar/feed/<token>.
 *
 * The token is the only key (the feed reads no session: calendar programs
 * have none). It is `HMAC-SHA256(key, seed)` in base64url (43 characters),
 * the key derived from the server's session secret for this use alone, the
 * seed 32 random bytes made for each link. The database keeps the seed and
 * the token's SHA-256: the feed finds its row by the hash, and the member's
 * own page derives the token again from the seed to show the link (so it can
 * be copied again later), which nothing else ever does. The table alone
 * opens no feed; rotating the session secret retires every link (the page
 * then offers a new one).
 *
 * One live link per member: replacing writes a new seed and hash over the
 * row (the old token matches nothing from that statement on), revoking
 * deletes it.
 */
import crypto from "node:crypto";
import { sql } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import type { RateLimitRule } from "~/platform/rate-limit.server";
import { getRuntime } from "~/platform/runtime.server";

/** A token as this module makes them: 43 base64url characters (256 bits). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const CALENDAR_FEED_LIMITS = {
  /**
   * Well-formed tokens that match nothing, per network address. Nobody guesses
   * a 256-bit token; this keeps the noise (and the lookups) down. Checked before
   * the lookup, so a calendar service polling many revoked links from one
   * address may be told to wait: harmless, its links are dead anyway.
   */
  unknownTokens: { name: "calendar-feed-token:address", limit: 60, windowMs: 15 * 60_000, message: "Too many unknown calendar links." },
  /** Fetches of one live link: calendar apps poll every few minutes to hours; a leaked link cannot be made a load generator. */
  fetchesPerFeed: { name: "calendar-feed:member", limit: 120, windowMs: 60 * 60_000, message: "This calendar link is fetched too often." },
} as const satisfies Record<string, RateLimitRule>;

const sha256Hex = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

function feedKey(secret = getRuntime().sessionSecret): Buffer {
  return crypto.createHmac("sha256", secret).update("hit-factory:calendar-feed/v1").digest();
}

/** The token of a seed under the current secret. */
export function tokenForSeed(seed: string, secret?: string): string {
  return crypto.createHmac("sha256", feedKey(secret)).update(seed).digest("base64url");
}

/** Whether a path segment could be a token ("<token>" or "<token>.ics"); returns the token. */
export function parseFeedSegment(segment: string | undefined): string | null {
  if (!segment) return null;
  const token = segment.endsWith(".ics") ? segment.slice(0, -4) : segment;
  return TOKEN_SHAPE.test(token) ? token : null;
}

export const feedPath = (token: string) => `/calendar/feed/${token}.ics`;

export interface MemberFeed {
  token: string;
  createdAt: string;
  lastFetchedAt: string | null;
}

/**
 * The member's live link, or null (none, or one made under a secret since
 * rotated: its token no longer matches its hash, so it opens nothing).
 */
export async function getMemberFeed(db: Database, memberId: string): Promise<MemberFeed | null> {
  const row = await db
    .selectFrom("calendar_feeds")
    .select(["seed", "token_hash", "created_at", "last_fetched_at"])
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  if (!row) return null;
  const token = tokenForSeed(row.seed);
  if (sha256Hex(token) !== row.token_hash) return null;
  return {
    token,
    createdAt: new Date(row.created_at).toISOString(),
    lastFetchedAt: row.last_fetched_at ? new Date(row.last_fetched_at).toISOString() : null,
  };
}

/** Makes the member's link, or replaces it (the old token stops matching in the same statement). Returns the new token. */
export async function issueMemberFeed(db: Database, memberId: string, now = new Date()): Promise<{ token: string; replaced: boolean }> {
  const seed = crypto.randomBytes(32).toString("base64url");
  const token = tokenForSeed(seed);
  const row = await db
    .insertInto("calendar_feeds")
    .values({ member_id: memberId, seed, token_hash: sha256Hex(token), created_at: now, last_fetched_at: null })
    .onConflict((oc) =>
      oc.column("member_id").doUpdateSet({ seed, token_hash: sha256Hex(token), created_at: now, last_fetched_at: null }),
    )
    // xmax is 0 for a fresh insert, the old row's transaction id for an update.
    .returning(sql<boolean>`(xmax <> 0)`.as("replaced"))
    .executeTakeFirstOrThrow();
  return { token, replaced: row.replaced };
}

/** Deletes the member's link; whether there was one. */
export async function revokeMemberFeed(db: Database, memberId: string): Promise<boolean> {
  const result = await db.deleteFrom("calendar_feeds").where("member_id", "=", memberId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The member whose live link this token is, or null. The owner must still be
 * let in by the member guard: a membership ended or an account suspended
 * stops the link too (it comes back with the account). Notes the fetch (at
 * most once a minute).
 */
export async function findFeedMember(db: Database, token: string, now = new Date()): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await db
    .selectFrom("calendar_feeds as f")
    .innerJoin("profiles as p", "p.user_id", "f.member_id")
    .select(["f.member_id", "f.seed", "f.last_fetched_at"])
    .where("f.token_hash", "=", sha256Hex(token))
    .where((eb) => eb.or([eb("p.role", "in", ["accepted_member", "accepted_ar", "admin"]), eb("p.is_admin", "=", true)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("account_suspensions as s")
            .select("s.user_id")
            .whereRef("s.user_id", "=", "f.member_id")
            .where((eb) => eb.or([eb("s.ends_at", "is", null), eb("s.ends_at", ">", now)])),
        ),
      ),
    )
    .executeTakeFirst();
  // The row must also be this server's: a link made under a rotated secret is dead.
  if (!row || tokenForSeed(row.seed) !== token) return null;
  const last = row.last_fetched_at ? new Date(row.last_fetched_at).getTime() : 0;
  if (now.getTime() - last > 60_000) {
    await db.updateTable("calendar_feeds").set({ last_fetched_at: now }).where("member_id", "=", row.member_id).where("token_hash", "=", sha256Hex(token)).execute();
  }
  return row.member_id;
}
