/**
 * SPEC §7: the bucket and path of a stored object are read back from a public
 * or signed storage URL (the player does this to ask for a fresh signed URL
 * after an audio error). Accepts absolute URLs (any host: Supabase or this
 * app) and app-relative ones.
 *
 *   /storage/v1/object/public/<bucket>/<path>
 *   /storage/v1/object/sign/<bucket>/<path>?token=...
 */
import { isValidBucket, objectPathProblem } from "./paths";

export interface StorageLocation {
  bucket: string;
  path: string;
}

const PREFIX = /^\/storage\/v1\/object\/(public|sign)\/([^/]+)\/(.+)$/;

// The path is read as sent, before URL normalisation: "/audio/a/../../x" must
// not quietly become another bucket's object.
const ABSOLUTE = /^(https?):\/\/[^/?#]*/i;

export function parseStorageUrl(url: string): StorageLocation | null {
  if (typeof url !== "string") return null;
  let rest = url.trim();
  const origin = ABSOLUTE.exec(rest);
  if (origin) {
    try {
      new URL(rest); // the origin must be a real one
    } catch {
      return null;
    }
    rest = rest.slice(origin[0].length);
  }
  if (!rest.startsWith("/")) return null;
  const queryAt = rest.search(/[?#]/);
  const pathname = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const search = new URLSearchParams(queryAt === -1 || rest[queryAt] === "#" ? "" : rest.slice(queryAt + 1).split("#")[0]);
  const match = PREFIX.exec(pathname);
  if (!match) return null;
  const [, kind, rawBucket, rawPath] = match;
  if (kind === "sign" && !search.get("token")) return null;
  let bucket: string;
  let path: string;
  try {
    bucket = decodeURIComponent(rawBucket);
    path = rawPath.split("/").map(decodeURIComponent).join("/");
  } catch {
    return null;
  }
  if (!isValidBucket(bucket) || objectPathProblem(path)) return null;
  return { bucket, path };
}
