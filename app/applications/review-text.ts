/**
 * Every user-visible string of reviewing applications, the questions editor
 * and offers (/admin/applications*, /accept). SPEC leaves these pages "not
 * shown"; the wording follows docs/decisions/0071-review-and-offers.md.
 * Browser-safe.
 */
import { PRODUCT_NAME } from "~/shared/constants";

/** The statuses the queue filters by, in the order the filter shows them. */
export const REVIEW_FILTERS = ["pending", "shortlisted", "waitlisted", "accepted", "declined"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** The decisions an admin takes, and the status each one gives. */
export const DECISIONS = ["shortlist", "waitlist", "decline", "accept"] as const;
export type Decision = (typeof DECISIONS)[number];
export const DECISION_STATUS = { shortlist: "shortlisted", waitlist: "waitlisted", decline: "declined", accept: "accepted" } as const;

/** Statuses a decision can still be taken from (submitted, not yet declined or accepted). */
export const DECIDABLE_STATUSES = ["pending", "shortlisted", "waitlisted"] as const;

export const QUEUE_ORDERS = ["newest", "oldest"] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];

export const REVIEW_LIMITS = { comment: 2000, note: 1000, prompt: 300, help: 500, maxLength: { min: 50, max: 4000 } } as const;
export const QUEUE_PAGE_SIZE = 25;
/** An offer's link works this long. */
export const OFFER_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

export const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  pending: "Pending",
  shortlisted: "Shortlisted",
  waitlisted: "Waitlisted",
  declined: "Declined",
  accepted: "Accepted",
  withdrawn: "Withdrawn",
};

export const KIND_LABELS: Record<string, string> = { writer: "Writer", producer: "Producer", both: "Writer and producer" };

export const REVIEW_TEXT = {
  queueTitle: "Applications",
  queueLead: "Submitted applications, by status. Open one to listen, rate and decide.",
  filterLegend: "Show",
  orderLabel: "Order",
  orderNewest: "Newest first",
  orderOldest: "Oldest first",
  apply: "Show",
  emptyTitle: (label: string) => `No ${label.toLowerCase()} applications`,
  emptyText: "Applications appear here once their applicant submits them.",
  noRating: "Not rated",
  average: (avg: number, count: number) => `${avg.toFixed(1)} from ${count} ${count === 1 ? "rating" : "ratings"}`,
  tracks: (collab: number, solo: number) => `${collab} collab · ${solo} solo`,
  questionsLink: "Edit the application questions",

  backToQueue: "All applications",
  previousApplicant: "Previous applicant",
  nextApplicant: "Next applicant",
  answersTitle: "Answers",
  aboutTitle: "About",
  linksTitle: "Links",
  noLinks: "No links given",
  noAnswer: "No answer",
  tracksTitle: "Tracks",
  collabTitle: "Collab tracks",
  soloTitle: "Solo tracks",
  noTracks: "None uploaded",
  modeLegend: "Listen in",
  modeCollab: "Collab mode",
  modeSolo: "Solo mode",
  modeHint:
    "Collab mode plays the collab tracks: Next from the last one moves on to the next applicant. Solo mode plays the solo tracks: Previous from the first one moves back to the previous applicant.",
  playGroup: (mode: string) => `Play the ${mode} tracks`,

  ratingsTitle: "Ratings",
  yourRating: "Your rating",
  ratingLabel: "Rating (1 to 5)",
  commentLabel: "Comment",
  commentHint: "Seen by the other admins, never by the applicant.",
  saveRating: "Save rating",
  ratingSaved: "Your rating is saved.",
  noRatings: "No admin has rated this application yet.",
  ratingOf: (rating: number) => `${rating} of 5`,

  decisionTitle: "Decision",
  decisionLabel: "Decision",
  noteLabel: "Note to the applicant",
  noteHint: "Shown to the applicant with a decline, waitlist or offer, and kept in the record.",
  decide: "Record decision",
  decisionNames: { shortlist: "Shortlist", waitlist: "Waitlist", decline: "Decline", accept: "Accept and make an offer" },
  decided: {
    shortlist: "Shortlisted.",
    waitlist: "Waitlisted. The applicant sees your note.",
    decline: "Declined. The applicant sees your note.",
    accept: "Accepted: the offer is sent.",
  },
  finalDecision: (status: string) => `This application is ${status.toLowerCase()}: no further decision can be recorded.`,
  notDecidable: "This application cannot be decided: it has not been submitted, or it was withdrawn.",
  alreadyThere: (status: string) => `This application is already ${status.toLowerCase()}.`,
  changedMeanwhile: (status: string) => `Someone decided this application while you were looking: it is now ${status.toLowerCase()}. Check the record below before deciding again.`,
  offerTitle: "Offer",
  offerOpen: (date: string) => `An offer is open until ${date}.`,
  offerTaken: (date: string) => `The applicant accepted the offer on ${date}.`,
  offerExpired: (date: string) => `The offer expired on ${date}.`,
  offerNone: "No open offer.",
  resendOffer: "Send a new offer link",
  resendHint: "Makes a new link valid for 14 days and cancels the old one.",
  offerResent: "A new offer link is sent.",
  cannotResend: "Only an accepted application whose offer has not been taken can get a new link.",

  timelineTitle: "Record",
  timelineEmpty: "Nothing recorded yet.",
  someone: "Someone",
  theApplicant: "The applicant",
  events: {
    created: "started the application",
    submitted: "submitted the application",
    withdrawn: "withdrew the application",
    status_changed: "changed the status",
    offer_sent: "sent an offer",
    offer_revoked: "cancelled an offer",
    offer_accepted: "accepted the offer",
  } as Record<string, string>,

  notFoundTitle: "No such application",
  notFoundText: "This application does not exist, or its applicant deleted their account.",

  /** No shortlist: the applicant never learns of one (ADR 0070). */
  noticeSubject: {
    waitlist: "Your application is on our waitlist",
    decline: "About your application",
    accept: `An offer to join ${PRODUCT_NAME}`,
  },
  noticeBody: {
    waitlist: "The team put your application on the waitlist. We will come back to it when places open.",
    decline: `Thank you for applying to ${PRODUCT_NAME}. This time the team decided not to offer you a place.`,
    accept: `The team would like you to join ${PRODUCT_NAME}. Open the offer to accept it; the link works for 14 days.`,
  },
  noteFromTeam: (note: string) => `A note from the team: ${note}`,
  offerMailSubject: `Your offer to join ${PRODUCT_NAME}`,
  offerMailBody: (link: string, expires: string, note: string | null) =>
    [
      `The team would like you to join ${PRODUCT_NAME}.`,
      "",
      ...(note ? [`A note from the team: ${note}`, ""] : []),
      `Accept your offer here (sign in with the account you applied with): ${link}`,
      "",
      `The link works once, until ${expires}. You can also open the offer from your dashboard.`,
    ].join("\n"),
  offerSms: (link: string) => `${PRODUCT_NAME}: you have an offer to join. Accept it here: ${link}`,
} as const;

