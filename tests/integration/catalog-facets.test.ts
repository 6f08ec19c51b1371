/**
 * The stored facet counts (catalog_facet_counts) and the per-revision result
 * cache stay exact through every kind of catalogue change.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSongRecord, type NewSong } from "~/catalog/song-records.server";
import { searchCatalog } from "~/catalog/songs.server";
import { catalogRevision } from "~/catalog/search-cache.server";
import { LocalStorage } from "~/platform/storage/local.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

let database: TestDatabase;
let storage: LocalStorage;
let root: string;

const song = (title: string, extra: Partial<NewSong> = {}): NewSong => ({
  title,
  genre: "Pop",
  moods: ["warm"],
  bpm: 100,
  musicalKey: "C major",
  durationSeconds: 60,
  audioPath: `x/${title}.wav`,
  credits: [{ memberId: null, name: "Ellie Hart", role: "writer", split: 100 }],
  ...extra,
});

async function insert(...songs: NewSong[]): Promise<string[]> {
  return database.db.transaction().execute(async (tx) => {
    const ids: string[] = [];
    for (const s of songs) ids.push(await insertSongRecord(tx, s));
    return ids;
  });
}

/** The facet counts computed the slow way, to compare with the stored ones. */
async function countedFacets() {
  const { rows } = await sql<{ facet: string; value: string; count: number }>`
    select facet, value, count(*)::int as count from (
      select 'total' as facet, 'catalogue' as value from songs where status = 'catalogue'
      union all select 'genre', genre from songs where status = 'catalogue'
      union all select 'key', musical_key from songs where status = 'catalogue'
      union all select 'bpm', bpm::text from songs where status = 'catalogue'
      union all select 'mood', mood from songs cross join lateral unnest(moods) as mood where status = 'catalogue'
    ) d group by facet, value order by facet, value`.execute(database.db);
  return rows;
}

async function storedFacets() {
  return database.db.selectFrom("catalog_facet_counts").select(["facet", "value", "count"]).where("count", ">", 0).orderBy("facet").orderBy("value").execute();
}

beforeAll(async () => {
  database = await createTestDatabase();
  root = fs.mkdtempSync(path.join(os.tmpdir(), "hf-facets-"));
  storage = new LocalStorage({ root, secret: "facets-test-secret-0123456789abcdef" });
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("stored facet counts", () => {
  it("follow inserts, edits, archiving and deletes", async () => {
    expect(await storedFacets()).toEqual([]);
    const [a, b, c] = await insert(
      song("A", { genre: "Rock", moods: ["dark", "energetic"], bpm: 140, musicalKey: "E minor" }),
      song("B"),
      song("C", { status: "archived" }),
    );
    expect(await storedFacets()).toEqual(await countedFacets());

    await database.db.updateTable("songs").set({ genre: "Folk", moods: ["dark"] }).where("id", "=", b).execute();
    expect(await storedFacets()).toEqual(await countedFacets());
    await database.db.updateTable("songs").set({ status: "archived" }).where("id", "=", a).execute();
    await database.db.updateTable("songs").set({ status: "catalogue" }).where("id", "=", c).execute();
    expect(await storedFacets()).toEqual(await countedFacets());
    // Edits that do not touch faceted columns leave the counts alone.
    await database.db.updateTable("songs").set({ lyrics: "new words" }).execute();
    expect(await storedFacets()).toEqual(await countedFacets());
    await database.db.deleteFrom("songs").where("id", "=", b).execute();
    expect(await storedFacets()).toEqual(await countedFacets());
    await database.db.deleteFrom("songs").execute();
    expect(await storedFacets()).toEqual([]);
  });

  it("give the unfiltered listing the same facets as counting", async () => {
    await insert(
      song("Bright", { genre: "Pop", moods: ["uplifting", "warm"], bpm: 120 }),
      song("Dim", { genre: "Soul", moods: ["moody"], bpm: 80, musicalKey: "A minor" }),
      song("Loud", { genre: "Rock", moods: ["energetic"], bpm: 150, musicalKey: "E minor" }),
      song("Gone", { genre: "Jazz", status: "archived" }),
    );
    const listing = await searchCatalog(database.db, {}, { storage, cache: false });
    expect(listing.total).toBe(3);
    expect(listing.facets.genres).toEqual([{ value: "Pop", count: 1 }, { value: "Rock", count: 1 }, { value: "Soul", count: 1 }]);
    expect(listing.facets.bpm).toEqual({ min: 80, max: 150 });
    // The same facets through the counting path (a filter that every song passes).
    const counted = await searchCatalog(database.db, { bpmMin: 20 }, { storage, cache: false });
    expect(counted.facets.genres).toEqual(listing.facets.genres);
    expect(counted.facets.moods).toEqual(listing.facets.moods);
    expect(counted.facets.keys).toEqual(listing.facets.keys);
  });
});

describe("result cache", () => {
  it("serves a repeated search until the catalogue changes, on songs or on credits", async () => {
    const before = await catalogRevision(database.db);
    const first = await searchCatalog(database.db, { search: "harbour" }, { storage });
    expect(first.total).toBe(0);
    expect(await catalogRevision(database.db)).toBe(before);

    const [id] = await insert(song("Harbour Lights"));
    expect(await catalogRevision(database.db)).toBeGreaterThan(before);
    const second = await searchCatalog(database.db, { search: "harbour" }, { storage });
    expect(second.songs.map((s) => s.title)).toEqual(["Harbour Lights"]);
    expect(second.songs[0].artist).toBe("Ellie Hart");

    await database.db.transaction().execute(async (tx) => {
      await tx.deleteFrom("song_credits").where("song_id", "=", id).execute();
      await tx.insertInto("song_credits").values({ song_id: id, name: "Zara Ahmed", role: "writer", split: 100 }).execute();
    });
    const third = await searchCatalog(database.db, { search: "harbour" }, { storage });
    expect(third.songs[0].artist).toBe("Zara Ahmed");
    // Signed URLs are fresh on every answer, cached or not.
    expect(third.songs[0].audioUrl).toMatch(/\?token=\d+\./);
  });
});
