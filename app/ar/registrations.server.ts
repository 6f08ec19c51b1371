/**
 * A&R registrations (table ar_registrations; ADR 0072, amending 0023).
 *
 * A request belongs to an account: the signed-in visitor's own, or a new one
 * made by the same form through the auth port's sign-up. One open request per
 * account and per e-mail address (two partial unique indexes). Administrators
 * approve (the account's profile gets the role accepted_ar) or decline with a
 * note; either way the A&R hears it in the inbox and by mail.
 */
import { sql } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { auditActor } from "~/audit/actor.server";
import { recordAdminAction } from "~/audit/audit.server";
import type { Database } from "~/platform/db/connect.server";
import type { MessagePort, OutgoingMessage } from "~/platform/messages/port";
import { getRuntime } from "~/platform/runtime.server";
import { deliverNotice } from "~/inbox/inbox.server";
import type { ArDecisionInput, ArDetails, ArLink } from "./registration-schema";
import { AR_REGISTRATION_TEXT as T, AR_STATUS_LABELS, type ArRegistrationStatus } from "./registration-text";

export { AR_REGISTRATION_STATUSES, type ArRegistrationStatus } from "./registration-text";

/** A person's own latest request, as their dashboard and the A&R pages show it. */
export interface OwnArRegistration {
  id: string;
  status: ArRegistrationStatus;
  company: string;
  title: string;
  createdAt: string;
  decidedAt: string | null;
  /** The admins' note: shown to the A&R once the request is decided. */
  decisionNote: string | null;
}

/**
 * The account's latest A&R request, or null. `status === "pending"` is a
 * pending A&R: the dashboard shows the request instead of the member
 * application form (H1's applying area asks this). One index lookup.
 */
