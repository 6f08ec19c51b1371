/**
 * /admin/submissions (admin guard): the queue of songs members submit, with a
 * filter per status and the count of each (pending first by default, oldest
 * first, so the longest waiting gets heard first). Each row opens the
 * submission's review page. docs/decisions/0075-song-submissions.md
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { ADMIN_SUBMISSIONS_PATH, adminSubmissionPath, STATUS_LABELS, SUBMISSION_STATUSES, SUBMISSION_TEXT, type SubmissionStatus } from "~/submissions/constants";
import { StatusBadge, formatDate } from "~/submissions/SubmissionDetails";
import { adminQueue } from "~/submissions/submissions.server";
import * as styles from "~/submissions/submissions.css";
import { buttonClass } from "~/ui/Button";

const T = SUBMISSION_TEXT.admin;

export const meta: MetaFunction = () => [{ title: `${T.pageTitle} | Admin | ${PRODUCT_NAME}` }];

/** ?status= one of the statuses, "all", or nothing (pending). */
function statusOf(value: string | null): SubmissionStatus | null {
  if (value === "all") return null;
  return (SUBMISSION_STATUSES as readonly string[]).includes(value ?? "") ? (value as SubmissionStatus) : "pending";
}

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Submissions", to: ADMIN_SUBMISSIONS_PATH, summary: "Songs members send in for review.", order: 20 },
  async load({ db, url }) {
    return adminQueue(db, statusOf(url.searchParams.get("status")));
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const FILTERS: { value: SubmissionStatus | "all"; label: string }[] = [
  ...SUBMISSION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  { value: "all", label: T.all },
];

export default function AdminSubmissionsRoute() {
  const { status, rows, counts } = useLoaderData<typeof loader>();
  const current = status ?? "all";
  const currentLabel = FILTERS.find((f) => f.value === current)?.label ?? T.all;
  return (
    <>
      <PageHeader eyebrow="Admin" title={T.pageTitle} lead={T.lead} />
      <nav aria-label={T.filters}>
        <ul className={styles.filters}>
          {FILTERS.map((filter) => (
            <li key={filter.value}>
              <Link
                to={`${ADMIN_SUBMISSIONS_PATH}?status=${filter.value}`}
                className={buttonClass({ variant: filter.value === current ? "default" : "outline" })}
                aria-current={filter.value === current ? "page" : undefined}
                data-testid={`filter-${filter.value}`}
              >
                {filter.label} ({counts[filter.value]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {rows.length === 0 ? (
        <EmptyState icon="inbox" title={T.emptyTitle}>
          {current === "all" ? T.emptyAll : T.empty(currentLabel)}
        </EmptyState>
      ) : (
        <div className={page.tableWrap}>
          <table className={page.table} data-testid="submission-queue">
            <caption className="visually-hidden">
              {currentLabel}: {T.count(rows.length)}
            </caption>
            <thead>
              <tr>
                <th scope="col">{T.columns.title}</th>
                <th scope="col">{T.columns.member}</th>
                <th scope="col">{T.columns.submitted}</th>
                <th scope="col">{T.columns.status}</th>
                <th scope="col">{T.columns.brief}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link to={adminSubmissionPath(row.id)} className={page.textLink}>
                      {row.title}
                    </Link>
                  </th>
                  <td>{row.memberName}</td>
                  <td>{formatDate(row.createdAt)}</td>
                  <td>
                    <StatusBadge status={row.status} />
                  </td>
                  <td>{row.briefId ? T.answersBrief : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
