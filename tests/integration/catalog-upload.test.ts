/**
 * Uploads on a real database and a real directory: files are accepted by
 * their bytes, and a failure on either side leaves neither a file without a
 * row nor a row without a file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSongWithFiles, storeUpload, UPLOAD_MESSAGES, UploadRejectedError } from "~/catalog/upload.server";
import { insertSongRecord, InvalidSongError } from "~/catalog/song-records.server";
import { getSong } from "~/catalog/songs.server";
import { AUDIO_MAX_BYTES, WAVEFORM_PEAKS } from "~/catalog/constants";
import { encodeWav } from "~/demo/audio-wav";
import { renderArtworkPng } from "~/demo/songs-artwork";
import { LocalStorage } from "~/platform/storage/local.server";
import type { StoragePort } from "~/platform/storage/port";
import { createTestDatabase, type TestDatabase } from "../support/database";

let database: TestDatabase;
let root: string;
let storage: LocalStorage;

const wav = encodeWav(new Float32Array(22_050).map((_, i) => Math.sin(i / 5) * (i / 22_050)), 22_050);
const credits = [
  { memberId: null, name: "Ellie Hart", role: "writer" as const, split: 50 },
  { memberId: null, name: "Marcus Reed", role: "producer" as const, split: 50 },
];
const song = { title: "Upload Test", genre: "Pop", moods: ["Warm"], bpm: 110, musicalKey: "G major", credits };

function filesOnDisk(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.filter((file) => !file.startsWith(".meta") && !file.startsWith(".tmp"));
}

async function rowCounts() {
  const count = async (table: "songs" | "song_credits" | "storage_objects") =>
    Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(database.db)).rows[0].n);
  return { songs: await count("songs"), credits: await count("song_credits"), objects: await count("storage_objects") };
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.deleteFrom("songs").execute();
  await database.db.deleteFrom("storage_objects").execute();
  root = fs.mkdtempSync(path.join(os.tmpdir(), "hf-upload-"));
  storage = new LocalStorage({ root, secret: "upload-test-secret-0123456789abcdef" });
});

describe("accepting files by content", () => {
  it("refuses a text file renamed .mp3 with the clear message and leaves nothing behind", async () => {
    const text = new TextEncoder().encode("Not audio at all, just renamed to track.mp3\n".repeat(20));
    const attempt = createSongWithFiles({ db: database.db, storage, song, audio: text });
    await expect(attempt).rejects.toThrow(UploadRejectedError);
    await expect(attempt).rejects.toThrow("This file is not a supported audio file (MP3, WAV, OGG, FLAC or M4A).");
    expect(filesOnDisk()).toEqual([]);
    expect(await rowCounts()).toEqual({ songs: 0, credits: 0, objects: 0 });
  });

  it("refuses an image passed as audio, SVG as artwork, and files over the size limit", async () => {
    await expect(createSongWithFiles({ db: database.db, storage, song, audio: renderArtworkPng(3) })).rejects.toThrow(UPLOAD_MESSAGES.notAudio);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(createSongWithFiles({ db: database.db, storage, song, audio: wav, artwork: svg })).rejects.toThrow(UPLOAD_MESSAGES.notImage);
    const huge = new Uint8Array(AUDIO_MAX_BYTES + 1);
    huge.set(wav.subarray(0, 44));
    await expect(storeUpload({ db: database.db, storage, bucket: "audio", path: "big.wav", bytes: huge, kind: "audio" })).rejects.toThrow(UPLOAD_MESSAGES.audioTooLarge);
    await expect(storeUpload({ db: database.db, storage, bucket: "audio", path: "empty.wav", bytes: new Uint8Array(0), kind: "audio" })).rejects.toThrow(UPLOAD_MESSAGES.empty);
    expect(filesOnDisk()).toEqual([]);
    expect(await rowCounts()).toEqual({ songs: 0, credits: 0, objects: 0 });
  });

  it("stores a song with its audio and artwork, reading duration and waveform from the WAV", async () => {
    const { songId, stored } = await createSongWithFiles({ db: database.db, storage, song, audio: wav, artwork: renderArtworkPng(7) });
    expect(stored.map((file) => [file.bucket, file.contentType])).toEqual([["audio", "audio/wav"], ["artwork", "image/png"]]);
    const saved = await getSong(database.db, songId);
    expect(saved).toMatchObject({ title: "Upload Test", moods: ["warm"], status: "catalogue", audioPath: `catalogue/${songId}/audio.wav`, artworkPath: `catalogue/${songId}/artwork.png` });
    expect(saved!.durationSeconds).toBeCloseTo(1, 2);
    expect(saved!.peaks).toHaveLength(WAVEFORM_PEAKS);
    expect(Math.max(...saved!.peaks)).toBe(1);
    expect(filesOnDisk().sort()).toEqual([`artwork/catalogue/${songId}/artwork.png`, `audio/catalogue/${songId}/audio.wav`]);
    expect(await rowCounts()).toEqual({ songs: 1, credits: 2, objects: 2 });
    const object = await database.db.selectFrom("storage_objects").selectAll().where("bucket", "=", "audio").executeTakeFirstOrThrow();
    expect(object).toMatchObject({ content_type: "audio/wav", size_bytes: wav.byteLength, kind: "audio" });
  });

  it("names the stored file by what it is, whatever the upload was called", async () => {
    const { stored } = await storeUpload({ db: database.db, storage, bucket: "audio", path: "inbox/track.mp3", bytes: wav, kind: "audio" });
    expect(stored.path).toBe("inbox/track.wav");
    expect(filesOnDisk()).toEqual(["audio/inbox/track.wav"]);
  });

  it("never overwrites a stored file", async () => {
    await storeUpload({ db: database.db, storage, bucket: "audio", path: "inbox/a.wav", bytes: wav, kind: "audio" });
    const before = fs.readFileSync(path.join(root, "audio/inbox/a.wav"));
    await expect(storeUpload({ db: database.db, storage, bucket: "audio", path: "inbox/a.wav", bytes: encodeWav(new Float32Array(10), 8000), kind: "audio" })).rejects.toThrow(UPLOAD_MESSAGES.exists);
    expect(fs.readFileSync(path.join(root, "audio/inbox/a.wav"))).toEqual(before);
  });
});

describe("all or nothing", () => {
  it("a file that cannot be written leaves no row and removes the files already written", async () => {
    let puts = 0;
    const failing: StoragePort = Object.assign(Object.create(storage), {
      put: async (...args: Parameters<StoragePort["put"]>) => {
        if (++puts === 2) throw new Error("disk full");
        return storage.put(...args);
      },
    });
    await expect(createSongWithFiles({ db: database.db, storage: failing, song, audio: wav, artwork: renderArtworkPng(1) })).rejects.toThrow("disk full");
    expect(puts).toBe(2);
    expect(filesOnDisk()).toEqual([]);
    expect(await rowCounts()).toEqual({ songs: 0, credits: 0, objects: 0 });
  });

  it("rows refused by the code (splits) remove the written files", async () => {
    const bad = { ...song, credits: [{ ...credits[0], split: 60 }, { ...credits[1], split: 30 }] };
    await expect(createSongWithFiles({ db: database.db, storage, song: bad, audio: wav })).rejects.toThrow(new InvalidSongError("The splits add up to 90%, not 100%."));
    expect(filesOnDisk()).toEqual([]);
    expect(await rowCounts()).toEqual({ songs: 0, credits: 0, objects: 0 });
  });

  it("rows refused by the database at commit remove the written files", async () => {
    // Bypass the code check: the deferred constraint trigger refuses at commit.
    const attempt = storeUpload({
      db: database.db,
      storage,
      bucket: "audio",
      path: "catalogue/x/audio.wav",
      bytes: wav,
      kind: "audio",
      withRows: async (tx, [file]) => {
        const { id } = await tx
          .insertInto("songs")
          .values({ title: "Bad Splits", genre: "Pop", bpm: 100, musical_key: "C major", duration_seconds: 1, audio_path: file.path })
          .returning("id")
          .executeTakeFirstOrThrow();
        await tx.insertInto("song_credits").values({ song_id: id, name: "A", role: "writer", split: 70 }).execute();
      },
    });
    await expect(attempt).rejects.toThrow(/splits of song .* add up to 70/);
    expect(filesOnDisk()).toEqual([]);
    expect(await rowCounts()).toEqual({ songs: 0, credits: 0, objects: 0 });
  });
});

describe("the split rule in the database", () => {
  it("is checked at commit, so credits may be replaced in several statements", async () => {
    const id = await database.db.transaction().execute((tx) =>
      insertSongRecord(tx, { ...song, durationSeconds: 10, audioPath: "x.wav" }),
    );
    await database.db.transaction().execute(async (tx) => {
      await tx.deleteFrom("song_credits").where("song_id", "=", id).execute();
      await tx.insertInto("song_credits").values({ song_id: id, name: "New Writer", role: "writer", split: 40 }).execute();
      await tx.insertInto("song_credits").values({ song_id: id, name: "New Producer", role: "producer", split: 60, position: 1 }).execute();
    });
    expect((await getSong(database.db, id))!.credits.map((c) => c.name)).toEqual(["New Writer", "New Producer"]);
    // The search document follows the credits (names are weighted B).
    const row = await database.db.selectFrom("songs").select(["credit_names"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.credit_names).toBe("New Writer New Producer");

    await expect(database.db.updateTable("song_credits").set({ split: "10" }).where("song_id", "=", id).where("name", "=", "New Writer").execute()).rejects.toThrow(/add up to 70/);
    await expect(database.db.insertInto("song_credits").values({ song_id: id, name: "Extra", role: "artist", split: 5 }).execute()).rejects.toThrow(/add up to 105/);
    expect((await getSong(database.db, id))!.credits.map((c) => c.split)).toEqual([40, 60]);
  });
});
