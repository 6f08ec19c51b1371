/**
 * The A&R desk's pitching search (docs/decisions/0073-pitching-search-and-holds.md):
 * vocal type and explicit are catalogue facets (declared in facets.ts), and
 * the writer is a filter on credits (a member's id or a credit name, whole
 * and case-insensitive, writing roles only). Every combination with BPM
 * ranges, with and without text (no text: stored and counted facets; one
 * word: what would be the postings; two words: the GIN index; a misspelt
 * word: typo tolerance), is checked against counting by hand (the facet
 * oracle), facets included, so the writer narrows every facet's counts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalUser } from "~/auth/users.server";
import { CATALOG_FACETS, VOCAL_TYPE_VALUES, type VocalType } from "~/catalog/facets";
import { parseCatalogQuery } from "~/catalog/query-schema";
import { insertSongRecord, type NewSong } from "~/catalog/song-records.server";
import { searchCatalog } from "~/catalog/songs.server";
import type { CatalogQuery, Credit } from "~/catalog/types";
import { LocalStorage } from "~/platform/storage/local.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { byValue, expectedFacets, passes, type SongRow } from "../support/facet-oracle";

let database: TestDatabase;
let storage: LocalStorage;
let root: string;
let rows: (SongRow & { writers: { name: string; memberId: string | null }[] })[];
const members: Record<string, string> = {};

const WRITERS = ["Zara Ahmed", "Leo Grant", "Ivy Lindqvist"];
const TITLES = ["Night Drive", "Morning Light", "Harbour Song", "Night Harbour"];

beforeAll(async () => {
  database = await createTestDatabase();
  root = fs.mkdtempSync(path.join(os.tmpdir(), "hf-pitch-"));
  storage = new LocalStorage({ root, secret: "pitch-search-secret-0123456789abcdef" });
  for (const name of ["Zara Ahmed", "Leo Grant"]) {
    members[name] = (await createLocalUser(database.db, { email: `${name.split(" ")[0].toLowerCase()}@pitch.test`, password: "pitch-password-123", displayName: name, confirmed: true })).id;
  }
  const songs: NewSong[] = [];
  for (let i = 0; i < 48; i++) {
    const vocal: VocalType | null = i % 7 === 6 ? null : VOCAL_TYPE_VALUES[i % VOCAL_TYPE_VALUES.length];
    const writer = WRITERS[i % 3];
    const credits: Credit[] = [
      { name: writer, memberId: members[writer] ?? null, role: i % 4 === 0 ? "topliner" : "writer", split: 60 },
      // Credited as producer only: not a writer of this song.
      { name: WRITERS[(i + 1) % 3], memberId: members[WRITERS[(i + 1) % 3]] ?? null, role: "producer", split: 40 },
    ];
    songs.push({
      title: `${TITLES[i % 4]} ${i}`,
      genre: ["Pop", "Rock", "Soul"][i % 3],
      moods: [["warm"], ["dark", "moody"], []][i % 3],
      bpm: 80 + ((i * 13) % 70),
      musicalKey: ["A minor", "C major"][i % 2],
      durationSeconds: 120,
      audioPath: `pitch/${i}.wav`,
      status: i % 11 === 10 ? "archived" : "catalogue",
      vocalType: vocal,
      explicit: i % 3 === 1,
      credits,
    });
  }
  await database.db.transaction().execute(async (tx) => {
    for (const song of songs) await insertSongRecord(tx, song);
  });
  const stored = await database.db.selectFrom("songs").select(["id", "title", "status", "genre", "moods", "musical_key", "bpm", "vocal_type", "explicit"]).execute();
  const credits = await database.db.selectFrom("song_credits").select(["song_id", "name", "member_id", "role"]).execute();
  rows = stored.map((song) => ({
    ...(song as unknown as SongRow),
    writers: credits.filter((c) => c.song_id === song.id && ["writer", "topliner", "composer", "lyricist"].includes(c.role)).map((c) => ({ name: c.name, memberId: c.member_id })),
  }));
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const byName = (name: string) => CATALOG_FACETS.all.find((facet) => facet.name === name)!;

function creditsWriter(row: (typeof rows)[number], writer: string | undefined): boolean {
  if (!writer) return true;
  return row.writers.some((credit) => credit.memberId === writer.toLowerCase() || credit.name.toLowerCase() === writer.toLowerCase());
}

describe("the pitching facets", () => {
  it("are declared once: vocal type (nullable, its values labelled) and explicit (a flag), read from the URL", () => {
    expect(byName("vocal_type")).toMatchObject({ kind: "value", column: "vocal_type", nullable: true, param: "vocalType" });
    expect(byName("explicit")).toMatchObject({ kind: "flag", column: "explicit", param: "explicit" });
    const query = parseCatalogQuery(new URLSearchParams("vocalType=female&explicit=false&bpmMin=130&bpmMax=100&writer=  Zara   Ahmed "));
    expect(query).toMatchObject({ vocalType: "female", explicit: false, bpmMin: 100, bpmMax: 130, writer: "Zara Ahmed" });
    expect(parseCatalogQuery(new URLSearchParams(`writer=${"w".repeat(500)}`)).writer).toHaveLength(120);
    expect(parseCatalogQuery(new URLSearchParams("explicit=maybe")).explicit).toBeUndefined();
  });

  // No text; one word; two words; a misspelt word (typo tolerance).
  const TEXTS: [string | undefined, string[]][] = [
    [undefined, []],
    ["night", ["night"]],
    ["night harbour", ["night", "harbour"]],
    ["nigt", ["night"]],
  ];
  const FILTERS: (Partial<CatalogQuery> & { label: string })[] = [
    { label: "vocal type", vocalType: "female" },
    { label: "explicit", explicit: true },
    { label: "clean", explicit: false },
    { label: "BPM range", bpmMin: 95, bpmMax: 125 },
    { label: "vocal type + BPM range", vocalType: "DUET", bpmMin: 90, bpmMax: 140 },
    { label: "vocal + explicit + BPM + genre", vocalType: "male", explicit: false, bpmMin: 85, bpmMax: 145, genre: "pop" },
    { label: "writer by name", writer: "zara ahmed" },
    { label: "writer by member id", writer: "MEMBER:Leo Grant" },
    { label: "external writer + vocal type", writer: "Ivy Lindqvist", vocalType: "group" },
    { label: "writer + every facet", writer: "Zara Ahmed", vocalType: "female", explicit: true, bpmMin: 80, bpmMax: 150, genre: "Pop", mood: "warm", key: "A minor" },
    { label: "a producer-only name matches no song as writer", writer: "Nobody Credited" },
  ];

  for (const [text, words] of TEXTS) {
    it(`filters and counts like counting by hand: ${text ?? "no text"}`, async () => {
      for (const { label, ...filter } of FILTERS) {
        const writer = filter.writer?.startsWith("MEMBER:") ? members[filter.writer.slice(7)] : filter.writer;
        const query = { ...filter, writer, search: text, pageSize: 100 } as CatalogQuery;
        const which = `${text ?? "no text"} with ${label}`;
        const active = CATALOG_FACETS.all.filter((facet) => (facet.kind === "range" ? (query as Record<string, unknown>)[facet.params[0]] !== undefined : (query as Record<string, unknown>)[facet.param] !== undefined));
        // The writer narrows everything, facets included: it is not left out of any count.
        const visible = rows.filter((row) => row.status === "catalogue" && creditsWriter(row, writer) && words.every((word) => row.title.toLowerCase().includes(word)));
        const expected = visible.filter((row) => active.every((facet) => passes(row, facet, query)));
        const result = await searchCatalog(database.db, query, { storage, cache: false });
        expect(result.total, which).toBe(expected.length);
        expect(result.songs.map((song) => song.title).sort(), which).toEqual(expected.map((row) => row.title).sort());
        expect(byValue(CATALOG_FACETS, result.facets), which).toEqual(expectedFacets(CATALOG_FACETS, visible, query, active));
      }
    });
  }

  it("has songs for every vocal type and both explicit values, and the writer filter finds some", async () => {
    const result = await searchCatalog(database.db, {}, { storage, cache: false });
    expect(result.facets.vocalTypes.map((count) => count.value).sort()).toEqual([...VOCAL_TYPE_VALUES].sort());
    expect(result.facets.explicit.map((count) => count.value).sort()).toEqual(["false", "true"]);
    const zara = await searchCatalog(database.db, { writer: members["Zara Ahmed"] }, { storage, cache: false });
    expect(zara.total).toBeGreaterThan(5);
    expect(zara.total).toBe((await searchCatalog(database.db, { writer: "ZARA AHMED" }, { storage, cache: false })).total);
  });

  it("sorts and pages a writer's songs", async () => {
    const all = await searchCatalog(database.db, { writer: "Leo Grant", sort: "bpm", pageSize: 100 }, { storage, cache: false });
    const bpms = all.songs.map((song) => song.bpm);
    expect(bpms).toEqual([...bpms].sort((a, b) => a - b));
    const second = await searchCatalog(database.db, { writer: "Leo Grant", sort: "bpm", pageSize: 5, page: 2 }, { storage, cache: false });
    expect(second.songs.map((song) => song.id)).toEqual(all.songs.slice(5, 10).map((song) => song.id));
  });

  it("follows a credit change at once (the result cache is keyed on the catalogue revision)", async () => {
    const before = await searchCatalog(database.db, { writer: "Ivy Lindqvist" }, { storage });
    const song = rows.find((row) => row.status === "catalogue" && row.writers.some((credit) => credit.name === "Ivy Lindqvist"))!;
    await database.db.updateTable("song_credits").set({ name: "Ivy Lindqvist-Moreau" }).where("song_id", "=", song.id).where("name", "=", "Ivy Lindqvist").execute();
    const after = await searchCatalog(database.db, { writer: "Ivy Lindqvist" }, { storage });
    expect(after.total).toBe(before.total - 1);
    expect((await searchCatalog(database.db, { writer: "ivy lindqvist-moreau" }, { storage })).total).toBe(1);
  });
});
