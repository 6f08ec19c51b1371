import { describe, expect, it } from "vitest";
import { campDays, campPhase, isIsoDate, sessionInstants, todayInZone, wallClock, zonedWallTimeToUtc } from "./time";

describe("camp time", () => {
  it("turns a venue's wall-clock time into the instant, across zones and daylight saving", () => {
    expect(zonedWallTimeToUtc("2026-07-01", "10:00", "Europe/Lisbon").toISOString()).toBe("2026-07-01T09:00:00.000Z");
    expect(zonedWallTimeToUtc("2026-12-01", "10:00", "Europe/Lisbon").toISOString()).toBe("2026-12-01T10:00:00.000Z");
    expect(zonedWallTimeToUtc("2026-12-01", "10:00:00", "America/Los_Angeles").toISOString()).toBe("2026-12-01T18:00:00.000Z");
    expect(zonedWallTimeToUtc("2026-06-01", "09:30", "Asia/Kolkata").toISOString()).toBe("2026-06-01T04:00:00.000Z");
    expect(zonedWallTimeToUtc("2026-06-01", "09:00", "UTC").toISOString()).toBe("2026-06-01T09:00:00.000Z");
    // Europe/Berlin springs forward on 2026-03-29 at 02:00 and falls back on 2026-10-25 at 03:00.
    expect(zonedWallTimeToUtc("2026-03-29", "01:30", "Europe/Berlin").toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(zonedWallTimeToUtc("2026-03-29", "03:30", "Europe/Berlin").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(zonedWallTimeToUtc("2026-03-29", "02:30", "Europe/Berlin").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(zonedWallTimeToUtc("2026-10-25", "02:30", "Europe/Berlin").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(zonedWallTimeToUtc("2026-10-25", "04:00", "Europe/Berlin").toISOString()).toBe("2026-10-25T03:00:00.000Z");
  });

  it("reads every wall-clock time of a day back unchanged (outside a daylight-saving gap)", () => {
    for (const zone of ["Europe/London", "America/New_York", "Australia/Sydney", "Pacific/Chatham", "Asia/Kathmandu"]) {
      for (const day of ["2026-01-15", "2026-04-05", "2026-10-04", "2026-11-01"]) {
        for (let minutes = 0; minutes < 24 * 60; minutes += 45) {
          const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
          const instant = zonedWallTimeToUtc(day, time, zone);
          const back = wallClock(instant, zone);
          // In a gap the time moves forward; otherwise it reads back exactly.
          if (back.day === day && back.time === time) continue;
          expect(instant.getTime()).toBeGreaterThan(zonedWallTimeToUtc(day, "00:00", zone).getTime());
          expect(back.time > time || back.day > day).toBe(true);
        }
      }
    }
  });

  it("lists a camp's days and says whether it is upcoming, running or past in the venue's zone", () => {
    expect(campDays("2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    const camp = { starts_on: "2026-12-01", ends_on: "2026-12-03", time_zone: "Pacific/Auckland" };
    expect(campPhase(camp, new Date("2026-11-30T11:30:00Z"))).toBe("running"); // already 1 December in Auckland
    expect(campPhase(camp, new Date("2026-11-30T11:30:00Z"))).not.toBe(campPhase({ ...camp, time_zone: "UTC" }, new Date("2026-11-30T11:30:00Z")));
    expect(campPhase(camp, new Date("2026-12-03T11:30:00Z"))).toBe("past");
    expect(todayInZone("America/Los_Angeles", new Date("2026-12-01T05:00:00Z"))).toBe("2026-11-30");
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2028-02-29")).toBe(true);
    const { startsAt, endsAt } = sessionInstants("2026-12-01", { starts_at: "10:00:00", ends_at: "13:00:00" }, "Europe/Lisbon");
    expect(endsAt.getTime() - startsAt.getTime()).toBe(3 * 3600_000);
  });
});
