import { describe, expect, it } from "vitest";
import { ROUTE_BARS_FRAME, routeBarsGeometry, shortenLabel } from "./route-bars";

describe("routeBarsGeometry", () => {
  it("gives each route a row, bars proportional to the values on a round scale", () => {
    const geometry = routeBarsGeometry([120, 60, 0]);
    const { left, right } = geometry.plot;
    expect(geometry.bars).toHaveLength(3);
    expect(geometry.ticks.at(-1)!.value).toBeGreaterThanOrEqual(120);
    const full = geometry.bars[0]!.width;
    expect(geometry.bars[1]!.width).toBeCloseTo(full / 2, 1);
    expect(geometry.bars[2]!.width).toBe(0);
    expect(full).toBeLessThanOrEqual(right - left);
    // Rows stack downwards; labels sit above their bars; the height holds every row and the axis.
    expect(geometry.bars[1]!.y).toBeGreaterThan(geometry.bars[0]!.y);
    expect(geometry.bars[0]!.labelY).toBeLessThan(geometry.bars[0]!.y);
    expect(geometry.height).toBe(ROUTE_BARS_FRAME.padding.top + 3 * ROUTE_BARS_FRAME.rowHeight + ROUTE_BARS_FRAME.padding.bottom);
  });

  it("reaches past the poor threshold so both threshold lines are on the chart", () => {
    const geometry = routeBarsGeometry([900, 1200], [2500, 4000]);
    const [good, poor] = geometry.thresholds;
    expect(good!.x).toBeLessThan(poor!.x);
    expect(poor!.x).toBeLessThan(geometry.plot.right);
    expect(geometry.ticks.at(-1)!.value).toBeGreaterThanOrEqual(4000 * 1.2);
  });

  it("keeps round ticks for scores below 1 (CLS)", () => {
    const geometry = routeBarsGeometry([0.05, 0.31], [0.1, 0.25]);
    const values = geometry.ticks.map((tick) => tick.value);
    expect(values[0]).toBe(0);
    expect(values.at(-1)!).toBeGreaterThanOrEqual(0.31);
    for (const value of values) expect(Math.round(value * 100)).toBeCloseTo(value * 100, 6);
  });

  it("draws an empty chart (no rows) without dividing by zero", () => {
    const geometry = routeBarsGeometry([]);
    expect(geometry.bars).toEqual([]);
    expect(geometry.ticks.every((tick) => Number.isFinite(tick.x))).toBe(true);
  });
});

describe("shortenLabel", () => {
  it("keeps short labels and cuts long ones in the middle", () => {
    expect(shortenLabel("/song/:songId")).toBe("/song/:songId");
    const long = shortenLabel("/admin/camps/:campId/schedule/with/a/very/long/tail/indeed", 20);
    expect(long).toHaveLength(20);
    expect(long.startsWith("/admin/ca")).toBe(true);
    expect(long.endsWith("indeed")).toBe(true);
  });
});
