/** The admin area's frame: section navigation beside the page. */
import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { container } from "~/layout/layout.css";
import * as styles from "./admin.css";

export interface AdminSectionLink {
  to: string;
  label: string;
  summary: string;
}

/** `sections`: what the admin routes declare (app/routing/registry.server.ts), passed down by the admin layout. */
export function AdminShell({ sections, children }: { sections: AdminSectionLink[]; children: ReactNode }) {
  return (
    <div className={`${container} ${styles.shell}`}>
      <nav aria-label="Admin sections" className={styles.sidebar}>
        <p className={styles.sidebarTitle}>Admin</p>
        <ul className={styles.navList}>
          <li>
            <NavLink to="/admin" end className={styles.navLink}>
              Overview
            </NavLink>
          </li>
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} className={styles.navLink} prefetch="intent">
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
