/**
 * POST /api/vitals: page views and web vitals from real visits, sent by
 * app/enhance/vitals/report.client.ts with navigator.sendBeacon (SPEC §7
 * "speed insights and analytics"; ADR 0096).
 *
 * Public: visitors' visits count too. "public", not "public-viewer": the
 * session is never read, so a beacon neither counts as activity (a tab
 * sending its last metrics as it closes must not keep a session alive) nor
 * refreshes, rotates or clears a session cookie; the response never sets a
 * cookie, and nothing stored names the sender.
 *
 *   204                       stored
 *   400 { intent, result }    malformed: an unknown route, a metric or value out of range,
 *                             no entries or more than MAX_BEACON_ENTRIES
 *   405                       GET (nothing to read here)
 *   413                       a body over 16 KiB (server.ts, BODY_LIMITS)
 *   415                       a body that is not a form (server.ts, input hygiene)
 *   429                       too many beacons from this address (VITALS_RATE_LIMIT)
 *   403                       a cross-site post (the origin check every POST gets)
 *
 * One zod schema through the shared form pipeline: a beacon is an ordinary
 * urlencoded form, so the pipeline's reading, parsing and rate limit fit it
 * as they are (no honeypot: a script sends it, not a person).
 */
import { requestContext } from "~/auth/request-context.server";
import { beaconSchema, recordBeacon, VITALS_RATE_LIMIT } from "~/enhance/vitals/vitals.server";
import { form } from "~/routing/forms.server";
import { defineRoute, methodNotAllowed } from "~/routing/route.server";

const route = defineRoute({
  access: "public",
  resource: true,
  load: () => methodNotAllowed("POST"),
  forms: {
    beacon: form({
      schema: beaconSchema,
      honeypot: false,
      rateLimit: { rule: VITALS_RATE_LIMIT, subject: ({ request }) => requestContext(request).clientAddress },
      async handle({ db, value }) {
        await recordBeacon(db, value);
        return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
