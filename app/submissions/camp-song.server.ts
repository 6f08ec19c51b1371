/**
 * A camp song's path into the catalogue (issue 13 §4, docs/decisions/0091-split-sheets-become-credits.md).
 *
 * A member of the session (or a member named on its split sheet) submits the
 * camp song at /submissions?campSong=<id>: the credits are the confirmed
 * split sheet's rows, read on the server, never the posted ones. The sheet
 * must be complete (every share confirmed, summing to 100), and the camp song
 * may have one live (pending or accepted) submission; the unique index
 * submissions_one_live_per_camp_song is the last word on that. Accepting
 * writes the sheet's rows as the song's credits, read again inside the
 * accepting transaction with the sheet locked.
 *
 * Locks: the split sheet's own functions (app/camps/split-sheets.server.ts)
 * lock the camp song's row before they change a sheet; these do the same
 * (and lock the share rows too), so a sheet cannot change between the check
 * and the write.
 */
import type { Kysely, Transaction } from "kysely";
import { getSplitSheet, type SplitSheet } from "~/camps/split-sheets.server";
import { CAMP_CREDITS_TEXT } from "~/camps/review-text";
import { formatCampDay } from "~/camps/time";
import type { Credit } from "~/catalog/types";
import type { DB } from "~/platform/db/schema";

type Executor = Kysely<DB> | Transaction<DB>;

const E = CAMP_CREDITS_TEXT.errors;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a camp song cannot be submitted or accepted: a message for the person, and the HTTP status it answers with. */
export class CampSongSubmissionError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409,
  ) {
    super(message);
    this.name = "CampSongSubmissionError";
  }
}

/** The sheet's rows as credits, in the sheet's order: name, member link, role, split = share. */
export function sheetCredits(sheet: Pick<SplitSheet, "rows">): Credit[] {
  return [...sheet.rows]
    .sort((a, b) => a.position - b.position)
    .map((row) => ({ name: row.name, memberId: row.memberId, role: row.role, split: row.share }));
}

/** Whether two credit lists are the same credits (names, links, roles, splits to the hundredth), order included. */
export function sameCredits(a: readonly Credit[], b: readonly Credit[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((credit, i) => {
    const other = b[i]!;
    return (
      credit.name === other.name &&
      (credit.memberId ?? null) === (other.memberId ?? null) &&
      credit.role === other.role &&
      Math.round(credit.split * 100) === Math.round(other.split * 100)
    );
  });
}

export interface CampSongForSubmission {
  id: string;
  workingTitle: string;
  campId: string;
  campName: string;
  sessionId: string;
  day: string;
  roomName: string;
  sheet: SplitSheet;
  credits: Credit[];
  /** "Credits from the split sheet of <camp>, <day>, <room>". */
  heading: string;
}

async function readCampSong(db: Executor, campSongId: string) {
  return db
    .selectFrom("camp_songs as cs")
    .innerJoin("camp_sessions as s", "s.id", "cs.session_id")
    .innerJoin("camp_rooms as r", "r.id", "s.room_id")
    .innerJoin("camps as c", "c.id", "cs.camp_id")
    .select(["cs.id", "cs.working_title", "cs.camp_id", "cs.session_id", "c.name as camp_name", "s.day", "r.name as room_name"])
    .where("cs.id", "=", campSongId)
    .executeTakeFirst();
}

/**
 * The camp song as the member may submit it, or a CampSongSubmissionError:
 * unknown or malformed id, or a member who is not even an accepted
 * participant of the camp (404, the same answer: nothing is revealed);
 * a participant neither in the session nor on the sheet (403). Whether it
 * can be submitted now (complete sheet, no live submission) is
 * assertSubmittable's question: the form's page shows the sheet either way.
 */
export async function campSongForMember(db: Executor, campSongId: string, memberId: string): Promise<CampSongForSubmission> {
  if (!UUID.test(campSongId)) throw new CampSongSubmissionError(E.unknown, 404);
  const song = await readCampSong(db, campSongId);
  if (!song) throw new CampSongSubmissionError(E.unknown, 404);
  const [participant, inSession, sheet] = await Promise.all([
    db
      .selectFrom("camp_invitations")
      .select("member_id")
      .where("camp_id", "=", song.camp_id)
      .where("member_id", "=", memberId)
      .where("status", "=", "accepted")
      .executeTakeFirst(),
    db.selectFrom("camp_session_members").select("member_id").where("session_id", "=", song.session_id).where("member_id", "=", memberId).executeTakeFirst(),
    getSplitSheet(db, song.id),
  ]);
  if (!sheet) throw new CampSongSubmissionError(E.unknown, 404);
  const onSheet = sheet.rows.some((row) => row.memberId === memberId);
  if (!participant && !onSheet) throw new CampSongSubmissionError(E.unknown, 404);
  if (!inSession && !onSheet) throw new CampSongSubmissionError(E.notInSession, 403);
  return {
    id: song.id,
    workingTitle: song.working_title,
    campId: song.camp_id,
    campName: song.camp_name,
    sessionId: song.session_id,
    day: song.day,
    roomName: song.room_name,
    sheet,
    credits: sheetCredits(sheet),
    heading: CAMP_CREDITS_TEXT.fromSheet(song.camp_name, formatCampDay(song.day), song.room_name),
  };
}

/** Refuses a camp song that cannot be submitted now (sheet not complete, or a live submission already). */
export function assertSubmittable(song: Pick<CampSongForSubmission, "sheet">): void {
  if (song.sheet.locked) throw new CampSongSubmissionError(E.alreadySubmitted, 409);
  if (!song.sheet.complete) throw new CampSongSubmissionError(E.notComplete, 409);
}

/**
 * Locks the camp song's row and its sheet's rows for the rest of the
 * transaction (the sheet's editors lock the camp song's row first too) and
 * reads the sheet again. Null for an unknown camp song.
 */
export async function lockSplitSheet(tx: Transaction<DB>, campSongId: string): Promise<SplitSheet | null> {
  const locked = await tx.selectFrom("camp_songs").select("id").where("id", "=", campSongId).forUpdate().executeTakeFirst();
  if (!locked) return null;
  await tx.selectFrom("camp_split_shares").select("id").where("camp_song_id", "=", campSongId).forUpdate().execute();
  return getSplitSheet(tx, campSongId);
}

/** The unique index's refusal of a second live submission of one camp song (a race the checks lost). */
export function isSecondLiveSubmission(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  return e?.code === "23505" && (e.constraint === "submissions_one_live_per_camp_song" || /submissions_one_live_per_camp_song/.test(e.message ?? ""));
}

/** Where a submission came from, for its pages: the camp, the session's day and room, the working title. */
export async function campOriginOf(db: Executor, campSongId: string | null): Promise<{ campId: string; campName: string; workingTitle: string; heading: string } | null> {
  if (!campSongId) return null;
  const song = await readCampSong(db, campSongId);
  if (!song) return null;
  return {
    campId: song.camp_id,
    campName: song.camp_name,
    workingTitle: song.working_title,
    heading: CAMP_CREDITS_TEXT.fromSheet(song.camp_name, formatCampDay(song.day), song.room_name),
  };
}
