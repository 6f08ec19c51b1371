/**
 * The facet declaration (app/catalog/facets.ts) is the one source of the
 * catalogue's facets (docs/decisions/0057-facets-declared-once.md):
 *
 *  - the newest generated facet migration is exactly what the declaration
 *    gives, and holds the current definition of every catalogue function that
 *    migrations defined more than once;
 *  - every declared facet is filtered and counted on every search path
 *    (stored counts, pair counts and counting songs without text; postings
 *    for one word; the GIN index for two; typo tolerance) as counting the
 *    songs by hand says, with data and filters made from the declaration alone;
 *  - a test-only declaration with two more facets (tempo buckets over a
 *    generated column, a nullable range) beside the catalogue's own nullable
 *    value (vocal type) and flag (explicit) works end to end
 *    once its generated migration has run on a catalogue that already has
 *    songs: adding a facet takes its column, one entry and a generated migration.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FACET_MIGRATION_SUFFIX, facetMigrationSql } from "~/catalog/facet-migration";
import { CATALOG_FACETS, FACETS, facetSet, type Facet, type FacetSet } from "~/catalog/facets";
import { searchCatalog } from "~/catalog/songs.server";
import type { CatalogQuery } from "~/catalog/types";
import { LocalStorage } from "~/platform/storage/local.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { byValue, expectedFacets, expectedStoredCounts, passes, sampleFilters, type SongRow } from "../support/facet-oracle";

const MIGRATIONS = path.join(process.cwd(), "supabase", "migrations");

describe("the generated facet migration", () => {
  const files = fs.readdirSync(MIGRATIONS).filter((name) => name.endsWith(".sql")).sort();
  const generated = files.filter((name) => name.endsWith(FACET_MIGRATION_SUFFIX));
  const newest = generated[generated.length - 1];

  it("is what the declaration gives (a changed declaration needs a new one: scripts/catalog-facets-migration.ts)", () => {
    expect(newest).toBeDefined();
    expect(fs.readFileSync(path.join(MIGRATIONS, newest), "utf8")).toBe(facetMigrationSql(CATALOG_FACETS));
  });

  it("holds the current definition of every function defined by more than one migration", () => {
    const definedIn = new Map<string, string[]>();
    for (const file of files) {
      const text = fs.readFileSync(path.join(MIGRATIONS, file), "utf8");
      for (const [, name] of text.matchAll(/create\s+or\s+replace\s+function\s+public\.(\w+)/gi)) {
        definedIn.set(name, [...(definedIn.get(name) ?? []), file]);
      }
    }
    const redefined = [...definedIn].filter(([, where]) => where.length > 1);
    // Today: the facet counts' apply and truncate functions and the revision bump were each defined twice.
    expect(redefined.map(([name]) => name)).toEqual(expect.arrayContaining(["catalog_facet_counts_apply", "songs_facets_after_truncate", "catalog_revision_bump"]));
    for (const [name, where] of redefined) expect(where[where.length - 1], name).toBe(newest);
  });
});

/** The facets a test-only declaration adds (the A&R desk's vocal type and explicit are the catalogue's own now): each one entry. */
const MORE_FACETS = facetSet([
  ...FACETS,
  { name: "tempo", kind: "value", column: "tempo_band", param: "tempo", resultKey: "tempos", label: "Tempo", allLabel: "Any tempo" },
  { name: "year", kind: "range", column: "year", nullable: true, params: ["yearMin", "yearMax"], resultKey: "year", label: "Year", unit: "year", min: 1950, max: 2030 },
]);

/** Their songs columns, as the migration adding each would create them (tempo_band: buckets of BPM). */
const MORE_COLUMNS = `
  alter table songs add column tempo_band text generated always as (case when bpm < 45 then 'slow' when bpm < 70 then 'mid' else 'fast' end) stored;
  alter table songs add column year integer;`;

/** Columns the database computes (not inserted). */
const GENERATED_COLUMNS = ["tempo_band"];

