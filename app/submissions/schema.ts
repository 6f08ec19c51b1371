/**
 * The submission forms' schemas, shared by the server's form pipeline and the
 * browser (the JavaScript upload checks with the same schema before sending).
 * Text is checked against its limit as typed, then sanitised (SPEC section 5).
 *
 * Credits come as rows `credits[i].name`, `.memberId`, `.role`, `.split`.
 * The form always has SUBMISSION_LIMITS.creditRows rows; a row left entirely
 * blank is ignored. Errors keep the row's index as the member sees it (a blank
 * row before a filled one does not shift them), and the splits' sum is
 * checked here, on the server, before anything is stored (and again by the
 * table's CHECK).
 */
import { z } from "zod";
import { CAMP_CREDITS_TEXT } from "~/camps/review-text";
import { creditRowsSchema } from "~/catalog/credit-rows-schema";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { MUSICAL_KEYS, SUBMISSION_LIMITS as L, SUBMISSION_TEXT, VOCAL_TYPES } from "./constants";

const T = SUBMISSION_TEXT;
const E = SUBMISSION_TEXT.errors;

/** File exists in browsers and in Node 20. */
const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, lengthMessage(label, max))
    .transform((value) => sanitizeText(value, max));

/** Required text: missing, blank, or nothing left after sanitising is "required". */
const requiredText = (label: string, max: number, required: string) =>
  z
    .string({ required_error: required })
    .trim()
    .max(max, lengthMessage(label, max))
    .transform((value) => sanitizeText(value, max))
    .refine((value) => value.length > 0, required);

export { splitsTotalHundredths } from "~/catalog/credit-rows-schema";

export const creditsSchema = creditRowsSchema({ nameLabel: T.labels.creditName, nameMax: L.creditName, maxRows: L.credits, messages: E });

export const submitSchema = z.object({
  intent: z.literal("submit").optional(),
  /** The brief answered (from ?brief=): checked again in the transaction that stores the submission. */
  briefId: z.string().uuid(T.briefUnavailable).optional(),
  title: requiredText(T.labels.title, L.title, E.titleRequired),
  audio: z.custom<File>(isFile, { message: E.audioRequired }).refine((file) => file.size <= L.audioBytes, E.audioTooLarge),
  genre: requiredText(T.labels.genre, L.genre, E.genreRequired),
  moods: z
    .string()
    .max(L.mood * L.moods + L.moods * 2, E.tooManyMoods)
    .optional()
    .transform((value, ctx) => {
      const moods = [...new Set((value ?? "").split(",").map((m) => sanitizeText(m, 1000).toLowerCase()).filter(Boolean))];
      const long = moods.find((m) => m.length > L.mood);
      if (long) ctx.addIssue({ code: z.ZodIssueCode.custom, message: lengthMessage(T.labels.moods.replace(/s$/, ""), L.mood) });
      if (moods.length > L.moods) ctx.addIssue({ code: z.ZodIssueCode.custom, message: E.tooManyMoods });
      return moods;
    }),
  bpm: z.number({ required_error: E.bpmRequired, invalid_type_error: E.bpm }).int(E.bpm).min(L.bpmMin, E.bpm).max(L.bpmMax, E.bpm),
  musicalKey: z.string({ required_error: E.keyRequired }).refine((key) => MUSICAL_KEYS.includes(key), E.key),
  vocalType: z.enum(VOCAL_TYPES, { message: E.vocalType }).optional(),
  explicit: z.boolean().optional().default(false),
  // Browsers send a textarea's line breaks as CRLF: stored as LF, like the catalogue's lyrics.
  lyrics: z
    .string()
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    .pipe(text(T.labels.lyrics, L.lyrics))
    .optional(),
  credits: creditsSchema,
});

export type SubmitInput = z.output<typeof submitSchema>;

/**
 * Submitting a camp song (/submissions?campSong=<id>, ADR 0091): the same
 * fields without the credits (they are the confirmed split sheet's, read on
 * the server; credit rows posted anyway are dropped) and without a brief.
 */
export const submitCampSongSchema = submitSchema.omit({ intent: true, briefId: true, credits: true }).extend({
  intent: z.literal("submitCampSong"),
  campSongId: z.string({ required_error: CAMP_CREDITS_TEXT.errors.unknown }).uuid(CAMP_CREDITS_TEXT.errors.unknown),
});

export type SubmitCampSongInput = z.output<typeof submitCampSongSchema>;

const submissionId = z.string({ required_error: T.notFound }).uuid(T.notFound);

export const withdrawSchema = z.object({ intent: z.literal("withdraw"), submissionId });

export const acceptSchema = z.object({
  intent: z.literal("accept"),
  note: text(T.labels.note, L.note).optional(),
});

export const declineSchema = z.object({
  intent: z.literal("decline"),
  note: requiredText(T.labels.note, L.note, E.noteRequired),
});
