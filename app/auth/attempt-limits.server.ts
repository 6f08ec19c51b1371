/**
 * How the auth forms spend their rate-limit budgets (rules and the counter in
 * app/platform/rate-limit.server.ts; the reasoning in docs/decisions/0033).
 *
 * Sign-in failures count per account-and-address and per address, never per
 * account alone (a stranger's guesses must not lock the owner out). Each
 * attempt is charged before the password is checked; a success gives back
 * only its own hits (and clears its own account-and-address count), so
 * signing in to one's own account never wipes out failures recorded against
 * anyone else's. A verified code clears the account's count at that address.
 *
 * Codes: requests per recipient-and-address and per address; checks per
 * recipient-and-address, with a cap per recipient against guessing one code
 * from many addresses.
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
    (await consume(db, RATE_LIMITS.signInPerAddress, address))
  );
}

/** The attempt succeeded: its hits are given back, earlier failures elsewhere stay. */
export async function settleSuccessfulSignIn(db: Database, account: string, address: string): Promise<void> {
  await resetLimit(db, RATE_LIMITS.signInPerAccountAddress, accountAtAddress(account, address));
  await refund(db, RATE_LIMITS.signInPerAddress, address);
}

/** The owner proved control of the account with a code: strangers' failures no longer hold it. */
export async function clearAccountFailures(db: Database, account: string, address: string): Promise<void> {
  await resetLimit(db, RATE_LIMITS.signInPerAccountAddress, accountAtAddress(account, address));
}

/** Spends the per-address sign-up budget: every page that creates an account calls this first. */
export function chargeAccountCreation(db: Database, address: string): Promise<RateLimitedError | null> {
  return consume(db, RATE_LIMITS.signUpsPerAddress, address);
}

/** Charges one code request (sign-in code, recovery, phone test). */
export async function chargeCodeRequest(db: Database, recipient: string, address: string): Promise<RateLimitedError | null> {
  return (
    (await consume(db, RATE_LIMITS.codesPerRecipientAddress, accountAtAddress(recipient, address))) ??
    (await consume(db, RATE_LIMITS.codesPerAddress, address))
  );
}

/** Charges one code check, before the code is compared. */
export async function chargeCodeCheck(db: Database, recipient: string, address: string): Promise<RateLimitedError | null> {
  return (
    (await consume(db, RATE_LIMITS.codeChecksPerRecipientAddress, accountAtAddress(recipient, address))) ??
    (await consume(db, RATE_LIMITS.codeChecksPerRecipient, recipient))
  );
}

/** The right code: this address's wrong guesses are forgiven, and this check's hit given back. */
export async function settleCodeCheck(db: Database, recipient: string, address: string): Promise<void> {
  await resetLimit(db, RATE_LIMITS.codeChecksPerRecipientAddress, accountAtAddress(recipient, address));
  await refund(db, RATE_LIMITS.codeChecksPerRecipient, recipient);
}
