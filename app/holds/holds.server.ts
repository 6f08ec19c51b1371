/**
 * Holds on songs (issue 11; docs/decisions/0073-pitching-search-and-holds.md):
 * an approved A&R requests one on a catalogue song, an admin grants it until a
 * date or declines it with a note, the A&R may release it. Each answer puts a
 * notice in the A&R's inbox, in the answer's transaction.
 *
 * Refusals are results, not exceptions: a second open request on the same
 * song (one open hold per song per A&R: a partial unique index backs the
 * check), an answer to a request already answered (the update names
 * status = 'requested', so two admins answering at once cannot both win), a
 * grant while another A&R holds the song.
 *
 * "Expired" is a granted hold past its end: reads show it so at once
 * (effectiveStatus); the row is rewritten to 'expired' whenever the song's
 * holds next change, so the unique indexes never count a dead grant.
 */
import { sql, type Transaction } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { auditActor } from "~/audit/actor.server";
import { recordAdminAction } from "~/audit/audit.server";
import { deliverNotice } from "~/inbox/inbox.server";
import type { Database } from "~/platform/db/connect.server";
import type { DB } from "~/platform/db/schema";
import { ADMIN_HOLD_FILTERS, HOLD_LIMITS, HOLD_TEXT, holdDate, type AdminHoldFilter, type HoldStatus } from "./holds-text";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isHoldId = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

const DAY_MS = 24 * 60 * 60 * 1000;

export interface HoldView {
  id: string;
  songId: string;
  songTitle: string;
  arId: string;
  arName: string;
  arCompany: string | null;
  /** As it stands now: a granted hold past its end is "expired". */
  status: HoldStatus;
  note: string;
  responseNote: string | null;
  requestedAt: string;
  decidedAt: string | null;
  expiresAt: string | null;
  releasedAt: string | null;
}

type Row = {
  id: string;
  song_id: string;
  song_title: string;
  ar_id: string;
  ar_name: string | null;
  ar_company: string | null;
  status: HoldStatus;
  note: string;
  response_note: string | null;
  requested_at: Date | string;
  decided_at: Date | string | null;
  expires_at: Date | string | null;
  released_at: Date | string | null;
};

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A granted hold whose end has passed is expired, whatever the row says yet. */
export function effectiveStatus(status: HoldStatus, expiresAt: Date | string | null, now: Date = new Date()): HoldStatus {
  if (status === "granted" && expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime()) return "expired";
  return status;
}

function toView(row: Row, now: Date): HoldView {
  return {
    id: row.id,
    songId: row.song_id,
    songTitle: row.song_title,
    arId: row.ar_id,
    arName: row.ar_name ?? "A&R",
    arCompany: row.ar_company,
    status: effectiveStatus(row.status, row.expires_at, now),
    note: row.note,
    responseNote: row.response_note,
    requestedAt: iso(row.requested_at)!,
    decidedAt: iso(row.decided_at),
    expiresAt: iso(row.expires_at),
    releasedAt: iso(row.released_at),
  };
}

/** Holds with their song's title and the A&R's name and company (their latest A&R registration's). */
function selectHolds(db: Database | Transaction<DB>) {
  return db
    .selectFrom("song_holds as h")
    .innerJoin("songs as s", "s.id", "h.song_id")
    .leftJoin("profiles as p", "p.user_id", "h.ar_id")
    .select([
      "h.id",
      "h.song_id",
      "s.title as song_title",
      "h.ar_id",
      "p.display_name as ar_name",
      sql<string | null>`(select r.company from ar_registrations r where r.user_id = h.ar_id order by r.created_at desc limit 1)`.as("ar_company"),
      "h.status",
      "h.note",
      "h.response_note",
      "h.requested_at",
      "h.decided_at",
      "h.expires_at",
      "h.released_at",
    ]);
}

/** Rewrites the song's granted holds past their end as expired (before counting open ones). */
async function expireSong(tx: Transaction<DB>, songId: string, now: Date): Promise<void> {
  await tx.updateTable("song_holds").set({ status: "expired" }).where("song_id", "=", songId).where("status", "=", "granted").where("expires_at", "<=", now).execute();
}

/** Whether the viewer may request holds: approved A&R (admins answer them instead). */
export const canRequestHolds = (viewer: Pick<Viewer, "role"> | null) => viewer?.role === "accepted_ar";

export type RequestResult = { ok: true; id: string; songTitle: string } | { ok: false; reason: "song" | "open" };

