/**
 * Which bucket names and object paths are acceptable. Every adapter checks
 * them before touching a file or building a URL, so no path can climb out of
 * its bucket ("../", absolute paths, NUL bytes, backslashes) on any of them.
 */

export class InvalidStoragePathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidStoragePathError";
  }
}

const BUCKET = /^[a-z0-9][a-z0-9_-]{0,62}$/;
export const OBJECT_PATH_MAX = 500;
// C0 controls (NUL included) and DEL.
const CONTROL = /[\u0000-\u001f\u007f]/;

export function isValidBucket(bucket: string): boolean {
  return BUCKET.test(bucket);
}

/** Why a path is refused, or null when it is acceptable. */
export function objectPathProblem(path: string): string | null {
  if (typeof path !== "string" || path.length === 0) return "the path is empty";
  if (path.length > OBJECT_PATH_MAX) return `the path is longer than ${OBJECT_PATH_MAX} characters`;
  if (CONTROL.test(path)) return "the path contains a control character";
  if (path.includes("\\")) return "the path contains a backslash";
  if (path.startsWith("/")) return "the path is absolute";
  if (/^[A-Za-z]:/.test(path)) return "the path names a drive";
  for (const segment of path.split("/")) {
    if (segment === "") return "the path has an empty segment";
    if (segment === "." || segment === "..") return "the path has a '.' or '..' segment";
  }
  return null;
}

export function assertValidObject(bucket: string, path: string): void {
  if (!isValidBucket(bucket)) throw new InvalidStoragePathError(`Invalid storage bucket name: ${JSON.stringify(bucket)}`);
  const problem = objectPathProblem(path);
  if (problem) throw new InvalidStoragePathError(`Invalid storage path (${problem})`);
}

/** Percent-encodes each segment, keeping the slashes: the path part of a storage URL. */
export function encodeObjectPath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

/**
 * Listing order of object paths (StoragePort.list): folder by folder, each
 * level's names by UTF-16 code unit, so "a/z" comes before "a-b" (the folder
 * "a" sorts before the name "a-b"). Both adapters walk in this order, which
 * is what makes a cursor (the last path of a page) mean the same on each.
 */
export function compareObjectPaths(a: string, b: string): number {
  const left = a.split("/");
  const right = b.split("/");
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    if (left[index] !== right[index]) return left[index]! < right[index]! ? -1 : 1;
  }
  return left.length - right.length;
}

/** Why a listing prefix is refused (it may end in "/" or in part of a name), or null. */
export function listPrefixProblem(prefix: string): string | null {
  if (typeof prefix !== "string") return "the prefix is not text";
  if (prefix === "") return null;
  const trimmed = prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
  return objectPathProblem(trimmed);
}
