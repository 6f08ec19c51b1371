/**
 * What a camp session wrote (issue 13 §4, ADR 0090): its songs (a working
 * title, notes, a rough recording) and who may see and change them.
 *
 * Seeing a session: the camp's accepted participants and admins (anyone else:
 * null, which the routes answer with 404, never revealing that the session
 * exists). Changing its songs and split sheets: the session's own members and
 * admins, once the camp has started (running or past).
 *
 * Rough audio goes through the catalogue's upload pipeline (storeUpload,
 * app/catalog/upload.server.ts: checked by its bytes and size, written, then
 * its storage_objects row and the camp song row in one transaction, removed
 * again if that fails), bucket "audio", path camps/<campId>/<campSongId>
 * (a replacement gets camps/<campId>/<campSongId>-<stamp>, the old file is
 * removed after the commit unless something else still uses it).
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { recordAdminAction } from "~/audit/audit.server";
import type { Viewer } from "~/auth/viewer";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { storeUpload } from "~/catalog/upload.server";
import type { Database } from "~/platform/db/connect.server";
import type { DB } from "~/platform/db/schema";
import type { StoragePort } from "~/platform/storage/port";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import { sessionGroups, type SessionPerson } from "./sessions.server";
import { campSongLocked, getSplitSheets, isUuid, type SplitSheet } from "./split-sheets.server";
import { campSongAudioPath } from "./songs-paths";
import { SONG_TEXT } from "./songs-text";
import { campPhase, sessionInstants, shortTime, type CampPhase } from "./time";

type Executor = Kysely<DB> | Transaction<DB>;

export { campSongAudioPath, campSongAudioUrlPath, sessionPath } from "./songs-paths";

export interface CampSessionAccess {
  campId: string;
  campName: string;
  venue: string;
  timeZone: string;
  phase: CampPhase;
  sessionId: string;
  day: string;
  /** 'HH:MM' in the venue's zone. */
  startsAt: string;
  endsAt: string;
  startsAtUtc: string;
  endsAtUtc: string;
  roomName: string;
  group: SessionPerson[];
  /** The viewer is in the session's group. */
  inSession: boolean;
  /** The viewer may change the session's songs and sheets (a member of it, or an admin). */
  canEdit: boolean;
  /** ...and the camp has started, so songs can be recorded. */
  canRecord: boolean;
}

/**
 * The session as the viewer may see it, or null: unknown or malformed ids, a
 * session of another camp, a viewer who is neither admin nor an accepted
 * participant of the camp.
 */
export async function sessionForViewer(
  db: Executor,
  viewer: Pick<Viewer, "id" | "isAdmin">,
  campId: string,
  sessionId: string,
  now = new Date(),
): Promise<CampSessionAccess | null> {
  if (!isUuid(campId) || !isUuid(sessionId)) return null;
  const row = await db
    .selectFrom("camp_sessions as s")
    .innerJoin("camps as c", "c.id", "s.camp_id")
    .innerJoin("camp_rooms as r", "r.id", "s.room_id")
    .innerJoin("camp_slots as sl", "sl.id", "s.slot_id")
    .leftJoin("camp_invitations as i", (join) => join.onRef("i.camp_id", "=", "c.id").on("i.member_id", "=", viewer.id))
    .select([
      "s.id as sessionId",
      "c.id as campId",
      "c.name as campName",
      "c.venue",
      "c.time_zone",
      "c.starts_on",
      "c.ends_on",
      "s.day",
      "sl.starts_at",
      "sl.ends_at",
      "r.name as roomName",
      "i.status as invitationStatus",
    ])
    .where("s.id", "=", sessionId)
    .where("s.camp_id", "=", campId)
    .executeTakeFirst();
  if (!row) return null;
  const group = (await sessionGroups(db, [sessionId])).get(sessionId) ?? [];
  const inSession = group.some((p) => p.memberId === viewer.id);
  // Someone who took part keeps their session (and its split sheets) even after declining the rest of the camp.
  if (!viewer.isAdmin && row.invitationStatus !== "accepted" && !inSession) return null;
  const phase = campPhase({ starts_on: row.starts_on, ends_on: row.ends_on, time_zone: row.time_zone }, now);
  const { startsAt, endsAt } = sessionInstants(row.day, row, row.time_zone);
  const canEdit = viewer.isAdmin || inSession;
  return {
    campId: row.campId,
    campName: row.campName,
    venue: row.venue,
    timeZone: row.time_zone,
    phase,
    sessionId: row.sessionId,
    day: row.day,
    startsAt: shortTime(row.starts_at),
    endsAt: shortTime(row.ends_at),
    startsAtUtc: startsAt.toISOString(),
    endsAtUtc: endsAt.toISOString(),
    roomName: row.roomName,
    group,
    inSession,
    canEdit,
    canRecord: canEdit && phase !== "upcoming",
  };
}

