/**
 * The A&R desk's sections, shown at the top of every /ar/* page an approved
 * A&R sees: one list, so a new section is one line here. The current section
 * is marked with aria-current (NavLink does it, with and without JavaScript).
 */
import { NavLink } from "@remix-run/react";
import * as styles from "./ar-nav.css";

export const AR_SECTIONS = [
  { to: "/ar/dashboard", label: "Search" },
  { to: "/ar/briefs", label: "Briefs" },
  { to: "/ar/shortlists", label: "Shortlists" },
  { to: "/ar/holds", label: "Holds" },
] as const;

export function ArNav() {
  return (
    <nav aria-label="A&R desk" className={styles.nav}>
      <ul className={styles.list}>
        {AR_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.to === "/ar/dashboard"} className={styles.link} prefetch="intent">
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
