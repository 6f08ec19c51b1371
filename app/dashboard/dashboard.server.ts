/**
 * What the dashboard shows a signed-in person, all read from the database:
 * where their application or membership stands, how complete their profile
 * is, and how many members they can find in the directory.
 */
import type { Viewer } from "~/auth/viewer";
import type { Database } from "~/platform/db/connect.server";
import { ROLES } from "~/shared/constants";

export interface ProfileCheck {
  key: "displayName" | "bio" | "location" | "skills" | "genres" | "publicProfile";
  label: string;
  done: boolean;
}

export interface DashboardData {
  /** When the account was created: for an applicant, when they applied. */
  joinedAt: string | null;
  checks: ProfileCheck[];
  publicMembers: number;
}

export async function getDashboard(db: Database, viewer: Viewer): Promise<DashboardData> {
  const [profile, user, members] = await Promise.all([
    db
      .selectFrom("profiles")
      .select(["display_name", "bio", "location", "skills", "genres", "public_profile"])
      .where("user_id", "=", viewer.id)
      .executeTakeFirst(),
    db.selectFrom("auth.users").select("created_at").where("id", "=", viewer.id).executeTakeFirst(),
    db
      .selectFrom("profiles")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("public_profile", "=", true)
      .where("role", "in", [...ROLES])
      .executeTakeFirstOrThrow(),
  ]);
  const checks: ProfileCheck[] = [
    { key: "displayName", label: "Add a display name", done: Boolean(profile?.display_name) },
    { key: "bio", label: "Write a short bio", done: Boolean(profile?.bio) },
    { key: "location", label: "Say where you are based", done: Boolean(profile?.location) },
    { key: "skills", label: "Pick your skills", done: (profile?.skills.length ?? 0) > 0 },
    { key: "genres", label: "List your genres", done: (profile?.genres.length ?? 0) > 0 },
    { key: "publicProfile", label: "Make your profile public", done: Boolean(profile?.public_profile) },
  ];
  return {
    joinedAt: user ? new Date(user.created_at).toISOString() : null,
    checks,
    publicMembers: Number(members.count),
  };
}
