/**
 * Changing the e-mail address or phone number one signs in with
 * (docs/decisions/0061-contact-change.md):
 *
 *   1. request: a code goes to the NEW address through the auth provider
 *      (local: the messages port, like /auth's codes; Supabase: GoTrue's own
 *      mail or SMS). Nothing changes yet. Refused when another account has
 *      the address. Rate limited per account and per new address.
 *   2. confirm: the code entered on the profile page makes the address the
 *      account's; wrong codes are counted per account, codes expire.
 *   3. the old address is told, so a stolen session cannot move an account
 *      away silently.
 *
 * Which address is waiting for its code is kept in contact_changes (one row
 * per account, expiring with the code) and shown to its owner only.
 */
import { z } from "zod";
import { authErrorMessage, statusForAuthError } from "~/auth/messages";
import { authClient, forgetResolvedSession, resolveSession } from "~/auth/session.server";
import { AUTH_ERROR_CODES } from "~/platform/auth/port";
import { maskIdentifier, parseIdentifier, type ParsedIdentifier } from "~/platform/auth/identifiers";
import { ONE_TIME_CODE_TTL_MS } from "~/platform/auth/local.server";
import type { Database } from "~/platform/db/connect.server";
import type { MessagePort } from "~/platform/messages/port";
import { consume, refund, type RateLimitRule } from "~/platform/rate-limit.server";
import { form } from "~/routing/forms.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { PROFILE_TEXT } from "./profile-text";

const T = PROFILE_TEXT.account;
const MINUTE = 60_000;

/** A pending change lives as long as the code sent for it. */
export const CONTACT_CHANGE_TTL_MS = ONE_TIME_CODE_TTL_MS;

export const CONTACT_CHANGE_LIMITS = {
  requestsPerUser: { name: "contact-change:user", limit: 5, windowMs: 60 * MINUTE, message: "Too many codes requested for a new address." },
  /** Nobody can flood one stranger's inbox from many accounts. */
  requestsPerRecipient: { name: "contact-change:recipient", limit: 5, windowMs: 60 * MINUTE, message: "Too many codes requested for this address or number." },
  checksPerUser: { name: "contact-change-check:user", limit: 5, windowMs: 15 * MINUTE, message: "Too many wrong codes." },
} as const satisfies Record<string, RateLimitRule>;

export interface PendingContactChange {
  channel: "email" | "phone";
  /** The new address or number, for its owner's eyes only. */
  newValue: string;
  expiresAt: string;
}

export async function getPendingContactChange(db: Database, userId: string, now = new Date()): Promise<PendingContactChange | null> {
  const row = await db
    .selectFrom("contact_changes")
    .select(["channel", "new_value", "expires_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row ? { channel: row.channel, newValue: row.new_value, expiresAt: new Date(row.expires_at).toISOString() } : null;
}

export const requestContactSchema = z.object({
  newContact: z
    .string({ required_error: T.contactInvalid })
    .trim()
    .max(320, T.contactInvalid)
    .transform((value, ctx): ParsedIdentifier => {
      const parsed = parseIdentifier(value);
      if (!parsed) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: T.contactInvalid });
        return z.NEVER;
      }
      return parsed;
    }),
});

export const confirmContactSchema = z.object({
  code: z
    .string({ required_error: T.codeRequired })
    .trim()
    .regex(/^\d{6}$/, T.codeFormat),
});

export const cancelContactSchema = z.object({});

const channelOf = (identifier: ParsedIdentifier) => ("email" in identifier ? "email" : "phone") as "email" | "phone";
const valueOf = (identifier: ParsedIdentifier) => ("email" in identifier ? identifier.email : identifier.phone);

const whenFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

/** The old address hears of the change (without the new one); a failed notice is logged, not shown. */
async function notifyOldAddress(messages: MessagePort, old: { channel: "email" | "phone"; recipient: string }, changed: "email" | "phone") {
  const what = changed === "email" ? "e-mail address" : "phone number";
  try {
    await messages.send({
      channel: old.channel,
      recipient: old.recipient,
      subject: `${PRODUCT_NAME}: ${T.noticeSubject.toLowerCase()}`,
      body:
        `The ${what} of your ${PRODUCT_NAME} account was changed on ${whenFormat.format(new Date())} UTC. ` +
        `If this was not you, contact the team at once.`,
    });
  } catch (error) {
    console.error("contact change: the notice to the old address could not be sent", error instanceof Error ? error.message : error);
  }
}

