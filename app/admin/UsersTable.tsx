/** Accounts as a table: who (and whether they are in the directory), role, admin flag, dates. */
import { Link } from "@remix-run/react";
import * as page from "~/layout/page.css";
import { roleLabel } from "~/members/roles";
import type { AdminUserRow } from "./admin.server";
import * as styles from "./admin.css";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : "Never");

export function UsersTable({ rows, caption, showLastSignIn = true }: { rows: AdminUserRow[]; caption: string; showLastSignIn?: boolean }) {
  return (
    // Focusable so keyboard users can scroll the table sideways on narrow screens.
    <div className={page.tableWrap} role="region" aria-label={caption} tabIndex={0}>
      <table className={page.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">E-mail or phone</th>
            <th scope="col">Role</th>
            <th scope="col">Admin</th>
            <th scope="col">Created</th>
            {showLastSignIn ? <th scope="col">Last sign-in</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.userId}>
              <th scope="row">
                {row.displayName ?? <span className={page.muted}>{row.hasProfile ? "No name" : "No profile"}</span>}
                <br />
                {row.publicProfile && row.role ? (
                  <Link to={`/members/${row.userId}`} className={styles.subtle}>
                    Public profile
                  </Link>
                ) : (
                  <span className={`${page.muted} ${styles.subtle}`}>Not in the directory</span>
                )}
              </th>
              <td>{row.email ?? row.phone}</td>
              <td>
                <span className={row.role ? styles.badge : styles.badgeMuted}>{roleLabel(row.role)}</span>
              </td>
              <td>{row.isAdmin ? <span className={styles.badgeAdmin}>Yes</span> : "No"}</td>
              <td>
                <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time>
              </td>
              {showLastSignIn ? <td>{formatDate(row.lastSignInAt)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PageLinks({ path, page: current, hasNextPage }: { path: string; page: number; hasNextPage: boolean }) {
  if (current === 1 && !hasNextPage) return null;
  return (
    <nav className={page.pagination} aria-label="Pages">
      {current > 1 ? <Link to={current === 2 ? path : `${path}?page=${current - 1}`}>Previous page</Link> : <span />}
      <span className={page.muted}>Page {current}</span>
      {hasNextPage ? <Link to={`${path}?page=${current + 1}`}>Next page</Link> : <span />}
    </nav>
  );
}
