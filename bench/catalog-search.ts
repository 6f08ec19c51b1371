/**
 * bench/catalog-search: p50 and p95 of searchCatalog (full text + typo
 * tolerance + facets + page) for 20 representative searches over 100,000
 * songs, on PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set (a
 * database is created on that server and dropped afterwards). Beside it, in
 * the same run, a naive ILIKE scan answering the same searches (no facets) as
 * the baseline, and the ratio.
 *
 * Two figures per search: cold (the result cache bypassed: what the engine
 * costs on a new question, or after any catalogue change) and warm (the same
 * question again at the same catalogue revision: a revision read plus URL
 * signing). The targets are judged on cold figures.
 *
 *   npm run bench:search                       SONGS=100000 RUNS=15 NAIVE_RUNS=5
 *   BENCH_DATABASE_URL=postgres://... npm run bench:search
 *
 * Then the A&R desk's pitching searches (vocal type, explicit, writer),
 * summarised on their own line.
 *
 * Targets (printed, never asserted): p95 < 50 ms on PGlite, < 20 ms on PostgreSQL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { searchCatalog } from "~/catalog/songs.server";
import { parseSearch } from "~/catalog/search-query";
import type { CatalogQuery } from "~/catalog/types";
import type { Database } from "~/platform/db/connect.server";
import { LocalStorage } from "~/platform/storage/local.server";
import { benchPGlite, benchPostgres, percentile, seedBenchSongs, type BenchDatabase } from "./catalog-fixture";

const SONGS = Number(process.env.SONGS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 15);
const NAIVE_RUNS = Number(process.env.NAIVE_RUNS ?? 5);
const WARMUP = 2;

const SEARCHES: { name: string; query: CatalogQuery }[] = [
  { name: "common word", query: { search: "love" } },
  { name: "title word", query: { search: "midnight" } },
  { name: "two words", query: { search: "golden hour" } },
  { name: "quoted phrase", query: { search: '"golden hour"' } },
  { name: "word -exclusion", query: { search: "summer -fire" } },
  { name: "misspelt title", query: { search: "midnigt avenu" } },
  { name: "misspelt word", query: { search: "velvit" } },
  { name: "writer first name", query: { search: "maya" } },
  { name: "writer full name", query: { search: "maya brooks" } },
  { name: "misspelt writer", query: { search: "lindqvst" } },
  { name: "short prefix", query: { search: "ci" } },
  { name: "stop word only", query: { search: "the" } },
  { name: "word + genre", query: { search: "fire", genre: "Rock" } },
  { name: "genre", query: { genre: "Pop" } },
  { name: "genre + mood", query: { genre: "R&B", mood: "dreamy" } },
  { name: "BPM range", query: { bpmMin: 120, bpmMax: 130 } },
  { name: "key, by BPM", query: { key: "A minor", sort: "bpm" } },
  { name: "browse newest", query: {} },
  { name: "by title, page 5", query: { sort: "title", page: 5 } },
  { name: "word, newest", query: { search: "night", sort: "newest" } },
];

/** The A&R desk's pitching searches (issue 11): reported on their own line, so the 20 above stay comparable across issues. */
const PITCH_SEARCHES: { name: string; query: CatalogQuery }[] = [
  { name: "vocal + BPM range", query: { vocalType: "female", bpmMin: 110, bpmMax: 130 } },
  { name: "explicit + genre", query: { explicit: true, genre: "Hip-Hop" } },
  { name: "word + vocal", query: { search: "love", vocalType: "duet" } },
  { name: "pitch: 4 facets", query: { genre: "Pop", vocalType: "female", explicit: false, bpmMin: 100, bpmMax: 130 } },
  { name: "writer", query: { writer: "Maya Brooks" } },
  { name: "writer + vocal", query: { writer: "Maya Brooks", vocalType: "male" } },
  { name: "writer + word", query: { writer: "Maya Brooks", search: "love" } },
];

/** The baseline: what one writes without a search design, ILIKE over every text column, no facets. */
async function naiveSearch(db: Database, query: CatalogQuery) {
  const parsed = parseSearch(query.search);
  const words = parsed.positive;
  const conditions = [sql`s.status = 'catalogue'`];
  for (const word of words) {
    const like = `%${word}%`;
    conditions.push(sql`(s.title ilike ${like} or s.credit_names ilike ${like} or s.genre ilike ${like} or array_to_string(s.moods, ' ') ilike ${like} or s.lyrics ilike ${like})`);
  }
  for (const excluded of parsed.exclusions) {
    const like = `%${excluded.join(" ")}%`;
    conditions.push(sql`not (s.title ilike ${like} or s.credit_names ilike ${like} or coalesce(s.lyrics, '') ilike ${like})`);
  }
  if (query.genre) conditions.push(sql`lower(s.genre) = ${query.genre.toLowerCase()}`);
  if (query.mood) conditions.push(sql`${query.mood} = any (s.moods)`);
  if (query.key) conditions.push(sql`lower(s.musical_key) = ${query.key.toLowerCase()}`);
  if (query.bpmMin !== undefined) conditions.push(sql`s.bpm >= ${query.bpmMin}`);
  if (query.bpmMax !== undefined) conditions.push(sql`s.bpm <= ${query.bpmMax}`);
  if (query.vocalType) conditions.push(sql`s.vocal_type = ${query.vocalType}`);
  if (query.explicit !== undefined) conditions.push(sql`s.explicit = ${query.explicit}`);
  if (query.writer) conditions.push(sql`s.credit_names ilike ${`%${query.writer}%`}`);
  const where = sql.join(conditions, sql` and `);
  const page = Math.max(1, query.page ?? 1);
  await sql`select count(*) from songs s where ${where}`.execute(db);
  await sql`select s.id, s.title from songs s where ${where} order by s.created_at desc limit 24 offset ${(page - 1) * 24}`.execute(db);
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/**
 * Wall-clock timings; and, in `cpu`, the process's own CPU time per run (user
 * + system). PGlite runs in this process, so the CPU time is the engine's work,
 * which other processes on a shared machine inflate far less than the wall clock.
 */
async function measure(fn: () => Promise<unknown>, runs: number, cpu?: number[]): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    samples.push(await time(fn));
    const used = process.cpuUsage(before);
    cpu?.push((used.user + used.system) / 1000);
  }
  return samples;
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1)).padStart(7);

