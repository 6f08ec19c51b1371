/** The A&R access request form: one schema for the server and the browser. */
import { z } from "zod";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";

export const AR_LIMITS = { name: 100, company: 120, email: 254, message: 1000 } as const;
export const AR_LABELS = { name: "Name", company: "Company or label", email: "Work e-mail", message: "What are you looking for?" } as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .max(max, lengthMessage(label, max))
    .transform((value) => sanitizeText(value, max))
    .refine((value) => value.length > 0, `${label} is required`);

export const arRegistrationSchema = z.object({
  name: requiredText(AR_LABELS.name, AR_LIMITS.name),
  company: requiredText(AR_LABELS.company, AR_LIMITS.company),
  email: z
    .string({ required_error: `${AR_LABELS.email} is required` })
    .trim()
    .max(AR_LIMITS.email, lengthMessage(AR_LABELS.email, AR_LIMITS.email))
    .email("Enter an e-mail address like name@label.com")
    .transform((value) => value.toLowerCase()),
  message: z
    .string()
    .trim()
    .max(AR_LIMITS.message, lengthMessage(AR_LABELS.message, AR_LIMITS.message))
    .optional()
    .transform((value) => sanitizeText(value ?? "", AR_LIMITS.message)),
});

export type ArRegistrationInput = z.output<typeof arRegistrationSchema>;
