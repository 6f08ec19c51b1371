import { describe, expect, it } from "vitest";
import { buildWeeklySeries, isStatistics, lastWeeks, utcWeekStart } from "./statistics";

describe("weeks (Monday, UTC)", () => {
  it("starts a week on Monday 00:00 UTC", () => {
    expect(utcWeekStart(new Date("2026-11-25T12:00:00Z"))).toBe("2026-11-23"); // a Wednesday
    expect(utcWeekStart(new Date("2026-11-23T00:00:00Z"))).toBe("2026-11-23"); // Monday midnight
    expect(utcWeekStart(new Date("2026-11-22T23:59:59Z"))).toBe("2026-11-16"); // Sunday night
    expect(utcWeekStart(new Date("2026-01-01T08:00:00Z"))).toBe("2025-12-29"); // across a year
  });

  it("lists the last weeks oldest first, ending with the current one", () => {
    const weeks = lastWeeks(new Date("2026-11-25T12:00:00Z"), 12);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toBe("2026-11-23");
    expect(weeks[0]).toBe("2026-09-07");
    for (const week of weeks) expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1);
  });
});

describe("buildWeeklySeries", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it("places counts in their weeks and ignores weeks outside the window", () => {
    const series = buildWeeklySeries(
      [
        { metric: "plays", week: "2026-11-23", count: 4 },
        { metric: "plays", week: "2026-11-16", count: 2 },
        { metric: "applications", week: "2026-09-07", count: 1 },
        { metric: "members", week: "2026-01-05", count: 9 },
      ],
      0,
      now,
    );
    expect(series.plays.slice(-2)).toEqual([2, 4]);
    expect(series.applications[0]).toBe(1);
    expect(series.members.every((v) => v === 0)).toBe(true);
  });

  it("rebuilds the catalogue's size backwards from today's size and the later weeks' changes", () => {
    const series = buildWeeklySeries(
      [
        { metric: "catalogue", week: "2026-11-23", count: 3 },
        { metric: "catalogue", week: "2026-11-16", count: -1 },
        { metric: "catalogue", week: "2026-11-09", count: 10 },
      ],
      100,
      now,
    );
    expect(series.catalogue.at(-1)).toBe(100);
    expect(series.catalogue.at(-2)).toBe(97);
    expect(series.catalogue.at(-3)).toBe(98);
    expect(series.catalogue.at(-4)).toBe(88);
    expect(series.catalogue[0]).toBe(88);
  });
});

describe("isStatistics", () => {
  const good = { totalUsers: 3, activeUsers: 1, totalApplications: 0, pendingApplications: 0, approvedApplications: 0, totalSongs: 5, showcaseSongs: 2, featuredSongs: 1, lastUpdated: "2026-11-25T00:00:00.000Z" };
  it("accepts the object and refuses anything else", () => {
    expect(isStatistics(good)).toBe(true);
    expect(isStatistics({ ...good, totalUsers: -1 })).toBe(false);
    expect(isStatistics({ ...good, totalSongs: "5" })).toBe(false);
    expect(isStatistics({ error: "Failed to fetch statistics" })).toBe(false);
    expect(isStatistics(null)).toBe(false);
  });
});
