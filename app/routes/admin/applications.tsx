/**
 * /admin/applications (admin guard): the queue of submitted applications.
 * Status filters with their counts and the order are plain links (no
 * JavaScript needed); each row shows the applicant, their kind, when they
 * submitted, how many tracks, the viewing admin's rating and the average.
 * docs/decisions/0071-review-and-offers.md
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listQueue } from "~/applications/review.server";
import { parseQueueQuery, queueSearch, type QueueQuery } from "~/applications/review-query";
import * as styles from "~/applications/review.css";
import { KIND_LABELS, REVIEW_FILTERS, REVIEW_TEXT, STATUS_LABELS } from "~/applications/review-text";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `Applications | Admin | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Applications", to: "/admin/applications", summary: "Listen to applicants, rate them and decide.", order: 10 },
  async load({ db, url, viewer }) {
    return listQueue(db, viewer.id, parseQueueQuery(url.searchParams));
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const PATH = "/admin/applications";

function Filters({ query, counts }: { query: QueueQuery; counts: Record<string, number> }) {
  return (
    <div className={styles.filterBar}>
      <nav aria-label="Application status">
        <ul className={styles.filterList}>
          {REVIEW_FILTERS.map((status) => (
            <li key={status}>
              <Link
                to={`${PATH}${queueSearch({ status, order: query.order })}`}
                className={styles.filterLink}
                aria-current={status === query.status ? "page" : undefined}
              >
                {STATUS_LABELS[status]} <span className={styles.count}>{`(${counts[status] ?? 0})`}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={REVIEW_TEXT.orderLabel}>
        <ul className={styles.filterList}>
          {(["newest", "oldest"] as const).map((order) => (
            <li key={order}>
              <Link
                to={`${PATH}${queueSearch({ status: query.status, order })}`}
                className={styles.filterLink}
                aria-current={order === query.order ? "page" : undefined}
              >
                {order === "newest" ? REVIEW_TEXT.orderNewest : REVIEW_TEXT.orderOldest}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

export default function AdminApplicationsRoute() {
  const { rows, counts, query, hasNextPage } = useLoaderData<typeof loader>();
  const label = STATUS_LABELS[query.status]!;
  const context = { status: query.status, order: query.order };
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title={REVIEW_TEXT.queueTitle}
        lead={REVIEW_TEXT.queueLead}
        actions={
          <ButtonLink to="/admin/applications/questions" variant="outline">
            {REVIEW_TEXT.questionsLink}
          </ButtonLink>
        }
      />
      <Filters query={query} counts={counts} />
      {rows.length === 0 ? (
        <EmptyState icon="inbox" title={REVIEW_TEXT.emptyTitle(label)}>
          {REVIEW_TEXT.emptyText}
        </EmptyState>
      ) : (
        <div className={page.tableWrap} role="region" aria-label={`${label} applications`} tabIndex={0}>
          <table className={page.table}>
            <caption>
              {label} applications, {query.order === "newest" ? REVIEW_TEXT.orderNewest.toLowerCase() : REVIEW_TEXT.orderOldest.toLowerCase()}
            </caption>
            <thead>
              <tr>
                <th scope="col">Applicant</th>
                <th scope="col">Kind</th>
                <th scope="col">Submitted</th>
                <th scope="col">Tracks</th>
                <th scope="col">Your rating</th>
                <th scope="col">Average</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid="application-row">
                  <th scope="row">
                    <Link to={`${PATH}/${row.id}${queueSearch(context)}`} className={page.textLink}>
                      {row.name}
                    </Link>
                  </th>
                  <td>{row.kind ? KIND_LABELS[row.kind] : ""}</td>
                  <td>
                    <time dateTime={row.submittedAt}>{dateFormat.format(new Date(row.submittedAt))}</time>
                  </td>
                  <td>{REVIEW_TEXT.tracks(row.collabCount, row.soloCount)}</td>
                  <td>{row.myRating === null ? <span className={page.muted}>{REVIEW_TEXT.noRating}</span> : REVIEW_TEXT.ratingOf(row.myRating)}</td>
                  <td>
                    {row.averageRating === null ? (
                      <span className={page.muted}>{REVIEW_TEXT.noRating}</span>
                    ) : (
                      REVIEW_TEXT.average(row.averageRating, row.ratingCount)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.page > 1 || hasNextPage ? (
        <nav className={page.pagination} aria-label="Pages">
          {query.page > 1 ? <Link to={`${PATH}${queueSearch(context, query.page > 2 ? { page: String(query.page - 1) } : {})}`}>Previous page</Link> : <span />}
          <span className={page.muted}>Page {query.page}</span>
          {hasNextPage ? <Link to={`${PATH}${queueSearch(context, { page: String(query.page + 1) })}`}>Next page</Link> : <span />}
        </nav>
      ) : null}
    </>
  );
}
