/**
 * One schema for the profile form: conform parses it on the server and
 * derives the browser's constraints from it. Every text field is checked
 * against its limit as typed (so nothing is cut silently), then sanitised
 * (SPEC §5) before it is stored.
 */
import { z } from "zod";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { PROFILE_LABELS as L, PROFILE_LIMITS, SKILL_VALUES } from "./profile-fields";
import { PROFILE_TEXT } from "./profile-text";

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, lengthMessage(label, max))
    .optional()
    .transform((value) => sanitizeText(value ?? "", max));

/** "Pop, dance,  R&B" -> ["pop", "dance", "r&b"], without duplicates. */
export function splitGenres(input: string): string[] {
  const seen = new Set<string>();
  for (const part of input.split(",")) {
    const genre = sanitizeText(part).toLowerCase().replace(/\s+/g, " ");
    if (genre) seen.add(genre);
  }
  return [...seen];
}

// eslint-disable-next-line no-control-regex
const INVISIBLE_IN_A_NAME = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export const profileSchema = z.object({
  displayName: z
    .string({ required_error: `${L.displayName} is required` })
    .trim()
    .max(PROFILE_LIMITS.displayName, lengthMessage(L.displayName, PROFILE_LIMITS.displayName))
    // A name is one line of visible text: it heads pages, inbox notices and e-mail subjects, so
    // control characters, bidirectional overrides (which could make it read as someone else's)
    // and line breaks go.
    .transform((value) => sanitizeText(value.replace(INVISIBLE_IN_A_NAME, "").replace(/\s+/g, " "), PROFILE_LIMITS.displayName))
    // Text that was only markup sanitises to nothing.
    .refine((value) => value.length > 0, `${L.displayName} is required`),
  bio: optionalText(L.bio, PROFILE_LIMITS.bio),
  location: optionalText(L.location, PROFILE_LIMITS.location),
  skills: z.array(z.enum(SKILL_VALUES, { message: "Choose skills from the list" })).default([]),
  genres: z
    .string()
    .max(PROFILE_LIMITS.genresInput, lengthMessage(L.genres, PROFILE_LIMITS.genresInput))
    .optional()
    .transform((value, ctx) => {
      const genres = splitGenres(value ?? "");
      if (genres.length > PROFILE_LIMITS.genres) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `List at most ${PROFILE_LIMITS.genres} genres` });
      }
      const tooLong = genres.find((genre) => genre.length > PROFILE_LIMITS.genre);
      if (tooLong) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: lengthMessage("Each genre", PROFILE_LIMITS.genre) });
      }
      return genres;
    }),
  links: z
    .array(
      z.object({
        label: z.string().trim().max(PROFILE_LIMITS.linkLabel, lengthMessage(L.linkLabel, PROFILE_LIMITS.linkLabel)).optional(),
        url: z.string().trim().max(PROFILE_LIMITS.linkUrl, lengthMessage(L.linkUrl, PROFILE_LIMITS.linkUrl)).optional(),
      }),
    )
    .max(PROFILE_LIMITS.links, PROFILE_TEXT.links.tooMany)
    .optional()
    .transform((rows, ctx) => {
      const links: ProfileLink[] = [];
      for (const [index, row] of (rows ?? []).entries()) {
        const label = sanitizeText(row.label ?? "", PROFILE_LIMITS.linkLabel);
        const url = row.url ?? "";
        if (!url && !label) continue;
        const checked = checkLinkUrl(url);
        if (typeof checked !== "string") {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "url"], message: checked?.error ?? PROFILE_TEXT.links.urlRequired });
          continue;
        }
        links.push({ label: label || new URL(checked).hostname, url: checked });
      }
      return links;
    }),
  publicProfile: z.boolean().optional().transform((value) => value ?? false),
});

export interface ProfileLink {
  label: string;
  url: string;
}

/**
 * A link as typed -> its normalised address, or why it is refused: only
 * http(s), with a host, without user:password@ (javascript:, data:, ftp:
 * and the like never reach a page). The URL parser percent-encodes < > and
 * quotes, so the stored address is safe inside an href.
 */
export function checkLinkUrl(input: string): string | { error: string } | null {
  const value = input.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // "example.com" without a scheme, or an unparsable address.
    return { error: PROFILE_TEXT.links.badUrl };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { error: PROFILE_TEXT.links.badScheme };
  if (!url.hostname.includes(".")) return { error: PROFILE_TEXT.links.badUrl };
  if (url.username || url.password) return { error: PROFILE_TEXT.links.credentials };
  if (url.href.length > PROFILE_LIMITS.linkUrl) return { error: lengthMessage(L.linkUrl, PROFILE_LIMITS.linkUrl) };
  return url.href;
}

export type ProfileInput = z.output<typeof profileSchema>;
