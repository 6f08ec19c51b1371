/**
 * /admin/users (ADR 0080): every account, applicants included; suspensions,
 * password recovery, admin rights and deletion.
 *
 * Every action records its audit entry in the same transaction as its change
 * (app/audit). The admin-rights rules (nobody removes their own rights, the
 * last admin stays) are checked under a lock on every admin's profile row
 * (`select ... for update`), so two admins acting at once cannot both pass a
 * check that only one of them may pass.
 *
 * The auth provider's side goes through the auth port's admin half
 * (app/platform/auth/port.ts AuthAdmin): in the same transaction on the
 * embedded adapter (its auth schema is in this database), after the commit on
 * Supabase (HTTP must not hold a transaction's locks).
 */
import { sql, type SqlBool, type Transaction } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { listAuditEntries, recordAdminAction, type AuditEntry } from "~/audit/audit.server";
import { escapeLike, isUserId } from "~/members/members.server";
import type { Database } from "~/platform/db/connect.server";
import type { DB } from "~/platform/db/schema";
import type { AuthAdmin } from "~/platform/auth/port";
import type { StoragePort } from "~/platform/storage/port";
import { sanitizeText } from "~/shared/sanitize";
import { ADMIN_PAGE_SIZE } from "./admin.server";
import { USERS_TEXT, USER_FILTERS, USER_SEARCH_MAX, type DeleteRemovesKey, type UserFilter } from "./users-text";

type Role = "accepted_ar" | "accepted_member" | "admin";
const NON_ADMIN_ROLES = ["accepted_ar", "accepted_member"] as const;

export class AccountActionError extends Error {
  constructor(
    readonly reason:
      | "not-found"
      | "self"
      | "last-admin"
      | "already-admin"
      | "not-admin"
      | "not-suspended"
      | "suspended"
      | "no-contact"
      | "invalid"
      | "unavailable"
      | "provider",
    message: string,
  ) {
    super(message);
    this.name = "AccountActionError";
  }
  get status(): number {
    switch (this.reason) {
      case "not-found":
        return 404;
      case "invalid":
        return 400;
      case "unavailable":
      case "provider":
        return 503;
      case "self":
        return 403;
      default:
        return 409;
    }
  }
}

// ---------------------------------------------------------------------------
// The list

export interface UserListQuery {
  q: string;
  filter: UserFilter;
  page: number;
}

export function parseUserListQuery(params: URLSearchParams): UserListQuery {
  const q = (params.get("q") ?? "").trim().slice(0, USER_SEARCH_MAX);
  const filterParam = params.get("filter") ?? "all";
  const filter = (Object.hasOwn(USER_FILTERS, filterParam) ? filterParam : "all") as UserFilter;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return { q, filter, page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1 };
}

export interface AccountRow {
  userId: string;
  displayName: string | null;
  email: string | null;
  phone: string | null;
  role: Role | null;
  isAdmin: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  suspension: { reason: string; endsAt: string | null } | null;
}

const ACTIVE_SUSPENSION = sql<SqlBool>`(s.user_id is not null and (s.ends_at is null or s.ends_at > now()))`;

function accountsQuery(db: Database) {
  return db
    .selectFrom("auth.users as u")
    .leftJoin("profiles as p", "p.user_id", "u.id")
    .leftJoin("account_suspensions as s", "s.user_id", "u.id")
    .select([
      "u.id as user_id",
      "u.email",
      "u.phone",
      "u.created_at",
      "u.last_sign_in_at",
      "p.display_name",
      "p.role",
      "p.is_admin",
      "s.reason as suspension_reason",
      "s.ends_at as suspension_ends_at",
      ACTIVE_SUSPENSION.as("suspended"),
    ]);
}

type AccountRecord = Awaited<ReturnType<ReturnType<typeof accountsQuery>["execute"]>>[number];

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