/** A song's value of a facet, made from the facet's kind alone: a few values each, some null where allowed. */
function valueFor(facet: Facet, i: number): unknown {
  if (facet.nullable && i % 5 === 4) return null;
  switch (facet.kind) {
    case "value":
      // A column whose values are declared (its CHECK) takes those: all of them, with one commoner.
      if (facet.values) return facet.values[(i * 7 + facet.name.length) % (facet.values.length + 1)]?.value ?? facet.values[0].value;
      return ["Amber", "Birch", "Cedar"][(i * 7 + facet.name.length) % 3];
    case "array": {
      const pool = ["warm", "dark", "dreamy", "moody", "bright"];
      return [...new Set([pool[i % 5], pool[(i * 3) % 5], pool[(i * 2 + 1) % 5]].slice(0, i % 4))];
    }
    case "flag":
      return i % 3 === 0;
    case "range":
      return facet.min + ((i * 13) % Math.min(70, facet.max - facet.min + 1));
  }
}

/** Songs whose titles the texts below find: one in three "Night", every one "Song"; one in eleven archived. */
async function insertSongs(database: TestDatabase, set: FacetSet, from: number, to: number): Promise<void> {
  const writable = [...new Set(set.all.map((facet) => facet.column))].filter((column) => !GENERATED_COLUMNS.includes(column));
  const facetOf = new Map(set.all.map((facet) => [facet.column, facet]));
  const columns = ["title", "audio_path", "duration_seconds", "status", ...writable];
  const rows = [];
  for (let i = from; i < to; i++) {
    const values = [
      sql`${`${["Night", "Morning", "Harbour"][i % 3]} Song ${i}`}`,
      sql`${`x/${i}.wav`}`,
      sql`60`,
      sql`${i % 11 === 0 ? "archived" : "catalogue"}`,
      ...writable.map((column) => {
        const facet = facetOf.get(column)!;
        const value = valueFor(facet, i);
        return facet.kind === "array" ? sql`${value}::text[]` : sql`${value}`;
      }),
    ];
    rows.push(sql`(${sql.join(values)})`);
  }
  await sql`insert into songs (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(rows)}`.execute(database.db);
}

/** The songs as stored: the oracle counts from these. */
async function storedSongs(database: TestDatabase, set: FacetSet): Promise<SongRow[]> {
  const columns = [...new Set(set.all.map((facet) => facet.column))];
  const { rows } = await sql<SongRow>`select id, title, status, ${sql.join(columns.map((column) => sql.ref(column)))} from songs`.execute(database.db);
  return rows;
}

async function storedCounts(database: TestDatabase) {
  const singles = await sql<{ facet: string; value: string; count: number }>`select facet, value, count from catalog_facet_counts where count > 0`.execute(database.db);
  const pairs = await sql<{ facet: string; other_facet: string; value: string; other_value: string; count: number }>`
    select facet, other_facet, value, other_value, count from catalog_facet_pairs where count > 0`.execute(database.db);
  const sorted = (rows: unknown[][]) => rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  return {
    singles: sorted(singles.rows.map((row) => [row.facet, row.value, row.count])),
    pairs: sorted(pairs.rows.map((row) => [row.facet, row.other_facet, row.value, row.other_value, row.count])),
  };
}

/** No filter, each facet alone, every two, three in turn, and all of them. */
function filterSets(set: FacetSet): Facet[][] {
  const all = set.all;
  const pairs = all.flatMap((a, i) => all.slice(i + 1).map((b) => [a, b]));
  const triples = all.map((_, i) => [all[i], all[(i + 1) % all.length], all[(i + 3) % all.length]]).filter((three) => new Set(three).size === 3);
  return [[], ...all.map((facet) => [facet]), ...pairs, ...triples, [...all]];
}

// One word (postings), two words (the GIN index), a misspelt word (postings of its correction).
const TEXTS: [string | undefined, string[]][] = [
  [undefined, []],
  ["night", ["night"]],
  ["night song", ["night", "song"]],
  ["nigt", ["night"]],
];

