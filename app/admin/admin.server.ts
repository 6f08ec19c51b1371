/**
 * Read models for the admin area, straight from the database. Only columns an
 * administrator needs are selected: never password hashes or tokens.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import type { Role } from "~/shared/constants";
import { ROLES } from "~/shared/constants";

export const ADMIN_PAGE_SIZE = 50;

export interface OverviewCounts {
  users: number;
  profiles: number;
  members: number;
  arProfessionals: number;
  applicants: number;
  admins: number;
  publicProfiles: number;
  pendingArRequests: number;
}

export async function getOverviewCounts(db: Database): Promise<OverviewCounts> {
  const [people, requests] = await Promise.all([
    db
      .selectFrom("auth.users as u")
      .leftJoin("profiles as p", "p.user_id", "u.id")
      .select([
        sql<number>`count(*)::int`.as("users"),
        sql<number>`count(p.id)::int`.as("profiles"),
        sql<number>`(count(*) filter (where p.role in ('accepted_member', 'accepted_ar', 'admin')))::int`.as("members"),
        sql<number>`(count(*) filter (where p.role = 'accepted_ar'))::int`.as("ar"),
        // Signed up, no decision yet: no role (or no profile row at all).
        sql<number>`(count(*) filter (where p.role is null))::int`.as("applicants"),
        sql<number>`(count(*) filter (where p.is_admin))::int`.as("admins"),
        sql<number>`(count(*) filter (where p.public_profile and p.role is not null))::int`.as("public_profiles"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("ar_registrations")
      .select(sql<number>`count(*)::int`.as("pending"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
  ]);
  return {
    users: Number(people.users),
    profiles: Number(people.profiles),
    members: Number(people.members),
    arProfessionals: Number(people.ar),
    applicants: Number(people.applicants),
    admins: Number(people.admins),
    publicProfiles: Number(people.public_profiles),
    pendingArRequests: Number(requests.pending),
  };
}

export interface AdminUserRow {
  userId: string;
  email: string | null;
  phone: string | null;
  displayName: string | null;
  role: Role | null;
  isAdmin: boolean;
  hasProfile: boolean;
  publicProfile: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

function usersQuery(db: Database) {
  return db
    .selectFrom("auth.users as u")
    .leftJoin("profiles as p", "p.user_id", "u.id")
    .select([
      "u.id as user_id",
      "u.email",
      "u.phone",
      "u.created_at",
      "u.last_sign_in_at",
      "p.id as profile_id",
      "p.display_name",
      "p.role",
      "p.is_admin",
      "p.public_profile",
    ]);
}

type UserRecord = Awaited<ReturnType<ReturnType<typeof usersQuery>["execute"]>>[number];

function toRow(row: UserRecord): AdminUserRow {
  return {
    userId: row.user_id,
    email: row.email,
    phone: row.phone,
    displayName: row.display_name,
    role: row.role,
    isAdmin: Boolean(row.is_admin),
    hasProfile: row.profile_id !== null,
    publicProfile: Boolean(row.public_profile),
    createdAt: new Date(row.created_at).toISOString(),
    lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
  };
}

export function parsePage(searchParams: URLSearchParams): number {
  const page = Number.parseInt(searchParams.get("page") ?? "1", 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1;
}

async function paged(query: ReturnType<typeof usersQuery>, page: number) {
  const rows = await query
    .orderBy("u.created_at", "desc")
    .orderBy("u.id")
    .limit(ADMIN_PAGE_SIZE + 1)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  return { rows: rows.slice(0, ADMIN_PAGE_SIZE).map(toRow), hasNextPage: rows.length > ADMIN_PAGE_SIZE, page };
}

/** Every account, with or without a profile, newest first. */
export function listUsers(db: Database, page = 1) {
  return paged(usersQuery(db), page);
}

/** Accepted people: members, A&R professionals and administrators. */
export function listMembers(db: Database, page = 1) {
  return paged(usersQuery(db).where("p.role", "in", [...ROLES]), page);
}

export interface ArRequestRow {
  id: string;
  name: string;
  company: string;
  email: string | null;
  message: string;
  createdAt: string;
}

export async function listPendingArRequests(db: Database, limit = 10): Promise<ArRequestRow[]> {
  const rows = await db
    .selectFrom("ar_registrations")
    .select(["id", "name", "company", "email", "message", "created_at"])
    .where("status", "=", "pending")
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, createdAt: new Date(row.created_at).toISOString() }));
}
