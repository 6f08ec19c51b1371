/**
 * The contact form's words and limits (app/inbox/inbox-text.ts re-exports
 * them with the rest of the area's words). Browser-safe: no server imports.
 */
import { PRODUCT_NAME, SANITISED_TEXT_MAX } from "~/shared/constants";

/** What a member may write when getting in touch. The message is SPEC §5's 1000. */
export const CONTACT_LIMITS = { subject: 120, message: SANITISED_TEXT_MAX } as const;

export const CONTACT_LABELS = { subject: "Subject", message: "Message" } as const;

/** A repeat of the same message to the same member within this window is the same message (a double submit). */
export const CONTACT_DEDUPE_WINDOW_MS = 10 * 60_000;

export const CONTACT_TEXT = {
  title: "Get in touch",
  lead: (name: string) =>
    `Send ${name} a message. It arrives in their inbox here and by e-mail; neither of you sees the other's e-mail address.`,
  send: "Send message",
  sending: "Sending...",
  messageHint: `Up to ${SANITISED_TEXT_MAX} characters. Plain text: formatting is removed.`,
  sent: "Message sent",
  signIn: "Sign in to get in touch",
  signInLead: (name: string) => `Members and A&R can send ${name} a message once signed in.`,
  applicant: (name: string) =>
    `Getting in touch with members opens once your application is accepted. Until then you cannot send ${name} a message.`,
  recipientPrivate: (name: string) => `${name}'s profile is private, so nobody can get in touch through it.`,
  applicantRefused: "Only members and approved A&R can get in touch with members. Your application has not been accepted yet.",
  self: "This is your own profile: you cannot send yourself a message.",
  privateSender: "Your own profile is private, so they will see your name but cannot answer you through the app. Make it public on your profile to hear back.",
  required: (label: string) => `${label} is required`,
  /** The rate limits' messages (the wait is appended). */
  hourly: "You have sent a lot of messages in the last hour.",
  daily: "You have sent a lot of messages today.",
  /** The inbox notice and the e-mail. */
  noticeIntro: (sender: string) => `${sender} got in touch through ${PRODUCT_NAME}.`,
  emailSubject: (sender: string) => `${sender} got in touch through ${PRODUCT_NAME}`,
} as const;
