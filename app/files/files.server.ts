/**
 * /admin/files (issue 12 §6, docs/decisions/0084-admin-files.md): the
 * storage as admins need it.
 *
 *  - browseBucket: one page of a bucket's objects (StoragePort.list), each
 *    joined with its storage_objects row (type sniffed at upload, size,
 *    sha256, who uploaded it) and with the rows that use it (the registry,
 *    app/files/references.server.ts);
 *  - scanStorage: walks every bucket once (StoragePort.walk), a thousand
 *    objects at a time (never the whole bucket in memory beyond its paths) for the usage totals, counted from storage and
 *    from storage_objects, and the orphans of three kinds:
 *      unrecorded  an object in storage with no storage_objects row and no row using it;
 *      unused      a storage_objects row (and its file) that no row uses;
 *      missing     a storage_objects row whose file storage does not have
 *                  (nothing uses it: removable as a stale row; used: reported only).
 *    Anything younger than ORPHAN_GRACE_MS is not offered: an upload writes
 *    its file before it commits the rows that use it (app/catalog/upload.server.ts);
 *  - removeOrphan: checks again inside one transaction (the storage_objects
 *    row locked FOR UPDATE; the foreign keys from showcase_tracks,
 *    application_tracks and submissions refuse the delete of a row they use),
 *    deletes the row, writes the audit entry 'file.orphan_removed', removes
 *    the file, and only then commits: a file a row needs is never removed.
 */
import { sql, type Kysely } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { recordAdminAction } from "~/audit/audit.server";
import type { DB } from "~/platform/db/schema";
import { InvalidStoragePathError, assertValidObject, compareObjectPaths, listPrefixProblem, objectPathProblem } from "~/platform/storage/paths";
import type { StoragePort } from "~/platform/storage/port";
import { FILES_TEXT, type OrphanKind } from "./files-text";
import { KNOWN_BUCKETS, fileKey, findFileUses, usedCondition, type FileUse, type StoredFileKey } from "./references.server";

type Executor = Kysely<DB>;

/** An upload may sit between writing its file and committing its rows for this long (and much less in practice). */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
export const ORPHAN_GRACE_MINUTES = ORPHAN_GRACE_MS / 60_000;
/** Rows of a bucket's table per page. */
export const FILES_PAGE_SIZE = 50;
/** Objects read from storage per listing call while scanning. */
export const SCAN_PAGE = 1000;
/** Orphans shown on the page (the count says how many there are in all). */
export const ORPHANS_SHOWN = 100;

export class FileActionError extends Error {
  constructor(
    message: string,
    public readonly status: 400 | 404 | 409,
  ) {
    super(message);
    this.name = "FileActionError";
  }
}

interface RecordRow {
  bucket: string;
  path: string;
  content_type: string;
  size_bytes: number | string;
  sha256: string;
  uploaded_by: string | null;
  created_at: Date | string;
  owner_name: string | null;
  owner_exists: boolean;
}

function ownerOf(row: Pick<RecordRow, "uploaded_by" | "owner_name" | "owner_exists"> | undefined): string | null {
  if (!row) return null;
  if (!row.uploaded_by || !row.owner_exists) return FILES_TEXT.deletedOwner;
  return row.owner_name?.trim() || FILES_TEXT.unknownOwner;
}

/** storage_objects rows of some paths of one bucket, with the uploader's display name. */
async function recordsOf(db: Executor, bucket: string, paths: readonly string[]): Promise<Map<string, RecordRow>> {
  const rows = new Map<string, RecordRow>();
  for (let start = 0; start < paths.length; start += SCAN_PAGE) {
    const chunk = paths.slice(start, start + SCAN_PAGE);
    if (chunk.length === 0) continue;
    const found = await db
      .selectFrom("storage_objects as o")
      .leftJoin("profiles as p", "p.user_id", "o.uploaded_by")
      .leftJoin("auth.users as u", "u.id", "o.uploaded_by")
      .select(["o.bucket", "o.path", "o.content_type", "o.size_bytes", "o.sha256", "o.uploaded_by", "o.created_at", "p.display_name as owner_name"])
      .select(sql<boolean>`u.id is not null`.as("owner_exists"))
      .where("o.bucket", "=", bucket)
      .where("o.path", "in", chunk)
      .execute();
    for (const row of found) rows.set(row.path, row as RecordRow);
  }
  return rows;
}

