/**
 * File storage as the app sees it. Two adapters implement it: local
 * (DATA_DIR/storage on this machine, URLs signed by this server) and supabase
 * (Supabase Storage over its REST API). Route and area code only see this port.
 */

export interface StoredObjectInfo {
  bucket: string;
  path: string;
  size: number;
  contentType: string;
  /** A strong entity tag, quotes included ("..."), stable while the bytes are unchanged. */
  etag: string;
  lastModified: Date;
}

/** One object of a bucket listing (StoragePort.list). */
export interface ListedObject {
  path: string;
  size: number;
  /** The type the object was stored with; null when the storage does not say. */
  contentType: string | null;
  lastModified: Date;
}

export interface ListOptions {
  /** Only paths that begin with this (any string: "catalogue/" or "catalogue/ab"). */
  prefix?: string;
  /** Only paths after this one in listing order: the `nextCursor` of the page before. */
  cursor?: string | null;
  /** Most objects in the page (1..1000; 100 when not given). */
  limit?: number;
}

export interface ObjectPage {
  objects: ListedObject[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export const LIST_LIMIT_MAX = 1000;
export const LIST_LIMIT_DEFAULT = 100;

/** Inclusive byte positions, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoragePort {
  readonly kind: "local" | "supabase";
  /** Writes (or replaces) an object. The bucket and path are validated first. */
  put(bucket: string, path: string, bytes: Uint8Array, contentType: string): Promise<StoredObjectInfo>;
  /** The whole object, or null when there is none. */
  get(bucket: string, path: string): Promise<Uint8Array | null>;
  /** Size, type and validators of an object, or null when there is none. */
  stat(bucket: string, path: string): Promise<StoredObjectInfo | null>;
  /** The object's bytes (or one range of them) as a stream, read as the consumer pulls. */
  createReadStream(bucket: string, path: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>>;
  /** Removes an object; removing one that does not exist is not an error. */
  remove(bucket: string, path: string): Promise<void>;
  /** A URL that reads the object without a session until it expires (SPEC §7: 3600 s). */
  createSignedUrl(bucket: string, path: string, expiresIn?: number): Promise<string>;
  /** Several signed URLs of one bucket, in the order of `paths` (one round trip on Supabase). */
  createSignedUrls(bucket: string, paths: string[], expiresIn?: number): Promise<string[]>;
  /**
   * One page of a bucket's objects in listing order (compareObjectPaths: folder
   * by folder, names by code unit), every folder level included. Folders are
   * not objects and never appear. The prefix and cursor are validated first.
   */
  list(bucket: string, options?: ListOptions): Promise<ObjectPage>;
  /**
   * Every object of a bucket (under `prefix`), in listing order, in batches of
   * up to `batchSize` (default and most LIST_LIMIT_MAX): one pass that reads
   * each folder once, for whoever must see them all (the orphan scan). The
   * type may be null here where the adapter would need a read per object to
   * know it (local: the sidecar); stat() always has it.
   */
  walk(bucket: string, options?: { prefix?: string; batchSize?: number }): AsyncIterable<ListedObject[]>;
}

export class StorageObjectNotFoundError extends Error {
  constructor(public readonly bucket: string, public readonly path: string) {
    super(`No stored object ${bucket}/${path}`);
    this.name = "StorageObjectNotFoundError";
  }
}

export class StorageRequestError extends Error {
  constructor(message: string, public readonly status?: number) {
    super(message);
    this.name = "StorageRequestError";
  }
}
