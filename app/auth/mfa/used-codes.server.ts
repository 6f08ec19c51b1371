/**
 * An authenticator code is good once (RFC 6238 §5.2), on both adapters
 * (ADR 0099). GoTrue checks a code against the clock only, with a step of
 * leeway either side, so the same code would open a second session within
 * its 90 seconds; the embedded adapter refuses it by the factor's last step,
 * and this ledger refuses it on both. A code is claimed before the provider
 * sees it (two requests with one code: one claim wins), and given back when
 * the provider refuses it, so a typo never burns a code.
 */
import crypto from "node:crypto";
import { sql } from "kysely";
import { deriveKey } from "~/platform/auth/tokens.server";
import type { Database } from "~/platform/db/connect.server";
import { getRuntime } from "~/platform/runtime.server";

/** Longer than any provider takes a code for (three 30-second steps). */
const REMEMBERED_MS = 2 * 60_000;

function hashOf(factorId: string, code: string): string {
  return crypto
    .createHmac("sha256", deriveKey(getRuntime().sessionSecret, "mfa-used-codes"))
    .update(`${factorId}:${code}`)
    .digest("hex");
}

/** Claims the code for this factor; false when it was accepted within the last two minutes. */
export async function claimCode(db: Database, factorId: string, code: string, now = new Date()): Promise<boolean> {
  const forgetBefore = new Date(now.getTime() - REMEMBERED_MS);
  await db.deleteFrom("mfa_used_codes").where("factor_id", "=", factorId).where("used_at", "<", forgetBefore).execute();
  const claimed = await db
    .insertInto("mfa_used_codes")
    .values({ factor_id: factorId, code_hash: hashOf(factorId, code), used_at: now })
    .onConflict((conflict) =>
      conflict
        .columns(["factor_id", "code_hash"])
        .doUpdateSet({ used_at: now })
        .where(sql<boolean>`mfa_used_codes.used_at < ${forgetBefore}`),
    )
    .returning("factor_id")
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Gives a claimed code back: the provider refused it, so it was never used. */
export async function releaseCode(db: Database, factorId: string, code: string): Promise<void> {
  await db.deleteFrom("mfa_used_codes").where("factor_id", "=", factorId).where("code_hash", "=", hashOf(factorId, code)).execute();
}
