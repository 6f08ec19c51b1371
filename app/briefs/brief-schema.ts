/**
 * The briefs' form schemas, shared by the server's form pipeline and the
 * browser (conform). Text is checked against its limit as typed, then
 * sanitised (SPEC section 5). The database's CHECKs mirror these limits
 * (supabase/migrations/20261126000650_briefs.sql).
 */
import { z } from "zod";
import { FEEDBACK_RATING_VALUES } from "~/shortlists/ratings";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { BRIEF_LABELS as L, BRIEF_LIMITS, BRIEF_TEXT } from "./constants";

/** Today's date in UTC, "yyyy-mm-dd": deadlines are UTC days. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day ("2026-02-30" is not one). */
export function isCalendarDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const required = (label: string) => ({ required_error: `${label} is required`, invalid_type_error: `${label} is required` });

/** Text that must be there: limit checked as typed, then sanitised; empty after sanitising is refused too. */
function text(label: string, max: number, min = 1) {
  return z
    .string(required(label))
    .trim()
    .min(min, min > 1 ? `${label} must be at least ${min} characters` : `${label} is required`)
    .max(max, lengthMessage(label, max))
    .transform((value) => sanitizeText(value, max))
    .refine((value) => value.length >= min, `${label} must be at least ${min} characters`);
}

/** Optional text: empty becomes null. */
function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, lengthMessage(label, max))
    .optional()
    .transform((value) => sanitizeText(value ?? "", max) || null);
}

export const DEADLINE_MESSAGES = {
  invalid: "Enter the deadline as a date, for example 2026-12-24",
  past: "The deadline cannot be in the past",
  tooFar: `The deadline must be within ${BRIEF_LIMITS.deadlineDaysAhead} days`,
} as const;

export const postBriefSchema = z.object({
  company: text(L.company, BRIEF_LIMITS.company),
  title: text(L.title, BRIEF_LIMITS.title, BRIEF_LIMITS.titleMin),
  body: text(L.body, BRIEF_LIMITS.body),
  genre: optionalText(L.genre, BRIEF_LIMITS.genre),
  deadline: z
    .string()
    .trim()
    .optional()
    .superRefine((value, context) => {
      if (!value) return;
      if (!isCalendarDay(value)) return context.addIssue({ code: "custom", message: DEADLINE_MESSAGES.invalid });
      const today = todayUtc();
      if (value < today) return context.addIssue({ code: "custom", message: DEADLINE_MESSAGES.past });
      if (value > addDays(today, BRIEF_LIMITS.deadlineDaysAhead)) context.addIssue({ code: "custom", message: DEADLINE_MESSAGES.tooFar });
    })
    .transform((value) => value || null),
});

export type PostBriefInput = z.output<typeof postBriefSchema>;

const id = (message: string) => z.string({ required_error: message }).uuid(message);

/** Close or reopen: the brief named in the form (the owner check is the server's). */
export const briefStatusSchema = z.object({ briefId: id(BRIEF_TEXT.ar.notFound) });

export const answerSchema = z.object({
  songId: id(BRIEF_TEXT.member.chooseSong),
  note: z
    .string()
    .trim()
    .max(BRIEF_LIMITS.note, lengthMessage(L.note, BRIEF_LIMITS.note))
    .optional()
    .transform((value) => sanitizeText(value ?? "", BRIEF_LIMITS.note)),
});

export const rateSchema = z.object({
  answerId: id(BRIEF_TEXT.ar.answerNotFound),
  rating: z.enum(FEEDBACK_RATING_VALUES, { errorMap: () => ({ message: "Choose a rating" }) }),
});
