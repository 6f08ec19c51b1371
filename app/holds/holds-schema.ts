/**
 * The holds' forms (zod, parsed by the route contract's pipeline). Notes are
 * sanitised (SPEC §5) before they are stored; the limits mirror the CHECKs of
 * 20261126000400_song_holds.sql.
 */
import { z } from "zod";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { HOLD_LIMITS, HOLD_TEXT } from "./holds-text";

const DAY_MS = 24 * 60 * 60 * 1000;

const note = (label: string) =>
  z
    .string()
    .max(HOLD_LIMITS.note, lengthMessage(label, HOLD_LIMITS.note))
    .optional()
    .transform((value) => sanitizeText(value ?? "", HOLD_LIMITS.note));

const id = (message: string) => z.string({ required_error: message }).uuid(message);

export const requestHoldSchema = z.object({
  songId: id(HOLD_TEXT.noSuchSong),
  note: note(HOLD_TEXT.noteLabel),
});

export const releaseHoldSchema = z.object({ holdId: id(HOLD_TEXT.noSuchHold) });

const today = () => new Date().toISOString().slice(0, 10);

export const answerHoldSchema = z
  .object({
    holdId: id(HOLD_TEXT.noSuchHold),
    decision: z.enum(["grant", "decline"], { errorMap: () => ({ message: "Choose grant or decline" }) }),
    until: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, HOLD_TEXT.untilInvalid)
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), HOLD_TEXT.untilInvalid)
      .optional(),
    responseNote: note(HOLD_TEXT.responseLabel),
    filter: z.string().max(20).optional(),
  })
  .superRefine((value, context) => {
    if (value.decision === "decline" && !value.responseNote) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["responseNote"], message: HOLD_TEXT.declineNeedsNote });
    }
    if (value.decision === "grant" && value.until) {
      if (value.until <= today()) context.addIssue({ code: z.ZodIssueCode.custom, path: ["until"], message: HOLD_TEXT.untilPast });
      else if (Date.parse(`${value.until}T00:00:00Z`) - Date.now() > HOLD_LIMITS.maxDays * DAY_MS) {
        context.addIssue({ code: z.ZodIssueCode.custom, path: ["until"], message: HOLD_TEXT.untilTooFar });
      }
    }
  });
