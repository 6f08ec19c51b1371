/**
 * Demo speed and visits (ADR 0096): a deterministic month of page views and
 * web vitals on a few routes, so the overview's "Speed and visits" shows
 * figures (and each rating at least once) on a fresh install. Real beacons
 * add to them; housekeeping forgets them after 90 days like any other row.
 */
import type { Transaction } from "kysely";
import { createRandom } from "~/demo/songs-random";
import { rateVital, roundVital, VITAL_MAX, type VitalMetric } from "~/enhance/vitals/metrics";
import type { DB } from "~/platform/db/schema";

const DAY = 24 * 60 * 60_000;
const DAYS = 28;

/** Per route: page views a day, and each metric's typical value (the median the demo draws around). */
export const DEMO_VITALS_ROUTES: readonly { routeId: string; viewsPerDay: number; typical: Record<VitalMetric, number> }[] = [
  { routeId: "routes/home/landing", viewsPerDay: 6, typical: { LCP: 1700, INP: 90, CLS: 0.02, TTFB: 320 } },
  { routeId: "routes/catalogue/music-catalog", viewsPerDay: 5, typical: { LCP: 2300, INP: 160, CLS: 0.06, TTFB: 520 } },
  { routeId: "routes/catalogue/song", viewsPerDay: 4, typical: { LCP: 3100, INP: 140, CLS: 0.04, TTFB: 610 } },
  { routeId: "routes/members/dashboard", viewsPerDay: 3, typical: { LCP: 2100, INP: 330, CLS: 0.09, TTFB: 900 } },
  { routeId: "routes/admin/overview", viewsPerDay: 1, typical: { LCP: 2600, INP: 180, CLS: 0.21, TTFB: 1500 } },
];

/** Of the page views, the share that also reports its metrics (hard loads; navigations report none). */
const MEASURED_SHARE = 0.6;

export async function seedDemoVitals(
  tx: Transaction<DB>,
  options: { now: Date; log?: (line: string) => void },
): Promise<{ views: number; vitals: number }> {
  const random = createRandom(20261128);
  // A normal draw (Box-Muller) for log-normal values: most visits near the typical value, a long slow tail.
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const views: { route_id: string; viewed_at: Date }[] = [];
  const vitals: { route_id: string; metric: VitalMetric; value: number; rating: ReturnType<typeof rateVital>; recorded_at: Date }[] = [];
  const now = options.now.getTime();
  for (const route of DEMO_VITALS_ROUTES) {
    for (let day = DAYS - 1; day >= 0; day--) {
      const count = Math.max(0, Math.round(route.viewsPerDay * (0.6 + random() * 0.8)));
      for (let i = 0; i < count; i++) {
        const at = new Date(now - day * DAY - Math.floor(random() * DAY) - 60_000);
        views.push({ route_id: route.routeId, viewed_at: at });
        if (random() >= MEASURED_SHARE) continue;
        for (const metric of Object.keys(route.typical) as VitalMetric[]) {
          const drawn = route.typical[metric] * Math.exp(0.35 * normal());
          const value = roundVital(metric, Math.min(drawn, VITAL_MAX[metric]));
          vitals.push({ route_id: route.routeId, metric, value, rating: rateVital(metric, value), recorded_at: at });
        }
      }
    }
  }
  for (let start = 0; start < views.length; start += 500) await tx.insertInto("web_page_views").values(views.slice(start, start + 500)).execute();
  for (let start = 0; start < vitals.length; start += 500) await tx.insertInto("web_vitals").values(vitals.slice(start, start + 500)).execute();
  options.log?.(`seeded ${views.length} demo page views and ${vitals.length} web vitals`);
  return { views: views.length, vitals: vitals.length };
}
