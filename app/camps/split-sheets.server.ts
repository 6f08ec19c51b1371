/**
 * Split sheets of camp songs (issue 13 §4, ADR 0090).
 *
 * A sheet is the rows of camp_split_shares of one camp song: a member of the
 * session (or a named co-writer without an account), a credit role and a
 * share > 0 with at most two decimals; the shares sum to exactly 100 (checked
 * in hundredths, app/catalog/credit-rows-schema.ts). Saving replaces every
 * row and so clears every confirmation. A member confirms only their own row
 * from their own account ('self'); a row that names nobody with an account is
 * confirmed by an admin ('admin', with an audit entry). Everyone in the
 * session is on the sheet (nobody can be left off a song the room wrote by
 * someone else's save). The sheet is COMPLETE when it has rows, they sum to
 * 100, every one is confirmed and nobody in the session is missing; it is LOCKED
 * (no edit, no withdrawal) while the camp song has a pending or accepted
 * submission.
 *
 * Races: saving and confirming both lock the camp song's row first and check
 * the sheet version the person saw (camp_songs.split_version, bumped by every
 * save) and, for a confirmation, the row id; a save replaces the rows (new
 * ids). So a confirmation can never land on rows its author did not see, and
 * two saves from the same version cannot both win.
 *
 * H6 reads getSplitSheet for submissions and acceptance (CONTRACTS.md).
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { recordAdminAction } from "~/audit/audit.server";
import { splitsTotalHundredths } from "~/catalog/credit-rows-schema";
import { creditsProblem } from "~/catalog/credits";
import type { CreditRole } from "~/catalog/types";
import { deliverNotice } from "~/inbox/inbox.server";
import type { CampRole, DB } from "~/platform/db/schema";
import { SPLIT_TEXT } from "./songs-text";

type Executor = Kysely<DB> | Transaction<DB>;

export interface SplitSheetRow {
  id: string;
  position: number;
  /** The member it names; null for a co-writer without an account. */
  memberId: string | null;
  name: string;
  role: CreditRole;
  share: number;
  confirmedAt: string | null;
  confirmedAs: "self" | "admin" | null;
}

export interface SplitSheet {
  campSongId: string;
  /** camp_songs.split_version: what a confirmation or an edit must name. */
  version: number;
  rows: SplitSheetRow[];
  /** Sum of the shares (exact: computed in hundredths). */
  total: number;
  /** People in the session the sheet does not name (someone seated after it was saved). */
  missing: { memberId: string; name: string }[];
  /** Rows present, summing to 100, every one confirmed, nobody in the session missing. */
  complete: boolean;
  /** A pending or accepted submission holds the sheet: no edits, no withdrawals. */
  locked: boolean;
}

/** Whether a camp song has a live (pending or accepted) submission. */
export async function campSongLocked(db: Executor, campSongId: string): Promise<boolean> {
  const live = await db
    .selectFrom("submissions")
    .select("id")
    .where("camp_song_id", "=", campSongId)
    .where("status", "in", ["pending", "accepted"])
    .limit(1)
    .executeTakeFirst();
  return Boolean(live);
}

/** The split sheet of a camp song; null for an unknown camp song. */
export async function getSplitSheet(db: Executor, campSongId: string): Promise<SplitSheet | null> {
  const sheets = await getSplitSheets(db, [campSongId]);
  return sheets.get(campSongId) ?? null;
}

