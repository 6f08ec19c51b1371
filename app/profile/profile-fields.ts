/**
 * The editable parts of a profile and their limits. Skills are a fixed
 * vocabulary so the member directory can filter on them; genres are free
 * text because every scene names its own.
 */
export const SKILLS = [
  { value: "writer", label: "Songwriter" },
  { value: "topliner", label: "Topliner" },
  { value: "producer", label: "Producer" },
  { value: "artist", label: "Artist" },
  { value: "vocalist", label: "Vocalist" },
  { value: "instrumentalist", label: "Instrumentalist" },
  { value: "engineer", label: "Mix / mastering engineer" },
] as const;

export type Skill = (typeof SKILLS)[number]["value"];
export const SKILL_VALUES = SKILLS.map((s) => s.value) as [Skill, ...Skill[]];

export function skillLabel(value: string): string {
  return SKILLS.find((s) => s.value === value)?.label ?? value;
}

export function isSkill(value: unknown): value is Skill {
  return typeof value === "string" && (SKILL_VALUES as string[]).includes(value);
}

/** Match the CHECK constraints in supabase/migrations/20261121000001_profiles.sql. */
export const PROFILE_LIMITS = {
  displayName: 100,
  bio: 1000,
  location: 100,
  /** How many genres a profile lists, and how long each may be. */
  genres: 8,
  genre: 30,
  /** The comma-separated genres field as typed. */
  genresInput: 400,
  /** Links on a profile (website, streaming, socials), each a label and an http(s) address. */
  links: 5,
  linkLabel: 40,
  linkUrl: 300,
} as const;

export const PROFILE_LABELS = {
  displayName: "Display name",
  bio: "Bio",
  location: "Location",
  skills: "Skills",
  genres: "Genres",
  publicProfile: "Show my profile in the member directory",
  links: "Links",
  linkLabel: "Link name",
  linkUrl: "Link address",
  avatar: "Profile picture",
  timeZone: "Time zone",
  newEmail: "New e-mail address",
  newPhone: "New phone number",
  code: "Code",
} as const;
