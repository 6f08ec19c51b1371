/**
 * `npm run db:restore -- <file>`: a backup (backup.server.ts) into a stopped
 * DATA_DIR (docs/decisions/0098). Refuses while a server holds the directory;
 * refuses one with data in it unless forced, and then moves that data aside
 * into DATA_DIR/before-restore-<time>/ instead of deleting it (backups/ stays
 * where it is). The database is created from the archive's pgdata.tar with
 * PGlite's loadDataDir; every file is written and checked against
 * files.sha256; then the database is opened and every table's row count
 * compared with the manifest. Any failure puts the moved data back.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { assertDataDirFree, lockDataDir } from "../db/data-dir-lock.server";
import { openDatabase } from "../db/connect.server";
import { localStorageRoot } from "../storage/index.server";
import {
  BACKUP_FORMAT,
  FILE_LIST_NAME,
  MANIFEST_NAME,
  PGDATA_NAME,
  STORAGE_PREFIX,
  countRows,
  readMigrations,
  secretFingerprint,
  type BackupManifest,
} from "./backup.server";
import { readTar } from "./tar.server";

export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreError";
  }
}

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  force?: boolean;
  /** SESSION_SECRET when set; else the directory's session-secret file counts. */
  sessionSecret?: string;
  now?: () => Date;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the directory's earlier contents went (null: it was empty). */
  movedAside: string | null;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  /** Whether the session secret in force is the one the backup was made under. */
  secret: "same" | "different" | "none-yet" | "unknown";
  totalMs: number;
}

/** Entries of DATA_DIR that are not data: the backups folder and a lock left by a dead process. */
const NOT_DATA = new Set(["backups", "server.lock"]);

