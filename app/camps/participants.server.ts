/**
 * Who takes part in a camp: a member whose invitation is accepted. An invited
 * member who has not answered, or who declined, is not a participant. The
 * camp's review, its calendar, its schedule and the listening parties that may
 * belong to it all ask this one question, so they ask it here.
 */
import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/platform/db/schema";

type Executor = Kysely<DB> | Transaction<DB>;

/** The ids of the camps a member takes part in: a subquery for `where(campId, "in", …)`, or to run. */
export function campsTakenPartIn(db: Executor, memberId: string) {
  return db.selectFrom("camp_invitations").select("camp_invitations.camp_id").where("camp_invitations.member_id", "=", memberId).where("camp_invitations.status", "=", "accepted");
}
