/**
 * The admin catalogue's form schemas, shared by the server's form pipeline
 * (app/routing/forms.server.ts: conform + zod) and the browser. Text is
 * checked against the table's limit as typed ('{label} must be no more than
 * {max} characters'), then sanitised (SPEC section 5).
 *
 * Credits come as rows `credits[i].name`, `.memberId`, `.role`, `.split`; a
 * row left entirely blank is ignored, errors keep the row's index as the admin
 * sees it, and the splits must add up to exactly 100 (summed in hundredths,
 * so 33.33 + 33.33 + 33.34 passes and 99.99 does not). The database checks
 * the sum again at commit (the deferred constraint trigger song_credits_splits_sum_100).
 * Browser-safe.
 */
import { z } from "zod";
import { creditRowsSchema as creditRowsSchemaFor } from "~/catalog/credit-rows-schema";
import { VOCAL_TYPE_VALUES } from "~/catalog/facets";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { CATALOG_LIMITS as L, CATALOG_TEXT, VERSION_KINDS } from "./catalog-text";

const T = CATALOG_TEXT;
const E = CATALOG_TEXT.errors;

/** File exists in browsers and in Node 20. */
const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/**
 * The song's updated_at as the page showed it (microseconds, UTC): a save made
 * from an older page is refused (409), never silently written over another admin's.
 */
export const STAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const stamp = z.string({ required_error: E.stamp }).regex(STAMP_PATTERN, E.stamp);

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, lengthMessage(label, max))
    .transform((value) => sanitizeText(value, max));

const requiredText = (label: string, max: number, required: string) =>
  z
    .string({ required_error: required })
    .trim()
    .max(max, lengthMessage(label, max))
    .transform((value) => sanitizeText(value, max))
    .refine((value) => value.length > 0, required);

export const detailsSchema = z.object({
  intent: z.literal("details"),
  updatedAt: stamp,
  title: requiredText(T.labels.title, L.title, E.titleRequired),
  genre: requiredText(T.labels.genre, L.genre, E.genreRequired),
  moods: z
    .string()
    .max(L.mood * L.moods + L.moods * 2, E.tooManyMoods)
    .optional()
    .transform((value, ctx) => {
      const moods = [...new Set((value ?? "").split(",").map((m) => sanitizeText(m, 1000).toLowerCase()).filter(Boolean))];
      const long = moods.find((m) => m.length > L.mood);
      if (long) ctx.addIssue({ code: z.ZodIssueCode.custom, message: lengthMessage("Mood", L.mood) });
      if (moods.length > L.moods) ctx.addIssue({ code: z.ZodIssueCode.custom, message: E.tooManyMoods });
      return moods;
    }),
  bpm: z.number({ required_error: E.bpm, invalid_type_error: E.bpm }).int(E.bpm).min(L.bpmMin, E.bpm).max(L.bpmMax, E.bpm),
  musicalKey: requiredText(T.labels.key, L.key, E.keyRequired),
  vocalType: z.enum(VOCAL_TYPE_VALUES, { message: E.vocalType }).optional(),
  explicit: z.boolean().optional().default(false),
  // Browsers send a textarea's line breaks as CRLF: stored as LF.
  lyrics: z
    .string()
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    .pipe(text(T.labels.lyrics, L.lyrics))
    .optional(),
});
export type DetailsInput = z.output<typeof detailsSchema>;

export { splitsTotalHundredths } from "~/catalog/credit-rows-schema";

export const creditRowsSchema = creditRowsSchemaFor({ nameLabel: T.labels.creditName, nameMax: L.creditName, maxRows: L.credits, messages: E });

/** The number of credit rows the page showed (so a refusal shows as many again). */
const rowsShown = z.coerce.number().int().min(0).max(L.credits).optional();

export const creditsSchema = z.object({
  intent: z.literal("credits"),
  updatedAt: stamp,
  rows: rowsShown,
  credits: creditRowsSchema,
});
export type CreditsInput = z.output<typeof creditsSchema>;

/**
 * "Add a row" without JavaScript: the credits form posted with this intent
 * comes back as it was typed, with more empty rows; nothing is saved.
 */
export const addRowSchema = z.object({ intent: z.literal("addRow"), rows: rowsShown });

const songId = z.string({ required_error: E.songId }).uuid(E.songId);
const yesNo = z.enum(["yes", "no"], { message: E.songId });

/** The listing's toggles name the song; the song's own page takes it from the address. */
export const featureSchema = z.object({ intent: z.literal("feature"), songId: songId.optional(), featured: yesNo });

export const uploadVersionSchema = z.object({
  intent: z.literal("uploadVersion"),
  kind: z.enum(VERSION_KINDS, { message: E.versionKind }),
  audio: z.custom<File>(isFile, { message: E.audioRequired }).refine((file) => file.size > 0, E.audioRequired).refine((file) => file.size <= L.audioBytes, E.audioTooLarge),
});

export const removeVersionSchema = z.object({ intent: z.literal("removeVersion"), versionId: z.string({ required_error: T.versionMissing }).uuid(T.versionMissing) });

export const archiveSchema = z.object({ intent: z.literal("archive") });
