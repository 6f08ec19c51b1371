/**
 * The overview's speed and visits, read in ONE statement over the last 28
 * days: page views per route, and per route and metric the 75th percentile
 * and its sample count (both tables are read by their time index, which
 * carries the grouped columns). ADR 0096.
 */
import { sql, type Kysely } from "kysely";
import { appRoutePatterns } from "~/enhance/vitals/route-ids";
import { VITALS_WINDOW_DAYS } from "~/enhance/vitals/metrics";
import type { DB } from "~/platform/db/schema";
import { buildRouteVitals, type RouteVitals, type RouteVitalsRow } from "./statistics-vitals";

export async function getRouteVitals(db: Kysely<DB>, now = new Date()): Promise<RouteVitals[]> {
  const since = new Date(now.getTime() - VITALS_WINDOW_DAYS * 24 * 60 * 60_000);
  const { rows } = await sql<RouteVitalsRow>`
    with views as (
      select route_id, count(*)::int as views
        from public.web_page_views
       where viewed_at >= ${since}
       group by route_id
    ), vitals as (
      select route_id, metric, percentile_cont(0.75) within group (order by value) as p75, count(*)::int as samples
        from public.web_vitals
       where recorded_at >= ${since}
       group by route_id, metric
    )
    select coalesce(v.route_id, m.route_id) as route_id, v.views, m.metric, m.p75, m.samples
      from views v
      full join vitals m on m.route_id = v.route_id
  `.execute(db);
  return buildRouteVitals(rows, appRoutePatterns());
}
