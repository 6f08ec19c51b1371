/**
 * Demo data of issue 13 (ADR 0091): where the past demo camp's songs went.
 * From DEMO_CAMP_SONGS (demo-camp-songs.ts, H5's), each song whose `outcome`
 * is not 'demo' and whose split sheet the songs seed left complete:
 *   submitted  a pending submission by a member on the sheet, its credits the sheet's;
 *   catalogue  an accepted submission and its catalogue song, the song's credits the
 *              sheet's as one record (songs.camp_song_id set), as acceptSubmission writes them;
 *   pitched    the same, and the song on the demo A&R's oldest shortlist.
 * Runs inside the demo seed's transaction, after the camp songs, so it builds
 * the rows the way the real functions do (they open transactions of their
 * own): the credits come from `sheetCredits(getSplitSheet(...))`, the song
 * from `insertSongRecord`. Audio is generated WAV at a path fixed by the
 * song, so a second seed into the same storage reuses it.
 * Without the past camp or its songs it does nothing; a second run adds nothing.
 */
import type { Transaction } from "kysely";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { insertSongRecord } from "~/catalog/song-records.server";
import { demoAccount } from "~/demo/accounts";
import { seedOf } from "~/demo/songs-random";
import { copyDemoSubmissionAudio, storeDemoSubmissionAudio } from "~/demo/submission-audio.server";
import type { DemoFiles } from "~/demo/songs.server";
import type { DB } from "~/platform/db/schema";
import { AUDIO_TYPES } from "~/shared/media-types";
import type { VocalType } from "~/submissions/constants";
import { sheetCredits } from "~/submissions/camp-song.server";
import { DEMO_CAMP_SONGS, type DemoCampSong } from "./demo-camp-songs";
import { DEMO_PAST_CAMP } from "./demo-camps";
import { getSplitSheet } from "./split-sheets.server";

const GENERATOR_VERSION = "v1";
const DAY = 24 * 60 * 60_000;

/** The catalogue fields the member gave when submitting each demo camp song (by working title). */
export const DEMO_CAMP_SUBMISSION_DETAILS: Record<string, { genre: string; key: string; moods: string[]; vocalType: VocalType; lyrics: string | null }> = {
  "Harbour Lights": { genre: "Pop", key: "F major", moods: ["uplifting", "warm"], vocalType: "female", lyrics: "Harbour lights keep burning\nlong after the boats are gone" },
  "Tram 28": { genre: "Dance", key: "A minor", moods: ["euphoric", "summer"], vocalType: "female", lyrics: null },
  "Saudade Disco": { genre: "R&B", key: "D minor", moods: ["moody", "nostalgic"], vocalType: "male", lyrics: "Dancing with the ghost of you\nunder a disco moon" },
};

const FALLBACK_DETAILS = { genre: "Pop", key: "C major", moods: ["uplifting"], vocalType: "female" as VocalType, lyrics: null };

/** The demo camp songs this seed carries on (outcome not 'demo', sheet complete). */
export const DEMO_CAMP_OUTCOME_SONGS: readonly DemoCampSong[] = DEMO_CAMP_SONGS.filter((song) => song.outcome !== "demo" && song.state === "complete");

/** What the seed adds, for tests that count demo rows. */
export const DEMO_CAMP_OUTCOME_COUNTS = {
  /** One submission per song carried on. */
  submissions: DEMO_CAMP_OUTCOME_SONGS.length,
  /** Accepted into the catalogue (catalogue and pitched). */
  catalogueSongs: DEMO_CAMP_OUTCOME_SONGS.filter((song) => song.outcome === "catalogue" || song.outcome === "pitched").length,
  pending: DEMO_CAMP_OUTCOME_SONGS.filter((song) => song.outcome === "submitted").length,
  shortlisted: DEMO_CAMP_OUTCOME_SONGS.filter((song) => song.outcome === "pitched").length,
  /** Files: each submission's audio, and each catalogue song's copy. */
  files: DEMO_CAMP_OUTCOME_SONGS.length + DEMO_CAMP_OUTCOME_SONGS.filter((song) => song.outcome === "catalogue" || song.outcome === "pitched").length,
} as const;

/** Demo submissions of camp songs per member e-mail (the first member on each sheet submits it). */
export function demoCampSubmissionsBy(email: string): DemoCampSong[] {
  return DEMO_CAMP_OUTCOME_SONGS.filter((song) => song.shares.find((share) => share.email)?.email === email);
}


