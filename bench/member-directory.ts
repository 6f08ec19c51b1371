/**
 * bench/member-directory: the /members directory queries (listDirectory: one
 * page and its count) over 10,000 synthetic members in a throwaway PGlite (or
 * a throwaway database on PostgreSQL when BENCH_DATABASE_URL is set), each
 * run many times, p50 and p95 in milliseconds. Beside each, in the same run
 * on the same data, the same query with index and bitmap scans turned off (a
 * sequential scan: what the directory costs without ADR 0062's indexes), and
 * the ratio of the p95s. Then EXPLAIN ANALYZE of two queries, to show which
 * index answers them.
 *
 *   npm run bench:members                 short run: 10,000 members, 15 runs per query
 *   npm run bench:members -- --full       full run: 10,000 members, 200 runs per query
 *   MEMBERS=50000 RUNS=50 npm run bench:members
 *   BENCH_DATABASE_URL=postgres://... npm run bench:members -- --full
 *
 * Target (printed, never asserted): p95 < 20 ms per directory query on PGlite.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import { DIRECTORY_PAGE_SIZE } from "~/members/directory-constants";
import type { DirectoryQuery } from "~/members/directory-query";
import { explainDirectory, listDirectory, listDirectoryGenres, queryDirectory } from "~/members/members.server";
import { benchPGlite, benchPostgres, percentile, type BenchDatabase } from "./catalog-fixture";
import { seedBenchMembers } from "./member-fixture";

const FULL = process.argv.includes("--full");
const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? (FULL ? 200 : 15));
const WARMUP = 3;
const TARGET_P95_MS = 20;

const BASE: DirectoryQuery = { q: null, skill: null, genre: null, location: null, sort: "name", page: 1 };

const QUERIES: { name: string; query: DirectoryQuery }[] = [
  { name: "browse A-Z, page 1", query: BASE },
  { name: "browse A-Z, deep page", query: { ...BASE, page: Math.max(1, Math.floor((MEMBERS * 0.8) / DIRECTORY_PAGE_SIZE)) } },
  { name: "newest members", query: { ...BASE, sort: "newest" } },
  { name: "longest-standing, page 20", query: { ...BASE, sort: "oldest", page: 20 } },
  { name: "name: 'maya'", query: { ...BASE, q: "maya" } },
  { name: "name: 'brooks maya'", query: { ...BASE, q: "brooks maya" } },
  { name: "name prefix: 'ma'", query: { ...BASE, q: "ma" } },
  { name: "name: no match", query: { ...BASE, q: "zzqx" } },
  { name: "skill", query: { ...BASE, skill: "engineer" } },
  { name: "genre", query: { ...BASE, genre: "afrobeats" } },
  { name: "location", query: { ...BASE, location: "berlin" } },
  { name: "skill+genre+location", query: { ...BASE, skill: "producer", genre: "pop", location: "london" } },
  { name: "skill+genre, newest", query: { ...BASE, skill: "writer", genre: "r&b", sort: "newest" } },
  { name: "name + location", query: { ...BASE, q: "maya", location: "stockholm" } },
];

async function time(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

/**
 * The baseline: the same statements (queryDirectory) with index, index-only
 * and bitmap scans priced out, so every one reads the whole table: what the
 * directory costs without ADR 0062's indexes. One transaction per call, like
 * listDirectory.
 */
async function seqScanDirectory(db: Database, query: DirectoryQuery) {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('enable_indexscan', 'off', true), set_config('enable_bitmapscan', 'off', true), set_config('enable_indexonlyscan', 'off', true)`.execute(tx);
    return queryDirectory(tx, query);
  });
}

const ms = (value: number) => value.toFixed(2).padStart(8);

async function explain(db: Database, label: string, query: DirectoryQuery) {
  console.log(`\nEXPLAIN ANALYZE: ${label}`);
  for (const line of await explainDirectory(db, query, true)) console.log(`  ${line}`);
}

async function run(bench: BenchDatabase) {
  const { db } = bench.database;
  const seedStart = performance.now();
  const listed = await seedBenchMembers(db, MEMBERS);
  // As autovacuum leaves a PostgreSQL table (and embedded maintenance a PGlite one): the
  // visibility map set, so counting the directory is an index-only scan.
  await sql`vacuum (analyze) profiles`.execute(db);
  console.log(`\n${bench.label}: ${MEMBERS.toLocaleString("en-GB")} members (${listed.toLocaleString("en-GB")} listed) seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ${RUNS} runs per query after ${WARMUP} warm-up runs${FULL ? " (full run)" : ""}`);
  console.log(`${"query".padEnd(28)} ${"total".padStart(6)} |  indexed p50      p95 | seq scan p50      p95 | p95 ratio | p50 ratio`);
  const indexedP95: number[] = [];
  for (const { name, query } of QUERIES) {
    const result = await listDirectory(db, query);
    const indexed = await time(() => listDirectory(db, query), RUNS);
    const baseline = await time(() => seqScanDirectory(db, query), RUNS);
    // The baseline answers the same: same total, same page.
    const check = await seqScanDirectory(db, query);
    if (check.total !== result.total || check.rows.map((m) => m.user_id).join() !== result.members.map((m) => m.userId).join()) {
      throw new Error(`${name}: the sequential scan answered differently`);
    }
    const p95 = percentile(indexed, 95);
    indexedP95.push(p95);
    const baseP95 = percentile(baseline, 95);
    console.log(
      `${name.padEnd(28)} ${String(result.total).padStart(6)} | ${ms(percentile(indexed, 50))} ${ms(p95)} | ${ms(percentile(baseline, 50))} ${ms(baseP95)} | ${(baseP95 / p95).toFixed(1).padStart(8)}x | ${(percentile(baseline, 50) / percentile(indexed, 50)).toFixed(1).padStart(8)}x`,
    );
  }
  const genres = await time(() => listDirectoryGenres(db, { fresh: true }), RUNS);
  console.log(`${"genre menu (uncached)".padEnd(28)} ${"".padStart(6)} | ${ms(percentile(genres, 50))} ${ms(percentile(genres, 95))} |`);
  const worst = Math.max(...indexedP95);
  console.log(`\nworst indexed p95: ${worst.toFixed(2)} ms (target < ${TARGET_P95_MS} ms: ${worst < TARGET_P95_MS ? "met" : "NOT met"})`);
  await explain(db, "skill + genre + location", QUERIES.find((q) => q.name === "skill+genre+location")!.query);
  await explain(db, "name 'maya'", QUERIES.find((q) => q.name === "name: 'maya'")!.query);
  await explain(db, "browse A-Z, deep page", QUERIES.find((q) => q.name === "browse A-Z, deep page")!.query);
}

async function main() {
  const targets: (() => Promise<BenchDatabase>)[] = [benchPGlite];
  if (process.env.BENCH_DATABASE_URL) targets.push(() => benchPostgres(process.env.BENCH_DATABASE_URL!));
  for (const open of targets) {
    const bench = await open();
    try {
      await run(bench);
    } finally {
      await bench.close();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
