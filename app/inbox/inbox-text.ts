/**
 * The inbox's and the contact form's words and limits, in one place (SPEC has
 * no strings for them; '{label} must be no more than {max} characters' is
 * SPEC §5's, from app/shared/sanitize.ts). Browser-safe: no server imports.
 */
import { PRODUCT_NAME } from "~/shared/constants";

export { INBOX_NAV_TEXT } from "./inbox-nav-text";
export { CONTACT_DEDUPE_WINDOW_MS, CONTACT_LABELS, CONTACT_LIMITS, CONTACT_TEXT } from "./contact-text";

export const INBOX_PAGE_SIZE = 20;

/** Stored notice limits (the migration checks the same). */
export const INBOX_LIMITS = { subject: 200, body: 4000, senderName: 100, link: 500 } as const;

export const INBOX_TEXT = {
  title: "Inbox",
  lead: "Messages and notices for you from members and the team. Nothing here is a password or a sign-in code: those only ever go to your own e-mail or phone.",
  emptyTitle: "Your inbox is empty",
  empty:
    "When a member or A&R gets in touch with you through your profile, their message arrives here. News about your application, offers, approvals, answers to briefs and camp invitations will arrive here too.",
  unreadSummary: (unread: number) => (unread === 0 ? "No unread messages" : `${unread} unread`),
  unreadMarker: "Unread",
  markAllRead: "Mark all as read",
  markRead: "Mark as read",
  markUnread: "Mark as unread",
  delete: "Delete",
  open: "Open",
  close: "Close message",
  backToInbox: "Back to inbox",
  listTitle: "Messages",
  from: (name: string) => `From ${name}`,
  fromTeam: `From ${PRODUCT_NAME}`,
  viewProfile: (name: string) => `View ${name}'s profile`,
  openLink: "Open",
  replyHow: (name: string) => `To answer, open ${name}'s profile and use "Get in touch" there. Your e-mail address is never shown to them.`,
  replyPrivate: (name: string) => `${name}'s profile is private, so there is no way to answer them through ${PRODUCT_NAME} for now.`,
  deleted: "Message deleted",
  allRead: (count: number) => (count === 0 ? "Nothing was unread" : `Marked ${count} message${count === 1 ? "" : "s"} as read`),
  markedRead: "Marked as read",
  markedUnread: "Marked as unread",
  notYours: "That message is not in your inbox.",
  page: (page: number, pageCount: number) => `Page ${page} of ${pageCount}`,
  newer: "Newer",
  older: "Older",
} as const;

