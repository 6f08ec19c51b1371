import { Form, Link, NavLink } from "@remix-run/react";
import type { Viewer } from "~/auth/viewer";
import type { ThemePreference } from "~/shared/constants";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink, Button } from "~/ui/Button";
import { useCloseOnNavigation } from "~/ui/useCloseOnNavigation";
import { ThemeSwitch } from "./ThemeSwitch";
import { INBOX_PATH, InboxNavLabel, MenuDot, inboxLinkLabel, menuLabel, useInboxUnread } from "~/inbox/InboxNav";
import * as styles from "./layout.css";

/** A header link; which ones a viewer gets comes from the routes' declarations (app/routing/registry.server.ts). */
export interface NavItem {
  to: string;
  label: string;
}

function NavLinks({ items, inboxUnread = null }: { items: NavItem[]; inboxUnread?: number | null }) {
  return (
    <ul className={styles.navList}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={styles.navLink} prefetch="intent" aria-label={item.to === INBOX_PATH ? inboxLinkLabel(item.label, inboxUnread) : undefined}>
            {item.to === INBOX_PATH ? <InboxNavLabel label={item.label} unread={inboxUnread} /> : item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function SiteHeader({
  viewer,
  links: items,
  theme,
  inboxUnread,
}: {
  viewer: Viewer | null;
  links: NavItem[];
  theme: ThemePreference;
  /** Unread notices of a signed-in viewer (null for visitors): app/inbox. */
  inboxUnread?: number | null;
}) {
  const mobileMenu = useCloseOnNavigation();
  const unread = useInboxUnread(viewer ? inboxUnread : null);
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={`${styles.container} ${styles.headerInner}`}>
          <Link to="/" className={styles.brand} aria-label={`${PRODUCT_NAME} home`}>
            <span className={styles.brandMark} aria-hidden="true">
              HF
            </span>
            <span className={styles.brandText}>{PRODUCT_NAME}</span>
          </Link>
          <nav aria-label="Main" className={styles.desktopNav}>
            <NavLinks items={items} inboxUnread={unread} />
          </nav>
          <div className={styles.headerActions}>
            <ThemeSwitch theme={theme} />
            {viewer ? (
              <Form method="post" action="/auth/sign-out">
                <Button type="submit" variant="ghost" size="sm">
                  Sign out
                </Button>
              </Form>
            ) : (
              <ButtonLink to="/auth" variant="default" size="sm">
                Sign in
              </ButtonLink>
            )}
            {/* <details> opens and closes without JavaScript; with it, it also closes when the page changes. */}
            <details className={styles.mobileMenu} ref={mobileMenu}>
              <summary className={styles.mobileSummary} aria-label={menuLabel(unread)}>
                <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="M4 7h16M4 12h16M4 17h16" />
                </svg>
                <MenuDot unread={unread} />
              </summary>
              <nav aria-label="Main (mobile)" className={styles.mobilePanel}>
                <NavLinks items={items} inboxUnread={unread} />
              </nav>
            </details>
          </div>
        </div>
      </header>
    </>
  );
}