export async function requestHold(db: Database, input: { songId: string; arId: string; note: string; now?: Date }): Promise<RequestResult> {
  const now = input.now ?? new Date();
  if (!isHoldId(input.songId)) return { ok: false, reason: "song" };
  return db.transaction().execute(async (tx): Promise<RequestResult> => {
    const song = await tx.selectFrom("songs").select(["id", "title", "status"]).where("id", "=", input.songId).executeTakeFirst();
    if (!song || song.status !== "catalogue") return { ok: false, reason: "song" };
    // One request at a time per song and A&R: two copies of one post wait here, the second sees the first.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`song_holds:${input.songId}:${input.arId}`}, 0))`.execute(tx);
    await expireSong(tx, input.songId, now);
    const open = await tx
      .selectFrom("song_holds")
      .select("id")
      .where("song_id", "=", input.songId)
      .where("ar_id", "=", input.arId)
      .where("status", "in", ["requested", "granted"])
      .executeTakeFirst();
    if (open) return { ok: false, reason: "open" };
    const { id } = await tx
      .insertInto("song_holds")
      .values({ song_id: input.songId, ar_id: input.arId, note: input.note, requested_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ok: true, id, songTitle: song.title };
  });
}

/** The end of a hold granted until `until` (YYYY-MM-DD, a UTC day): the last moment of that day. */
export function holdEnd(until: string): Date {
  return new Date(`${until}T23:59:59.999Z`);
}

/** The default end date offered to admins: today plus HOLD_LIMITS.defaultDays, as YYYY-MM-DD. */
export function defaultHoldUntil(now: Date = new Date()): string {
  return new Date(now.getTime() + HOLD_LIMITS.defaultDays * DAY_MS).toISOString().slice(0, 10);
}

export type AnswerResult =
  | { ok: true; songTitle: string; arId: string; expiresAt: Date | null }
  | { ok: false; reason: "missing" | "answered" }
  | { ok: false; reason: "held"; until: Date };

/**
 * Grants (until `until`, default 14 days) or declines a requested hold, and
 * tells the A&R in their inbox, in one transaction.
 */
export async function answerHold(
  db: Database,
  input: { holdId: string; adminId: string; decision: "grant" | "decline"; until?: string; responseNote: string; now?: Date },
): Promise<AnswerResult> {
  const now = input.now ?? new Date();
  if (!isHoldId(input.holdId)) return { ok: false, reason: "missing" };
  return db.transaction().execute(async (tx): Promise<AnswerResult> => {
    const hold = await tx
      .selectFrom("song_holds as h")
      .innerJoin("songs as s", "s.id", "h.song_id")
      .select(["h.id", "h.song_id", "h.ar_id", "h.status", "s.title"])
      .where("h.id", "=", input.holdId)
      .forUpdate("h")
      .executeTakeFirst();
    if (!hold) return { ok: false, reason: "missing" };
    if (hold.status !== "requested") return { ok: false, reason: "answered" };
    const responseNote = input.responseNote || null;
    let expiresAt: Date | null = null;
    if (input.decision === "grant") {
      // One song, one holder: grants of the song are taken one at a time.
      await sql`select pg_advisory_xact_lock(hashtextextended(${`song_holds:grant:${hold.song_id}`}, 0))`.execute(tx);
      await expireSong(tx, hold.song_id, now);
      const held = await tx
        .selectFrom("song_holds")
        .select("expires_at")
        .where("song_id", "=", hold.song_id)
        .where("status", "=", "granted")
        .executeTakeFirst();
      if (held?.expires_at) return { ok: false, reason: "held", until: new Date(held.expires_at) };
      expiresAt = holdEnd(input.until ?? defaultHoldUntil(now));
    }
    const updated = await tx
      .updateTable("song_holds")
      .set({
        status: input.decision === "grant" ? "granted" : "declined",
        decided_by: input.adminId,
        decided_at: now,
        expires_at: expiresAt,
        response_note: responseNote,
      })
      .where("id", "=", hold.id)
      .where("status", "=", "requested")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: "answered" };
    await deliverNotice(tx, {
      recipientId: hold.ar_id,
      kind: "system",
      subject: input.decision === "grant" ? HOLD_TEXT.noticeGrantedSubject(hold.title) : HOLD_TEXT.noticeDeclinedSubject(hold.title),
      body:
        input.decision === "grant"
          ? HOLD_TEXT.noticeGrantedBody(hold.title, holdDate(expiresAt!), responseNote ?? "")
          : HOLD_TEXT.noticeDeclinedBody(hold.title, responseNote ?? ""),
      link: "/ar/holds",
    });
    // The audit entry (ADR 0078), labelled with the song the hold is on.
    await recordAdminAction(tx, {
      actor: await auditActor(tx, input.adminId),
      action: "hold.decided",
      target: { type: "hold", id: hold.id, label: hold.title },
      before: { status: "requested" },
      after: { status: input.decision === "grant" ? "granted" : "declined", expiresAt, note: responseNote, songId: hold.song_id },
    });
    return { ok: true, songTitle: hold.title, arId: hold.ar_id, expiresAt };
  });
}

export type ReleaseResult = { ok: true; songTitle: string; was: "requested" | "granted" } | { ok: false; reason: "missing" | "closed" };

