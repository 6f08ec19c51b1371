/**
 * One schema for the profile form: conform parses it on the server and
 * derives the browser's constraints from it. Every text field is checked
 * against its limit as typed (so nothing is cut silently), then sanitised
 * (SPEC §5) before it is stored.
 */
import { z } from "zod";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { PROFILE_LABELS as L, PROFILE_LIMITS, SKILL_VALUES } from "./profile-fields";

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

export const profileSchema = z.object({
  displayName: z
    .string({ required_error: `${L.displayName} is required` })
    .trim()
    .max(PROFILE_LIMITS.displayName, lengthMessage(L.displayName, PROFILE_LIMITS.displayName))
    .transform((value) => sanitizeText(value, PROFILE_LIMITS.displayName))
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
  publicProfile: z.boolean().optional().transform((value) => value ?? false),
});

export type ProfileInput = z.output<typeof profileSchema>;
