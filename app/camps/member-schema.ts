/**
 * The answer to a camp invitation (ADR 0089), shared by the server and the
 * browser (conform): accept with at least one day, or decline. Whether the
 * days are the camp's is the server's check (it knows the camp).
 * Browser-safe: no server imports.
 */
import { z } from "zod";
import { ANSWER_BACK, ANSWER_INTENT, MEMBER_CAMP_TEXT } from "./member-text";

const E = MEMBER_CAMP_TEXT.errors;

/** A camp lasts at most two weeks (the camps table's check): more days than that are not days of a camp. */
export const MAX_CAMP_DAYS = 14;

export const answerSchema = z
  .object({
    intent: z.literal(ANSWER_INTENT).optional(),
    answer: z.enum(["accept", "decline"], {
      errorMap: () => ({ message: E.answer }),
    }),
    days: z
      .array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, E.notCampDay), {
        errorMap: () => ({ message: E.notCampDay }),
      })
      .max(MAX_CAMP_DAYS, E.notCampDay)
      .default([]),
    /** Set by the confirmation step: the member has read which sessions they leave. */
    confirm: z.literal("leave").optional(),
    back: z.enum(ANSWER_BACK).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.answer === "accept" && value.days.length === 0)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["days"],
        message: E.noDays,
      });
  });

export type AnswerValue = z.output<typeof answerSchema>;
