/**
 * Demo review data (issue 11), inside the demo seed's transaction, after the
 * applications (seed-applications.server.ts): the demo admin's ratings and
 * comments on several submitted applications, the decision events of the
 * decided ones (the admin, the status change and the note), and an open offer
 * for the accepted applicant (its token is made and thrown away: the applicant
 * opens it from their dashboard, /accept?offer=<id>). Finds applications by
 * status and tolerates none.
 */
import type { Transaction } from "kysely";
import { DEMO_ACCOUNTS } from "~/demo/accounts";
import type { DB } from "~/platform/db/schema";
import { createOffer } from "./offers.server";

const DAY = 24 * 60 * 60_000;

const COMMENTS: Record<string, { rating: number; comment: string }[]> = {
  pending: [
    { rating: 4, comment: "Strong toplines; the second collab's chorus is the one. Want to hear a finished mix." },
    { rating: 3, comment: "Good ideas, production still rough. Worth a call." },
  ],
  shortlisted: [{ rating: 5, comment: "Best dance record in the queue. Bring to the next camp." }],
  waitlisted: [{ rating: 3, comment: "Talented; nothing open for this lane right now." }],
  declined: [{ rating: 2, comment: "Not the sound we are building." }],
  accepted: [{ rating: 5, comment: "Yes. Writes and produces, and the solo track is a single." }],
};

export async function seedDemoReviews(tx: Transaction<DB>, options: { now: Date; log?: (line: string) => void }): Promise<void> {
  const admin = DEMO_ACCOUNTS.find((account) => account.key === "admin")!;
  const adminRow = await tx.selectFrom("auth.users").select("id").where("email", "=", admin.email).executeTakeFirst();
  if (!adminRow) return;
  const applications = await tx
    .selectFrom("applications")
    .select(["id", "user_id", "status", "submitted_at", "decided_at", "decision_note"])
    .where("submitted_at", "is not", null)
    .where("status", "in", ["pending", "shortlisted", "waitlisted", "declined", "accepted"])
    .orderBy("submitted_at", "desc")
    .execute();
  if (applications.length === 0) return;

  let ratings = 0;
  const seen: Record<string, number> = {};
  for (const application of applications) {
    const n = (seen[application.status] = (seen[application.status] ?? 0) + 1) - 1;
    const review = COMMENTS[application.status]?.[n];
    if (review) {
      const submitted = new Date(application.submitted_at!);
      const at = new Date(Math.min(options.now.getTime(), submitted.getTime() + DAY / 2));
      await tx
        .insertInto("application_reviews")
        .values({ application_id: application.id, admin_id: adminRow.id, rating: review.rating, comment: review.comment, created_at: at, updated_at: at })
        .onConflict((oc) => oc.columns(["application_id", "admin_id"]).doNothing())
        .execute();
      ratings += 1;
    }
    if (application.status === "pending") continue;
    // The decision, as the review page records it.
    const decidedAt = application.decided_at ? new Date(application.decided_at) : new Date(Math.min(options.now.getTime(), new Date(application.submitted_at!).getTime() + DAY));
    await tx
      .insertInto("application_events")
      .values({
        application_id: application.id,
        actor_id: adminRow.id,
        action: "status_changed",
        from_status: "pending",
        to_status: application.status,
        note: application.decision_note,
        created_at: decidedAt,
      })
      .execute();
    if (application.status === "accepted") {
      // An open offer: created "at the decision" would have expired for an old demo decision, so now.
      await createOffer(tx, { applicationId: application.id, userId: application.user_id, adminId: adminRow.id, now: options.now });
    }
  }
  options.log?.(`seeded ${ratings} demo application ratings`);
}
