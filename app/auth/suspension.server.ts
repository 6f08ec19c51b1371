/**
 * Suspensions as the session layer and the sign-in page see them (ADR 0080).
 *
 * The suspension itself is checked in the viewer's profile query
 * (session.server.ts: one query per request). This module carries the notice
 * to the sign-in page: a signed, HttpOnly cookie with the reason and end date
 * that /auth shows once the refused session has been signed out, and the
 * look-up behind a sign-in refused for a ban.
 */
import { createCookie } from "@remix-run/node";
import { sql } from "kysely";
import { z } from "zod";
import type { Database } from "~/platform/db/connect.server";
import { normalizeEmail, normalizePhone, type ParsedIdentifier } from "~/platform/auth/identifiers";
import { getRuntime } from "~/platform/runtime.server";
import type { SuspensionNotice } from "./suspension";

const noticeSchema = z.object({ reason: z.string().max(500), endsAt: z.string().nullable() });

/** Ten minutes: long enough to read it on /auth, short enough not to linger on a shared computer. */
const NOTICE_MAX_AGE_S = 10 * 60;

function noticeCookie() {
  return createCookie("hf_suspended", {
    path: "/auth",
    httpOnly: true,
    sameSite: "lax",
    secure: process.env.NODE_ENV === "production",
    maxAge: NOTICE_MAX_AGE_S,
    secrets: [getRuntime().sessionSecret],
  });
}

export async function rememberSuspensionNotice(notice: SuspensionNotice): Promise<string> {
  return noticeCookie().serialize(notice);
}

export async function readSuspensionNotice(request: Request): Promise<SuspensionNotice | null> {
  const parsed = noticeSchema.safeParse(await noticeCookie().parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

export async function forgetSuspensionNotice(): Promise<string> {
  return noticeCookie().serialize("", { maxAge: 0 });
}

type Row = { reason: string; ends_at: Date | string | null };
const toNotice = (row: Row): SuspensionNotice => ({
  reason: row.reason,
  endsAt: row.ends_at ? new Date(row.ends_at).toISOString() : null,
});

/** The suspension in force for an account, if any (one past its end no longer applies). */
export async function activeSuspension(db: Database, userId: string): Promise<SuspensionNotice | null> {
  const row = await db
    .selectFrom("account_suspensions")
    .select(["reason", "ends_at"])
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", sql<Date>`now()`)]))
    .executeTakeFirst();
  return row ? toNotice(row) : null;
}

/**
 * The suspension of the account an identifier names. Call it ONLY once the
 * provider has checked the password or code (a refusal for a ban that came
 * after a correct password): it must never tell a wrong password anything.
 */
export async function activeSuspensionOf(db: Database, identifier: ParsedIdentifier): Promise<SuspensionNotice | null> {
  let query = db
    .selectFrom("auth.users as u")
    .innerJoin("account_suspensions as s", "s.user_id", "u.id")
    .select(["s.reason", "s.ends_at"])
    .where((eb) => eb.or([eb("s.ends_at", "is", null), eb("s.ends_at", ">", sql<Date>`now()`)]));
  query =
    "email" in identifier
      ? query.where(sql<string>`lower(u.email)`, "=", normalizeEmail(identifier.email))
      : query.where("u.phone", "=", normalizePhone(identifier.phone));
  const row = await query.executeTakeFirst();
  return row ? toNotice(row) : null;
}
