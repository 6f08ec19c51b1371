/**
 * What autovacuum does on PostgreSQL, for the embedded database.
 *
 * PGlite runs no autovacuum: left alone, its tables are never analysed (the
 * planner guesses every row count) and never vacuumed, so the index-only scans
 * that one-word catalogue searches rely on (song_postings) visit the table for
 * every posting. This runs VACUUM ANALYZE once at start and again whenever
 * `changed` reports a new value (the catalogue revision, checked on an
 * interval). VACUUM skips pages the visibility map already marks all-visible,
 * so a run after a few edits is short. PostgreSQL keeps its own daemon: a no-op there.
 */
import { sql } from "kysely";
import type { Database, OpenDatabase } from "./connect.server";

export const EMBEDDED_MAINTENANCE_INTERVAL_MS = 5 * 60_000;

export interface EmbeddedMaintenanceOptions {
  /** A value that changes when the data worth re-analysing does (e.g. the catalogue revision). */
  changed: (db: Database) => Promise<unknown>;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

/** Starts the maintenance loop; returns a function that stops it. */
export function startEmbeddedMaintenance(database: OpenDatabase, options: EmbeddedMaintenanceOptions): () => void {
  if (database.kind !== "pglite") return () => undefined;
  let last: unknown = Symbol("never");
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const now = await options.changed(database.db);
      if (now !== last) {
        // Not inside a transaction: VACUUM refuses to run in one.
        await sql`vacuum analyze`.execute(database.db);
        last = now;
      }
    } catch (error) {
      (options.onError ?? ((e) => console.error("embedded database maintenance failed", e)))(error);
    } finally {
      running = false;
    }
  };
  // Maintenance must never keep a process alive on its own.
  const first = setTimeout(run, 0);
  first.unref();
  const timer = setInterval(run, options.intervalMs ?? EMBEDDED_MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
