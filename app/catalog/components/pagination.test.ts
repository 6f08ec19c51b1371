import { describe, expect, it } from "vitest";
import { pageItems } from "./pagination";
import { isoDuration } from "./tracks";
import { waveformPath } from "./Waveform";

const labels = (current: number, count: number) =>
  pageItems(current, count).map((item) => (item.kind === "page" ? String(item.page) : "…"));

describe("pageItems", () => {
  it("shows nothing for a single page", () => {
    expect(pageItems(1, 1)).toEqual([]);
  });

  it("shows every page when there are few", () => {
    expect(labels(1, 2)).toEqual(["1", "2"]);
    expect(labels(2, 4)).toEqual(["1", "2", "3", "4"]);
  });

  it("keeps first, last and the neighbours of the current page, with gaps", () => {
    expect(labels(1, 10)).toEqual(["1", "2", "…", "10"]);
    expect(labels(6, 12)).toEqual(["1", "…", "5", "6", "7", "…", "12"]);
    expect(labels(12, 12)).toEqual(["1", "…", "11", "12"]);
  });

  it("fills a gap of one page with that page instead of an ellipsis", () => {
    expect(labels(4, 10)).toEqual(["1", "2", "3", "4", "5", "…", "10"]);
  });
});

describe("isoDuration", () => {
  it("writes minutes and seconds", () => {
    expect(isoDuration(205)).toBe("PT3M25S");
    expect(isoDuration(32.6)).toBe("PT0M33S");
    expect(isoDuration(-1)).toBe("PT0M0S");
  });
});

describe("waveformPath", () => {
  it("draws one bar per peak, clamping bad values", () => {
    const d = waveformPath([0, 0.5, 1, Number.NaN, 7]);
    expect(d.match(/M/g)).toHaveLength(5);
    // Full height is 96 of 100; out-of-range values are clamped to it.
    expect(d).toContain("M8 2.0h2.6v96.0");
    expect(d).toContain("M16 2.0h2.6v96.0");
    expect(d).toContain("M0 49.0h2.6v2.0");
  });
});
