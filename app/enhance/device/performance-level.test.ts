/**
 * SPEC §4's performance rules as a table: every combination of narrow / few
 * cores / slow connection, the edges of each input, unknown inputs, and what
 * motion reduction and blur follow from them.
 */
import { describe, expect, it } from "vitest";
import {
  deviceProfile,
  hasFewCores,
  isSlowConnection,
  performanceLevel,
  profileAttributes,
  type DeviceInputs,
} from "./performance-level";

const desktop: DeviceInputs = { width: 1280, cores: 8, effectiveType: "4g", prefersReducedMotion: false, finePointer: true };

describe("performanceLevel", () => {
  // [narrow, few cores, slow connection] -> level
  const table: [boolean, boolean, boolean, string][] = [
    [false, false, false, "high"],
    [true, false, false, "medium"],
    [false, true, false, "medium"],
    [false, false, true, "medium"],
    [false, true, true, "medium"],
    [true, true, false, "low"],
    [true, false, true, "low"],
    [true, true, true, "low"],
  ];
  it.each(table)("narrow %s, few cores %s, slow %s: %s", (narrow, few, slow, level) => {
    expect(performanceLevel({ width: narrow ? 390 : 1280, cores: few ? 2 : 8, effectiveType: slow ? "3g" : "4g" })).toBe(level);
  });

  it("narrow is 768 px or less", () => {
    expect(performanceLevel({ ...desktop, width: 768 })).toBe("medium");
    expect(performanceLevel({ ...desktop, width: 769 })).toBe("high");
    expect(performanceLevel({ ...desktop, width: 768, cores: 4 })).toBe("low");
    expect(performanceLevel({ ...desktop, width: 769, cores: 4 })).toBe("medium");
  });

  it("few cores is 4 or fewer", () => {
    expect(hasFewCores(4)).toBe(true);
    expect(hasFewCores(1)).toBe(true);
    expect(hasFewCores(5)).toBe(false);
    expect(performanceLevel({ ...desktop, cores: 4 })).toBe("medium");
    expect(performanceLevel({ ...desktop, cores: 5 })).toBe("high");
  });

  it("slow is 3g or worse", () => {
    for (const type of ["slow-2g", "2g", "3g"]) expect(isSlowConnection(type)).toBe(true);
    for (const type of ["4g", "5g", "wifi", ""]) expect(isSlowConnection(type)).toBe(false);
  });

  it("unknown inputs count as not few and not slow: an unknown phone is medium, an unknown desktop high", () => {
    expect(hasFewCores(null)).toBe(false);
    expect(hasFewCores(0)).toBe(false);
    expect(hasFewCores(Number.NaN)).toBe(false);
    expect(isSlowConnection(null)).toBe(false);
    expect(performanceLevel({ width: 1280, cores: null, effectiveType: null })).toBe("high");
    expect(performanceLevel({ width: 390, cores: null, effectiveType: null })).toBe("medium");
  });
});

describe("deviceProfile", () => {
  it("a capable desktop: high, full motion, blur on", () => {
    const profile = deviceProfile(desktop);
    expect(profile).toMatchObject({ level: "high", reduceMotion: false, disableBlur: false, narrow: false, mobile: false });
    expect(profileAttributes(profile)).toEqual({ perf: "high", motion: "full", blur: "on" });
  });

  it("the low level reduces motion and disables blur (a phone on 3G)", () => {
    const profile = deviceProfile({ ...desktop, width: 390, effectiveType: "3g", finePointer: false });
    expect(profile).toMatchObject({ level: "low", reduceMotion: true, disableBlur: true, slowConnection: true, fewCores: false });
    expect(profileAttributes(profile)).toEqual({ perf: "low", motion: "reduced", blur: "off" });
  });

  it("narrow with few cores disables blur", () => {
    expect(deviceProfile({ ...desktop, width: 600, cores: 2 }).disableBlur).toBe(true);
  });

  it("medium keeps motion and blur (the CI machine's 2 cores on a desktop window)", () => {
    const profile = deviceProfile({ ...desktop, cores: 2 });
    expect(profile).toMatchObject({ level: "medium", reduceMotion: false, disableBlur: false });
    expect(deviceProfile({ ...desktop, width: 700 })).toMatchObject({ level: "medium", reduceMotion: false, disableBlur: false });
    expect(deviceProfile({ ...desktop, effectiveType: "2g" })).toMatchObject({ level: "medium", reduceMotion: false, disableBlur: false });
  });

  it("prefers-reduced-motion reduces motion at any level, and leaves the level and blur alone", () => {
    const profile = deviceProfile({ ...desktop, prefersReducedMotion: true });
    expect(profile).toMatchObject({ level: "high", reduceMotion: true, disableBlur: false });
    expect(profileAttributes(profile)).toEqual({ perf: "high", motion: "reduced", blur: "on" });
  });

  it("mobile is 767 px or less, narrow 768 px or less", () => {
    expect(deviceProfile({ ...desktop, width: 767 })).toMatchObject({ mobile: true, narrow: true });
    expect(deviceProfile({ ...desktop, width: 768 })).toMatchObject({ mobile: false, narrow: true });
    expect(deviceProfile({ ...desktop, width: 769 })).toMatchObject({ mobile: false, narrow: false });
  });
});
