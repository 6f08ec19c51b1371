/**
 * Abuse limits kept in Postgres (public.rate_limits), so they hold across
 * server instances and restarts. Each rule is a fixed window counter per
 * subject (an account, an address, a recipient), stored as a hash.
 *
 * Every attempt is counted atomically with `consume` before it is evaluated,
 * so a burst of parallel requests cannot slip past the limit between a check
 * and a count. Rules that should only count failures (sign-ins, code checks,
 * current-password checks) give the hit back with `refund` when the attempt
 * succeeds: only failures accumulate, and a success never wipes out failures
 * recorded against anything else. Codes and sign-ups spend their budget.
 *
 * Sign-in failures are counted two ways (docs/decisions/0039), never per
 * account alone, so strangers' wrong passwords cannot lock the owner out:
 *  - per account and address (5 in 15 min): a guesser is stopped early, and
 *    the owner, signing in from elsewhere, is not; a verified code clears it;
 *  - per address across accounts (20 in 5 min): one client cannot spray
 *    passwords over many accounts.
 * Codes are requested per recipient and address, and checked per recipient
 * and address with a higher cap per recipient against guessing from many
 * addresses.
 *
 * Refusals are answered with 429, a clear message and Retry-After.
 */
import crypto from "node:crypto";
import { sql } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import { RATE_LIMIT_CLEANUP_MS } from "~/shared/constants";

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
  /** Shown to the person refused; the wait is appended. */
  message: string;
}

const MINUTE = 60_000;

export const RATE_LIMITS = {
  /**
   * Files a member sends (avatars and showcase tracks together): each is read into memory and
   * analysed (decoded, resized), so a loop of uploads is a loop of work. Far above what a
   * member does by hand in an hour.
   */
  uploadsPerUser: { name: "upload:user", limit: 30, windowMs: 60 * MINUTE, message: "Too many uploads." },
  signInPerAccountAddress: {
    name: "sign-in:account+address",
    limit: 5,
    windowMs: 15 * MINUTE,
    message: "Too many failed sign-in attempts for this account.",
  },
  signInPerAddress: { name: "sign-in:address", limit: 20, windowMs: 5 * MINUTE, message: "Too many failed sign-in attempts from your network." },
  passwordChecksPerUser: {
    name: "password-check:user",
    limit: 5,
    windowMs: 15 * MINUTE,
    message: "Too many wrong current passwords.",
  },
  codesPerRecipientAddress: {
    name: "code:recipient+address",
    limit: 5,
    windowMs: 15 * MINUTE,
    message: "Too many codes requested for this address or number.",
  },
  codesPerAddress: { name: "code:address", limit: 20, windowMs: 15 * MINUTE, message: "Too many codes requested from your network." },
  codeChecksPerRecipientAddress: { name: "code-check:recipient+address", limit: 5, windowMs: 15 * MINUTE, message: "Too many wrong codes." },
  /** The cap on guessing one recipient's code from many addresses at once (a 6-digit code: 30 of 1,000,000). */
  codeChecksPerRecipient: { name: "code-check:recipient", limit: 30, windowMs: 15 * MINUTE, message: "Too many wrong codes." },
  /**
   * Two-factor codes and recovery codes tried by one account (ADR 0099): a
   * 6-digit code has 3 good answers in its window, so each guess has 1 chance
   * in 333,000; 10 per 15 minutes alone would allow 960 a day (1 in 350).
   * The daily budget of failures below brings that to 30 a day: 1 in 11,000
   * a day, and a guesser is slowed to a crawl long before.
   */
  secondFactorChecksPerUser: { name: "mfa-check:user", limit: 10, windowMs: 15 * MINUTE, message: "Too many codes tried. Wait a few minutes, then try again." },
  /** Failed two-factor and recovery codes of one account in a day (successes give their hit back). */
  secondFactorFailuresPerUserDay: { name: "mfa-fail:user:day", limit: 30, windowMs: 24 * 60 * MINUTE, message: "Too many wrong codes today. Try again tomorrow, or ask an admin." },
  /** Setting up an authenticator, new recovery codes, turning it off: far above what a person does by hand. */
  secondFactorChangesPerUser: { name: "mfa-change:user", limit: 20, windowMs: 15 * MINUTE, message: "Too many changes to two-factor sign-in. Wait a few minutes." },
  signUpsPerAddress: { name: "sign-up:address", limit: 10, windowMs: 60 * MINUTE, message: "Too many sign-ups from your network." },
  /** Listening party chat (ADR 0092): a lively room, not a flood. */
  partyChatPerUser: { name: "party-chat:user", limit: 20, windowMs: MINUTE, message: "You are sending messages too fast." },
  partyReactionsPerUser: { name: "party-react:user", limit: 30, windowMs: MINUTE, message: "You are reacting too fast." },
  partyQueuePerUser: { name: "party-queue:user", limit: 30, windowMs: 10 * MINUTE, message: "You are adding songs too fast." },
  /** Every other room action (playback, ratings, moderation): far above what hands do, well below a script's loop. */
  partyActionsPerUser: { name: "party-action:user", limit: 120, windowMs: MINUTE, message: "Too many actions in this room." },
} as const satisfies Record<string, RateLimitRule>;

