/**
 * The review, decision, offer and question forms' schemas, shared by the
 * server (app/routing/forms.server.ts) and the browser (conform). Limits
 * mirror the CHECK constraints of 20261126000200_application_review.sql and
 * 20261126000100_applications.sql. Browser-safe.
 */
import { z } from "zod";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { DECISIONS, REVIEW_FILTERS, REVIEW_LIMITS } from "./review-text";

const optionalText = (label: string, max: number) =>
  z
    .string()
    .max(max, lengthMessage(label, max))
    .optional()
    .transform((v) => sanitizeText(v ?? "", max));

export const rateSchema = z.object({
  rating: z.coerce
    .number({ required_error: "Choose a rating from 1 to 5", invalid_type_error: "Choose a rating from 1 to 5" })
    .int("Choose a rating from 1 to 5")
    .min(1, "Choose a rating from 1 to 5")
    .max(5, "Choose a rating from 1 to 5"),
  comment: optionalText("Comment", REVIEW_LIMITS.comment),
});

export const decideSchema = z.object({
  decision: z.enum(DECISIONS, { errorMap: () => ({ message: "Choose a decision" }) }),
  note: optionalText("Note to the applicant", REVIEW_LIMITS.note),
  /** The status the admin saw: a decision taken meanwhile by someone else is not overwritten. */
  expectedStatus: z.enum(["pending", "shortlisted", "waitlisted", "accepted", "declined", "draft", "withdrawn"], {
    errorMap: () => ({ message: "Reload the page and decide again" }),
  }),
});

export const resendSchema = z.object({});

/** Where a form on the applicant's page came from, so it sends the admin back to the same queue. */
export const queueContextSchema = z.object({
  status: z.enum(REVIEW_FILTERS).optional(),
  order: z.enum(["newest", "oldest"]).optional(),
});

const questionFields = {
  prompt: z
    .string({ required_error: "Write the question" })
    .trim()
    .min(1, "Write the question")
    .max(REVIEW_LIMITS.prompt, lengthMessage("Question", REVIEW_LIMITS.prompt))
    .transform((v) => sanitizeText(v, REVIEW_LIMITS.prompt))
    .refine((v) => v.length > 0, "Write the question"),
  help: optionalText("Help text", REVIEW_LIMITS.help),
  required: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
  maxLength: z.coerce
    .number({ invalid_type_error: `Choose a number from ${REVIEW_LIMITS.maxLength.min} to ${REVIEW_LIMITS.maxLength.max}` })
    .int(`Choose a number from ${REVIEW_LIMITS.maxLength.min} to ${REVIEW_LIMITS.maxLength.max}`)
    .min(REVIEW_LIMITS.maxLength.min, `Choose a number from ${REVIEW_LIMITS.maxLength.min} to ${REVIEW_LIMITS.maxLength.max}`)
    .max(REVIEW_LIMITS.maxLength.max, `Choose a number from ${REVIEW_LIMITS.maxLength.min} to ${REVIEW_LIMITS.maxLength.max}`)
    .default(1000),
};

const questionId = z.string({ required_error: "Choose a question" }).uuid("Choose a question");

export const addQuestionSchema = z.object({ ...questionFields });
export const editQuestionSchema = z.object({ questionId, ...questionFields });
export const moveQuestionSchema = z.object({ questionId, direction: z.enum(["up", "down"]) });
export const archiveQuestionSchema = z.object({ questionId, archived: z.enum(["yes", "no"]) });
export const deleteQuestionSchema = z.object({ questionId });

/** The offer form on /accept: the offer's id (never the token). */
export const acceptSchema = z.object({ offerId: z.string({ required_error: "Open your offer again" }).uuid("Open your offer again") });
