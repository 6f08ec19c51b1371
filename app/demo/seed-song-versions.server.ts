/**
 * Demo alternate versions (ADR 0082), inside the demo seed's transaction,
 * after the catalogue: a couple of demo songs get an instrumental and an a
 * cappella or clean version, generated audio (WAV, about 16 seconds, so the
 * seed stays fast) with their storage_objects rows, so /admin/catalog/{songId}
 * and the song pages show real versions on a fresh `npm start`.
 *
 * Like the catalogue's files (songs.server.ts), a file's path is fixed by its
 * seed and the generator version: a second seed into the same storage reuses
 * it, and a failed seed removes only the files it created.
 */
import type { Transaction } from "kysely";
import { AUDIO_BUCKET } from "~/catalog/constants";
import type { DB } from "~/platform/db/schema";
import { AUDIO_TYPES } from "~/shared/media-types";
import type { VersionKind } from "~/admin/catalog-text";
import { DEMO_SAMPLE_RATE, barsFor, renderSong, type SynthStyle } from "./audio-synth";
import { encodeWav } from "./audio-wav";
import { GENRE_STYLES } from "./songs-data";
import { seedOf } from "./songs-random";
import { parseKey, type DemoFiles } from "./songs.server";
import { recordDemoAudioObject } from "./submission-audio.server";

/** Bump when the synthesiser changes, so old generated files are not reused. */
const GENERATOR_VERSION = "v1";

/** Which demo songs (by title) get which versions. */
export const DEMO_SONG_VERSIONS: readonly { title: string; kinds: readonly VersionKind[] }[] = [
  { title: "Midnight Avenue", kinds: ["instrumental", "acappella"] },
  { title: "Golden Hour Drive", kinds: ["instrumental", "clean"] },
];

/** How each kind sounds different from the song (a cappella: no drums, a soft lead; stems: the bass alone). */
function styleFor(kind: VersionKind, base: SynthStyle): SynthStyle {
  if (kind === "acappella") return { ...base, drums: "sparse", lead: "sine", bass: "long", padCutoff: 900 };
  if (kind === "stems") return { ...base, drums: "sparse", bass: "beats" };
  return base;
}

export interface VersionSeedOptions {
  files: DemoFiles;
  log?: (line: string) => void;
}

export async function seedDemoSongVersions(tx: Transaction<DB>, options: VersionSeedOptions): Promise<{ versions: number }> {
  const started = Date.now();
  let versions = 0;
  for (const plan of DEMO_SONG_VERSIONS) {
    const song = await tx.selectFrom("songs").select(["id", "bpm", "musical_key", "genre"]).where("title", "=", plan.title).where("status", "=", "catalogue").executeTakeFirst();
    if (!song) continue;
    const { root, mode } = parseKey(song.musical_key);
    const base = GENRE_STYLES[song.genre];
    if (!base) continue;
    for (const kind of plan.kinds) {
      const seed = seedOf(`version:${GENERATOR_VERSION}:${plan.title}:${kind}`);
      const path = `demo/${GENERATOR_VERSION}/versions/${seed.toString(16)}-${kind}${AUDIO_TYPES.wav.extension}`;
      let bytes = await options.files.storage.get(AUDIO_BUCKET, path);
      if (!bytes) {
        bytes = encodeWav(renderSong({ seed, bpm: song.bpm, root, mode, bars: barsFor(song.bpm, 16), style: styleFor(kind, base) }), DEMO_SAMPLE_RATE);
        await options.files.storage.put(AUDIO_BUCKET, path, bytes, AUDIO_TYPES.wav.contentType);
        options.files.record(AUDIO_BUCKET, path);
      }
      await recordDemoAudioObject(tx, path, bytes, null);
      // 16-bit mono WAV with a 44-byte header (audio-wav.ts).
      const seconds = (bytes.byteLength - 44) / 2 / DEMO_SAMPLE_RATE;
      await tx
        .insertInto("song_versions")
        .values({ song_id: song.id, kind, audio_path: path, duration_seconds: Math.round(seconds * 100) / 100, size_bytes: bytes.byteLength })
        .execute();
      versions++;
    }
  }
  options.log?.(`seeded ${versions} alternate song versions in ${Date.now() - started} ms`);
  return { versions };
}