export async function seedDemoCampOutcomes(tx: Transaction<DB>, options: { now: Date; files: DemoFiles; log?: (line: string) => void }): Promise<void> {
  const started = Date.now();
  const camp = await tx.selectFrom("camps").select(["id", "ends_on"]).where("name", "=", DEMO_PAST_CAMP.name).executeTakeFirst();
  if (!camp) return;
  const campSongs = await tx.selectFrom("camp_songs").select(["id", "working_title"]).where("camp_id", "=", camp.id).execute();
  const byTitle = new Map(campSongs.map((song) => [song.working_title, song.id]));
  const admin = await tx.selectFrom("auth.users").select("id").where("email", "=", demoAccount("admin").email).executeTakeFirst();
  const ar = await tx.selectFrom("auth.users").select("id").where("email", "=", demoAccount("ar").email).executeTakeFirst();
  const campEnded = Date.parse(`${camp.ends_on}T18:00:00Z`);

  let count = 0;
  for (const [index, demo] of DEMO_CAMP_OUTCOME_SONGS.entries()) {
    const campSongId = byTitle.get(demo.workingTitle);
    if (!campSongId) continue;
    const live = await tx.selectFrom("submissions").select("id").where("camp_song_id", "=", campSongId).executeTakeFirst();
    if (live) continue;
    const sheet = await getSplitSheet(tx, campSongId);
    if (!sheet?.complete) {
      options.log?.(`camp outcomes: the split sheet of "${demo.workingTitle}" is not complete; left as a demo`);
      continue;
    }
    const credits = sheetCredits(sheet);
    const submitterId = sheet.rows.find((row) => row.memberId)?.memberId;
    if (!submitterId) continue;
    const details = DEMO_CAMP_SUBMISSION_DETAILS[demo.workingTitle] ?? FALLBACK_DETAILS;

    const seed = seedOf(`camp-submission:${GENERATOR_VERSION}:${demo.workingTitle}`);
    const path = `submissions/demo/camp/${GENERATOR_VERSION}/${seed.toString(16)}${AUDIO_TYPES.wav.extension}`;
    const audio = await storeDemoSubmissionAudio(tx, options.files, { seed, bpm: demo.bpm, key: details.key, genre: details.genre, lengthSpread: 4 }, path, submitterId);
    const { durationSeconds, peaks } = audio;
    // Submitted a few days after the camp, decided a few days later (never in the future).
    const createdAt = new Date(Math.min(campEnded + (3 + index) * DAY, options.now.getTime() - 2 * DAY));
    const accepted = demo.outcome === "catalogue" || demo.outcome === "pitched";
    const decidedAt = accepted ? new Date(Math.min(createdAt.getTime() + 4 * DAY, options.now.getTime() - DAY)) : null;

    let songId: string | null = null;
    if (accepted) {
      // As accepting does: the audio copied into the catalogue's storage, the song with the sheet's credits and the camp song's id.
      const songPath = `catalogue/demo-camp/${GENERATOR_VERSION}/${seed.toString(16)}${AUDIO_TYPES.wav.extension}`;
      await copyDemoSubmissionAudio(tx, options.files, audio, songPath, admin?.id ?? null);
      songId = await insertSongRecord(tx, {
        title: demo.workingTitle,
        genre: details.genre,
        moods: details.moods,
        bpm: demo.bpm,
        musicalKey: details.key,
        durationSeconds,
        lyrics: details.lyrics,
        audioPath: songPath,
        peaks,
        credits,
        vocalType: details.vocalType,
        createdAt: decidedAt!,
      });
      await tx.updateTable("songs").set({ camp_song_id: campSongId }).where("id", "=", songId).execute();
    }

    await tx
      .insertInto("submissions")
      .values({
        member_id: submitterId,
        camp_song_id: campSongId,
        title: demo.workingTitle,
        genre: details.genre,
        moods: details.moods,
        bpm: demo.bpm,
        musical_key: details.key,
        vocal_type: details.vocalType,
        explicit: false,
        lyrics: details.lyrics,
        audio_bucket: AUDIO_BUCKET,
        audio_path: path,
        content_type: AUDIO_TYPES.wav.contentType,
        size_bytes: audio.bytes.byteLength,
        duration_seconds: durationSeconds,
        peaks: JSON.stringify(peaks),
        credits: JSON.stringify(credits),
        status: accepted ? "accepted" : "pending",
        decision_note: accepted ? "Straight from the camp's split sheet: in the catalogue now." : null,
        decided_by: accepted ? (admin?.id ?? null) : null,
        decided_at: decidedAt,
        song_id: songId,
        created_at: createdAt,
        updated_at: decidedAt ?? createdAt,
      })
      .execute();

    if (demo.outcome === "pitched" && songId && ar) {
      // On the demo A&R's oldest shortlist, at its end.
      const list = await tx.selectFrom("shortlists").select("id").where("owner_id", "=", ar.id).orderBy("created_at").orderBy("id").executeTakeFirst();
      if (list) {
        const last = await tx
          .selectFrom("shortlist_items")
          .select((eb) => eb.fn.max("position").as("position"))
          .where("shortlist_id", "=", list.id)
          .executeTakeFirst();
        await tx
          .insertInto("shortlist_items")
          .values({
            shortlist_id: list.id,
            song_id: songId,
            note: `From ${DEMO_PAST_CAMP.name}: ask the writers about an extended mix.`,
            rating: "keeper",
            position: Number(last?.position ?? 0) + 1,
            created_at: decidedAt!,
            updated_at: decidedAt!,
          })
          .execute();
      }
    }
    count++;
  }
  options.log?.(`seeded ${count} camp song submissions in ${Date.now() - started} ms`);
}
