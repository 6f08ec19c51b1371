/**
 * The session page's form schemas (issue 13 §4, ADR 0090), shared by the
 * server's form pipeline and the browser. Text is checked against its limit
 * as typed, then sanitised (SPEC section 5). A split sheet's rows: a person
 * (a member of the session by id, or "guest" with a name), a credit role and
 * a share above 0 with at most two decimals; the shares must add up to
 * exactly 100, summed in hundredths (app/catalog/credit-rows-schema.ts), and
 * the rows pass the catalogue's own credit rules (app/catalog/credits.ts).
 * Browser-safe.
 */
import { z } from "zod";
import { AUDIO_MAX_BYTES } from "~/catalog/constants";
import { splitsTotalHundredths } from "~/catalog/credit-rows-schema";
import { creditsProblem } from "~/catalog/credits";
import { CREDIT_ROLES, type CreditRole } from "~/catalog/types";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { SONG_TEXT, SPLIT_TEXT } from "./songs-text";

export const WORKING_TITLE_MAX = 120;
export const NOTES_MAX = 2000;
export const GUEST_NAME_MAX = 100;
export const SHEET_MAX_ROWS = 12;
/** The person select's value for a co-writer without an account. */
export const GUEST = "guest";

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

const campSongId = z.string({ required_error: SONG_TEXT.songNotFound }).uuid(SONG_TEXT.songNotFound);

const songFields = {
  workingTitle: z
    .string({ required_error: SONG_TEXT.workingTitleRequired })
    .trim()
    .max(WORKING_TITLE_MAX, lengthMessage(SONG_TEXT.workingTitleLabel, WORKING_TITLE_MAX))
    .transform((value) => sanitizeText(value, WORKING_TITLE_MAX))
    .refine((value) => value.length > 0, SONG_TEXT.workingTitleRequired),
  notes: z
    .string()
    .trim()
    .max(NOTES_MAX, lengthMessage(SONG_TEXT.notesLabel, NOTES_MAX))
    .optional()
    .transform((value) => sanitizeText(value ?? "", NOTES_MAX)),
  audio: z
    .custom<File>(isFile, { message: SONG_TEXT.audioLabel })
    .refine((file) => file.size <= AUDIO_MAX_BYTES, `This audio file is too large: the limit is ${AUDIO_MAX_BYTES / 1024 / 1024} MB.`)
    .optional(),
};

export const addSongSchema = z.object({ intent: z.literal("addSong"), ...songFields });
export const editSongSchema = z.object({ intent: z.literal("editSong"), campSongId, ...songFields });
export const removeSongSchema = z.object({
  intent: z.literal("removeSong"),
  campSongId,
  confirm: z.literal("yes", { errorMap: () => ({ message: SONG_TEXT.removeSongConfirm }) }),
});

const rowRef = { campSongId, rowId: z.string({ required_error: SPLIT_TEXT.stale }).uuid(SPLIT_TEXT.stale), version: z.number({ invalid_type_error: SPLIT_TEXT.stale, required_error: SPLIT_TEXT.stale }).int().min(0) };
export const confirmShareSchema = z.object({ intent: z.literal("confirmShare"), ...rowRef });
export const withdrawShareSchema = z.object({ intent: z.literal("withdrawShare"), ...rowRef });

const sheetRow = z
  .object({
    person: z.union([z.literal(GUEST), z.string().uuid(SPLIT_TEXT.memberInvalid)]).optional(),
    name: z
      .string()
      .trim()
      .max(GUEST_NAME_MAX, lengthMessage(SPLIT_TEXT.guestNameLabel, GUEST_NAME_MAX))
      .transform((value) => sanitizeText(value, GUEST_NAME_MAX))
      .optional(),
    role: z.enum(CREDIT_ROLES as unknown as [CreditRole, ...CreditRole[]], { message: SPLIT_TEXT.roleRequired }).optional(),
    share: z
      .number({ invalid_type_error: SPLIT_TEXT.shareInvalid })
      .gt(0, SPLIT_TEXT.shareInvalid)
      .max(100, SPLIT_TEXT.shareInvalid)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, SPLIT_TEXT.shareInvalid)
      .optional(),
  })
  .optional();
type SheetRowValue = z.output<typeof sheetRow>;

export interface SheetRowOut {
  memberId: string | null;
  name: string;
  role: CreditRole;
  share: number;
}

const isBlank = (row: SheetRowValue) => !row || (!row.person && !row.name && row.share === undefined);

export const sheetSchema = z.object({
  intent: z.literal("saveSheet"),
  campSongId,
  version: z.number({ invalid_type_error: SPLIT_TEXT.stale, required_error: SPLIT_TEXT.stale }).int().min(0),
  rows: z
    .array(sheetRow)
    .max(SHEET_MAX_ROWS, SPLIT_TEXT.tooManyRows)
    .optional()
    .superRefine((rows, ctx) => {
      const filled = (rows ?? []).map((row, index) => ({ row, index })).filter(({ row }) => !isBlank(row));
      if (filled.length === 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: SPLIT_TEXT.rowsRequired });
        return;
      }
      let complete = true;
      const members = new Set<string>();
      for (const { row, index } of filled) {
        if (!row!.person) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "person"], message: SPLIT_TEXT.memberInvalid });
          complete = false;
        } else if (row!.person === GUEST && !row!.name) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "name"], message: SPLIT_TEXT.nameRequired });
          complete = false;
        } else if (row!.person !== GUEST) {
          const id = row!.person.toLowerCase();
          if (members.has(id)) {
            ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "person"], message: SPLIT_TEXT.memberTwice });
            complete = false;
          }
          members.add(id);
        }
        if (!row!.role) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "role"], message: SPLIT_TEXT.roleRequired });
          complete = false;
        }
        if (row!.share === undefined) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "share"], message: SPLIT_TEXT.shareRequired });
          complete = false;
        }
      }
      if (!complete) return;
      const total = splitsTotalHundredths(filled.map(({ row }) => row!.share!));
      if (total !== 10_000) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: SPLIT_TEXT.sum(String(total / 100)) });
        return;
      }
      const problem = creditsProblem(filled.map(({ row }) => ({ name: row!.name || "a member", memberId: null, role: row!.role!, split: row!.share! })));
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    })
    .transform((rows): SheetRowOut[] =>
      (rows ?? [])
        .filter((row) => !isBlank(row))
        .map((row) => ({
          memberId: row!.person === GUEST ? null : row!.person!.toLowerCase(),
          name: row!.person === GUEST ? row!.name! : "",
          role: row!.role!,
          share: row!.share!,
        })),
    ),
});

/** Equal shares summing to exactly 100 (the remainder on the first rows): the new sheet's suggestion. */
export function equalShares(count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(10_000 / count);
  const rest = 10_000 - base * count;
  return Array.from({ length: count }, (_, i) => (base + (i < rest ? 1 : 0)) / 100);
}
