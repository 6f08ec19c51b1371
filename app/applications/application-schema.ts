/**
 * The application's form schemas, one per form, shared by the server's form
 * pipeline and the browser. Text is checked against its limit as typed (so
 * nothing is cut silently), then sanitised (SPEC section 5). A draft may be
 * incomplete; submitting needs the kind, name, location and bio (the
 * questions' required answers and the tracks are checked by the handler,
 * which knows the live questions and the stored tracks).
 */
import { z } from "zod";
import { checkLinkUrl } from "~/profile/profile-schema";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { APPLICATION_AUDIO_MAX_BYTES, APPLICATION_INTENTS, APPLICATION_KIND_VALUES, APPLICATION_LIMITS as LIMITS, APPLICATION_TEXT as T } from "./constants";

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, lengthMessage(label, max))
    .optional()
    .transform((value) => sanitizeText(value ?? "", max));

/** Each answer as typed (the question's own max_length is checked by the handler). */
const answers = z
  .record(z.string().max(LIMITS.answerHardMax, lengthMessage("An answer", LIMITS.answerHardMax)).optional())
  .optional()
  .transform((value) => value ?? {});

const links = z
  .array(
    z.object({
      label: z.string().trim().max(LIMITS.linkLabel, lengthMessage(T.linkLabel, LIMITS.linkLabel)).optional(),
      url: z.string().trim().max(LIMITS.linkUrl, lengthMessage(T.linkUrl, LIMITS.linkUrl)).optional(),
    }),
  )
  .max(LIMITS.links, `List at most ${LIMITS.links} links`)
  .optional()
  .transform((rows, ctx) => {
    const kept: { label: string; url: string }[] = [];
    for (const [index, row] of (rows ?? []).entries()) {
      const label = sanitizeText(row.label ?? "", LIMITS.linkLabel);
      const url = row.url ?? "";
      if (!url && !label) continue;
      const checked = checkLinkUrl(url);
      if (typeof checked !== "string") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "url"], message: checked?.error ?? "Enter the address for this link" });
        continue;
      }
      kept.push({ label: label || new URL(checked).hostname, url: checked });
    }
    return kept;
  });

const fields = {
  kind: z.enum(APPLICATION_KIND_VALUES, { message: T.kindRequired }).optional(),
  name: text(T.nameLabel, LIMITS.name),
  location: text(T.locationLabel, LIMITS.location),
  bio: text(T.bioLabel, LIMITS.bio),
  links,
  answers,
};

/** "Save draft": everything optional, every limit enforced. */
export const draftSchema = z.object({ intent: z.literal(APPLICATION_INTENTS.save), ...fields });

/** "Submit application": the same fields, the required ones present (after sanitising: markup alone is nothing). */
export const submitSchema = z.object({ intent: z.literal(APPLICATION_INTENTS.submit), ...fields }).superRefine((value, ctx) => {
  if (!value.kind) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["kind"], message: T.kindRequired });
  if (!value.name) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["name"], message: T.nameRequired });
  if (!value.location) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["location"], message: T.locationRequired });
  if (!value.bio) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["bio"], message: T.bioRequired });
});

export type ApplicationDetailsInput = Omit<z.output<typeof draftSchema>, "intent">;

/** File exists in browsers and in Node 20. */
const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

export const trackUploadSchema = z.object({
  intent: z.literal(APPLICATION_INTENTS.addTrack),
  mode: z.enum(["collab", "solo"], { message: "Choose collab or solo" }),
  /** The kind the page preselected (`?kind=`): kept by the draft the first upload makes. */
  kind: z.enum(APPLICATION_KIND_VALUES).optional().catch(undefined),
  title: z
    .string()
    .trim()
    .max(LIMITS.trackTitle, lengthMessage(T.titleLabel, LIMITS.trackTitle))
    .optional()
    .transform((value) => sanitizeText(value ?? "", LIMITS.trackTitle)),
  audio: z.custom<File>(isFile, { message: T.audioRequired }).refine((file) => file.size <= APPLICATION_AUDIO_MAX_BYTES, T.audioTooLarge),
});

export const removeTrackSchema = z.object({
  intent: z.literal(APPLICATION_INTENTS.removeTrack),
  trackId: z.string({ required_error: T.trackNotFound }).uuid(T.trackNotFound),
});

export const withdrawSchema = z.object({
  intent: z.literal(APPLICATION_INTENTS.withdraw),
  confirm: z.literal("yes", { errorMap: () => ({ message: T.withdrawConfirmRequired }) }),
});
