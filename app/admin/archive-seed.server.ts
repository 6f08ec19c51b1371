/**
 * Demo data for the archive (ADR 0083): the demo catalogue's archived songs
 * get archiving dates spread over the last months (one this week, so the
 * "this month" and "last 30 days" figures are real on a fresh start), each
 * with the audit entry an admin's archiving would have left, and one
 * catalogue song carries the history of having been archived and restored,
 * so "Recently restored" and a song's timeline show real rows.
 *
 * The entries are written directly with their past dates (recordAdminAction
 * stamps now()), oldest first, so the log's order by id matches its dates.
 */
import type { Transaction } from "kysely";
import type { DB } from "~/platform/db/schema";
import { demoAccount } from "~/demo/accounts";

const DAY = 24 * 60 * 60 * 1000;

/** Archived demo songs and how many days ago they were archived. */
export const DEMO_ARCHIVED_DAYS_AGO: Record<string, number> = {
  "Midnight Avenue (Demo)": 200,
  "Rainmaker (Rough Mix)": 45,
  "Homesick Satellites": 3,
};

/** A catalogue song that was archived and brought back: [title, archived days ago, restored days ago]. */
export const DEMO_RESTORED: [string, number, number] = ["Marigold", 9, 2];

export async function seedDemoArchive(tx: Transaction<DB>, options: { now: Date; log?: (line: string) => void }) {
  const admin = await tx
    .selectFrom("auth.users as u")
    .innerJoin("profiles as p", "p.user_id", "u.id")
    .select(["u.id", "p.display_name"])
    .where("u.email", "=", demoAccount("admin").email)
    .executeTakeFirst();
  if (!admin) throw new Error("The demo admin is missing");
  const at = (daysAgo: number) => new Date(options.now.getTime() - daysAgo * DAY);

  const events: { at: Date; songId: string; title: string; action: "song.archived" | "song.restored" }[] = [];
  for (const [title, daysAgo] of Object.entries(DEMO_ARCHIVED_DAYS_AGO)) {
    const song = await tx.selectFrom("songs").select(["id"]).where("title", "=", title).where("status", "=", "archived").executeTakeFirst();
    if (!song) continue;
    await tx.updateTable("songs").set({ archived_at: at(daysAgo), updated_at: at(daysAgo) }).where("id", "=", song.id).execute();
    events.push({ at: at(daysAgo), songId: song.id, title, action: "song.archived" });
  }
  const [restoredTitle, archivedAgo, restoredAgo] = DEMO_RESTORED;
  const restored = await tx.selectFrom("songs").select(["id"]).where("title", "=", restoredTitle).where("status", "=", "catalogue").executeTakeFirst();
  if (restored) {
    events.push({ at: at(archivedAgo), songId: restored.id, title: restoredTitle, action: "song.archived" });
    events.push({ at: at(restoredAgo), songId: restored.id, title: restoredTitle, action: "song.restored" });
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const event of events) {
    const archived = event.action === "song.archived";
    await tx
      .insertInto("admin_audit_log")
      .values({
        actor_id: admin.id,
        actor_name: admin.display_name || "Admin",
        action: event.action,
        target_type: "song",
        target_id: event.songId,
        target_label: event.title,
        before: JSON.stringify({ status: archived ? "catalogue" : "archived" }),
        after: JSON.stringify({ status: archived ? "archived" : "catalogue" }),
        created_at: event.at,
      })
      .execute();
  }
  options.log?.(`seeded the archive's history (${events.length} audit entries)`);
}
