/**
 * Page views and web vitals from real visits, to our own endpoint (SPEC §7
 * "speed insights and analytics"; ADR 0096). No third party, no cookie of
 * its own, no URL: only the route's id ("routes/catalogue/song").
 *
 * The enhancement layer calls trackPageView on every navigation. The first
 * call loads web-vitals (a chunk of its own, after hydration) and registers
 * LCP, INP, CLS and TTFB for the page load; they are attributed to the route
 * of the hard load (a page restored from the back/forward cache: the route it
 * showed). Each metric is reported once per page load (its id), at the value
 * web-vitals reports first: LCP at the first input, CLS and INP when the page
 * is first hidden.
 *
 * Everything is queued and sent with navigator.sendBeacon in small batches
 * (beacon.ts), and whatever waits is sent when the page is hidden or left.
 * With the performanceMonitoring feature flag on in this browser, every
 * metric is also written to the developer tools' log (createDebug("vitals")).
 */
import type { MetricType } from "web-vitals";
import { createDebug } from "~/enhance/debug/debug";
import { readFeatureFlags } from "~/enhance/flags/feature-flags";
import { BeaconQueue } from "./beacon";
import { VITALS_ENDPOINT, type VitalMetric } from "./metrics";

const debug = createDebug("vitals");

let queue: BeaconQueue | null = null;
let hardLoadRoute: string | null = null;
let currentRoute: string | null = null;
const reported = new Set<string>();

function sendBeacon(body: URLSearchParams): boolean {
  // A URLSearchParams body goes out as application/x-www-form-urlencoded.
  return typeof navigator.sendBeacon === "function" && navigator.sendBeacon(VITALS_ENDPOINT, body);
}

function start(route: string): BeaconQueue {
  const created = new BeaconQueue({ send: sendBeacon });
  hardLoadRoute = route;
  const flush = () => created.flush();
  // "hidden" is the last moment a page is sure to get (mobile browsers may never fire pagehide).
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  window.addEventListener("pagehide", flush);
  void import("web-vitals")
    .then(({ onLCP, onINP, onCLS, onTTFB }) => {
      for (const register of [onLCP, onINP, onCLS, onTTFB]) register(record as (metric: MetricType) => void);
    })
    .catch(() => undefined);
  return created;
}

function record(metric: MetricType): void {
  if (metric.name === "FCP" || reported.has(metric.id) || !queue) return;
  reported.add(metric.id);
  const route = (metric.navigationType === "back-forward-cache" ? currentRoute : hardLoadRoute) ?? "unknown";
  queue.push({ kind: "vital", route, metric: metric.name as VitalMetric, value: metric.value });
  if (readFeatureFlags().performanceMonitoring) {
    debug(`${metric.name} ${metric.value.toFixed(metric.name === "CLS" ? 3 : 0)} (${metric.rating}) on ${route}`, {
      id: metric.id,
      navigationType: metric.navigationType,
      delta: metric.delta,
    });
  }
}

/** One page view of `routeId` (a route's id, never a URL); the first call also starts the web-vitals reporting. */
export function trackPageView(routeId: string): void {
  queue ??= start(routeId);
  currentRoute = routeId;
  queue.push({ kind: "view", route: routeId });
}
