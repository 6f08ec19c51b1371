/**
 * Applies SQL migrations in file-name order and records them, so running it
 * twice (or from two servers at once on PostgreSQL) applies each file once.
 *
 * Two folders:
 *  - db/local-auth: the embedded `auth` schema (only with the local auth adapter;
 *    on Supabase the real `auth` schema exists already), applied first because
 *    product tables reference auth.users.
 *  - supabase/migrations: the product schema, the folder the Supabase CLI reads.
 */
import fs from "node:fs";
import path from "node:path";
import type { OpenDatabase } from "./connect.server";

export interface MigrationFile {
  id: string;
  script: string;
}

const PROJECT_ROOT = process.cwd();

export function migrationFolders(includeLocalAuth: boolean): string[] {
  const folders = [path.join(PROJECT_ROOT, "supabase", "migrations")];
  if (includeLocalAuth) folders.unshift(path.join(PROJECT_ROOT, "db", "local-auth"));
  return folders;
}

export function readMigrations(folders: string[]): MigrationFile[] {
  return folders.flatMap((folder) => {
    const prefix = path.basename(folder);
    return fs
      .readdirSync(folder)
      .filter((name) => name.endsWith(".sql"))
      .sort()
      .map((name) => ({
        id: `${prefix}/${name}`,
        script: fs.readFileSync(path.join(folder, name), "utf8"),
      }));
  });
}

const BOOKKEEPING = `
create schema if not exists hitfactory_meta;
create table if not exists hitfactory_meta.migrations (
  id text primary key,
  applied_at timestamptz not null default now()
);`;

export async function runMigrations(
  database: OpenDatabase,
  options: { includeLocalAuth: boolean; log?: (line: string) => void },
): Promise<string[]> {
  const migrations = readMigrations(migrationFolders(options.includeLocalAuth));
  return database.withExclusiveScripts(async (run) => {
    await run(BOOKKEEPING);
    const appliedRows = await run("select id from hitfactory_meta.migrations");
    const applied = new Set(appliedRows.map((row) => String(row.id)));
    const newlyApplied: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      const record = `insert into hitfactory_meta.migrations (id) values ('${migration.id.replace(/'/g, "''")}');`;
      try {
        await run(`begin;\n${migration.script}\n;${record}\ncommit;`);
      } catch (error) {
        await run("rollback;").catch(() => undefined);
        throw new Error(`Migration ${migration.id} failed: ${(error as Error).message}`, { cause: error });
      }
      options.log?.(`applied migration ${migration.id}`);
      newlyApplied.push(migration.id);
    }
    return newlyApplied;
  });
}
