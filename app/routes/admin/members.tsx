/**
 * /admin/members (admin guard): accepted members, A&R professionals and
 * administrators. One GET form (name or e-mail, and who to show, each option
 * with its count for the search), so every state is a URL that works without
 * JavaScript; numbered pages. Each name leads to /admin/members/{userId}.
 * docs/decisions/0081-member-featuring-and-showcase-curation.md
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listAdminMembers, parseMembersQuery } from "~/admin/members.server";
import { membersSearch } from "~/admin/members-showcase-query";
import { MEMBER_ROLE_FILTER_LABELS, MEMBER_ROLE_FILTERS, MEMBERS_TEXT as T } from "~/admin/members-showcase-text";
import * as styles from "~/admin/members-showcase.css";
import { AdminSearchForm } from "~/admin/AdminSearchForm";
import { Pagination } from "~/catalog/components/Pagination";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { roleLabel } from "~/members/roles";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `${T.title} | Admin | ${PRODUCT_NAME}` }];

const PATH = "/admin/members";

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Members", to: PATH, summary: "Accepted members, A&R professionals and administrators.", order: 30 },
  async load({ db, url }) {
    const query = parseMembersQuery(url.searchParams);
    const result = await listAdminMembers(db, query);
    return { ...result, query: { ...query, page: result.page } };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

export default function AdminMembersRoute() {
  const { rows, total, page: pageNumber, pageCount, counts, query } = useLoaderData<typeof loader>();
  const filtered = Boolean(query.q) || query.role !== "all";
  return (
    <>
      <PageHeader eyebrow="Admin" title={T.title} lead={T.lead} />
      {/* Keyed by the URL: the fields start again from the query after a link or Back. */}
      <AdminSearchForm
        path={PATH}
        idPrefix="members"
        text={T}
        q={query.q}
        filter={{
          name: "role",
          label: T.roleLabel,
          value: query.role === "all" ? "" : query.role,
          options: MEMBER_ROLE_FILTERS.map((filter) => ({ value: filter === "all" ? "" : filter, label: `${MEMBER_ROLE_FILTER_LABELS[filter]} (${counts[filter]})` })),
        }}
        filtered={filtered}
      />
      <section className={styles.stack} aria-labelledby="members-count">
        <h2 id="members-count" className={styles.resultCount} aria-live="polite" data-testid="admin-member-count">
          {T.count(total)}
        </h2>
        {rows.length === 0 ? (
          <EmptyState
            icon={filtered ? "search" : "users"}
            title={filtered ? T.noMatchesTitle : T.emptyTitle}
            actions={
              filtered ? (
                <ButtonLink to={PATH} variant="outline">
                  {T.clear}
                </ButtonLink>
              ) : null
            }
          >
            {filtered ? T.noMatchesText : T.emptyText}
          </EmptyState>
        ) : (
          // Focusable so keyboard users can scroll the table sideways on narrow screens.
          <div className={page.tableWrap} role="region" aria-label={T.tableCaption} tabIndex={0}>
            <table className={page.table}>
              <caption className="visually-hidden">{T.tableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{T.columns.name}</th>
                  <th scope="col">{T.columns.contact}</th>
                  <th scope="col">{T.columns.role}</th>
                  <th scope="col">{T.columns.featured}</th>
                  <th scope="col">{T.columns.showcase}</th>
                  <th scope="col">{T.columns.since}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.userId} data-testid="admin-member-row">
                    <th scope="row">
                      <Link to={`${PATH}/${row.userId}`} className={page.textLink}>
                        {row.displayName ?? "No name"}
                      </Link>
                      <br />
                      <span className={page.muted}>{row.listed ? T.inDirectory : T.notInDirectory}</span>
                    </th>
                    <td>{row.email ?? row.phone}</td>
                    <td>
                      <span className={row.isAdmin ? styles.featuredBadge : styles.plainBadge}>{roleLabel(row.role, row.isAdmin)}</span>
                    </td>
                    <td>{row.featuredAt ? <span className={styles.featuredBadge}>{T.featuredBadge}</span> : T.notFeatured}</td>
                    <td>{row.showcaseCount}</td>
                    <td>
                      <time dateTime={row.memberSince}>{dateFormat.format(new Date(row.memberSince))}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={pageNumber} pageCount={pageCount} hrefFor={(n) => `${PATH}${membersSearch(query, { page: n })}`} />
      </section>
    </>
  );
}
