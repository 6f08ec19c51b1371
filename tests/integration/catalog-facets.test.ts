/**
 * The stored facet counts (catalog_facet_counts and catalog_facet_pairs), the
 * title and name vocabulary (catalog_words), the search projection
 * (song_search), its postings (song_postings) and the per-revision result cache
 * stay exact through every kind of catalogue change; and every combination of
 * filters, with and without text, gives the facets that counting by hand gives.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSongRecord, type NewSong } from "~/catalog/song-records.server";
import { compileSearch, textMatch } from "~/catalog/search.server";
import { searchCatalog } from "~/catalog/songs.server";
import { catalogRevision } from "~/catalog/search-cache.server";
import { LocalStorage } from "~/platform/storage/local.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { newSong as song } from "../support/songs";

let database: TestDatabase;
let storage: LocalStorage;
let root: string;

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
      union all select 'vocal_type', vocal_type from songs where status = 'catalogue' and vocal_type is not null
      union all select 'explicit', explicit::text from songs where status = 'catalogue'
    ) d group by facet, value order by facet, value`.execute(database.db);
  return rows;
}

/** The pair counts computed the slow way. */
async function countedPairs() {
  const { rows } = await sql<{ facet: string; other_facet: string; value: string; other_value: string; count: number }>`
    with items as (
      select s.id, v.facet, v.value from songs s
      cross join lateral (
        select 'genre' as facet, s.genre as value union all select 'key', s.musical_key
        union all select 'bpm', s.bpm::text union all select distinct 'mood', m from unnest(s.moods) m
        union all select 'vocal_type', s.vocal_type where s.vocal_type is not null
        union all select 'explicit', s.explicit::text
      ) v
      where s.status = 'catalogue'
    )
    select a.facet, b.facet as other_facet, a.value, b.value as other_value, count(*)::int as count
    from items a join items b on a.id = b.id and a.facet <> b.facet
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(database.db);
  return rows;
}

async function storedPairs() {
  return database.db
    .selectFrom("catalog_facet_pairs")
    .select(["facet", "other_facet", "value", "other_value", "count"])
    .where("count", ">", 0)
    .orderBy("facet")
    .orderBy("other_facet")
    .orderBy("value")
    .orderBy("other_value")
    .execute();
}

/** The vocabulary counted the slow way: songs using each word anywhere, and in a title or credit name. */
async function countedWords() {
  const { rows } = await sql<{ word: string; songs: number; title_songs: number }>`
    select u.lexeme as word, count(*)::int as songs, (count(*) filter (where u.weights && array['A', 'B']))::int as title_songs
    from songs s cross join lateral unnest(s.search_vector) u
    where char_length(u.lexeme) >= 2 and u.lexeme ~ '^[[:alnum:]]+$'
    group by 1 order by 1`.execute(database.db);
  return rows;
}

async function storedWords() {
  const { rows } = await sql<{ word: string; songs: number; title_songs: number }>`
    select word, songs, title_songs from catalog_words order by word collate "default"`.execute(database.db);
  return rows;
}

/** song_search as it should be: one row per catalogue song, copied from songs. */
async function expectedProjection() {
  const { rows } = await sql`
    select s.id as song_id, s.genre, s.musical_key, s.bpm, s.moods, s.featured, s.created_at, lower(s.title) as title_key, s.duration_seconds,
           strip(ts_filter(s.search_vector, '{a}'))::text as title_words, strip(ts_filter(s.search_vector, '{a,b}'))::text as head, strip(s.search_vector)::text as body
    from songs s where s.status = 'catalogue' order by s.id`.execute(database.db);
  return rows;
}

async function storedProjection() {
  const { rows } = await sql`
    select song_id, genre, musical_key, bpm, moods, featured, created_at, title_key, duration_seconds,
           title_words::text as title_words, head::text as head, body::text as body
    from song_search order by song_id`.execute(database.db);
  return rows;
}

/** song_postings as they should be: a row per word of each catalogue song, ranked by where the word is. */
async function expectedPostings() {
  const { rows } = await sql`
    select u.lexeme as word,
           (case when u.weights && array['A'] then 3 when u.weights && array['B'] then 1 else 0 end)::int as rank,
           s.featured, s.created_at, s.id as song_id, s.genre, s.musical_key, s.moods, s.bpm, char_length(s.title)::int as title_length
    from songs s
    cross join lateral unnest(s.search_vector) u
    where s.status = 'catalogue'
    order by u.lexeme collate "C", s.id`.execute(database.db);
  return rows;
}

async function storedPostings() {
  const { rows } = await sql`
    select p.word, p.rank::int as rank, p.featured, p.created_at, p.song_id, c.genre, c.musical_key, c.moods, p.bpm, p.title_length
    from song_postings p join catalog_combos c on c.id = p.combo
    order by p.word, p.song_id`.execute(database.db);
  return rows;
}

async function expectStoredCountsExact() {
  expect(await storedProjection()).toEqual(await expectedProjection());
  expect(await storedPostings()).toEqual(await expectedPostings());
  expect(await storedFacets()).toEqual(await countedFacets());
  expect(await storedPairs()).toEqual(await countedPairs());
  expect(await storedWords()).toEqual(await countedWords());
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
    expect(await storedPairs()).toEqual([]);
    const [a, b, c] = await insert(
      song("A", { genre: "Rock", moods: ["dark", "energetic"], bpm: 140, musicalKey: "E minor" }),
      song("B"),
      song("C", { status: "archived" }),
    );
    await expectStoredCountsExact();

    await database.db.updateTable("songs").set({ genre: "Folk", moods: ["dark"] }).where("id", "=", b).execute();
    await expectStoredCountsExact();
    // Featured and BPM are in each posting (its key and its columns).
    await database.db.updateTable("songs").set({ featured: true, bpm: 97 }).where("id", "=", b).execute();
    await expectStoredCountsExact();
    await database.db.updateTable("songs").set({ status: "archived" }).where("id", "=", a).execute();
    await database.db.updateTable("songs").set({ status: "catalogue" }).where("id", "=", c).execute();
    await expectStoredCountsExact();
    // Edits that do not touch faceted columns leave the counts alone.
    await database.db.updateTable("songs").set({ lyrics: "new words" }).execute();
    await expectStoredCountsExact();
    // A title edit and a credit change move words in and out of the vocabulary.
    await database.db.updateTable("songs").set({ title: "Velvet Harbour" }).where("id", "=", b).execute();
    await expectStoredCountsExact();
    await database.db.transaction().execute(async (tx) => {
      await tx.deleteFrom("song_credits").where("song_id", "=", b).execute();
      await tx.insertInto("song_credits").values({ song_id: b, name: "Zara Ahmed", role: "writer", split: 100 }).execute();
    });
    await expectStoredCountsExact();
    const vocabulary = await storedWords();
    expect(vocabulary.filter((w) => w.title_songs > 0).map((w) => w.word)).toEqual(expect.arrayContaining(["velvet", "harbour", "zara"]));
    expect(vocabulary.find((w) => w.word === "new")).toMatchObject({ title_songs: 0 }); // a lyric word
    await database.db.deleteFrom("songs").where("id", "=", b).execute();
    await expectStoredCountsExact();
    await database.db.deleteFrom("songs").execute();
    expect(await storedFacets()).toEqual([]);
    expect(await storedPostings()).toEqual([]);
    // Emptied at once (resets): the postings go with song_search.
    await insert(song("Harbour Lights"), song("Night Drive"));
    await expectStoredCountsExact();
    await sql`truncate songs cascade`.execute(database.db);
    expect(await storedPairs()).toEqual([]);
    expect(await storedWords()).toEqual([]);
    expect(await storedProjection()).toEqual([]);
    expect(await storedPostings()).toEqual([]);
  });

  it("keep postings in step with a song_search row that is updated in place", async () => {
    // The app rewrites song_search rows (delete, insert); an update in place must still move the postings.
    const [id] = await insert(song("Quiet Harbour", { bpm: 90 }));
    await database.db.updateTable("song_search").set({ bpm: 91, featured: true }).where("song_id", "=", id).execute();
    const { rows } = await sql<{ bpm: number; featured: boolean; n: number }>`
      select bpm, featured, count(*)::int as n from song_postings where song_id = ${id} group by 1, 2`.execute(database.db);
    expect(rows).toEqual([{ bpm: 91, featured: true, n: expect.any(Number) }]);
    expect(rows[0].n).toBeGreaterThan(2);
    await database.db.deleteFrom("songs").execute();
    expect(await storedPostings()).toEqual([]);
  });

  it("route one-word searches to the postings and others to the GIN index", async () => {
    await insert(song("Night Song"), song("Lover Lane"), song("Love Me Now"));
    try {
      const route = async (text: string) => textMatch(await compileSearch(database.db, text))?.postings ?? null;
      expect(await route("night")).toMatchObject({ lexemes: ["night"] });
      expect(await route("lov")).toMatchObject({ lexemes: ["love", "lover"] });
      expect(await route("night -lover")).toMatchObject({ lexemes: ["night"], negativeLexemes: ["lover"] });
      expect(await route("nightz")).toMatchObject({ lexemes: [] }); // no word starts with it
      expect(await route("night song")).toBeNull();
      expect(await route('"night song"')).toBeNull();
    } finally {
      await database.db.deleteFrom("songs").execute();
    }
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

describe("facets of every filter combination", () => {
  type Row = { title: string; genre: string; moods: string[]; bpm: number; musicalKey: string; status: "catalogue" | "archived" };
  const genres = ["Pop", "Rock", "Soul", "R&B"];
  const moodPool = ["warm", "dark", "dreamy", "energetic", "moody"];
  const keys = ["C major", "A minor", "E minor"];
  const rows: Row[] = Array.from({ length: 48 }, (_, i) => ({
    title: `${i % 3 === 0 ? "Night" : i % 3 === 1 ? "Morning" : "Harbour"} Song ${i}`,
    genre: genres[(i * 7) % genres.length],
    // One to three distinct moods.
    moods: [...new Set([moodPool[i % 5], moodPool[(i * 3) % 5], moodPool[(i * 2 + 1) % 5]].slice(0, 1 + (i % 3)))],
    bpm: 80 + ((i * 13) % 70),
    musicalKey: keys[(i * 5) % keys.length],
    status: i % 11 === 0 ? "archived" : "catalogue",
  }));

  const filters = { genre: "rock", mood: "Dreamy", key: "a minor", bpm: { bpmMin: 90, bpmMax: 130 } };
  type FilterName = keyof typeof filters;
  const passes = (row: Row, name: FilterName) => {
    switch (name) {
      case "genre":
        return row.genre.toLowerCase() === filters.genre;
      case "mood":
        return row.moods.includes(filters.mood.toLowerCase());
      case "key":
        return row.musicalKey.toLowerCase() === filters.key;
      case "bpm":
        return row.bpm >= filters.bpm.bpmMin && row.bpm <= filters.bpm.bpmMax;
    }
  };
  const tally = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => a.value.localeCompare(b.value));
  };
  const byValue = (list: { value: string; count: number }[]) => [...list].sort((a, b) => a.value.localeCompare(b.value));

  beforeAll(async () => {
    await database.db.deleteFrom("songs").execute();
    await insert(...rows.map((row) => song(row.title, { genre: row.genre, moods: row.moods, bpm: row.bpm, musicalKey: row.musicalKey, status: row.status })));
  });

  const names: FilterName[] = ["genre", "mood", "key", "bpm"];
  const subsets = Array.from({ length: 16 }, (_, mask) => names.filter((_, bit) => mask & (1 << bit)));
  // One word (postings), two words (the GIN index), a misspelt word (postings of its correction).
  const readAs: Record<string, string> = { night: "night", "night song": "night song", nigt: "night" };
  for (const text of [undefined, "night", "night song", "nigt"]) {
    for (const active of subsets) {
      it(`${text ? `"${text}"` : "no text"} with ${active.length ? active.join(" + ") : "no filter"}`, async () => {
        const query = {
          search: text,
          genre: active.includes("genre") ? filters.genre : undefined,
          mood: active.includes("mood") ? filters.mood : undefined,
          key: active.includes("key") ? filters.key : undefined,
          ...(active.includes("bpm") ? filters.bpm : {}),
          pageSize: 100,
        };
        const result = await searchCatalog(database.db, query, { storage, cache: false });
        const words = text ? readAs[text].split(" ") : [];
        const visible = rows.filter((row) => row.status === "catalogue" && words.every((word) => row.title.toLowerCase().includes(word)));
        const passingAllBut = (skip: FilterName | null) => visible.filter((row) => active.every((name) => name === skip || passes(row, name)));

        const matching = passingAllBut(null);
        expect(result.total).toBe(matching.length);
        expect(result.songs.map((s) => s.title).sort()).toEqual(matching.map((row) => row.title).sort());
        expect(byValue(result.facets.genres)).toEqual(tally(passingAllBut("genre").map((row) => row.genre)));
        expect(byValue(result.facets.moods)).toEqual(tally(passingAllBut("mood").flatMap((row) => row.moods)));
        expect(byValue(result.facets.keys)).toEqual(tally(passingAllBut("key").map((row) => row.musicalKey)));
        const bpms = passingAllBut("bpm").map((row) => row.bpm);
        expect(result.facets.bpm).toEqual(bpms.length ? { min: Math.min(...bpms), max: Math.max(...bpms) } : { min: null, max: null });
      });
    }
  }
});

describe("a broad word's pages", () => {
  // 12 songs with the word in the title, 40 with it only in the lyrics, 8 without: the title
  // matches first, then the lyric matches by featured and newest (the postings' index order).
  const now = Date.now();
  const songs = Array.from({ length: 60 }, (_, i) => ({
    title: i < 12 ? `Ocean Song ${i}` : `Plain Song ${i}`,
    lyrics: i >= 12 && i < 52 ? "the ocean at night" : "nothing here",
    featured: i % 7 === 0,
    createdAt: new Date(now - ((i * 37) % 60) * 60_000),
  }));

  beforeAll(async () => {
    await database.db.deleteFrom("songs").execute();
    await database.db.transaction().execute(async (tx) => {
      for (const s of songs) await insertSongRecord(tx, song(s.title, { lyrics: s.lyrics, featured: s.featured, createdAt: s.createdAt }));
    });
  });

  it("lists title matches first, then the rest by featured and newest, across pages", async () => {
    const expected = songs
      .filter((s) => s.title.startsWith("Ocean") || s.lyrics.includes("ocean"))
      .sort(
        (a, b) =>
          Number(b.title.startsWith("Ocean")) - Number(a.title.startsWith("Ocean")) ||
          Number(b.featured) - Number(a.featured) ||
          b.createdAt.getTime() - a.createdAt.getTime(),
      )
      .map((s) => s.title);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const result = await searchCatalog(database.db, { search: "ocean", page, pageSize: 24 }, { storage, cache: false });
      expect(result.total).toBe(52);
      pages.push(...result.songs.map((s) => s.title));
    }
    expect(pages).toEqual(expected);
  });
});

describe("a word that is the start of several (postings of two lexemes)", () => {
  // "love" is a prefix: it finds love and lover, and a song with both is one match, counted once in
  // every facet, ranked by its best place (title 3, credit name 1, elsewhere 0).
  const now = Date.now();
  const genres = ["Pop", "Rock", "Soul", "Folk"];
  const songs = Array.from({ length: 40 }, (_, i) => ({
    title: i % 5 === 0 ? `Lover Street ${i}` : i % 5 === 1 ? `Love Line ${i}` : `Plain ${i}`,
    lyrics: i % 3 === 0 ? "love and lover" : i % 3 === 1 ? "a lover only" : "nothing",
    writer: i % 7 === 0 ? "Lover Mane" : "Ellie Hart",
    genre: genres[(i * 7) % 4],
    moods: i % 2 ? ["warm", "dreamy"] : ["dark"],
    bpm: 80 + ((i * 11) % 60),
    featured: i % 6 === 0,
    createdAt: new Date(now - ((i * 17) % 40) * 60_000),
  }));
  const rankOf = (s: (typeof songs)[number]) => (/^Love/.test(s.title) ? 3 : s.writer.startsWith("Lover") ? 1 : 0);
  const matches = (s: (typeof songs)[number]) => rankOf(s) > 0 || s.lyrics !== "nothing";
  const byRelevance = (a: (typeof songs)[number], b: (typeof songs)[number]) =>
    rankOf(b) - rankOf(a) || Number(b.featured) - Number(a.featured) || b.createdAt.getTime() - a.createdAt.getTime();
  const tally = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  };

  beforeAll(async () => {
    await database.db.deleteFrom("songs").execute();
    await database.db.transaction().execute(async (tx) => {
      for (const s of songs) {
        await insertSongRecord(
          tx,
          song(s.title, {
            lyrics: s.lyrics,
            genre: s.genre,
            moods: s.moods,
            bpm: s.bpm,
            featured: s.featured,
            createdAt: s.createdAt,
            credits: [{ memberId: null, name: s.writer, role: "writer", split: 100 }],
          }),
        );
      }
    });
  });

  async function allPages(query: Parameters<typeof searchCatalog>[1]) {
    const titles: string[] = [];
    let first: Awaited<ReturnType<typeof searchCatalog>> | undefined;
    for (let page = 1; ; page++) {
      const result = await searchCatalog(database.db, { ...query, page, pageSize: 7 }, { storage, cache: false });
      first ??= result;
      titles.push(...result.songs.map((s) => s.title));
      if (page >= result.pageCount) break;
    }
    return { first: first!, titles };
  }

  it("finds each song once, in relevance order across pages, with facets counting it once", async () => {
    const expected = songs.filter(matches).sort(byRelevance);
    const { first, titles } = await allPages({ search: "love" });
    expect(first.total).toBe(expected.length);
    expect(titles).toEqual(expected.map((s) => s.title));
    expect(first.facets.genres).toEqual(tally(expected.map((s) => s.genre)));
    expect(first.facets.moods).toEqual(tally(expected.flatMap((s) => s.moods)));
    expect(first.facets.bpm).toEqual({ min: Math.min(...expected.map((s) => s.bpm)), max: Math.max(...expected.map((s) => s.bpm)) });
  });

  it("applies filters and exclusions to the same postings", async () => {
    const filtered = songs.filter((s) => matches(s) && s.genre === "Rock" && s.bpm >= 90 && s.bpm <= 130).sort(byRelevance);
    const { first, titles } = await allPages({ search: "love", genre: "rock", bpmMin: 90, bpmMax: 130 });
    expect(first.total).toBe(filtered.length);
    expect(titles).toEqual(filtered.map((s) => s.title));
    // Genre leaves out its own filter: every genre of the matches within the BPM range.
    expect(first.facets.genres).toEqual(tally(songs.filter((s) => matches(s) && s.bpm >= 90 && s.bpm <= 130).map((s) => s.genre)));

    const withoutStreets = songs.filter((s) => matches(s) && !s.title.includes("Street")).sort(byRelevance);
    const excluded = await allPages({ search: "love -street" });
    expect(excluded.titles).toEqual(withoutStreets.map((s) => s.title));

    const newest = songs.filter(matches).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    expect((await allPages({ search: "love", sort: "newest" })).titles).toEqual(newest.map((s) => s.title));
  });

  it("sorts the matches by title and by tempo across pages", async () => {
    const matching = songs.filter(matches);
    // The database's own order of titles (its collation), as the oracle for the title sort.
    const { rows } = await sql<{ title: string }>`
      select title from songs where title = any (${matching.map((s) => s.title)}::text[]) order by lower(title), id`.execute(database.db);
    expect((await allPages({ search: "love", sort: "title" })).titles).toEqual(rows.map((row) => row.title));
    const byTempo = await sql<{ title: string }>`
      select title from songs where title = any (${matching.map((s) => s.title)}::text[]) order by bpm, id`.execute(database.db);
    expect((await allPages({ search: "love", sort: "bpm" })).titles).toEqual(byTempo.rows.map((row) => row.title));
  });

  it("pages a misspelt word through the postings of its corrections, shortest titles first among equals", async () => {
    // "lovr": no word starts with it; it reads as love and lover in titles and names.
    const expected = songs
      .filter((s) => rankOf(s) > 0)
      .sort(
        (a, b) =>
          rankOf(b) + 1 / (1 + b.title.length) - (rankOf(a) + 1 / (1 + a.title.length)) ||
          Number(b.featured) - Number(a.featured) ||
          b.createdAt.getTime() - a.createdAt.getTime(),
      );
    const { first, titles } = await allPages({ search: "lovr" });
    expect(first.fuzzy).toBe(true);
    expect(first.total).toBe(expected.length);
    expect(titles).toEqual(expected.map((s) => s.title));
  });
});

describe("a correctly spelt word that filters leave without a match", () => {
  beforeAll(async () => {
    await database.db.deleteFrom("songs").execute();
    await insert(song("Harbor Lights", { genre: "Rock" }), song("Evening", { genre: "Pop", lyrics: "down by the harbour" }));
  });

  it("keeps the exact answer, whose facets show where its matches are, over the typo-tolerant one", async () => {
    // "harbour" is exact in a lyric; "Harbor" is a title word spelt like it, which typo tolerance would add.
    const result = await searchCatalog(database.db, { search: "harbour", genre: "jazz" }, { storage, cache: false });
    expect(result.total).toBe(0);
    expect(result.fuzzy).toBe(false);
    expect(result.facets.genres).toEqual([{ value: "Pop", count: 1 }]);
  });
});