export interface CampSongView {
  id: string;
  workingTitle: string;
  notes: string | null;
  hasAudio: boolean;
  audioContentType: string | null;
  durationSeconds: number | null;
  createdAt: string;
  sheet: SplitSheet;
}

/** A session's songs, oldest first, each with its split sheet. */
export async function sessionSongs(db: Executor, sessionId: string): Promise<CampSongView[]> {
  const rows = await db
    .selectFrom("camp_songs")
    .select(["id", "working_title", "notes", "audio_path", "audio_content_type", "audio_duration_seconds", "created_at"])
    .where("session_id", "=", sessionId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const sheets = await getSplitSheets(db, rows.map((r) => r.id));
  return rows.map((row) => ({
    id: row.id,
    workingTitle: row.working_title,
    notes: row.notes,
    hasAudio: row.audio_path !== null,
    audioContentType: row.audio_content_type,
    durationSeconds: row.audio_duration_seconds === null ? null : Number(row.audio_duration_seconds),
    createdAt: new Date(row.created_at).toISOString(),
    sheet: sheets.get(row.id)!,
  }));
}

export class CampSongRefusedError extends Error {
  constructor(
    message: string,
    readonly status: 403 | 404 | 409,
  ) {
    super(message);
    this.name = "CampSongRefusedError";
  }
}

function assertMayRecord(access: CampSessionAccess): void {
  if (!access.canEdit) throw new CampSongRefusedError(SONG_TEXT.notInSession, 403);
  if (!access.canRecord) throw new CampSongRefusedError(SONG_TEXT.campNotStarted, 409);
}

export interface CreateCampSongInput {
  db: Database;
  storage: StoragePort;
  access: CampSessionAccess;
  actorId: string;
  workingTitle: string;
  notes: string | null;
  /** Rough audio bytes, when a file came with the form. */
  audio: Uint8Array | null;
}

/** Records a song of the session, with its rough audio when given: all or nothing (UploadRejectedError for bad audio). */
export async function createCampSong(input: CreateCampSongInput): Promise<{ id: string }> {
  const { db, storage, access } = input;
  assertMayRecord(access);
  const id = crypto.randomUUID();
  const values = {
    id,
    camp_id: access.campId,
    session_id: access.sessionId,
    working_title: input.workingTitle,
    notes: input.notes || null,
    created_by: input.actorId,
  };
  if (!input.audio) {
    await db.insertInto("camp_songs").values(values).execute();
    return { id };
  }
  await storeUpload({
    db,
    storage,
    bucket: AUDIO_BUCKET,
    path: campSongAudioPath(access.campId, id),
    bytes: input.audio,
    kind: "audio",
    uploadedBy: input.actorId,
    withRows: async (tx, [file]) => {
      await tx
        .insertInto("camp_songs")
        .values({
          ...values,
          audio_bucket: file!.bucket,
          audio_path: file!.path,
          audio_content_type: file!.contentType,
          audio_size_bytes: file!.size,
          audio_duration_seconds: file!.audio?.durationSeconds ?? null,
        })
        .execute();
    },
  });
  return { id };
}

export interface UpdateCampSongInput extends Omit<CreateCampSongInput, "actorId"> {
  actorId: string;
  campSongId: string;
}

/** Whether any row other than the camp song still uses a stored file (a submission or a song made from it). */
async function fileUsedElsewhere(db: Executor, bucket: string, path: string): Promise<boolean> {
  const [submission, song, campSong] = await Promise.all([
    db.selectFrom("submissions").select("id").where("audio_bucket", "=", bucket).where("audio_path", "=", path).limit(1).executeTakeFirst(),
    bucket === AUDIO_BUCKET ? db.selectFrom("songs").select("id").where("audio_path", "=", path).limit(1).executeTakeFirst() : undefined,
    db.selectFrom("camp_songs").select("id").where("audio_bucket", "=", bucket).where("audio_path", "=", path).limit(1).executeTakeFirst(),
  ]);
  return Boolean(submission || song || campSong);
}

/** Removes a stored file no row uses any more (its bookkeeping row, then the bytes). Best effort after a commit. */
async function dropFileIfUnused(db: Database, storage: StoragePort, bucket: string, path: string): Promise<void> {
  if (await fileUsedElsewhere(db, bucket, path)) return;
  await db.deleteFrom("storage_objects").where("bucket", "=", bucket).where("path", "=", path).execute().catch(() => undefined);
  await storage.remove(bucket, path).catch(() => undefined);
}

/**
 * Changes a song's title and notes, and replaces its rough audio when a file
 * comes with the form (refused while a submission of the song is live).
 */
export async function updateCampSong(input: UpdateCampSongInput): Promise<void> {
  const { db, storage, access } = input;
  assertMayRecord(access);
  const song = await db
    .selectFrom("camp_songs")
    .select(["id", "audio_bucket", "audio_path"])
    .where("id", "=", input.campSongId)
    .where("session_id", "=", access.sessionId)
    .executeTakeFirst();
  if (!song) throw new CampSongRefusedError(SONG_TEXT.songNotFound, 404);
  const fields = { working_title: input.workingTitle, notes: input.notes || null, updated_at: sql<Date>`now()` };
  if (!input.audio) {
    await db.updateTable("camp_songs").set(fields).where("id", "=", song.id).execute();
    return;
  }
  if (await campSongLocked(db, song.id)) throw new CampSongRefusedError(SONG_TEXT.songHasSubmission, 409);
  await storeUpload({
    db,
    storage,
    bucket: AUDIO_BUCKET,
    path: campSongAudioPath(access.campId, song.id, Date.now().toString(36)),
    bytes: input.audio,
    kind: "audio",
    uploadedBy: input.actorId,
    withRows: async (tx, [file]) => {
      const updated = await tx
        .updateTable("camp_songs")
        .set({
          ...fields,
          audio_bucket: file!.bucket,
          audio_path: file!.path,
          audio_content_type: file!.contentType,
          audio_size_bytes: file!.size,
          audio_duration_seconds: file!.audio?.durationSeconds ?? null,
        })
        .where("id", "=", song.id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new CampSongRefusedError(SONG_TEXT.songNotFound, 404);
    },
  });
  if (song.audio_bucket && song.audio_path) await dropFileIfUnused(db, storage, song.audio_bucket, song.audio_path);
}

/** Removes a song and its split sheet; refused while a submission of it is pending or accepted. */
export async function removeCampSong(input: {
  db: Database;
  storage: StoragePort;
  access: CampSessionAccess;
  campSongId: string;
  /** Who removes it: an admin's removal is in the audit log. */
  actor?: Pick<Viewer, "id" | "displayName" | "isAdmin">;
}): Promise<{ workingTitle: string }> {
  const { db, storage, access } = input;
  assertMayRecord(access);
  const removed = await db.transaction().execute(async (tx) => {
    const song = await tx
      .selectFrom("camp_songs")
      .select(["id", "working_title", "audio_bucket", "audio_path"])
      .where("id", "=", input.campSongId)
      .where("session_id", "=", access.sessionId)
      .forUpdate()
      .executeTakeFirst();
    if (!song) throw new CampSongRefusedError(SONG_TEXT.songNotFound, 404);
    if (await campSongLocked(tx, song.id)) throw new CampSongRefusedError(SONG_TEXT.songHasSubmission, 409);
    await tx.deleteFrom("camp_songs").where("id", "=", song.id).execute();
    if (input.actor?.isAdmin) {
      await recordAdminAction(tx, {
        actor: input.actor,
        action: "camp.song_removed",
        target: { type: "camp_song", id: song.id, label: song.working_title },
        before: { workingTitle: song.working_title, sessionId: access.sessionId, hadAudio: song.audio_path !== null },
      });
    }
    return song;
  });
  if (removed.audio_bucket && removed.audio_path) await dropFileIfUnused(db, storage, removed.audio_bucket, removed.audio_path);
  return { workingTitle: removed.working_title };
}

/**
 * A camp song's rough audio for the viewer: the camp's accepted participants
 * and admins; null (404) for anyone else, an unknown id or a song without audio.
 */
export async function campSongAudioFor(
  db: Executor,
  campSongId: string,
  viewer: Pick<Viewer, "id" | "isAdmin">,
): Promise<{ bucket: string; path: string } | null> {
  if (!isUuid(campSongId)) return null;
  const row = await db
    .selectFrom("camp_songs as cs")
    .leftJoin("camp_invitations as i", (join) => join.onRef("i.camp_id", "=", "cs.camp_id").on("i.member_id", "=", viewer.id))
    .select(["cs.audio_bucket", "cs.audio_path", "i.status"])
    .where("cs.id", "=", campSongId)
    .executeTakeFirst();
  if (!row || !row.audio_bucket || !row.audio_path) return null;
  if (!viewer.isAdmin && row.status !== "accepted") return null;
  return { bucket: row.audio_bucket, path: row.audio_path };
}

/** A signed URL of the rough audio (the page's <audio> and the player's retry). */
export async function campSongAudioUrl(storage: Pick<StoragePort, "createSignedUrl">, audio: { bucket: string; path: string }): Promise<string> {
  return storage.createSignedUrl(audio.bucket, audio.path, SIGNED_URL_TTL_S);
}
