/**
 * Song submissions (issue 11 item 6; docs/decisions/0075-song-submissions.md).
 *
 * A member submits a song: the audio goes through the catalogue's
 * all-or-nothing upload path (checked by its bytes, written, then its
 * storage row and the submission row, and the brief answer when there is one,
 * in ONE transaction; the file is removed when that transaction fails).
 *
 * An admin accepts it: the audio is copied into the catalogue's storage the
 * way catalogue uploads are stored (`catalogue/<songId>/audio.<ext>`, checked
 * and analysed again), and in ONE transaction the song is created with its
 * credits (song-records.server.ts: splits checked, and again by the database
 * at commit), vocal type and explicit flag, the submission is marked accepted
 * with the song's id, and the member gets an inbox notice. The catalogue's
 * search tables are kept by triggers on songs and credits (ADR 0051/0055/0056),
 * so the search finds the song as soon as the transaction commits. A second
 * accept (a replayed post, two admins at once) finds the row locked or no
 * longer pending and changes nothing; its copied file is removed.
 */
import crypto from "node:crypto";
import { sql } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { recordAdminAction } from "~/audit/audit.server";
import { AUDIO_BUCKET } from "~/catalog/constants";
import type { Credit } from "~/catalog/types";
import { insertSongRecord } from "~/catalog/song-records.server";
import { storeUpload, UPLOAD_MESSAGES, UploadRejectedError } from "~/catalog/upload.server";
import { answerBriefWithSubmission, findAnswerableBrief, BriefNotAnswerableError } from "~/briefs/answers.server";
import { briefArMayHearSubmission } from "~/briefs/briefs.server";
import { deliverNotice } from "~/inbox/inbox.server";
import type { Database } from "~/platform/db/connect.server";
import type { StoragePort } from "~/platform/storage/port";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import { assertSubmittable, campOriginOf, campSongForMember, CampSongSubmissionError, isSecondLiveSubmission, lockSplitSheet, sheetCredits } from "./camp-song.server";
import { CAMP_CREDITS_TEXT } from "~/camps/review-text";
import { submissionPath, SUBMISSION_STATUSES, SUBMISSION_TEXT, type SubmissionStatus, type VocalType } from "./constants";
import type { SubmitInput } from "./schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isSubmissionId = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/** The submission is not pending any more (decided, withdrawn, or decided by someone else a moment ago). */
export class SubmissionNotPendingError extends Error {
  constructor() {
    super(SUBMISSION_TEXT.admin.alreadyDecided);
    this.name = "SubmissionNotPendingError";
  }
}

/** The brief named in the form cannot take answers (closed, past its deadline, unknown). */
export class BriefUnavailableError extends Error {
  constructor() {
    super(SUBMISSION_TEXT.briefUnavailable);
    this.name = "BriefUnavailableError";
  }
}

/** A credit names a member id that is not a member of the collective. */
export class UnknownCreditMemberError extends Error {
  constructor(readonly memberIds: string[]) {
    super(SUBMISSION_TEXT.errors.creditMember);
    this.name = "UnknownCreditMemberError";
  }
}

const toPeaks = (value: unknown): number[] => {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.map((peak) => (typeof peak === "number" && Number.isFinite(peak) ? peak : 0)) : [];
};

const toCredits = (value: unknown): Credit[] => {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.map((c: Record<string, unknown>) => ({
    name: String(c.name ?? ""),
    memberId: typeof c.memberId === "string" ? c.memberId : null,
    role: c.role as Credit["role"],
    split: Number(c.split),
  }));
};

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

// ---------------------------------------------------------------------------
// Reading

export interface SubmissionSummary {
  id: string;
  title: string;
  genre: string;
  status: SubmissionStatus;
  createdAt: string;
  decidedAt: string | null;
  briefId: string | null;
  songId: string | null;
}

export interface SubmissionView extends SubmissionSummary {
  moods: string[];
  bpm: number;
  musicalKey: string;
  vocalType: VocalType | null;
  explicit: boolean;
  lyrics: string | null;
  durationSeconds: number;
  peaks: number[];
  credits: Credit[];
  decisionNote: string | null;
  member: { id: string; name: string };
  decidedBy: string | null;
  /** A signed URL of the audio (valid SIGNED_URL_TTL_S). */
  audioUrl: string;
  /** The camp song it was submitted from (its credits are that split sheet's), or null (ADR 0091). */
  campOrigin: { campSongId: string; campId: string; campName: string; workingTitle: string; heading: string } | null;
}

