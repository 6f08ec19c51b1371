/**
 * The admins' action log (issue 12 §8, ADR 0078).
 *
 * FOR AUTHORS OF ADMIN ACTIONS: record inside the same transaction as the
 * change, so the log and the data never disagree (a failed change leaves no
 * entry, a recorded entry always describes a change that happened):
 *
 *   await db.transaction().execute(async (tx) => {
 *     const before = await readSong(tx, id);
 *     await tx.updateTable("songs")...;
 *     await recordAdminAction(tx, {
 *       actor: viewer, action: "song.archived",
 *       target: { type: "song", id, label: before.title },
 *       before: { status: before.status }, after: { status: "archived" },
 *     });
 *   });
 *
 * Snapshots are what an admin needs to see what changed: the fields the
 * action touched, not whole rows. Secrets never get in: keys that look like
 * passwords, tokens, hashes or secrets are replaced by "[redacted]" here, and
 * an oversized snapshot is cut to a note, so a log entry cannot leak or bloat.
 * The table refuses UPDATE and DELETE (the migration's trigger).
 */
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { Viewer } from "~/auth/viewer";
import type { DB } from "~/platform/db/schema";
import type { AuditAction, AuditTargetType } from "./actions";

type Executor = Kysely<DB>;

export interface AdminActionInput {
  actor: Pick<Viewer, "id" | "displayName">;
  action: AuditAction;
  target: { type: AuditTargetType; id: string | null; label?: string };
  before?: unknown;
  after?: unknown;
}

/** Keys whose values never enter the log. */
const SECRET_KEY = /pass(word)?|token|secret|hash|encrypted|otp|code_digest|api_?key/i;
/** A snapshot larger than this (as JSON) is replaced by a note saying so. */
export const AUDIT_SNAPSHOT_MAX_CHARS = 64 * 1024;

function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (depth > 8) return "[nested too deep]";
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === undefined) continue;
      out[key] = SECRET_KEY.test(key) ? "[redacted]" : redact(item, depth + 1);
    }
    return out;
  }
  return value;
}

/** The JSON stored for a snapshot, or null for none. Exported for tests. */
export function snapshotJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const json = JSON.stringify(redact(value));
  if (json.length <= AUDIT_SNAPSHOT_MAX_CHARS) return json;
  return JSON.stringify({ note: `Snapshot of ${json.length} characters not kept (limit ${AUDIT_SNAPSHOT_MAX_CHARS}).` });
}

export async function recordAdminAction(tx: Executor, input: AdminActionInput): Promise<void> {
  await tx
    .insertInto("admin_audit_log")
    .values({
      actor_id: input.actor.id,
      actor_name: (input.actor.displayName || "Admin").slice(0, 200),
      action: input.action,
      target_type: input.target.type,
      target_id: input.target.id?.slice(0, 200) ?? null,
      target_label: (input.target.label ?? "").slice(0, 300),
      before: snapshotJson(input.before),
      after: snapshotJson(input.after),
    })
    .execute();
}

export interface AuditEntry {
  id: string;
  actorId: string;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string | null;
  targetLabel: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface AuditFilter {
  actorId?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  /** Entries strictly older than this id (keyset paging: stable while new entries arrive). */
  beforeId?: string;
  limit?: number;
}

export const AUDIT_PAGE_SIZE = 25;

/** Newest first, filtered; `nextBeforeId` pages on (null on the last page). */
export async function listAuditEntries(db: Executor, filter: AuditFilter = {}) {
  const limit = Math.min(Math.max(filter.limit ?? AUDIT_PAGE_SIZE, 1), 200);
  let query = db
    .selectFrom("admin_audit_log")
    .select([
      sql<string>`id::text`.as("id"),
      "actor_id",
      "actor_name",
      "action",
      "target_type",
      "target_id",
      "target_label",
      "before",
      "after",
      "created_at",
    ]);
  if (filter.actorId) query = query.where("actor_id", "=", filter.actorId);
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.targetType) query = query.where("target_type", "=", filter.targetType);
  if (filter.targetId) query = query.where("target_id", "=", filter.targetId);
  if (filter.beforeId && /^\d{1,18}$/.test(filter.beforeId)) query = query.where(sql<boolean>`id < ${filter.beforeId}::bigint`);
  // By the bigint column, not the text alias of the same name (a text order puts "9" after "10").
  const rows = await query.orderBy(sql`admin_audit_log.id`, "desc").limit(limit + 1).execute();
  const entries: AuditEntry[] = rows.slice(0, limit).map((row) => ({
    id: row.id,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: new Date(row.created_at).toISOString(),
  }));
  return { entries, nextBeforeId: rows.length > limit ? entries[entries.length - 1]!.id : null };
}

/**
 * The people who have acted, for the log's "who" filter (names as last
 * recorded). A loose index scan over (actor_id, id desc) (migration
 * 20261127000210): one probe per actor, not a pass over the whole log.
 */
export async function listAuditActors(db: Executor): Promise<{ id: string; name: string }[]> {
  const { rows } = await sql<{ id: string; name: string }>`
    with recursive actors (actor_id) as (
      (select actor_id from public.admin_audit_log order by actor_id limit 1)
      union all
      select (select l.actor_id from public.admin_audit_log l where l.actor_id > a.actor_id order by l.actor_id limit 1)
        from actors a where a.actor_id is not null
    )
    select a.actor_id::text as id,
           (select l.actor_name from public.admin_audit_log l where l.actor_id = a.actor_id order by l.id desc limit 1) as name
      from actors a
     where a.actor_id is not null
     order by name
     limit 500
  `.execute(db);
  return rows.map((row) => ({ id: row.id, name: row.name }));
}
