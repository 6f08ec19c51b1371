/**
 * /admin/members and /admin/members/{userId} (issue 12 §2, ADR 0081): the
 * accepted people (members, A&R professionals, administrators) as admins
 * manage them. Reads select only what an admin needs (never hashes or
 * tokens); every action runs in one transaction with its audit entry.
 *
 * Who counts as a member here: a profile with a role (accepted_member,
 * accepted_ar or admin). Anyone else (an applicant, an account without a
 * profile) is not found here: accounts are /admin/users' business.
 */
import { sql, type Kysely, type SqlBool } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { listAuditEntries, recordAdminAction } from "~/audit/audit.server";
import { deliverNotice } from "~/inbox/inbox.server";
import type { Database } from "~/platform/db/connect.server";
import type { DB } from "~/platform/db/schema";
import type { StoragePort } from "~/platform/storage/port";
import { CREDITED_SONGS_MAX } from "~/members/directory-constants";
import { escapeLike, isUserId, listCreditedSongs, safeLinks } from "~/members/members.server";
import type { Role } from "~/shared/constants";
import { listShowcase } from "~/showcase/showcase.server";
import { takeMemberOffLanding } from "./showcase.server";
import type { AdminMembersQuery } from "./members-showcase-query";

export { membersSearch, parseMembersQuery, type AdminMembersQuery } from "./members-showcase-query";
import {
  MEMBER_HISTORY_LIMIT,
  MEMBER_ROLE_FILTERS,
  MEMBER_TEXT,
  MEMBERS_PAGE_SIZE,
  type AssignableRole,
  type MemberRoleFilter,
} from "./members-showcase-text";

type Executor = Kysely<DB>;
type Actor = Pick<Viewer, "id" | "displayName">;

const IS_ADMIN = sql<SqlBool>`(p.is_admin or p.role = 'admin')`;

const ROLE_CONDITIONS: Record<Exclude<MemberRoleFilter, "all">, ReturnType<typeof sql<SqlBool>>> = {
  member: sql<SqlBool>`(p.role = 'accepted_member' and not p.is_admin)`,
  ar: sql<SqlBool>`(p.role = 'accepted_ar' and not p.is_admin)`,
  admin: IS_ADMIN,
  featured: sql<SqlBool>`p.featured_at is not null`,
};

export interface AdminMemberRow {
  userId: string;
  displayName: string | null;
  email: string | null;
  phone: string | null;
  role: Role;
  isAdmin: boolean;
  /** In the directory: public, a member, with a name. */
  listed: boolean;
  featuredAt: string | null;
  memberSince: string;
  showcaseCount: number;
}

