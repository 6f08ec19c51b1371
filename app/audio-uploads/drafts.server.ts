/**
 * Draft songs (issue 12 §7, docs/decisions/0085-audio-uploads-tus-drafts.md).
 *
 * An uploaded audio file becomes a song with status 'draft': out of every
 * public listing, count, facet and search (all of them read status =
 * 'catalogue'), editable in /admin/catalog/:songId, and published or deleted
 * on /admin/audio. Both ways in (the resumable tus upload and the plain form)
 * end in createDraftFromAudio, which goes through the catalogue's upload
 * pipeline (app/catalog/upload.server.ts): the bytes decide what the file is,
 * then the file, its storage_objects row, the song, its draft row and the
 * audit entry are written all or nothing.
 */
import crypto from "node:crypto";
import { sql } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { recordAdminAction } from "~/audit/audit.server";
import { ARTWORK_BUCKET, AUDIO_BUCKET, BPM_MAX, BPM_MIN, FACET_VALUE_MAX } from "~/catalog/constants";
import { creditsProblem } from "~/catalog/credits";
import { insertSongRecord, slugify } from "~/catalog/song-records.server";
import type { CreditRole } from "~/catalog/types";
import { UPLOAD_MESSAGES, UploadRejectedError, storeUpload } from "~/catalog/upload.server";
import type { Database } from "~/platform/db/connect.server";
import type { StoragePort } from "~/platform/storage/port";
import { AUDIO_TYPES } from "~/shared/media-types";
import { sanitizeText } from "~/shared/sanitize";
import { DRAFT_PLACEHOLDERS, KEY_MAX, SOURCE_FILE_NAME_MAX, TITLE_MAX } from "./constants";

type Actor = Pick<Viewer, "id" | "displayName">;
type MissingField = "genre" | "bpm" | "musical_key";

export const UNTITLED = "Untitled track";

/** A file's name as it may be stored and shown: no path, no control characters, sanitised (SPEC §5). */
export function cleanFileName(name: string | null | undefined): string {
  // Tags are stripped first ("a<b>c</b>.wav" -> "ac.wav"), then any folder a browser sent ("C:\\fakepath\\x.wav").
  // eslint-disable-next-line no-control-regex
  const clean = sanitizeText(String(name ?? "").replace(/[\u0000-\u001f\u007f]/g, ""), 1000);
  const base = clean.split(/[\\/]/).pop() ?? "";
  return base.trim().slice(0, SOURCE_FILE_NAME_MAX) || "audio";
}

/** The title a draft gets: the file's title tag, else its name without the extension, else "Untitled track". */
export function draftTitle(tagTitle: string | null | undefined, fileName: string | null | undefined): string {
  const fromTag = sanitizeText(tagTitle ?? "", TITLE_MAX);
  if (fromTag) return fromTag;
  const stem = cleanFileName(fileName).replace(/\.[A-Za-z0-9]{1,5}$/, "").replace(/_+/g, " ").trim();
  const fromName = sanitizeText(stem, TITLE_MAX);
  return fromName && fromName !== "audio" ? fromName : UNTITLED;
}

export interface DraftResult {
  songId: string;
  title: string;
  missing: MissingField[];
}

