/**
 * The words of the camp calendars (/calendar, the .ics files, the private
 * subscription link; ADR 0088). The page's title, lead and empty state are
 * the tour's (app/onboarding/copy.ts CALENDAR).
 */
import { PRODUCT_NAME } from "~/shared/constants";

export const CALENDAR_TEXT = {
  upcomingTitle: "Upcoming sessions",
  pastTitle: "Past sessions",
  noUpcoming: "No upcoming sessions. Your past sessions are below.",
  sessionCount: (count: number) => `${count} ${count === 1 ? "session" : "sessions"}`,
  campLink: "Camp page",
  campCalendar: "Camp calendar (.ics)",
  campCalendarLabel: (camp: string) => `Camp calendar (.ics): ${camp}`,
  sessionLink: "Session page",
  /** Accessible names that say which session a link opens. */
  sessionLinkLabel: (room: string, time: string) => `Session page: ${room}, ${time}`,
  campLinkLabel: (camp: string) => `Camp page: ${camp}`,
  roomLabel: "Room",
  whenVenue: "At the venue",
  whenYours: "Your time",
  sameZone: (zone: string) => `Your time zone is the venue's (${zone}).`,
  yourZoneNote: (zone: string) => `Your time zone is ${zone} (from your profile settings).`,
  groupLabel: "Group",
  you: "you",
  groupEmpty: "Nobody else yet.",

  exportTitle: "Add to your calendar",
  exportLead: "Download your sessions as a calendar file, or subscribe so your calendar app follows changes to the schedule.",
  download: "Download sessions (.ics)",
  subscriptionTitle: "Private subscription link",
  subscriptionLead:
    "Your calendar app checks this link for changes. It is private: anyone who has it can see your sessions and who is in them. Replace it if you shared it by mistake.",
  subscriptionNone: "You have no subscription link yet.",
  subscriptionUrlLabel: "Subscription link",
  subscriptionWebcal: "Open in your calendar app",
  subscriptionCreated: (when: string) => `Created ${when}.`,
  subscriptionFetched: (when: string) => `Last checked by a calendar app ${when}.`,
  subscriptionNeverFetched: "Not checked by a calendar app yet.",
  create: "Create subscription link",
  replace: "Replace link",
  replaceHint: "Replacing makes a new link; the old one stops working at once.",
  revoke: "Revoke link",
  revokeHint: "Revoking stops the link working at once.",
  copy: "Copy link",
  copied: "Link copied",

  createdToast: "Subscription link created. Add it to your calendar app.",
  replacedToast: "Subscription link replaced. The old link no longer works.",
  revokedToast: "Subscription link revoked.",
  nothingToRevoke: "There is no subscription link to revoke.",

  icsMemberName: `${PRODUCT_NAME}: my camp sessions`,
  icsCampName: (camp: string) => `${camp} (${PRODUCT_NAME})`,
  icsSummary: (camp: string, room: string) => `${camp}: ${room}`,
  icsLocation: (venue: string, room: string) => `${venue}, ${room}`,
  icsGroup: "Group:",
  icsSessionPage: "Session page:",
} as const;