/** The split sheets of several camp songs at once (the session page): three queries whatever the count. */
export async function getSplitSheets(db: Executor, campSongIds: readonly string[]): Promise<Map<string, SplitSheet>> {
  const sheets = new Map<string, SplitSheet>();
  const ids = [...new Set(campSongIds)].filter(isUuid);
  if (ids.length === 0) return sheets;
  const songs = await db.selectFrom("camp_songs").select(["id", "split_version", "session_id"]).where("id", "in", ids).execute();
  if (songs.length === 0) return sheets;
  const songIds = songs.map((s) => s.id);
  const [rows, live, seated] = await Promise.all([
    db
      .selectFrom("camp_split_shares")
      .select(["id", "camp_song_id", "position", "member_id", "name", "role", "share", "confirmed_at", "confirmed_as"])
      .where("camp_song_id", "in", songIds)
      .orderBy("camp_song_id")
      .orderBy("position")
      .execute(),
    db
      .selectFrom("submissions")
      .select("camp_song_id")
      .where("camp_song_id", "in", songIds)
      .where("status", "in", ["pending", "accepted"])
      .execute(),
    db
      .selectFrom("camp_session_members as m")
      .leftJoin("profiles as p", "p.user_id", "m.member_id")
      .select(["m.session_id", "m.member_id", "p.display_name"])
      .where("m.session_id", "in", [...new Set(songs.map((s) => s.session_id))])
      .execute(),
  ]);
  const lockedIds = new Set(live.map((l) => l.camp_song_id));
  for (const song of songs) {
    const own = rows
      .filter((r) => r.camp_song_id === song.id)
      .map(
        (r): SplitSheetRow => ({
          id: r.id,
          position: r.position,
          memberId: r.member_id,
          name: r.name,
          role: r.role,
          share: Number(r.share),
          confirmedAt: r.confirmed_at ? new Date(r.confirmed_at).toISOString() : null,
          confirmedAs: r.confirmed_as,
        }),
      );
    const hundredths = splitsTotalHundredths(own.map((r) => r.share));
    const named = new Set(own.map((r) => r.memberId));
    const missing = seated
      .filter((m) => m.session_id === song.session_id && !named.has(m.member_id))
      .map((m) => ({ memberId: m.member_id, name: m.display_name?.trim() || "Member" }));
    sheets.set(song.id, {
      campSongId: song.id,
      version: song.split_version,
      rows: own,
      total: hundredths / 100,
      missing,
      complete: own.length > 0 && hundredths === 10_000 && own.every((r) => r.confirmedAt !== null) && missing.length === 0,
      locked: lockedIds.has(song.id),
    });
  }
  return sheets;
}

/** The share's credit role from the member's camp role (the sheet's default rows). */
export function creditRoleForCampRole(role: CampRole): CreditRole {
  return role;
}

export type SheetRefusal = { ok: false; status: 404 | 403 | 409 | 400; message: string };
export type SheetOutcome<T = object> = ({ ok: true } & T) | SheetRefusal;

const refuse = (status: SheetRefusal["status"], message: string): SheetRefusal => ({ ok: false, status, message });

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_RE.test(value);
}

/** Locks the camp song's row for the rest of the transaction and reads what the sheet's rules need. */
async function lockCampSong(tx: Transaction<DB>, campSongId: string) {
  return tx
    .selectFrom("camp_songs as cs")
    .innerJoin("camps as c", "c.id", "cs.camp_id")
    .select(["cs.id", "cs.session_id", "cs.camp_id", "cs.working_title", "cs.split_version", "c.name as camp_name"])
    .where("cs.id", "=", campSongId)
    .forUpdate("cs")
    .executeTakeFirst();
}

export interface SheetRowInput {
  memberId: string | null;
  /** Ignored for a member (their display name is used); required for a guest. */
  name: string;
  role: CreditRole;
  share: number;
}

export interface SaveSplitSheetInput {
  campSongId: string;
  /** The version the editor saw. */
  version: number;
  rows: readonly SheetRowInput[];
  actor: Pick<Viewer, "id" | "displayName" | "isAdmin">;
  /** The session page, for the notices' link. */
  link: string;
}

/**
 * Replaces a sheet's rows (every confirmation is cleared), bumps its version
 * and tells the members it names (all but the author) that their
 * confirmation is asked for. The caller has checked that the actor may edit
 * the session; members named must be in the session's group.
 */
