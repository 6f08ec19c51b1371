/**
 * GET /camps/:campId/calendar.ics: every session of a camp that has people in
 * it, with its group, as an iCalendar file (ADR 0088). For admins and the
 * camp's accepted participants; 404 for anyone else (an invitee who has not
 * accepted or declined, another member, an unknown or malformed id), so the
 * answer never tells whether the camp exists.
 */
import { calendarOrigin, campCalendar, mayReadCampCalendar } from "~/camps/calendar.server";
import { icsResponse } from "~/camps/ics.server";
import { defineRoute } from "~/routing/route.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

const route = defineRoute({
  access: "member",
  resource: true,
  async load({ db, viewer, params, request }) {
    const campId = params.campId ?? "";
    if (!UUID.test(campId) || !(await mayReadCampCalendar(db, viewer, campId))) return notFound();
    const camp = await campCalendar(db, campId, calendarOrigin(request));
    if (!camp) return notFound();
    return icsResponse(camp.body, { fileName: camp.name, cacheControl: "private, no-store" });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
