/**
 * The admin overview's read models (issue 12 §1, ADR 0079): the statistics
 * object (SPEC §3), the queues that need an admin and the weekly series of the
 * charts. Each is ONE statement of small reads, so the overview stays cheap at
 * 100,000 songs and 10,000 members (bench/admin-overview.ts):
 *  - the catalogue's size is catalog_facet_counts' 'total' row (kept by triggers);
 *  - featured songs are counted on a partial index;
 *  - the weekly series read admin_weekly_counts (kept by triggers,
 *    migration 20261127000200), never the songs or plays themselves;
 *  - the rest count tables of people (thousands of rows) or queues (indexed by status).
 */
import { sql, type Kysely } from "kysely";
import { parseAuditFilter } from "~/audit/audit-filter";
import { listAuditActors, listAuditEntries } from "~/audit/audit.server";
import type { DB } from "~/platform/db/schema";
import { getRouteVitals } from "./statistics-vitals.server";
import { ACTIVE_USER_DAYS, buildWeeklySeries, CHART_WEEKS, lastWeeks, type Statistics, type WeeklySeries } from "./statistics";

type Executor = Kysely<DB>;

const APPLICATION_AWAITING = ["pending", "shortlisted", "waitlisted"] as const;

/** SPEC §3's statistics object, counted now. */
export async function getStatistics(db: Executor, now = new Date()): Promise<Statistics> {
  const activeSince = new Date(now.getTime() - ACTIVE_USER_DAYS * 24 * 60 * 60 * 1000);
  const awaiting = sql.join(APPLICATION_AWAITING.map((status) => sql`${status}`));
  // One pass over the accounts and one over the applications, each counting several figures at once.
  const { rows } = await sql<Record<string, number | string>>`
    select u.total as "totalUsers", u.active as "activeUsers",
           a.total as "totalApplications", a.pending as "pendingApplications", a.approved as "approvedApplications",
           coalesce((select count from public.catalog_facet_counts where facet = 'total' and value = 'catalogue'), 0)::int as "totalSongs",
           (select count(*) from public.showcase_tracks where hidden_at is null)::int as "showcaseSongs",
           (select count(*) from public.songs where featured and status = 'catalogue')::int as "featuredSongs"
      from (select count(*)::int as total, (count(*) filter (where last_sign_in_at >= ${activeSince}))::int as active from auth.users) u,
           (select (count(*) filter (where submitted_at is not null))::int as total,
                   (count(*) filter (where status in (${awaiting})))::int as pending,
                   (count(*) filter (where status = 'accepted'))::int as approved
              from public.applications) a
  `.execute(db);
  const row = rows[0]!;
  return {
    totalUsers: Number(row.totalUsers),
    activeUsers: Number(row.activeUsers),
    totalApplications: Number(row.totalApplications),
    pendingApplications: Number(row.pendingApplications),
    approvedApplications: Number(row.approvedApplications),
    totalSongs: Number(row.totalSongs),
    showcaseSongs: Number(row.showcaseSongs),
    featuredSongs: Number(row.featuredSongs),
    lastUpdated: now.toISOString(),
  };
}

export interface AdminQueue {
  key: "applications" | "arRegistrations" | "submissions" | "holds";
  label: string;
  count: number;
  to: string;
}

/** What waits for an admin, each with where it is handled (the counts those pages show by default). */
export async function getQueues(db: Executor): Promise<AdminQueue[]> {
  const { rows } = await sql<{ applications: number; ar: number; submissions: number; holds: number }>`
    select
      (select count(*) from public.applications where status = 'pending')::int as applications,
      (select count(*) from public.ar_registrations where status = 'pending')::int as ar,
      (select count(*) from public.submissions where status = 'pending')::int as submissions,
      (select count(*) from public.song_holds where status = 'requested')::int as holds
  `.execute(db);
  const row = rows[0]!;
  return [
    { key: "applications", label: "Pending applications", count: Number(row.applications), to: "/admin/applications?status=pending" },
    { key: "arRegistrations", label: "A&R registrations", count: Number(row.ar), to: "/admin/ar-registrations" },
    { key: "submissions", label: "Song submissions awaiting a decision", count: Number(row.submissions), to: "/admin/submissions" },
    { key: "holds", label: "Hold requests", count: Number(row.holds), to: "/admin/holds" },
  ];
}

/** The charts' weekly series: the last CHART_WEEKS weeks (Monday-starting, UTC). */
export async function getWeeklySeries(db: Executor, now = new Date(), weeks = CHART_WEEKS): Promise<WeeklySeries> {
  const first = lastWeeks(now, weeks)[0]!;
  const { rows } = await sql<{ metric: string; week: string; count: number; catalogue_now: number }>`
    select c.metric, c.week::text as week, c.count,
           coalesce((select count from public.catalog_facet_counts where facet = 'total' and value = 'catalogue'), 0)::int as catalogue_now
      from (select 1) one
      left join public.admin_weekly_counts c on c.week >= ${first}::date
  `.execute(db);
  const catalogueNow = Number(rows[0]?.catalogue_now ?? 0);
  const counts = rows.filter((row) => row.metric !== null).map((row) => ({ metric: row.metric, week: row.week, count: Number(row.count) }));
  return buildWeeklySeries(counts, catalogueNow, now, weeks);
}

/**
 * Everything the overview shows, each part read on its own: a part that
 * cannot be read is null (the page says so in its place) instead of taking the
 * whole page down. Statistics, queues and charts are independent statements,
 * so a broken one never hides the others.
 */
export async function loadOverview(db: Executor, searchParams: URLSearchParams, now = new Date()) {
  const filter = parseAuditFilter(searchParams);
  const part = async <T>(name: string, read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (error) {
      console.error(`admin overview: the ${name} could not be read`, error);
      return null;
    }
  };
  const [queues, statistics, series, vitals, audit] = await Promise.all([
    part("queues", () => getQueues(db)),
    part("statistics", () => getStatistics(db, now)),
    part("charts", () => getWeeklySeries(db, now)),
    part("speed and visits", () => getRouteVitals(db, now)),
    part("audit log", async () => {
      const [page, actors] = await Promise.all([listAuditEntries(db, filter), listAuditActors(db)]);
      return { ...page, actors };
    }),
  ]);
  return { queues, statistics, series, vitals, audit, filter };
}
