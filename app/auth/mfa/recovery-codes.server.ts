/**
 * Recovery codes of two-factor sign-in (ADR 0099): ten per set, shown once,
 * each good once. A new set replaces the old one whole. Kept as an HMAC of
 * the account and the code under a key derived from the session secret: with
 * a plain hash, a copy of the database would let one guess be tested against
 * every account's codes at once; with this, a copy alone tests nothing.
 */
import crypto from "node:crypto";
import { deriveKey } from "~/platform/auth/tokens.server";
import type { Database } from "~/platform/db/connect.server";
import { getRuntime } from "~/platform/runtime.server";

import { RECOVERY_CODE_ALPHABET as ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN, normalizeRecoveryCode } from "./recovery-code-format";

function newCode(): string {
  const pick = () => ALPHABET[crypto.randomInt(0, ALPHABET.length)];
  const half = () => Array.from({ length: 5 }, pick).join("");
  return `${half()}-${half()}`;
}

const hashFor = (userId: string) => {
  const key = deriveKey(getRuntime().sessionSecret, "mfa-recovery-codes");
  return (code: string) => crypto.createHmac("sha256", key).update(`${userId}:${code}`).digest("hex");
};

/** A new set for the account, replacing any earlier one; the codes are returned once, to be shown once. */
export async function issueRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashOf = hashFor(userId);
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("mfa_recovery_codes").where("user_id", "=", userId).execute();
    await tx
      .insertInto("mfa_recovery_codes")
      .values(codes.map((code) => ({ user_id: userId, code_hash: hashOf(code) })))
      .execute();
  });
  return codes;
}

/** Spends one code; true when it was the account's and unused (two requests with one code: one wins). */
export async function redeemRecoveryCode(db: Database, userId: string, typed: string): Promise<boolean> {
  const code = normalizeRecoveryCode(typed);
  if (!RECOVERY_CODE_PATTERN.test(code)) return false;
  const spent = await db
    .updateTable("mfa_recovery_codes")
    .set({ used_at: new Date() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashFor(userId)(code))
    .where("used_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return Boolean(spent);
}

export async function unusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("mfa_recovery_codes")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function forgetRecoveryCodes(db: Database, userId: string): Promise<void> {
  await db.deleteFrom("mfa_recovery_codes").where("user_id", "=", userId).execute();
}

/** Gives a spent code back (what it was spent on could not be done). */
export async function restoreRecoveryCode(db: Database, userId: string, typed: string): Promise<void> {
  await db
    .updateTable("mfa_recovery_codes")
    .set({ used_at: null })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashFor(userId)(normalizeRecoveryCode(typed)))
    .execute();
}