export async function getArRegistrationForUser(db: Database, userId: string): Promise<OwnArRegistration | null> {
  const row = await db
    .selectFrom("ar_registrations")
    .select(["id", "status", "company", "title", "created_at", "decided_at", "decision_note"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    company: row.company,
    title: row.title,
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at ? iso(row.decided_at) : null,
    decisionNote: row.status === "pending" ? null : row.decision_note,
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

function detailValues(details: ArDetails) {
  return {
    name: details.name,
    company: details.company,
    title: details.title,
    territory: details.territory,
    links: JSON.stringify(details.links satisfies ArLink[]),
    message: details.message,
  };
}

/**
 * Stores a request for an account. A second open request for the same
 * account or address is not stored ("duplicate"). One INSERT: nothing partial.
 */
export async function createArRegistration(
  db: Database,
  details: ArDetails,
  account: { userId: string; email: string | null },
): Promise<"created" | "duplicate"> {
  const inserted = await db
    .insertInto("ar_registrations")
    .values({ ...detailValues(details), email: account.email?.toLowerCase() ?? null, user_id: account.userId })
    // Either open-request index (per account, per address) turns a repeat into nothing.
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted ? "created" : "duplicate";
}

/**
 * An account that does not exist yet in our database, or is confirmed
 * already, is not one a new registration may take: with the local adapter a
 * taken address fails sign-up, but Supabase answers an existing address with
 * an obfuscated user (no row). Either way the request is not stored.
 */
export async function isFreshAccount(db: Database, userId: string): Promise<boolean> {
  const row = await db.selectFrom("auth.users").select(["email_confirmed_at", "phone_confirmed_at"]).where("id", "=", userId).executeTakeFirst();
  return Boolean(row) && !row!.email_confirmed_at && !row!.phone_confirmed_at;
}

// ---------------------------------------------------------------------------
// The admins' queue

export interface ArRegistrationRow {
  id: string;
  status: ArRegistrationStatus;
  name: string;
  company: string;
  title: string;
  territory: string;
  email: string | null;
  message: string;
  links: ArLink[];
  createdAt: string;
  decidedAt: string | null;
  decidedByName: string | null;
  decisionNote: string | null;
  /** Null for a request from before registration needed an account (ADR 0023). */
  account: null | { confirmed: boolean; role: Viewer["role"]; isAdmin: boolean };
}

export const AR_QUEUE_PAGE_SIZE = 50;

function queueQuery(db: Database) {
  return db
    .selectFrom("ar_registrations as r")
    .leftJoin("auth.users as u", "u.id", "r.user_id")
    .leftJoin("profiles as p", "p.user_id", "r.user_id")
    .leftJoin("profiles as d", "d.user_id", "r.decided_by")
    .select([
      "r.id",
      "r.status",
      "r.name",
      "r.company",
      "r.title",
      "r.territory",
      "r.email",
      "r.message",
      "r.links",
      "r.created_at",
      "r.decided_at",
      "r.decision_note",
      "r.user_id",
      "u.id as account_id",
      "u.email_confirmed_at",
      "u.phone_confirmed_at",
      "p.role",
      "p.is_admin",
      "d.display_name as decided_by_name",
    ]);
}

type QueueRecord = Awaited<ReturnType<ReturnType<typeof queueQuery>["execute"]>>[number];

function toRow(row: QueueRecord): ArRegistrationRow {
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    company: row.company,
    title: row.title,
    territory: row.territory,
    email: row.email,
    message: row.message,
    links: Array.isArray(row.links) ? row.links : [],
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at ? iso(row.decided_at) : null,
    decidedByName: row.decided_by_name ?? null,
    decisionNote: row.decision_note,
    account: row.account_id
      ? { confirmed: Boolean(row.email_confirmed_at || row.phone_confirmed_at), role: row.role ?? null, isAdmin: Boolean(row.is_admin) }
      : null,
  };
}

/** Requests in one status: pending oldest first (first come, first answered), decided newest first. */
export async function listArRegistrations(db: Database, status: ArRegistrationStatus, limit = AR_QUEUE_PAGE_SIZE): Promise<ArRegistrationRow[]> {
  const rows = await queueQuery(db)
    .where("r.status", "=", status)
    .orderBy(status === "pending" ? "r.created_at" : "r.decided_at", status === "pending" ? "asc" : "desc")
    .orderBy("r.id")
    .limit(limit)
    .execute();
  return rows.map(toRow);
}

export async function getArRegistration(db: Database, id: string): Promise<ArRegistrationRow | null> {
  const row = await queueQuery(db).where("r.id", "=", id).executeTakeFirst();
  return row ? toRow(row) : null;
}

export async function countArRegistrations(db: Database): Promise<Record<ArRegistrationStatus, number>> {
  const rows = await db
    .selectFrom("ar_registrations")
    .select(["status", sql<number>`count(*)::int`.as("count")])
    .groupBy("status")
    .execute();
  const counts = { pending: 0, approved: 0, declined: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

// ---------------------------------------------------------------------------
// Deciding

export type DecisionOutcome =
  | { ok: true; name: string; decision: "approve" | "decline" }
  | { ok: false; reason: "not-found" | "no-account" | "has-role" }
  | { ok: false; reason: "decided"; status: ArRegistrationStatus };

/** The site's configured address, or null (then e-mails carry no links: ADR 0066's addendum). */
export function publicOrigin(): string | null {
  const configured = getRuntime().env.PUBLIC_ORIGIN;
  return configured ? new URL(configured).origin : null;
}

/**
 * Approves or declines a pending request, in one transaction: the request
 * row is locked and must still be pending (a second decision, or a form
 * loaded before someone else decided, is refused with what happened); an
 * approval sets the account's profile role to accepted_ar (made if missing)
 * and the notice goes in with the change. The mail goes after the commit; a
 * failed send is logged, not shown (the notice is in the inbox already).
 */
export async function decideArRegistration(
  db: Database,
  messages: MessagePort,
  admin: Pick<Viewer, "id">,
  input: Pick<ArDecisionInput, "registrationId" | "decision" | "note">,
): Promise<DecisionOutcome> {
  const outcome = await db.transaction().execute(async (tx) => {
    const request = await tx
      .selectFrom("ar_registrations")
      .select(["id", "status", "user_id", "name", "email"])
      .where("id", "=", input.registrationId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) return { ok: false as const, reason: "not-found" as const };
    if (request.status !== "pending") return { ok: false as const, reason: "decided" as const, status: request.status };
    const note = input.note || null;
    let roleChange: { before: string | null; after: string } | null = null;

    if (input.decision === "approve") {
      if (!request.user_id) return { ok: false as const, reason: "no-account" as const };
      const profile = await tx.selectFrom("profiles").select(["role"]).where("user_id", "=", request.user_id).forUpdate().executeTakeFirst();
      if (profile && profile.role !== null && profile.role !== "accepted_ar") return { ok: false as const, reason: "has-role" as const };
      roleChange = { before: profile?.role ?? null, after: "accepted_ar" };
      if (profile) {
        await tx.updateTable("profiles").set({ role: "accepted_ar", updated_at: new Date() }).where("user_id", "=", request.user_id).execute();
      } else {
        await tx.insertInto("profiles").values({ user_id: request.user_id, role: "accepted_ar", display_name: request.name, links: "[]" }).execute();
      }
    }

    await tx
      .updateTable("ar_registrations")
      .set({
        status: input.decision === "approve" ? "approved" : "declined",
        decided_by: admin.id,
        decided_at: new Date(),
        decision_note: note,
        updated_at: new Date(),
      })
      .where("id", "=", request.id)
      .where("status", "=", "pending")
      .execute();

    if (request.user_id) {
      await deliverNotice(tx, {
        recipientId: request.user_id,
        kind: input.decision === "approve" ? "approval" : "decision",
        subject: input.decision === "approve" ? T.approvedSubject : T.declinedSubject,
        body:
          input.decision === "approve"
            ? [T.approvedNotice, note ? `\n\n${T.noteLabel}: ${note}` : ""].join("")
            : `${T.declinedNotice}\n\n${T.noteLabel}: ${note}`,
        link: input.decision === "approve" ? "/ar/dashboard" : "/ar/register",
      });
    }
    // The audit entry (ADR 0078): the decision and, on approval, the role it gave.
    await recordAdminAction(tx, {
      actor: await auditActor(tx, admin.id),
      action: "ar_registration.decided",
      target: { type: "ar_registration", id: request.id, label: request.name },
      before: { status: request.status, ...(roleChange ? { role: roleChange.before } : {}) },
      after: { status: input.decision === "approve" ? "approved" : "declined", note, ...(roleChange ? { role: roleChange.after } : {}) },
    });
    return { ok: true as const, request, note };
  });
  if (!outcome.ok) return outcome;

  const { request, note } = outcome;
  await mailDecision(db, messages, { userId: request.user_id, email: request.email, name: request.name }, input.decision, note ?? "");
  return { ok: true, name: request.name, decision: input.decision };
}

/** To the account's own address (e-mail, else phone); a request without an account: the address it gave. */
async function mailDecision(
  db: Database,
  messages: MessagePort,
  who: { userId: string | null; email: string | null; name: string },
  decision: "approve" | "decline",
  note: string,
): Promise<void> {
  const user = who.userId ? await db.selectFrom("auth.users").select(["email", "phone"]).where("id", "=", who.userId).executeTakeFirst() : null;
  const email = who.userId ? (user?.email ?? null) : who.email;
  const phone = user?.phone ?? null;
  const origin = publicOrigin();
  const link = origin ? `${origin}${decision === "approve" ? "/ar/dashboard" : "/ar/register"}` : null;
  const subject = decision === "approve" ? T.approvedSubject : T.declinedSubject;
  const body = decision === "approve" ? T.mailApproved(who.name, link) : T.mailDeclined(who.name, note);
  const message: OutgoingMessage | null = email
    ? { channel: "email", recipient: email, subject, body }
    : phone
      ? { channel: "phone", recipient: phone, subject, body: decision === "approve" ? `${subject}.${link ? ` ${link}` : ""}` : `${subject}: declined. ${note}` }
      : null;
  if (!message) return;
  try {
    await messages.send(message);
  } catch (error) {
    console.error("ar-registrations: the decision could not be sent", error instanceof Error ? error.message : error);
  }
}

/** A taken address gets the form's usual answer; its owner gets word by mail (ADR 0072). */
export async function mailTakenAddress(messages: MessagePort, email: string): Promise<void> {
  const origin = publicOrigin();
  try {
    await messages.send({ channel: "email", recipient: email, subject: T.mailTakenSubject, body: T.mailTaken(origin ? `${origin}/ar/register` : null) });
  } catch (error) {
    console.error("ar-registrations: the note to a taken address could not be sent", error instanceof Error ? error.message : error);
  }
}

export const statusLabel = (status: ArRegistrationStatus) => AR_STATUS_LABELS[status];

/**
 * The dashboard's A&R section: a person without a role whose latest request
 * is pending or declined sees it (one index lookup; nobody else is asked).
 */
export async function dashboardArRequest(db: Database, viewer: Pick<Viewer, "id" | "role" | "isAdmin">): Promise<OwnArRegistration | null> {
  if (viewer.role !== null || viewer.isAdmin) return null;
  const latest = await getArRegistrationForUser(db, viewer.id);
  return latest && latest.status !== "approved" ? latest : null;
}
