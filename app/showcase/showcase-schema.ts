/**
 * The showcase's form schemas, shared by the server's form pipeline and the
 * browser (conform). Titles are checked against the limit as typed, then
 * sanitised (SPEC section 5); an empty title is filled from the file's tags.
 */
import { z } from "zod";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { SHOWCASE_AUDIO_MAX_BYTES, SHOWCASE_TEXT, SHOWCASE_TITLE_MAX } from "./constants";

export const TITLE_LABEL = SHOWCASE_TEXT.titleLabel;

/** File exists in browsers and in Node 20; the check must not fail where it does not (old runtimes). */
const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

export const uploadSchema = z.object({
  title: z
    .string()
    .trim()
    .max(SHOWCASE_TITLE_MAX, lengthMessage(TITLE_LABEL, SHOWCASE_TITLE_MAX))
    .optional()
    .transform((value) => sanitizeText(value ?? "", SHOWCASE_TITLE_MAX)),
  audio: z
    .custom<File>(isFile, { message: SHOWCASE_TEXT.audioRequired })
    .refine((file) => file.size <= SHOWCASE_AUDIO_MAX_BYTES, SHOWCASE_TEXT.audioTooLarge),
});

const trackId = z.string({ required_error: SHOWCASE_TEXT.notFound }).uuid(SHOWCASE_TEXT.notFound);

export const moveSchema = z.object({
  trackId,
  direction: z.enum(["up", "down"], { message: "Choose up or down" }),
});

export const deleteSchema = z.object({
  trackId,
  confirm: z.literal("yes", { errorMap: () => ({ message: SHOWCASE_TEXT.confirmRequired }) }),
});

export type UploadInput = z.output<typeof uploadSchema>;