function dataEntries(dataDir: string): string[] {
  try {
    return fs.readdirSync(dataDir).filter((name) => !NOT_DATA.has(name) && !name.startsWith("server.lock."));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** A storage path from the archive, or an error: relative, no "..", no empty or dot segments. */
function safeStoragePath(name: string): string {
  const rel = name.slice(STORAGE_PREFIX.length);
  const segments = rel.split("/");
  if (!rel || rel.includes("\0") || rel.includes("\\") || segments.some((s) => s === "" || s === "." || s === "..")) {
    throw new RestoreError(`The archive holds an unsafe path (${JSON.stringify(name)}); nothing of it is used.`);
  }
  return rel;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const now = options.now ?? (() => new Date());
  const dataDir = path.resolve(options.dataDir);
  const archivePath = path.resolve(options.archive);
  // Opened before anything moves, so an archive kept inside DATA_DIR stays readable.
  const handle = await fs.promises.open(archivePath, "r").catch((error: NodeJS.ErrnoException) => {
    throw new RestoreError(`Cannot read ${archivePath}: ${error.code === "ENOENT" ? "no such file" : error.message}`);
  });
  try {
    assertDataDirFree(dataDir);
    const existing = dataEntries(dataDir);
    if (existing.length > 0 && !options.force) {
      throw new RestoreError(
        `${dataDir} already holds data (${existing.join(", ")}). Restore into an empty DATA_DIR, or pass --force to move what is there aside first (nothing is deleted).`,
      );
    }
    const lock = lockDataDir(dataDir);
    let movedAside: string | null = null;
    try {
      if (existing.length > 0) {
        movedAside = path.join(dataDir, `before-restore-${now().toISOString().replace(/[:.]/g, "-")}`);
        fs.mkdirSync(movedAside, { mode: 0o700 });
        for (const name of existing) fs.renameSync(path.join(dataDir, name), path.join(movedAside, name));
        // The same server's secret: sessions, signed links and calendar feeds stay valid.
        const secret = path.join(movedAside, "session-secret");
        if (fs.existsSync(secret)) fs.copyFileSync(secret, path.join(dataDir, "session-secret"));
      }
      try {
        const result = await restoreInto(handle, dataDir, options.sessionSecret);
        return { ...result, movedAside, totalMs: Math.round(performance.now() - started) };
      } catch (error) {
        if (movedAside) putBack(dataDir, movedAside);
        else for (const name of dataEntries(dataDir)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
        throw error;
      }
    } finally {
      lock.release();
    }
  } finally {
    await handle.close();
  }
}

/** Undoes a failed restore: what it wrote goes, what was moved aside comes back. */
function putBack(dataDir: string, movedAside: string) {
  const asideName = path.basename(movedAside);
  for (const name of dataEntries(dataDir)) {
    if (name !== asideName) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
  for (const name of fs.readdirSync(movedAside)) fs.renameSync(path.join(movedAside, name), path.join(dataDir, name));
  fs.rmdirSync(movedAside);
}

async function restoreInto(handle: fs.promises.FileHandle, dataDir: string, sessionSecret: string | undefined) {
  const storageRoot = localStorageRoot(dataDir);
  let manifest: BackupManifest | null = null;
  let pgdata: Buffer | null = null;
  let listed: Map<string, string> | null = null;
  const written = new Map<string, { sha256: string; size: number }>();

  const source = handle.createReadStream({ autoClose: false, start: 0 }).pipe(zlib.createGunzip());
  try {
    for await (const entry of readTar(source)) {
      if (entry.type === "directory") continue;
      if (!manifest) {
        if (entry.name !== MANIFEST_NAME) throw new RestoreError("Not a Hit Factory backup: it does not start with manifest.json.");
        manifest = parseManifest(await readAll(entry.body()));
      } else if (entry.name === PGDATA_NAME) {
        pgdata = await readAll(entry.body());
      } else if (entry.name === FILE_LIST_NAME) {
        listed = parseFileList((await readAll(entry.body())).toString("utf8"));
      } else if (entry.name.startsWith(STORAGE_PREFIX)) {
        const rel = safeStoragePath(entry.name);
        const target = path.join(storageRoot, ...rel.split("/"));
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        const hash = crypto.createHash("sha256");
        const out = fs.createWriteStream(target, { flags: "wx" });
        for await (const chunk of entry.body()) {
          hash.update(chunk);
          if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
        }
        await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
        written.set(rel, { sha256: hash.digest("hex"), size: entry.size });
      } else {
        throw new RestoreError(`The archive holds an entry this version does not know (${entry.name}); refused.`);
      }
    }
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(`The archive cannot be read: ${(error as Error).message}`);
  }
  if (!manifest) throw new RestoreError("The archive is empty.");
  if (!pgdata) throw new RestoreError("The archive holds no database (pgdata.tar).");
  if (!listed) throw new RestoreError("The archive ends before its file list (files.sha256): truncated?");

  // Files: exactly the listed ones, byte for byte, and the manifest's figures.
  const problems: string[] = [];
  const digest = crypto.createHash("sha256").update(pgdata).digest("hex");
  if (pgdata.byteLength !== manifest.database.bytes || digest !== manifest.database.sha256) problems.push("pgdata.tar does not match the manifest");
  for (const [rel, hash] of listed) {
    const got = written.get(rel);
    if (!got) problems.push(`storage/${rel} is listed but missing`);
    else if (got.sha256 !== hash) problems.push(`storage/${rel} differs from its checksum`);
  }
  for (const rel of written.keys()) if (!listed.has(rel)) problems.push(`storage/${rel} is not in the file list`);
  const bytes = [...written.values()].reduce((sum, file) => sum + file.size, 0);
  if (written.size !== manifest.files.count || bytes !== manifest.files.bytes) {
    problems.push(`files: ${written.size} (${bytes} bytes) restored, the manifest says ${manifest.files.count} (${manifest.files.bytes} bytes)`);
  }
  if (problems.length > 0) throw new RestoreError(`The backup does not verify: ${problems.slice(0, 5).join("; ")}`);

  // The database: created from the dump, then every table counted against the manifest.
  const database = await openDatabase({ dataDir, lock: false, loadDataDir: new Blob([new Uint8Array(pgdata)]) });
  let tables: Record<string, number>;
  let app: BackupManifest["app"];
  try {
    ({ tables, app } = await database.withExclusiveScripts(async (run) => ({ tables: await countRows(run), app: await readMigrations(run) })));
  } finally {
    await database.close();
  }
  const expected = Object.entries(manifest.tables);
  const mismatches = expected.filter(([table, count]) => tables[table] !== count).map(([table, count]) => `${table}: ${tables[table] ?? "missing"} rows, expected ${count}`);
  if (Object.keys(tables).length !== expected.length) mismatches.push(`${Object.keys(tables).length} tables, expected ${expected.length}`);
  if (app.migrations !== manifest.app.migrations || app.latestMigration !== manifest.app.latestMigration) mismatches.push("the migrations differ from the manifest");
  if (mismatches.length > 0) throw new RestoreError(`The restored database does not match the manifest: ${mismatches.slice(0, 5).join("; ")}`);

  return {
    manifest,
    tables: expected.length,
    rows: expected.reduce((sum, [, count]) => sum + count, 0),
    files: written.size,
    bytes,
    secret: compareSecret(manifest, dataDir, sessionSecret),
  };
}

function compareSecret(manifest: BackupManifest, dataDir: string, sessionSecret: string | undefined): RestoreResult["secret"] {
  let secret = sessionSecret;
  if (!secret) {
    try {
      secret = fs.readFileSync(path.join(dataDir, "session-secret"), "utf8").trim() || undefined;
    } catch {
      secret = undefined;
    }
  }
  if (!manifest.sessionSecretFingerprint) return "unknown";
  if (!secret) return "none-yet";
  return secretFingerprint(secret) === manifest.sessionSecretFingerprint ? "same" : "different";
}

async function readAll(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

function parseManifest(bytes: Buffer): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(bytes.toString("utf8")) as BackupManifest;
  } catch {
    throw new RestoreError("The backup's manifest.json is not JSON.");
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new RestoreError(`Unknown backup format ${JSON.stringify(manifest?.format)} (this version reads ${BACKUP_FORMAT}).`);
  return manifest;
}

function parseFileList(text: string): Map<string, string> {
  const list = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (!line) continue;
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!match || !match[2]!.startsWith(STORAGE_PREFIX)) throw new RestoreError("The backup's files.sha256 is malformed.");
    list.set(safeStoragePath(match[2]!), match[1]!);
  }
  return list;
}

/** Lines for people. */
export function describeRestore(result: RestoreResult, dataDir: string): string[] {
  const secret = {
    same: "the session secret in force is the one the backup was made under: sessions, signed links and calendar feeds stay valid",
    different: "the session secret in force differs from the backup's: everyone signs in again and members' calendar feed links change",
    "none-yet": "no session secret yet: one is generated at start (everyone signs in again; calendar feed links change), unless you set SESSION_SECRET or put the old DATA_DIR/session-secret back",
    unknown: "the backup does not say which session secret it was made under",
  }[result.secret];
  return [
    `Restored the backup of ${result.manifest.createdAt} into ${dataDir}`,
    `  verified: ${result.tables} tables, ${result.rows} rows, ${result.manifest.app.migrations} migrations; ${result.files} files (${result.bytes} bytes), every one byte-identical`,
    ...(result.movedAside ? [`  the directory's earlier contents are in ${result.movedAside} (delete it once you are satisfied)`] : []),
    `  ${secret}`,
    `  done in ${result.totalMs} ms; start the server (npm run serve) to use it`,
  ];
}
