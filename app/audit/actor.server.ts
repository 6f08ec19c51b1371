/**
 * The actor of an audit entry when an action's code knows only the admin's
 * id (issue 11's review, registration, submission and hold decisions take
 * `adminId`): the name is read in the same transaction, from the profile the
 * session's viewer is built from, so the entry names the admin as the pages
 * do. ADR 0078, 0083.
 */
import type { Kysely } from "kysely";
import type { DB } from "~/platform/db/schema";

export async function auditActor(tx: Kysely<DB>, adminId: string): Promise<{ id: string; displayName: string }> {
  const row = await tx.selectFrom("profiles").select("display_name").where("user_id", "=", adminId).executeTakeFirst();
  return { id: adminId, displayName: row?.display_name?.trim() || "Admin" };
}
