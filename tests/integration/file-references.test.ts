/**
 * The file-reference registry (app/files/references.server.ts) against the
 * migrated database: every column of a public table whose name ends in
 * `_path` or `bucket` (or is named `path`) is either declared in the registry (as a path column or
 * as a bucket column) or listed with a reason in NOT_FILE_REFERENCES, and
 * every declaration names a column that exists. A migration that adds a file
 * column without telling the registry fails here.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_REFERENCES, NOT_FILE_REFERENCES } from "~/files/references.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await database?.close();
});

async function columns(where: ReturnType<typeof sql>) {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and ${where}
     order by 1, 2`.execute(database.db);
  return rows.map((row) => `${row.table_name}.${row.column_name}`);
}

describe("the file-reference registry", () => {
  it("declares every column that ends in _path or bucket (or says why it is not a reference)", async () => {
    const found = await columns(sql`(c.column_name = 'path' or c.column_name like '%\\_path' escape '\\' or c.column_name like '%bucket')`);
    // The migrations do have such columns (the query is not vacuous).
    expect(found).toEqual(expect.arrayContaining(["songs.audio_path", "showcase_tracks.audio_bucket", "storage_objects.path"]));
    const declared = new Set([
      ...FILE_REFERENCES.map((reference) => `${reference.table}.${reference.column}`),
      ...FILE_REFERENCES.flatMap((reference) => ("column" in reference.bucket ? [`${reference.table}.${reference.bucket.column}`] : [])),
      ...Object.keys(NOT_FILE_REFERENCES),
    ]);
    const undeclared = found.filter((column) => !declared.has(column));
    expect(undeclared, "add these to FILE_REFERENCES in app/files/references.server.ts (or to NOT_FILE_REFERENCES with the reason)").toEqual([]);
  });

  it("names only columns that exist, each declared once", async () => {
    const all = new Set(await columns(sql`true`));
    const names = FILE_REFERENCES.map((reference) => `${reference.table}.${reference.column}`);
    for (const name of names) expect(all, name).toContain(name);
    for (const reference of FILE_REFERENCES) {
      if ("column" in reference.bucket) expect(all).toContain(`${reference.table}.${reference.bucket.column}`);
    }
    for (const name of Object.keys(NOT_FILE_REFERENCES)) expect(all, name).toContain(name);
    expect(new Set(names).size).toBe(names.length);
    for (const required of ["songs.audio_path", "songs.artwork_path", "song_versions.audio_path", "showcase_tracks.audio_path", "application_tracks.audio_path", "submissions.audio_path", "profiles.avatar_url"]) {
      expect(names).toContain(required);
    }
  });
});
