/**
 * The admin overview's speed and visits (SPEC §7 "speed insights and
 * analytics", ADR 0096): per route, the page views of the last 28 days and
 * the 75th percentile of each web vital with Google's rating. The pure part:
 * building the per-route summary from the grouped rows (unit-tested), the
 * words. Browser-safe.
 */
import { rateVital, roundVital, VITAL_METRICS, VITALS_WINDOW_DAYS, type VitalMetric, type VitalRating } from "~/enhance/vitals/metrics";

export interface VitalSummary {
  /** The 75th percentile over the window (what Google's ratings are defined on). */
  p75: number;
  rating: VitalRating;
  samples: number;
}

export interface RouteVitals {
  routeId: string;
  /** The URL pattern the route answers ("/song/:songId"), or the id when it is no longer a route. */
  pattern: string;
  views: number;
  vitals: Partial<Record<VitalMetric, VitalSummary>>;
}

export interface RouteVitalsRow {
  route_id: string;
  views: number | null;
  metric: string | null;
  p75: number | null;
  samples: number | null;
}

/** Routes with their figures, most viewed first (then by pattern), from one row per (route, metric). */
export function buildRouteVitals(rows: readonly RouteVitalsRow[], patterns: ReadonlyMap<string, string>): RouteVitals[] {
  const byRoute = new Map<string, RouteVitals>();
  for (const row of rows) {
    let route = byRoute.get(row.route_id);
    if (!route) {
      route = { routeId: row.route_id, pattern: patterns.get(row.route_id) ?? row.route_id, views: 0, vitals: {} };
      byRoute.set(row.route_id, route);
    }
    if (row.views !== null) route.views = Number(row.views);
    const metric = VITAL_METRICS.find((name) => name === row.metric);
    if (metric && row.p75 !== null) {
      const p75 = roundVital(metric, Number(row.p75));
      route.vitals[metric] = { p75, rating: rateVital(metric, p75), samples: Number(row.samples ?? 0) };
    }
  }
  return [...byRoute.values()].sort((a, b) => b.views - a.views || a.pattern.localeCompare(b.pattern));
}

/** How many routes the charts show (the table lists them all). */
export const CHART_ROUTES = 8;

export const VITALS_TEXT = {
  title: "Speed and visits",
  lead: `The last ${VITALS_WINDOW_DAYS} days of real visits, per route: page views, and the 75th percentile of each web vital rated with Google's thresholds. Counted by this app, no third party.`,
  failed: "The speed and visit figures could not be read. Reload the page to try again.",
  empty: "No visits recorded in the last 28 days yet. Page views and web vitals appear here as people use the app.",
  tableCaption: `Page views and web vitals (75th percentile) per route, last ${VITALS_WINDOW_DAYS} days`,
  viewsChart: "Page views per route",
  noData: "No data",
} as const;

const numberFormat = new Intl.NumberFormat("en-GB");

/** A p75 as people read it: "1,834 ms", "0.08". */
export function formatVital(metric: VitalMetric, value: number): string {
  return metric === "CLS" ? value.toFixed(2) : `${numberFormat.format(Math.round(value))} ms`;
}