function toAccountRow(row: AccountRecord): AccountRow {
  return {
    userId: row.user_id,
    displayName: row.display_name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    isAdmin: Boolean(row.is_admin),
    createdAt: iso(row.created_at)!,
    lastSignInAt: iso(row.last_sign_in_at),
    suspension: row.suspended && row.suspension_reason ? { reason: row.suspension_reason, endsAt: iso(row.suspension_ends_at) } : null,
  };
}

/** Every account matching the search and filter, newest first, one page. */
export async function listAccounts(db: Database, query: UserListQuery) {
  let q = accountsQuery(db);
  if (query.q) {
    const search = `%${escapeLike(query.q.toLowerCase())}%`;
    // Phone numbers are stored as +<digits>: "070 123" finds +46701234567's digits too.
    const digits = query.q.replace(/[^\d]/g, "");
    const phone = digits.length >= 3 ? `%${escapeLike(digits)}%` : null;
    q = q.where(
      sql<SqlBool>`(lower(coalesce(p.display_name, '')) like ${search} escape '\\' or lower(coalesce(u.email, '')) like ${search} escape '\\' or coalesce(u.phone, '') like ${search} escape '\\'${
        phone ? sql` or coalesce(u.phone, '') like ${phone} escape '\\'` : sql``
      })`,
    );
  }
  switch (query.filter) {
    case "applicants":
      q = q.where("p.role", "is", null).where((eb) => eb.or([eb("p.is_admin", "is", null), eb("p.is_admin", "=", false)]));
      break;
    case "members":
      q = q.where("p.role", "=", "accepted_member");
      break;
    case "ar":
      q = q.where("p.role", "=", "accepted_ar");
      break;
    case "admins":
      q = q.where("p.is_admin", "=", true);
      break;
    case "suspended":
      q = q.where(ACTIVE_SUSPENSION);
      break;
  }
  const rows = await q
    .orderBy("u.created_at", "desc")
    .orderBy("u.id")
    .limit(ADMIN_PAGE_SIZE + 1)
    .offset((query.page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  return { rows: rows.slice(0, ADMIN_PAGE_SIZE).map(toAccountRow), hasNextPage: rows.length > ADMIN_PAGE_SIZE, query };
}

// ---------------------------------------------------------------------------
// One account

export type DeleteCounts = Record<DeleteRemovesKey, number>;

export interface AccountDetail extends AccountRow {
  hasProfile: boolean;
  history: AuditEntry[];
  /** How many of each kind of row deleting the account removes. */
  deleteCounts: DeleteCounts;
}

async function readAccount(db: Database, userId: string): Promise<AccountRow & { hasProfile: boolean }> {
  const row = await accountsQuery(db)
    .select(sql<boolean>`p.user_id is not null`.as("has_profile"))
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new AccountActionError("not-found", USERS_TEXT.goneAlready);
  return { ...toAccountRow(row), hasProfile: Boolean((row as { has_profile?: boolean }).has_profile) };
}

async function countDeleted(db: Database, userId: string): Promise<DeleteCounts> {
  const count = (table: string, column: string) => sql<number>`(select count(*)::int from ${sql.table(table)} where ${sql.ref(column)} = ${userId}::uuid)`;
  const { rows } = await sql<DeleteCounts>`
    select
      (select count(*)::int from public.profiles where user_id = ${userId}::uuid) as profile,
      ${count("showcase_tracks", "user_id")} as showcase,
      ${count("applications", "user_id")} as applications,
      ${count("application_reviews", "admin_id")} as reviews,
      ${count("submissions", "member_id")} as submissions,
      ${count("shortlists", "owner_id")} as shortlists,
      ${count("song_holds", "ar_id")} as holds,
      (${count("briefs", "ar_id")} + ${count("brief_answers", "member_id")}) as briefs,
      ${count("notices", "recipient_id")} as notices,
      ${count("camp_invitations", "member_id")} as camps,
      ${count("party_messages", "user_id")} as parties,
      ${count("session_activity", "user_id")} as sessions
  `.execute(db);
  return rows[0]!;
}

/** The account with its history and what deleting it would remove; null for malformed or unknown ids. */
export async function getAccount(db: Database, userId: string): Promise<AccountDetail | null> {
  if (!isUserId(userId)) return null;
  let account: AccountRow & { hasProfile: boolean };
  try {
    account = await readAccount(db, userId);
  } catch (error) {
    if (error instanceof AccountActionError && error.reason === "not-found") return null;
    throw error;
  }
  const [{ entries }, deleteCounts] = await Promise.all([
    listAuditEntries(db, { targetType: "user", targetId: userId, limit: 50 }),
    countDeleted(db, userId),
  ]);
  return { ...account, history: entries, deleteCounts };
}

const labelOf = (account: Pick<AccountRow, "displayName" | "email" | "phone">) => account.displayName || account.email?.split("@")[0] || "Account";

function requireId(userId: string) {
  if (!isUserId(userId)) throw new AccountActionError("not-found", USERS_TEXT.goneAlready);
}

function requireAvailable(auth: AuthAdmin) {
  if (!auth.available) throw new AccountActionError("unavailable", USERS_TEXT.unavailable);
}

/** Locks the target's auth row (so a concurrent delete waits), or refuses a gone account. */
async function lockAccount(tx: Transaction<DB>, userId: string) {
  const row = await tx.selectFrom("auth.users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
  if (!row) throw new AccountActionError("not-found", USERS_TEXT.goneAlready);
}

/** Every admin's profile row, locked until the transaction ends (in one order: no deadlock between two admins). */
async function lockAdmins(tx: Transaction<DB>): Promise<string[]> {
  const rows = await tx.selectFrom("profiles").select("user_id").where("is_admin", "=", true).orderBy("user_id").forUpdate().execute();
  return rows.map((r) => r.user_id);
}

// ---------------------------------------------------------------------------
// Suspensions

export interface BanInput {
  reason: string;
  /** Null: until an admin lifts it. */
  endsAt: Date | null;
}

export type ActionOutcome = { ok: true; warning?: string };

export async function banAccount(db: Database, auth: AuthAdmin, viewer: Viewer, userId: string, input: BanInput): Promise<ActionOutcome> {
  requireId(userId);
  requireAvailable(auth);
  if (userId === viewer.id) throw new AccountActionError("self", USERS_TEXT.banSelf);
  const reason = sanitizeText(input.reason).slice(0, 500);
  if (!reason) throw new AccountActionError("invalid", USERS_TEXT.banReasonRequired);
  if (input.endsAt && input.endsAt.getTime() <= Date.now()) throw new AccountActionError("invalid", USERS_TEXT.banEndsPast);

  await db.transaction().execute(async (tx) => {
    await lockAccount(tx, userId);
    const account = await readAccount(tx, userId);
    const previous = await tx.selectFrom("account_suspensions").select(["reason", "ends_at"]).where("user_id", "=", userId).executeTakeFirst();
    await tx
      .insertInto("account_suspensions")
      .values({ user_id: userId, reason, ends_at: input.endsAt, suspended_by: viewer.id, created_at: new Date() })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ reason, ends_at: input.endsAt, suspended_by: viewer.id, created_at: new Date() }))
      .execute();
    // Their open sessions end now: the session layer refuses the next request (it reads the
    // suspension, then ends the server-side clocks), and on the embedded adapter every session
    // and refresh token is deleted in this same transaction.
    if (auth.transactional) {
      for (const step of [auth.banUser(userId, input.endsAt, tx), auth.signOutEverywhere(userId, tx)]) {
        const result = await step;
        if (result.error) throw new AccountActionError("provider", result.error.message);
      }
    }
    await recordAdminAction(tx, {
      actor: viewer,
      action: "user.banned",
      target: { type: "user", id: userId, label: labelOf(account) },
      before: previous ? { suspended: true, reason: previous.reason, endsAt: iso(previous.ends_at) } : { suspended: false },
      after: { suspended: true, reason, endsAt: iso(input.endsAt) },
    });
  });
  if (!auth.transactional) {
    // Supabase: the app refuses the account from now on whatever GoTrue answers; the ban
    // also refuses its refresh tokens and sign-ins at GoTrue.
    const banned = await auth.banUser(userId, input.endsAt);
    const signedOut = banned.error ? banned : await auth.signOutEverywhere(userId);
    if (signedOut.error) return { ok: true, warning: USERS_TEXT.bannedProviderFailed(signedOut.error.message) };
  }
  return { ok: true };
}

