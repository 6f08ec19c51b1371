/** A&R access requests (table ar_registrations). */
import { sql } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import type { ArRegistrationInput } from "./registration-schema";

/**
 * Stores a request. One open request per e-mail: a repeat is recognised
 * ("duplicate") instead of stored twice. A single INSERT, so nothing partial.
 */
export async function createArRegistration(
  db: Database,
  input: ArRegistrationInput,
  userId: string | null,
): Promise<"created" | "duplicate"> {
  const inserted = await db
    .insertInto("ar_registrations")
    .values({ name: input.name, company: input.company, email: input.email, message: input.message, user_id: userId })
    .onConflict((oc) => oc.expression(sql`lower(email)`).where("status", "=", "pending").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted ? "created" : "duplicate";
}