export class RateLimitedError extends Error {
  readonly status = 429;
  constructor(
    readonly rule: RateLimitRule,
    readonly retryAfterSeconds: number,
  ) {
    super(`${rule.message} Try again in ${describeWait(retryAfterSeconds)}.`);
    this.name = "RateLimitedError";
  }
  headers(): Record<string, string> {
    return { "Retry-After": String(this.retryAfterSeconds) };
  }
}

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

function subjectHash(rule: RateLimitRule, subject: string): string {
  return crypto.createHash("sha256").update(`${rule.name}\n${subject.trim().toLowerCase()}`).digest("hex");
}

const secondsUntil = (expiresAt: Date, now: Date) => Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));

/** The window's state without counting anything. */
export async function isLimited(db: Database, rule: RateLimitRule, subject: string, now = new Date()): Promise<RateLimitedError | null> {
  const row = await db
    .selectFrom("rate_limits")
    .select(["hits", "expires_at"])
    .where("rule", "=", rule.name)
    .where("subject_hash", "=", subjectHash(rule, subject))
    .executeTakeFirst();
  if (!row) return null;
  const expiresAt = new Date(row.expires_at);
  if (expiresAt <= now || row.hits < rule.limit) return null;
  return new RateLimitedError(rule, secondsUntil(expiresAt, now));
}

/**
 * Counts one hit atomically (a single upsert, safe with concurrent requests on
 * several instances) and returns the count in the current window.
 */
export async function recordHit(db: Database, rule: RateLimitRule, subject: string, now = new Date()): Promise<{ hits: number; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + rule.windowMs);
  const at = sql<Date>`cast(${now.toISOString()} as timestamptz)`;
  const until = sql<Date>`cast(${expiresAt.toISOString()} as timestamptz)`;
  const row = await db
    .insertInto("rate_limits")
    .values({ rule: rule.name, subject_hash: subjectHash(rule, subject), hits: 1, window_started_at: now, expires_at: expiresAt })
    .onConflict((oc) =>
      oc.columns(["rule", "subject_hash"]).doUpdateSet({
        hits: sql<number>`case when rate_limits.expires_at <= ${at} then 1 else rate_limits.hits + 1 end`,
        window_started_at: sql<Date>`case when rate_limits.expires_at <= ${at} then ${at} else rate_limits.window_started_at end`,
        expires_at: sql<Date>`case when rate_limits.expires_at <= ${at} then ${until} else rate_limits.expires_at end`,
      }),
    )
    .returning(["hits", "expires_at"])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, expiresAt: new Date(row.expires_at) };
}

/** Counts this request and refuses it when it goes over the rule's budget. */
export async function consume(db: Database, rule: RateLimitRule, subject: string, now = new Date()): Promise<RateLimitedError | null> {
  const { hits, expiresAt } = await recordHit(db, rule, subject, now);
  return hits > rule.limit ? new RateLimitedError(rule, secondsUntil(expiresAt, now)) : null;
}

/**
 * Gives back the hit `consume` just counted, for an attempt that succeeded:
 * the window's other hits (earlier failures) stay. Never below zero.
 */
export async function refund(db: Database, rule: RateLimitRule, subject: string): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set({ hits: sql<number>`greatest(hits - 1, 0)` })
    .where("rule", "=", rule.name)
    .where("subject_hash", "=", subjectHash(rule, subject))
    .execute();
}

/** The subject of a rule counted per account and network address. */
export function accountAtAddress(account: string, address: string): string {
  return `${account}\n${address}`;
}

export async function resetLimit(db: Database, rule: RateLimitRule, subject: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("rule", "=", rule.name).where("subject_hash", "=", subjectHash(rule, subject)).execute();
}

export async function deleteExpiredRateLimits(db: Database, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/**
 * Deletes expired rows every 5 minutes (SPEC §9 "Rate-limit map cleanup").
 * Started at boot; the returned function stops it (on shutdown).
 */
export function startRateLimitCleanup(
  db: Database,
  options: { intervalMs?: number; extra?: (db: Database) => Promise<unknown>; onError?: (error: unknown) => void } = {},
): () => void {
  const sweep = async () => {
    try {
      await deleteExpiredRateLimits(db);
      await options.extra?.(db);
    } catch (error) {
      (options.onError ?? ((e) => console.error("rate-limit cleanup failed", e)))(error);
    }
  };
  const timer = setInterval(sweep, options.intervalMs ?? RATE_LIMIT_CLEANUP_MS);
  // Housekeeping must never keep a process alive on its own.
  timer.unref();
  return () => clearInterval(timer);
}
