/**
 * Demo showcases, inside the demo seed's transaction: a few members get 1 to
 * 5 generated tracks each (WAV, 10 to 20 seconds, so the seed stays fast);
 * Maya Brooks (the demo member) gets 3 and Noah Kim (accepted today) none, so
 * the tour's showcase step starts empty for him. Other seeded members (the
 * directory's, seedDemoMembers) get tracks too when they exist: one in three
 * of them, in name order, so the result does not depend on anything random.
 *
 * Like the catalogue's files (songs.server.ts), a file's path is fixed by its
 * seed and the generator version: a second seed into the same storage reuses
 * it, and a failed seed removes only the files it created.
 */
import crypto from "node:crypto";
import type { Transaction } from "kysely";
import { wavPeaks } from "~/catalog/audio-info";
import { AUDIO_BUCKET } from "~/catalog/constants";
import type { DB } from "~/platform/db/schema";
import { AUDIO_TYPES } from "~/shared/media-types";
import { DEMO_ACCOUNTS, type DemoAccount } from "./accounts";
import { DEMO_SAMPLE_RATE, barsFor, renderSong } from "./audio-synth";
import { encodeWav } from "./audio-wav";
import { GENRE_STYLES } from "./songs-data";
import { createRandom, pick, seedOf } from "./songs-random";
import type { DemoFiles } from "./songs.server";
import { DEMO_KEY_ROOTS } from "./submission-audio.server";

/** Bump when the synthesiser changes, so old generated files are not reused. */
const GENERATOR_VERSION = "v1";
const DAY = 24 * 60 * 60_000;

export interface ShowcaseSeedOptions {
  files: DemoFiles;
  now: Date;
  log?: (line: string) => void;
}

/** Tracks per demo account (those not named get none). */
const ACCOUNT_TRACKS: Partial<Record<DemoAccount["key"], number>> = { member: 3, admin: 2, ar: 1 };

/** Counts handed in turn to the other seeded members that get a showcase. */
const OTHER_COUNTS = [5, 2, 4, 1, 3, 2, 1, 4, 2, 3];

const WORDS_A = ["Midnight", "Paper", "Golden", "Neon", "Quiet", "Electric", "Velvet", "Static", "Summer", "Glass", "Hollow", "Silver"];
const WORDS_B = ["Hearts", "Skyline", "Signals", "Rooms", "Tides", "Letters", "Engines", "Gardens", "Echoes", "Fever", "Lights", "Roads"];
const KEYS = ["C major", "G major", "D minor", "A minor", "E minor", "F major", "B minor", "Eb major"];

export async function seedDemoShowcases(tx: Transaction<DB>, options: ShowcaseSeedOptions): Promise<{ tracks: number; members: number }> {
  const started = Date.now();
  const profiles = await tx
    .selectFrom("profiles as p")
    .innerJoin("auth.users as u", "u.id", "p.user_id")
    .select(["p.user_id", "p.display_name", "u.email"])
    .where("p.role", "is not", null)
    .orderBy("p.display_name")
    .orderBy("p.user_id")
    .execute();
  const accountEmails = new Map(DEMO_ACCOUNTS.map((account) => [account.email, account.key] as const));

  const plan: { userId: string; email: string; count: number }[] = [];
  let other = 0;
  for (const profile of profiles) {
    const key = profile.email ? accountEmails.get(profile.email) : undefined;
    if (key) {
      const count = ACCOUNT_TRACKS[key] ?? 0;
      if (count > 0) plan.push({ userId: profile.user_id, email: profile.email ?? profile.user_id, count });
      continue;
    }
    if (other++ % 3 === 0) plan.push({ userId: profile.user_id, email: profile.email ?? profile.user_id, count: OTHER_COUNTS[plan.length % OTHER_COUNTS.length]! });
  }

  const styles = Object.values(GENRE_STYLES);
  let tracks = 0;
  for (const member of plan) {
    for (let index = 0; index < member.count; index++) {
      const seed = seedOf(`showcase:${GENERATOR_VERSION}:${member.email}:${index}`);
      const random = createRandom(seed);
      const title = `${pick(random, WORDS_A)} ${pick(random, WORDS_B)}`;
      const key = pick(random, KEYS);
      const [note, mode] = key.split(" ") as [string, "major" | "minor"];
      const bpm = 84 + Math.floor(random() * 50);
      const seconds = 10 + Math.floor(random() * 8);
      const audioPath = `showcase/demo/${GENERATOR_VERSION}/${seed.toString(16)}${AUDIO_TYPES.wav.extension}`;
      let bytes = await options.files.storage.get(AUDIO_BUCKET, audioPath);
      if (!bytes) {
        const samples = renderSong({ seed, bpm, root: DEMO_KEY_ROOTS[note] ?? 0, mode, bars: barsFor(bpm, seconds, 10), style: pick(random, styles) });
        bytes = encodeWav(samples, DEMO_SAMPLE_RATE);
        await options.files.storage.put(AUDIO_BUCKET, audioPath, bytes, AUDIO_TYPES.wav.contentType);
        options.files.record(AUDIO_BUCKET, audioPath);
      }
      const createdAt = new Date(options.now.getTime() - (member.count - index) * 9 * DAY);
      await tx
        .insertInto("storage_objects")
        .values({
          bucket: AUDIO_BUCKET,
          path: audioPath,
          content_type: AUDIO_TYPES.wav.contentType,
          size_bytes: bytes.byteLength,
          sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
          kind: "audio",
          uploaded_by: member.userId,
        })
        .onConflict((conflict) => conflict.columns(["bucket", "path"]).doNothing())
        .execute();
      // Positions come from the insert trigger, in insertion order.
      await tx
        .insertInto("showcase_tracks")
        .values({
          user_id: member.userId,
          title,
          audio_bucket: AUDIO_BUCKET,
          audio_path: audioPath,
          content_type: AUDIO_TYPES.wav.contentType,
          size_bytes: bytes.byteLength,
          duration_seconds: (bytes.byteLength - 44) / 2 / DEMO_SAMPLE_RATE,
          peaks: JSON.stringify(wavPeaks(bytes)),
          created_at: createdAt,
        })
        .execute();
      tracks++;
    }
  }
  options.log?.(`seeded ${tracks} showcase tracks for ${plan.length} members in ${Date.now() - started} ms`);
  return { tracks, members: plan.length };
}
