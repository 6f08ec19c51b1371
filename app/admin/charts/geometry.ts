/**
 * The geometry of the overview's charts as pure functions (unit-tested in
 * geometry.test.ts): scales, ticks, bars and a line, in the SVG's own
 * coordinate space (the viewBox), so the chart scales with its box and never
 * makes a narrow screen scroll sideways. Browser-safe, no DOM.
 */

export interface ChartFrame {
  width: number;
  height: number;
  /** Room for the tick labels (left) and the week labels (bottom). */
  padding: { top: number; right: number; bottom: number; left: number };
}

export const DEFAULT_FRAME: ChartFrame = { width: 360, height: 200, padding: { top: 12, right: 8, bottom: 26, left: 40 } };

/** A round upper bound for the axis and its ticks: 0, step, 2 step, ... >= max (at least 1). */
export function niceScale(max: number, tickCount = 4): { max: number; ticks: number[] } {
  const top = Math.max(1, Math.ceil(Number.isFinite(max) ? max : 0));
  const rough = top / tickCount;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough && Number.isInteger(s)) ?? 10 * magnitude);
  const niceMax = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= niceMax; value += step) ticks.push(value);
  return { max: niceMax, ticks };
}

export interface Tick {
  value: number;
  y: number;
}

export interface Bar {
  index: number;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BarGeometry {
  bars: Bar[];
  ticks: Tick[];
  /** The x of each slot's centre (for labels). */
  centres: number[];
  baseline: number;
  plot: { left: number; right: number; top: number; bottom: number };
}

function plotArea(frame: ChartFrame) {
  return {
    left: frame.padding.left,
    right: frame.width - frame.padding.right,
    top: frame.padding.top,
    bottom: frame.height - frame.padding.bottom,
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Bars for non-negative values, one slot each, with a gap of `gapRatio` of the slot. */
export function barGeometry(values: readonly number[], frame: ChartFrame = DEFAULT_FRAME, gapRatio = 0.25): BarGeometry {
  const plot = plotArea(frame);
  const scale = niceScale(Math.max(0, ...values));
  const slot = values.length > 0 ? (plot.right - plot.left) / values.length : 0;
  const barWidth = slot * (1 - gapRatio);
  const y = (value: number) => plot.bottom - (Math.max(0, value) / scale.max) * (plot.bottom - plot.top);
  const bars = values.map((value, index) => {
    const top = y(value);
    return { index, value, x: round(plot.left + index * slot + (slot - barWidth) / 2), y: round(top), width: round(barWidth), height: round(plot.bottom - top) };
  });
  return {
    bars,
    ticks: scale.ticks.map((value) => ({ value, y: round(y(value)) })),
    centres: values.map((_, index) => round(plot.left + index * slot + slot / 2)),
    baseline: plot.bottom,
    plot,
  };
}

export interface LineGeometry {
  points: { x: number; y: number; value: number }[];
  /** The SVG path of the line. */
  line: string;
  /** The line closed down to the baseline (the filled area under it). */
  area: string;
  ticks: Tick[];
  centres: number[];
  baseline: number;
  plot: { left: number; right: number; top: number; bottom: number };
}

/** A line through the values, one point at each slot's centre, the axis from 0. */
export function lineGeometry(values: readonly number[], frame: ChartFrame = DEFAULT_FRAME): LineGeometry {
  const plot = plotArea(frame);
  const scale = niceScale(Math.max(0, ...values));
  const slot = values.length > 0 ? (plot.right - plot.left) / values.length : 0;
  const y = (value: number) => plot.bottom - (Math.max(0, value) / scale.max) * (plot.bottom - plot.top);
  const points = values.map((value, index) => ({ x: round(plot.left + index * slot + slot / 2), y: round(y(value)), value }));
  const line = points.map((point, index) => `${index === 0 ? "M" : "L"}${point.x} ${point.y}`).join(" ");
  const area = points.length === 0 ? "" : `${line} L${points[points.length - 1]!.x} ${plot.bottom} L${points[0]!.x} ${plot.bottom} Z`;
  return {
    points,
    line,
    area,
    ticks: scale.ticks.map((value) => ({ value, y: round(y(value)) })),
    centres: points.map((point) => point.x),
    baseline: plot.bottom,
    plot,
  };
}

/** Which slots get a label on the x axis: the first, the last and evenly between, at most `max`. */
export function labelledSlots(count: number, max = 4): number[] {
  if (count <= 0) return [];
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  const step = (count - 1) / (max - 1);
  return [...new Set(Array.from({ length: max }, (_, i) => Math.round(i * step)))];
}

/** A one-sentence description of a weekly series, for the SVG's <desc>. */
export function describeSeries(values: readonly number[], labels: readonly string[], unit: string, kind: "per-week" | "level"): string {
  if (values.length === 0) return `No ${unit} recorded.`;
  const first = labels[0]!;
  const last = labels[labels.length - 1]!;
  if (kind === "level") {
    const start = values[0]!;
    const end = values[values.length - 1]!;
    const change = end - start;
    return `${end} ${unit} in the week of ${last}, ${change === 0 ? "no change" : `${change > 0 ? "up" : "down"} ${Math.abs(change)}`} since the week of ${first}.`;
  }
  const total = values.reduce((sum, value) => sum + value, 0);
  if (total === 0) return `No ${unit} from the week of ${first} to the week of ${last}.`;
  let peak = 0;
  values.forEach((value, index) => {
    if (value > values[peak]!) peak = index;
  });
  return `${total} ${unit} from the week of ${first} to the week of ${last}; the most, ${values[peak]}, in the week of ${labels[peak]}.`;
}
