/**
 * The inbox: notices that are not secrets reach their recipient inside the app
 * (a member getting in touch; later application decisions, offers, approvals,
 * brief answers and camp invitations), so they arrive on the embedded default
 * without a mail server. docs/decisions/0066-inbox.md
 *
 * Never put a secret here (a code, a recovery or offer link that signs someone
 * in): those go through the messages port to the person's own address.
 *
 * Every reader and writer below takes the viewer's id and touches only rows
 * whose recipient is that viewer: another person's notice id finds nothing
 * (the routes answer 404) and changes nothing.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { z } from "zod";
import type { Database } from "~/platform/db/connect.server";
import type { DB } from "~/platform/db/schema";
import { sanitizeText } from "~/shared/sanitize";
import { INBOX_LIMITS, INBOX_PAGE_SIZE } from "./inbox-text";

export type NoticeKind = "contact" | "decision" | "offer" | "approval" | "brief" | "camp" | "system";
export const NOTICE_KINDS: readonly NoticeKind[] = ["contact", "decision", "offer", "approval", "brief", "camp", "system"];

export interface NoticeInput {
  recipientId: string;
  senderId?: string | null;
  /** The sender's name as it reads now (kept with the notice). */
  senderName?: string | null;
  kind: NoticeKind;
  subject: string;
  body: string;
  /** A path inside the app ("/members/..."): never another site. */
  link?: string | null;
  /**
   * Treat a repeat as the same notice: when the same sender delivered a notice
   * with this key within the window, nothing new is stored and that notice's
   * id comes back with `delivered: false` (a double-submitted form).
   */
  dedupe?: { key: string; windowMs: number };
}

export interface NoticeView {
  id: string;
  kind: NoticeKind;
  subject: string;
  body: string;
  link: string | null;
  senderId: string | null;
  senderName: string | null;
  read: boolean;
  createdAt: string;
}

const idSchema = z.string().uuid();
const isId = (value: unknown): value is string => idSchema.safeParse(value).success;

/**
 * A path inside this app: starts with one "/", never "//" or "/\" (which a
 * browser reads as another host), no scheme, no whitespace or control
 * characters. The database checks the same.
 */
export function isAppPath(link: unknown): link is string {
  return typeof link === "string" && link.length <= INBOX_LIMITS.link && /^\/(?:[^/\\\s\p{Cc}][^\\\s\p{Cc}]*)?$/u.test(link);
}

function cleanNotice(notice: NoticeInput) {
  if (!isId(notice.recipientId)) throw new Error("deliverNotice: the recipient must be a user id");
  if (notice.senderId != null && !isId(notice.senderId)) throw new Error("deliverNotice: the sender must be a user id or null");
  if (notice.link != null && !isAppPath(notice.link)) throw new Error("deliverNotice: a notice links to a path inside the app only");
  const subject = sanitizeText(notice.subject, INBOX_LIMITS.subject);
  const body = sanitizeText(notice.body, INBOX_LIMITS.body);
  const senderName = notice.senderName == null ? null : sanitizeText(notice.senderName, INBOX_LIMITS.senderName) || null;
  if (!subject || !body) throw new Error("deliverNotice: a notice needs a subject and a body");
  return { subject, body, senderName };
}

/**
 * Puts a notice in its recipient's inbox. Text is sanitised (SPEC §5) and cut
 * to the limits; a link must be a path inside the app. Pass a transaction to
 * deliver together with the change the notice is about.
 */
export async function deliverNotice(db: Kysely<DB> | Transaction<DB>, notice: NoticeInput): Promise<{ id: string; delivered: boolean }> {
  const { subject, body, senderName } = cleanNotice(notice);
  const row = {
    recipient_id: notice.recipientId,
    sender_id: notice.senderId ?? null,
    sender_name: senderName,
    kind: notice.kind,
    subject,
    body,
    link: notice.link ?? null,
    dedupe_key: notice.dedupe?.key ?? null,
  };
  const dedupe = notice.dedupe;
  if (!dedupe) {
    const { id } = await db.insertInto("notices").values(row).returning("id").executeTakeFirstOrThrow();
    return { id, delivered: true };
  }
  if (!notice.senderId) throw new Error("deliverNotice: dedupe needs a sender");
  const senderId = notice.senderId;
  const run = async (tx: Kysely<DB>) => {
    // One at a time per sender and key, until the transaction ends: two copies
    // of one post arriving together cannot both see "no earlier notice".
    await sql`select pg_advisory_xact_lock(hashtextextended(${`notices:${senderId}:${dedupe.key}`}, 0))`.execute(tx);
    const since = new Date(Date.now() - dedupe.windowMs);
    const earlier = await tx
      .selectFrom("notices")
      .select("id")
      .where("sender_id", "=", senderId)
      .where("dedupe_key", "=", dedupe.key)
      .where("recipient_id", "=", notice.recipientId)
      .where("created_at", ">", since)
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    if (earlier) return { id: earlier.id, delivered: false };
    const { id } = await tx.insertInto("notices").values(row).returning("id").executeTakeFirstOrThrow();
    return { id, delivered: true };
  };
  return db.isTransaction ? run(db) : (db as Kysely<DB>).transaction().execute(run);
}

