/**
 * Backups of the embedded default (issue 16 §6, ADR 0098), on a real PGlite
 * database in a temporary DATA_DIR with the demo seeded and its real files:
 *  - a backup taken while writes run (files put, then their rows committed;
 *    rows deleted, then their files removed) restores into a new directory
 *    with every row of the snapshot (every table counted, untouched tables
 *    checksummed) and every file byte-identical, and no row naming a missing file;
 *  - the restore refuses a locked or non-empty directory, moves data aside
 *    with --force, and rejects a damaged archive, putting the data back;
 *  - /admin/backup: an admin downloads an archive that restores (recorded in
 *    the audit log, no-store, attachment); others are sent away; the rate limit;
 *  - the built server answers `npm run db:backup` (SIGUSR2), when a build exists
 *    (npm test builds first), on the directory the download was restored into.
 */
import crypto from "node:crypto";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKUP_RATE_LIMIT } from "~/admin/backup-text";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { openDatabase, type OpenDatabase } from "~/platform/db/connect.server";
import { lockDataDir } from "~/platform/db/data-dir-lock.server";
import { runMigrations } from "~/platform/db/migrate.server";
import { createBackup, countRows, secretFingerprint, type BackupManifest, type BackupResult } from "~/platform/backup/backup.server";
import { readTar } from "~/platform/backup/tar.server";
import { RestoreError, restoreBackup } from "~/platform/backup/restore.server";
import { consume } from "~/platform/rate-limit.server";
import { getRuntime } from "~/platform/runtime.server";
import { storage } from "~/platform/storage/index.server";
import { LocalStorage } from "~/platform/storage/local.server";
import { createAppHandler, TestClient, type AppHandler } from "../support/app-handler";
import { useTestRuntime, usingPostgres } from "../support/database";
import { COMPILED_SERVER, startServer } from "../support/server-process";

