import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "~/platform/db/migrate.server";
import { openDatabase, pingDatabase } from "~/platform/db/connect.server";
import { DataDirLockedError, lockDataDir } from "~/platform/db/data-dir-lock.server";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../support/database";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe(`migrations (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("are recorded and safe to run twice", async () => {
    const again = await runMigrations(database, { includeLocalAuth: true });
    expect(again).toEqual([]);
    const recorded = await sql<{ id: string }>`select id from hitfactory_meta.migrations order by id`.execute(database.db);
    expect(recorded.rows.map((r) => r.id)).toContain("local-auth/0001_auth_schema.sql");
    expect(recorded.rows.map((r) => r.id)).toContain("migrations/20261121000001_profiles.sql");
  });

  it("enable row-level security on every table in public", async () => {
    const tables = await sql<{ relname: string; relrowsecurity: boolean }>`
      select c.relname, c.relrowsecurity
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`.execute(database.db);
    expect(tables.rows.length).toBeGreaterThan(0);
    const withoutRls = tables.rows.filter((t) => !t.relrowsecurity).map((t) => t.relname);
    expect(withoutRls).toEqual([]);
  });

  it("give profiles every field of SPEC section 3", async () => {
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = 'public' and table_name = 'profiles'`.execute(database.db);
    const names = columns.rows.map((c) => c.column_name);
    for (const field of [
      "id", "user_id", "role", "display_name", "public_profile", "is_admin", "has_seen_decision_banner",
      "onboarding_completed", "onboarding_skipped", "onboarding_current_step", "onboarding_started_at",
      "onboarding_completed_at", "first_login_after_acceptance", "created_at", "updated_at",
      "bio", "avatar_url", "location", "skills", "genres", "links",
    ]) {
      expect(names).toContain(field);
    }
  });
});

describe("health check", () => {
  it("pings true while the database answers and false once it is closed (/healthz 200 vs 503)", async () => {
    const probe = await openDatabase({ dataDir: "memory://" });
    expect(await pingDatabase(probe.db)).toBe(true);
    await probe.close();
    expect(await pingDatabase(probe.db)).toBe(false);
  });
});

describe("concurrent requests", () => {
  it("never share a transaction: one rolls back, the other's write survives", async () => {
    const db = database.db;
    await sql`create table if not exists public.concurrency_probe (id text primary key)`.execute(db);
    await sql`alter table public.concurrency_probe enable row level security`.execute(db);
    let releaseRollback!: () => void;
    const rollbackMayFinish = new Promise<void>((resolve) => (releaseRollback = resolve));

    const failing = db
      .transaction()
      .execute(async (tx) => {
        await sql`insert into public.concurrency_probe (id) values ('rolled-back')`.execute(tx);
        await rollbackMayFinish;
        throw new Error("roll back on purpose");
      })
      .catch((error: Error) => error.message);

    // A second "request" starts while the first transaction is open.
    const succeeding = (async () => {
      await new Promise((r) => setTimeout(r, 10));
      const write = sql`insert into public.concurrency_probe (id) values ('committed')`.execute(db);
      setTimeout(releaseRollback, 20);
      await write;
    })();

    const [failure] = await Promise.all([failing, succeeding]);
    expect(failure).toBe("roll back on purpose");
    const rows = await sql<{ id: string }>`select id from public.concurrency_probe order by id`.execute(db);
    expect(rows.rows.map((r) => r.id)).toEqual(["committed"]);
    await sql`drop table public.concurrency_probe`.execute(db);
  });
});

describe.skipIf(usingPostgres)("embedded data dir", () => {
  it("is locked against a second opener, with the holder's pid in the message", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-lock-"));
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`pid ${process.pid}`);
    } finally {
      await first.close();
    }
    // Released on close: a new opener gets it.
    const again = lockDataDir(dir);
    again.release();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("takes over a lock left with this very pid by a crashed earlier run", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-lock-"));
    fs.writeFileSync(path.join(dir, "server.lock"), String(process.pid));
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("takes over a lock left by a process that no longer exists", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-lock-"));
    fs.writeFileSync(path.join(dir, "server.lock"), "999999999");
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "server.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
