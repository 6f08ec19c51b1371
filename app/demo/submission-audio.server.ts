/**
 * A demo submission's audio, as a member's upload leaves it: a generated WAV
 * in the audio bucket with its storage_objects row, and (when the demo has it
 * accepted) the catalogue's own copy, as accepting makes one. The member
 * submissions seed and the camp outcomes seed both write submissions this way.
 *
 * The file is generated once per path: a re-seed finds the bytes in storage.
 */
import crypto from "node:crypto";
import type { Transaction } from "kysely";
import { wavPeaks } from "~/catalog/audio-info";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { DEMO_SAMPLE_RATE, barsFor, renderSong } from "~/demo/audio-synth";
import { encodeWav } from "~/demo/audio-wav";
import { GENRE_STYLES } from "~/demo/songs-data";
import type { DemoFiles } from "~/demo/songs.server";
import type { DB } from "~/platform/db/schema";
import { AUDIO_TYPES } from "~/shared/media-types";

/** Semitones above C of each key's root note, as the demo data names them. */
export const DEMO_KEY_ROOTS: Record<string, number> = { C: 0, D: 2, Eb: 3, E: 4, F: 5, G: 7, A: 9, B: 11 };

export interface DemoSubmissionAudio {
  bytes: Uint8Array;
  durationSeconds: number;
  peaks: number[];
}

export interface DemoSong {
  /** The generator's seed: the same seed, the same music. */
  seed: number;
  bpm: number;
  /** "A minor", "C major". */
  key: string;
  genre: string;
  /** Length: 15 s plus seed % lengthSpread seconds. */
  lengthSpread: number;
}

/** The submission's WAV at `path`, uploaded by `uploadedBy`. */
export async function storeDemoSubmissionAudio(
  tx: Transaction<DB>,
  files: DemoFiles,
  song: DemoSong,
  path: string,
  uploadedBy: string | null,
): Promise<DemoSubmissionAudio> {
  let bytes = await files.storage.get(AUDIO_BUCKET, path);
  if (!bytes) {
    const [note, mode] = song.key.split(" ") as [string, "major" | "minor"];
    const style = GENRE_STYLES[song.genre] ?? GENRE_STYLES.Pop!;
    const seconds = 15 + (song.seed % song.lengthSpread);
    bytes = encodeWav(renderSong({ seed: song.seed, bpm: song.bpm, root: DEMO_KEY_ROOTS[note] ?? 0, mode, bars: barsFor(song.bpm, seconds, 15), style }), DEMO_SAMPLE_RATE);
    await files.storage.put(AUDIO_BUCKET, path, bytes, AUDIO_TYPES.wav.contentType);
    files.record(AUDIO_BUCKET, path);
  }
  const audio = { bytes, durationSeconds: (bytes.byteLength - 44) / 2 / DEMO_SAMPLE_RATE, peaks: wavPeaks(bytes) };
  await recordObject(tx, audio, path, uploadedBy);
  return audio;
}

/** The catalogue's copy of an accepted submission's audio, at `path`, as the admin who accepted it. */
export async function copyDemoSubmissionAudio(tx: Transaction<DB>, files: DemoFiles, audio: DemoSubmissionAudio, path: string, acceptedBy: string | null): Promise<void> {
  if (!(await files.storage.stat(AUDIO_BUCKET, path))) {
    await files.storage.put(AUDIO_BUCKET, path, audio.bytes, AUDIO_TYPES.wav.contentType);
    files.record(AUDIO_BUCKET, path);
  }
  await recordObject(tx, audio, path, acceptedBy);
}

async function recordObject(tx: Transaction<DB>, audio: DemoSubmissionAudio, path: string, uploadedBy: string | null) {
  await recordDemoAudioObject(tx, path, audio.bytes, uploadedBy);
}

/** The storage_objects row of a demo WAV in the audio bucket (kept if the path has one already). */
export async function recordDemoAudioObject(tx: Transaction<DB>, path: string, bytes: Uint8Array, uploadedBy: string | null, createdAt?: Date): Promise<void> {
  await tx
    .insertInto("storage_objects")
    .values({
      bucket: AUDIO_BUCKET,
      path,
      content_type: AUDIO_TYPES.wav.contentType,
      size_bytes: bytes.byteLength,
      sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
      kind: "audio" as const,
      uploaded_by: uploadedBy,
      ...(createdAt ? { created_at: createdAt } : {}),
    })
    .onConflict((conflict) => conflict.columns(["bucket", "path"]).doNothing())
    .execute();
}
