/**
 * The admin overview's figures (SPEC §3 "Statistics object", §8, §9; ADR 0079):
 * the words, the constants and the pure week arithmetic. Browser-safe (the
 * overview's refresh imports it): no server imports.
 */

/** SPEC §3, field for field. Counted from the database on every request (app/admin/statistics.server.ts). */
export interface Statistics {
  /** Every account (auth.users), applicants included. */
  totalUsers: number;
  /** Accounts that signed in within the last ACTIVE_USER_DAYS days (auth.users.last_sign_in_at). */
  activeUsers: number;
  /** Applications ever submitted (drafts never sent are not applications). */
  totalApplications: number;
  /** Submitted and awaiting a decision: pending, shortlisted or waitlisted. */
  pendingApplications: number;
  /** Accepted applications. */
  approvedApplications: number;
  /** Songs in the public catalogue (not drafts, not archived). */
  totalSongs: number;
  /** Members' showcase tracks an admin has not hidden. */
  showcaseSongs: number;
  /** Catalogue songs marked featured. */
  featuredSongs: number;
  /** When these figures were counted (ISO 8601). */
  lastUpdated: string;
}

export const STATISTICS_KEYS = [
  "totalUsers",
  "activeUsers",
  "totalApplications",
  "pendingApplications",
  "approvedApplications",
  "totalSongs",
  "showcaseSongs",
  "featuredSongs",
] as const satisfies readonly (keyof Statistics)[];

/** SPEC §9 "Statistics refresh": how often the overview refetches its figures with JavaScript. */
export const STATISTICS_REFRESH_MS = 300_000;
export const ACTIVE_USER_DAYS = 30;
export const STATISTICS_ENDPOINT = "/api/admin/statistics";
/** Weeks the charts show, the current one included. */
export const CHART_WEEKS = 12;

/** Every user-visible string of the overview, in one place. */
export const OVERVIEW_TEXT = {
  /** SPEC §8, verbatim. */
  statisticsFailed: "Failed to fetch statistics",
  statisticsTitle: "Statistics",
  statisticsLead: "Counted from the database when this page was made.",
  lastUpdated: "Last updated",
  queuesTitle: "Waiting for an admin",
  queuesFailed: "The queues could not be read. Reload the page to try again.",
  chartsTitle: "Trends",
  chartsLead: "The last 12 weeks; weeks start on Monday (UTC).",
  chartsFailed: "The charts could not be read. Reload the page to try again.",
  auditTitle: "Audit log",
  auditLead: "Every admin action, newest first. Entries cannot be changed or removed.",
  auditFailed: "The audit log could not be read. Reload the page to try again.",
  sectionsTitle: "Sections",
} as const;

export const STATISTIC_LABELS: Record<(typeof STATISTICS_KEYS)[number], { label: string; hint: string }> = {
  totalUsers: { label: "Users", hint: "Every account, applicants included" },
  activeUsers: { label: "Active users", hint: `Signed in within the last ${ACTIVE_USER_DAYS} days` },
  totalApplications: { label: "Applications", hint: "Submitted, drafts not counted" },
  pendingApplications: { label: "Pending applications", hint: "Pending, shortlisted or waitlisted" },
  approvedApplications: { label: "Approved applications", hint: "Accepted" },
  totalSongs: { label: "Catalogue songs", hint: "In the public catalogue" },
  showcaseSongs: { label: "Showcase tracks", hint: "On members' profiles, not hidden" },
  featuredSongs: { label: "Featured songs", hint: "Catalogue songs marked featured" },
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Monday, 00:00 UTC, that starts the week of `date`, as YYYY-MM-DD. */
export function utcWeekStart(date: Date): string {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` week starts ending with the current week, oldest first. */
export function lastWeeks(now: Date, count = CHART_WEEKS): string[] {
  const current = Date.parse(`${utcWeekStart(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(current - (count - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10));
}

export interface WeeklyCountRow {
  metric: string;
  week: string;
  count: number;
}

export interface WeeklySeries {
  /** Week starts (Mondays, YYYY-MM-DD), oldest first. */
  weeks: string[];
  /** Applications submitted per week. */
  applications: number[];
  /** People who became members per week. */
  members: number[];
  /** Counted plays per week. */
  plays: number[];
  /** Songs in the catalogue at the end of each week (the current week: now). */
  catalogue: number[];
}

/**
 * The charts' series from the weekly counts (rows of the window and after it)
 * and today's catalogue size: the catalogue at the end of week W is today's
 * size minus every change recorded in the weeks after W.
 */
export function buildWeeklySeries(rows: readonly WeeklyCountRow[], catalogueNow: number, now: Date, count = CHART_WEEKS): WeeklySeries {
  const weeks = lastWeeks(now, count);
  const index = new Map(weeks.map((week, i) => [week, i]));
  const series = (metric: string) => {
    const values = weeks.map(() => 0);
    for (const row of rows) {
      const i = index.get(row.week);
      if (row.metric === metric && i !== undefined) values[i] += Number(row.count);
    }
    return values;
  };
  const catalogueChanges = rows.filter((row) => row.metric === "catalogue");
  const catalogue = weeks.map((week) =>
    catalogueChanges.reduce((size, row) => (row.week > week ? size - Number(row.count) : size), catalogueNow),
  );
  return { weeks, applications: series("applications"), members: series("members"), plays: series("plays"), catalogue };
}

/** Whether a parsed JSON body is a statistics object (the refresh refuses anything else). */
export function isStatistics(value: unknown): value is Statistics {
  if (!value || typeof value !== "object") return false;
  const record = value as Record<string, unknown>;
  return STATISTICS_KEYS.every((key) => Number.isInteger(record[key]) && (record[key] as number) >= 0) && typeof record.lastUpdated === "string" && !Number.isNaN(Date.parse(record.lastUpdated));
}
