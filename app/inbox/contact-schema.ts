/**
 * The "get in touch" form's schema, shared by the server (conform + zod) and
 * the browser (constraints and live validation). Each field is checked against
 * its limit as typed, then sanitised (SPEC §5): tags, "<", ">" and script
 * schemes go, and so do control characters other than line breaks and tabs.
 */
import { z } from "zod";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { CONTACT_LABELS as L, CONTACT_LIMITS, CONTACT_TEXT } from "./inbox-text";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

const text = (label: string, max: number, oneLine: boolean) =>
  z
    .string({ required_error: CONTACT_TEXT.required(label) })
    .trim()
    .max(max, lengthMessage(label, max))
    .transform((value) => {
      const cleaned = sanitizeText(value.replace(CONTROL, ""), max);
      return oneLine ? cleaned.replace(/\s+/g, " ") : cleaned.replace(/\r\n?/g, "\n");
    })
    // Text that was only markup sanitises to nothing.
    .refine((value) => value.length > 0, CONTACT_TEXT.required(label));

export const contactSchema = z.object({
  subject: text(L.subject, CONTACT_LIMITS.subject, true),
  message: text(L.message, CONTACT_LIMITS.message, false),
});

export type ContactInput = z.output<typeof contactSchema>;
