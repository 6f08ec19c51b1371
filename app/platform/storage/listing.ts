/**
 * The folder walk behind StoragePort.list, shared by both adapters: each
 * adapter reads one folder level (a directory; Supabase's /object/list), this
 * walks the levels depth-first in listing order (compareObjectPaths), skipping
 * whole folders that lie before the cursor or outside the prefix, and stops
 * as soon as it has one object more than the page holds.
 */
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, type ListOptions } from "./port";
import { InvalidStoragePathError, compareObjectPaths, isValidBucket, listPrefixProblem, objectPathProblem } from "./paths";

export interface FolderEntry<T> {
  name: string;
  /** A folder to walk into; otherwise an object, with what the adapter knows of it. */
  folder: boolean;
  item?: T;
}

export interface ListRequest {
  prefix: string;
  cursor: string | null;
  limit: number;
}

/** Checks a listing's bucket and options (the same rules as every object path) and fills in the defaults. */
export function checkListRequest(bucket: string, options: ListOptions = {}): ListRequest {
  if (!isValidBucket(bucket)) throw new InvalidStoragePathError(`Invalid storage bucket name: ${JSON.stringify(bucket)}`);
  const prefix = options.prefix ?? "";
  const prefixProblem = listPrefixProblem(prefix);
  if (prefixProblem) throw new InvalidStoragePathError(`Invalid listing prefix (${prefixProblem.replace("path", "prefix")})`);
  const cursor = options.cursor ?? null;
  if (cursor !== null) {
    const problem = objectPathProblem(cursor);
    if (problem) throw new InvalidStoragePathError(`Invalid listing cursor (${problem})`);
  }
  const limit = options.limit ?? LIST_LIMIT_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX) throw new RangeError(`limit must be a whole number from 1 to ${LIST_LIMIT_MAX}`);
  return { prefix, cursor, limit };
}

/** Whether a folder's objects ("<folder>/...") can hold a path that starts with `prefix`. */
function folderMeetsPrefix(folder: string, prefix: string): boolean {
  const inside = `${folder}/`;
  return inside.startsWith(prefix) || prefix.startsWith(inside);
}

/** Whether every object of a folder comes at or before the cursor (so the folder can be skipped). */
function folderBeforeCursor(folder: string, cursor: string): boolean {
  // Inside the folder: some of its objects may still come after the cursor.
  if (cursor.startsWith(`${folder}/`)) return false;
  return compareObjectPaths(folder, cursor) < 0;
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Every object after the cursor (and under the prefix), folder by folder in
 * listing order, read lazily: a folder is read when the walk reaches it, and
 * each folder once however many objects are taken.
 */
export async function* walkObjects<T>(
  readFolder: (folder: string) => Promise<FolderEntry<T>[]>,
  request: Pick<ListRequest, "prefix" | "cursor">,
): AsyncGenerator<{ path: string; item: T | undefined }> {
  async function* walk(folder: string): AsyncGenerator<{ path: string; item: T | undefined }> {
    const entries = (await readFolder(folder)).sort(byName);
    for (const entry of entries) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.folder) {
        if (request.prefix && !folderMeetsPrefix(path, request.prefix)) continue;
        if (request.cursor && folderBeforeCursor(path, request.cursor)) continue;
        yield* walk(path);
      } else {
        if (request.prefix && !path.startsWith(request.prefix)) continue;
        if (request.cursor && compareObjectPaths(path, request.cursor) <= 0) continue;
        yield { path, item: entry.item };
      }
    }
  }
  yield* walk("");
}

/** One page: up to `limit` objects after the cursor, and whether more follow. */
export async function walkFolders<T>(
  readFolder: (folder: string) => Promise<FolderEntry<T>[]>,
  request: ListRequest,
): Promise<{ found: { path: string; item: T | undefined }[]; more: boolean }> {
  const found: { path: string; item: T | undefined }[] = [];
  for await (const object of walkObjects(readFolder, request)) {
    found.push(object);
    if (found.length > request.limit) break;
  }
  const more = found.length > request.limit;
  return { found: found.slice(0, request.limit), more };
}

/** Groups a walk into batches of `size` (the last one may be shorter). */
export async function* inBatches<T>(objects: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const object of objects) {
    batch.push(object);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
