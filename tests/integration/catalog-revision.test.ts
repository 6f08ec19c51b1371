/**
 * The catalogue revision kept in memory on the embedded database: it follows
 * every committed change to songs and credits (NOTIFY catalog_revision), never
 * a rolled-back one, without a query per read. PGlite only: PostgreSQL reads
 * the revision per request (a shared database, asynchronous notifications).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSongRecord } from "~/catalog/song-records.server";
import { catalogRevision, followCatalogRevision } from "~/catalog/search-cache.server";
import { openDatabase, type OpenDatabase } from "~/platform/db/connect.server";
import { runMigrations } from "~/platform/db/migrate.server";
import { newSong as song } from "../support/songs";

let database: OpenDatabase;

async function storedRevision() {
  const { rows } = await sql<{ revision: number }>`select revision::int as revision from catalog_revision`.execute(database.db);
  return rows[0]!.revision;
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await runMigrations(database, { includeLocalAuth: true });
});
afterAll(async () => {
  await database?.close();
});

describe("the embedded catalogue revision in memory", () => {
  it("follows committed changes, ignores rolled-back ones, and reads no table", async () => {
    const unfollow = await followCatalogRevision(database);
    try {
      expect(await catalogRevision(database.db)).toBe(await storedRevision());

      const id = await database.db.transaction().execute((tx) => insertSongRecord(tx, song("Harbour Lights")));
      const afterInsert = await storedRevision();
      expect(afterInsert).toBeGreaterThan(0);
      expect(await catalogRevision(database.db)).toBe(afterInsert);

      await database.db.updateTable("song_credits").set({ name: "Noah Kim" }).where("song_id", "=", id).execute();
      expect(await catalogRevision(database.db)).toBe(await storedRevision());
      expect(await catalogRevision(database.db)).toBeGreaterThan(afterInsert);

      const beforeRollback = await catalogRevision(database.db);
      await expect(
        database.db.transaction().execute(async (tx) => {
          await tx.updateTable("songs").set({ bpm: 120 }).where("id", "=", id).execute();
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await catalogRevision(database.db)).toBe(beforeRollback);
      expect(await storedRevision()).toBe(beforeRollback);

      // Moved behind the triggers' back (no notification): memory keeps what it was told.
      await sql`update catalog_revision set revision = 999`.execute(database.db);
      expect(await catalogRevision(database.db)).toBe(beforeRollback);
    } finally {
      await unfollow();
    }
    // Unfollowed: read from the table again.
    expect(await catalogRevision(database.db)).toBe(999);
  });
});
