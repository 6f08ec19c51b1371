/**
 * Everything the holds area says (issue 11: the A&R desk's holds; SPEC leaves
 * them "not shown", so the wording is ours, docs/decisions/0073).
 * Plain data: safe on the client.
 */
export const HOLD_LIMITS = {
  /** The A&R's note and the admin's answer: sanitised, cut to this. */
  note: 1000,
  /** A grant runs this many days unless the admin picks another end date. */
  defaultDays: 14,
  /** The latest end date an admin may give, in days from today. */
  maxDays: 365,
} as const;

export const HOLD_STATUSES = ["requested", "granted", "declined", "released", "expired"] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/** The admins' list filters: a status as it stands now, or all. */
export const ADMIN_HOLD_FILTERS = ["requested", "granted", "declined", "expired", "released", "all"] as const;
export type AdminHoldFilter = (typeof ADMIN_HOLD_FILTERS)[number];

export const HOLD_STATUS_LABELS: Record<HoldStatus, string> = {
  requested: "Requested",
  granted: "Granted",
  declined: "Declined",
  released: "Released",
  expired: "Expired",
};

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
/** "8 Dec 2026": dates of holds are days (UTC). */
export const holdDate = (iso: string | Date) => dateFormat.format(typeof iso === "string" ? new Date(iso) : iso);

export const HOLD_TEXT = {
  title: "Holds",
  arLead: "Songs you asked the publisher to keep for you. An admin grants a hold until a date, or declines it with a note.",
  adminTitle: "Hold requests",
  adminLead: "A&R asking to keep a song off other pitches for a while. Grant a hold until a date (14 days unless you choose), or decline it with a note.",
  adminSummary: "Grant or decline A&R requests to hold a song",
  // The song page.
  sectionTitle: "Hold",
  requestHeading: "Request a hold",
  requestHint: "Ask the publisher to keep this song for you while you pitch it. An admin answers; you will get word in your inbox.",
  noteLabel: "Note for the publisher",
  noteHint: "Optional: the artist or project, and how long you need.",
  requestButton: "Request a hold",
  viewHolds: "Your holds",
  yourHold: (status: HoldStatus) => `Your hold: ${HOLD_STATUS_LABELS[status]}`,
  grantedUntil: (date: string) => `Held for you until ${date}.`,
  adminHoldsHeading: "Holds on this song",
  answerOnAdmin: "Answer on the holds page",
  // Lists.
  song: "Song",
  ar: "A&R",
  status: "Status",
  requested: "Requested",
  until: "Until",
  yourNote: "Your note",
  theirNote: "Note",
  answer: "Answer",
  noAnswerYet: "Waiting for an admin",
  noNote: "No note",
  emptyAr: "You have no holds yet",
  emptyArBody: "Open a song from the search and request a hold from its page.",
  emptyAdmin: "No hold requests here",
  emptyAdminBody: "When an A&R requests a hold on a song, it appears here to grant or decline.",
  release: "Release hold",
  withdraw: "Withdraw request",
  grant: "Grant hold",
  decline: "Decline",
  untilLabel: "Hold until",
  untilHint: `Leave as it is for ${HOLD_LIMITS.defaultDays} days.`,
  responseLabel: "Note to the A&R",
  responseHint: "Required when you decline.",
  filterLabel: "Show",
  filterAll: "All",
  filterButton: "Show holds",
  // Outcomes (toasts).
  requestedToast: (title: string) => `Hold requested on “${title}”. An admin will answer soon.`,
  grantedToast: (title: string, date: string) => `Hold on “${title}” granted until ${date}.`,
  declinedToast: (title: string) => `Hold on “${title}” declined.`,
  releasedToast: (title: string) => `Hold on “${title}” released.`,
  withdrawnToast: (title: string) => `Hold request on “${title}” withdrawn.`,
  // Refusals.
  alreadyOpen: "You already have an open hold on this song.",
  noSuchSong: "This song is not in the catalogue.",
  noSuchHold: "This hold does not exist or is not yours.",
  alreadyAnswered: "This hold request has already been answered.",
  alreadyClosed: "This hold is no longer open.",
  heldByOther: (date: string) => `This song is already on hold for another A&R until ${date}.`,
  declineNeedsNote: "Say why you decline the hold",
  untilInvalid: "Choose a date",
  untilPast: "Choose a date after today",
  untilTooFar: `Choose a date within ${HOLD_LIMITS.maxDays} days`,
  onlyAr: "Only approved A&R can request holds.",
  requestFailedTitle: "Your hold request was not sent",
  // Inbox notices.
  noticeGrantedSubject: (title: string) => `Hold granted: ${title}`,
  noticeGrantedBody: (title: string, date: string, note: string) =>
    `Your hold on “${title}” is granted until ${date}. The song is kept for you until then.${note ? `\n\nFrom the publisher: ${note}` : ""}`,
  noticeDeclinedSubject: (title: string) => `Hold declined: ${title}`,
  noticeDeclinedBody: (title: string, note: string) => `Your hold request on “${title}” was declined.\n\nFrom the publisher: ${note}`,
  // The desk's summary.
  summaryTitle: "Your holds",
  summaryCounts: (requested: number, granted: number) => `${requested} waiting for an answer, ${granted} granted`,
  summaryLink: "All your holds",
} as const;
