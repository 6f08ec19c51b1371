/**
 * A short-lived cache of whole documents for anonymous visitors, for pages
 * whose HTML is a function of the URL, a few shared cookies (the theme) and a
 * version the database moves forward (for the catalogue: catalog_revision).
 * See docs/decisions/0042-anonymous-catalogue-page-cache.md.
 *
 * What makes a stored document safe to send again:
 * - Viewer: only requests that carry no cookie but the `sharedCookies` are
 *   served from or stored into the cache, so no session, toast or timeout
 *   state can be in the document; a response that sets a cookie, or says
 *   private or no-store (every response about a viewer does:
 *   request-context.server.ts), is never stored.
 * - Theme and the rest of the key: the URL with its protocol and host (as
 *   Host and X-Forwarded-Host give it), the shared cookies' values and whether
 *   the client is a bot (streaming mode).
 * - Data: the version is read before the page is rendered and must still be
 *   current when the page is served; a write during the render raises it, so
 *   that entry is never used.
 * - Time: entries live at most `maxAgeMs`; signed URLs in the page (valid
 *   SIGNED_URL_TTL_S from signing) keep nearly all of their lifetime.
 * - CSP nonce: the page is rendered with a fresh random placeholder (16 random
 *   bytes, like a nonce) in place of the nonce, and every response gets its own
 *   request's nonce written over the placeholder. Nothing else in the page can
 *   contain the placeholder: it did not exist before that render. The nonce is
 *   still new per response, and still enforced by the header.
 */
import { isbot } from "isbot";
import type { NextFunction, Request, Response } from "express";
import { createNonce } from "./csp.server";

export interface PageCacheOptions {
  /** Changes whenever anything the page shows from the database changes. */
  version: () => Promise<string | number>;
  /** Cookies the page may read that are not about the viewer (e.g. the theme); any other cookie bypasses the cache. */
  sharedCookies: readonly string[];
  maxAgeMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  version: string | number;
  storedAt: number;
  status: number;
  headers: [string, string | number | string[]][];
  /** The document with the placeholder, and where the placeholder stands. */
  body: Buffer;
  nonceAt: number[];
}

/** Cookie names and values of a Cookie header (no decoding: values are compared as sent). */
function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    const name = (eq === -1 ? part : part.slice(0, eq)).trim();
    if (name) cookies.set(name, eq === -1 ? "" : part.slice(eq + 1).trim());
  }
  return cookies;
}

function offsetsOf(body: Buffer, needle: Buffer): number[] {
  const offsets: number[] = [];
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length)) offsets.push(at);
  return offsets;
}

/** The stored document with this response's nonce where the placeholder stood. */
function withNonce(entry: Entry, nonce: string): Buffer {
  const body = Buffer.from(entry.body);
  for (const at of entry.nonceAt) body.write(nonce, at, "latin1");
  return body;
}

export function anonymousPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const shared = new Set(options.sharedCookies);
  const entries = new Map<string, Entry>();

  const lookup = (key: string, version: string | number): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || now() - entry.storedAt > options.maxAgeMs) {
      entries.delete(key);
      return undefined;
    }
    // Most recently used last (Map keeps insertion order).
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  const store = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
  };

  return async function pageCache(req: Request, res: Response, next: NextFunction) {
    const nonce = res.locals.cspNonce as string | undefined;
    if (req.method !== "GET" || !nonce) return next();
    const cookies = parseCookies(req.headers.cookie);
    for (const name of cookies.keys()) if (!shared.has(name)) return next();

    let version: string | number;
    try {
      version = await options.version();
    } catch {
      return next();
    }
    // Everything the document's own URL (and so the page's origin) is made of.
    const key = JSON.stringify([
      req.protocol,
      req.get("host") ?? "",
      req.get("x-forwarded-host") ?? "",
      req.originalUrl,
      options.sharedCookies.map((name) => cookies.get(name) ?? null),
      isbot(req.get("user-agent") ?? ""),
    ]);

    const hit = lookup(key, version);
    if (hit) {
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.statusCode = hit.status;
      res.end(withNonce(hit, nonce));
      return;
    }

    // Render with a placeholder the nonce is written over, keep what was sent.
    const placeholder = createNonce();
    if (Buffer.byteLength(placeholder) !== Buffer.byteLength(nonce)) return next();
    res.locals.cspNonce = placeholder;
    const before = new Set(Object.keys(res.getHeaders()));
    const chunks: Buffer[] = [];
    const write = res.write;
    const end = res.end;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding) : Buffer.from(chunk as Uint8Array));
    };
    res.write = function bufferedWrite(chunk: unknown, encoding?: unknown, callback?: unknown) {
      collect(chunk, encoding);
      const done = typeof encoding === "function" ? encoding : callback;
      if (typeof done === "function") process.nextTick(done as () => void);
      return true;
    } as typeof res.write;
    res.end = function bufferedEnd(chunk?: unknown, encoding?: unknown, callback?: unknown) {
      collect(chunk, encoding);
      res.write = write;
      res.end = end;
      const template = Buffer.concat(chunks);
      const entry: Entry = {
        version,
        storedAt: now(),
        status: res.statusCode,
        headers: Object.entries(res.getHeaders())
          .filter(([name]) => !before.has(name))
          .map(([name, value]) => [name, value as string | number | string[]]),
        body: template,
        nonceAt: offsetsOf(template, Buffer.from(placeholder)),
      };
      const done = [chunk, encoding, callback].find((arg) => typeof arg === "function") as (() => void) | undefined;
      (end as (this: Response, body: Buffer, callback?: () => void) => Response).call(res, withNonce(entry, nonce), done);
      // Only now are cookies and the viewer's Cache-Control from the request scope
      // applied (at writeHead): a response that sets any cookie, or that its
      // renderer marked private or no-store (a viewer was resolved), is about this visitor.
      const privateResponse = /\b(private|no-store)\b/i.test(String(res.getHeader("cache-control") ?? ""));
      if (entry.status === 200 && !privateResponse && res.getHeader("set-cookie") === undefined && !entry.headers.some(([name]) => name === "set-cookie")) {
        store(key, entry);
      }
      return res;
    } as typeof res.end;
    next();
  };
}