/** Stores `bytes` as a new draft song, all or nothing; throws UploadRejectedError for what the catalogue cannot take. */
export async function createDraftFromAudio(input: {
  db: Database;
  storage: StoragePort;
  actor: Actor;
  bytes: Uint8Array;
  fileName: string;
  /** The size cap the caller enforced (the resumable upload's is larger than the form's). */
  maxBytes?: number;
}): Promise<DraftResult> {
  const songId = crypto.randomUUID();
  const fileName = cleanFileName(input.fileName);
  const { result } = await storeUpload({
    db: input.db,
    storage: input.storage,
    bucket: AUDIO_BUCKET,
    path: `catalogue/${songId}/audio`,
    bytes: input.bytes,
    kind: "audio",
    uploadedBy: input.actor.id,
    maxBytes: input.maxBytes,
    withRows: async (tx, files) => {
      const audio = files[0]!;
      const analysis = audio.audio;
      const durationSeconds = analysis?.durationSeconds;
      if (!durationSeconds) throw new UploadRejectedError(UPLOAD_MESSAGES.noDuration);
      const tags = analysis?.tags;
      const title = draftTitle(tags?.title, fileName);
      const missing: MissingField[] = [];
      const genre = sanitizeText(tags?.genre ?? "", FACET_VALUE_MAX);
      if (!genre) missing.push("genre");
      const bpm = typeof tags?.bpm === "number" ? Math.round(tags.bpm) : NaN;
      const bpmOk = Number.isInteger(bpm) && bpm >= BPM_MIN && bpm <= BPM_MAX;
      if (!bpmOk) missing.push("bpm");
      const musicalKey = sanitizeText(tags?.key ?? "", KEY_MAX);
      if (!musicalKey) missing.push("musical_key");
      await insertSongRecord(tx, {
        id: songId,
        title,
        genre: genre || DRAFT_PLACEHOLDERS.genre,
        moods: [],
        bpm: bpmOk ? bpm : DRAFT_PLACEHOLDERS.bpm,
        musicalKey: musicalKey || DRAFT_PLACEHOLDERS.musicalKey,
        durationSeconds,
        audioPath: audio.path,
        status: "draft",
        peaks: analysis?.peaks ?? [],
        credits: [],
      });
      const tagArtist = sanitizeText(tags?.artist ?? "", 200) || null;
      await tx
        .insertInto("song_drafts")
        .values({
          song_id: songId,
          uploaded_by: input.actor.id,
          uploaded_by_name: (input.actor.displayName ?? "").slice(0, 200),
          source_file_name: fileName,
          tag_artist: tagArtist,
          missing,
        })
        .execute();
      await recordAdminAction(tx, {
        actor: input.actor,
        action: "song.draft_uploaded",
        target: { type: "song", id: songId, label: title },
        after: { status: "draft", title, fileName, format: audio.label, sizeBytes: audio.size, durationSeconds, missing },
      });
      return { songId, title, missing };
    },
  });
  return result;
}

export interface DraftView {
  id: string;
  title: string;
  durationSeconds: number;
  format: string;
  sizeBytes: number | null;
  uploadedByName: string;
  uploadedAt: string;
  sourceFileName: string | null;
  tagArtist: string | null;
  genre: string;
  bpm: number;
  musicalKey: string;
  missing: MissingField[];
}

function formatOf(contentType: string | null, path: string): string {
  const byType = Object.values(AUDIO_TYPES).find((type) => type.contentType === contentType);
  if (byType) return byType.label;
  const byExtension = Object.values(AUDIO_TYPES).find((type) => path.endsWith(type.extension));
  return byExtension?.label ?? "Audio";
}

/** Every draft, newest first (drafts are few: they are published or deleted). */
export async function listDrafts(db: Database, limit = 200): Promise<DraftView[]> {
  const rows = await db
    .selectFrom("songs as s")
    .leftJoin("song_drafts as d", "d.song_id", "s.id")
    .leftJoin("storage_objects as o", (join) => join.on("o.bucket", "=", AUDIO_BUCKET).onRef("o.path", "=", "s.audio_path"))
    .select([
      "s.id",
      "s.title",
      "s.duration_seconds",
      "s.audio_path",
      "s.genre",
      "s.bpm",
      "s.musical_key",
      "s.created_at",
      "o.content_type",
      "o.size_bytes",
      "d.uploaded_by_name",
      "d.created_at as uploaded_at",
      "d.source_file_name",
      "d.tag_artist",
      "d.missing",
    ])
    .where("s.status", "=", "draft")
    .orderBy(sql`coalesce(d.created_at, s.created_at)`, "desc")
    .orderBy("s.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    durationSeconds: row.duration_seconds,
    format: formatOf(row.content_type, row.audio_path),
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    uploadedByName: row.uploaded_by_name ?? "",
    uploadedAt: new Date(row.uploaded_at ?? row.created_at).toISOString(),
    sourceFileName: row.source_file_name,
    tagArtist: row.tag_artist,
    genre: row.genre,
    bpm: row.bpm,
    musicalKey: row.musical_key,
    missing: (row.missing ?? []) as MissingField[],
  }));
}

export class DraftActionError extends Error {
  constructor(
    message: string,
    readonly status: 404 | 409 | 422,
  ) {
    super(message);
    this.name = "DraftActionError";
  }
}

export interface PublishFields {
  title: string;
  genre: string;
  bpm: number;
  musicalKey: string;
}

