/**
 * The member directory: profiles their owners made public, of people who are
 * members (SPEC §6: accepted_member, accepted_ar or admin). Applicants never
 * appear, even if they tick "public".
 */
import { sql } from "kysely";
import { z } from "zod";
import type { Database } from "~/platform/db/connect.server";
import type { Role } from "~/shared/constants";
import { ROLES } from "~/shared/constants";
import { isSkill, type Skill } from "~/profile/profile-fields";

export const DIRECTORY_PAGE_SIZE = 24;

export interface MemberSummary {
  userId: string;
  displayName: string;
  role: Role;
  location: string | null;
  skills: string[];
  genres: string[];
}

export interface MemberProfile extends MemberSummary {
  bio: string | null;
  links: { label: string; url: string }[];
  memberSince: string;
}

export interface DirectoryQuery {
  skill: Skill | null;
  page: number;
}

/** Reads ?skill= and ?page= leniently: an unknown skill or a bad page number means "no filter" / page 1. */
export function parseDirectoryQuery(searchParams: URLSearchParams): DirectoryQuery {
  const skill = searchParams.get("skill");
  const page = Number.parseInt(searchParams.get("page") ?? "1", 10);
  return { skill: isSkill(skill) ? skill : null, page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1 };
}

function publicMembers(db: Database) {
  return db
    .selectFrom("profiles")
    .where("public_profile", "=", true)
    .where("role", "in", [...ROLES])
    .where("display_name", "is not", null);
}

export async function listPublicMembers(db: Database, query: DirectoryQuery) {
  let base = publicMembers(db);
  if (query.skill) base = base.where(sql<boolean>`skills @> array[${query.skill}]::text[]`);
  const [rows, total] = await Promise.all([
    base
      .select(["user_id", "display_name", "role", "location", "skills", "genres"])
      .orderBy(sql`lower(display_name)`)
      .orderBy("user_id")
      .limit(DIRECTORY_PAGE_SIZE)
      .offset((query.page - 1) * DIRECTORY_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  const members: MemberSummary[] = rows.map((row) => ({
    userId: row.user_id,
    displayName: row.display_name ?? "",
    role: row.role as Role,
    location: row.location,
    skills: row.skills,
    genres: row.genres,
  }));
  const count = Number(total.count);
  return { members, total: count, pageCount: Math.max(1, Math.ceil(count / DIRECTORY_PAGE_SIZE)) };
}

const userIdSchema = z.string().uuid();

/** A public member profile, or null when the id is malformed, unknown, private or not a member. */
export async function getPublicMember(db: Database, userId: string): Promise<MemberProfile | null> {
  if (!userIdSchema.safeParse(userId).success) return null;
  const row = await publicMembers(db)
    .where("user_id", "=", userId)
    .select(["user_id", "display_name", "role", "location", "skills", "genres", "bio", "links", "created_at"])
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.user_id,
    displayName: row.display_name ?? "",
    role: row.role as Role,
    location: row.location,
    skills: row.skills,
    genres: row.genres,
    bio: row.bio,
    links: Array.isArray(row.links) ? row.links : [],
    memberSince: new Date(row.created_at).toISOString(),
  };
}
