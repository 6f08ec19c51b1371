/**
 * Backups of the embedded default (docs/decisions/0098): one .tar.gz holding
 *
 *   manifest.json   what a restore verifies: created_at, migrations, row counts
 *                   per table, file count and bytes, the session secret's fingerprint
 *   pgdata.tar      PGlite's own dump of its data directory (dumpDataDir)
 *   storage/...     the local storage tree (buckets and their type sidecars)
 *   files.sha256    one "<sha256>  storage/<path>" line per file (sha256sum -c reads it)
 *
 * Consistency: the database's turn is held (no query or transaction of anyone
 * else runs), then the storage write gate is closed (no put or remove runs);
 * inside both, the row counts are read, the data directory is dumped and the
 * storage tree is hard-linked into a staging folder. Both are released before
 * the slow part (gzip and writing) starts: files are replaced by rename and
 * removed by unlink, never rewritten in place, so a linked file keeps the bytes
 * it had when the hold ended. Every row in the dump therefore names a file
 * that is in the archive (files whose row was not yet committed may be there
 * too: orphans, as on the live server).
 *
 * Left out: the session secret (the archive must not be a key to the live
 * site), demo-credentials.txt, messages/ (the outbox of one-time codes),
 * uploads/ (partial tus uploads, resumable only on the instance that staged
 * them) and storage/.tmp.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { OpenDatabase, ScriptRunner } from "../db/connect.server";
import { storageWriteGate } from "../storage/write-gate.server";
import { tarStream, type TarFileEntry } from "./tar.server";

export const BACKUP_FORMAT = "hit-factory-backup/1";
export const MANIFEST_NAME = "manifest.json";
export const PGDATA_NAME = "pgdata.tar";
export const FILE_LIST_NAME = "files.sha256";
export const STORAGE_PREFIX = "storage/";

export const BACKUP_EXCLUDED = [
  "session-secret (the archive is not a key to the live site: a restore keeps the target's or generates one)",
  "demo-credentials.txt",
  "messages/ (the outbox of one-time codes)",
  "uploads/ (partial tus uploads)",
  "storage/.tmp (writes in progress)",
] as const;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  app: { migrations: number; latestMigration: string | null };
  database: { engine: "pglite"; file: typeof PGDATA_NAME; bytes: number; sha256: string };
  /** Rows per table ("schema.table"), read inside the hold: what the dump holds. */
  tables: Record<string, number>;
  files: { storage: "local" | "not-local"; count: number; bytes: number; list: typeof FILE_LIST_NAME };
  /** An HMAC of a fixed label under the session secret in force (never the secret): tells a restore whether links and sessions stay valid. */
  sessionSecretFingerprint: string | null;
  excluded: readonly string[];
  /** How long every query and storage write waited on this backup. */
  heldMs: number;
}

export interface BackupResult {
  file: string;
  /** Size of the archive. */
  bytes: number;
  manifest: BackupManifest;
  totalMs: number;
}

export interface BackupOptions {
  database: OpenDatabase;
  dataDir: string;
  /** DATA_DIR/storage, or null when files live elsewhere (Supabase Storage). */
  storageRoot: string | null;
  sessionSecret?: string;
  /** Where the archive goes (default DATA_DIR/backups) and its name (default timestamped). */
  directory?: string;
  fileName?: string;
  now?: () => Date;
  /** gzip level; 1 by default (audio does not compress; level 6 costs 3x the time to save a few percent on the database). */
  level?: number;
}

export class BackupUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupUnavailableError";
  }
}

export const PG_DUMP_HINT =
  "This server runs on PostgreSQL (DATABASE_URL is set): back it up with pg_dump, as the README's \"Backups\" section shows.";

export function backupsDirectory(dataDir: string): string {
  return path.join(dataDir, "backups");
}

/** hitfactory-2026-12-02T10-15-30-123Z.tar.gz */
export function backupFileName(now: Date): string {
  return `hitfactory-${now.toISOString().replace(/[:.]/g, "-")}.tar.gz`;
}

