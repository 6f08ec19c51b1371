/**
 * bench/admin-files: /admin/files at scale (issue 12 §6, ADR 0084: "listing
 * 100k objects must not time out"). Builds a throwaway PGlite in memory with
 * SONGS catalogue songs (bench/catalog-fixture.ts), and local storage in a
 * temporary directory holding each song's audio file (with its type sidecar
 * and its storage_objects row, as an upload leaves them) in one flat folder,
 * plus ORPHANS unused files in a folder each (catalogue/<n>/audio.wav, the
 * app's own layout), then measures:
 *
 *  1. scanStorage: every bucket walked once, usage from both sides, orphans;
 *  2. browseBucket: the first page, a page deep in the bucket (by cursor),
 *     and a path search (prefix) — what the page loads besides the scan.
 *
 *   npm run bench:files                     100,000 songs and files, 1,000 orphans
 *   SONGS=20000 ORPHANS=200 npm run bench:files
 *
 * Figures are printed, never asserted.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { browseBucket, scanStorage } from "~/files/files.server";
import { LocalStorage } from "~/platform/storage/local.server";
import { benchPGlite, seedBenchSongs } from "./catalog-fixture";

const SONGS = Number(process.env.SONGS ?? 100_000);
const ORPHANS = Number(process.env.ORPHANS ?? 1_000);
const RUNS = Number(process.env.RUNS ?? 3);

async function time<T>(label: string, run: () => Promise<T>): Promise<T> {
  const samples: number[] = [];
  let result!: T;
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    result = await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(`${label.padEnd(58)} min ${samples[0]!.toFixed(0).padStart(6)} ms   median ${samples[Math.floor(samples.length / 2)]!.toFixed(0).padStart(6)} ms`);
  return result;
}

async function writeObject(root: string, bucket: string, objectPath: string, bytes: Buffer) {
  const file = path.join(root, bucket, objectPath);
  const meta = path.join(root, ".meta", bucket, `${objectPath}.json`);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await fs.promises.mkdir(path.dirname(meta), { recursive: true });
  await fs.promises.writeFile(file, bytes);
  await fs.promises.writeFile(meta, JSON.stringify({ contentType: "audio/wav", sha256: crypto.createHash("sha256").update(bytes).digest("hex"), size: bytes.length }));
  const old = new Date(Date.now() - 2 * 86_400_000);
  await fs.promises.utimes(file, old, old);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-bench-files-"));
  const root = path.join(dir, "storage");
  const store = new LocalStorage({ root, secret: "bench-files-secret-0123456789-0123456789" });
  const bench = await benchPGlite();
  const { db } = bench.database;
  try {
    console.log(`Seeding ${SONGS.toLocaleString("en")} songs on ${bench.label}…`);
    await seedBenchSongs(db, SONGS, { log: (line) => console.log(line) });

    console.log(`Writing ${SONGS.toLocaleString("en")} song files (+ sidecars) and ${ORPHANS.toLocaleString("en")} orphans…`);
    const started = Date.now();
    const bytes = Buffer.alloc(256, 1);
    const sha = crypto.createHash("sha256").update(bytes).digest("hex");
    for (let from = 1; from <= SONGS; from += 500) {
      const to = Math.min(SONGS, from + 499);
      await Promise.all(Array.from({ length: to - from + 1 }, (_, index) => writeObject(root, "audio", `bench/${from + index}.wav`, bytes)));
    }
    for (let from = 1; from <= ORPHANS; from += 500) {
      const to = Math.min(ORPHANS, from + 499);
      await Promise.all(Array.from({ length: to - from + 1 }, (_, index) => writeObject(root, "audio", `catalogue/${from + index}/audio.wav`, bytes)));
    }
    await sql`
      insert into storage_objects (bucket, path, content_type, size_bytes, sha256, kind, created_at)
      select 'audio', 'bench/' || g || '.wav', 'audio/wav', 256, ${sha}, 'audio', now() - interval '2 days'
        from generate_series(1, ${SONGS}::int) g`.execute(db);
    await sql`vacuum analyze storage_objects`.execute(db);
    console.log(`  written in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    const scan = await time(`scanStorage (${(SONGS + ORPHANS).toLocaleString("en")} objects, 3 buckets)`, () => scanStorage(db, store));
    const audio = scan.usage.find((usage) => usage.bucket === "audio")!;
    console.log(`  audio: ${audio.storage.count} files in storage, ${audio.records.count} records; ${scan.orphanCount} orphans (${scan.orphans.length} shown)`);
    await time("browseBucket: first page of 50", () => browseBucket(db, store, { bucket: "audio" }));
    const deep = `bench/${Math.max(1, SONGS - 100)}.wav`;
    await time(`browseBucket: page of 50 after ${deep}`, () => browseBucket(db, store, { bucket: "audio", cursor: deep }));
    await time("browseBucket: path search 'bench/9999'", () => browseBucket(db, store, { bucket: "audio", prefix: "bench/9999" }));
    await time("browseBucket: path search 'catalogue/5'", () => browseBucket(db, store, { bucket: "audio", prefix: "catalogue/5" }));
  } finally {
    await bench.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
