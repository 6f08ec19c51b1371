/**
 * Bench data: many catalogue songs inserted fast with generate_series (no
 * audio files: only rows), with credits whose splits sum to 100, through the
 * real schema (triggers and indexes included). Deterministic: the same N
 * gives the same rows.
 */
import { sql } from "kysely";
import crypto from "node:crypto";
import type { Database } from "~/platform/db/connect.server";
import { openDatabase, type OpenDatabase } from "~/platform/db/connect.server";
import { runMigrations } from "~/platform/db/migrate.server";

const WORDS = (
  "midnight avenue golden hour velvet static neon heart summer fire paper planes ocean bottle satellite concrete roses " +
  "echo thunder honey glass city lights dream parade sugar rush salt silver amber skies kaleidoscope northern tidal " +
  "firefly sunrise compass crown sparks daylight robbery afterglow motel fever quiet storm marigold bassline confession " +
  "glasshouse rain maker homesick wildfire season backroad lullaby gravity blue river wild stone electric shadow " +
  "diamond highway silence whisper gold silk broken wings falling stars morning coffee radio harbour island window " +
  "mirror garden forever tonight yesterday tomorrow runaway stranger lover letter promise secret fever dance floor " +
  "heartbeat rhythm rebel anthem cherry lemon velvet ghost champagne paradise desert thunderstorm moonlight starlight " +
  "love night never always young free alive home"
).split(" ");
const FIRST = "Maya Noah Ellie Marcus Tove Diego Hannah Felix Zara Oscar Leo Priya Jonas Amara Kenji Sofia Liam Ava Mila Omar Nina Ivan Lena Theo Aria Ezra Iris Jude Luca Nora".split(" ");
const LAST = "Brooks Kim Hart Reed Berg Alvarez Cole Brandt Ahmed Lindqvist Grant Nair Lind Diallo Sato Marquez Quinn Silva Novak Okafor Rossi Walsh Moreau Jensen Costa Byrne Fischer Tanaka Haddad Evans".split(" ");
const GENRES = ["Pop", "Dance", "Electronic", "Synthwave", "R&B", "Hip-Hop", "Indie", "Rock", "Country", "Soul", "Folk", "Latin"];
const MOODS = ["uplifting", "nostalgic", "euphoric", "energetic", "warm", "dreamy", "romantic", "moody", "dark", "cinematic", "melancholic", "playful"];
const KEYS = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"].flatMap((note) => [`${note} major`, `${note} minor`]);

const array = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`))}]::text[]`;

/** A deterministic pseudo-random index from the row number and a salt, in [0, n). */
const pick = (salt: number, n: number) => sql.raw(`(1 + (((g::bigint * ${2654435761 + salt * 40503}) % 1000003) % ${n}))`);

export async function seedBenchSongs(db: Database, count: number, options: { batch?: number; log?: (line: string) => void } = {}): Promise<number> {
  const batch = options.batch ?? 10_000;
  const started = Date.now();
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    const word = (salt: number) => sql`(${array(WORDS)})[${pick(salt, WORDS.length)}]`;
    const name = (salt: number) => sql`(${array(FIRST)})[${pick(salt, FIRST.length)}] || ' ' || (${array(LAST)})[${pick(salt + 1, LAST.length)}]`;
    await db.transaction().execute(async (tx) => {
      await sql`
        with rows as (
          select g,
                 initcap(${word(1)}) || ' ' || initcap(${word(2)}) || case when g % 3 = 0 then ' ' || initcap(${word(3)}) else '' end as title,
                 ${name(10)} as writer,
                 ${name(20)} as producer
          from generate_series(${from}::int, ${to}::int) as g
        ),
        inserted as (
          insert into songs (title, genre, moods, bpm, musical_key, duration_seconds, lyrics, audio_path, status, featured, credit_names, created_at, updated_at, vocal_type, explicit)
          select r.title,
                 (${array(GENRES)})[1 + r.g % ${GENRES.length}],
                 array[(${array(MOODS)})[1 + r.g % ${MOODS.length}], (${array(MOODS)})[1 + (r.g / ${GENRES.length}) % ${MOODS.length}]],
                 70 + (r.g * 37) % 101,
                 (${array(KEYS)})[1 + (r.g * 7) % ${KEYS.length}],
                 60 + (r.g * 13) % 240,
                 ${word(4)} || ' ' || ${word(5)} || ' ' || ${word(6)} || ' ' || ${word(7)} || E'\\n' ||
                   ${word(8)} || ' ' || ${word(9)} || ' ' || ${word(10)} || ' ' || ${word(11)},
                 'bench/' || r.g || '.wav',
                 case when r.g % 50 = 0 then 'archived' else 'catalogue' end,
                 r.g % 40 = 0,
                 r.writer || ' ' || r.producer,
                 now() - make_interval(mins => r.g),
                 now() - make_interval(mins => r.g),
                 -- The pitching facets (issue 11): one song in nine without a vocal type; one in six explicit.
                 case when r.g % 9 = 0 then null else (array['female', 'male', 'duet', 'group', 'instrumental'])[${pick(30, 5)}] end,
                 ${pick(31, 6)} = 1
          from rows r
          returning id, audio_path
        )
        insert into song_credits (song_id, name, role, split, position)
        select i.id, case when c.position = 0 then r.writer else r.producer end, c.role, c.split, c.position
        from inserted i
        join rows r on i.audio_path = 'bench/' || r.g || '.wav'
        cross join (values (0, 'writer', 60), (1, 'producer', 40)) as c(position, role, split)
      `.execute(tx);
    });
    options.log?.(`  ${to.toLocaleString("en")} songs (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  // A catalogue at rest, as autovacuum leaves it after a bulk load (PGlite runs no autovacuum):
  // statistics for the planner, and the visibility map that lets index-only scans skip the table.
  await sql`vacuum analyze`.execute(db);
  return Date.now() - started;
}

export interface BenchDatabase {
  database: OpenDatabase;
  label: string;
  close(): Promise<void>;
}

/** A fresh migrated PGlite in memory. */
export async function benchPGlite(): Promise<BenchDatabase> {
  const database = await openDatabase({ dataDir: "memory://" });
  await runMigrations(database, { includeLocalAuth: true });
  return { database, label: "PGlite", close: () => database.close() };
}

/** A fresh migrated database on the PostgreSQL server of `url` (created, then dropped). */
export async function benchPostgres(url: string): Promise<BenchDatabase> {
  const { default: pg } = await import("pg");
  const name = `hf_bench_${crypto.randomBytes(5).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  await runMigrations(database, { includeLocalAuth: true });
  const version = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(database.db);
  return {
    database,
    label: `PostgreSQL ${version.rows[0].v}`,
    close: async () => {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
    },
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
