/**
 * The catalogue search engine on a real database (PGlite here, PostgreSQL in
 * CI): typo tolerance, phrases and exclusions, facets, paging, sorting, the
 * archive staying out, and one song with its credits.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSongRecord, type NewSong } from "~/catalog/song-records.server";
import { getSong, searchCatalog, searchEverything } from "~/catalog/songs.server";
import { LocalStorage } from "~/platform/storage/local.server";
import { createLocalUser } from "~/auth/users.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

let database: TestDatabase;
let storageRoot: string;
let storage: LocalStorage;
const ids: Record<string, string> = {};
let memberId: string;

const base = (title: string, extra: Partial<NewSong> = {}): NewSong => ({
  title,
  genre: "Pop",
  moods: ["uplifting"],
  bpm: 120,
  musicalKey: "A minor",
  durationSeconds: 180,
  audioPath: `fixtures/${title.toLowerCase().replace(/\W+/g, "-")}.wav`,
  credits: [
    { memberId: null, name: "Ellie Hart", role: "writer", split: 60 },
    { memberId: null, name: "Marcus Reed", role: "producer", split: 40 },
  ],
  ...extra,
});

beforeAll(async () => {
  database = await createTestDatabase();
  storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), "hf-catalog-search-"));
  storage = new LocalStorage({ root: storageRoot, secret: "catalog-search-test-secret-0123456789" });
  const member = await createLocalUser(database.db, { email: "writer@example.test", password: "pw-12345678", displayName: "Priya Nair" });
  memberId = member.id;
  await database.db
    .insertInto("profiles")
    .values({ user_id: member.id, role: "accepted_member", display_name: "Priya Nair", public_profile: true, skills: ["topliner"], genres: ["pop"], location: "London", links: "[]" })
    .execute();
  const songs: [string, NewSong][] = [
    ["midnight", base("Midnight Avenue", { credits: [{ memberId, name: "Priya Nair", role: "topliner", split: 70 }, { memberId: null, name: "Marcus Reed", role: "producer", split: 30 }], featured: true })],
    ["remix", base("Midnight Avenue (Club Remix)", { genre: "Dance", moods: ["euphoric"], bpm: 128 })],
    ["avenue", base("Avenue of Midnight Dreams", { genre: "Dance", moods: ["dreamy", "euphoric"], bpm: 124, musicalKey: "F minor" })],
    ["golden", base("Golden Hour", { genre: "R&B", moods: ["warm"], bpm: 84, musicalKey: "D major", lyrics: "We were dancing on the harbour wall" })],
    ["velvet", base("Velvet Static", { genre: "R&B", moods: ["dark", "warm"], bpm: 90, credits: [{ memberId: null, name: "Zara Ahmed", role: "writer", split: 100 }] })],
    ["archived", base("Midnight Avenue (Demo)", { status: "archived" })],
    ["quiet", base("Quiet Harbour", { genre: "Folk", moods: ["melancholic"], bpm: 72, musicalKey: "C major", durationSeconds: 95 })],
  ];
  for (let i = 0; i < 30; i++) {
    songs.push([`filler${i}`, base(`Filler Song ${String(i).padStart(2, "0")}`, { genre: i % 2 ? "Rock" : "Pop", moods: [i % 3 ? "energetic" : "warm"], bpm: 100 + i, musicalKey: i % 2 ? "E minor" : "A minor" })]);
  }
  const now = Date.now();
  await database.db.transaction().execute(async (tx) => {
    for (const [index, [key, song]] of songs.entries()) {
      ids[key] = await insertSongRecord(tx, { ...song, createdAt: new Date(now - index * 60_000) });
    }
  });
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(storageRoot, { recursive: true, force: true });
});

const search = (query: Parameters<typeof searchCatalog>[1]) => searchCatalog(database.db, query, { storage });
const titles = (result: { songs: { title: string }[] }) => result.songs.map((song) => song.title);

describe("text search", () => {
  it("finds a misspelt title (typo tolerance)", async () => {
    const result = await search({ search: "midnigth avenu" });
    expect(titles(result)).toContain("Midnight Avenue");
    expect(result.fuzzy).toBe(true);
    const single = await search({ search: "velvit" });
    expect(titles(single)[0]).toBe("Velvet Static");
  });

  it("finds a misspelt writer name", async () => {
    const result = await search({ search: "zarah ahmd" });
    expect(titles(result)).toEqual(["Velvet Static"]);
  });

  it("matches words as prefixes, and a quoted phrase only in order", async () => {
    expect(titles(await search({ search: "midn" })).sort()).toEqual(["Avenue of Midnight Dreams", "Midnight Avenue", "Midnight Avenue (Club Remix)"]);
    const phrase = await search({ search: '"midnight avenue"' });
    expect(titles(phrase).sort()).toEqual(["Midnight Avenue", "Midnight Avenue (Club Remix)"]);
    expect(phrase.fuzzy).toBe(false);
  });

  it("leaves out -excluded words", async () => {
    expect(titles(await search({ search: '"midnight avenue" -remix' }))).toEqual(["Midnight Avenue"]);
    // An excluded phrase leaves out only songs with those words in that order.
    expect(titles(await search({ search: 'midnight -"club remix"' })).sort()).toEqual(["Avenue of Midnight Dreams", "Midnight Avenue"]);
    expect(titles(await search({ search: 'midnight -"remix club"' }))).toHaveLength(3);
    const onlyExclusion = await search({ search: "-filler", pageSize: 100 });
    expect(onlyExclusion.total).toBe(6);
    expect(titles(onlyExclusion).some((title) => title.startsWith("Filler"))).toBe(false);
  });

  it("searches credits, genre, moods and lyrics, ranking the title first", async () => {
    expect(titles(await search({ search: "priya" }))).toEqual(["Midnight Avenue"]);
    expect(titles(await search({ search: "harbour" }))).toEqual(["Quiet Harbour", "Golden Hour"]);
    expect((await search({ search: "melancholic" })).total).toBe(1);
  });

  it("never shows archived songs, even when they match best", async () => {
    const result = await search({ search: "midnight avenue demo", pageSize: 100 });
    expect(titles(result)).not.toContain("Midnight Avenue (Demo)");
    const all = await search({ pageSize: 100 });
    expect(all.total).toBe(36);
    expect(titles(all)).not.toContain("Midnight Avenue (Demo)");
  });

  it("answers an empty result without error, and ignores tsquery syntax", async () => {
    expect((await search({ search: "zzzzqqqq" })).total).toBe(0);
    const odd = await search({ search: "gold & !!| :* <-> ( )" });
    expect(titles(odd)).toEqual(["Golden Hour"]);
  });
});

describe("facets, paging and sorting", () => {
  it("counts facets over the filtered result, each without its own filter", async () => {
    const result = await search({ genre: "Dance" });
    expect(result.total).toBe(2);
    // The genre facet ignores the genre filter, so other genres stay selectable.
    expect(result.facets.genres).toEqual(expect.arrayContaining([{ value: "Dance", count: 2 }, { value: "R&B", count: 2 }, { value: "Folk", count: 1 }]));
    // The other facets follow the genre filter.
    expect(result.facets.moods).toEqual([{ value: "euphoric", count: 2 }, { value: "dreamy", count: 1 }]);
    expect(result.facets.keys).toEqual([{ value: "A minor", count: 1 }, { value: "F minor", count: 1 }]);
    expect(result.facets.bpm).toEqual({ min: 124, max: 128 });
  });

  it("combines text, genre, mood, key and BPM range", async () => {
    const result = await search({ search: "midnight", mood: "Euphoric", bpmMin: 120, bpmMax: 125 });
    expect(titles(result)).toEqual(["Avenue of Midnight Dreams"]);
    expect(result.facets.bpm).toEqual({ min: 124, max: 128 }); // the BPM facet ignores the BPM filter
    expect(result.facets.keys).toEqual([{ value: "F minor", count: 1 }]);
    expect(titles(await search({ search: "midnight", mood: "Euphoric", key: "f minor" }))).toEqual(["Avenue of Midnight Dreams"]);
    expect((await search({ bpmMin: 125, bpmMax: 200, genre: "r&b" })).total).toBe(0);
  });

  it("pages with a total and a page count, clamping a page past the end", async () => {
    const first = await search({ pageSize: 10, sort: "title" });
    expect(first).toMatchObject({ total: 36, page: 1, pageSize: 10, pageCount: 4 });
    const last = await search({ pageSize: 10, page: 4, sort: "title" });
    expect(last.songs).toHaveLength(6);
    const beyond = await search({ pageSize: 10, page: 99, sort: "title" });
    expect(beyond.page).toBe(4);
    const seen = new Set<string>();
    for (let page = 1; page <= 4; page++) for (const song of (await search({ pageSize: 10, page, sort: "title" })).songs) seen.add(song.id);
    expect(seen.size).toBe(36);
  });

  it("sorts by title, BPM, duration and newest", async () => {
    const byTitle = titles(await search({ sort: "title", pageSize: 100 }));
    expect(byTitle).toEqual([...byTitle].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const byBpm = (await search({ sort: "bpm", pageSize: 100 })).songs.map((s) => s.bpm);
    expect(byBpm).toEqual([...byBpm].sort((a, b) => a - b));
    expect((await search({ sort: "duration" })).songs[0].title).toBe("Quiet Harbour");
    expect((await search({ sort: "newest" })).songs[0].title).toBe("Midnight Avenue");
  });

  it("gives each summary its artist line and signed audio and artwork URLs", async () => {
    const [song] = (await search({ search: '"golden hour"' })).songs;
    expect(song).toMatchObject({ title: "Golden Hour", artist: "Ellie Hart", genre: "R&B", bpm: 84, musicalKey: "D major", durationSeconds: 180, artworkUrl: null });
    expect(song.audioUrl).toMatch(/^\/storage\/v1\/object\/sign\/audio\/fixtures\/golden-hour\.wav\?token=/);
    expect(storage.checkToken("audio", "fixtures/golden-hour.wav", new URL(song.audioUrl!, "http://x").searchParams.get("token"))).toBe("valid");
  });
});

describe("one song and the /search page", () => {
  it("returns a song with its credits, archived ones included with their status", async () => {
    const song = await getSong(database.db, ids.midnight);
    expect(song).toMatchObject({ title: "Midnight Avenue", status: "catalogue", featured: true, slug: "midnight-avenue" });
    expect(song!.writers).toEqual([{ memberId, name: "Priya Nair", role: "topliner", split: 70 }]);
    expect(song!.producers).toEqual([{ memberId: null, name: "Marcus Reed", role: "producer", split: 30 }]);
    expect((await getSong(database.db, ids.archived))?.status).toBe("archived");
    expect(await getSong(database.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getSong(database.db, "not-a-uuid")).toBeNull();
  });

  it("finds songs and public members with the same query", async () => {
    const result = await searchEverything(database.db, "priya", 5, { storage });
    expect(result.members).toEqual([{ userId: memberId, displayName: "Priya Nair", skills: ["topliner"], location: "London" }]);
    expect(titles(result)).toEqual(["Midnight Avenue"]);
    expect((await searchEverything(database.db, "prya nair", 5, { storage })).members.map((m) => m.displayName)).toEqual(["Priya Nair"]);
    expect((await searchEverything(database.db, "london -priya", 5, { storage })).members).toEqual([]);
    expect(await searchEverything(database.db, "   ", 5, { storage })).toEqual({ songs: [], members: [] });
  });
});
