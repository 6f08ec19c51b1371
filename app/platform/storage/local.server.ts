/**
 * Local storage adapter: objects are files under DATA_DIR/storage/<bucket>/<path>,
 * read back through signed URLs this server issues and serves
 * (app/routes/storage.v1.object.sign.$bucket.$.tsx).
 *
 * Each object's content type and SHA-256 sit in a small JSON file under
 * DATA_DIR/storage/.meta/ (bucket names cannot start with a dot, so it never
 * collides with a bucket). Writes go to a temporary file first and are renamed
 * into place, so a crash never leaves half a file under an object's name.
 * Puts and removes pass the root's write gate, which a backup closes while it
 * links the tree (write-gate.server.ts, docs/decisions/0098).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import { mediaTypeOfPath } from "~/shared/media-types";
import { assertValidObject, InvalidStoragePathError } from "./paths";
import { checkListRequest, inBatches, walkFolders, walkObjects, type FolderEntry } from "./listing";
import type { ByteRange, ListOptions, ListedObject, ObjectPage, StoragePort, StoredObjectInfo } from "./port";
import { LIST_LIMIT_MAX, StorageObjectNotFoundError } from "./port";
import { deriveStorageKey, signObjectUrl, verifyToken, type TokenCheck } from "./signing.server";
import { storageWriteGate, type WriteGate } from "./write-gate.server";

interface ObjectMeta {
  contentType: string;
  sha256: string;
  size: number;
}

const READ_CHUNK = 64 * 1024;

export interface LocalStorageOptions {
  /** Directory holding the buckets (DATA_DIR/storage). */
  root: string;
  /** The session secret; URL signing uses a key derived from it. */
  secret: string;
  now?: () => Date;
}

export class LocalStorage implements StoragePort {
  readonly kind = "local" as const;
  readonly root: string;
  private readonly key: Buffer;
  private readonly now: () => Date;
  private readonly writes: WriteGate;

  constructor(options: LocalStorageOptions) {
    this.root = path.resolve(options.root);
    this.writes = storageWriteGate(this.root);
    this.key = deriveStorageKey(options.secret);
    this.now = options.now ?? (() => new Date());
  }

  /** The file of an object; refuses any path that would resolve outside its bucket. */
  filePath(bucket: string, objectPath: string): string {
    assertValidObject(bucket, objectPath);
    return this.inside(path.join(this.root, bucket), objectPath);
  }

  private metaPath(bucket: string, objectPath: string): string {
    assertValidObject(bucket, objectPath);
    return this.inside(path.join(this.root, ".meta", bucket), objectPath) + ".json";
  }

  private inside(base: string, objectPath: string): string {
    const resolved = path.resolve(base, objectPath);
    // Defence in depth: the syntax check above already rules this out.
    if (!resolved.startsWith(base + path.sep)) throw new InvalidStoragePathError("Invalid storage path (outside its bucket)");
    return resolved;
  }

  async put(bucket: string, objectPath: string, bytes: Uint8Array, contentType: string): Promise<StoredObjectInfo> {
    return this.writes.write(() => this.putNow(bucket, objectPath, bytes, contentType));
  }

  private async putNow(bucket: string, objectPath: string, bytes: Uint8Array, contentType: string): Promise<StoredObjectInfo> {
    const file = this.filePath(bucket, objectPath);
    const metaFile = this.metaPath(bucket, objectPath);
    const meta: ObjectMeta = {
      contentType,
      sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
      size: bytes.byteLength,
    };
    const tmpDir = path.join(this.root, ".tmp");
    await fs.promises.mkdir(tmpDir, { recursive: true });
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.mkdir(path.dirname(metaFile), { recursive: true });
    const tmpName = crypto.randomBytes(12).toString("hex");
    const tmpFile = path.join(tmpDir, `${tmpName}.data`);
    const tmpMeta = path.join(tmpDir, `${tmpName}.json`);
    try {
      await fs.promises.writeFile(tmpFile, bytes);
      await fs.promises.writeFile(tmpMeta, JSON.stringify(meta));
      await fs.promises.rename(tmpMeta, metaFile);
      await fs.promises.rename(tmpFile, file);
    } catch (error) {
      await fs.promises.rm(tmpFile, { force: true });
      await fs.promises.rm(tmpMeta, { force: true });
      throw error;
    }
    const stats = await fs.promises.stat(file);
    return { bucket, path: objectPath, size: meta.size, contentType, etag: `"${meta.sha256}"`, lastModified: stats.mtime };
  }

