/**
 * Page views and web vitals (SPEC §7 "speed insights and analytics", ADR
 * 0096): the rules both ends share. Browser-safe: the reporter
 * (report.client.ts, beacon.ts) and the server (vitals.server.ts, the admin
 * overview) import it.
 */

/** The Core Web Vitals and TTFB, as web-vitals names them. */
export const VITAL_METRICS = ["LCP", "INP", "CLS", "TTFB"] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

export const VITAL_RATINGS = ["good", "needs-improvement", "poor"] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

/**
 * Google's thresholds (web.dev "Web Vitals", the same as web-vitals'
 * LCPThresholds, INPThresholds, CLSThresholds, TTFBThresholds): a value up to
 * [0] is good, up to [1] needs improvement, above is poor. Milliseconds, CLS
 * unitless.
 */
export const VITAL_THRESHOLDS: Readonly<Record<VitalMetric, readonly [good: number, poor: number]>> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  TTFB: [800, 1800],
};

/**
 * The largest value the endpoint believes. Past these a report is broken or
 * forged, not slow: a page that takes over two minutes to paint has been left
 * in a background tab (web-vitals does not report those), and a layout shift
 * score is a sum of fractions of the viewport that real pages keep far below 10.
 */
export const VITAL_MAX: Readonly<Record<VitalMetric, number>> = {
  LCP: 120_000,
  INP: 60_000,
  CLS: 10,
  TTFB: 120_000,
};

export const VITAL_LABELS: Readonly<Record<VitalMetric, { name: string; unit: "ms" | "" }>> = {
  LCP: { name: "Largest Contentful Paint", unit: "ms" },
  INP: { name: "Interaction to Next Paint", unit: "ms" },
  CLS: { name: "Cumulative Layout Shift", unit: "" },
  TTFB: { name: "Time to First Byte", unit: "ms" },
};

export const RATING_LABELS: Readonly<Record<VitalRating, string>> = {
  good: "Good",
  "needs-improvement": "Needs improvement",
  poor: "Poor",
};

/** Google's rating of a value (the server computes it; what a browser says is not taken on trust). */
export function rateVital(metric: VitalMetric, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  if (value <= good) return "good";
  if (value <= poor) return "needs-improvement";
  return "poor";
}

/** A value as stored and shown: whole milliseconds; CLS to 4 decimals. */
export function roundVital(metric: VitalMetric, value: number): number {
  return metric === "CLS" ? Math.round(value * 10_000) / 10_000 : Math.round(value);
}

export const VITALS_ENDPOINT = "/api/vitals";

/** Entries (page views and metrics together) one beacon may carry; more is refused with 400. */
export const MAX_BEACON_ENTRIES = 20;
/** What the reporter sends at most per beacon: a batch fills well under the endpoint's cap. */
export const BEACON_BATCH_SIZE = 10;

/**
 * A Remix route id as this app makes them (app/route-map.ts): the module's
 * path under app/ without ".tsx", and for a module mounted at several paths
 * ":<path>" after it. The server also checks the id names a real route.
 */
export const ROUTE_ID_PATTERN = /^routes\/[a-z0-9][a-z0-9/_.-]*(?::[a-z0-9/_.:*-]+)?$/;
export const ROUTE_ID_MAX = 120;

export function isRouteIdShape(value: string): boolean {
  return value.length <= ROUTE_ID_MAX && ROUTE_ID_PATTERN.test(value);
}

/** The admin overview's window and how long rows are kept. */
export const VITALS_WINDOW_DAYS = 28;
export const VITALS_RETENTION_DAYS = 90;
