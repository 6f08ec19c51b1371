/**
 * The header's inbox words (every page loads them, so this module stays tiny;
 * app/inbox/inbox-text.ts re-exports them with the rest of the area's words).
 */
export const INBOX_NAV_TEXT = {
  /** Read after "Inbox" (and "Menu"): "Inbox, 3 unread". */
  unread: (unread: number) => (unread > 0 ? `, ${unread} unread` : ""),
  menu: "Menu",
} as const;
