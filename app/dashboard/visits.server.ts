/**
 * "Since your last visit" (ADR 0069). A visit is a run of dashboard views
 * with less than VISIT_GAP_MS between one and the next. Each view moves two
 * columns of the viewer's profile in one UPDATE and reads back the cutoff:
 *
 *   first view ever            new_since stays null (first visit), last_view = now
 *   more than 30 min after     new_since = the previous last_view (a new visit), last_view = now
 *     the previous view
 *   within 30 min              new_since unchanged (same visit), last_view = now
 *
 * so reloading the page, or coming back to it from another page a few
 * minutes later, shows the same "new" songs; they stop being new on the next
 * visit. One statement: two tabs loading at once cannot both start a visit
 * (row lock), and the cutoff never depends on a read made before the write.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/connect.server";

/** How long without a dashboard view ends a visit (the common analytics session length). */
export const VISIT_GAP_MS = 30 * 60 * 1000;

export interface DashboardVisit {
  /** Songs added after this are new; null on the first visit, when the newest are shown instead. */
  newSince: Date | null;
}

/** Records a dashboard view at `now` and returns the visit's cutoff. */
export async function recordDashboardView(db: Database, userId: string, now: Date = new Date()): Promise<DashboardVisit> {
  const visitEnded = new Date(now.getTime() - VISIT_GAP_MS);
  const row = await db
    .updateTable("profiles")
    .set({
      // Every right-hand side reads the row as it was before this UPDATE.
      dashboard_new_since: sql<Date | null>`case
        when dashboard_last_view_at is null then null
        when dashboard_last_view_at < ${visitEnded} then dashboard_last_view_at
        else dashboard_new_since end`,
      // Never backwards (a request that started earlier may finish later).
      dashboard_last_view_at: sql<Date>`greatest(coalesce(dashboard_last_view_at, ${now}), ${now})`,
    })
    .where("user_id", "=", userId)
    .returning("dashboard_new_since")
    .executeTakeFirst();
  const since = row?.dashboard_new_since ?? null;
  return { newSince: since ? new Date(since) : null };
}

/**
 * The visit's cutoff as a view now would see it, without recording the view: for a prefetch
 * (hovering the header link loads the page's data ahead), which is nobody looking yet.
 */
export async function peekDashboardVisit(db: Database, userId: string, now: Date = new Date()): Promise<DashboardVisit> {
  const visitEnded = new Date(now.getTime() - VISIT_GAP_MS);
  const row = await db
    .selectFrom("profiles")
    .select(
      sql<Date | null>`case
        when dashboard_last_view_at is null then null
        when dashboard_last_view_at < ${visitEnded} then dashboard_last_view_at
        else dashboard_new_since end`.as("new_since"),
    )
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const since = row?.new_since ?? null;
  return { newSince: since ? new Date(since) : null };
}

/** Whether a request is a browser's prefetch (Remix's prefetch="intent" links), not a visit. */
export function isPrefetch(request: Request): boolean {
  return /\bprefetch\b/i.test(`${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`);
}