export async function unbanAccount(db: Database, auth: AuthAdmin, viewer: Viewer, userId: string): Promise<ActionOutcome> {
  requireId(userId);
  requireAvailable(auth);
  await db.transaction().execute(async (tx) => {
    await lockAccount(tx, userId);
    const account = await readAccount(tx, userId);
    const previous = await tx.selectFrom("account_suspensions").select(["reason", "ends_at"]).where("user_id", "=", userId).forUpdate().executeTakeFirst();
    const inForce = previous && (!previous.ends_at || new Date(previous.ends_at).getTime() > Date.now());
    if (!previous || !inForce) throw new AccountActionError("not-suspended", USERS_TEXT.notSuspendedError);
    await tx.deleteFrom("account_suspensions").where("user_id", "=", userId).execute();
    if (auth.transactional) {
      const result = await auth.unbanUser(userId, tx);
      if (result.error) throw new AccountActionError("provider", result.error.message);
    }
    await recordAdminAction(tx, {
      actor: viewer,
      action: "user.unbanned",
      target: { type: "user", id: userId, label: labelOf(account) },
      before: { suspended: true, reason: previous.reason, endsAt: iso(previous.ends_at) },
      after: { suspended: false },
    });
  });
  if (!auth.transactional) {
    const result = await auth.unbanUser(userId);
    if (result.error) return { ok: true, warning: USERS_TEXT.unbannedProviderFailed(result.error.message) };
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------
// Password recovery

export async function sendAccountRecovery(db: Database, auth: AuthAdmin, viewer: Viewer, userId: string): Promise<{ channel: "email" | "phone" }> {
  requireId(userId);
  const account = await readAccount(db, userId);
  if (account.suspension) throw new AccountActionError("suspended", USERS_TEXT.recoverySuspended);
  const target = account.email ? { email: account.email } : account.phone ? { phone: account.phone } : null;
  if (!target) throw new AccountActionError("no-contact", USERS_TEXT.recoveryNoContact);
  const channel = target.email ? ("email" as const) : ("phone" as const);
  // Sent first (the message port is not transactional); the entry records that it went.
  const sent = await auth.sendRecovery(target);
  if (sent.error) throw new AccountActionError("provider", USERS_TEXT.recoveryFailed);
  await db.transaction().execute(async (tx) => {
    await recordAdminAction(tx, {
      actor: viewer,
      action: "user.recovery_sent",
      target: { type: "user", id: userId, label: labelOf(account) },
      after: { channel },
    });
  });
  return { channel };
}

// ---------------------------------------------------------------------------
// Admin rights (DESIGN §3: admin = is_admin; the role follows)

export async function grantAdmin(db: Database, viewer: Viewer, userId: string): Promise<void> {
  requireId(userId);
  await db.transaction().execute(async (tx) => {
    await lockAccount(tx, userId);
    await lockAdmins(tx);
    const account = await readAccount(tx, userId);
    if (account.isAdmin) throw new AccountActionError("already-admin", USERS_TEXT.alreadyAdmin);
    await tx
      .insertInto("profiles")
      .values({ user_id: userId, role: "admin", is_admin: true, links: JSON.stringify([]) })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ role: "admin", is_admin: true, updated_at: new Date() }))
      .execute();
    await recordAdminAction(tx, {
      actor: viewer,
      action: "user.admin_granted",
      target: { type: "user", id: userId, label: labelOf(account) },
      before: { isAdmin: false, role: account.role },
      after: { isAdmin: true, role: "admin" },
    });
  });
}

