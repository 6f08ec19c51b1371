/**
 * Alternate versions of a song (instrumental, a cappella, clean, stems): one
 * audio file each in the 'audio' bucket, at most one of each kind per song
 * (issue 12 §4, docs/decisions/0082-admin-catalogue.md).
 *
 * Adding one goes through storeUpload (upload.server.ts): the bytes are
 * sniffed and the size capped before anything is written, the file is written,
 * then ONE transaction inserts its storage_objects row, the song_versions row
 * and the audit entry; if that transaction fails the file is removed again.
 * Removing one deletes both rows and records the entry in one transaction,
 * then removes the file after the commit: a failed removal leaves an
 * unreferenced file (which /admin/files lists as an orphan), never a row
 * without its file.
 */
import crypto from "node:crypto";
import type { Viewer } from "~/auth/viewer";
import { recordAdminAction } from "~/audit/audit.server";
import { CATALOG_TEXT, VERSION_KINDS, VERSION_LABELS, type VersionKind } from "~/admin/catalog-text";
import type { Database } from "~/platform/db/connect.server";
import type { StoragePort } from "~/platform/storage/port";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import { AUDIO_BUCKET } from "./constants";
import { isSongId } from "./songs.server";
import { storeUpload, UploadRejectedError, UPLOAD_MESSAGES } from "./upload.server";

export interface SongVersion {
  id: string;
  songId: string;
  kind: VersionKind;
  label: string;
  audioPath: string;
  durationSeconds: number;
  sizeBytes: number;
  createdAt: string;
}

export class SongNotFoundError extends Error {
  constructor() {
    super(CATALOG_TEXT.notFound);
    this.name = "SongNotFoundError";
  }
}

export class VersionExistsError extends Error {
  constructor(readonly kind: VersionKind) {
    super(CATALOG_TEXT.versionExists(VERSION_LABELS[kind]));
    this.name = "VersionExistsError";
  }
}

export function isVersionKind(value: unknown): value is VersionKind {
  return typeof value === "string" && (VERSION_KINDS as readonly string[]).includes(value);
}

const kindOrder = (kind: VersionKind) => VERSION_KINDS.indexOf(kind);

/** A song's versions in the order of VERSION_KINDS (instrumental first). */
export async function listSongVersions(db: Database, songId: string): Promise<SongVersion[]> {
  if (!isSongId(songId)) return [];
  const rows = await db
    .selectFrom("song_versions")
    .select(["id", "song_id", "kind", "audio_path", "duration_seconds", "size_bytes", "created_at"])
    .where("song_id", "=", songId)
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      songId: row.song_id,
      kind: row.kind,
      label: VERSION_LABELS[row.kind],
      audioPath: row.audio_path,
      durationSeconds: Number(row.duration_seconds),
      sizeBytes: Number(row.size_bytes),
      createdAt: new Date(row.created_at).toISOString(),
    }))
    .sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind));
}

/** The versions with a fresh signed URL each (valid SIGNED_URL_TTL_S), as the song page plays them. */
export async function signedSongVersions(db: Database, store: StoragePort, songId: string): Promise<(SongVersion & { audioUrl: string })[]> {
  const versions = await listSongVersions(db, songId);
  if (versions.length === 0) return [];
  const urls = await store.createSignedUrls(AUDIO_BUCKET, versions.map((version) => version.audioPath), SIGNED_URL_TTL_S);
  return versions.map((version, index) => ({ ...version, audioUrl: urls[index]! }));
}

