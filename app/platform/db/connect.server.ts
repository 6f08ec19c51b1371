/**
 * Opens the one database the app talks to: PGlite in DATA_DIR by default,
 * a pg pool when DATABASE_URL is set. Both are wrapped in the same Kysely type.
 */
import { Kysely, PostgresDialect, sql } from "kysely";
import path from "node:path";
import { PGliteDialect } from "./pglite-dialect.server";
import type { DB } from "./schema";
import { lockDataDir, type DataDirLock } from "./data-dir-lock.server";

export type Database = Kysely<DB>;

/** Runs a multi-statement SQL script and returns the rows of its last statement. */
export type ScriptRunner = (script: string) => Promise<Record<string, unknown>[]>;

export interface OpenDatabase {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Runs `fn` with exclusive use of one connection that accepts whole SQL
   * scripts (migrations, resets). On PostgreSQL an advisory lock keeps two
   * servers from migrating at once.
   */
  withExclusiveScripts<T>(fn: (run: ScriptRunner) => Promise<T>): Promise<T>;
  /**
   * Embedded only: calls `onPayload` for each NOTIFY on `channel`. PGlite has
   * one session, so a notification arrives with the commit that raised it,
   * before any later query; resolves to an unsubscribe function.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const MIGRATION_LOCK_KEY = 727_274_001;

export interface OpenOptions {
  databaseUrl?: string;
  /** Directory holding pgdata; ignored for PostgreSQL. `memory://` for tests. */
  dataDir?: string;
  /** Lock the data dir against a second process (servers do; tests on temp dirs may not). */
  lock?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPGlite(options.dataDir ?? "memory://", options.lock ?? true);
}

async function openPostgres(url: string): Promise<OpenDatabase> {
  const { default: pg } = await import("pg");
  // Return timestamps as Date and bigint counts as numbers where safe.
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client can be cut off by the server (restart, admin termination);
  // without a listener that error would crash the process. The pool replaces it.
  pool.on("error", (error) => console.error(`PostgreSQL pool: ${error.message}`));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  return {
    db,
    kind: "postgres",
    async withExclusiveScripts(fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        return await fn(async (script) => {
          const result = await client.query(script);
          const last = Array.isArray(result) ? result[result.length - 1] : result;
          return (last?.rows ?? []) as Record<string, unknown>[];
        });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: () => db.destroy(),
  };
}

async function openPGlite(dataDir: string, lock: boolean): Promise<OpenDatabase> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { citext } = await import("@electric-sql/pglite/contrib/citext");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const inMemory = dataDir.startsWith("memory://");
  let dirLock: DataDirLock | undefined;
  if (!inMemory && lock) dirLock = lockDataDir(dataDir);
  try {
    const pglite = await PGlite.create({
      dataDir: inMemory ? dataDir : path.join(dataDir, "pgdata"),
      extensions: { pg_trgm, citext, unaccent },
      parsers: { 20: (v: string) => Number.parseInt(v, 10) },
    });
    const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
    return {
      db,
      kind: "pglite",
      async withExclusiveScripts(fn) {
        // Go through Kysely's connection so the script waits for any open
        // transaction instead of running inside it.
        return db.connection().execute(() =>
          fn(async (script) => {
            const results = await pglite.exec(script);
            return (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[];
          }),
        );
      },
      listen: (channel, onPayload) => pglite.listen(channel, onPayload),
      close: async () => {
        await db.destroy();
        dirLock?.release();
      },
    };
  } catch (error) {
    dirLock?.release();
    throw error;
  }
}

/** True when the database answers a trivial query. Used by /healthz. */
export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
