/**
 * The signed-in person's own profile: read it, and save the fields they may
 * change. Role, admin flag and onboarding state are never written here.
 */
import type { Database } from "~/platform/db/connect.server";
import type { ProfileInput, ProfileLink } from "./profile-schema";
import { DEFAULT_TIME_ZONE } from "./time-zones";

export interface OwnProfile {
  displayName: string;
  bio: string;
  location: string;
  skills: string[];
  genres: string[];
  links: ProfileLink[];
  publicProfile: boolean;
  /** profiles.avatar_url as stored (turn it into a URL with avatarSrc), or null. */
  avatar: string | null;
  timeZone: string;
  updatedAt: string | null;
}

/** Only well-formed links leave the database (the column is JSON anyone with SQL could have filled). */
function readLinks(value: unknown): ProfileLink[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((link): link is ProfileLink => typeof link?.label === "string" && typeof link?.url === "string" && /^https?:\/\//i.test(link.url))
    .map(({ label, url }) => ({ label, url }));
}

export async function getOwnProfile(db: Database, userId: string): Promise<OwnProfile | null> {
  const row = await db
    .selectFrom("profiles")
    .select(["display_name", "bio", "location", "skills", "genres", "links", "public_profile", "avatar_url", "time_zone", "updated_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    displayName: row.display_name ?? "",
    bio: row.bio ?? "",
    location: row.location ?? "",
    skills: row.skills,
    genres: row.genres,
    links: readLinks(row.links),
    publicProfile: row.public_profile,
    avatar: row.avatar_url,
    timeZone: row.time_zone || DEFAULT_TIME_ZONE,
    updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
  };
}

/**
 * One statement (an upsert), so a save is all or nothing, and a person who
 * signed up before their profile row existed gets one on first save.
 */
export async function saveOwnProfile(db: Database, userId: string, input: ProfileInput): Promise<void> {
  const now = new Date();
  const values = {
    display_name: input.displayName,
    bio: input.bio || null,
    location: input.location || null,
    skills: input.skills,
    genres: input.genres,
    links: JSON.stringify(input.links),
    public_profile: input.publicProfile,
    updated_at: now,
  };
  await db
    .insertInto("profiles")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}

export async function saveTimeZone(db: Database, userId: string, timeZone: string): Promise<void> {
  const now = new Date();
  await db
    .insertInto("profiles")
    .values({ user_id: userId, time_zone: timeZone, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ time_zone: timeZone, updated_at: now }))
    .execute();
}
