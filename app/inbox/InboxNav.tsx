/**
 * The inbox's place in the site header: the unread count beside "Inbox" (the
 * link's accessible name reads "Inbox, 3 unread") and a dot on the phone menu's
 * button. Visitors have no count (null).
 */
import { useMatches } from "@remix-run/react";
import * as styles from "./inbox-nav.css";
import { INBOX_NAV_TEXT } from "./inbox-nav-text";

export const INBOX_PATH = "/inbox";

/**
 * The count to show: the inbox page's own when it is open (its loader counts
 * after opening a message, while the root loader runs beside it and may count
 * before), the root loader's otherwise.
 */
export function useInboxUnread(fromRoot: number | null | undefined): number | null {
  const matches = useMatches();
  for (const match of matches) {
    if (match.id === "root") continue;
    const data = match.data as { inboxUnread?: unknown } | null | undefined;
    if (data && typeof data.inboxUnread === "number") return data.inboxUnread;
  }
  return typeof fromRoot === "number" ? fromRoot : null;
}

/**
 * The link's name with the count, "Inbox, 3 unread" (undefined when nothing is
 * unread: the text names it). A name set on the link, not spliced from hidden
 * text: browsers put a space around the badge's box when they join the text.
 */
export function inboxLinkLabel(label: string, unread: number | null): string | undefined {
  return unread ? `${label}${INBOX_NAV_TEXT.unread(unread)}` : undefined;
}

/** "Inbox" with its count beside it (the count is in the link's name already). */
export function InboxNavLabel({ label, unread }: { label: string; unread: number | null }) {
  if (!unread) return <>{label}</>;
  return (
    <>
      {label}
      <span className={styles.countBadge} aria-hidden="true" data-testid="inbox-count">
        {unread > 99 ? "99+" : unread}
      </span>
    </>
  );
}

/** The phone menu's button gets a dot, and its name says what is waiting. */
export function menuLabel(unread: number | null): string {
  return `${INBOX_NAV_TEXT.menu}${INBOX_NAV_TEXT.unread(unread ?? 0)}`;
}

export function MenuDot({ unread }: { unread: number | null }) {
  return unread ? <span className={styles.menuDot} aria-hidden="true" /> : null;
}
