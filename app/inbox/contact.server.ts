/**
 * Getting in touch with a member (issue 10): the form a member's public page
 * mounts (/members/{userId}, `forms: { contact: contactMemberForm }`, intent
 * "contact"). docs/decisions/0066-inbox.md
 *
 *  - who may send: signed-in members, approved A&R and admins; a visitor is sent
 *    to sign in and back, an applicant is refused with a clear message;
 *  - to whom: a member whose profile is public (404 otherwise), never oneself (400);
 *  - what: subject and message, limited and sanitised (contact-schema.ts);
 *  - how often: 5 an hour and 20 a day per sender (429 with Retry-After); the
 *    same message to the same member again within 10 minutes is the same
 *    message (a double submit): delivered once, answered the same way;
 *  - where to: the recipient's inbox (deliverNotice) and, through the messages
 *    port, a plain notice to the recipient's own address. Neither person's
 *    e-mail address is shown to the other: the form's answer is a redirect with
 *    a toast, the notice carries names and profile links only.
 */
import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import type { Viewer } from "~/auth/viewer";
import { isMember } from "~/auth/viewer";
import { requestContext } from "~/auth/request-context.server";
import type { Database } from "~/platform/db/connect.server";
import type { MessagePort } from "~/platform/messages/port";
import { getRuntime } from "~/platform/runtime.server";
import { consume, refund, type RateLimitRule } from "~/platform/rate-limit.server";
import { form } from "~/routing/forms.server";
import { ROLES, PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { contactSchema } from "./contact-schema";
import { deliverNotice } from "./inbox.server";
import { CONTACT_DEDUPE_WINDOW_MS, CONTACT_TEXT, INBOX_TEXT } from "./inbox-text";

const HOUR = 60 * 60_000;

export const CONTACT_RATE_LIMITS = {
  perHour: { name: "contact:sender:hour", limit: 5, windowMs: HOUR, message: CONTACT_TEXT.hourly },
  perDay: { name: "contact:sender:day", limit: 20, windowMs: 24 * HOUR, message: CONTACT_TEXT.daily },
} as const satisfies Record<string, RateLimitRule>;

/** Who may get in touch with members: signed-in members, approved A&R and admins. */
export function canContactMembers(viewer: Pick<Viewer, "role"> | null): boolean {
  return isMember(viewer);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a visitor signs in to get in touch, and comes back to. */
export function contactSignInHref(userId: string): string {
  const back = UUID.test(userId) ? `/members/${userId}` : "/members";
  return `/auth?${new URLSearchParams({ redirect: back })}`;
}

/** A member someone may write to or hear from: a member with a public profile (the directory's rule). */
async function memberCard(db: Database, userId: string) {
  if (!UUID.test(userId)) return null;
  const row = await db
    .selectFrom("profiles")
    .select(["display_name", "public_profile", "role"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const isPublic = row.public_profile && row.role !== null && (ROLES as readonly string[]).includes(row.role) && Boolean(row.display_name);
  return { displayName: row.display_name?.trim() || null, isPublic };
}

/**
 * What ContactMemberForm needs, for the member page's loader: who may write to
 * this member from here, where a visitor signs in, and whether the sender's own
 * profile is public (otherwise they are told they cannot be answered).
 */
export async function contactFormProps(db: Database, viewer: Viewer | null, recipientUserId: string) {
  const recipient = await memberCard(db, recipientUserId);
  const ownPage = viewer?.id === recipientUserId;
  const viewerCanContact = Boolean(recipient?.isPublic) && canContactMembers(viewer) && !ownPage;
  const sender = viewerCanContact && viewer ? await memberCard(db, viewer.id) : null;
  return {
    viewerCanContact,
    signInHref: contactSignInHref(recipientUserId),
    signedIn: viewer !== null,
    recipientPrivate: recipient !== null && !recipient.isPublic,
    senderProfilePublic: sender ? sender.isPublic : undefined,
  };
}

const rateSubject = (viewer: Viewer | null, request: Request) =>
  viewer ? `user:${viewer.id}` : `address:${requestContext(request).clientAddress}`;

/** The site's configured address, or null (then e-mails carry no links). */
function publicOrigin(): string | null {
  const configured = getRuntime().env.PUBLIC_ORIGIN;
  return configured ? new URL(configured).origin : null;
}

/** The same words to the same member are the same message (hex, 64 characters). */
function dedupeKey(recipientId: string, subject: string, message: string): string {
  return crypto.createHash("sha256").update(`${recipientId}\n${subject}\n${message}`).digest("hex");
}

export const contactMemberForm = form<"public-viewer", typeof contactSchema>({
  schema: contactSchema,
  // Only signed-in members get past `handle`; the member page renders no honeypot.
  honeypot: false,
  rateLimit: { rule: CONTACT_RATE_LIMITS.perHour, subject: ({ viewer, request }) => rateSubject(viewer, request) },
  async handle({ db, viewer, params, value, reply, messages, request, url }) {
    const recipientId = params.userId ?? "";
    if (!viewer) throw redirect(contactSignInHref(recipientId));
    if (!canContactMembers(viewer)) return reply({ formErrors: [CONTACT_TEXT.applicantRefused], status: 403 });
    const recipient = await memberCard(db, recipientId);
    if (!recipient?.isPublic) throw new Response("Not Found", { status: 404 });
    if (recipientId === viewer.id) return reply({ formErrors: [CONTACT_TEXT.self], status: 400 });

    const daily = await consume(db, CONTACT_RATE_LIMITS.perDay, viewer.id);
    if (daily) return reply({ formErrors: [daily.message], status: 429, headers: daily.headers() });

    // The sender's stored name, never viewer.displayName: that falls back to the e-mail's local part.
    const sender = await memberCard(db, viewer.id);
    const senderName = sender?.displayName ?? `A member of ${PRODUCT_NAME}`;
    const senderLink = sender?.isPublic ? `/members/${viewer.id}` : null;

    const { id, delivered } = await deliverNotice(db, {
      recipientId,
      senderId: viewer.id,
      senderName,
      kind: "contact",
      subject: value.subject,
      body: value.message,
      link: senderLink,
      dedupe: { key: dedupeKey(recipientId, value.subject, value.message), windowMs: CONTACT_DEDUPE_WINDOW_MS },
    });
    if (delivered) {
      await notifyByMessage(db, messages, { recipientId, noticeId: id, senderName, senderLink, origin: publicOrigin(), ...value });
    } else {
      // A repeat costs nothing: give back what it was counted.
      await refund(db, CONTACT_RATE_LIMITS.perHour, rateSubject(viewer, request));
      await refund(db, CONTACT_RATE_LIMITS.perDay, viewer.id);
    }
    return redirectWithToast(url.pathname, { type: "success", message: CONTACT_TEXT.sent });
  },
});

/**
 * The notice through the app's message transport, to the recipient's own
 * address (SMTP when configured, else the local outbox file). Its failure is
 * logged, not shown: the message is in the inbox already.
 */
async function notifyByMessage(
  db: Database,
  messages: MessagePort,
  notice: { recipientId: string; noticeId: string; senderName: string; senderLink: string | null; origin: string | null; subject: string; message: string },
): Promise<void> {
  const user = await db.selectFrom("auth.users").select(["email", "phone"]).where("id", "=", notice.recipientId).executeTakeFirst();
  const channel = user?.email ? "email" : user?.phone ? "phone" : null;
  if (!user || !channel) return;
  // Links only from the configured PUBLIC_ORIGIN: a request's Host is the sender's to choose, and
  // a link built from it would put the sender's site in a genuine e-mail from us.
  const inbox = notice.origin ? `${notice.origin}/inbox?id=${notice.noticeId}` : `${PRODUCT_NAME}, Inbox`;
  const answer = notice.senderLink
    ? `${INBOX_TEXT.replyHow(notice.senderName)}${notice.origin ? ` ${notice.origin}${notice.senderLink}` : ""}`
    : INBOX_TEXT.replyPrivate(notice.senderName);
  const body =
    channel === "email"
      ? [
          CONTACT_TEXT.noticeIntro(notice.senderName),
          "",
          `Subject: ${notice.subject}`,
          "",
          notice.message,
          "",
          `Read it in your inbox: ${inbox}`,
          answer,
          "",
          `Please do not reply to this e-mail: ${notice.senderName} does not see your e-mail address, and replies do not reach them.`,
        ].join("\n")
      : `${CONTACT_TEXT.noticeIntro(notice.senderName)} Read it in your inbox: ${inbox}`;
  try {
    await messages.send({ channel, recipient: (channel === "email" ? user.email : user.phone)!, subject: CONTACT_TEXT.emailSubject(notice.senderName), body });
  } catch (error) {
    console.error("contact: the e-mail notice could not be sent", error instanceof Error ? error.message : error);
  }
}
