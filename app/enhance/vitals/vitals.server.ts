/**
 * The server's side of page views and web vitals (ADR 0096): what a beacon
 * may say, storing it, and forgetting it after 90 days.
 *
 * A beacon is a form (beacon.ts builds it) read by one zod schema through the
 * shared form pipeline: route ids must be real routes of this app, metric
 * names one of the four, values finite and within VITAL_MAX, at most
 * MAX_BEACON_ENTRIES entries and at least one. The rating is computed here
 * from the value (Google's thresholds), not taken from the browser.
 * Nothing about who sent it is stored: no user, no address, no session.
 */
import { z } from "zod";
import type { Kysely } from "kysely";
import type { DB } from "~/platform/db/schema";
import type { RateLimitRule } from "~/platform/rate-limit.server";
import { MAX_BEACON_ENTRIES, rateVital, roundVital, VITAL_MAX, VITAL_METRICS, VITALS_RETENTION_DAYS, isRouteIdShape, ROUTE_ID_MAX } from "./metrics";
import { isAppRouteId } from "./route-ids";

type Executor = Kysely<DB>;

export const VITALS_MESSAGES = {
  unknownRoute: "Not a route of this app",
  empty: "A beacon carries at least one page view or metric",
  tooMany: `A beacon carries at most ${MAX_BEACON_ENTRIES} entries`,
  outOfRange: "Out of range for this metric",
} as const;

/**
 * Beacons from one network address. A visitor sends one every few seconds at
 * most while browsing (a batch, or the page being hidden): 120 in 10 minutes
 * (one every 5 s, around the clock) leaves room for a few people behind one
 * address, and bounds what one address can write (at most 20 rows a beacon).
 */
export const VITALS_RATE_LIMIT = {
  name: "vitals:address",
  limit: 120,
  windowMs: 10 * 60_000,
  message: "Too many reports.",
} as const satisfies RateLimitRule;

const routeId = z
  .string()
  .max(ROUTE_ID_MAX)
  .refine((id) => isRouteIdShape(id) && isAppRouteId(id), VITALS_MESSAGES.unknownRoute);

const vital = z
  .object({ route: routeId, metric: z.enum(VITAL_METRICS), value: z.number().finite().min(0) })
  .refine((entry) => entry.value <= VITAL_MAX[entry.metric], { message: VITALS_MESSAGES.outOfRange, path: ["value"] });

export const beaconSchema = z
  .object({
    views: z.array(routeId).max(MAX_BEACON_ENTRIES, VITALS_MESSAGES.tooMany).default([]),
    vitals: z.array(vital).max(MAX_BEACON_ENTRIES, VITALS_MESSAGES.tooMany).default([]),
  })
  .superRefine((beacon, context) => {
    const entries = beacon.views.length + beacon.vitals.length;
    if (entries === 0) context.addIssue({ code: z.ZodIssueCode.custom, message: VITALS_MESSAGES.empty });
    if (entries > MAX_BEACON_ENTRIES) context.addIssue({ code: z.ZodIssueCode.custom, message: VITALS_MESSAGES.tooMany });
  });

export type Beacon = z.output<typeof beaconSchema>;

/** Stores a beacon's page views and metrics, stamped `now`. */
export async function recordBeacon(db: Executor, beacon: Beacon, now = new Date()): Promise<void> {
  if (beacon.views.length > 0) {
    await db
      .insertInto("web_page_views")
      .values(beacon.views.map((route) => ({ route_id: route, viewed_at: now })))
      .execute();
  }
  if (beacon.vitals.length > 0) {
    await db
      .insertInto("web_vitals")
      .values(
        beacon.vitals.map(({ route, metric, value }) => {
          const rounded = roundVital(metric, value);
          return { route_id: route, metric, value: rounded, rating: rateVital(metric, rounded), recorded_at: now };
        }),
      )
      .execute();
  }
}

/** Deletes page views and metrics older than VITALS_RETENTION_DAYS (the server's housekeeping, every 5 minutes). */
export async function pruneWebVitals(db: Executor, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - VITALS_RETENTION_DAYS * 24 * 60 * 60_000);
  const views = await db.deleteFrom("web_page_views").where("viewed_at", "<", before).executeTakeFirst();
  const vitals = await db.deleteFrom("web_vitals").where("recorded_at", "<", before).executeTakeFirst();
  return Number(views.numDeletedRows ?? 0) + Number(vitals.numDeletedRows ?? 0);
}