/** The three forms of the e-mail / phone change, for a route of access "signed-in" that returns to `backTo`. */
export function contactChangeForms(backTo: string) {
  return {
    requestContact: form({
      schema: requestContactSchema,
      async handle({ request, db, viewer, value, reply }) {
        const resolved = await resolveSession(request);
        if (resolved.state !== "active") return reply({ formErrors: [PROFILE_TEXT.fetchFailedHint], status: 401 });
        const { user } = resolved;
        const channel = channelOf(value.newContact);
        const target = valueOf(value.newContact);
        if ((channel === "email" && user.email?.toLowerCase() === target) || (channel === "phone" && user.phone === target)) {
          return reply({ fieldErrors: { newContact: [T.contactSame] } });
        }
        for (const [rule, subject] of [
          [CONTACT_CHANGE_LIMITS.requestsPerUser, viewer!.id],
          [CONTACT_CHANGE_LIMITS.requestsPerRecipient, target],
        ] as const) {
          const limited = await consume(db, rule, subject);
          if (limited) return reply({ formErrors: [limited.message], status: 429, headers: limited.headers() });
        }
        const sent = await authClient(request).requestContactChange(channel === "email" ? { email: target } : { phone: target });
        if (sent.error) {
          if (sent.error.code === AUTH_ERROR_CODES.emailExists || sent.error.code === AUTH_ERROR_CODES.phoneExists) {
            return reply({ fieldErrors: { newContact: [T.contactTaken] } });
          }
          return reply({ formErrors: [authErrorMessage(sent.error)], status: statusForAuthError(sent.error) });
        }
        const row = { channel, new_value: target, requested_at: new Date(), expires_at: new Date(Date.now() + CONTACT_CHANGE_TTL_MS) };
        await db
          .insertInto("contact_changes")
          .values({ user_id: viewer!.id, ...row })
          .onConflict((oc) => oc.column("user_id").doUpdateSet(row))
          .execute();
        return redirectWithToast(backTo, { type: "success", message: T.codeSent(maskIdentifier(value.newContact)) });
      },
    }),

    confirmContact: form({
      schema: confirmContactSchema,
      hide: ["code"],
      async handle({ request, db, messages, viewer, value, reply }) {
        const pending = await getPendingContactChange(db, viewer!.id);
        if (!pending) return reply({ formErrors: [T.noPending] });
        const limited = await consume(db, CONTACT_CHANGE_LIMITS.checksPerUser, viewer!.id);
        if (limited) return reply({ formErrors: [limited.message], status: 429, headers: limited.headers() });

        const resolved = await resolveSession(request);
        const before = resolved.state === "active" ? resolved.user : null;
        const target = pending.channel === "email" ? { email: pending.newValue } : { phone: pending.newValue };
        const confirmed = await authClient(request).confirmContactChange({ ...target, token: value.code });
        if (confirmed.error) {
          if (confirmed.error.code === AUTH_ERROR_CODES.otpExpired) return reply({ fieldErrors: { code: [T.codeWrong] } });
          if (confirmed.error.code === AUTH_ERROR_CODES.emailExists || confirmed.error.code === AUTH_ERROR_CODES.phoneExists) {
            await db.deleteFrom("contact_changes").where("user_id", "=", viewer!.id).execute();
            return reply({ formErrors: [T.contactTaken] });
          }
          return reply({ formErrors: [authErrorMessage(confirmed.error)], status: statusForAuthError(confirmed.error) });
        }
        await refund(db, CONTACT_CHANGE_LIMITS.checksPerUser, viewer!.id);
        await db.deleteFrom("contact_changes").where("user_id", "=", viewer!.id).execute();
        forgetResolvedSession(request);
        const old = pending.channel === "email" ? before?.email : before?.phone;
        if (old && old !== pending.newValue) await notifyOldAddress(messages, { channel: pending.channel, recipient: old }, pending.channel);
        return redirectWithToast(backTo, { type: "success", message: T.changed(pending.channel) });
      },
    }),

    cancelContact: form({
      schema: cancelContactSchema,
      async handle({ db, viewer }) {
        await db.deleteFrom("contact_changes").where("user_id", "=", viewer!.id).execute();
        return redirectWithToast(backTo, { type: "success", message: T.cancelled });
      },
    }),
  };
}