interface Candidate {
  path: string;
  content_type: string | null;
  size_bytes: number | string | null;
  created_at: Date | string | null;
  uploaded_by: string | null;
  owner_name: string | null;
  owner_exists: boolean;
}

/**
 * Of some paths of one bucket, those no row uses (the registry's conditions),
 * each with its storage_objects row if it has one: one query for the lot.
 */
export async function unusedOf(db: Executor, bucket: string, paths: readonly string[]): Promise<Map<string, Candidate>> {
  const unused = new Map<string, Candidate>();
  if (paths.length === 0) return unused;
  const { rows } = await sql<Candidate>`
    select p.path, o.content_type, o.size_bytes, o.created_at, o.uploaded_by, pr.display_name as owner_name, (u.id is not null) as owner_exists
      from unnest(${[...paths]}::text[]) as p(path)
      left join public.storage_objects o on o.bucket = ${bucket} and o.path = p.path
      left join public.profiles pr on pr.user_id = o.uploaded_by
      left join auth.users u on u.id = o.uploaded_by
     where not ${usedCondition(bucket, sql<string>`p.path`)}`.execute(db);
  for (const row of rows) unused.set(row.path, row);
  return unused;
}

/** The buckets an admin can look into: those the app writes to and those it has records in. */
export async function listBuckets(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom("storage_objects").select("bucket").distinct().execute();
  return [...new Set([...KNOWN_BUCKETS, ...rows.map((row) => row.bucket)])].sort();
}

/** Checks a bucket name from a form or URL: a valid name the app knows, else a 400/404 error. */
export async function checkBucket(db: Executor, bucket: unknown): Promise<string> {
  if (typeof bucket !== "string" || !(await listBuckets(db)).includes(bucket)) throw new FileActionError(FILES_TEXT.unknownBucket, 404);
  return bucket;
}

// ---------------------------------------------------------------- browsing

export interface FileRow {
  path: string;
  size: number;
  contentType: string | null;
  sha256: string | null;
  recorded: boolean;
  /** The record says another size than storage (a file replaced behind the app's back). */
  sizeDiffers: boolean;
  owner: string | null;
  uploadedAt: string;
  usedBy: FileUse[];
}

export interface BucketPage {
  bucket: string;
  prefix: string;
  cursor: string | null;
  rows: FileRow[];
  nextCursor: string | null;
}

export interface BrowseInput {
  bucket: string;
  prefix?: string | null;
  cursor?: string | null;
  limit?: number;
}

/** Reads the browse parameters of a URL; an unsafe prefix or cursor is dropped (a 400 is for posts). */
export function browseParams(search: URLSearchParams): { bucket: string | null; prefix: string; cursor: string | null } {
  const prefix = (search.get("prefix") ?? "").trim().slice(0, 500);
  const cursor = search.get("cursor");
  return {
    bucket: search.get("bucket"),
    prefix: listPrefixProblem(prefix) ? "" : prefix,
    cursor: cursor && !objectPathProblem(cursor) ? cursor : null,
  };
}

