/** /admin: the overview (admin guard). Real counts from the database, and the sections. */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { getOverviewCounts, listPendingArRequests } from "~/admin/admin.server";
import * as styles from "~/admin/admin.css";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import type { loader as adminLayoutLoader } from "./layout";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction = () => [{ title: `Admin overview | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "admin",
  async load({ db }) {
    const [counts, arRequests] = await Promise.all([getOverviewCounts(db), listPendingArRequests(db, 5)]);
    return { counts, arRequests };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

export default function AdminOverviewRoute() {
  const { counts, arRequests } = useLoaderData<typeof loader>();
  const sections = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout")?.sections ?? [];
  const stats = [
    { label: "Users", value: counts.users },
    { label: "Members", value: counts.members },
    { label: "A&R professionals", value: counts.arProfessionals },
    { label: "Applicants", value: counts.applicants },
    { label: "Profiles", value: counts.profiles },
    { label: "Public profiles", value: counts.publicProfiles },
    { label: "Administrators", value: counts.admins },
    { label: "A&R access requests", value: counts.pendingArRequests },
  ];
  return (
    <>
      <PageHeader eyebrow="Admin" title="Overview" lead={`The state of ${PRODUCT_NAME} right now, counted from the database.`} />
      <section aria-labelledby="counts-title">
        <h2 id="counts-title" className={page.sectionTitle}>
          People
        </h2>
        <dl className={page.statGrid}>
          {stats.map((stat) => (
            <div key={stat.label} className={page.stat}>
              <dt className={page.statLabel}>{stat.label}</dt>
              <dd className={page.statValue}>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="ar-requests-title">
        <h2 id="ar-requests-title" className={page.sectionTitle}>
          A&amp;R access requests
        </h2>
        {arRequests.length === 0 ? (
          <EmptyState icon="mail" title="No open A&R requests" headingLevel={3}>
            Requests sent from the A&amp;R registration page appear here until they are answered.
          </EmptyState>
        ) : (
          <div className={page.tableWrap} role="region" aria-label="Open A&R access requests" tabIndex={0}>
            <table className={page.table}>
              <caption>The {arRequests.length === 1 ? "latest request" : `${arRequests.length} latest requests`}, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Company</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Message</th>
                  <th scope="col">Received</th>
                </tr>
              </thead>
              <tbody>
                {arRequests.map((request) => (
                  <tr key={request.id}>
                    <th scope="row">
                      <Link to={`/admin/ar-registrations?id=${request.id}`}>{request.name}</Link>
                    </th>
                    <td>{request.company}</td>
                    <td>{request.email ? <a href={`mailto:${request.email}`}>{request.email}</a> : <span className={page.muted}>Phone account</span>}</td>
                    <td>{request.message || <span className={page.muted}>No message</span>}</td>
                    <td>
                      <time dateTime={request.createdAt}>{dateFormat.format(new Date(request.createdAt))}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="sections-title">
        <h2 id="sections-title" className={page.sectionTitle}>
          Sections
        </h2>
        <ul className={page.cardGrid}>
          {sections.map((section) => (
            <li key={section.to}>
              <Link to={section.to} className={styles.sectionCard}>
                <strong>{section.label}</strong>
                <span className={page.muted}>{section.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
