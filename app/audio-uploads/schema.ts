/**
 * The forms of /admin/audio, shared by the server's form pipeline and the
 * browser. Text is checked against its limit as typed, then sanitised
 * (SPEC §5: '{label} must be no more than {max} characters').
 */
import { z } from "zod";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { AUDIO_TEXT, BPM_MAX, BPM_MIN, GENRE_MAX, KEY_MAX, PLAIN_UPLOAD_MAX_BYTES, TITLE_MAX } from "./constants";

const T = AUDIO_TEXT;
const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

const requiredText = (label: string, max: number, required: string) =>
  z
    .string({ required_error: required })
    .trim()
    .max(max, lengthMessage(label, max))
    .transform((value) => sanitizeText(value, max))
    .refine((value) => value.length > 0, required);

const songId = z.string({ required_error: T.notFound }).uuid(T.notFound);

export const plainUploadSchema = z.object({
  audio: z
    .custom<File>((value) => isFile(value) && (value.size > 0 || value.name !== ""), { message: T.fileRequired })
    .refine((file) => file.size <= PLAIN_UPLOAD_MAX_BYTES, T.plainTooLarge),
});

export const publishSchema = z.object({
  songId,
  title: requiredText(T.labels.title, TITLE_MAX, T.errors.title),
  genre: requiredText(T.labels.genre, GENRE_MAX, T.errors.genre),
  bpm: z.number({ required_error: T.errors.bpm, invalid_type_error: T.errors.bpm }).int(T.errors.bpm).min(BPM_MIN, T.errors.bpm).max(BPM_MAX, T.errors.bpm),
  musicalKey: requiredText(T.labels.key, KEY_MAX, T.errors.key),
});

export const deleteDraftSchema = z.object({
  songId,
  confirm: z.literal("yes", { errorMap: () => ({ message: T.confirmRequired }) }),
});