for (const [label, set, prepare] of [
  ["the catalogue's declaration", CATALOG_FACETS, null],
  ["a test-only declaration with two more facets", MORE_FACETS, MORE_COLUMNS],
] as const) {
  describe(`every facet of ${label}`, () => {
    let database: TestDatabase;
    let storage: LocalStorage;
    let root: string;
    let songs: SongRow[];

    beforeAll(async () => {
      database = await createTestDatabase();
      root = fs.mkdtempSync(path.join(os.tmpdir(), "hf-facets-declared-"));
      storage = new LocalStorage({ root, secret: "facets-declared-secret-0123456789abcdef" });
      if (prepare) {
        await database.withExclusiveScripts((run) => run(prepare));
        // Half the songs exist before the facets' migration (it rebuilds from them), half come after (triggers).
        await insertSongs(database, set, 0, 30);
        await database.withExclusiveScripts((run) => run(facetMigrationSql(set)));
        await insertSongs(database, set, 30, 60);
      } else {
        await insertSongs(database, set, 0, 60);
      }
      songs = await storedSongs(database, set);
    });
    afterAll(async () => {
      await database?.close();
      fs.rmSync(root, { recursive: true, force: true });
    });

    it("keeps the stored counts and pair counts of each facet exact", async () => {
      expect(await storedCounts(database)).toEqual(expectedStoredCounts(set, songs));
    });

    for (const [text, words] of TEXTS) {
      it(`filters and counts each facet, alone and with others: ${text ? `"${text}"` : "no text"}`, async () => {
        const filters = sampleFilters(set, songs);
        const visible = songs.filter((row) => row.status === "catalogue" && words.every((word) => row.title.toLowerCase().includes(word)));
        for (const active of filterSets(set)) {
          const query = Object.assign({ search: text, pageSize: 100 }, ...active.map((facet) => filters.get(facet)!)) as CatalogQuery;
          const which = `${text ?? "no text"} with ${active.map((facet) => facet.name).join(" + ") || "no filter"}`;
          const result = await searchCatalog(database.db, query, { storage, cache: false, facetSet: set });
          const matching = visible.filter((row) => active.every((facet) => passes(row, facet, query)));
          expect(result.total, which).toBe(matching.length);
          expect(result.songs.map((s) => s.title).sort(), which).toEqual(matching.map((row) => row.title).sort());
          expect(byValue(set, result.facets), which).toEqual(expectedFacets(set, visible, query, active));
        }
      });
    }

    it("follows edits, archiving and deletes in every facet", async () => {
      const [first, second] = set.all;
      // Changes to the facet columns (and, for tempo buckets, to the column they are computed from).
      const changes = [
        ...set.all.map((facet, index) =>
          facet.kind === "array"
            ? sql`update songs set ${sql.ref(facet.column)} = array['bright']::text[] where title like ${`Night Song ${index}%`}`
            : facet.kind === "flag"
              ? sql`update songs set ${sql.ref(facet.column)} = not ${sql.ref(facet.column)} where title like 'Morning%'`
              : facet.kind === "range"
                ? sql`update songs set ${sql.ref(facet.column)} = ${facet.min + 1} where title like 'Harbour Song 1%'`
                : GENERATED_COLUMNS.includes(facet.column)
                  ? sql`update songs set bpm = 80 where title like 'Night Song 4%'`
                  : sql`update songs set ${sql.ref(facet.column)} = ${facet.kind === "value" && facet.values ? facet.values[facet.values.length - 1].value : "Dogwood"} where title like 'Night Song 2%'`,
        ),
        sql`update songs set status = 'archived' where title like 'Morning Song 1%'`,
        sql`update songs set status = 'catalogue' where title = 'Night Song 33'`,
        sql`delete from songs where title like 'Harbour Song 2%'`,
      ];
      for (const change of changes) await change.execute(database.db);
      songs = await storedSongs(database, set);
      expect(await storedCounts(database)).toEqual(expectedStoredCounts(set, songs));

      const filters = sampleFilters(set, songs);
      for (const [text, words] of TEXTS) {
        const visible = songs.filter((row) => row.status === "catalogue" && words.every((word) => row.title.toLowerCase().includes(word)));
        for (const active of [[], [first], [first, second], [...set.all]]) {
          const query = Object.assign({ search: text, pageSize: 100 }, ...active.map((facet) => filters.get(facet)!)) as CatalogQuery;
          const which = `${text ?? "no text"} with ${active.map((facet) => facet.name).join(" + ") || "no filter"}`;
          const result = await searchCatalog(database.db, query, { storage, cache: false, facetSet: set });
          expect(result.total, which).toBe(visible.filter((row) => active.every((facet) => passes(row, facet, query))).length);
          expect(byValue(set, result.facets), which).toEqual(expectedFacets(set, visible, query, active));
        }
      }
    });
  });
}