export async function saveSplitSheet(db: Kysely<DB>, input: SaveSplitSheetInput): Promise<SheetOutcome<{ version: number; notified: number }>> {
  const problem = creditsProblem(input.rows.map((r) => ({ name: r.name || "a co-writer", memberId: r.memberId, role: r.role, split: r.share })));
  if (problem) return refuse(400, problem);
  if (input.rows.some((r) => !(r.share > 0))) return refuse(400, SPLIT_TEXT.shareAboveZero);
  const memberIds = input.rows.map((r) => r.memberId).filter((id): id is string => id !== null);
  if (new Set(memberIds).size !== memberIds.length) return refuse(400, SPLIT_TEXT.memberTwice);
  return db.transaction().execute(async (tx) => {
    const song = await lockCampSong(tx, input.campSongId);
    if (!song) return refuse(404, SPLIT_TEXT.songNotFound);
    if (await campSongLocked(tx, song.id)) return refuse(409, SPLIT_TEXT.locked);
    if (song.split_version !== input.version) return refuse(409, SPLIT_TEXT.stale);
    // Members named must be in the session's group; their names are their display names.
    const group = await tx
      .selectFrom("camp_session_members as m")
      .leftJoin("profiles as p", "p.user_id", "m.member_id")
      .select(["m.member_id", "p.display_name"])
      .where("m.session_id", "=", song.session_id)
      .execute();
    const names = new Map(group.map((g) => [g.member_id, g.display_name?.trim() || "Member"]));
    if (memberIds.some((id) => !names.has(id))) return refuse(400, SPLIT_TEXT.notInGroup);
    // Everyone in the room is on the sheet: one member's save cannot leave the others off the credits.
    const left = group.filter((g) => !memberIds.includes(g.member_id)).map((g) => names.get(g.member_id)!);
    if (left.length > 0) return refuse(400, SPLIT_TEXT.everyoneInGroup(left));
    // A guest row cannot stand in for someone in the group (an admin would confirm it without them).
    const groupNames = new Set([...names.values()].map((n) => n.toLocaleLowerCase()));
    if (input.rows.some((r) => r.memberId === null && groupNames.has(r.name.trim().toLocaleLowerCase()))) return refuse(400, SPLIT_TEXT.guestIsMember);
    const previous = input.actor.isAdmin
      ? await tx.selectFrom("camp_split_shares").select(["name", "role", "share", "confirmed_at"]).where("camp_song_id", "=", song.id).orderBy("position").execute()
      : [];
    await tx.deleteFrom("camp_split_shares").where("camp_song_id", "=", song.id).execute();
    await tx
      .insertInto("camp_split_shares")
      .values(
        input.rows.map((row, position) => ({
          camp_song_id: song.id,
          position,
          member_id: row.memberId,
          name: (row.memberId ? names.get(row.memberId)! : row.name).slice(0, 100),
          role: row.role,
          share: row.share.toFixed(2),
        })),
      )
      .execute();
    const version = song.split_version + 1;
    await tx.updateTable("camp_songs").set({ split_version: version, updated_at: sql`now()` }).where("id", "=", song.id).execute();
    if (input.actor.isAdmin) {
      // An admin's save clears every member's confirmation: the log keeps what was there.
      await recordAdminAction(tx, {
        actor: input.actor,
        action: "camp.split_sheet_saved",
        target: { type: "camp_song", id: song.id, label: song.working_title },
        before: { shares: previous.map((r) => ({ name: r.name, role: r.role, share: Number(r.share), confirmed: r.confirmed_at !== null })) },
        after: { shares: input.rows.map((r) => ({ name: r.memberId ? names.get(r.memberId)! : r.name, role: r.role, share: r.share, confirmed: false })), sheetVersion: version },
      });
    }
    const recipients = memberIds.filter((id) => id !== input.actor.id);
    for (const recipientId of recipients) {
      await deliverNotice(tx, {
        recipientId,
        senderId: input.actor.id,
        senderName: input.actor.displayName,
        kind: "camp",
        subject: SPLIT_TEXT.noticeSubject(song.working_title),
        body: SPLIT_TEXT.noticeBody(input.actor.displayName, song.working_title, song.camp_name),
        link: input.link,
      });
    }
    return { ok: true as const, version, notified: recipients.length };
  });
}

export interface ConfirmShareInput {
  campSongId: string;
  rowId: string;
  version: number;
  actor: Pick<Viewer, "id" | "displayName" | "isAdmin">;
}