/** The header badge: one indexed count (notices_recipient_unread_idx). */
export async function unreadCount(db: Database, userId: string): Promise<number> {
  if (!isId(userId)) return 0;
  const row = await db
    .selectFrom("notices")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("recipient_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const columns = ["id", "kind", "subject", "body", "link", "sender_id", "sender_name", "read_at", "created_at"] as const;

type NoticeRow = {
  id: string;
  kind: NoticeKind;
  subject: string;
  body: string;
  link: string | null;
  sender_id: string | null;
  sender_name: string | null;
  read_at: Date | string | null;
  created_at: Date | string;
};

function toView(row: NoticeRow): NoticeView {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    body: row.body,
    // Stored links were checked on the way in; check again on the way out.
    link: isAppPath(row.link) ? row.link : null,
    senderId: row.sender_id,
    senderName: row.sender_name,
    read: row.read_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export interface NoticePage {
  notices: NoticeView[];
  page: number;
  pageCount: number;
  total: number;
  unread: number;
}

/** One page of a person's notices, newest first. A page past the end is the last page. */
export async function listNotices(db: Database, userId: string, options: { page?: number; pageSize?: number } = {}): Promise<NoticePage> {
  const pageSize = options.pageSize ?? INBOX_PAGE_SIZE;
  if (!isId(userId)) return { notices: [], page: 1, pageCount: 1, total: 0, unread: 0 };
  const counts = await db
    .selectFrom("notices")
    .select((eb) => [eb.fn.countAll<string>().as("total"), eb.fn.countAll<string>().filterWhere("read_at", "is", null).as("unread")])
    .where("recipient_id", "=", userId)
    .executeTakeFirstOrThrow();
  const total = Number(counts.total);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
  const rows = await db
    .selectFrom("notices")
    .select(columns)
    .where("recipient_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { notices: rows.map(toView), page, pageCount, total, unread: Number(counts.unread) };
}

/** One of the person's own notices, or null (unknown, malformed, or someone else's). */
export async function getNotice(db: Database, userId: string, noticeId: string): Promise<NoticeView | null> {
  if (!isId(userId) || !isId(noticeId)) return null;
  const row = await db.selectFrom("notices").select(columns).where("id", "=", noticeId).where("recipient_id", "=", userId).executeTakeFirst();
  return row ? toView(row) : null;
}

/**
 * Opens one of the person's notices: marks it read (once: the first reading
 * time stays) and returns it, or null when it is not theirs.
 */
export async function openNotice(db: Database, userId: string, noticeId: string, now = new Date()): Promise<NoticeView | null> {
  if (!(await markRead(db, userId, noticeId, now))) return null;
  return getNotice(db, userId, noticeId);
}

/** Marks one of the person's notices read. False when it is not theirs (nothing changed). */
export async function markRead(db: Database, userId: string, noticeId: string, now = new Date()): Promise<boolean> {
  if (!isId(userId) || !isId(noticeId)) return false;
  const row = await db
    .updateTable("notices")
    .set({ read_at: sql<Date>`coalesce(read_at, ${now.toISOString()}::timestamptz)` })
    .where("id", "=", noticeId)
    .where("recipient_id", "=", userId)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks one of the person's notices unread again. False when it is not theirs. */
export async function markUnread(db: Database, userId: string, noticeId: string): Promise<boolean> {
  if (!isId(userId) || !isId(noticeId)) return false;
  const row = await db
    .updateTable("notices")
    .set({ read_at: null })
    .where("id", "=", noticeId)
    .where("recipient_id", "=", userId)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks every unread notice of the person read; returns how many changed. */
export async function markAllRead(db: Database, userId: string, now = new Date()): Promise<number> {
  if (!isId(userId)) return 0;
  const result = await db
    .updateTable("notices")
    .set({ read_at: now })
    .where("recipient_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

/** Deletes one of the person's notices. False when it is not theirs (nothing deleted). */
export async function deleteNotice(db: Database, userId: string, noticeId: string): Promise<boolean> {
  if (!isId(userId) || !isId(noticeId)) return false;
  const row = await db.deleteFrom("notices").where("id", "=", noticeId).where("recipient_id", "=", userId).returning("id").executeTakeFirst();
  return row !== undefined;
}

/**
 * The root loader's count for the header: null for visitors, and null (no
 * badge) rather than a broken page when the count cannot be read.
 */
export async function headerUnreadCount(db: Database, viewer: { id: string } | null): Promise<number | null> {
  if (!viewer) return null;
  try {
    return await unreadCount(db, viewer.id);
  } catch (error) {
    console.error("inbox: the unread count could not be read", error instanceof Error ? error.message : error);
    return null;
  }
}
