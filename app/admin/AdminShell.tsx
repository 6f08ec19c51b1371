/**
 * The admin area's frame: section navigation beside the page on a wide
 * screen; on a phone or tablet, a menu above it that opens on demand (a
 * <details>, so it works without JavaScript) and names the current section,
 * so the page itself starts right below it and never scrolls sideways.
 */
import { NavLink, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { container } from "~/layout/layout.css";
import { useCloseOnNavigation } from "~/ui/useCloseOnNavigation";
import * as styles from "./admin.css";

export interface AdminSectionLink {
  to: string;
  label: string;
  summary: string;
}

const OVERVIEW = { to: "/admin", label: "Overview" };

function SectionLinks({ sections }: { sections: AdminSectionLink[] }) {
  return (
    <>
      <li>
        <NavLink to={OVERVIEW.to} end className={styles.navLink}>
          {OVERVIEW.label}
        </NavLink>
      </li>
      {sections.map((section) => (
        <li key={section.to}>
          <NavLink to={section.to} className={styles.navLink} prefetch="intent">
            {section.label}
          </NavLink>
        </li>
      ))}
    </>
  );
}

/** The section the current page belongs to (the longest matching path), as the menu's button names it. */
function currentSection(pathname: string, sections: AdminSectionLink[]): string {
  const path = pathname.replace(/\/+$/, "");
  const match = sections
    .filter((section) => path === section.to || path.startsWith(`${section.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
  return match?.label ?? OVERVIEW.label;
}

/** `sections`: what the admin routes declare (app/routing/registry.server.ts), passed down by the admin layout. */
export function AdminShell({ sections, children }: { sections: AdminSectionLink[]; children: ReactNode }) {
  const { pathname } = useLocation();
  const menu = useCloseOnNavigation();
  return (
    <div className={`${container} ${styles.shell}`}>
      <nav aria-label="Admin sections" className={styles.sidebar}>
        {/* Wide screens: the sidebar. */}
        <div className={styles.sidebarList}>
          <p className={styles.sidebarTitle}>Admin</p>
          <ul className={styles.navList}>
            <SectionLinks sections={sections} />
          </ul>
        </div>
        {/* Narrower screens: the same links behind one button. */}
        <details className={styles.menu} ref={menu}>
          <summary className={styles.menuSummary}>
            <span className={styles.menuLabel}>
              <span className={styles.menuEyebrow}>Admin section</span>
              <span>{currentSection(pathname, sections)}</span>
            </span>
            <svg className={styles.menuChevron} width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M6 9l6 6 6-6" />
            </svg>
          </summary>
          <ul className={styles.menuList}>
            <SectionLinks sections={sections} />
          </ul>
        </details>
      </nav>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