export async function browseBucket(db: Executor, storage: StoragePort, input: BrowseInput): Promise<BucketPage> {
  const bucket = await checkBucket(db, input.bucket);
  const prefix = input.prefix ?? "";
  const page = await storage.list(bucket, { prefix, cursor: input.cursor ?? null, limit: input.limit ?? FILES_PAGE_SIZE });
  const paths = page.objects.map((object) => object.path);
  const [records, uses] = await Promise.all([recordsOf(db, bucket, paths), findFileUses(db, paths.map((path) => ({ bucket, path })))]);
  const rows = page.objects.map((object): FileRow => {
    const record = records.get(object.path);
    return {
      path: object.path,
      size: object.size,
      contentType: record?.content_type ?? object.contentType,
      sha256: record?.sha256 ?? null,
      recorded: Boolean(record),
      sizeDiffers: Boolean(record) && Number(record!.size_bytes) !== object.size,
      owner: ownerOf(record),
      uploadedAt: new Date(record?.created_at ?? object.lastModified).toISOString(),
      usedBy: uses.get(fileKey({ bucket, path: object.path })) ?? [],
    };
  });
  return { bucket, prefix, cursor: input.cursor ?? null, rows, nextCursor: page.nextCursor };
}

// ---------------------------------------------------------------- scanning

export interface Usage {
  bucket: string;
  storage: { count: number; bytes: number };
  records: { count: number; bytes: number };
  agree: boolean;
}

export interface Orphan {
  kind: OrphanKind;
  bucket: string;
  path: string;
  size: number;
  contentType: string | null;
  owner: string | null;
  /** When the file was written (storage) or recorded (storage_objects). */
  since: string;
}

export interface BrokenReference {
  bucket: string;
  path: string;
  usedBy: FileUse[];
}

export interface StorageScan {
  usage: Usage[];
  total: Usage;
  /** The first ORPHANS_SHOWN orphans, oldest kinds first. */
  orphans: Orphan[];
  orphanCount: number;
  orphanBytes: number;
  /** Orphan candidates younger than the grace period, not offered. */
  recentSkipped: number;
  /** Used records whose file is missing (never removable). */
  broken: BrokenReference[];
  /** How long the scan took, in milliseconds (shown to admins of big stores). */
  tookMs: number;
}

export interface ScanOptions {
  now?: Date;
  /** Objects per listing call (tests use small pages to prove paging). */
  pageSize?: number;
}

function tooRecent(since: Date, now: Date): boolean {
  return now.getTime() - since.getTime() < ORPHAN_GRACE_MS;
}

/**
 * Scans every bucket: storage page by page (SCAN_PAGE objects a call), each
 * page joined with its records and its uses in a few batched queries; then
 * the records whose files were not seen. Memory: the paths of one bucket.
 */