/** The role an admin had before their rights were granted (the latest grant's `before`), else accepted_member. */
async function roleBeforeAdmin(tx: Transaction<DB>, userId: string): Promise<Role | null> {
  const { entries } = await listAuditEntries(tx, { targetType: "user", targetId: userId, action: "user.admin_granted", limit: 1 });
  const before = entries[0]?.before as { role?: unknown } | null | undefined;
  if (before && "role" in before) {
    if (before.role === null) return null;
    if ((NON_ADMIN_ROLES as readonly unknown[]).includes(before.role)) return before.role as Role;
  }
  return "accepted_member";
}

export async function revokeAdmin(db: Database, viewer: Viewer, userId: string): Promise<void> {
  requireId(userId);
  if (userId === viewer.id) throw new AccountActionError("self", USERS_TEXT.revokeSelf);
  await db.transaction().execute(async (tx) => {
    await lockAccount(tx, userId);
    const admins = await lockAdmins(tx);
    if (!admins.includes(userId)) throw new AccountActionError("not-admin", USERS_TEXT.notAdmin);
    if (admins.length <= 1) throw new AccountActionError("last-admin", USERS_TEXT.lastAdmin);
    const account = await readAccount(tx, userId);
    const role = await roleBeforeAdmin(tx, userId);
    await tx.updateTable("profiles").set({ is_admin: false, role, updated_at: new Date() }).where("user_id", "=", userId).execute();
    await recordAdminAction(tx, {
      actor: viewer,
      action: "user.admin_revoked",
      target: { type: "user", id: userId, label: labelOf(account) },
      before: { isAdmin: true, role: account.role },
      after: { isAdmin: false, role },
    });
  });
}

