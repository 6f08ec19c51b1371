/**
 * The embedded default sends no e-mail or SMS: every message lands in the
 * `auth.outbox` table and the server log, and /auth/outbox lists them (only on
 * the embedded default, where there is no real mailbox to read).
 */
import type { Transaction } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import type { DB } from "~/platform/db/schema";

export interface OutgoingMessage {
  channel: "email" | "phone";
  recipient: string;
  subject: string;
  body: string;
}

export interface OutboxEntry extends OutgoingMessage {
  id: string;
  createdAt: string;
}

export async function deliverMessage(executor: Transaction<DB> | Database, message: OutgoingMessage): Promise<void> {
  await executor.insertInto("auth.outbox").values(message).execute();
  console.log(`[outbox] ${message.channel} to ${message.recipient}: ${message.subject}: ${message.body}`);
}

export const OUTBOX_PAGE_SIZE = 50;

export async function listOutbox(db: Database, limit = OUTBOX_PAGE_SIZE): Promise<OutboxEntry[]> {
  const rows = await db
    .selectFrom("auth.outbox")
    .select(["id", "channel", "recipient", "subject", "body", "created_at"])
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
