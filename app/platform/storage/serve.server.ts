/**
 * Builds the HTTP answer for reading a stored object: whole (200), one byte
 * range (206, Content-Range), unsatisfiable (416), or not modified (304).
 * Fetch API in and out, so a Remix resource route, a test, or any other
 * server can use it.
 */
import type { StoragePort } from "./port";
import { decideRange, isNotModified, rangeStillValid } from "./http-range";

export interface ServeOptions {
  /** Longest time a browser may reuse the answer, in seconds (the URL's remaining validity). */
  maxAgeSeconds: number;
}

export async function serveStoredObject(
  request: Request,
  store: StoragePort,
  bucket: string,
  path: string,
  options: ServeOptions,
): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  const info = await store.stat(bucket, path);
  if (!info) return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });

  const headers = new Headers({
    "Accept-Ranges": "bytes",
    ETag: info.etag,
    "Last-Modified": info.lastModified.toUTCString(),
    // private: the URL is a capability; no-transform: compression must not touch byte ranges.
    "Cache-Control": `private, max-age=${Math.max(0, Math.floor(options.maxAgeSeconds))}, no-transform`,
    // A stored file opened directly must never run as a page of this origin.
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "X-Content-Type-Options": "nosniff",
  });

  if (isNotModified(request.headers, info.etag, info.lastModified)) {
    return new Response(null, { status: 304, headers });
  }

  headers.set("Content-Type", info.contentType);
  const decision = rangeStillValid(request.headers, info.etag, info.lastModified)
    ? decideRange(request.headers.get("range"), info.size)
    : ({ kind: "full" } as const);

  if (decision.kind === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${info.size}`);
    headers.delete("Content-Type");
    return new Response(null, { status: 416, headers });
  }

  const range = decision.kind === "partial" ? decision.range : undefined;
  const length = range ? range.end - range.start + 1 : info.size;
  headers.set("Content-Length", String(length));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
  const status = range ? 206 : 200;
  if (request.method === "HEAD" || length === 0) return new Response(null, { status, headers });
  return new Response(await store.createReadStream(bucket, path, range), { status, headers });
}
