/**
 * What autovacuum does on PostgreSQL, for the embedded database.
 *
 * PGlite runs no autovacuum: left alone, its tables are never analysed (the
 * planner guesses every row count) and never vacuumed, so the index-only scans
 * that one-word catalogue searches rely on (song_postings) visit the table for
 * every posting. This runs VACUUM ANALYZE on the given tables shortly after
 * start and again whenever `changed` reports a new value (the catalogue
 * revision, checked on an interval). VACUUM skips pages the visibility map
 * already marks all-visible, so a run after a few edits is short; the first
 * run on a large catalogue takes seconds, during which PGlite's one connection
 * answers nothing else, hence the delay after start. PostgreSQL keeps its own
 * daemon: a no-op there.
 */
import { sql } from "kysely";
import type { Database, OpenDatabase } from "./connect.server";

export const EMBEDDED_MAINTENANCE_INTERVAL_MS = 5 * 60_000;
export const EMBEDDED_MAINTENANCE_FIRST_RUN_MS = 10_000;

export interface EmbeddedMaintenanceOptions {
  /** The tables to keep vacuumed and analysed (those that grow, and that heavy queries read). */
  tables: readonly string[];
  /** A value that changes when those tables do (e.g. the catalogue revision). */
  changed: (db: Database) => Promise<unknown>;
  firstRunMs?: number;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

/** Starts the maintenance loop; returns a function that stops it once any run in progress ends. */
export function startEmbeddedMaintenance(database: OpenDatabase, options: EmbeddedMaintenanceOptions): () => Promise<void> {
  if (database.kind !== "pglite" || options.tables.length === 0) return async () => undefined;
  let last: unknown = Symbol("never run");
  let running: Promise<void> | null = null;
  let stopped = false;
  const tables = sql.join(options.tables.map((table) => sql.table(table)));

  const maintain = async () => {
    try {
      const now = await options.changed(database.db);
      if (now !== last && !stopped) {
        // Never inside a transaction (VACUUM refuses): Kysely hands this the connection between them.
        await sql`vacuum (analyze) ${tables}`.execute(database.db);
        last = now;
      }
    } catch (error) {
      (options.onError ?? ((e) => console.error("embedded database maintenance failed", e)))(error);
    }
  };
  const run = () => {
    if (running || stopped) return;
    running = maintain().finally(() => {
      running = null;
    });
  };

  // Maintenance must never keep a process alive on its own.
  const first = setTimeout(run, options.firstRunMs ?? EMBEDDED_MAINTENANCE_FIRST_RUN_MS);
  first.unref();
  const timer = setInterval(run, options.intervalMs ?? EMBEDDED_MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
