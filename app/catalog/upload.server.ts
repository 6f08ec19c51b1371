/**
 * Storing uploaded audio and artwork.
 *
 * A file is accepted by what its bytes are (media-types.ts), not by its name
 * or claimed type, and by size. Then, so that a failure leaves neither a file
 * without a row nor a row without a file:
 *
 *   1. every file is checked before any is written;
 *   2. the files are written (a failed write removes those already written);
 *   3. one transaction inserts their storage_objects rows and the caller's
 *      rows (the song and its credits);
 *   4. if that transaction fails, the files are removed again.
 */
import crypto from "node:crypto";
import path from "node:path";
import type { Transaction } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import type { DB } from "~/platform/db/schema";
import { db as runtimeDb } from "~/platform/runtime.server";
import { storage as runtimeStorage } from "~/platform/storage/index.server";
import type { StoragePort } from "~/platform/storage/port";
import { assertValidObject } from "~/platform/storage/paths";
import { AudioTooLongError, analyseAudioFile, type AudioAnalysis } from "./audio-info";
import { ARTWORK_BUCKET, AUDIO_BUCKET, AUDIO_MAX_BYTES, AUDIO_MAX_SECONDS, IMAGE_MAX_BYTES } from "./constants";
import { detectType, type DetectedType } from "./media-types";
import { insertSongRecord, type NewSong } from "./song-records.server";

