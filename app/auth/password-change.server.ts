/**
 * Changing a password: the rule every path follows (the /profile form, the
 * last step of a recovery on /auth).
 *
 *  - It needs the current password, or a one-time code verified in this very
 *    session within the last 10 minutes (a completed recovery or a code
 *    sign-in): a stolen session cookie alone can never lock the owner out.
 *  - Wrong current passwords are counted per user (5 in 15 minutes), so a
 *    stolen session cannot be used to guess the password either.
 *  - It revokes every other session of the user and tells the user, through
 *    the same message transport that carries their codes.
 */
import type { AuthError } from "~/platform/auth/port";
import { RATE_LIMITS, consume, refund, type RateLimitedError } from "~/platform/rate-limit.server";
import type { Database } from "~/platform/db/connect.server";
import type { MessagePort } from "~/platform/messages/port";
import { PRODUCT_NAME } from "~/shared/constants";
import { clearAccountFailures } from "./attempt-limits.server";
import { requestContext } from "./request-context.server";
import { codeVerifiedWithin, endOtherSessionClocks, forgetCodeVerified } from "./session-activity.server";
import { authClient, awaitsSecondFactor, resolveSession } from "./session.server";

/** How long after a verified code a password may be set without the current one. */
export const RECOVERY_WINDOW_MS = 10 * 60_000;

export const PASSWORD_CHANGE_MESSAGES = {
  currentRequired: "Enter your current password",
  currentWrong: "That is not your current password",
  notSignedIn: "Your session has ended. Sign in again to change your password.",
} as const;

export type PasswordChangeOutcome =
  | { ok: true }
  | { ok: false; reason: "not-signed-in" }
  | { ok: false; reason: "current-required" | "current-wrong" }
  | { ok: false; reason: "limited"; limited: RateLimitedError }
  | { ok: false; reason: "rejected"; error: AuthError };

/** What a password change needs from its route: the request (its session), the database and the messages port. */
export interface PasswordChangeContext {
  request: Request;
  db: Database;
  messages: MessagePort;
}

/** Whether this session may set a new password without the current one (a fresh recovery). */
export async function mayChangeWithoutCurrent({ request, db }: Pick<PasswordChangeContext, "request" | "db">): Promise<boolean> {
  const resolved = await resolveSession(request);
  return resolved.state === "active" && codeVerifiedWithin(db, resolved.sessionId, RECOVERY_WINDOW_MS);
}

export async function changePassword(
  { request, db, messages }: PasswordChangeContext,
  { currentPassword, newPassword }: { currentPassword?: string; newPassword: string },
): Promise<PasswordChangeOutcome> {
  const resolved = await resolveSession(request);
  // Half-way through signing in (a second factor still owed) is not signed in: no new password yet.
  if (resolved.state !== "active" || awaitsSecondFactor(resolved.secondFactor)) return { ok: false, reason: "not-signed-in" };
  const { user, sessionId } = resolved;
  const client = authClient(request);

  const recovered = await codeVerifiedWithin(db, sessionId, RECOVERY_WINDOW_MS);
  if (!recovered) {
    if (!currentPassword) return { ok: false, reason: "current-required" };
    // Counted before the check, so parallel guesses cannot outrun the limit.
    const limited = await consume(db, RATE_LIMITS.passwordChecksPerUser, user.id);
    if (limited) return { ok: false, reason: "limited", limited };
    const check = await client.verifyPassword(currentPassword);
    if (check.error) return { ok: false, reason: "rejected", error: check.error };
    if (!check.data) return { ok: false, reason: "current-wrong" };
    await refund(db, RATE_LIMITS.passwordChecksPerUser, user.id);
  }

  const updated = await client.updatePassword(newPassword);
  if (updated.error) return { ok: false, reason: "rejected", error: updated.error };

  // Whoever else holds a session of this account is out, now.
  await client.signOut("others");
  await endOtherSessionClocks(db, user.id, sessionId);
  await forgetCodeVerified(db, sessionId);
  const account = user.email ?? user.phone;
  if (account) await clearAccountFailures(db, account, requestContext(request).clientAddress);
  await notifyPasswordChanged(messages, user);
  return { ok: true };
}

const whenFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

/**
 * The notice goes where the account's codes go. Its failure is logged, not
 * shown: the password has changed, and saying otherwise would mislead.
 */
async function notifyPasswordChanged(messages: MessagePort, user: { email: string | null; phone: string | null }): Promise<void> {
  const channel = user.email ? "email" : user.phone ? "phone" : null;
  if (!channel) return;
  const when = `${whenFormat.format(new Date())} UTC`;
  try {
    await messages.send({
      channel,
      recipient: (user.email ?? user.phone)!,
      subject: `Your ${PRODUCT_NAME} password was changed`,
      body:
        `The password of your ${PRODUCT_NAME} account was changed on ${when}, and every other device was signed out. ` +
        `If this was not you, use "Forgot password" on the sign-in page now to take your account back.`,
    });
  } catch (error) {
    console.error("password change: the notice could not be sent", error instanceof Error ? error.message : error);
  }
}
