/**
 * Horizontal bars, one row per route, in the SVG's own coordinates (the
 * viewBox), for the overview's speed and visits charts (ADR 0096). Each row
 * has its label above its bar, so long route patterns keep the whole width
 * and a 320 px screen never scrolls sideways. Optional thresholds (Google's
 * good and poor limits) are drawn as vertical lines, and the scale always
 * reaches past the poor limit so both lines are on the chart. Pure.
 */
import { niceScale } from "./geometry";

export interface RouteBarsFrame {
  width: number;
  /** Space for the axis' tick labels at the bottom. */
  padding: { top: number; right: number; bottom: number; left: number };
  rowHeight: number;
  barHeight: number;
}

export const ROUTE_BARS_FRAME: RouteBarsFrame = { width: 360, padding: { top: 8, right: 12, bottom: 22, left: 4 }, rowHeight: 34, barHeight: 12 };

export interface RouteBar {
  index: number;
  value: number;
  /** Where the label's baseline is (above the bar). */
  labelY: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RouteBarsGeometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  bars: RouteBar[];
  ticks: { value: number; x: number }[];
  thresholds: { value: number; x: number }[];
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Scale up to a round number at or above the largest value; with thresholds,
 * at or above 1.2 x the poor limit. For scores below 1 (CLS), the scale counts
 * in hundredths so its ticks stay round.
 */
function scaleFor(values: readonly number[], thresholds: readonly number[]) {
  const top = Math.max(0, ...values, ...thresholds.map((t) => t * 1.2));
  const fractional = top > 0 && top < 2;
  const factor = fractional ? 100 : 1;
  const scale = niceScale(top * factor);
  return { max: scale.max / factor, ticks: scale.ticks.map((tick) => tick / factor) };
}

export function routeBarsGeometry(values: readonly number[], thresholds: readonly number[] = [], frame: RouteBarsFrame = ROUTE_BARS_FRAME): RouteBarsGeometry {
  const plot = {
    left: frame.padding.left,
    right: frame.width - frame.padding.right,
    top: frame.padding.top,
    bottom: frame.padding.top + Math.max(1, values.length) * frame.rowHeight,
  };
  const scale = scaleFor(values, thresholds);
  const x = (value: number) => round(plot.left + (Math.max(0, Math.min(value, scale.max)) / scale.max) * (plot.right - plot.left));
  const bars = values.map((value, index) => {
    const rowTop = plot.top + index * frame.rowHeight;
    const y = rowTop + frame.rowHeight - frame.barHeight - 4;
    return { index, value, labelY: round(y - 5), x: plot.left, y: round(y), width: round(x(value) - plot.left), height: frame.barHeight };
  });
  return {
    width: frame.width,
    height: plot.bottom + frame.padding.bottom,
    plot,
    bars,
    ticks: scale.ticks.map((value) => ({ value, x: x(value) })),
    thresholds: thresholds.map((value) => ({ value, x: x(value) })),
  };
}

/** A label that fits the row: long patterns keep their start and end. */
export function shortenLabel(label: string, max = 44): string {
  if (label.length <= max) return label;
  const keep = max - 1;
  return `${label.slice(0, Math.ceil(keep / 2))}…${label.slice(label.length - Math.floor(keep / 2))}`;
}
