/**
 * Supabase adapter: objects live in a Supabase project's Storage, reached over
 * its REST API through supabase-js. Signed URLs point at the project itself
 * (`<SUPABASE_URL>/storage/v1/object/sign/<bucket>/<path>?token=...`), so the
 * browser streams audio from Supabase, not through this server.
 *
 * The server writes with the service-role key when it is configured (private
 * buckets without upload policies need it), else with the anon key.
 */
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import { assertValidObject, encodeObjectPath } from "./paths";
import { checkListRequest, inBatches, walkFolders, walkObjects, type FolderEntry } from "./listing";
import type { ByteRange, ListOptions, ListedObject, ObjectPage, StoragePort, StoredObjectInfo } from "./port";
import { LIST_LIMIT_MAX, StorageObjectNotFoundError, StorageRequestError } from "./port";

export interface SupabaseStorageOptions {
  url: string;
  /** Service-role key when set, else the anon key. */
  key: string;
  fetch?: typeof fetch;
}

interface StorageErrorLike {
  message: string;
  status?: number;
  statusCode?: string;
}

function isNotFound(error: StorageErrorLike | null | undefined): boolean {
  if (!error) return false;
  // Storage answers 404, or (older versions) 400 with statusCode "404" / "not_found".
  return error.status === 404 || error.statusCode === "404" || error.statusCode === "not_found" || /not.?found/i.test(error.message);
}

function fail(action: string, error: StorageErrorLike): never {
  throw new StorageRequestError(`Supabase Storage could not ${action}: ${error.message}`, error.status);
}

/** Entries per POST /object/list call (one folder level, paged with limit and offset). */
export const SUPABASE_LIST_PAGE = 1000;

interface ListedEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  metadata: { size?: number; mimetype?: string; lastModified?: string } | null;
}

function listedObject({ path, item }: { path: string; item: ListedEntry | undefined }): ListedObject {
  const stamp = item?.updated_at ?? item?.metadata?.lastModified ?? item?.created_at;
  return {
    path,
    size: Number(item?.metadata?.size ?? 0),
    contentType: item?.metadata?.mimetype ?? null,
    lastModified: stamp ? new Date(stamp) : new Date(0),
  };
}

export class SupabaseStorage implements StoragePort {
  readonly kind = "supabase" as const;
  private readonly client: SupabaseClient;
  private readonly url: string;
  private readonly key: string;
  private readonly fetcher: typeof fetch;

