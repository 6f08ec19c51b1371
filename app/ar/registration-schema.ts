/**
 * The A&R registration forms (ADR 0072): one schema each, for the server and
 * the browser (conform). Every text is checked against its limit as typed,
 * then sanitised (SPEC §5); links follow the profile's rule (http(s) only,
 * with a host, no user:password@).
 */
import { z } from "zod";
import { isValidEmail } from "~/platform/auth/identifiers";
import { checkLinkUrl } from "~/profile/profile-schema";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { AR_INTENTS, AR_LABELS, AR_LIMITS } from "./registration-fields";
import { AR_REGISTRATION_TEXT as T } from "./registration-text";

export { AR_INTENTS, AR_LABELS, AR_LIMITS } from "./registration-fields";

const LINK_TEXT = {
  badScheme: "Links must start with http:// or https://",
  tooMany: `List at most ${AR_LIMITS.links} links`,
  urlRequired: "Enter the address for this link",
};

// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** One line of visible text (it heads the admins' queue and mails): no control or bidi characters, no line breaks. */
const requiredLine = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .max(max, lengthMessage(label, max))
    .transform((value) => sanitizeText(value.replace(INVISIBLE, "").replace(/\s+/g, " "), max))
    .refine((value) => value.length > 0, `${label} is required`);

export interface ArLink {
  label: string;
  url: string;
}

const links = z
  .array(
    z.object({
      label: z.string().trim().max(AR_LIMITS.linkLabel, lengthMessage(AR_LABELS.linkLabel, AR_LIMITS.linkLabel)).optional(),
      url: z.string().trim().max(AR_LIMITS.linkUrl, lengthMessage(AR_LABELS.linkUrl, AR_LIMITS.linkUrl)).optional(),
    }),
  )
  .max(AR_LIMITS.links, LINK_TEXT.tooMany)
  .optional()
  .transform((rows, ctx) => {
    const out: ArLink[] = [];
    for (const [index, row] of (rows ?? []).entries()) {
      const label = sanitizeText(row.label ?? "", AR_LIMITS.linkLabel);
      const url = row.url ?? "";
      if (!url && !label) continue;
      const checked = checkLinkUrl(url);
      if (typeof checked !== "string") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "url"], message: checked?.error ?? LINK_TEXT.urlRequired });
        continue;
      }
      out.push({ label: label || new URL(checked).hostname, url: checked });
    }
    return out;
  });

const details = {
  name: requiredLine(AR_LABELS.name, AR_LIMITS.name),
  company: requiredLine(AR_LABELS.company, AR_LIMITS.company),
  title: requiredLine(AR_LABELS.title, AR_LIMITS.title),
  territory: requiredLine(AR_LABELS.territory, AR_LIMITS.territory),
  links,
  message: z
    .string()
    .trim()
    .max(AR_LIMITS.message, lengthMessage(AR_LABELS.message, AR_LIMITS.message))
    .optional()
    .transform((value) => sanitizeText(value ?? "", AR_LIMITS.message)),
};

/** A signed-in visitor asks for A&R access for their own account. */
export const arRequestSchema = z.object({ intent: z.literal(AR_INTENTS.request), ...details });

/** A visitor who is not signed in asks, and makes their account in the same form. */
export const arRegisterSchema = z.object({
  intent: z.literal(AR_INTENTS.register),
  ...details,
  email: z
    .string({ required_error: `${AR_LABELS.email} is required` })
    .trim()
    .max(AR_LIMITS.email, lengthMessage(AR_LABELS.email, AR_LIMITS.email))
    .refine((value) => isValidEmail(value), "Enter an e-mail address like name@label.com")
    .transform((value) => value.toLowerCase()),
  // Its strength is the auth provider's to judge (the reasons come back under the field).
  password: z.string({ required_error: "Choose a password" }).max(AR_LIMITS.password, lengthMessage(AR_LABELS.password, AR_LIMITS.password)),
});

export type ArRequestInput = z.output<typeof arRequestSchema>;
export type ArRegisterInput = z.output<typeof arRegisterSchema>;
export type ArDetails = Omit<ArRequestInput, "intent">;

/** An administrator's decision on one request. */
export const arDecisionSchema = z
  .object({
    intent: z.literal(AR_INTENTS.decide),
    registrationId: z.string({ required_error: T.notFound }).uuid(T.notFound),
    decision: z.enum(["approve", "decline"], { message: "Choose approve or decline" }),
    note: z
      .string()
      .trim()
      .max(AR_LIMITS.decisionNote, lengthMessage("Note", AR_LIMITS.decisionNote))
      .optional()
      .transform((value) => sanitizeText(value ?? "", AR_LIMITS.decisionNote)),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "decline" && !value.note) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["note"], message: T.noteRequired });
  });

export type ArDecisionInput = z.output<typeof arDecisionSchema>;
