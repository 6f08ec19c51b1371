/**
 * The landing page's loader on a real database: what the page shows of the
 * catalogue is the catalogue (featured songs first, then the newest), with
 * real lengths and signed audio to play; archived songs never; and nothing at
 * all, not sample songs, while the catalogue is empty.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSongWithFiles } from "~/catalog/upload.server";
import { encodeWav } from "~/demo/audio-wav";
import { loader as landingLoader } from "~/routes/home/landing";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

let database: TestDatabase;
let dataDir: string;

const landing = () => landingLoader({ request: new Request("http://localhost/"), params: {}, context: {} });

/** `seconds` of a quiet tone at 8 kHz: the stored length comes from the file itself. */
const audio = (seconds: number) => encodeWav(new Float32Array(8_000 * seconds).map((_, i) => Math.sin(i / 8) * 0.3), 8_000);

async function addSong(title: string, seconds: number, extra: { featured?: boolean; status?: "archived" } = {}) {
  const credits = [{ memberId: null, name: "Ellie Hart", role: "writer" as const, split: 100 }];
  const song = { title, genre: "Pop", moods: ["warm"], bpm: 100, musicalKey: "C major", credits, lyrics: null, ...extra };
  return (await createSongWithFiles({ db: database.db, song, audio: audio(seconds) })).songId;
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-landing-page-"));
  useTestRuntime(database, { DATA_DIR: dataDir });
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("landing page loader", () => {
  it("shows no songs while the catalogue is empty", async () => {
    expect(await landing()).toEqual({ songs: [], total: 0, showcase: [] });
  });

  it("shows catalogue songs, featured first, with their real length and playable audio; never archived ones", async () => {
    await addSong("Harbour Lights", 2, { featured: true });
    await addSong("Old Take", 3, { status: "archived" });
    await addSong("Second Wind", 3);
    await addSong("Paper Kites", 4);

    const { songs, total } = await landing();
    expect(total).toBe(3);
    // Featured first, then the newest.
    expect(songs.map((song) => song.title)).toEqual(["Harbour Lights", "Paper Kites", "Second Wind"]);
    expect(songs.map((song) => song.durationSeconds)).toEqual([2, 4, 3]);
    expect(songs.every((song) => song.audioUrl?.startsWith("/storage/v1/object/sign/audio/"))).toBe(true);
  });

  it("shows at most three songs", async () => {
    await addSong("Fourth Floor", 2);
    const { songs, total } = await landing();
    expect(total).toBe(4);
    expect(songs).toHaveLength(3);
  });
});
