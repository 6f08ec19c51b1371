/**
 * /admin: the overview (admin guard; /admin/dashboard redirects here). In this
 * order: the queues that need an admin, SPEC §3's statistics (refetched every
 * 300000 ms with JavaScript, fresh on every load without), the weekly charts
 * (server-rendered SVG), speed and visits per route (SPEC §7, ADR 0096), the
 * audit log with its filters, and the sections.
 * Every part is read from the database on each request
 * (app/admin/statistics.server.ts); a part that cannot be read says so in its
 * place instead of failing the page. ADR 0079.
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import * as styles from "~/admin/admin.css";
import { WeeklyChart } from "~/admin/charts/WeeklyChart";
import * as chartStyles from "~/admin/charts/charts.css";
import { OVERVIEW_TEXT } from "~/admin/statistics";
import * as statStyles from "~/admin/statistics.css";
import { loadOverview } from "~/admin/statistics.server";
import { StatisticsPanel } from "~/admin/StatisticsPanel";
import { RouteVitalsSection } from "~/admin/RouteVitalsSection";
import { VITALS_TEXT } from "~/admin/statistics-vitals";
import { auditFilterSearch } from "~/audit/audit-filter";
import { AuditLogFilters, AuditLogList } from "~/audit/AuditLogList";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { Alert } from "~/ui/Alert";
import type { loader as adminLayoutLoader } from "./layout";

export const meta: MetaFunction = () => [{ title: `Admin overview | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "admin",
  load: ({ db, url }) => loadOverview(db, url.searchParams),
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const numberFormat = new Intl.NumberFormat("en-GB");
const AUDIT_ANCHOR = "#audit-log";

export default function AdminOverviewRoute() {
  const { queues, statistics, series, vitals, audit, filter } = useLoaderData<typeof loader>();
  const sections = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout")?.sections ?? [];
  const filtered = Boolean(filter.actorId || filter.action || filter.targetType);
  return (
    <>
      <PageHeader eyebrow="Admin" title="Overview" lead={`The state of ${PRODUCT_NAME} right now, counted from the database.`} />

      <section aria-labelledby="queues-title">
        <h2 id="queues-title" className={page.sectionTitle}>
          {OVERVIEW_TEXT.queuesTitle}
        </h2>
        {queues ? (
          <ul className={statStyles.queueList}>
            {queues.map((queue) => (
              <li key={queue.key}>
                <Link to={queue.to} className={statStyles.queueLink} data-queue={queue.key}>
                  <span className={`${statStyles.queueCount} ${queue.count > 0 ? statStyles.queueWaiting : ""}`}>{numberFormat.format(queue.count)}</span>
                  <span className={statStyles.queueLabel}>{queue.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <Alert variant="destructive">{OVERVIEW_TEXT.queuesFailed}</Alert>
        )}
      </section>

      <section aria-labelledby="statistics-title">
        <h2 id="statistics-title" className={page.sectionTitle}>
          {OVERVIEW_TEXT.statisticsTitle}
        </h2>
        <StatisticsPanel initial={statistics} />
      </section>

      <section aria-labelledby="charts-title">
        <h2 id="charts-title" className={page.sectionTitle}>
          {OVERVIEW_TEXT.chartsTitle}
        </h2>
        <p className={page.muted}>{OVERVIEW_TEXT.chartsLead}</p>
        {series ? (
          <div className={chartStyles.grid}>
            <WeeklyChart title="Applications per week" weeks={series.weeks} values={series.applications} unit="applications" kind="per-week" valueHeading="Applications" />
            <WeeklyChart title="New members per week" weeks={series.weeks} values={series.members} unit="new members" kind="per-week" valueHeading="New members" />
            <WeeklyChart title="Plays per week" weeks={series.weeks} values={series.plays} unit="plays" kind="per-week" valueHeading="Plays" />
            <WeeklyChart title="Songs in the catalogue" weeks={series.weeks} values={series.catalogue} unit="songs in the catalogue" kind="level" valueHeading="Songs at the end of the week" />
          </div>
        ) : (
          <Alert variant="destructive">{OVERVIEW_TEXT.chartsFailed}</Alert>
        )}
      </section>

      <section aria-labelledby="speed-title" id="speed-and-visits">
        <h2 id="speed-title" className={page.sectionTitle}>
          {VITALS_TEXT.title}
        </h2>
        <p className={page.muted}>{VITALS_TEXT.lead}</p>
        {vitals ? (
          <div className={statStyles.stack}>
            <RouteVitalsSection routes={vitals} />
          </div>
        ) : (
          <Alert variant="destructive">{VITALS_TEXT.failed}</Alert>
        )}
      </section>

      <section aria-labelledby="audit-log-title" id="audit-log">
        <h2 id="audit-log-title" className={page.sectionTitle}>
          {OVERVIEW_TEXT.auditTitle}
        </h2>
        <p className={page.muted}>{OVERVIEW_TEXT.auditLead}</p>
        {audit ? (
          <div className={statStyles.stack}>
            <AuditLogFilters action={`/admin${AUDIT_ANCHOR}`} filter={filter} actors={audit.actors} clearHref={`/admin${AUDIT_ANCHOR}`} />
            <AuditLogList
              entries={audit.entries}
              olderHref={audit.nextBeforeId ? `/admin${auditFilterSearch(filter, audit.nextBeforeId)}${AUDIT_ANCHOR}` : null}
              newestHref={filter.beforeId ? `/admin${auditFilterSearch(filter)}${AUDIT_ANCHOR}` : null}
              empty={
                <EmptyState icon="file" title={filtered ? "No entry matches these filters" : "No admin actions yet"} headingLevel={3}>
                  {filtered
                    ? "Nobody has done that yet. Clear the filters to see every entry."
                    : "When an admin bans an account, edits a song, archives, restores or decides on something, it is recorded here with who did it and what changed."}
                </EmptyState>
              }
            />
          </div>
        ) : (
          <Alert variant="destructive">{OVERVIEW_TEXT.auditFailed}</Alert>
        )}
      </section>

      <section aria-labelledby="sections-title">
        <h2 id="sections-title" className={page.sectionTitle}>
          {OVERVIEW_TEXT.sectionsTitle}
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
