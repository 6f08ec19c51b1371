/**
 * /admin/camps (admin guard, issue 13 §1, ADR 0086): every camp, upcoming and
 * running first, then past, with the roster's answers counted; and "Create a
 * camp" (name, venue, the venue's time zone, dates, rooms, daily slots): one
 * transaction writes the camp, its rooms, slots and sessions and the audit
 * entry, then the admin lands on the camp's page. Works without JavaScript.
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { CreateCampForm } from "~/camps/AdminCampForms";
import { createCampSchema } from "~/camps/planning-schema";
import { ADMIN_CAMPS_PATH, adminCampPath, campDateRange, PHASE_LABELS, PLANNING_TEXT as T } from "~/camps/planning-text";
import { createCamp, listCamps, type CampListItem } from "~/camps/planning.server";
import * as styles from "~/camps/planning.css";
import * as adminStyles from "~/admin/admin.css";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { DEFAULT_TIME_ZONE, timeZoneLabel, timeZones } from "~/profile/time-zones";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";

export const meta: MetaFunction = () => [{ title: `${T.listTitle} | Admin | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Camps", to: "/admin/camps", summary: "Songwriting camps, rosters and sessions.", order: 90 },
  async load({ db }) {
    return { camps: await listCamps(db), zones: timeZones() };
  },
  forms: {
    create: form({
      schema: createCampSchema,
      async handle({ db, viewer, value }) {
        const camp = await createCamp(db, viewer!, value);
        return redirectWithToast(adminCampPath(camp.id), { type: "success", message: T.created(camp.name) });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

function CampTable({ caption, camps, empty }: { caption: string; camps: CampListItem[]; empty: string }) {
  if (camps.length === 0) return <p className={page.muted}>{empty}</p>;
  return (
    <div className={page.tableWrap}>
      <table className={page.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.columns.name}</th>
            <th scope="col">{T.columns.dates}</th>
            <th scope="col">{T.columns.venue}</th>
            <th scope="col">{T.columns.zone}</th>
            <th scope="col">{T.columns.invited}</th>
            <th scope="col">{T.columns.accepted}</th>
            <th scope="col">{T.columns.declined}</th>
            <th scope="col">{T.columns.phase}</th>
          </tr>
        </thead>
        <tbody>
          {camps.map((camp) => (
            <tr key={camp.id} data-testid="camp-row">
              <th scope="row">
                <Link to={adminCampPath(camp.id)} className={page.textLink}>
                  {camp.name}
                </Link>
              </th>
              <td>{campDateRange(camp.startsOn, camp.endsOn)}</td>
              <td>{camp.venue}</td>
              <td>{timeZoneLabel(camp.timeZone)}</td>
              <td>{camp.invited}</td>
              <td>{camp.accepted}</td>
              <td>{camp.declined}</td>
              <td>
                <span className={camp.phase === "past" ? adminStyles.badgeMuted : adminStyles.badge}>{PHASE_LABELS[camp.phase]}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AdminCampsRoute() {
  const { camps, zones } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { intent: string; result: SubmissionResult<string[]> } | undefined;
  const none = camps.current.length === 0 && camps.past.length === 0;
  return (
    <>
      <PageHeader eyebrow={T.eyebrow} title={T.listTitle} lead={T.listLead} />
      <div className={styles.stack}>
        {none ? (
          <p className={page.muted}>{T.noCamps}</p>
        ) : (
          <>
            <CampTable caption={T.upcomingTitle} camps={camps.current} empty={T.noUpcoming} />
            <CampTable caption={T.pastTitle} camps={camps.past} empty={T.noPast} />
          </>
        )}
        <section className={page.card} aria-labelledby="create-title">
          <h2 id="create-title" className={page.sectionTitle}>
            {T.createTitle}
          </h2>
          <p className={page.muted}>{T.createLead}</p>
          <CreateCampForm action={ADMIN_CAMPS_PATH} lastResult={actionData?.intent === "create" ? actionData.result : undefined} zones={zones} defaultZone={DEFAULT_TIME_ZONE} />
        </section>
      </div>
    </>
  );
}