export const QUESTION_TEXT = {
  title: "Application questions",
  lead: "What applicants answer besides their details and tracks. Answers keep the wording the applicant saw.",
  activeTitle: "Questions applicants see",
  archivedTitle: "Archived questions",
  archivedHint: "Applicants no longer see these; answers already given keep them.",
  empty: "No questions yet: applicants only give their details and tracks.",
  addTitle: "Add a question",
  promptLabel: "Question",
  helpLabel: "Help text (optional)",
  requiredLabel: "Applicants must answer it",
  maxLengthLabel: "Longest answer (characters)",
  add: "Add question",
  save: "Save",
  edit: "Edit",
  moveUp: "Move up",
  moveDown: "Move down",
  archive: "Archive",
  restore: "Restore",
  delete: "Delete",
  required: "Required",
  optional: "Optional",
  answered: (n: number) => `${n} ${n === 1 ? "answer" : "answers"}`,
  added: "Question added.",
  saved: "Question saved.",
  moved: "Question moved.",
  archived: "Question archived: applicants no longer see it.",
  restored: "Question restored.",
  deleted: "Question deleted.",
  hasAnswers: "This question has answers, so it cannot be deleted: archive it instead.",
  notFound: "That question no longer exists.",
  backToQueue: "Applications",
} as const;

export const ACCEPT_TEXT = {
  title: "Accept your offer",
  lead: `An offer of membership in ${PRODUCT_NAME}.`,
  offerFor: (name: string, kind: string) => `For ${name}, ${kind.toLowerCase()}.`,
  expires: (date: string) => `This offer is open until ${date}.`,
  note: "A note from the team",
  whatHappens: "Accepting makes you a member: you get the member directory, the catalogue and your showcase, and a short tour to start.",
  accept: "Accept offer",
  accepted: `Welcome to ${PRODUCT_NAME}! You are a member now.`,
  dashboard: "Go to your dashboard",
  noneTitle: "No offer to accept",
  noneText: "When the team makes you an offer, the link in that message opens it here so you can read and accept it.",
  unknownTitle: "We could not find this offer",
  unknownText: "The link may be incomplete: open it again from the e-mail, or find your offer on your dashboard.",
  notYoursTitle: "This offer is for another account",
  notYoursText: "Sign out, then sign in with the account you applied with and open the link again.",
  expiredTitle: "This offer has expired",
  expiredText: "Offer links work for 14 days. Reply through your dashboard or ask the team for a new link.",
  takenTitle: "This offer has already been accepted",
  takenText: "An offer link works once. If you accepted it, you are a member: your dashboard is waiting.",
  revokedTitle: "This offer link is no longer valid",
  revokedText: "The team replaced it with a newer link or withdrew it. Use the newest link you received, or open your offer from your dashboard.",
  limited: "Too many offer links tried. Wait a few minutes and try again.",
  hasRoleTitle: "Your account already has access",
  hasRoleText: "This account already has a role, so the offer cannot change it. Ask the team if you think this is wrong.",
} as const;
