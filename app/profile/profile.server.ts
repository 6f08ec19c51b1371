/**
 * The signed-in person's own profile: read it, and save the fields they may
 * change. Role, admin flag and onboarding state are never written here.
 */
import type { Database } from "~/platform/db/connect.server";
import type { ProfileInput } from "./profile-schema";

export interface OwnProfile {
  displayName: string;
  bio: string;
  location: string;
  skills: string[];
  genres: string[];
  publicProfile: boolean;
  updatedAt: string | null;
}

export async function getOwnProfile(db: Database, userId: string): Promise<OwnProfile | null> {
  const row = await db
    .selectFrom("profiles")
    .select(["display_name", "bio", "location", "skills", "genres", "public_profile", "updated_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    displayName: row.display_name ?? "",
    bio: row.bio ?? "",
    location: row.location ?? "",
    skills: row.skills,
    genres: row.genres,
    publicProfile: row.public_profile,
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
    public_profile: input.publicProfile,
    updated_at: now,
  };
  await db
    .insertInto("profiles")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}
