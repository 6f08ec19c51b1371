/**
 * The words of A&R registration and its review (ADR 0072): the form, the
 * pending state, the admins' queue, the notices and e-mails. SPEC has none of
 * these, so they live here, in one module.
 */
import { PRODUCT_NAME } from "~/shared/constants";

export type ArRegistrationStatus = "pending" | "approved" | "declined";
export const AR_REGISTRATION_STATUSES: readonly ArRegistrationStatus[] = ["pending", "approved", "declined"];
export const AR_STATUS_LABELS = { pending: "Pending", approved: "Approved", declined: "Declined" } as const;

export const AR_REGISTRATION_TEXT = {
  pageTitle: "Request A&R access",
  eyebrow: "For A&R and labels",
  lead: "Tell us who you are and where you work. The team reviews every request by hand.",
  detailsTitle: "Your work",
  accountTitle: "Your account",
  accountLead: "You'll sign in with this account once the team approves your request.",
  signedInAs: (who: string) => `You're signed in as ${who}: the request is for this account.`,
  haveAccount: "Already have an account?",
  signInFirst: "Sign in first",
  linksHint: "Your company page, LinkedIn or credits: up to 5, each starting with http:// or https://.",
  send: "Send request",
  sending: "Sending...",
  nextTitle: "What happens next",
  nextNew: "We send a 6-digit code to your e-mail to confirm the address. The team then reviews your request and answers by e-mail and in your inbox.",
  nextOwn: "The team reviews your request and answers by e-mail and in your inbox.",
  approvedSignIn: "Already approved?",

  // Answers
  receivedTitle: "Request received",
  receivedNew: (email: string) => `We sent a code to ${email}. Enter it to confirm your address; the team then reviews your request.`,
  receivedOwn: "The team will review your request and answer in your inbox and by e-mail.",
  alreadyOpen: "You already have a request waiting for review.",
  signedInUseOwn: "You're signed in: send the request for this account, or sign out to make a new one.",
  notSignedIn: "Sign in to send the request for your account.",
  hasRole: "Your account already has access: there is nothing to request.",
  hasOpenApplication: "You have an application to join as a member open. Withdraw it from your dashboard before you request A&R access.",
  hasAcceptedApplication: "Your application to join as a member was accepted: take your offer from your dashboard, or ask the team, before you request A&R access.",

  // The pending A&R (dashboard, /ar, /ar/register)
  statusTitle: "Your A&R access request",
  pendingTitle: "Your request is waiting for review",
  pendingBody: (company: string) =>
    `The team is reviewing your request for ${company}. You'll hear from us in your inbox and by e-mail.`,
  declinedTitle: "Your request was declined",
  declinedBody: "You may send a new request if something has changed.",
  sentOn: "Sent",
  decidedOn: "Decided",
  noteLabel: "Note from the team",
  newRequest: "Send a new request",
  alreadyAccessTitle: "You already have access",
  alreadyAccessAr: "Your account is an approved A&R account.",
  alreadyAccessMember: "Your account is a member account. A&R access is for label and publishing professionals with an account of their own.",
  openDesk: "Open your A&R dashboard",
  toDashboard: "Go to your dashboard",

  // The admins' queue
  adminTitle: "A&R registrations",
  adminLead: "Requests for A&R access: check who they are, then approve or decline with a note.",
  adminSummary: "Requests for A&R access, waiting for a decision.",
  filterLabel: "Show",
  emptyTitle: (status: string) => `No ${status.toLowerCase()} requests`,
  emptyBody: "Requests sent from the A&R registration page appear here.",
  noAccount: "No account: sent before registration needed one. It can be declined, not approved.",
  unconfirmed: "E-mail address not confirmed yet: the account works once its owner enters the code we sent.",
  hasRoleAlready: "This account has a role already: it cannot become an A&R account. Decline the request instead.",
  approve: "Approve",
  decline: "Decline",
  decisionNote: "Note",
  decisionNoteHint: "Sent to the A&R with the decision. Needed to decline.",
  decidedBy: (who: string) => `by ${who}`,
  approvedToast: (name: string) => `${name} is now an approved A&R account.`,
  declinedToast: (name: string) => `The request from ${name} was declined.`,
  approvedTitle: "Request approved",
  declinedToastTitle: "Request declined",
  notFound: "This request does not exist.",
  alreadyDecided: (status: string) => `This request was ${status.toLowerCase()} already: reload the page to see the decision.`,
  cannotApproveNoAccount: "This request has no account, so it cannot be approved. Decline it instead.",
  cannotApproveRole: "This account already has a role, so it cannot become an A&R account. Decline the request instead.",
  noteRequired: "Write a note to decline: the A&R reads it.",

  // Notices and e-mails
  approvedSubject: `Your A&R access to ${PRODUCT_NAME} is approved`,
  approvedNotice: "Welcome! Your A&R account is ready: search the catalogue, post briefs and build shortlists from your A&R dashboard.",
  declinedSubject: `Your A&R access request to ${PRODUCT_NAME}`,
  declinedNotice: "The team has looked at your request for A&R access and declined it for now.",
  mailApproved: (name: string, link: string | null) =>
    [
      `Hello ${name},`,
      "",
      `Your request for A&R access to ${PRODUCT_NAME} is approved.`,
      link ? `Sign in and open your A&R dashboard: ${link}` : "Sign in to open your A&R dashboard.",
    ].join("\n"),
  mailDeclined: (name: string, note: string) =>
    [
      `Hello ${name},`,
      "",
      `The team has looked at your request for A&R access to ${PRODUCT_NAME} and declined it for now.`,
      "",
      "Their note:",
      note,
    ].join("\n"),
  mailTakenSubject: `A&R access request for ${PRODUCT_NAME}`,
  mailTaken: (link: string | null) =>
    [
      `Someone asked for A&R access to ${PRODUCT_NAME} and tried to create an account with this e-mail address, which has an account already.`,
      "",
      link
        ? `If it was you, sign in and send the request from your account: ${link}`
        : "If it was you, sign in and send the request from your account on the A&R registration page.",
      "If it was not you, you can ignore this message: nothing has changed.",
    ].join("\n"),
} as const;