export const UPLOAD_MESSAGES = {
  notAudio: "This file is not a supported audio file (MP3, WAV, OGG, FLAC or M4A).",
  notImage: "This file is not a supported image (PNG, JPEG or WebP).",
  audioTooLarge: `This audio file is too large: the limit is ${AUDIO_MAX_BYTES / 1024 / 1024} MB.`,
  imageTooLarge: `This image is too large: the limit is ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
  empty: "This file is empty.",
  exists: "A file with this name is already stored.",
  noDuration: "The length of this audio file could not be read. Please upload it as WAV, MP3, OGG, FLAC or M4A.",
  tooLong: `This audio file is too long: the limit is ${AUDIO_MAX_SECONDS / 60} minutes.`,
} as const;

export class UploadRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadRejectedError";
  }
}

/** Duration, waveform and tags; audio over AUDIO_MAX_SECONDS is refused before anything is written. */
async function analyseAudioOf(bytes: Uint8Array, type: DetectedType): Promise<AudioAnalysis> {
  const analysis = await analyseAudioFile(bytes, type).catch((error: unknown) => {
    throw error instanceof AudioTooLongError ? new UploadRejectedError(UPLOAD_MESSAGES.tooLong) : error;
  });
  if ((analysis.durationSeconds ?? 0) > AUDIO_MAX_SECONDS) throw new UploadRejectedError(UPLOAD_MESSAGES.tooLong);
  return analysis;
}

export interface UploadInput {
  bucket: string;
  /** Object path; its extension is set to the detected format's (song.mp3 holding WAV is stored as song.wav). */
  path: string;
  bytes: Uint8Array;
  kind: "audio" | "image";
  uploadedBy?: string | null;
  /** A larger cap than AUDIO_MAX_BYTES / IMAGE_MAX_BYTES, for a caller that bounded the size itself (the resumable uploads of ADR 0085). */
  maxBytes?: number;
}

export interface StoredUpload {
  bucket: string;
  path: string;
  kind: "audio" | "image";
  contentType: string;
  label: string;
  size: number;
  sha256: string;
  /** Duration, waveform and tags, for audio. */
  audio?: AudioAnalysis;
}

export interface StoreOptions<T> {
  db?: Database;
  storage?: StoragePort;
  /** Inserts the rows that use the stored files, inside the same transaction as their bookkeeping. */
  withRows?: (tx: Transaction<DB>, stored: StoredUpload[]) => Promise<T>;
}

/** Checks one upload by content and size; returns its detected type and final path. */
export function checkUpload(input: UploadInput): { type: DetectedType; path: string } {
  const { bytes, kind } = input;
  if (!bytes || bytes.byteLength === 0) throw new UploadRejectedError(UPLOAD_MESSAGES.empty);
  const limit = input.maxBytes ?? (kind === "audio" ? AUDIO_MAX_BYTES : IMAGE_MAX_BYTES);
  if (bytes.byteLength > limit) throw new UploadRejectedError(kind === "audio" ? UPLOAD_MESSAGES.audioTooLarge : UPLOAD_MESSAGES.imageTooLarge);
  const type = detectType(bytes, kind);
  if (!type) throw new UploadRejectedError(kind === "audio" ? UPLOAD_MESSAGES.notAudio : UPLOAD_MESSAGES.notImage);
  const extension = path.posix.extname(input.path);
  const finalPath = (extension ? input.path.slice(0, -extension.length) : input.path) + type.extension;
  assertValidObject(input.bucket, finalPath);
  return { type, path: finalPath };
}

/** Stores several files and the rows that use them, all or nothing (see the module comment). */
export async function storeUploads<T = undefined>(uploads: UploadInput[], options: StoreOptions<T> = {}): Promise<{ stored: StoredUpload[]; result: T }> {
  const database = options.db ?? runtimeDb();
  const store = options.storage ?? runtimeStorage();
  const checked = uploads.map((upload) => ({ upload, ...checkUpload(upload) }));

  for (const { upload, path: objectPath } of checked) {
    // Never overwrite a file another row uses: removing it after a failure would break that row.
    const existing = await database
      .selectFrom("storage_objects")
      .select("path")
      .where("bucket", "=", upload.bucket)
      .where("path", "=", objectPath)
      .executeTakeFirst();
    if (existing) throw new UploadRejectedError(UPLOAD_MESSAGES.exists);
  }

  const stored: StoredUpload[] = [];
  for (const { upload, type, path: objectPath } of checked) {
    stored.push({
      bucket: upload.bucket,
      path: objectPath,
      kind: upload.kind,
      contentType: type.contentType,
      label: type.label,
      size: upload.bytes.byteLength,
      sha256: crypto.createHash("sha256").update(upload.bytes).digest("hex"),
      audio: upload.kind === "audio" ? await analyseAudioOf(upload.bytes, type) : undefined,
    });
  }

  const written: StoredUpload[] = [];
  const removeWritten = async () => {
    await Promise.all(written.map((file) => store.remove(file.bucket, file.path).catch(() => undefined)));
  };
  try {
    for (const [index, file] of stored.entries()) {
      await store.put(file.bucket, file.path, checked[index].upload.bytes, file.contentType);
      written.push(file);
    }
    const result = await database.transaction().execute(async (tx) => {
      await tx
        .insertInto("storage_objects")
        .values(
          stored.map((file, index) => ({
            bucket: file.bucket,
            path: file.path,
            content_type: file.contentType,
            size_bytes: file.size,
            sha256: file.sha256,
            kind: file.kind,
            uploaded_by: checked[index].upload.uploadedBy ?? null,
          })),
        )
        .execute();
      return options.withRows ? options.withRows(tx, stored) : (undefined as T);
    });
    return { stored, result };
  } catch (error) {
    await removeWritten();
    throw error;
  }
}

/** One file: storeUpload({ bucket, path, bytes, kind }). */
export async function storeUpload<T = undefined>(
  input: UploadInput & StoreOptions<T>,
): Promise<{ stored: StoredUpload; result: T }> {
  const { db, storage, withRows, ...upload } = input;
  const { stored, result } = await storeUploads([upload], { db, storage, withRows });
  return { stored: stored[0], result };
}

export type NewSongFields = Omit<NewSong, "audioPath" | "artworkPath" | "durationSeconds" | "peaks" | "id"> & {
  /** Needed only when the format's length cannot be read from the file. */
  durationSeconds?: number;
};

/** A new catalogue song from uploaded audio (and artwork), all or nothing. */
export async function createSongWithFiles(input: {
  song: NewSongFields;
  audio: Uint8Array;
  artwork?: Uint8Array | null;
  uploadedBy?: string | null;
  db?: Database;
  storage?: StoragePort;
}): Promise<{ songId: string; stored: StoredUpload[] }> {
  const songId = crypto.randomUUID();
  const uploads: UploadInput[] = [
    { bucket: AUDIO_BUCKET, path: `catalogue/${songId}/audio`, bytes: input.audio, kind: "audio", uploadedBy: input.uploadedBy },
  ];
  if (input.artwork) {
    uploads.push({ bucket: ARTWORK_BUCKET, path: `catalogue/${songId}/artwork`, bytes: input.artwork, kind: "image", uploadedBy: input.uploadedBy });
  }
  const { stored } = await storeUploads(uploads, {
    db: input.db,
    storage: input.storage,
    withRows: async (tx, files) => {
      const audio = files[0];
      const durationSeconds = audio.audio?.durationSeconds ?? input.song.durationSeconds;
      if (!durationSeconds) throw new UploadRejectedError(UPLOAD_MESSAGES.noDuration);
      return insertSongRecord(tx, {
        ...input.song,
        id: songId,
        durationSeconds,
        peaks: audio.audio?.peaks ?? [],
        audioPath: audio.path,
        artworkPath: files[1]?.path ?? null,
      });
    },
  });
  return { songId, stored };
}