// ---------------------------------------------------------------------------
// Deletion

interface StoredFile {
  bucket: string;
  path: string;
}

/** The files only this account's rows use: showcase, application and submission audio, avatar images. */
async function filesOf(tx: Transaction<DB>, userId: string): Promise<StoredFile[]> {
  const { rows } = await sql<StoredFile>`
    select audio_bucket as bucket, audio_path as path from public.showcase_tracks where user_id = ${userId}::uuid
    union
    select t.audio_bucket, t.audio_path from public.application_tracks t join public.applications a on a.id = t.application_id where a.user_id = ${userId}::uuid
    union
    select audio_bucket, audio_path from public.submissions where member_id = ${userId}::uuid
    union
    select bucket, path from public.storage_objects where bucket = 'avatars' and path like ${`${escapeLike(userId)}/%`} escape '\\'
  `.execute(tx);
  return rows;
}

/**
 * Of `files`, the storage_objects rows no remaining row refers to: deleted in
 * the transaction, their bytes removed once it has committed. A file still
 * used elsewhere (a submission's audio that became a catalogue song's) stays.
 */
async function dropUnreferenced(tx: Transaction<DB>, files: StoredFile[]): Promise<StoredFile[]> {
  if (files.length === 0) return [];
  const { rows: versions } = await sql<{ present: boolean }>`select to_regclass('public.song_versions') is not null as present`.execute(tx);
  const versionRef = versions[0]?.present
    ? sql`or exists (select 1 from public.song_versions v where v.audio_path = o.path and o.bucket = 'audio')`
    : sql``;
  const removed: StoredFile[] = [];
  for (const file of files) {
    const { rows } = await sql<StoredFile>`
      delete from public.storage_objects o
      where o.bucket = ${file.bucket} and o.path = ${file.path}
        and not (
          exists (select 1 from public.songs s where (s.audio_path = o.path or s.artwork_path = o.path))
          or exists (select 1 from public.showcase_tracks t where t.audio_bucket = o.bucket and t.audio_path = o.path)
          or exists (select 1 from public.application_tracks t where t.audio_bucket = o.bucket and t.audio_path = o.path)
          or exists (select 1 from public.submissions t where t.audio_bucket = o.bucket and t.audio_path = o.path)
          ${versionRef}
        )
      returning o.bucket, o.path
    `.execute(tx);
    removed.push(...rows);
  }
  return removed;
}