async function benchOne(bench: BenchDatabase, target: number) {
  const { db } = bench.database;
  console.log(`\n## ${bench.label}: seeding ${SONGS.toLocaleString("en")} songs`);
  const seedMs = await seedBenchSongs(db, SONGS, { log: (line) => console.log(line) });
  const { rows } = await sql<{ catalogue: number }>`select count(*) filter (where status = 'catalogue')::int as catalogue from songs`.execute(db);
  console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s (${rows[0].catalogue.toLocaleString("en")} in the catalogue)`);

  const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), "hf-bench-search-"));
  const storage = new LocalStorage({ root: storageRoot, secret: "bench-search-secret-0123456789abcdef" });
  const engineAll: number[] = [];
  const naiveAll: number[] = [];
  const warmAll: number[] = [];
  console.log(`\n${"search".padEnd(20)} ${"total".padStart(7)} | cold p50     p95 | cpu p50 | warm p50 | naive p50  ratio`);
  const pitchAll: number[] = [];
  const engineCpu: number[] = [];
  const pitchCpu: number[] = [];
  for (const { name, query } of [...SEARCHES, ...PITCH_SEARCHES]) {
    const pitching = !SEARCHES.some((search) => search.name === name);
    const result = await searchCatalog(db, query, { storage, cache: false });
    const cpu: number[] = [];
    const cold = await measure(() => searchCatalog(db, query, { storage, cache: false }), RUNS, cpu);
    const warm = await measure(() => searchCatalog(db, query, { storage }), RUNS);
    const naive = await measure(() => naiveSearch(db, query), NAIVE_RUNS);
    if (pitching) {
      pitchAll.push(...cold);
      pitchCpu.push(...cpu);
    } else {
      engineAll.push(...cold);
      engineCpu.push(...cpu);
      warmAll.push(...warm);
      naiveAll.push(...naive);
    }
    const ratio = percentile(naive, 50) / percentile(cold, 50);
    if (name === PITCH_SEARCHES[0].name) console.log("-- pitching (A&R desk) --");
    console.log(
      `${name.padEnd(20)} ${String(result.total).padStart(7)} | ${fmt(percentile(cold, 50))} ${fmt(percentile(cold, 95))} | ${fmt(percentile(cpu, 50))} | ${fmt(percentile(warm, 50))}  | ${fmt(percentile(naive, 50))}  ${ratio.toFixed(1).padStart(5)}x${result.fuzzy ? "  (typo-tolerant)" : ""}`,
    );
  }
  const p50 = percentile(engineAll, 50);
  const p95 = percentile(engineAll, 95);
  const naiveP50 = percentile(naiveAll, 50);
  const naiveP95 = percentile(naiveAll, 95);
  console.log(`\ncold (no cache): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${engineAll.length} timings)`);
  console.log(`cold, CPU time:  p50 ${percentile(engineCpu, 50).toFixed(1)} ms, p95 ${percentile(engineCpu, 95).toFixed(1)} ms`);
  console.log(`pitching searches (cold, the ${PITCH_SEARCHES.length} below the line): p50 ${percentile(pitchAll, 50).toFixed(1)} ms, p95 ${percentile(pitchAll, 95).toFixed(1)} ms (${pitchAll.length} timings); CPU time p50 ${percentile(pitchCpu, 50).toFixed(1)} ms, p95 ${percentile(pitchCpu, 95).toFixed(1)} ms`);
  console.log(`warm (cached):   p50 ${percentile(warmAll, 50).toFixed(2)} ms, p95 ${percentile(warmAll, 95).toFixed(2)} ms`);
  console.log(`naive ILIKE:     p50 ${naiveP50.toFixed(1)} ms, p95 ${naiveP95.toFixed(1)} ms -> cold search is ${(naiveP50 / p50).toFixed(1)}x faster at p50, ${(naiveP95 / p95).toFixed(1)}x at p95`);
  console.log(`target p95 < ${target} ms on ${bench.label}: cold ${p95 < target ? "MET" : "NOT MET"}, warm ${percentile(warmAll, 95) < target ? "MET" : "NOT MET"} (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
  fs.rmSync(storageRoot, { recursive: true, force: true });
}

async function main() {
  console.log(`bench:search — ${SONGS.toLocaleString("en")} songs, ${RUNS} timed runs per search (naive: ${NAIVE_RUNS}), ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`);
  const pglite = await benchPGlite();
  try {
    await benchOne(pglite, 50);
  } finally {
    await pglite.close();
  }
  if (process.env.BENCH_DATABASE_URL) {
    const postgres = await benchPostgres(process.env.BENCH_DATABASE_URL);
    try {
      await benchOne(postgres, 20);
    } finally {
      await postgres.close();
    }
  } else {
    console.log("\n(PostgreSQL skipped: set BENCH_DATABASE_URL to a server where a database may be created)");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
