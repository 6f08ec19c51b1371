/**
 * Server-enforced session timeouts (SPEC §4 "Session timeout", §9): a session
 * idle for longer than the idle timeout, or older than the absolute timeout,
 * is over whatever its tokens say. The clock lives in public.session_activity,
 * keyed by the provider's session id, so it holds across server instances and
 * both auth adapters.
 */
import type { Database } from "~/platform/db/connect.server";
import { getRuntime } from "~/platform/runtime.server";

export type TimeoutReason = "idle" | "absolute";

export interface TimeoutSettings {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
  warningMs: number;
}

/** SPEC §3 "Session settings", from the environment (SPEC defaults). */
export function timeoutSettings(): TimeoutSettings {
  const { env } = getRuntime();
  return {
    idleTimeoutMs: env.SESSION_IDLE_TIMEOUT_MS,
    absoluteTimeoutMs: env.SESSION_ABSOLUTE_TIMEOUT_MS,
    warningMs: env.SESSION_WARNING_MS,
  };
}

export interface SessionClock {
  startedAt: Date;
  lastActiveAt: Date;
}

/** Writes to last_active_at at most this often: every request is activity, not every request needs a write. */
const TOUCH_THROTTLE_MS = 5_000;

export async function startSessionClock(db: Database, sessionId: string, userId: string, now = new Date()): Promise<void> {
  await db
    .insertInto("session_activity")
    .values({ session_id: sessionId, user_id: userId, started_at: now, last_active_at: now })
    .onConflict((oc) => oc.column("session_id").doUpdateSet({ started_at: now, last_active_at: now, user_id: userId }))
    .execute();
}

export type ClockCheck =
  | { state: "active"; clock: SessionClock }
  | { state: "expired"; reason: TimeoutReason };

/**
 * Checks the session's clocks and, when it is still live, counts this request
 * as activity. Every sign-in starts the clock (beginSession), so a session
 * without a row is one whose row was ended or pruned (pruneSessionClocks
 * deletes rows past the absolute timeout): it is over, never restarted, or an
 * old cookie would come back to life.
 */
export async function checkAndTouch(
  db: Database,
  sessionId: string,
  userId: string,
  settings: TimeoutSettings,
  now = new Date(),
): Promise<ClockCheck> {
  const row = await db
    .selectFrom("session_activity")
    .select(["started_at", "last_active_at", "user_id"])
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  if (!row || row.user_id !== userId) return { state: "expired", reason: "absolute" };
  const startedAt = new Date(row.started_at);
  const lastActiveAt = new Date(row.last_active_at);
  const expiry = expiredReason({ startedAt, lastActiveAt }, settings, now);
  if (expiry) return { state: "expired", reason: expiry };
  if (now.getTime() - lastActiveAt.getTime() >= TOUCH_THROTTLE_MS) {
    await db.updateTable("session_activity").set({ last_active_at: now }).where("session_id", "=", sessionId).execute();
    return { state: "active", clock: { startedAt, lastActiveAt: now } };
  }
  return { state: "active", clock: { startedAt, lastActiveAt } };
}

/** Idle is checked first: a session both idle and old was abandoned, which is what the person should hear. */
export function expiredReason(clock: SessionClock, settings: TimeoutSettings, now: Date): TimeoutReason | null {
  if (now.getTime() - clock.lastActiveAt.getTime() >= settings.idleTimeoutMs) return "idle";
  if (now.getTime() - clock.startedAt.getTime() >= settings.absoluteTimeoutMs) return "absolute";
  return null;
}

/** Continue Session: the idle clock restarts; the absolute one never does. */
export async function resetIdleClock(db: Database, sessionId: string, now = new Date()): Promise<void> {
  await db.updateTable("session_activity").set({ last_active_at: now }).where("session_id", "=", sessionId).execute();
}

/** The person behind this session has just proved control of their e-mail or phone with a code. */
export async function recordCodeVerified(db: Database, sessionId: string, now = new Date()): Promise<void> {
  await db.updateTable("session_activity").set({ code_verified_at: now }).where("session_id", "=", sessionId).execute();
}

/** Whether a code was verified in this session within `withinMs` (a recovery that may set a password without the old one). */
export async function codeVerifiedWithin(db: Database, sessionId: string, withinMs: number, now = new Date()): Promise<boolean> {
  const row = await db.selectFrom("session_activity").select("code_verified_at").where("session_id", "=", sessionId).executeTakeFirst();
  if (!row?.code_verified_at) return false;
  const at = new Date(row.code_verified_at).getTime();
  return at <= now.getTime() && now.getTime() - at < withinMs;
}

/** A recovery's proof is spent once it has set a password. */
export async function forgetCodeVerified(db: Database, sessionId: string): Promise<void> {
  await db.updateTable("session_activity").set({ code_verified_at: null }).where("session_id", "=", sessionId).execute();
}

/** Every clock of the user but this session's (their other sessions were revoked). */
export async function endOtherSessionClocks(db: Database, userId: string, keepSessionId: string): Promise<void> {
  await db.deleteFrom("session_activity").where("user_id", "=", userId).where("session_id", "!=", keepSessionId).execute();
}

export async function endSessionClock(db: Database, sessionId: string): Promise<void> {
  await db.deleteFrom("session_activity").where("session_id", "=", sessionId).execute();
}

export async function endUserSessionClocks(db: Database, userId: string): Promise<void> {
  await db.deleteFrom("session_activity").where("user_id", "=", userId).execute();
}

/** Rows of sessions past any absolute timeout: their sessions can never be used again. */
export async function pruneSessionClocks(db: Database, absoluteTimeoutMs: number, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("session_activity")
    .where("started_at", "<", new Date(now.getTime() - absoluteTimeoutMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