export async function scanStorage(db: Executor, storage: StoragePort, options: ScanOptions = {}): Promise<StorageScan> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const pageSize = options.pageSize ?? SCAN_PAGE;
  const buckets = await listBuckets(db);
  const recordTotals = await db
    .selectFrom("storage_objects")
    .select(["bucket", (eb) => eb.fn.countAll<string>().as("count"), (eb) => eb.fn.sum<string>("size_bytes").as("bytes")])
    .groupBy("bucket")
    .execute();
  const usage: Usage[] = [];
  const orphans: Orphan[] = [];
  const broken: BrokenReference[] = [];
  let orphanCount = 0;
  let orphanBytes = 0;
  let recentSkipped = 0;
  const offer = (orphan: Orphan) => {
    orphanCount += 1;
    orphanBytes += orphan.size;
    if (orphans.length < ORPHANS_SHOWN) orphans.push(orphan);
  };

  for (const bucket of buckets) {
    const seen = new Set<string>();
    let storageCount = 0;
    let storageBytes = 0;
    for await (const batch of storage.walk(bucket, { batchSize: pageSize })) {
      const unused = await unusedOf(db, bucket, batch.map((object) => object.path));
      for (const object of batch) {
        seen.add(object.path);
        storageCount += 1;
        storageBytes += object.size;
        const candidate = unused.get(object.path);
        if (!candidate) continue;
        const record = candidate.created_at ? (candidate as RecordRow) : undefined;
        // A record is committed with the rows that use it (upload.server.ts): its age is the record's.
        // Without one, an upload may still be between writing the file and committing: the file's age.
        const since = record ? new Date(record.created_at) : object.lastModified;
        if (tooRecent(since, now)) {
          recentSkipped += 1;
          continue;
        }
        offer({
          kind: record ? "unused" : "unrecorded",
          bucket,
          path: object.path,
          size: object.size,
          contentType: record?.content_type ?? object.contentType ?? (orphans.length < ORPHANS_SHOWN ? ((await storage.stat(bucket, object.path).catch(() => null))?.contentType ?? null) : null),
          owner: ownerOf(record),
          since: since.toISOString(),
        });
      }
    }

    // Records whose files storage did not list.
    const missing: StoredFileKey[] = [];
    let after: string | null = null;
    for (;;) {
      let query = db.selectFrom("storage_objects").select("path").where("bucket", "=", bucket).orderBy(sql`path collate "C"`).limit(SCAN_PAGE);
      if (after !== null) query = query.where(sql<boolean>`path collate "C" > ${after}`);
      const rows = await query.execute();
      for (const row of rows) if (!seen.has(row.path)) missing.push({ bucket, path: row.path });
      if (rows.length < SCAN_PAGE) break;
      after = rows.at(-1)!.path;
    }
    if (missing.length > 0) {
      const missingPaths = missing.map((file) => file.path);
      const [records, uses] = await Promise.all([recordsOf(db, bucket, missingPaths), findFileUses(db, missing)]);
      for (const file of missing) {
        const record = records.get(file.path);
        if (!record) continue; // removed meanwhile
        // Written after the listing passed its place? Then it is not missing.
        if (await storage.stat(bucket, file.path).catch(() => null)) continue;
        const used = uses.get(fileKey(file));
        if (used) {
          broken.push({ ...file, usedBy: used });
          continue;
        }
        const since = new Date(record.created_at);
        if (tooRecent(since, now)) {
          recentSkipped += 1;
          continue;
        }
        offer({ kind: "missing", bucket, path: file.path, size: Number(record.size_bytes), contentType: record.content_type, owner: ownerOf(record), since: since.toISOString() });
      }
    }

    const totals = recordTotals.find((row) => row.bucket === bucket);
    const records = { count: Number(totals?.count ?? 0), bytes: Number(totals?.bytes ?? 0) };
    const stored = { count: storageCount, bytes: storageBytes };
    usage.push({ bucket, storage: stored, records, agree: stored.count === records.count && stored.bytes === records.bytes });
  }

  const sum = (pick: (usage: Usage) => { count: number; bytes: number }) =>
    usage.reduce((total, row) => ({ count: total.count + pick(row).count, bytes: total.bytes + pick(row).bytes }), { count: 0, bytes: 0 });
  const total: Usage = { bucket: FILES_TEXT.total, storage: sum((row) => row.storage), records: sum((row) => row.records), agree: usage.every((row) => row.agree) };
  const order: Record<OrphanKind, number> = { unrecorded: 0, unused: 1, missing: 2 };
  orphans.sort((a, b) => order[a.kind] - order[b.kind] || a.bucket.localeCompare(b.bucket) || compareObjectPaths(a.path, b.path));
  return { usage, total, orphans, orphanCount, orphanBytes, recentSkipped, broken, tookMs: Math.round(performance.now() - started) };
}

// ---------------------------------------------------------------- removing

export interface RemovedOrphan {
  kind: OrphanKind;
  bucket: string;
  path: string;
  size: number;
  contentType: string | null;
}

const FOREIGN_KEY_VIOLATION = "23503";

function describeUses(uses: FileUse[]): string {
  return uses.map((use) => use.label).join("; ");
}

/**
 * Removes one orphan: everything is checked again here, whatever the page
 * showed. Throws FileActionError (400 invalid, 404 nothing there, 409 still
 * used or too recent) and changes nothing then.
 */
