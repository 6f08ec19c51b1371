/**
 * Seeds the demo catalogue inside the demo seed's transaction: for each song
 * of songs-data.ts, generated audio (WAV) and artwork (PNG) in storage, their
 * storage_objects rows, the song and its credits.
 *
 * Files are written before the transaction commits. Their paths are fixed by
 * the song's seed and the generator version, so a second seed into the same
 * storage (a test, `npm run db:reset`) reuses the files instead of rendering
 * again, and a failed seed removes only the files it created itself (files
 * that already existed may belong to another database using the same storage).
 */
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { Transaction } from "kysely";
import { wavPeaks } from "~/catalog/audio-info";
import { ARTWORK_BUCKET, AUDIO_BUCKET } from "~/catalog/constants";
import { insertSongRecord, slugify } from "~/catalog/song-records.server";
import type { Credit } from "~/catalog/types";
import { getEnv } from "~/platform/env.server";
import { AUDIO_TYPES, IMAGE_TYPES } from "~/shared/media-types";
import type { DB } from "~/platform/db/schema";
import { hasRuntime } from "~/platform/runtime.server";
import { createStorage, LocalStorage, storage as runtimeStorage } from "~/platform/storage/index.server";
import type { StoragePort } from "~/platform/storage/port";
import { readOrCreateSecret } from "~/platform/secrets.server";
import { DEMO_ACCOUNTS } from "./accounts";
import { DEMO_SAMPLE_RATE, barsFor, renderSong } from "./audio-synth";
import { encodeWav } from "./audio-wav";
import { renderArtworkPng } from "./songs-artwork";
import { DEMO_SONGS, GENRE_STYLES, demoLyrics, demoPitchFacets, type DemoSong } from "./songs-data";
import { createRandom, seedOf } from "./songs-random";

/** Bump when the synthesiser or artwork change, so old generated files are not reused. */
const GENERATOR_VERSION = "v1";
const DAY = 24 * 60 * 60_000;

const PITCH_CLASSES: Record<string, number> = {
  C: 0, "C#": 1, Db: 1, D: 2, "D#": 3, Eb: 3, E: 4, F: 5, "F#": 6, Gb: 6, G: 7, "G#": 8, Ab: 8, A: 9, "A#": 10, Bb: 10, B: 11,
};

export function parseKey(key: string): { root: number; mode: "major" | "minor" } {
  const [note, mode] = key.split(" ");
  const root = PITCH_CLASSES[note];
  if (root === undefined || (mode !== "major" && mode !== "minor")) throw new Error(`Unknown key ${key}`);
  return { root, mode };
}

/**
 * The storage the demo files go to: the runtime's when it is published, else
 * DATA_DIR's (at boot, before the runtime exists). A test that seeds without
 * either gets a shared directory under the system temp dir, so it never
 * writes into a developer's ./.data.
 */
export function demoStorage(): StoragePort {
  if (hasRuntime()) return runtimeStorage();
  const env = getEnv();
  if (env.NODE_ENV === "test") {
    return new LocalStorage({ root: path.join(os.tmpdir(), "hit-factory-test-demo-storage"), secret: "demo-seed-in-tests-has-no-urls-to-sign" });
  }
  return createStorage(env, env.SESSION_SECRET ?? readOrCreateSecret(env.dataDir, "session-secret"));
}

/** The files one seed run created, so a failed run can take them away again. */
export class DemoFiles {
  private readonly created: { bucket: string; path: string }[] = [];
  constructor(readonly storage: StoragePort = demoStorage()) {}

  record(bucket: string, path: string) {
    this.created.push({ bucket, path });
  }

  get count() {
    return this.created.length;
  }

  async removeCreated(): Promise<void> {
    await Promise.all(this.created.map((file) => this.storage.remove(file.bucket, file.path).catch(() => undefined)));
    this.created.length = 0;
  }
}

/** Writes a generated file unless the same path already holds it; returns its bytes. */
async function ensureFile(files: DemoFiles, bucket: string, path: string, contentType: string, generate: () => Uint8Array) {
  const existing = await files.storage.get(bucket, path);
  if (existing) return { bytes: existing, contentType };
  const bytes = generate();
  await files.storage.put(bucket, path, bytes, contentType);
  files.record(bucket, path);
  return { bytes, contentType };
}

