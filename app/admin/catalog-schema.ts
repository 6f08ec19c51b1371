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
import { VOCAL_TYPE_VALUES } from "~/catalog/facets";
import type { Credit, CreditRole } from "~/catalog/types";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { CATALOG_LIMITS as L, CATALOG_TEXT, CREDIT_ROLES, VERSION_KINDS } from "./catalog-text";

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

const creditRow = z
  .object({
    name: text(T.labels.creditName, L.creditName).optional(),
    memberId: z.string().uuid(E.creditMember).optional(),
    role: z.enum(CREDIT_ROLES as unknown as [CreditRole, ...CreditRole[]], { message: E.creditRoleRequired }).optional(),
    split: z
      .number({ invalid_type_error: E.creditSplit })
      .min(0, E.creditSplit)
      .max(100, E.creditSplit)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, E.creditSplit)
      .optional(),
  })
  .optional();

type CreditRow = z.output<typeof creditRow>;

const isBlank = (row: CreditRow) => !row || (!row.name && !row.memberId && !row.role && row.split === undefined);

/** Splits summed in hundredths: "33.33" + "33.33" + "33.34" is exactly 100. */
export function splitsTotalHundredths(splits: readonly number[]): number {
  return splits.reduce((sum, split) => sum + Math.round(split * 100), 0);
}

export const creditRowsSchema = z
  .array(creditRow, { invalid_type_error: E.creditsRequired })
  .max(L.credits, E.tooManyCredits)
  .optional()
  .superRefine((rows, ctx) => {
    const filled = (rows ?? []).map((row, index) => ({ row, index })).filter(({ row }) => !isBlank(row));
    if (filled.length === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: E.creditsRequired });
      return;
    }
    let complete = true;
    for (const { row, index } of filled) {
      if (!row!.name) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "name"], message: E.creditNameRequired });
        complete = false;
      }
      if (!row!.role) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "role"], message: E.creditRoleRequired });
        complete = false;
      }
      if (row!.split === undefined) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "split"], message: E.creditSplitRequired });
        complete = false;
      }
    }
    if (!complete) return;
    // The same person twice in the same role (by name, or by member) is a typing slip, not two shares.
    const seen = new Set<string>();
    for (const { row, index } of filled) {
      const keys = [`name:${row!.name!.toLowerCase()}:${row!.role}`, ...(row!.memberId ? [`member:${row!.memberId.toLowerCase()}:${row!.role}`] : [])];
      if (keys.some((key) => seen.has(key))) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "name"], message: E.duplicate });
        return;
      }
      for (const key of keys) seen.add(key);
    }
    const total = splitsTotalHundredths(filled.map(({ row }) => row!.split!));
    if (total !== 10_000) ctx.addIssue({ code: z.ZodIssueCode.custom, message: E.splitsSum(String(total / 100)) });
  })
  .transform((rows): Credit[] =>
    (rows ?? [])
      .filter((row) => !isBlank(row))
      .map((row) => ({ name: row!.name!, memberId: row!.memberId?.toLowerCase() ?? null, role: row!.role!, split: row!.split! })),
  );

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
