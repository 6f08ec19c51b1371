/**
 * How the auth forms spend their rate-limit budgets (rules and the counter in
 * app/platform/rate-limit.server.ts; the reasoning in docs/decisions/0033).
 *
 * Sign-in failures count per account-and-address, per address and per
 * account. Each attempt is charged before the password is checked; a success
 * gives back only its own hits (and clears its own account-and-address
 * count), so signing in to one's own account never wipes out failures
 * recorded against anyone else's. A completed recovery or code sign-in clears
 * the account's counts: the owner has proved themselves.
 *
 * Every page that can create an account (sign-up, the phone test pages)
 * spends the same per-address sign-up budget.
 */
import type { Database } from "~/platform/db/connect.server";
import { RATE_LIMITS, accountAtAddress, consume, refund, resetLimit, type RateLimitedError } from "~/platform/rate-limit.server";

/** Charges one sign-in attempt; a refusal says which budget ran out. */
export async function chargeSignInAttempt(db: Database, account: string, address: string): Promise<RateLimitedError | null> {
  return (
    (await consume(db, RATE_LIMITS.signInPerAccountAddress, accountAtAddress(account, address))) ??
    (await consume(db, RATE_LIMITS.signInPerAddress, address)) ??
    (await consume(db, RATE_LIMITS.signInPerAccount, account))
  );
}

/** The attempt succeeded: its hits are given back, earlier failures elsewhere stay. */
export async function settleSuccessfulSignIn(db: Database, account: string, address: string): Promise<void> {
  await resetLimit(db, RATE_LIMITS.signInPerAccountAddress, accountAtAddress(account, address));
  await refund(db, RATE_LIMITS.signInPerAddress, address);
  await refund(db, RATE_LIMITS.signInPerAccount, account);
}

/** The owner proved control of the account with a code: strangers' failures no longer hold it. */
export async function clearAccountFailures(db: Database, account: string, address: string): Promise<void> {
  await resetLimit(db, RATE_LIMITS.signInPerAccount, account);
  await resetLimit(db, RATE_LIMITS.signInPerAccountAddress, accountAtAddress(account, address));
}

/** Spends the per-address sign-up budget: every page that creates an account calls this first. */
export function chargeAccountCreation(db: Database, address: string): Promise<RateLimitedError | null> {
  return consume(db, RATE_LIMITS.signUpsPerAddress, address);
}