/**
 * Confirms one row: a member's own row from their own account ('self'), or, by
 * an admin, a row that names nobody with an account ('admin', audited). A row
 * already confirmed stays as it is.
 */
export async function confirmShare(db: Kysely<DB>, input: ConfirmShareInput): Promise<SheetOutcome<{ confirmedAs: "self" | "admin" | null }>> {
  if (!isUuid(input.rowId)) return refuse(409, SPLIT_TEXT.stale);
  return db.transaction().execute(async (tx) => {
    const song = await lockCampSong(tx, input.campSongId);
    if (!song) return refuse(404, SPLIT_TEXT.songNotFound);
    if (song.split_version !== input.version) return refuse(409, SPLIT_TEXT.stale);
    const row = await tx
      .selectFrom("camp_split_shares")
      .selectAll()
      .where("id", "=", input.rowId)
      .where("camp_song_id", "=", song.id)
      .executeTakeFirst();
    if (!row) return refuse(409, SPLIT_TEXT.stale);
    if (row.confirmed_at) return { ok: true as const, confirmedAs: null };
    let confirmedAs: "self" | "admin";
    if (row.member_id) {
      if (row.member_id !== input.actor.id) return refuse(403, SPLIT_TEXT.onlyOwn);
      confirmedAs = "self";
    } else {
      if (!input.actor.isAdmin) return refuse(403, SPLIT_TEXT.guestByAdmin);
      confirmedAs = "admin";
    }
    await tx
      .updateTable("camp_split_shares")
      .set({ confirmed_at: sql`now()`, confirmed_by: input.actor.id, confirmed_as: confirmedAs })
      .where("id", "=", row.id)
      .execute();
    if (confirmedAs === "admin") {
      await recordAdminAction(tx, {
        actor: input.actor,
        action: "camp.split_confirmed_for_guest",
        target: { type: "camp_song", id: song.id, label: song.working_title },
        before: { name: row.name, role: row.role, share: Number(row.share), confirmed: false },
        after: { name: row.name, role: row.role, share: Number(row.share), confirmed: true, sheetVersion: song.split_version },
      });
    }
    return { ok: true as const, confirmedAs };
  });
}

/** Takes back a confirmation (one's own; an admin's for a guest row) while the sheet is not locked. */
export async function withdrawConfirmation(db: Kysely<DB>, input: ConfirmShareInput): Promise<SheetOutcome> {
  if (!isUuid(input.rowId)) return refuse(409, SPLIT_TEXT.stale);
  return db.transaction().execute(async (tx) => {
    const song = await lockCampSong(tx, input.campSongId);
    if (!song) return refuse(404, SPLIT_TEXT.songNotFound);
    if (await campSongLocked(tx, song.id)) return refuse(409, SPLIT_TEXT.locked);
    if (song.split_version !== input.version) return refuse(409, SPLIT_TEXT.stale);
    const row = await tx
      .selectFrom("camp_split_shares")
      .select(["id", "member_id", "name", "confirmed_at"])
      .where("id", "=", input.rowId)
      .where("camp_song_id", "=", song.id)
      .executeTakeFirst();
    if (!row) return refuse(409, SPLIT_TEXT.stale);
    const mayWithdraw = row.member_id ? row.member_id === input.actor.id : input.actor.isAdmin;
    if (!mayWithdraw) return refuse(403, SPLIT_TEXT.onlyOwn);
    if (!row.confirmed_at) return { ok: true as const };
    await tx.updateTable("camp_split_shares").set({ confirmed_at: null, confirmed_by: null, confirmed_as: null }).where("id", "=", row.id).execute();
    if (!row.member_id) {
      await recordAdminAction(tx, {
        actor: input.actor,
        action: "camp.split_guest_confirmation_withdrawn",
        target: { type: "camp_song", id: song.id, label: song.working_title },
        before: { name: row.name, confirmed: true },
        after: { name: row.name, confirmed: false, sheetVersion: song.split_version },
      });
    }
    return { ok: true as const };
  });
}