export interface AdminMembersList {
  rows: AdminMemberRow[];
  total: number;
  page: number;
  pageCount: number;
  counts: Record<MemberRoleFilter, number>;
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** One page of members, newest first (featured: most recently featured first), with the counts of each filter for the search. */
export async function listAdminMembers(db: Executor, query: AdminMembersQuery): Promise<AdminMembersList> {
  const search = query.q ? `%${escapeLike(query.q.toLowerCase())}%` : null;
  const matches = search
    ? sql<SqlBool>`(lower(coalesce(p.display_name, '')) like ${search} or lower(coalesce(u.email, '')) like ${search})`
    : sql<SqlBool>`true`;
  const base = () =>
    db
      .selectFrom("profiles as p")
      .innerJoin("auth.users as u", "u.id", "p.user_id")
      .where("p.role", "is not", null)
      .where(matches);
  const countRow = await base()
    .select([
      sql<number>`count(*)::int`.as("all"),
      sql<number>`(count(*) filter (where ${ROLE_CONDITIONS.member}))::int`.as("member"),
      sql<number>`(count(*) filter (where ${ROLE_CONDITIONS.ar}))::int`.as("ar"),
      sql<number>`(count(*) filter (where ${ROLE_CONDITIONS.admin}))::int`.as("admin"),
      sql<number>`(count(*) filter (where ${ROLE_CONDITIONS.featured}))::int`.as("featured"),
    ])
    .executeTakeFirstOrThrow();
  const counts = Object.fromEntries(MEMBER_ROLE_FILTERS.map((filter) => [filter, Number(countRow[filter])])) as Record<MemberRoleFilter, number>;
  const total = counts[query.role];
  const pageCount = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  let rows = base().select([
    "p.user_id",
    "p.display_name",
    "u.email",
    "u.phone",
    "p.role",
    "p.is_admin",
    sql<boolean>`(p.public_profile and p.display_name is not null)`.as("listed"),
    "p.featured_at",
    "p.created_at",
    sql<number>`(select count(*)::int from showcase_tracks t where t.user_id = p.user_id)`.as("showcase_count"),
  ]);
  if (query.role !== "all") rows = rows.where(ROLE_CONDITIONS[query.role]);
  rows = query.role === "featured" ? rows.orderBy("p.featured_at", "desc") : rows.orderBy("p.created_at", "desc");
  const found = await rows.orderBy("p.user_id").limit(MEMBERS_PAGE_SIZE).offset((page - 1) * MEMBERS_PAGE_SIZE).execute();
  return {
    rows: found.map((row) => ({
      userId: row.user_id,
      displayName: row.display_name,
      email: row.email,
      phone: row.phone,
      role: row.role!,
      isAdmin: Boolean(row.is_admin) || row.role === "admin",
      listed: Boolean(row.listed),
      featuredAt: iso(row.featured_at),
      memberSince: new Date(row.created_at).toISOString(),
      showcaseCount: Number(row.showcase_count),
    })),
    total,
    page,
    pageCount,
    counts,
  };
}

// ---------------------------------------------------------------------------
// One member

export interface AdminMemberDetail extends AdminMemberRow {
  bio: string | null;
  location: string | null;
  skills: string[];
  genres: string[];
  links: { label: string; url: string }[];
  lastSignInAt: string | null;
  applications: number;
  submissions: number;
}

/** The member, or null for a malformed or unknown id and for anyone without a member role. */
export async function getAdminMember(db: Executor, userId: string): Promise<AdminMemberDetail | null> {
  if (!isUserId(userId)) return null;
  const row = await db
    .selectFrom("profiles as p")
    .innerJoin("auth.users as u", "u.id", "p.user_id")
    .where("p.user_id", "=", userId)
    .where("p.role", "is not", null)
    .select([
      "p.user_id",
      "p.display_name",
      "u.email",
      "u.phone",
      "u.last_sign_in_at",
      "p.role",
      "p.is_admin",
      sql<boolean>`(p.public_profile and p.display_name is not null)`.as("listed"),
      "p.featured_at",
      "p.created_at",
      "p.bio",
      "p.location",
      "p.skills",
      "p.genres",
      "p.links",
      sql<number>`(select count(*)::int from showcase_tracks t where t.user_id = p.user_id)`.as("showcase_count"),
      sql<number>`(select count(*)::int from applications a where a.user_id = p.user_id)`.as("applications"),
      sql<number>`(select count(*)::int from submissions s where s.member_id = p.user_id)`.as("submissions"),
    ])
    .executeTakeFirst();
  if (!row || row.role === null) return null;
  return {
    userId: row.user_id,
    displayName: row.display_name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    isAdmin: Boolean(row.is_admin) || row.role === "admin",
    listed: Boolean(row.listed),
    featuredAt: iso(row.featured_at),
    memberSince: new Date(row.created_at).toISOString(),
    showcaseCount: Number(row.showcase_count),
    bio: row.bio,
    location: row.location,
    skills: row.skills,
    genres: row.genres,
    links: safeLinks(row.links),
    lastSignInAt: iso(row.last_sign_in_at),
    applications: Number(row.applications),
    submissions: Number(row.submissions),
  };
}

/** Everything /admin/members/{userId} shows, or null (404). */
export async function loadAdminMemberPage(db: Database, storage: StoragePort, userId: string) {
  const member = await getAdminMember(db, userId);
  if (!member) return null;
  const [showcase, landing, credits, history] = await Promise.all([
    listShowcase(db, storage, member.userId, { includeHidden: true }),
    db.selectFrom("showcase_tracks").select(["id", "landing_position"]).where("user_id", "=", member.userId).where("landing_position", "is not", null).execute(),
    listCreditedSongs(db, storage, member.userId, CREDITED_SONGS_MAX),
    listAuditEntries(db, { targetType: "member", targetId: member.userId, limit: MEMBER_HISTORY_LIMIT }),
  ]);
  return {
    member,
    showcase,
    landingPositions: Object.fromEntries(landing.map((row) => [row.id, Number(row.landing_position)])) as Record<string, number>,
    credits,
    history: history.entries,
  };
}

// ---------------------------------------------------------------------------
// Actions

export type MemberRefusal = "not-found" | "admin" | "self" | "same" | "private" | "already-featured" | "not-featured";

export class MemberActionError extends Error {
  constructor(
    readonly reason: MemberRefusal,
    readonly memberName: string = "",
  ) {
    super(reason);
    this.name = "MemberActionError";
  }
}

/** The member's profile row, locked until the transaction ends; null for anyone without a member role. */
async function lockedMember(tx: Executor, userId: string) {
  if (!isUserId(userId)) return null;
  const row = await tx
    .selectFrom("profiles")
    .select(["user_id", "display_name", "role", "is_admin", "public_profile", "featured_at"])
    .where("user_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.role === null) return null;
  return { ...row, name: row.display_name ?? "Member", isAdmin: row.is_admin || row.role === "admin" };
}

/** Member <-> A&R. Never for administrators (their role follows is_admin, /admin/users). */
export async function changeMemberRole(db: Database, actor: Actor, userId: string, role: AssignableRole): Promise<{ name: string; role: AssignableRole }> {
  return db.transaction().execute(async (tx) => {
    const member = await lockedMember(tx, userId);
    if (!member) throw new MemberActionError("not-found");
    if (member.isAdmin) throw new MemberActionError("admin", member.name);
    if (member.role === role) throw new MemberActionError("same", member.name);
    await tx.updateTable("profiles").set({ role, updated_at: new Date() }).where("user_id", "=", member.user_id).execute();
    await recordAdminAction(tx, {
      actor,
      action: "member.role_changed",
      target: { type: "member", id: member.user_id, label: member.name },
      before: { role: member.role },
      after: { role },
    });
    return { name: member.name, role };
  });
}

/**
 * Ends a membership: the role goes (they stay a signed-up person who can
 * sign in), so the profile leaves the directory; no longer featured; their
 * tracks leave the landing page; a neutral notice in their inbox. Never
 * one's own, never an administrator's.
 */
export async function endMembership(db: Database, actor: Actor, userId: string): Promise<{ name: string }> {
  return db.transaction().execute(async (tx) => {
    const member = await lockedMember(tx, userId);
    if (!member) throw new MemberActionError("not-found");
    if (member.user_id === actor.id) throw new MemberActionError("self", member.name);
    if (member.isAdmin) throw new MemberActionError("admin", member.name);
    await tx.updateTable("profiles").set({ role: null, featured_at: null, updated_at: new Date() }).where("user_id", "=", member.user_id).execute();
    const offLanding = await takeMemberOffLanding(tx, member.user_id);
    await deliverNotice(tx, {
      recipientId: member.user_id,
      kind: "system",
      subject: MEMBER_TEXT.noticeSubject,
      body: MEMBER_TEXT.noticeBody,
      link: "/dashboard",
    });
    await recordAdminAction(tx, {
      actor,
      action: "member.membership_ended",
      target: { type: "member", id: member.user_id, label: member.name },
      before: { role: member.role, featured: member.featured_at !== null, inDirectory: member.public_profile, landingTracks: offLanding },
      after: { role: null, featured: false, inDirectory: false, landingTracks: [] },
    });
    return { name: member.name };
  });
}

/** Features a member (first in the directory, with a badge) or stops featuring them. */
export async function setMemberFeatured(db: Database, actor: Actor, userId: string, featured: boolean): Promise<{ name: string }> {
  return db.transaction().execute(async (tx) => {
    const member = await lockedMember(tx, userId);
    if (!member) throw new MemberActionError("not-found");
    if (featured && member.featured_at !== null) throw new MemberActionError("already-featured", member.name);
    if (!featured && member.featured_at === null) throw new MemberActionError("not-featured", member.name);
    if (featured && (!member.public_profile || member.display_name === null)) throw new MemberActionError("private", member.name);
    const featuredAt = featured ? new Date() : null;
    await tx.updateTable("profiles").set({ featured_at: featuredAt, updated_at: new Date() }).where("user_id", "=", member.user_id).execute();
    await recordAdminAction(tx, {
      actor,
      action: featured ? "member.featured" : "member.unfeatured",
      target: { type: "member", id: member.user_id, label: member.name },
      before: { featuredAt: member.featured_at },
      after: { featuredAt },
    });
    return { name: member.name };
  });
}