/** Draft -> catalogue, with the fields the catalogue needs (checked by the form's schema), in one transaction with its audit entry. */
export async function publishDraft(db: Database, actor: Actor, songId: string, fields: PublishFields, messages: { notFound: string; notDraft: string; credits: (problem: string) => string }) {
  return db.transaction().execute(async (tx) => {
    const song = await tx
      .selectFrom("songs")
      .select(["id", "title", "genre", "bpm", "musical_key", "status"])
      .where("id", "=", songId)
      .forUpdate()
      .executeTakeFirst();
    if (!song) throw new DraftActionError(messages.notFound, 404);
    if (song.status !== "draft") throw new DraftActionError(messages.notDraft, 409);
    const credits = await tx.selectFrom("song_credits").select(["name", "role", "split", "member_id"]).where("song_id", "=", songId).execute();
    if (credits.length > 0) {
      const problem = creditsProblem(credits.map((c) => ({ name: c.name, role: c.role as CreditRole, split: Number(c.split), memberId: c.member_id })));
      if (problem) throw new DraftActionError(messages.credits(problem), 422);
    }
    const now = new Date();
    await tx
      .updateTable("songs")
      .set({
        title: fields.title,
        slug: slugify(fields.title) || null,
        genre: fields.genre,
        bpm: fields.bpm,
        musical_key: fields.musicalKey,
        status: "catalogue",
        // The catalogue counts a song from the day it entered it (the newest listing, the growth chart).
        created_at: now,
        updated_at: now,
      })
      .where("id", "=", songId)
      .execute();
    await tx.deleteFrom("song_drafts").where("song_id", "=", songId).execute();
    await recordAdminAction(tx, {
      actor,
      action: "song.published",
      target: { type: "song", id: songId, label: fields.title },
      before: { status: "draft", title: song.title, genre: song.genre, bpm: song.bpm, musicalKey: song.musical_key },
      after: { status: "catalogue", title: fields.title, genre: fields.genre, bpm: fields.bpm, musicalKey: fields.musicalKey },
    });
    return { id: songId, title: fields.title };
  });
}

/**
 * Deletes a draft: its row (credits, versions and draft row go with it), the
 * storage_objects rows of its files and the audit entry in one transaction,
 * then the files. A file whose removal fails after the commit is left with
 * no row: /admin/files lists it as an orphan (ADR 0084).
 */
export async function deleteDraft(db: Database, storage: StoragePort, actor: Actor, songId: string, messages: { notFound: string; notDraft: string }) {
  const { title, files } = await db.transaction().execute(async (tx) => {
    const song = await tx
      .selectFrom("songs")
      .select(["id", "title", "status", "audio_path", "artwork_path", "duration_seconds"])
      .where("id", "=", songId)
      .forUpdate()
      .executeTakeFirst();
    if (!song) throw new DraftActionError(messages.notFound, 404);
    if (song.status !== "draft") throw new DraftActionError(messages.notDraft, 409);
    const versions = await tx.selectFrom("song_versions").select("audio_path").where("song_id", "=", songId).execute();
    const files = [
      { bucket: AUDIO_BUCKET, path: song.audio_path },
      ...versions.map((version) => ({ bucket: AUDIO_BUCKET, path: version.audio_path })),
      ...(song.artwork_path ? [{ bucket: ARTWORK_BUCKET, path: song.artwork_path }] : []),
    ];
    const draft = await tx.selectFrom("song_drafts").select(["source_file_name"]).where("song_id", "=", songId).executeTakeFirst();
    await tx.deleteFrom("songs").where("id", "=", songId).execute();
    for (const file of files) {
      // Another row could share a path only by hand; a file still referenced stays.
      const stillUsed = await tx
        .selectFrom("songs")
        .select("id")
        .where((eb) => eb.or([eb("audio_path", "=", file.path), eb("artwork_path", "=", file.path)]))
        .executeTakeFirst();
      if (!stillUsed) await tx.deleteFrom("storage_objects").where("bucket", "=", file.bucket).where("path", "=", file.path).execute();
    }
    await recordAdminAction(tx, {
      actor,
      action: "song.draft_deleted",
      target: { type: "song", id: songId, label: song.title },
      before: { status: "draft", title: song.title, audioPath: song.audio_path, fileName: draft?.source_file_name ?? null, durationSeconds: song.duration_seconds },
    });
    return { title: song.title, files };
  });
  await Promise.all(
    files.map((file) =>
      storage.remove(file.bucket, file.path).catch((error: unknown) => {
        console.error(`Removing ${file.bucket}/${file.path} of a deleted draft failed`, error);
      }),
    ),
  );
  return { id: songId, title };
}