const PASSWORD = "backup-test-password";
const SECRET = "backup-test-secret-backup-test-secret-0123";
const ROOT = path.resolve(__dirname, "../..");
const temp: string[] = [];
const tempDir = (label: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hf-backup-${label}-`));
  temp.push(dir);
  return dir;
};

let dataDir: string;
let database: OpenDatabase;
let app: AppHandler;
const clients: Record<"admin" | "member" | "anonymous", TestClient> = {} as never;

/** Every regular file under a storage root (.tmp left out), by path, with its sha256. */
function treeHashes(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    const dir = path.join(root, rel);
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (child === ".tmp") continue;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.set(child, crypto.createHash("sha256").update(fs.readFileSync(path.join(root, child))).digest("hex"));
    }
  };
  walk("");
  return out;
}

/** md5 of a table's rows in a stable order: the same data gives the same value. */
async function tableChecksum(db: OpenDatabase, table: string, orderBy: string): Promise<string> {
  const rows = await db.withExclusiveScripts((run) => run(`select md5(coalesce(string_agg(t::text, '|' order by ${orderBy}), '')) as sum from ${table} t`));
  return String(rows[0]!.sum);
}

const CHECKSUMMED: Array<[string, string]> = [
  ["auth.users", "t.id"],
  ["public.profiles", "t.user_id"],
  ["public.songs", "t.id"],
  ["public.song_credits", "t.id"],
];

beforeAll(async () => {
  // The embedded database is what this file backs up; the PostgreSQL run of the suite has pg_dump instead.
  if (usingPostgres) return;
  dataDir = tempDir("data");
  database = await openDatabase({ dataDir, lock: true });
  await runMigrations(database, { includeLocalAuth: true });
  useTestRuntime(database, { DATA_DIR: dataDir });
  await seedDemoData(database.db, { password: PASSWORD });
  app = await createAppHandler();
  for (const key of ["admin", "member"] as const) {
    clients[key] = new TestClient(app);
    await clients[key].signIn(demoAccount(key).email, PASSWORD);
  }
  clients.anonymous = new TestClient(app);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(usingPostgres)("backups of the embedded database", () => {
  let backup: BackupResult;
  let seededFiles: Map<string, string>;
  let restoredDir: string;

  it("backs up while writes run, and the backup restores every row and file of its instant", async () => {
    const store = storage() as LocalStorage;
    seededFiles = treeHashes(store.root);
    expect(seededFiles.size).toBeGreaterThan(20);
    const checksumsBefore = Object.fromEntries(await Promise.all(CHECKSUMMED.map(async ([t, o]) => [t, await tableChecksum(database, t, o)])));

    // Writers as the app writes: the file first, then its row in a transaction; a removal deletes the row, then the file.
    let stop = false;
    let written = 0;
    const longName = `${"long-folder-name/".repeat(14)}file.bin`; // over ustar's 255 bytes: a pax header
    const writer = (async () => {
      for (let n = 0; !stop; n++) {
        const objectPath = n === 3 ? longName : `backup-test/${n}.bin`;
        const bytes = crypto.randomBytes(1024 + (n % 7) * 4096);
        await store.put("audio", objectPath, bytes, "application/octet-stream");
        await database.db.transaction().execute(async (tx) => {
          await tx
            .insertInto("storage_objects")
            .values({ bucket: "audio", path: objectPath, content_type: "application/octet-stream", size_bytes: bytes.byteLength, sha256: crypto.createHash("sha256").update(bytes).digest("hex"), kind: "audio" })
            .execute();
        });
        if (n % 5 === 4) {
          const victim = `backup-test/${n - 2}.bin`;
          await database.db.deleteFrom("storage_objects").where("bucket", "=", "audio").where("path", "=", victim).execute();
          await store.remove("audio", victim);
        }
        written++;
      }
    })();
    while (written < 10) await new Promise((resolve) => setTimeout(resolve, 5));
    const atStart = written;
    const started = performance.now();
    backup = await createBackup({ database, dataDir, storageRoot: store.root, sessionSecret: SECRET });
    const backupMs = Math.round(performance.now() - started);
    const writtenDuring = written;
    stop = true;
    await writer;
    // The site kept writing while the archive was compressed (only the snapshot itself holds writes).
    expect(writtenDuring - atStart).toBeGreaterThan(0);

    expect(path.dirname(backup.file)).toBe(path.join(dataDir, "backups"));
    expect(path.basename(backup.file)).toMatch(/^hitfactory-\d{4}-\d{2}-\d{2}T[\d-]+Z\.tar\.gz$/);
    expect(fs.statSync(backup.file).mode & 0o077).toBe(0);
    expect(fs.readdirSync(path.join(dataDir, "backups")).filter((name) => name.startsWith("."))).toEqual([]);

    restoredDir = tempDir("restored");
    const restoreStarted = performance.now();
    const result = await restoreBackup({ archive: backup.file, dataDir: restoredDir, sessionSecret: SECRET });
    const restoreMs = Math.round(performance.now() - restoreStarted);
    expect(result.secret).toBe("same");
    expect(result.files).toBe(backup.manifest.files.count);
    const rows = Object.values(backup.manifest.tables).reduce((sum, n) => sum + n, 0);
    console.log(
      `[backup] demo data: ${Object.keys(backup.manifest.tables).length} tables, ${rows} rows, ${backup.manifest.files.count} files (${(backup.manifest.files.bytes / 1e6).toFixed(1)} MB), ` +
        `database ${(backup.manifest.database.bytes / 1e6).toFixed(1)} MB -> archive ${(backup.bytes / 1e6).toFixed(1)} MB in ${backupMs} ms ` +
        `(writes held ${backup.manifest.heldMs} ms; ${writtenDuring - atStart} file+row writes completed meanwhile); restore ${restoreMs} ms`,
    );

    // Every row of the snapshot: each table's count, and untouched tables byte for byte.
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      const counts = await restored.withExclusiveScripts((run) => countRows(run));
      expect(counts).toEqual(backup.manifest.tables);
      expect(counts["auth.users"]).toBeGreaterThan(10);
      for (const [table, order] of CHECKSUMMED) expect(await tableChecksum(restored, table, order), table).toBe(checksumsBefore[table]);

      // No row names a missing file: every storage_objects row's file is there, with its checksum.
      const objects = await restored.db.selectFrom("storage_objects").select(["bucket", "path", "sha256"]).execute();
      const restoredFiles = treeHashes(path.join(restoredDir, "storage"));
      expect(objects.length).toBeGreaterThan(0);
      for (const object of objects) expect(restoredFiles.get(`${object.bucket}/${object.path}`), `${object.bucket}/${object.path}`).toBe(object.sha256);
      expect(objects.some((object) => object.path === longName)).toBe(true);

      // Every seeded file, byte-identical (the writers never touch them).
      for (const [rel, hash] of seededFiles) expect(restoredFiles.get(rel), rel).toBe(hash);
      // Writes in progress and the secrets are not in it.
      for (const name of ["session-secret", "demo-credentials.txt", "messages", "uploads"]) expect(fs.existsSync(path.join(restoredDir, name)), name).toBe(false);

      // The restored database is one the app can use: the demo admin signs in.
      const admin = await restored.db.selectFrom("auth.users").select("email").where("email", "=", demoAccount("admin").email).executeTakeFirst();
      expect(admin?.email).toBe(demoAccount("admin").email);
    } finally {
      await restored.close();
    }
  }, 60_000);

  let target: string;
  let downloadedFiles = 0;

  it("refuses a directory a server holds, one with data unless forced, and a damaged archive, putting the data back", async () => {
    target = tempDir("target");
    const lock = lockDataDir(target);
    try {
      // The lock belongs to this process, as a server's would to it.
      await expect(restoreBackup({ archive: backup.file, dataDir: target })).rejects.toThrow(/in use by another process/);
    } finally {
      lock.release();
    }
    fs.writeFileSync(path.join(target, "session-secret"), getRuntime().sessionSecret + "\n");
    fs.mkdirSync(path.join(target, "storage"));
    fs.writeFileSync(path.join(target, "storage", "old.txt"), "old data");
    await expect(restoreBackup({ archive: backup.file, dataDir: target })).rejects.toThrow(/already holds data .*--force/);

    // A damaged (truncated) archive: nothing restored, the data put back.
    const damaged = path.join(tempDir("damaged"), "damaged.tar.gz");
    fs.writeFileSync(damaged, fs.readFileSync(backup.file).subarray(0, 200_000));
    await expect(restoreBackup({ archive: damaged, dataDir: target, force: true })).rejects.toThrow(RestoreError);
    expect(fs.readFileSync(path.join(target, "storage", "old.txt"), "utf8")).toBe("old data");
    expect(fs.readdirSync(target).sort()).toEqual(["session-secret", "storage"]);
  }, 30_000);

  it("/admin/backup: an admin downloads an archive that restores (--force moves the data aside); audited; rate limited; others sent away", async () => {
    const page = await clients.admin.get("/admin/backup");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('action="/admin/backup/download"');
    expect(html).toContain('name="understood"');

    for (const [who, location] of [
      ["member", "/"],
      ["anonymous", "/auth?redirect=%2Fadmin%2Fbackup%2Fdownload"],
    ] as const) {
      const refused = await clients[who].post("/admin/backup/download", { intent: "download", understood: "on" });
      expect(refused.status, who).toBe(302);
      expect(refused.headers.get("location"), who).toBe(location);
    }
    // Without the confirmation: refused, nothing written.
    expect((await clients.admin.post("/admin/backup/download", { intent: "download" })).status).toBe(400);

    const response = await clients.admin.post("/admin/backup/download", { intent: "download", understood: "on" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="hitfactory-[\dT-]+Z\.tar\.gz"$/);
    const archive = Buffer.from(await response.arrayBuffer());
    expect(archive.length).toBe(Number(response.headers.get("content-length")));
    // Nothing is left on the server's disk.
    expect(fs.readdirSync(path.join(dataDir, "backups")).filter((name) => name.startsWith("."))).toEqual([]);

    const file = path.join(tempDir("download"), "download.tar.gz");
    fs.writeFileSync(file, archive);
    const result = await restoreBackup({ archive: file, dataDir: target, force: true });
    expect(result.tables).toBeGreaterThan(20);
    expect(result.files).toBeGreaterThan(seededFiles.size - 1);
    // The old data moved aside, not deleted; the directory's own secret kept (its sessions and links stay valid).
    expect(result.movedAside).toMatch(/before-restore-/);
    expect(fs.readFileSync(path.join(result.movedAside!, "storage", "old.txt"), "utf8")).toBe("old data");
    expect(fs.existsSync(path.join(target, "storage", "old.txt"))).toBe(false);
    expect(result.secret).toBe("same");
    downloadedFiles = result.files;

    const entry = await database.db.selectFrom("admin_audit_log").selectAll().where("action", "=", "database.backup_downloaded").executeTakeFirstOrThrow();
    expect(entry.target_type).toBe("database");
    expect(JSON.stringify(entry.after)).toContain(`"files":${result.files}`);

    // The rate limit: once spent, the page says so (a toast) instead of writing another.
    for (let i = 1; i < BACKUP_RATE_LIMIT.limit; i++) await consume(database.db, BACKUP_RATE_LIMIT, entry.actor_id);
    const limited = await clients.admin.post("/admin/backup/download", { intent: "download", understood: "on" });
    expect(limited.status).toBe(302);
    expect(limited.headers.get("location")).toBe("/admin/backup");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  }, 40_000);

  it.skipIf(!fs.existsSync(COMPILED_SERVER))("npm run db:backup asks the running server (SIGUSR2), which writes it; the script prints the path and figures", async () => {
    // The directory restored above: seeded already, so the built server starts at once.
    const server = await startServer({ DATA_DIR: target, SEED_DEMO: "false" });
    try {
      const run = await runScript(["scripts/db-backup.ts"], { DATA_DIR: target });
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain(`(pid ${server.child.pid})`);
      const file = /Backup written: (\S+)/.exec(run.output)?.[1];
      expect(file && path.dirname(file)).toBe(path.join(target, "backups"));
      expect(run.output).toMatch(/\d+ tables, \d+ rows/);
      expect(server.output()).toContain("Backup written on request");
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      // What the server restored from the download holds: the same tables and files, under the same secret.
      const manifest = await readManifest(file!);
      expect(Object.keys(manifest.tables).sort()).toEqual(Object.keys(backup.manifest.tables).sort());
      expect(manifest.tables["auth.users"]).toBe(backup.manifest.tables["auth.users"]);
      expect(manifest.files.count).toBe(downloadedFiles);
      expect(manifest.sessionSecretFingerprint).toBe(secretFingerprint(getRuntime().sessionSecret));

      // The server holds the directory: a restore into it refuses.
      const refused = await runScript(["scripts/db-restore.ts", file!, "--force"], { DATA_DIR: target });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain("in use by another process");
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    // With DATABASE_URL both scripts point to pg_dump.
    const postgres = await runScript(["scripts/db-backup.ts"], { DATA_DIR: target, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    expect(postgres.code).toBe(1);
    expect(postgres.output).toContain("pg_dump");
  }, 40_000);
});

/** The manifest, the archive's first entry (read without the rest). */
async function readManifest(file: string): Promise<BackupManifest> {
  for await (const entry of readTar(fs.createReadStream(file).pipe(zlib.createGunzip()))) {
    const parts: Buffer[] = [];
    for await (const chunk of entry.body()) parts.push(chunk);
    return JSON.parse(Buffer.concat(parts).toString("utf8")) as BackupManifest;
  }
  throw new Error("empty archive");
}

function runScript(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: ROOT, env: { ...process.env, NODE_ENV: "production", DATABASE_URL: "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}