function songSeed(song: DemoSong): number {
  return seedOf(`${GENERATOR_VERSION}:${song.title}`);
}

export interface CatalogueSeedOptions {
  now: Date;
  files: DemoFiles;
  log?: (line: string) => void;
}

export async function seedDemoCatalogue(tx: Transaction<DB>, options: CatalogueSeedOptions): Promise<{ songs: number; rendered: number }> {
  const started = Date.now();
  const members = await tx
    .selectFrom("auth.users as u")
    .innerJoin("profiles as p", "p.user_id", "u.id")
    .select(["u.id", "u.email", "p.display_name"])
    .where(
      "u.email",
      "in",
      DEMO_ACCOUNTS.map((account) => account.email),
    )
    .execute();
  const memberByKey = new Map(
    DEMO_ACCOUNTS.map((account) => [account.key, members.find((m) => m.email === account.email)] as const),
  );

  let rendered = 0;
  for (const [index, song] of DEMO_SONGS.entries()) {
    const seed = songSeed(song);
    const slug = slugify(song.title);
    const stem = `demo/${GENERATOR_VERSION}/${slug}-${seed.toString(16)}`;
    const { root, mode } = parseKey(song.key);
    const style = GENRE_STYLES[song.genre];
    if (!style) throw new Error(`No synth style for genre ${song.genre}`);

    // Generated audio is WAV and artwork PNG (app/shared/media-types.ts).
    const audioPath = `${stem}${AUDIO_TYPES.wav.extension}`;
    const artworkPath = `${stem}${IMAGE_TYPES.png.extension}`;
    const audio = await ensureFile(options.files, AUDIO_BUCKET, audioPath, AUDIO_TYPES.wav.contentType, () => {
      rendered++;
      const samples = renderSong({ seed, bpm: song.bpm, root, mode, bars: barsFor(song.bpm, song.seconds), style });
      return encodeWav(samples, DEMO_SAMPLE_RATE);
    });
    const artwork = await ensureFile(options.files, ARTWORK_BUCKET, artworkPath, IMAGE_TYPES.png.contentType, () => renderArtworkPng(seed));

    const frames = (audio.bytes.byteLength - 44) / 2;
    await tx
      .insertInto("storage_objects")
      .values([
        storageRow(AUDIO_BUCKET, audioPath, audio.contentType, "audio", audio.bytes),
        storageRow(ARTWORK_BUCKET, artworkPath, artwork.contentType, "image", artwork.bytes),
      ])
      .onConflict((conflict) => conflict.columns(["bucket", "path"]).doNothing())
      .execute();

    const credits: Credit[] = song.credits.map((credit) => {
      const member = credit.member ? memberByKey.get(credit.member) : undefined;
      if (credit.member && !member) throw new Error(`Demo account ${credit.member} is missing`);
      return {
        memberId: member?.id ?? null,
        name: member?.display_name ?? credit.name!,
        role: credit.role,
        split: credit.split,
      };
    });
    const random = createRandom(seed ^ 0x5bd1e995);
    await insertSongRecord(tx, {
      title: song.title,
      genre: song.genre,
      moods: song.moods,
      bpm: song.bpm,
      musicalKey: song.key,
      durationSeconds: frames / DEMO_SAMPLE_RATE,
      lyrics: song.instrumental ? null : demoLyrics(song.title, random),
      audioPath,
      artworkPath,
      status: song.status ?? "catalogue",
      featured: song.featured ?? false,
      ...demoPitchFacets(index, song),
      peaks: wavPeaks(audio.bytes),
      credits,
      // Spread over the last ten months, first song newest.
      createdAt: new Date(options.now.getTime() - (index * 7 + (seed % 5)) * DAY - (seed % 3600) * 1000),
    });
  }
  options.log?.(
    `seeded ${DEMO_SONGS.length} demo songs (${rendered} audio files generated, ${DEMO_SONGS.length - rendered} reused) in ${Date.now() - started} ms`,
  );
  return { songs: DEMO_SONGS.length, rendered };
}

function storageRow(bucket: string, path: string, contentType: string, kind: "audio" | "image", bytes: Uint8Array) {
  return {
    bucket,
    path,
    content_type: contentType,
    size_bytes: bytes.byteLength,
    sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
    kind,
    uploaded_by: null,
  };
}