  async get(bucket: string, objectPath: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await fs.promises.readFile(this.filePath(bucket, objectPath)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(bucket: string, objectPath: string): Promise<StoredObjectInfo | null> {
    const file = this.filePath(bucket, objectPath);
    let stats: fs.Stats;
    try {
      stats = await fs.promises.stat(file);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    if (!stats.isFile()) return null;
    const meta = await this.readMeta(bucket, objectPath);
    // Trust the sidecar only while it still describes this file.
    if (meta && meta.size === stats.size) {
      return { bucket, path: objectPath, size: stats.size, contentType: meta.contentType, etag: `"${meta.sha256}"`, lastModified: stats.mtime };
    }
    return {
      bucket,
      path: objectPath,
      size: stats.size,
      contentType: mediaTypeOfPath(objectPath)?.contentType ?? "application/octet-stream",
      etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
      lastModified: stats.mtime,
    };
  }

  private async readMeta(bucket: string, objectPath: string): Promise<ObjectMeta | null> {
    try {
      return JSON.parse(await fs.promises.readFile(this.metaPath(bucket, objectPath), "utf8")) as ObjectMeta;
    } catch {
      return null;
    }
  }

  async createReadStream(bucket: string, objectPath: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>> {
    const file = this.filePath(bucket, objectPath);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, "r");
    } catch (error) {
      if (isMissing(error)) throw new StorageObjectNotFoundError(bucket, objectPath);
      throw error;
    }
    const { size } = await handle.stat();
    let position = range?.start ?? 0;
    const end = Math.min(range?.end ?? size - 1, size - 1);
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await handle.close();
    };
    // Pull-based: the next chunk is read only when the consumer (the socket) wants it.
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const length = Math.min(READ_CHUNK, end - position + 1);
          if (length <= 0) {
            await close();
            controller.close();
            return;
          }
          const buffer = Buffer.alloc(length);
          const { bytesRead } = await handle.read(buffer, 0, length, position);
          if (bytesRead === 0) {
            await close();
            controller.close();
            return;
          }
          position += bytesRead;
          controller.enqueue(new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead));
        } catch (error) {
          await close().catch(() => undefined);
          controller.error(error);
        }
      },
      async cancel() {
        await close();
      },
    });
  }

  /**
   * Walks DATA_DIR/storage/<bucket> (regular files only: no links, no
   * devices). The adapter's temporary files and type sidecars live under
   * DATA_DIR/storage/.tmp and .meta, outside every bucket, so they are never listed.
   */
  async list(bucket: string, options?: ListOptions): Promise<ObjectPage> {
    const request = checkListRequest(bucket, options);
    const { found, more } = await walkFolders(this.folderReader(bucket), request);
    const objects = await this.describeListed(bucket, found.map((object) => object.path));
    return { objects, nextCursor: more && found.length > 0 ? found.at(-1)!.path : null };
  }

  async *walk(bucket: string, options: { prefix?: string; batchSize?: number } = {}): AsyncGenerator<ListedObject[]> {
    const { prefix, limit } = checkListRequest(bucket, { prefix: options.prefix, limit: options.batchSize ?? LIST_LIMIT_MAX });
    const bucketDir = path.join(this.root, bucket);
    for await (const batch of inBatches(walkObjects(this.folderReader(bucket), { prefix, cursor: null }), limit)) {
      // A whole bucket: size and time only (stat() gives an object's type). Synchronous stats of one
      // batch are ~10x faster than a thousand queued on libuv's pool, and hold the loop a few ms.
      const objects: ListedObject[] = [];
      for (const { path: objectPath } of batch) {
        const stats = fs.statSync(path.join(bucketDir, ...objectPath.split("/")), { throwIfNoEntry: false });
        if (stats?.isFile()) objects.push({ path: objectPath, size: stats.size, contentType: null, lastModified: stats.mtime });
      }
      yield objects;
    }
  }

  private folderReader(bucket: string) {
    const bucketDir = path.join(this.root, bucket);
    return async (folder: string): Promise<FolderEntry<never>[]> => {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(folder ? path.join(bucketDir, ...folder.split("/")) : bucketDir, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      return entries.filter((entry) => entry.isDirectory() || entry.isFile()).map((entry) => ({ name: entry.name, folder: entry.isDirectory() }));
    };
  }

  /** Size, time and (from its sidecar) type of listed files; one removed meanwhile is left out. */
  private async describeListed(bucket: string, objectPaths: string[]): Promise<ListedObject[]> {
    const bucketDir = path.join(this.root, bucket);
    const objects = await Promise.all(
      objectPaths.map(async (objectPath): Promise<ListedObject | null> => {
        const segments = objectPath.split("/");
        const stats = await fs.promises.stat(path.join(bucketDir, ...segments)).catch(() => null);
        if (!stats?.isFile()) return null;
        const meta = await this.readMetaFile(path.join(this.root, ".meta", bucket, ...segments) + ".json");
        return { path: objectPath, size: stats.size, contentType: meta && meta.size === stats.size ? meta.contentType : null, lastModified: stats.mtime };
      }),
    );
    return objects.filter((object): object is ListedObject => object !== null);
  }

  private async readMetaFile(file: string): Promise<ObjectMeta | null> {
    try {
      return JSON.parse(await fs.promises.readFile(file, "utf8")) as ObjectMeta;
    } catch {
      return null;
    }
  }

  async remove(bucket: string, objectPath: string): Promise<void> {
    const file = this.filePath(bucket, objectPath);
    const metaFile = this.metaPath(bucket, objectPath);
    await this.writes.write(async () => {
      await fs.promises.rm(file, { force: true });
      await fs.promises.rm(metaFile, { force: true });
    });
  }

  async createSignedUrl(bucket: string, objectPath: string, expiresIn: number = SIGNED_URL_TTL_S): Promise<string> {
    return signObjectUrl(this.key, bucket, objectPath, expiresIn, this.now());
  }

  async createSignedUrls(bucket: string, paths: string[], expiresIn: number = SIGNED_URL_TTL_S): Promise<string[]> {
    const now = this.now();
    return paths.map((objectPath) => signObjectUrl(this.key, bucket, objectPath, expiresIn, now));
  }

  /** Synchronous signing, for lists where awaiting each URL would only add overhead. */
  signedUrlSync(bucket: string, objectPath: string, expiresIn: number = SIGNED_URL_TTL_S): string {
    return signObjectUrl(this.key, bucket, objectPath, expiresIn, this.now());
  }

  /** Whether a token from a signed URL grants reading this object now. */
  checkToken(bucket: string, objectPath: string, token: string | null): TokenCheck {
    return verifyToken(this.key, bucket, objectPath, token, this.now());
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
