/**
 * GET /api/admin/statistics (admins): SPEC §3's statistics object as JSON,
 * counted from the database on every request (app/admin/statistics.server.ts),
 * never cached. The overview refetches it every 300000 ms with JavaScript
 * (SPEC §9); when the database cannot be read the answer is 503 with SPEC §8's
 * 'Failed to fetch statistics'. A POST is 405. ADR 0079.
 */
import { getStatistics } from "~/admin/statistics.server";
import { OVERVIEW_TEXT } from "~/admin/statistics";
import { defineRoute } from "~/routing/route.server";

const NO_STORE = { "Cache-Control": "no-store" };

const route = defineRoute({
  access: "admin",
  resource: true,
  async load({ db }) {
    try {
      return Response.json(await getStatistics(db), { headers: NO_STORE });
    } catch (error) {
      console.error("statistics: could not be counted", error);
      return Response.json({ error: OVERVIEW_TEXT.statisticsFailed }, { status: 503, headers: NO_STORE });
    }
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
