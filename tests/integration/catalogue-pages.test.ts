/**
 * The public catalogue pages' loaders on a real database with real stored
 * files: archived songs are never listed and their page is a 404, the song
 * page hands out a signed audio URL, /catalog keeps the query string, and the
 * player demo builds applicant tracks from real catalogue songs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSongWithFiles } from "~/catalog/upload.server";
import { encodeWav } from "~/demo/audio-wav";
import { parseTrackId } from "~/player/logic";
import { loader as demoLoader } from "~/routes/catalogue/player-demo";
import { loader as catalogRedirect } from "~/routes/catalogue/catalog-redirect";
import { loader as catalogueLoader } from "~/routes/catalogue/music-catalog";
import { loader as searchLoader } from "~/routes/catalogue/search";
import { loader as songLoader } from "~/routes/catalogue/song";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

let database: TestDatabase;
let dataDir: string;
let liveId: string;
let archivedId: string;

const BASE = "http://localhost";
const args = (url: string, params: Record<string, string> = {}) => ({ request: new Request(`${BASE}${url}`), params, context: {} });

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-catalogue-pages-"));
  useTestRuntime(database, { DATA_DIR: dataDir });
  const audio = encodeWav(new Float32Array(22_050).map((_, i) => Math.sin(i / 8) * 0.4), 22_050);
  const credits = [
    { memberId: null, name: "Ellie Hart", role: "writer" as const, split: 60 },
    { memberId: null, name: "Marcus Reed", role: "producer" as const, split: 40 },
  ];
  const song = { genre: "Pop", moods: ["warm"], bpm: 100, musicalKey: "C major", credits, lyrics: "First line\nSecond line" };
  ({ songId: liveId } = await createSongWithFiles({ db: database.db, song: { ...song, title: "Lantern Street" }, audio }));
  ({ songId: archivedId } = await createSongWithFiles({ db: database.db, song: { ...song, title: "Lantern Street (Old Take)", status: "archived" }, audio }));
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("song page loader", () => {
  it("returns the song with credits, lyrics and a signed audio URL", async () => {
    const data = await songLoader(args(`/song/${liveId}`, { songId: liveId }));
    expect(data.song.title).toBe("Lantern Street");
    expect(data.song.credits.map((c) => [c.name, c.role, c.split])).toEqual([
      ["Ellie Hart", "writer", 60],
      ["Marcus Reed", "producer", 40],
    ]);
    expect(data.song.lyrics).toContain("Second line");
    expect(data.audioUrl).toMatch(/^\/storage\/v1\/object\/sign\/audio\/.+\?token=/);
    expect(data.audioType).toBe("audio/wav");
    expect(data.song.peaks.length).toBeGreaterThan(0);
    expect(data).not.toHaveProperty("song.audioPath");
  });

  it("answers 404 for an archived, unknown or malformed song", async () => {
    expect(await status(songLoader(args(`/song/${archivedId}`, { songId: archivedId })))).toBe(404);
    expect(await status(songLoader(args("/song/00000000-0000-4000-8000-000000000000", { songId: "00000000-0000-4000-8000-000000000000" })))).toBe(404);
    expect(await status(songLoader(args("/song/not-a-song", { songId: "not-a-song" })))).toBe(404);
  });
});

describe("catalogue and search loaders", () => {
  it("never list archived songs, even when searched for by name", async () => {
    const all = await catalogueLoader(args("/music-catalog"));
    expect(all.result.songs.map((s) => s.title)).toEqual(["Lantern Street"]);
    const searched = await catalogueLoader(args("/music-catalog?search=old+take"));
    expect(searched.result.songs.map((s) => s.id)).not.toContain(archivedId);
    const everything = await searchLoader(args("/search?q=lantern"));
    expect(everything.result?.songs.map((s) => s.id)).toEqual([liveId]);
  });

  it("reads the query from the URL and signs each listed song's audio", async () => {
    const data = await catalogueLoader(args("/music-catalog?genre=Pop&bpmMin=90&bpmMax=110&sort=title"));
    expect(data.query).toMatchObject({ genre: "Pop", bpmMin: 90, bpmMax: 110, sort: "title", page: 1 });
    expect(data.result.songs[0].audioUrl).toMatch(/^\/storage\/v1\/object\/sign\/audio\//);
    const none = await catalogueLoader(args("/music-catalog?genre=Polka"));
    expect(none.result.total).toBe(0);
  });

  it("treats an empty search as no search", async () => {
    expect((await searchLoader(args("/search?q=+++"))).result).toBeNull();
  });
});

describe("/catalog", () => {
  /** The redirect a loader throws (route contract: redirect routes throw after their guard). */
  const redirected = (run: () => Promise<unknown>) =>
    run().then(
      () => {
        throw new Error("expected a redirect");
      },
      (thrown: unknown) => thrown as Response,
    );

  it("redirects to /music-catalog keeping the query string", async () => {
    const response = await redirected(() => catalogRedirect(args("/catalog?search=lantern&genre=Pop")));
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/music-catalog?search=lantern&genre=Pop");
    expect((await redirected(() => catalogRedirect(args("/catalog")))).headers.get("Location")).toBe("/music-catalog");
  });
});

describe("player demo loader", () => {
  it("builds collab and solo tracks for two applicants from catalogue audio", async () => {
    const { tracks, plain } = await demoLoader(args("/audioplayer-demo"));
    const applicants = new Set(tracks.map((t) => parseTrackId(t.id)?.applicantId));
    expect(applicants.size).toBe(2);
    expect(tracks.every((t) => ["collab", "solo"].includes(parseTrackId(t.id)?.mode ?? ""))).toBe(true);
    // Only the one catalogue song is playable: every track plays its signed audio.
    expect(new Set(tracks.map((t) => t.songId))).toEqual(new Set([liveId]));
    expect(tracks.every((t) => t.url.startsWith("/storage/v1/object/sign/audio/"))).toBe(true);
    expect(plain.map((t) => t.id)).toEqual([liveId]);
  });
});
