/**
 * The embedded database's stand-in for autovacuum: VACUUM ANALYZE of the
 * catalogue tables after start, then again only when the catalogue revision moves. Always on PGlite (the
 * only database it acts on); on PostgreSQL it does nothing.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSongRecord } from "~/catalog/song-records.server";
import { CATALOGUE_TABLES } from "~/catalog/constants";
import { catalogRevision } from "~/catalog/search-cache.server";
import { openDatabase, type OpenDatabase } from "~/platform/db/connect.server";
import { startEmbeddedMaintenance } from "~/platform/db/embedded-maintenance.server";
import { runMigrations } from "~/platform/db/migrate.server";
import { newSong as song } from "../support/songs";

let database: OpenDatabase;

/** What VACUUM and ANALYZE leave on song_postings: pages marked all-visible, and a row estimate. */
async function postingsState() {
  const { rows } = await sql<{ allVisible: number; estimate: number; vacuums: number }>`
    select c.relallvisible::int as "allVisible", c.reltuples::int as estimate, s.vacuum_count::int as vacuums
    from pg_class c join pg_stat_user_tables s on s.relid = c.oid
    where c.relname = 'song_postings'`.execute(database.db);
  return rows[0]!;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out waiting for maintenance");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await runMigrations(database, { includeLocalAuth: true });
  await database.db.transaction().execute(async (tx) => {
    for (let i = 0; i < 30; i++) await insertSongRecord(tx, song(`Harbour Lights ${i}`));
  });
});
afterAll(async () => {
  await database?.close();
});

describe("embedded database maintenance", () => {
  it("vacuums and analyses the catalogue tables soon after start", async () => {
    const before = await postingsState();
    expect(before.vacuums).toBe(0);
    expect(before.allVisible).toBe(0); // never vacuumed: index-only scans would visit every page
    expect(before.estimate).toBeLessThan(0); // never analysed

    // An interval far beyond the test: only the run after start can do this.
    const stop = startEmbeddedMaintenance(database, { tables: CATALOGUE_TABLES, changed: catalogRevision, firstRunMs: 0, intervalMs: 3_600_000 });
    try {
      await waitFor(async () => (await postingsState()).vacuums >= 1);
      const after = await postingsState();
      expect(after.allVisible).toBeGreaterThan(0);
      expect(after.estimate).toBeGreaterThan(30); // a few postings per song
    } finally {
      await stop();
    }
  });

  it("runs again only after the catalogue changes", async () => {
    const stop = startEmbeddedMaintenance(database, { tables: CATALOGUE_TABLES, changed: catalogRevision, firstRunMs: 0, intervalMs: 30 });
    try {
      const started = (await postingsState()).vacuums;
      await waitFor(async () => (await postingsState()).vacuums > started); // its first run
      const settled = (await postingsState()).vacuums;
      // Several intervals without a change: no further run.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await postingsState()).vacuums).toBe(settled);

      await database.db.transaction().execute((tx) => insertSongRecord(tx, song("Velvet Morning")));
      await waitFor(async () => (await postingsState()).vacuums > settled);
    } finally {
      await stop();
    }
  });

  it("leaves PostgreSQL to its own autovacuum", async () => {
    let asked = 0;
    const stop = startEmbeddedMaintenance(
      { ...database, kind: "postgres" },
      {
        tables: CATALOGUE_TABLES,
        changed: async () => {
          asked += 1;
          return asked;
        },
        firstRunMs: 0,
        intervalMs: 10,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 60));
    await stop();
    expect(asked).toBe(0);
  });
});