/** One version's audio and its song's status (the audio-url endpoint decides who may have it); null when unknown. */
export async function versionAudio(db: Database, songId: string, kind: string): Promise<{ audioPath: string; status: string } | null> {
  if (!isSongId(songId) || !isVersionKind(kind)) return null;
  const row = await db
    .selectFrom("song_versions as v")
    .innerJoin("songs as s", "s.id", "v.song_id")
    .select(["v.audio_path", "s.status"])
    .where("v.song_id", "=", songId)
    .where("v.kind", "=", kind)
    .executeTakeFirst();
  return row ? { audioPath: row.audio_path, status: row.status } : null;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "23505";

export interface AddVersionInput {
  db: Database;
  storage: StoragePort;
  viewer: Pick<Viewer, "id" | "displayName">;
  songId: string;
  kind: VersionKind;
  audio: Uint8Array;
}

/** Stores a version's audio and its rows, all or nothing (see the module comment). */
export async function addSongVersion(input: AddVersionInput): Promise<{ version: SongVersion; title: string }> {
  const { db, viewer, songId, kind } = input;
  if (!isSongId(songId)) throw new SongNotFoundError();
  const song = await db.selectFrom("songs").select(["id", "title"]).where("id", "=", songId).executeTakeFirst();
  if (!song) throw new SongNotFoundError();
  // A cheap early answer before the bytes are analysed; the unique key decides (two uploads at once).
  const taken = await db.selectFrom("song_versions").select("id").where("song_id", "=", songId).where("kind", "=", kind).executeTakeFirst();
  if (taken) throw new VersionExistsError(kind);
  try {
    const { result } = await storeUpload({
      db,
      storage: input.storage,
      bucket: AUDIO_BUCKET,
      // A fresh name per upload: a removed version's file (deleted after its commit) is never overwritten.
      path: `catalogue/${songId}/versions/${kind}-${crypto.randomUUID().slice(0, 8)}`,
      bytes: input.audio,
      kind: "audio",
      uploadedBy: viewer.id,
      withRows: async (tx, [file]) => {
        const duration = file!.audio?.durationSeconds;
        if (!duration || duration <= 0) throw new UploadRejectedError(UPLOAD_MESSAGES.noDuration);
        // The song may have been deleted meanwhile (a draft): lock it for the insert.
        const locked = await tx.selectFrom("songs").select(["id", "title"]).where("id", "=", songId).forUpdate().executeTakeFirst();
        if (!locked) throw new SongNotFoundError();
        const row = await tx
          .insertInto("song_versions")
          .values({ song_id: songId, kind, audio_path: file!.path, duration_seconds: Math.round(duration * 100) / 100, size_bytes: file!.size })
          .returning(["id", "created_at"])
          .executeTakeFirstOrThrow();
        const after = { kind, audioPath: file!.path, contentType: file!.contentType, durationSeconds: Math.round(duration * 100) / 100, sizeBytes: file!.size };
        await recordAdminAction(tx, { actor: viewer, action: "song.version_added", target: { type: "song", id: songId, label: locked.title }, after });
        return {
          title: locked.title,
          version: {
            id: row.id,
            songId,
            kind,
            label: VERSION_LABELS[kind],
            audioPath: file!.path,
            durationSeconds: after.durationSeconds,
            sizeBytes: file!.size,
            createdAt: new Date(row.created_at).toISOString(),
          },
        };
      },
    });
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw new VersionExistsError(kind);
    throw error;
  }
}

/** Removes one version of the song: rows and audit entry in one transaction, the file after it. Null when unknown. */
export async function removeSongVersion(
  db: Database,
  store: StoragePort,
  viewer: Pick<Viewer, "id" | "displayName">,
  songId: string,
  versionId: string,
): Promise<{ kind: VersionKind; label: string; title: string } | null> {
  if (!isSongId(songId) || !isSongId(versionId)) return null;
  const removed = await db.transaction().execute(async (tx) => {
    const version = await tx
      .deleteFrom("song_versions")
      .where("id", "=", versionId)
      .where("song_id", "=", songId)
      .returning(["kind", "audio_path", "duration_seconds", "size_bytes"])
      .executeTakeFirst();
    if (!version) return null;
    const song = await tx.selectFrom("songs").select("title").where("id", "=", songId).executeTakeFirstOrThrow();
    await tx.deleteFrom("storage_objects").where("bucket", "=", AUDIO_BUCKET).where("path", "=", version.audio_path).execute();
    await recordAdminAction(tx, {
      actor: viewer,
      action: "song.version_removed",
      target: { type: "song", id: songId, label: song.title },
      before: { kind: version.kind, audioPath: version.audio_path, durationSeconds: Number(version.duration_seconds), sizeBytes: Number(version.size_bytes) },
    });
    return { kind: version.kind, path: version.audio_path, title: song.title };
  });
  if (!removed) return null;
  // After the commit (see the module comment).
  await store.remove(AUDIO_BUCKET, removed.path).catch(() => undefined);
  return { kind: removed.kind, label: VERSION_LABELS[removed.kind], title: removed.title };
}