  constructor(options: SupabaseStorageOptions) {
    this.url = options.url.replace(/\/+$/, "");
    this.key = options.key;
    this.fetcher = options.fetch ?? fetch;
    this.client = createClient(this.url, this.key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      // supabase-js expects a global WebSocket (Node 22+); on Node 20 it needs one passed in.
      realtime: { transport: WebSocket as never },
      global: { fetch: this.fetcher },
    });
  }

  private bucket(bucket: string) {
    return this.client.storage.from(bucket);
  }

  async put(bucket: string, path: string, bytes: Uint8Array, contentType: string): Promise<StoredObjectInfo> {
    assertValidObject(bucket, path);
    const { error } = await this.bucket(bucket).upload(path, bytes, { contentType, upsert: true, cacheControl: "3600" });
    if (error) fail(`store ${bucket}/${path}`, error);
    const info = await this.stat(bucket, path);
    if (!info) throw new StorageRequestError(`Supabase Storage did not keep ${bucket}/${path}`);
    return info;
  }

  async get(bucket: string, path: string): Promise<Uint8Array | null> {
    assertValidObject(bucket, path);
    const { data, error } = await this.bucket(bucket).download(path);
    if (error) {
      if (isNotFound(error)) return null;
      fail(`read ${bucket}/${path}`, error);
    }
    return new Uint8Array(await data.arrayBuffer());
  }

  async stat(bucket: string, path: string): Promise<StoredObjectInfo | null> {
    assertValidObject(bucket, path);
    const { data, error } = await this.bucket(bucket).info(path);
    if (error) {
      if (isNotFound(error)) return null;
      fail(`describe ${bucket}/${path}`, error);
    }
    const info = data as unknown as { size?: number; contentType?: string; etag?: string; lastModified?: string; metadata?: Record<string, unknown> };
    const size = Number(info.size ?? info.metadata?.size ?? 0);
    const contentType = String(info.contentType ?? info.metadata?.mimetype ?? "application/octet-stream");
    const etag = String(info.etag ?? info.metadata?.eTag ?? "");
    return {
      bucket,
      path,
      size,
      contentType,
      etag: etag.startsWith('"') || etag.startsWith("W/") ? etag : `"${etag}"`,
      lastModified: new Date(String(info.lastModified ?? info.metadata?.lastModified ?? Date.now())),
    };
  }

  async createReadStream(bucket: string, path: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>> {
    assertValidObject(bucket, path);
    // supabase-js downloads whole objects; a byte range needs the REST call itself.
    const response = await this.fetcher(`${this.url}/storage/v1/object/authenticated/${bucket}/${encodeObjectPath(path)}`, {
      headers: {
        apikey: this.key,
        authorization: `Bearer ${this.key}`,
        ...(range ? { range: `bytes=${range.start}-${range.end}` } : {}),
      },
    });
    if (response.status === 404 || response.status === 400) {
      await response.body?.cancel();
      throw new StorageObjectNotFoundError(bucket, path);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new StorageRequestError(`Supabase Storage could not read ${bucket}/${path} (HTTP ${response.status})`, response.status);
    }
    return response.body as ReadableStream<Uint8Array>;
  }

  async remove(bucket: string, path: string): Promise<void> {
    assertValidObject(bucket, path);
    const { error } = await this.bucket(bucket).remove([path]);
    if (error && !isNotFound(error)) fail(`remove ${bucket}/${path}`, error);
  }

  /**
   * Storage's POST /object/list/<bucket> lists one folder level (folders come
   * back with a null id); each level is read whole (paged by limit and
   * offset), then walked folder by folder in listing order.
   */
  async list(bucket: string, options?: ListOptions): Promise<ObjectPage> {
    const request = checkListRequest(bucket, options);
    const { found, more } = await walkFolders(this.folderReader(bucket), request);
    return { objects: found.map(listedObject), nextCursor: more && found.length > 0 ? found.at(-1)!.path : null };
  }

  async *walk(bucket: string, options: { prefix?: string; batchSize?: number } = {}): AsyncGenerator<ListedObject[]> {
    const { prefix, limit } = checkListRequest(bucket, { prefix: options.prefix, limit: options.batchSize ?? LIST_LIMIT_MAX });
    for await (const batch of inBatches(walkObjects(this.folderReader(bucket), { prefix, cursor: null }), limit)) yield batch.map(listedObject);
  }

  private folderReader(bucket: string) {
    return async (folder: string): Promise<FolderEntry<ListedEntry>[]> => {
      const entries: FolderEntry<ListedEntry>[] = [];
      for (let offset = 0; ; offset += SUPABASE_LIST_PAGE) {
        const { data, error } = await this.bucket(bucket).list(folder, {
          limit: SUPABASE_LIST_PAGE,
          offset,
          sortBy: { column: "name", order: "asc" },
        });
        if (error) {
          if (isNotFound(error)) return entries;
          fail(`list ${bucket}/${folder}`, error);
        }
        const page = (data ?? []) as unknown as ListedEntry[];
        for (const entry of page) {
          // The placeholder object Storage's dashboard writes to keep an empty folder is not a file of the app.
          if (entry.name === ".emptyFolderPlaceholder") continue;
          entries.push({ name: entry.name, folder: entry.id === null, item: entry });
        }
        if (page.length < SUPABASE_LIST_PAGE) return entries;
      }
    };
  }

  async createSignedUrl(bucket: string, path: string, expiresIn: number = SIGNED_URL_TTL_S): Promise<string> {
    assertValidObject(bucket, path);
    const { data, error } = await this.bucket(bucket).createSignedUrl(path, expiresIn);
    if (error) fail(`sign a URL for ${bucket}/${path}`, error);
    return data.signedUrl;
  }

  async createSignedUrls(bucket: string, paths: string[], expiresIn: number = SIGNED_URL_TTL_S): Promise<string[]> {
    if (paths.length === 0) return [];
    for (const path of paths) assertValidObject(bucket, path);
    const { data, error } = await this.bucket(bucket).createSignedUrls(paths, expiresIn);
    if (error) fail(`sign URLs in ${bucket}`, error);
    const byPath = new Map(data.map((entry) => [entry.path, entry]));
    return paths.map((path) => {
      const entry = byPath.get(path);
      if (!entry || entry.error || !entry.signedUrl) {
        throw new StorageRequestError(`Supabase Storage could not sign a URL for ${bucket}/${path}: ${entry?.error ?? "no answer"}`);
      }
      return entry.signedUrl;
    });
  }
}