export function secretFingerprint(secret: string | undefined): string | null {
  if (!secret) return null;
  return crypto.createHmac("sha256", secret).update("hit-factory/backup-secret-fingerprint/v1").digest("hex").slice(0, 16);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Rows of every table outside the system schemas, in one statement. */
export async function countRows(run: ScriptRunner): Promise<Record<string, number>> {
  const tables = (await run(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
     order by 1, 2`,
  )) as { schema: string; name: string }[];
  if (tables.length === 0) return {};
  const union = tables
    .map(({ schema, name }) => `select ${quoteLiteral(`${schema}.${name}`)} as t, count(*)::bigint as n from ${quoteIdent(schema)}.${quoteIdent(name)}`)
    .join("\nunion all ");
  const rows = (await run(union)) as { t: string; n: number | string }[];
  return Object.fromEntries(rows.map((row) => [row.t, Number(row.n)]));
}

export async function readMigrations(run: ScriptRunner): Promise<BackupManifest["app"]> {
  const [row] = (await run("select count(*)::int as count, max(id) as latest from hitfactory_meta.migrations")) as { count: number; latest: string | null }[];
  return { migrations: Number(row?.count ?? 0), latestMigration: row?.latest ?? null };
}

interface LinkedFile {
  /** Path under storage/, with forward slashes. */
  rel: string;
  size: number;
}

/** Hard-links (or, across devices, copies) every regular file under `root` into `target`, .tmp left out. */
function linkTree(root: string, target: string): LinkedFile[] {
  const files: LinkedFile[] = [];
  const walk = (relDir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(root, relDir), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const rel = relDir ? `${relDir}/${entry.name}` : entry.name;
      if (rel === ".tmp") continue;
      if (entry.isDirectory()) {
        fs.mkdirSync(path.join(target, rel), { recursive: true });
        walk(rel);
      } else if (entry.isFile()) {
        const from = path.join(root, rel);
        const to = path.join(target, rel);
        try {
          fs.linkSync(from, to);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== "EXDEV" && code !== "EPERM" && code !== "ENOTSUP" && code !== "EMLINK") throw error;
          fs.copyFileSync(from, to, fs.constants.COPYFILE_FICLONE);
        }
        files.push({ rel, size: fs.statSync(to).size });
      }
    }
  };
  fs.mkdirSync(target, { recursive: true });
  walk("");
  return files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/** One backup at a time in this process (both module graphs: the queue is on globalThis). */
const QUEUE = Symbol.for("hit-factory.backup-queue");
type QueueHolder = { [QUEUE]?: Promise<unknown> };

function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const holder = globalThis as QueueHolder;
  const previous = holder[QUEUE] ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(fn);
  holder[QUEUE] = next.catch(() => undefined);
  return next;
}

/** Writes a consistent backup of a running (or opened) embedded database and its local files. */
export function createBackup(options: BackupOptions): Promise<BackupResult> {
  return oneAtATime(() => writeBackup(options));
}

async function writeBackup(options: BackupOptions): Promise<BackupResult> {
  const { database } = options;
  if (database.kind !== "pglite" || !database.snapshot) throw new BackupUnavailableError(PG_DUMP_HINT);
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const directory = options.directory ?? backupsDirectory(options.dataDir);
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  const id = crypto.randomBytes(6).toString("hex");
  const staging = path.join(directory, `.staging-${id}`);
  const fileName = options.fileName ?? backupFileName(now());
  const finalPath = path.join(directory, fileName);
  const partial = path.join(directory, `.${fileName}.${id}.partial`);

  try {
    const held = await database.snapshot(async ({ run, dumpDataDir }) => {
      const heldFrom = performance.now();
      const createdAt = now();
      const tables = await countRows(run);
      const app = await readMigrations(run);
      const pgdata = await dumpDataDir();
      const files = options.storageRoot
        ? await storageWriteGate(options.storageRoot).exclusive(() => linkTree(options.storageRoot!, staging))
        : [];
      return { createdAt, tables, app, pgdata, files, heldMs: Math.round(performance.now() - heldFrom) };
    });

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: held.createdAt.toISOString(),
      app: held.app,
      database: { engine: "pglite", file: PGDATA_NAME, bytes: held.pgdata.byteLength, sha256: sha256(held.pgdata) },
      tables: held.tables,
      files: {
        storage: options.storageRoot ? "local" : "not-local",
        count: held.files.length,
        bytes: held.files.reduce((sum, file) => sum + file.size, 0),
        list: FILE_LIST_NAME,
      },
      sessionSecretFingerprint: secretFingerprint(options.sessionSecret),
      excluded: BACKUP_EXCLUDED,
      heldMs: held.heldMs,
    };

    const hashes: string[] = [];
    async function* entries(): AsyncGenerator<TarFileEntry> {
      const mtime = held.createdAt;
      yield { name: MANIFEST_NAME, mtime, ...bytesEntry(JSON.stringify(manifest, null, 2) + "\n") };
      yield { name: PGDATA_NAME, size: held.pgdata.byteLength, mtime, body: held.pgdata };
      for (const file of held.files) {
        const source = path.join(staging, file.rel);
        yield {
          name: STORAGE_PREFIX + file.rel,
          size: file.size,
          mtime: fs.statSync(source).mtime,
          body: async function* () {
            const hash = crypto.createHash("sha256");
            for await (const chunk of fs.createReadStream(source) as AsyncIterable<Buffer>) {
              hash.update(chunk);
              yield chunk;
            }
            hashes.push(`${hash.digest("hex")}  ${STORAGE_PREFIX}${file.rel}\n`);
          },
        };
      }
      const list = Buffer.from(hashes.join(""));
      yield { name: FILE_LIST_NAME, size: list.byteLength, mtime, body: list };
    }

    await pipeline(Readable.from(tarStream(entries())), zlib.createGzip({ level: options.level ?? 1 }), fs.createWriteStream(partial, { mode: 0o600 }));
    fs.renameSync(partial, finalPath);
    return { file: finalPath, bytes: fs.statSync(finalPath).size, manifest, totalMs: Math.round(performance.now() - started) };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

function bytesEntry(text: string): Pick<TarFileEntry, "size" | "body"> {
  const body = Buffer.from(text);
  return { size: body.byteLength, body };
}

/** One line of figures for people: where, how big, what it holds. */
export function describeBackup(result: BackupResult): string[] {
  const { manifest } = result;
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  return [
    `Backup written: ${result.file}`,
    `  ${formatBytes(result.bytes)} archive; database ${formatBytes(manifest.database.bytes)} (${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.app.migrations} migrations, latest ${manifest.app.latestMigration ?? "none"})`,
    `  files: ${manifest.files.count} (${formatBytes(manifest.files.bytes)})${manifest.files.storage === "local" ? "" : " (storage is not local: files are not in this backup)"}`,
    `  writes held ${manifest.heldMs} ms; done in ${result.totalMs} ms`,
  ];
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
