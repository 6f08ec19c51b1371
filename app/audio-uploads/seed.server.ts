/**
 * Demo drafts for /admin/audio (ADR 0085): two generated WAV files uploaded
 * by the demo admin, one whose tags give everything the catalogue needs and
 * one without tempo and key (so the page shows what a draft asks for before
 * publishing). Drafts are not catalogue songs: no listing, count or search
 * of the catalogue sees them. Files are reused across seeds like the demo
 * catalogue's (fixed paths per generator version).
 */
import crypto from "node:crypto";
import type { Transaction } from "kysely";
import { wavPeaks } from "~/catalog/audio-info";
import { ARTWORK_BUCKET, AUDIO_BUCKET } from "~/catalog/constants";
import { insertSongRecord } from "~/catalog/song-records.server";
import { DEMO_ACCOUNTS } from "~/demo/accounts";
import { DEMO_SAMPLE_RATE, barsFor, renderSong } from "~/demo/audio-synth";
import { encodeWav } from "~/demo/audio-wav";
import { parseKey, type DemoFiles } from "~/demo/songs.server";
import { renderArtworkPng } from "~/demo/songs-artwork";
import { GENRE_STYLES } from "~/demo/songs-data";
import { seedOf } from "~/demo/songs-random";
import type { DB } from "~/platform/db/schema";
import { AUDIO_TYPES, IMAGE_TYPES } from "~/shared/media-types";
import { DRAFT_PLACEHOLDERS } from "./constants";
import { tagWav } from "./wav-tags";

const GENERATOR_VERSION = "v1";
const HOUR = 60 * 60_000;

export const DEMO_DRAFTS = [
  { title: "Paper Lanterns (Draft)", artist: "Avery Admin", genre: "Indie", bpm: 96, key: "D major", file: "paper-lanterns-v3.wav", hoursAgo: 5 },
  { title: "Night Bus Home", artist: null, genre: "Electronic", bpm: null, key: null, file: "night_bus_home_rough.wav", hoursAgo: 30 },
] as const;

export async function seedDemoDrafts(tx: Transaction<DB>, options: { now: Date; files: DemoFiles; log?: (line: string) => void }) {
  const admin = await tx
    .selectFrom("auth.users as u")
    .innerJoin("profiles as p", "p.user_id", "u.id")
    .select(["u.id", "p.display_name"])
    .where("u.email", "=", DEMO_ACCOUNTS.find((account) => account.key === "admin")!.email)
    .executeTakeFirst();
  let rendered = 0;
  for (const draft of DEMO_DRAFTS) {
    const seed = seedOf(`${GENERATOR_VERSION}:draft:${draft.title}`);
    const audioPath = `demo/${GENERATOR_VERSION}/drafts/${seed.toString(16)}${AUDIO_TYPES.wav.extension}`;
    let bytes = await options.files.storage.get(AUDIO_BUCKET, audioPath);
    if (!bytes) {
      const bpm = draft.bpm ?? 110;
      const { root, mode } = parseKey(draft.key ?? "A minor");
      const samples = renderSong({ seed, bpm, root, mode, bars: barsFor(bpm, 20, 16), style: GENRE_STYLES[draft.genre]! });
      bytes = tagWav(encodeWav(samples, DEMO_SAMPLE_RATE), {
        title: draft.title,
        artist: draft.artist ?? undefined,
        genre: draft.genre,
        bpm: draft.bpm ?? undefined,
        key: draft.key ?? undefined,
      });
      await options.files.storage.put(AUDIO_BUCKET, audioPath, bytes, AUDIO_TYPES.wav.contentType);
      options.files.record(AUDIO_BUCKET, audioPath);
      rendered++;
    }
    // Artwork like the demo catalogue's, so the demo songs all look alike once published.
    const artworkPath = `demo/${GENERATOR_VERSION}/drafts/${seed.toString(16)}${IMAGE_TYPES.png.extension}`;
    let artwork = await options.files.storage.get(ARTWORK_BUCKET, artworkPath);
    if (!artwork) {
      artwork = renderArtworkPng(seed);
      await options.files.storage.put(ARTWORK_BUCKET, artworkPath, artwork, IMAGE_TYPES.png.contentType);
      options.files.record(ARTWORK_BUCKET, artworkPath);
    }
    const row = (bucket: string, path: string, contentType: string, kind: "audio" | "image", data: Uint8Array) => ({
      bucket,
      path,
      content_type: contentType,
      size_bytes: data.byteLength,
      sha256: crypto.createHash("sha256").update(data).digest("hex"),
      kind,
      uploaded_by: admin?.id ?? null,
    });
    await tx
      .insertInto("storage_objects")
      .values([row(AUDIO_BUCKET, audioPath, AUDIO_TYPES.wav.contentType, "audio", bytes), row(ARTWORK_BUCKET, artworkPath, IMAGE_TYPES.png.contentType, "image", artwork)])
      .onConflict((conflict) => conflict.columns(["bucket", "path"]).doNothing())
      .execute();
    const createdAt = new Date(options.now.getTime() - draft.hoursAgo * HOUR);
    // The tagged WAV's data chunk: 16-bit mono at DEMO_SAMPLE_RATE (wavPeaks and the header agree).
    const frames = new DataView(bytes.buffer, bytes.byteOffset).getUint32(40, true) / 2;
    const id = await insertSongRecord(tx, {
      title: draft.title,
      genre: draft.genre,
      moods: [],
      bpm: draft.bpm ?? DRAFT_PLACEHOLDERS.bpm,
      musicalKey: draft.key ?? DRAFT_PLACEHOLDERS.musicalKey,
      durationSeconds: frames / DEMO_SAMPLE_RATE,
      audioPath,
      artworkPath,
      status: "draft",
      peaks: wavPeaks(bytes),
      credits: [],
      createdAt,
    });
    await tx
      .insertInto("song_drafts")
      .values({
        song_id: id,
        uploaded_by: admin?.id ?? null,
        uploaded_by_name: admin?.display_name ?? "",
        source_file_name: draft.file,
        tag_artist: draft.artist,
        missing: [...(draft.bpm ? [] : (["bpm"] as const)), ...(draft.key ? [] : (["musical_key"] as const))],
        created_at: createdAt,
      })
      .execute();
  }
  options.log?.(`seeded ${DEMO_DRAFTS.length} demo drafts (${rendered} audio files generated)`);
}
