/**
 * /calendar: the member's camp sessions (the tour's 'Stay Connected' step,
 * docs/decisions/0068-tour-routes-and-no-js-tour.md; issue 13 §3,
 * docs/decisions/0088-camp-calendars-ics.md). Upcoming sessions first, then
 * past ones, by camp and day, each with the venue's time and the member's own
 * (profiles.time_zone), the group and links to the session and the camp.
 * "Add to your calendar": the .ics download and the private subscription link
 * (create, replace, revoke: plain forms through the pipeline). Before any
 * session the page keeps its honest empty state
 * (docs/decisions/0021-empty-states.md).
 */
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { calendarOrigin, calendarPage } from "~/camps/calendar.server";
import { feedPath, getMemberFeed, issueMemberFeed, revokeMemberFeed } from "~/camps/calendar-feeds.server";
import { CALENDAR_TEXT as T } from "~/camps/calendar-text";
import { CalendarCamps } from "~/camps/CalendarSessions";
import { CalendarExport, type SubscriptionView } from "~/camps/CalendarSubscription";
import * as styles from "~/camps/calendar.css";
import { formatInZone } from "~/camps/time";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { CALENDAR } from "~/onboarding/copy";
import { form, type FormActionData } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `Calendar | ${PRODUCT_NAME}` }];

const CALENDAR_PATH = "/calendar";

const route = defineRoute({
  access: "member",
  async load({ db, viewer, request }) {
    const [calendar, feed] = await Promise.all([calendarPage(db, viewer), getMemberFeed(db, viewer.id)]);
    let subscription: SubscriptionView | null = null;
    if (feed) {
      // The owner's own page is the one place the link is ever rendered.
      const url = `${calendarOrigin(request)}${feedPath(feed.token)}`;
      subscription = {
        url,
        webcalUrl: url.replace(/^https?:\/\//, "webcal://"),
        createdAt: feed.createdAt,
        created: formatInZone(new Date(feed.createdAt), calendar.memberZone),
        fetched: feed.lastFetchedAt ? formatInZone(new Date(feed.lastFetchedAt), calendar.memberZone) : null,
      };
    }
    return { calendar, subscription };
  },
  forms: {
    create: form({
      schema: z.object({}),
      async handle({ db, viewer, reply }) {
        if (await getMemberFeed(db, viewer!.id)) return reply({ formErrors: [T.replaceHint], status: 409 });
        await issueMemberFeed(db, viewer!.id);
        return redirectWithToast(CALENDAR_PATH, { type: "success", message: T.createdToast });
      },
    }),
    replace: form({
      schema: z.object({}),
      async handle({ db, viewer }) {
        const { replaced } = await issueMemberFeed(db, viewer!.id);
        return redirectWithToast(CALENDAR_PATH, { type: "success", message: replaced ? T.replacedToast : T.createdToast });
      },
    }),
    revoke: form({
      schema: z.object({}),
      async handle({ db, viewer, reply }) {
        if (!(await revokeMemberFeed(db, viewer!.id))) return reply({ formErrors: [T.nothingToRevoke], status: 404 });
        return redirectWithToast(CALENDAR_PATH, { type: "success", message: T.revokedToast });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function CalendarRoute() {
  const { calendar, subscription } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormActionData>();
  const formError = actionData?.result.error?.[""]?.[0] ?? null;
  const { upcoming, past, memberZone, count } = calendar;
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader title={CALENDAR.title} lead={CALENDAR.lead} />
      {count === 0 ? (
        <EmptyState
          title={CALENDAR.emptyTitle}
          icon="calendar"
          actions={
            <ButtonLink to="/members" variant="outline">
              {CALENDAR.directory}
            </ButtonLink>
          }
        >
          {CALENDAR.emptyText} {CALENDAR.timeZone(memberZone)}
        </EmptyState>
      ) : (
        <div className={styles.sections}>
          <p className={page.muted} data-testid="member-zone">
            {T.yourZoneNote(memberZone)}
          </p>
          <section className={styles.section} aria-labelledby="calendar-upcoming" data-testid="calendar-upcoming">
            <h2 id="calendar-upcoming" className={page.sectionTitle}>
              {T.upcomingTitle} <span className={page.muted}>({T.sessionCount(upcoming.reduce((n, c) => n + c.days.reduce((m, d) => m + d.sessions.length, 0), 0))})</span>
            </h2>
            {upcoming.length === 0 ? <p className={page.muted}>{T.noUpcoming}</p> : <CalendarCamps camps={upcoming} kind="upcoming" />}
          </section>
          {past.length > 0 ? (
            <section className={styles.section} aria-labelledby="calendar-past" data-testid="calendar-past">
              <h2 id="calendar-past" className={page.sectionTitle}>
                {T.pastTitle}
              </h2>
              <CalendarCamps camps={past} kind="past" />
            </section>
          ) : null}
        </div>
      )}
      <CalendarExport subscription={subscription} formError={formError} />
    </div>
  );
}
