import { describe, expect, it } from "vitest";
import { barGeometry, DEFAULT_FRAME, describeSeries, labelledSlots, lineGeometry, niceScale } from "./geometry";

describe("niceScale", () => {
  it("rounds the top up to a round step and lists the ticks from 0", () => {
    expect(niceScale(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(niceScale(7)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale(10)).toEqual({ max: 10, ticks: [0, 5, 10] });
    expect(niceScale(1234)).toEqual({ max: 1500, ticks: [0, 500, 1000, 1500] });
    expect(niceScale(100_000).max).toBe(100_000);
    expect(niceScale(Number.NaN)).toEqual({ max: 1, ticks: [0, 1] });
  });

  it("always covers the maximum with integer steps", () => {
    for (const max of [1, 2, 3, 5, 9, 11, 37, 99, 101, 250, 999, 4321, 77_777]) {
      const scale = niceScale(max);
      expect(scale.max).toBeGreaterThanOrEqual(max);
      expect(scale.ticks.every(Number.isInteger)).toBe(true);
      expect(scale.ticks.at(-1)).toBe(scale.max);
      expect(scale.ticks.length).toBeLessThanOrEqual(6);
    }
  });
});

describe("barGeometry", () => {
  const { padding, width, height } = DEFAULT_FRAME;
  const bottom = height - padding.bottom;

  it("puts one bar per value in its own slot, height proportional to the value", () => {
    const geometry = barGeometry([0, 4, 8, 2]);
    expect(geometry.bars).toHaveLength(4);
    const [zero, four, eight] = geometry.bars;
    expect(zero!.height).toBe(0);
    expect(zero!.y).toBe(bottom);
    expect(eight!.y).toBe(padding.top); // 8 is the top of the scale
    expect(four!.height).toBeCloseTo(eight!.height / 2, 1);
    // Left to right, inside the plot, never overlapping.
    for (let i = 1; i < geometry.bars.length; i++) expect(geometry.bars[i]!.x).toBeGreaterThan(geometry.bars[i - 1]!.x + geometry.bars[i - 1]!.width);
    expect(geometry.bars[0]!.x).toBeGreaterThanOrEqual(padding.left);
    const last = geometry.bars.at(-1)!;
    expect(last.x + last.width).toBeLessThanOrEqual(width - padding.right);
  });

  it("places the ticks from the baseline up", () => {
    const geometry = barGeometry([3, 7]);
    expect(geometry.ticks[0]).toEqual({ value: 0, y: bottom });
    expect(geometry.ticks.at(-1)).toEqual({ value: 8, y: padding.top });
  });

  it("draws nothing below the baseline for a negative value and survives all zeros", () => {
    expect(barGeometry([-5, 0]).bars.every((bar) => bar.height === 0)).toBe(true);
    expect(barGeometry([0, 0, 0]).ticks.map((tick) => tick.value)).toEqual([0, 1]);
  });
});

describe("lineGeometry", () => {
  it("draws a path through a point per value and closes the area to the baseline", () => {
    const geometry = lineGeometry([10, 20, 20]);
    expect(geometry.points.map((p) => p.value)).toEqual([10, 20, 20]);
    expect(geometry.line.startsWith("M")).toBe(true);
    expect(geometry.line.split("L")).toHaveLength(3);
    expect(geometry.area.endsWith("Z")).toBe(true);
    expect(geometry.points[1]!.y).toBe(geometry.points[2]!.y);
    expect(geometry.points[0]!.y).toBeGreaterThan(geometry.points[1]!.y);
    expect(lineGeometry([]).area).toBe("");
  });
});

describe("labelledSlots", () => {
  it("labels the first, the last and evenly between", () => {
    expect(labelledSlots(12)).toEqual([0, 4, 7, 11]);
    expect(labelledSlots(3)).toEqual([0, 1, 2]);
    expect(labelledSlots(0)).toEqual([]);
  });
});

describe("describeSeries", () => {
  const labels = ["1 Sept", "8 Sept", "15 Sept"];
  it("sums a per-week series and names its busiest week", () => {
    expect(describeSeries([1, 5, 2], labels, "plays", "per-week")).toBe("8 plays from the week of 1 Sept to the week of 15 Sept; the most, 5, in the week of 8 Sept.");
    expect(describeSeries([0, 0, 0], labels, "plays", "per-week")).toBe("No plays from the week of 1 Sept to the week of 15 Sept.");
  });
  it("states a level's end and its change", () => {
    expect(describeSeries([10, 12, 15], labels, "songs in the catalogue", "level")).toBe("15 songs in the catalogue in the week of 15 Sept, up 5 since the week of 1 Sept.");
    expect(describeSeries([10, 9, 8], labels, "songs", "level")).toContain("down 2");
  });
});