export async function removeOrphan(
  db: Executor,
  storage: StoragePort,
  actor: Pick<Viewer, "id" | "displayName">,
  file: { bucket: string; path: string },
  options: { now?: Date } = {},
): Promise<RemovedOrphan> {
  const bucket = await checkBucket(db, file.bucket);
  try {
    assertValidObject(bucket, file.path);
  } catch (error) {
    if (error instanceof InvalidStoragePathError) throw new FileActionError(FILES_TEXT.invalidPath, 400);
    throw error;
  }
  const path = file.path;
  const now = options.now ?? new Date();
  try {
    return await db.transaction().execute(async (tx) => {
      // Locks the record: a showcase track, application track or submission that
      // wants it waits for this transaction (their foreign keys), then fails.
      const record = await tx.selectFrom("storage_objects").selectAll().where("bucket", "=", bucket).where("path", "=", path).forUpdate().executeTakeFirst();
      const uses = (await findFileUses(tx, [{ bucket, path }])).get(fileKey({ bucket, path }));
      if (uses?.length) throw new FileActionError(FILES_TEXT.refusedInUse(describeUses(uses)), 409);
      const info = await storage.stat(bucket, path);
      if (!record && !info) throw new FileActionError(FILES_TEXT.refusedGone, 404);
      const since = record ? new Date(record.created_at) : info!.lastModified;
      if (tooRecent(since, now)) throw new FileActionError(FILES_TEXT.refusedRecent(ORPHAN_GRACE_MINUTES), 409);
      const removed: RemovedOrphan = {
        kind: !record ? "unrecorded" : info ? "unused" : "missing",
        bucket,
        path,
        size: info?.size ?? Number(record!.size_bytes),
        contentType: record?.content_type ?? info?.contentType ?? null,
      };
      if (record) await tx.deleteFrom("storage_objects").where("bucket", "=", bucket).where("path", "=", path).execute();
      await recordAdminAction(tx, {
        actor,
        action: "file.orphan_removed",
        target: { type: "file", id: `${bucket}/${path}`, label: `${bucket}/${path}` },
        before: {
          bucket,
          path,
          size: removed.size,
          contentType: removed.contentType,
          kind: removed.kind,
          ...(record ? { sha256: record.sha256, recordedAt: record.created_at, uploadedBy: record.uploaded_by } : {}),
        },
        after: null,
      });
      // Last, still inside the transaction: a failed removal rolls the record and the entry back.
      if (info) await storage.remove(bucket, path);
      return removed;
    });
  } catch (error) {
    if ((error as { code?: string })?.code === FOREIGN_KEY_VIOLATION) {
      throw new FileActionError(FILES_TEXT.refusedInUse("a record that was saved just now"), 409);
    }
    throw error;
  }
}

export interface FileDetails {
  bucket: string;
  path: string;
  exists: boolean;
  recorded: boolean;
  size: number | null;
  contentType: string | null;
  owner: string | null;
  since: string | null;
  usedBy: FileUse[];
  /** Younger than the grace period: removal would be refused. */
  recent: boolean;
}

/** One file as the confirmation step shows it, or null for a bucket or path that is not valid. */
export async function describeFile(db: Executor, storage: StoragePort, bucket: string, path: string, now = new Date()): Promise<FileDetails | null> {
  if (!(await listBuckets(db)).includes(bucket) || objectPathProblem(path)) return null;
  const [info, records, uses] = await Promise.all([storage.stat(bucket, path), recordsOf(db, bucket, [path]), findFileUses(db, [{ bucket, path }])]);
  const record = records.get(path);
  const since = record ? new Date(record.created_at) : (info?.lastModified ?? null);
  return {
    bucket,
    path,
    exists: Boolean(info),
    recorded: Boolean(record),
    size: info?.size ?? (record ? Number(record.size_bytes) : null),
    contentType: record?.content_type ?? info?.contentType ?? null,
    owner: ownerOf(record),
    since: since?.toISOString() ?? null,
    usedBy: uses.get(fileKey({ bucket, path })) ?? [],
    recent: since ? tooRecent(since, now) : false,
  };
}
