/**
 * The shortlist forms' schemas, shared by the server's form pipeline and the
 * browser. Text is checked against its limit as typed, then sanitised (SPEC §5).
 */
import { z } from "zod";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { SHARE_EXPIRY_DAYS, SHORTLIST_NOTE_MAX, SHORTLIST_TEXT, SHORTLIST_TITLE_MAX } from "./constants";
import { FEEDBACK_RATING_VALUES } from "./ratings";

const uuid = (message: string) => z.string({ required_error: message }).uuid(message);

export const titleField = z
  .string({ required_error: SHORTLIST_TEXT.titleRequired })
  .trim()
  .min(1, SHORTLIST_TEXT.titleRequired)
  .max(SHORTLIST_TITLE_MAX, lengthMessage(SHORTLIST_TEXT.titleLabel, SHORTLIST_TITLE_MAX))
  .transform((value) => sanitizeText(value, SHORTLIST_TITLE_MAX))
  .refine((value) => value.length > 0, SHORTLIST_TEXT.titleRequired);

const noteField = z
  .string()
  .trim()
  .max(SHORTLIST_NOTE_MAX, lengthMessage(SHORTLIST_TEXT.noteLabel, SHORTLIST_NOTE_MAX))
  .optional()
  .transform((value) => sanitizeText(value ?? "", SHORTLIST_NOTE_MAX));

export const createShortlistSchema = z.object({
  title: titleField,
  /** From a song page: the new shortlist starts with this song. */
  songId: uuid(SHORTLIST_TEXT.songNotFound).optional(),
});

export const renameSchema = z.object({ title: titleField });

export const addSongSchema = z.object({
  songId: uuid(SHORTLIST_TEXT.songNotFound),
  note: noteField,
  /** Where to go back to: the song page the form was on, or the shortlist. */
  returnTo: z.enum(["song", "shortlist"]).optional(),
});

/** The song page's form: the shortlist is a field (any of the viewer's own). */
export const addToListSchema = addSongSchema.extend({ shortlistId: uuid(SHORTLIST_TEXT.pickShortlist) });

export const itemSchema = z.object({
  itemId: uuid(SHORTLIST_TEXT.itemNotFound),
  note: noteField,
  // "" is "not rated".
  rating: z
    .enum(["", ...FEEDBACK_RATING_VALUES])
    .optional()
    .transform((value) => (value ? value : null)),
});

export const moveSchema = z.object({
  itemId: uuid(SHORTLIST_TEXT.itemNotFound),
  direction: z.enum(["up", "down"], { message: "Choose up or down" }),
});

export const removeSchema = z.object({ itemId: uuid(SHORTLIST_TEXT.itemNotFound) });

export const shareSchema = z.object({
  days: z.coerce
    .number({ required_error: SHORTLIST_TEXT.expiryRequired, invalid_type_error: SHORTLIST_TEXT.expiryRequired })
    .refine((days) => (SHARE_EXPIRY_DAYS as readonly number[]).includes(days), SHORTLIST_TEXT.expiryRequired),
});

export const deleteShortlistSchema = z.object({
  confirm: z.literal("yes", { errorMap: () => ({ message: SHORTLIST_TEXT.deleteConfirmRequired }) }),
});

export const revokeSchema = z.object({ shareId: uuid(SHORTLIST_TEXT.shareNotFound) });

/**
 * The listener's browser reports a play: no fields beyond the intent, which
 * it always sends, so a post that does not say "played" (empty, or another
 * form's fields) is refused with 400 before the link is looked at.
 */
export const playedSchema = z.object({ intent: z.literal("played") });
