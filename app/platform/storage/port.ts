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
