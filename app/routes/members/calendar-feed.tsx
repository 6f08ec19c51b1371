/**
 * GET /calendar/feed/:token (public; the token is the only key): a member's
 * private calendar subscription, "<token>" or "<token>.ics" (ADR 0088).
 * Calendar programs poll it without a session, so no cookie is read: the
 * access level is "public". An unknown, replaced or revoked token is a plain
 * 404 (a malformed one too, without a lookup); well-formed unknown tokens are
 * counted per network address and refused with 429 past the limit, before any
 * lookup; a live link is limited per member. The answer is computed on
 * request (a changed or removed session shows so on the next fetch), private
 * to the one who asked and short-lived in caches; the token is redacted from
 * the request log (app/platform/http/redact-url.ts).
 */
import { calendarOrigin, memberCalendar } from "~/camps/calendar.server";
import { CALENDAR_FEED_LIMITS, findFeedMember, parseFeedSegment } from "~/camps/calendar-feeds.server";
import { icsResponse } from "~/camps/ics.server";
import { consume, isLimited, recordHit } from "~/platform/rate-limit.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { clientAddress } from "~/shortlists/listener.server";

/** How long a calendar program (or a private cache) may reuse an answer. */
export const FEED_MAX_AGE_S = 300;

const FEED_HEADERS = { "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow" } as const;

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...FEED_HEADERS, ...headers } });

const route = defineRoute({
  access: "public",
  resource: true,
  async load({ db, params, request }) {
    const token = parseFeedSegment(params.token);
    if (!token) return plain(404, "Not Found");
    const address = clientAddress(request);
    const guessing = await isLimited(db, CALENDAR_FEED_LIMITS.unknownTokens, address);
    if (guessing) return plain(429, guessing.message, guessing.headers());
    const memberId = await findFeedMember(db, token);
    if (!memberId) {
      await recordHit(db, CALENDAR_FEED_LIMITS.unknownTokens, address);
      return plain(404, "Not Found");
    }
    const busy = await consume(db, CALENDAR_FEED_LIMITS.fetchesPerFeed, memberId);
    if (busy) return plain(429, busy.message, busy.headers());
    const body = await memberCalendar(db, memberId, calendarOrigin(request));
    return icsResponse(body, {
      fileName: `${PRODUCT_NAME} camp sessions`,
      cacheControl: `private, max-age=${FEED_MAX_AGE_S}`,
      headers: FEED_HEADERS,
    });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
