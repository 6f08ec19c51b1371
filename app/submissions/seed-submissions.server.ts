/**
 * Demo song submissions, inside the demo seed's transaction (issue 11:
 * "submissions pending and decided"): the demo member (Maya Brooks) has one
 * pending, one accepted (its song is in the catalogue, with her credits) and
 * one declined with the admins' note; two members of the demo collective
 * (when it is seeded) have one pending and one withdrawn. Audio is generated
 * (WAV, 15 to 20 seconds, as short as the demo catalogue's shortest songs); like the other demo files,
 * a file's path is fixed by its seed, so a second seed into the same storage
 * reuses it and a failed seed removes only what it created.
 */
import type { Transaction } from "kysely";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { insertSongRecord } from "~/catalog/song-records.server";
import type { Credit } from "~/catalog/types";
import { DEMO_ACCOUNTS, demoAccount } from "~/demo/accounts";
import { seedOf } from "~/demo/songs-random";
import { copyDemoSubmissionAudio, storeDemoSubmissionAudio } from "~/demo/submission-audio.server";
import type { DemoFiles } from "~/demo/songs.server";
import type { DB } from "~/platform/db/schema";
import { AUDIO_TYPES } from "~/shared/media-types";
import type { SubmissionStatus, VocalType } from "./constants";

const GENERATOR_VERSION = "v1";
const DAY = 24 * 60 * 60_000;

export interface SubmissionSeedOptions {
  files: DemoFiles;
  now: Date;
  log?: (line: string) => void;
}

interface DemoSubmission {
  /** "member" (the demo member) or the n-th other member of the collective (by name). */
  by: "member" | 0 | 1;
  title: string;
  genre: string;
  moods: string[];
  bpm: number;
  key: string;
  vocalType: VocalType | null;
  explicit: boolean;
  lyrics: string | null;
  status: SubmissionStatus;
  note?: string;
  daysAgo: number;
  /** Co-writers beside the submitter: name and split (the submitter has the rest). */
  coWriters: { name: string; role: Credit["role"]; split: number }[];
}

export const DEMO_SUBMISSIONS: readonly DemoSubmission[] = [
  {
    by: "member",
    title: "Paper Planes at Dawn",
    genre: "Pop",
    moods: ["uplifting", "summer"],
    bpm: 118,
    key: "D major",
    vocalType: "female",
    explicit: false,
    lyrics: "Folded up the morning\nsent it over the roofs",
    status: "pending",
    daysAgo: 2,
    coWriters: [{ name: "Jonas Ek", role: "producer", split: 40 }],
  },
  {
    by: "member",
    title: "Glasshouse Heart",
    genre: "Synthwave",
    moods: ["moody", "nostalgic"],
    bpm: 104,
    key: "A minor",
    vocalType: "duet",
    explicit: false,
    lyrics: "Every window shows you\nevery light goes through",
    status: "accepted",
    note: "Lovely topline. In the catalogue now.",
    daysAgo: 20,
    coWriters: [{ name: "Lena Hart", role: "writer", split: 50 }],
  },
  {
    by: "member",
    title: "Static on the Line",
    genre: "Rock",
    moods: ["energetic"],
    bpm: 142,
    key: "E minor",
    vocalType: "male",
    explicit: true,
    lyrics: null,
    status: "declined",
    note: "Strong riff, but the chorus needs a clearer hook. Send us a new version when you have one.",
    daysAgo: 12,
    coWriters: [],
  },
  {
    by: 0,
    title: "Slow River Song",
    genre: "Folk",
    moods: ["calm", "warm"],
    bpm: 86,
    key: "G major",
    vocalType: "instrumental",
    explicit: false,
    lyrics: null,
    status: "pending",
    daysAgo: 5,
    coWriters: [],
  },
  {
    by: 1,
    title: "Neon Tides",
    genre: "Dance",
    moods: ["euphoric"],
    bpm: 124,
    key: "F minor",
    vocalType: "group",
    explicit: false,
    lyrics: null,
    status: "withdrawn",
    daysAgo: 9,
    coWriters: [{ name: "Sam Ortiz", role: "producer", split: 30 }],
  },
];