export interface DeleteOutcome {
  label: string;
  filesRemoved: number;
  filesLeft: number;
}

export async function deleteAccount(db: Database, auth: AuthAdmin, storage: StoragePort, viewer: Viewer, userId: string): Promise<DeleteOutcome> {
  requireId(userId);
  requireAvailable(auth);
  if (userId === viewer.id) throw new AccountActionError("self", USERS_TEXT.deleteSelf);

  let removedFiles: StoredFile[] = [];
  let label = "Account";

  /** The checks and the app's side, under the admins' lock. */
  const prepare = async (tx: Transaction<DB>) => {
    await lockAccount(tx, userId);
    const admins = await lockAdmins(tx);
    const account = await readAccount(tx, userId);
    if (account.isAdmin && admins.length <= 1) throw new AccountActionError("last-admin", USERS_TEXT.deleteLastAdmin);
    label = labelOf(account);
    return account;
  };
  const record = (tx: Transaction<DB>, account: AccountRow) =>
    recordAdminAction(tx, {
      actor: viewer,
      action: "user.deleted",
      target: { type: "user", id: userId, label },
      before: { displayName: account.displayName, role: account.role, isAdmin: account.isAdmin, createdAt: account.createdAt },
      after: null,
    });

  if (auth.transactional) {
    await db.transaction().execute(async (tx) => {
      const account = await prepare(tx);
      const files = await filesOf(tx, userId);
      await record(tx, account);
      const deleted = await auth.deleteUser(userId, tx);
      if (deleted.error) throw new AccountActionError(deleted.error.status === 404 ? "not-found" : "provider", deleted.error.status === 404 ? USERS_TEXT.goneAlready : USERS_TEXT.deleteProviderFailed(deleted.error.message));
      removedFiles = await dropUnreferenced(tx, files);
    });
  } else {
    // Supabase: GoTrue deletes the user over HTTP, which must not wait on this transaction's
    // locks. Under the lock, an admin being deleted loses the flag first, so a concurrent
    // removal of another admin counts correctly; a refused deletion gives it back.
    const { account, files } = await db.transaction().execute(async (tx) => {
      const account = await prepare(tx);
      if (account.isAdmin) await tx.updateTable("profiles").set({ is_admin: false }).where("user_id", "=", userId).execute();
      return { account, files: await filesOf(tx, userId) };
    });
    const deleted = await auth.deleteUser(userId);
    if (deleted.error) {
      if (account.isAdmin) await db.updateTable("profiles").set({ is_admin: true }).where("user_id", "=", userId).execute();
      throw new AccountActionError("provider", USERS_TEXT.deleteProviderFailed(deleted.error.message));
    }
    await db.transaction().execute(async (tx) => {
      await record(tx, account);
      removedFiles = await dropUnreferenced(tx, files);
    });
  }

  // The bytes go once the rows are gone for good. A file that cannot be removed now is an
  // orphan (no row refers to it): /admin/files lists it for removal.
  let left = 0;
  for (const file of removedFiles) {
    try {
      await storage.remove(file.bucket, file.path);
    } catch (error) {
      left += 1;
      console.error(`[admin/users] could not remove ${file.bucket}/${file.path} of a deleted account: ${(error as Error).message}`);
    }
  }
  return { label, filesRemoved: removedFiles.length - left, filesLeft: left };
}