const summaryColumns = ["s.id", "s.title", "s.genre", "s.status", "s.created_at", "s.decided_at", "s.brief_id", "s.song_id"] as const;

type SummaryRow = {
  id: string;
  title: string;
  genre: string;
  status: SubmissionStatus;
  created_at: Date;
  decided_at: Date | null;
  brief_id: string | null;
  song_id: string | null;
};

const toSummary = (row: SummaryRow): SubmissionSummary => ({
  id: row.id,
  title: row.title,
  genre: row.genre,
  status: row.status,
  createdAt: iso(row.created_at)!,
  decidedAt: iso(row.decided_at),
  briefId: row.brief_id,
  songId: row.song_id,
});

/** The member's submissions, newest first. */
export async function listMemberSubmissions(db: Database, memberId: string, limit = 100): Promise<SubmissionSummary[]> {
  const rows = await db
    .selectFrom("submissions as s")
    .select(summaryColumns)
    .where("s.member_id", "=", memberId)
    .orderBy("s.created_at", "desc")
    .orderBy("s.id")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

export interface DashboardSubmissions {
  items: SubmissionSummary[];
  /** Pending submissions among all of the member's (not only those shown). */
  pending: number;
  total: number;
}

/** The dashboard's section: the latest few with their status, and counts. One query. */
export async function dashboardSubmissions(db: Database, memberId: string, limit = 5): Promise<DashboardSubmissions> {
  const rows = await db
    .selectFrom("submissions as s")
    .select([
      ...summaryColumns,
      sql<number>`count(*) over ()`.as("total"),
      sql<number>`count(*) filter (where s.status = 'pending') over ()`.as("pending"),
    ])
    .where("s.member_id", "=", memberId)
    .orderBy("s.created_at", "desc")
    .orderBy("s.id")
    .limit(limit)
    .execute();
  return { items: rows.map(toSummary), total: Number(rows[0]?.total ?? 0), pending: Number(rows[0]?.pending ?? 0) };
}

async function viewOf(db: Database, storage: StoragePort, where: { id: string; memberId?: string }): Promise<SubmissionView | null> {
  if (!isSubmissionId(where.id)) return null;
  let query = db
    .selectFrom("submissions as s")
    .leftJoin("profiles as p", "p.user_id", "s.member_id")
    .leftJoin("profiles as d", "d.user_id", "s.decided_by")
    .selectAll("s")
    .select(["p.display_name as member_name", "d.display_name as decider_name"])
    .where("s.id", "=", where.id);
  if (where.memberId) query = query.where("s.member_id", "=", where.memberId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    ...toSummary(row),
    moods: row.moods,
    bpm: Number(row.bpm),
    musicalKey: row.musical_key,
    vocalType: row.vocal_type,
    explicit: row.explicit,
    lyrics: row.lyrics,
    durationSeconds: Number(row.duration_seconds),
    peaks: toPeaks(row.peaks),
    credits: toCredits(row.credits),
    decisionNote: row.decision_note,
    member: { id: row.member_id, name: row.member_name ?? "" },
    decidedBy: row.decided_by ? (row.decider_name ?? null) : null,
    audioUrl: await storage.createSignedUrl(row.audio_bucket, row.audio_path, SIGNED_URL_TTL_S),
    campOrigin: await campOriginOf(db, row.camp_song_id).then((origin) => (origin && row.camp_song_id ? { campSongId: row.camp_song_id, ...origin } : null)),
  };
}

/** One of the member's own submissions; null for anyone else's (and unknown ids). */
export function getMemberSubmission(db: Database, storage: StoragePort, memberId: string, id: string): Promise<SubmissionView | null> {
  return viewOf(db, storage, { id, memberId });
}

/** Any submission, for the admins. */
export function getSubmissionForAdmin(db: Database, storage: StoragePort, id: string): Promise<SubmissionView | null> {
  return viewOf(db, storage, { id });
}

export interface AdminQueueRow extends SubmissionSummary {
  memberName: string;
}

export interface AdminQueue {
  status: SubmissionStatus | null;
  rows: AdminQueueRow[];
  counts: Record<SubmissionStatus | "all", number>;
}

export const ADMIN_QUEUE_LIMIT = 200;

/** The admins' queue: per status (pending oldest first, the rest newest first), with the count of each status. */
export async function adminQueue(db: Database, status: SubmissionStatus | null): Promise<AdminQueue> {
  let rowsQuery = db
    .selectFrom("submissions as s")
    .leftJoin("profiles as p", "p.user_id", "s.member_id")
    .select([...summaryColumns, "p.display_name as member_name"]);
  if (status) rowsQuery = rowsQuery.where("s.status", "=", status);
  rowsQuery = status === "pending" ? rowsQuery.orderBy("s.created_at", "asc") : rowsQuery.orderBy("s.created_at", "desc");
  const [rows, counted] = await Promise.all([
    rowsQuery.orderBy("s.id").limit(ADMIN_QUEUE_LIMIT).execute(),
    db
      .selectFrom("submissions")
      .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
      .groupBy("status")
      .execute(),
  ]);
  const counts = Object.fromEntries([...SUBMISSION_STATUSES.map((s) => [s, 0]), ["all", 0]]) as AdminQueue["counts"];
  for (const row of counted) {
    counts[row.status] = Number(row.count);
    counts.all += Number(row.count);
  }
  return { status, rows: rows.map((row) => ({ ...toSummary(row), memberName: row.member_name ?? "" })), counts };
}

export interface MemberOption {
  id: string;
  name: string;
}

/**
 * Members the form offers to link a credit to (the collective: accepted
 * members and admins), by name: only those with a public profile, plus the
 * viewer themself. A private member's id and name never reach the form's data
 * (the page is open to A&R too); the form only makes new submissions, so no
 * existing credit needs a private name shown.
 */
export async function collectiveMembers(db: Database, viewerId: string): Promise<MemberOption[]> {
  const rows = await db
    .selectFrom("profiles")
    .select(["user_id", "display_name"])
    .where("role", "in", ["accepted_member", "admin"])
    .where((eb) => eb.or([eb("public_profile", "=", true), eb("user_id", "=", viewerId)]))
    .orderBy("display_name")
    .orderBy("user_id")
    .execute();
  return rows.map((row) => ({ id: row.user_id, name: row.display_name ?? "" })).filter((m) => m.name);
}

/** Genres already in the catalogue, as suggestions (the catalogue's own facet counts: one small read). */
export async function genreSuggestions(db: Database): Promise<string[]> {
  const rows = await db.selectFrom("catalog_facet_counts").select("value").where("facet", "=", "genre").where("count", ">", 0).orderBy("value").limit(100).execute();
  return rows.map((row) => row.value);
}

/**
 * The audio of a submission for a viewer: its submitter, admins, and the A&R of a brief it answers.
 * Null otherwise, the same as for an unknown id.
 */
export async function submissionAudioFor(
  db: Database,
  id: string,
  viewer: Pick<Viewer, "id" | "isAdmin"> | null,
): Promise<{ bucket: string; path: string } | null> {
  if (!viewer || !isSubmissionId(id)) return null;
  const row = await db.selectFrom("submissions").select(["member_id", "audio_bucket", "audio_path"]).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  if (row.member_id === viewer.id || viewer.isAdmin) return { bucket: row.audio_bucket, path: row.audio_path };
  // The A&R of a brief this submission answers may hear it too (app/briefs, ADR 0076).
  return (await briefArMayHearSubmission(db, viewer.id, id)) ? { bucket: row.audio_bucket, path: row.audio_path } : null;
}

// ---------------------------------------------------------------------------
// Writing

/** The ids among `ids` that are not members of the collective. */
async function unknownMembers(db: Database, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const found = await db.selectFrom("profiles").select("user_id").where("user_id", "in", wanted).where("role", "in", ["accepted_member", "admin"]).execute();
  const known = new Set(found.map((row) => row.user_id));
  return wanted.filter((id) => !known.has(id));
}

export interface CreateSubmissionInput {
  db: Database;
  storage: StoragePort;
  memberId: string;
  /**
   * A camp song's submission (ADR 0091) gives its id: the credits are then the
   * confirmed split sheet's rows, whatever `value.credits` says.
   */
  value: Omit<SubmitInput, "audio" | "intent" | "credits"> & { credits?: SubmitInput["credits"]; campSongId?: string };
  audio: Uint8Array;
}

/**
 * Stores a new submission, all or nothing. Throws UploadRejectedError (the
 * audio's bytes, size or length), UnknownCreditMemberError,
 * BriefUnavailableError (the brief closed meanwhile), or, for a camp song,
 * CampSongSubmissionError (unknown, not the member's, sheet not complete,
 * submitted already): nothing is then stored.
 */
export async function createSubmission(input: CreateSubmissionInput): Promise<{ id: string; title: string }> {
  const { db, storage, memberId } = input;
  let value = { ...input.value, credits: input.value.credits ?? [] };
  const campSongId = input.value.campSongId;
  if (campSongId !== undefined) {
    // An early answer before any file is written; the locked re-read in the transaction decides.
    const campSong = await campSongForMember(db, campSongId, memberId);
    assertSubmittable(campSong);
    value = { ...value, credits: campSong.credits };
  }
  // A sheet's member links are the session's people (ADR 0090); a member who left since is unlinked when the song is accepted.
  const unknown = campSongId === undefined ? await unknownMembers(db, value.credits.flatMap((c) => (c.memberId ? [c.memberId] : []))) : [];
  if (unknown.length > 0) throw new UnknownCreditMemberError(unknown);
  // An early answer; the brief's own function decides again inside the transaction.
  if (value.briefId && !(await findAnswerableBrief(db, value.briefId))) throw new BriefUnavailableError();
  const id = crypto.randomUUID();
  try {
    const { result } = await storeUpload({
      db,
      storage,
      bucket: AUDIO_BUCKET,
      path: `submissions/${memberId}/${id}`,
      bytes: input.audio,
      kind: "audio",
      uploadedBy: memberId,
      withRows: async (tx, [file]) => {
        const duration = file.audio?.durationSeconds;
        if (!duration || duration <= 0) throw new UploadRejectedError(UPLOAD_MESSAGES.noDuration);
        let credits = value.credits;
        if (campSongId !== undefined) {
          // The sheet, locked until commit: no edit or second submission can slip in between.
          const sheet = await lockSplitSheet(tx, campSongId);
          if (!sheet) throw new CampSongSubmissionError(CAMP_CREDITS_TEXT.errors.unknown, 404);
          assertSubmittable({ sheet });
          credits = sheetCredits(sheet);
        }
        const row = await tx
          .insertInto("submissions")
          .values({
            id,
            member_id: memberId,
            camp_song_id: campSongId ?? null,
            brief_id: value.briefId ?? null,
            title: value.title,
            genre: value.genre,
            moods: value.moods,
            bpm: value.bpm,
            musical_key: value.musicalKey,
            vocal_type: value.vocalType ?? null,
            explicit: value.explicit ?? false,
            lyrics: value.lyrics || null,
            audio_bucket: file.bucket,
            audio_path: file.path,
            content_type: file.contentType,
            size_bytes: file.size,
            duration_seconds: duration,
            peaks: JSON.stringify(file.audio?.peaks ?? []),
            credits: JSON.stringify(credits),
          })
          .returning(["id", "title"])
          .executeTakeFirstOrThrow();
        if (value.briefId) await answerBriefWithSubmission(tx, { briefId: value.briefId, memberId, submissionId: id, note: "" });
        return row;
      },
    });
    return result;
  } catch (error) {
    if (error instanceof BriefNotAnswerableError) throw new BriefUnavailableError();
    if (isSecondLiveSubmission(error)) throw new CampSongSubmissionError(CAMP_CREDITS_TEXT.errors.alreadySubmitted, 409);
    throw error;
  }
}

/** Withdraws one of the member's pending submissions; null when it is not theirs or not pending. */
export async function withdrawSubmission(db: Database, memberId: string, id: string): Promise<{ title: string } | null> {
  if (!isSubmissionId(id)) return null;
  const row = await db
    .updateTable("submissions")
    .set({ status: "withdrawn", updated_at: new Date() })
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .where("status", "=", "pending")
    .returning("title")
    .executeTakeFirst();
  return row ?? null;
}

export interface DecideInput {
  db: Database;
  storage: StoragePort;
  admin: Pick<Viewer, "id" | "displayName">;
  submissionId: string;
  note?: string | null;
}

/**
 * Accepts a pending submission into the catalogue (see the module comment).
 * Null for an unknown id; SubmissionNotPendingError when it is not pending.
 */
export async function acceptSubmission(input: DecideInput): Promise<{ songId: string; title: string } | null> {
  const { db, storage, admin, submissionId } = input;
  if (!isSubmissionId(submissionId)) return null;
  const submission = await db.selectFrom("submissions").selectAll().where("id", "=", submissionId).executeTakeFirst();
  if (!submission) return null;
  // An early answer before any file is copied; the locked re-read below decides.
  if (submission.status !== "pending") throw new SubmissionNotPendingError();
  const bytes = await storage.get(submission.audio_bucket, submission.audio_path);
  if (!bytes) throw new Error(`The audio of submission ${submissionId} is missing from storage`);

  const credits = toCredits(submission.credits);
  // A linked member who left the collective since stays credited by name.
  const gone = new Set(await unknownMembers(db, credits.flatMap((c) => (c.memberId ? [c.memberId] : []))));
  const songCredits = credits.map((c) => ({ ...c, memberId: c.memberId && !gone.has(c.memberId) ? c.memberId : null }));
  const songId = crypto.randomUUID();
  const note = input.note || null;

  const { result } = await storeUpload({
    db,
    storage,
    bucket: AUDIO_BUCKET,
    path: `catalogue/${songId}/audio`,
    bytes,
    kind: "audio",
    uploadedBy: admin.id,
    withRows: async (tx, [file]) => {
      // The row is locked until commit: a second accept or decline waits here, then finds it decided.
      const locked = await tx.selectFrom("submissions").select(["status"]).where("id", "=", submissionId).forUpdate().executeTakeFirst();
      if (locked?.status !== "pending") throw new SubmissionNotPendingError();
      let creditsOfSong = songCredits;
      if (submission.camp_song_id) {
        // A camp song's credits are its confirmed split sheet, as one record, read again with the sheet locked (ADR 0091).
        const sheet = await lockSplitSheet(tx, submission.camp_song_id);
        if (!sheet || !sheet.complete) throw new CampSongSubmissionError(CAMP_CREDITS_TEXT.errors.sheetChanged, 409);
        const fromSheet = sheetCredits(sheet);
        const left = new Set(await unknownMembers(tx, fromSheet.flatMap((c) => (c.memberId ? [c.memberId] : []))));
        creditsOfSong = fromSheet.map((c) => ({ ...c, memberId: c.memberId && !left.has(c.memberId) ? c.memberId : null }));
      }
      await insertSongRecord(tx, {
        id: songId,
        title: submission.title,
        genre: submission.genre,
        moods: submission.moods,
        bpm: Number(submission.bpm),
        musicalKey: submission.musical_key,
        durationSeconds: file.audio?.durationSeconds ?? Number(submission.duration_seconds),
        lyrics: submission.lyrics,
        audioPath: file.path,
        peaks: file.audio?.peaks.length ? file.audio.peaks : toPeaks(submission.peaks),
        credits: creditsOfSong,
        status: "catalogue",
      });
      await tx
        .updateTable("songs")
        .set({ vocal_type: submission.vocal_type, explicit: submission.explicit, camp_song_id: submission.camp_song_id })
        .where("id", "=", songId)
        .execute();
      const now = new Date();
      await tx
        .updateTable("submissions")
        .set({ status: "accepted", song_id: songId, decided_by: admin.id, decided_at: now, decision_note: note, updated_at: now })
        .where("id", "=", submissionId)
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow();
      await deliverNotice(tx, {
        recipientId: submission.member_id,
        senderId: admin.id,
        senderName: admin.displayName,
        kind: "decision",
        subject: SUBMISSION_TEXT.notice.acceptedSubject(submission.title),
        body: SUBMISSION_TEXT.notice.acceptedBody(submission.title, note),
        link: `/song/${songId}`,
      });
      await recordAdminAction(tx, {
        actor: admin,
        action: "submission.decided",
        target: { type: "submission", id: submissionId, label: submission.title },
        before: { status: "pending" },
        after: { status: "accepted", note, songId },
      });
      return { songId, title: submission.title };
    },
  });
  return result;
}

/** Declines a pending submission with a note; null for an unknown id; SubmissionNotPendingError when not pending. */
export async function declineSubmission(input: DecideInput & { note: string }): Promise<{ title: string } | null> {
  const { db, admin, submissionId, note } = input;
  if (!isSubmissionId(submissionId)) return null;
  return db.transaction().execute(async (tx) => {
    const now = new Date();
    const row = await tx
      .updateTable("submissions")
      .set({ status: "declined", decided_by: admin.id, decided_at: now, decision_note: note, updated_at: now })
      .where("id", "=", submissionId)
      .where("status", "=", "pending")
      .returning(["title", "member_id"])
      .executeTakeFirst();
    if (!row) {
      const exists = await tx.selectFrom("submissions").select("id").where("id", "=", submissionId).executeTakeFirst();
      if (!exists) return null;
      throw new SubmissionNotPendingError();
    }
    await deliverNotice(tx, {
      recipientId: row.member_id,
      senderId: admin.id,
      senderName: admin.displayName,
      kind: "decision",
      subject: SUBMISSION_TEXT.notice.declinedSubject(row.title),
      body: SUBMISSION_TEXT.notice.declinedBody(row.title, note),
      link: submissionPath(submissionId),
    });
    await recordAdminAction(tx, {
      actor: admin,
      action: "submission.decided",
      target: { type: "submission", id: submissionId, label: row.title },
      before: { status: "pending" },
      after: { status: "declined", note },
    });
    return { title: row.title };
  });
}
