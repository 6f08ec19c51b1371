/**
 * /admin/users (admin guard, ADR 0080): every account, applicants included.
 * Search by name, e-mail or phone (LIKE wildcards typed are plain text),
 * filter (applicants, members, A&R, admins, suspended), pages of 50, and a
 * status column naming a suspension's end. A plain GET form: works without
 * JavaScript, and the URL keeps the search.
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { listAccounts, parseUserListQuery, type UserListQuery } from "~/admin/users.server";
import { USER_FILTERS, USER_SEARCH_MAX, USERS_TEXT, type UserFilter } from "~/admin/users-text";
import * as styles from "~/admin/users.css";
import * as adminStyles from "~/admin/admin.css";
import { formatSuspensionEnd } from "~/auth/suspension";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { roleLabel } from "~/members/roles";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { Button, ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `Users | Admin | ${PRODUCT_NAME}` }];

const PATH = "/admin/users";

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Users", to: PATH, summary: "Every account: search, suspend, recover, admin rights, delete.", order: 40 },
  async load({ db, url }) {
    return listAccounts(db, parseUserListQuery(url.searchParams));
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

function hrefFor(query: UserListQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.filter !== "all") params.set("filter", query.filter);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${PATH}?${search}` : PATH;
}

export default function AdminUsersRoute() {
  const { rows, hasNextPage, query } = useLoaderData<typeof loader>();
  const location = useLocation();
  const filtered = Boolean(query.q) || query.filter !== "all";
  return (
    <>
      <PageHeader eyebrow="Admin" title={USERS_TEXT.listTitle} lead={USERS_TEXT.listLead} />
      <Form key={location.search} method="get" action={PATH} className={styles.searchForm} role="search" aria-label="Search accounts">
        <div className={styles.searchField}>
          <label htmlFor="users-q" className={formStyles.label}>
            {USERS_TEXT.searchLabel}
          </label>
          <input id="users-q" type="search" name="q" defaultValue={query.q} maxLength={USER_SEARCH_MAX} autoComplete="off" className={formStyles.control} />
        </div>
        <div className={styles.searchField}>
          <label htmlFor="users-filter" className={formStyles.label}>
            {USERS_TEXT.filterLabel}
          </label>
          <select id="users-filter" name="filter" defaultValue={query.filter} className={formStyles.control}>
            {(Object.keys(USER_FILTERS) as UserFilter[]).map((filter) => (
              <option key={filter} value={filter}>
                {USER_FILTERS[filter]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.searchActions}>
          <Button type="submit" variant="secondary">
            {USERS_TEXT.searchButton}
          </Button>
          {filtered ? (
            <ButtonLink to={PATH} variant="ghost">
              {USERS_TEXT.clearSearch}
            </ButtonLink>
          ) : null}
        </div>
      </Form>

      {rows.length === 0 ? (
        <EmptyState icon={filtered ? "search" : "users"} title={USERS_TEXT.noMatches}>
          {USERS_TEXT.noMatchesHint}
        </EmptyState>
      ) : (
        // Focusable so keyboard users can scroll the table sideways on narrow screens.
        <div className={page.tableWrap} role="region" aria-label={USERS_TEXT.tableCaption} tabIndex={0}>
          <table className={page.table} data-testid="users-table">
            <caption>{USERS_TEXT.tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail or phone</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Last sign-in</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.userId}>
                  <th scope="row">
                    <Link to={`${PATH}/${row.userId}`} className={page.textLink}>
                      {row.displayName || row.email?.split("@")[0] || row.phone || "Account"}
                    </Link>
                  </th>
                  <td className={styles.wrap}>{row.email ?? row.phone}</td>
                  <td>
                    <span className={row.role || row.isAdmin ? (row.isAdmin ? adminStyles.badgeAdmin : adminStyles.badge) : adminStyles.badgeMuted}>
                      {roleLabel(row.role, row.isAdmin)}
                    </span>
                  </td>
                  <td>{row.suspension ? USERS_TEXT.statusSuspended(formatSuspensionEnd(row.suspension.endsAt)) : USERS_TEXT.statusActive}</td>
                  <td>
                    <time dateTime={row.createdAt}>{dateFormat.format(new Date(row.createdAt))}</time>
                  </td>
                  <td>{row.lastSignInAt ? dateFormat.format(new Date(row.lastSignInAt)) : USERS_TEXT.never}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.page > 1 || hasNextPage ? (
        <nav className={page.pagination} aria-label="Pages">
          {query.page > 1 ? <Link to={hrefFor(query, query.page - 1)}>Previous page</Link> : <span />}
          <span className={page.muted}>Page {query.page}</span>
          {hasNextPage ? <Link to={hrefFor(query, query.page + 1)}>Next page</Link> : <span />}
        </nav>
      ) : null}
    </>
  );
}
