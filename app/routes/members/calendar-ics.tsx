/**
 * GET /calendar/sessions.ics (member): the signed-in member's own camp
 * sessions as an iCalendar file to download (ADR 0088). Computed on request;
 * never kept by a cache (it is about one person).
 */
import { calendarOrigin, memberCalendar } from "~/camps/calendar.server";
import { icsResponse } from "~/camps/ics.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";

const route = defineRoute({
  access: "member",
  resource: true,
  async load({ db, viewer, request }) {
    const body = await memberCalendar(db, viewer.id, calendarOrigin(request));
    return icsResponse(body, { fileName: `${PRODUCT_NAME} camp sessions`, cacheControl: "private, no-store" });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
