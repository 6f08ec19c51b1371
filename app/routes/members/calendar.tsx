/**
 * /calendar: the member's camp sessions (the tour's 'Stay Connected' step,
 * docs/decisions/0068-tour-routes-and-no-js-tour.md). Camps arrive with their
 * own issue; until then the page says plainly that there is nothing yet and
 * what will appear here (docs/decisions/0021-empty-states.md).
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { sql } from "kysely";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { CALENDAR } from "~/onboarding/copy";
import type { Database } from "~/platform/db/connect.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `Calendar | ${PRODUCT_NAME}` }];

/**
 * The member's time zone, when profiles has one (the profile settings add
 * profiles.time_zone). Read through the row's JSON so the page works with or
 * without that column; a valid IANA name only.
 */
async function memberTimeZone(db: Database, userId: string): Promise<string | null> {
  const result = await sql<{ time_zone: string | null }>`
    select to_jsonb(p) ->> 'time_zone' as time_zone from public.profiles p where p.user_id = ${userId}
  `.execute(db);
  const zone = result.rows[0]?.time_zone?.trim();
  if (!zone) return null;
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const route = defineRoute({
  access: "member",
  async load({ db, viewer }) {
    return { timeZone: await memberTimeZone(db, viewer.id), sessions: [] as { id: string }[] };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function CalendarRoute() {
  const { timeZone } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader title={CALENDAR.title} lead={CALENDAR.lead} />
      <EmptyState
        title={CALENDAR.emptyTitle}
        icon="calendar"
        actions={
          <ButtonLink to="/members" variant="outline">
            {CALENDAR.directory}
          </ButtonLink>
        }
      >
        {CALENDAR.emptyText} {timeZone ? CALENDAR.timeZone(timeZone) : CALENDAR.noTimeZone}
      </EmptyState>
    </div>
  );
}