export async function seedDemoSubmissions(tx: Transaction<DB>, options: SubmissionSeedOptions): Promise<{ submissions: number }> {
  const started = Date.now();
  const people = await tx
    .selectFrom("profiles as p")
    .innerJoin("auth.users as u", "u.id", "p.user_id")
    .select(["p.user_id", "p.display_name", "u.email"])
    .where("p.role", "=", "accepted_member")
    .orderBy("p.display_name")
    .orderBy("p.user_id")
    .execute();
  const memberEmail = demoAccount("member").email;
  const demoMember = people.find((p) => p.email === memberEmail);
  const admin = await tx
    .selectFrom("auth.users")
    .select("id")
    .where("email", "=", demoAccount("admin").email)
    .executeTakeFirst();
  if (!demoMember) return { submissions: 0 };
  // Members of the collective beside the five demo accounts (none when only the accounts are seeded).
  const accountEmails = new Set(DEMO_ACCOUNTS.map((account) => account.email));
  const others = people.filter((p) => p.email && !accountEmails.has(p.email));

  let count = 0;
  for (const demo of DEMO_SUBMISSIONS) {
    const who = demo.by === "member" ? demoMember : others[demo.by];
    if (!who) continue;
    const seed = seedOf(`submission:${GENERATOR_VERSION}:${demo.title}`);
    const path = `submissions/demo/${GENERATOR_VERSION}/${seed.toString(16)}${AUDIO_TYPES.wav.extension}`;
    const audio = await storeDemoSubmissionAudio(tx, options.files, { seed, bpm: demo.bpm, key: demo.key, genre: demo.genre, lengthSpread: 5 }, path, who.user_id);
    const { durationSeconds, peaks } = audio;

    const coSplit = demo.coWriters.reduce((sum, c) => sum + c.split, 0);
    const credits: Credit[] = [
      { name: who.display_name ?? "Member", memberId: who.user_id, role: "topliner", split: 100 - coSplit },
      ...demo.coWriters.map((c) => ({ name: c.name, memberId: null, role: c.role, split: c.split })),
    ];
    const createdAt = new Date(options.now.getTime() - demo.daysAgo * DAY);
    const decided = demo.status === "accepted" || demo.status === "declined";
    const decidedAt = decided ? new Date(createdAt.getTime() + 3 * DAY) : null;

    let songId: string | null = null;
    if (demo.status === "accepted") {
      // As accepting does: the audio copied into the catalogue's storage, the song with the submission's credits.
      const songPath = `catalogue/demo-submissions/${GENERATOR_VERSION}/${seed.toString(16)}${AUDIO_TYPES.wav.extension}`;
      await copyDemoSubmissionAudio(tx, options.files, audio, songPath, admin?.id ?? null);
      songId = await insertSongRecord(tx, {
        title: demo.title,
        genre: demo.genre,
        moods: demo.moods,
        bpm: demo.bpm,
        musicalKey: demo.key,
        durationSeconds,
        lyrics: demo.lyrics,
        audioPath: songPath,
        peaks,
        credits,
        createdAt: decidedAt!,
      });
      await tx.updateTable("songs").set({ vocal_type: demo.vocalType, explicit: demo.explicit }).where("id", "=", songId).execute();
    }

    await tx
      .insertInto("submissions")
      .values({
        member_id: who.user_id,
        title: demo.title,
        genre: demo.genre,
        moods: demo.moods,
        bpm: demo.bpm,
        musical_key: demo.key,
        vocal_type: demo.vocalType,
        explicit: demo.explicit,
        lyrics: demo.lyrics,
        audio_bucket: AUDIO_BUCKET,
        audio_path: path,
        content_type: AUDIO_TYPES.wav.contentType,
        size_bytes: audio.bytes.byteLength,
        duration_seconds: durationSeconds,
        peaks: JSON.stringify(peaks),
        credits: JSON.stringify(credits),
        status: demo.status,
        decision_note: demo.note ?? null,
        decided_by: decided ? (admin?.id ?? null) : null,
        decided_at: decidedAt,
        song_id: songId,
        created_at: createdAt,
        updated_at: decidedAt ?? createdAt,
      })
      .execute();
    count++;
  }
  options.log?.(`seeded ${count} song submissions in ${Date.now() - started} ms`);
  return { submissions: count };
}
