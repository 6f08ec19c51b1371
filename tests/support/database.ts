/**
 * A fresh, migrated database for each test file (and so each worker).
 *
 * PGlite by default: a new in-memory instance per call. With TEST_DATABASE_URL
 * set (CI), a new database is created on that server from a migrated template,
 * which takes milliseconds instead of re-running every migration.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type OpenDatabase } from "~/platform/db/connect.server";
import { migrationFolders, readMigrations, runMigrations } from "~/platform/db/migrate.server";
import { parseEnv, setEnvForTests } from "~/platform/env.server";
import { createMessagePort } from "~/platform/messages/index.server";
import { setRuntime, type Runtime } from "~/platform/runtime.server";

export interface TestDatabase extends OpenDatabase {
  name: string;
}

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function adminQuery(sqlText: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

// The template's name carries a hash of the migrations, so a long-lived local
// server never hands out a template migrated with older files.
const TEMPLATE = `hf_test_template_${crypto
  .createHash("sha256")
  .update(readMigrations(migrationFolders(true)).map((m) => m.id + m.script).join("\n"))
  .digest("hex")
  .slice(0, 12)}`;
let templateReady: Promise<void> | undefined;

async function ensureTemplate() {
  templateReady ??= (async () => {
    // One worker builds it; others wait on the advisory lock and reuse it.
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query("select pg_advisory_lock(4242)");
      const exists = await client.query("select 1 from pg_database where datname = $1", [TEMPLATE]);
      if (exists.rowCount === 0) {
        await client.query(`create database ${TEMPLATE}`);
        const template = await openDatabase({ databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, TEMPLATE) });
        await runMigrations(template, { includeLocalAuth: true });
        await template.close();
      }
    } finally {
      await client.query("select pg_advisory_unlock(4242)");
      await client.end();
    }
  })();
  return templateReady;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (usingPostgres) {
    await ensureTemplate();
    const name = `hf_test_${crypto.randomBytes(6).toString("hex")}`;
    await adminQuery(`create database ${name} template ${TEMPLATE}`);
    const database = await openDatabase({ databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, name) });
    return {
      ...database,
      name,
      close: async () => {
        await database.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  const database = await openDatabase({ dataDir: "memory://" });
  await runMigrations(database, { includeLocalAuth: true });
  return { ...database, name: "pglite-memory" };
}

/**
 * A DATA_DIR of its own, removed when the database closes (test files close
 * theirs in afterAll; vitest ends its workers without an "exit" event).
 */
function temporaryDataDir(database: OpenDatabase): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-test-data-"));
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return dir;
}

/**
 * Publishes a test database as the app runtime so route loaders/actions and
 * area functions run against it.
 *
 * DATA_DIR is a fresh temporary directory unless the test names one, so the
 * messages this runtime sends (the local adapter's DATA_DIR/messages/outbox.jsonl,
 * see tests/support/messages.ts) belong to this test file alone. The local
 * adapter's log lines are dropped: the file holds the same messages.
 */
export function useTestRuntime(database: OpenDatabase, overrides: Record<string, string> = {}): Runtime {
  const env = parseEnv({ NODE_ENV: "test", SEED_DEMO: "false", ...overrides, DATA_DIR: overrides.DATA_DIR ?? temporaryDataDir(database) });
  setEnvForTests(env);
  const runtime: Runtime = {
    env,
    database,
    sessionSecret: "test-secret-test-secret-test-secret-0123",
    messages: createMessagePort(env, env.dataDir, () => undefined),
  };
  setRuntime(runtime);
  return runtime;
}