/** The A&R lets their hold go (granted) or withdraws their request (requested). Someone else's hold is "missing". */
export async function releaseHold(db: Database, input: { holdId: string; arId: string; now?: Date }): Promise<ReleaseResult> {
  const now = input.now ?? new Date();
  if (!isHoldId(input.holdId)) return { ok: false, reason: "missing" };
  return db.transaction().execute(async (tx): Promise<ReleaseResult> => {
    const hold = await tx
      .selectFrom("song_holds as h")
      .innerJoin("songs as s", "s.id", "h.song_id")
      .select(["h.id", "h.status", "h.expires_at", "s.title"])
      .where("h.id", "=", input.holdId)
      .where("h.ar_id", "=", input.arId)
      .forUpdate("h")
      .executeTakeFirst();
    if (!hold) return { ok: false, reason: "missing" };
    const status = effectiveStatus(hold.status, hold.expires_at, now);
    if (status !== "requested" && status !== "granted") return { ok: false, reason: "closed" };
    await tx.updateTable("song_holds").set({ status: "released", released_at: now }).where("id", "=", hold.id).execute();
    return { ok: true, songTitle: hold.title, was: status };
  });
}

/** An A&R's holds, newest request first. */
export async function listArHolds(db: Database, arId: string, now: Date = new Date()): Promise<HoldView[]> {
  const rows = await selectHolds(db).where("h.ar_id", "=", arId).orderBy("h.requested_at", "desc").orderBy("h.id", "desc").limit(200).execute();
  return rows.map((row) => toView(row as Row, now));
}

export { ADMIN_HOLD_FILTERS, type AdminHoldFilter } from "./holds-text";

export function parseHoldFilter(value: string | null): AdminHoldFilter {
  return (ADMIN_HOLD_FILTERS as readonly string[]).includes(value ?? "") ? (value as AdminHoldFilter) : "requested";
}

/** The admins' list: holds in one state as they stand now (requests oldest first, others newest first), and the count of each. */
export async function listAdminHolds(db: Database, filter: AdminHoldFilter, now: Date = new Date()): Promise<{ holds: HoldView[]; counts: Record<AdminHoldFilter, number> }> {
  let query = selectHolds(db);
  if (filter === "granted") query = query.where("h.status", "=", "granted").where("h.expires_at", ">", now);
  else if (filter === "expired") query = query.where((eb) => eb.or([eb("h.status", "=", "expired"), eb.and([eb("h.status", "=", "granted"), eb("h.expires_at", "<=", now)])]));
  else if (filter !== "all") query = query.where("h.status", "=", filter);
  query = filter === "requested" ? query.orderBy("h.requested_at", "asc").orderBy("h.id", "asc") : query.orderBy("h.requested_at", "desc").orderBy("h.id", "desc");
  const [rows, counted] = await Promise.all([
    query.limit(200).execute(),
    sql<{ status: HoldStatus; n: number }>`
      select case when status = 'granted' and expires_at <= ${now} then 'expired' else status end as status, count(*)::int as n
      from song_holds group by 1`.execute(db),
  ]);
  const counts = { requested: 0, granted: 0, declined: 0, expired: 0, released: 0, all: 0 } as Record<AdminHoldFilter, number>;
  for (const row of counted.rows) {
    counts[row.status] += row.n;
    counts.all += row.n;
  }
  return { holds: rows.map((row) => toView(row as Row, now)), counts };
}

/**
 * The holds the song page shows its viewer: every hold on the song to an
 * admin; to an approved A&R their own only (nothing of another A&R's hold,
 * not even that there is one: issue 11 shows a hold "to admins and that A&R
 * only"); nothing to anyone else (not even read). Signed-in pages are never
 * cached (private, no-store).
 */
export async function holdsForSongPage(
  db: Database,
  songId: string,
  viewer: Pick<Viewer, "id" | "role" | "isAdmin"> | null,
  now: Date = new Date(),
): Promise<{ kind: "admin"; holds: HoldView[] } | { kind: "ar"; own: HoldView | null } | null> {
  if (!viewer) return null;
  if (viewer.isAdmin) {
    const rows = await selectHolds(db).where("h.song_id", "=", songId).orderBy("h.requested_at", "desc").limit(20).execute();
    return { kind: "admin", holds: rows.map((row) => toView(row as Row, now)) };
  }
  if (!canRequestHolds(viewer)) return null;
  const own = await selectHolds(db).where("h.song_id", "=", songId).where("h.ar_id", "=", viewer.id).orderBy("h.requested_at", "desc").limit(1).executeTakeFirst();
  return { kind: "ar", own: own ? toView(own as Row, now) : null };
}

/** The desk's summary: how many of the A&R's holds wait for an answer and are granted now, and the latest few. */
export async function arHoldSummary(db: Database, arId: string, now: Date = new Date()): Promise<{ requested: number; granted: number; latest: HoldView[] }> {
  const holds = await listArHolds(db, arId, now);
  return {
    requested: holds.filter((hold) => hold.status === "requested").length,
    granted: holds.filter((hold) => hold.status === "granted").length,
    latest: holds.slice(0, 3),
  };
}
