/**
 * THE OFFLINE SERVICE WORKER'S POLICY, as pure functions: which requests it
 * answers and how, what it may keep (from the response's headers), how a kept
 * song answers a media element's Range requests, what it answers offline,
 * when it empties its caches. service-worker.ts is only the plumbing around
 * these (Cache Storage, fetch, events); sw-policy.test.ts is the proof.
 * Why each rule: docs/decisions/0095-offline-service-worker.md.
 *
 * Browser-safe and free of DOM globals: it runs in the worker and in vitest.
 */
import { SESSION_ENDED, SESSION_SIGNAL_HEADER } from "~/auth/session-signal";
import { decideRange } from "~/platform/storage/http-range";
import { safeSameSitePath } from "~/shared/safe-redirect";

/* ------------------------------------------------------------------ caches */

/** Every cache of ours starts with this; other origins' libraries never see ours and we never touch theirs. */
export const CACHE_PREFIX = "hf-";

export interface CacheNames {
  /** The build's own files a page needs to start (precached at install) and the offline page. */
  shell: string;
  /** Other fingerprinted build files, kept as pages load them. */
  assets: string;
  /** The public catalogue and song pages, and their data, as an anonymous visitor gets them. */
  pages: string;
  /** Recently played catalogue songs, whole files keyed by path. Outlives builds: audio does not change with them. */
  audio: string;
}

/**
 * Shell, assets and pages belong to one build (a kept page names that build's
 * hashed files): a new worker starts them afresh and drops the old ones.
 */
export function cacheNames(buildVersion: string): CacheNames {
  return {
    shell: `${CACHE_PREFIX}shell-${buildVersion}`,
    assets: `${CACHE_PREFIX}assets-${buildVersion}`,
    pages: `${CACHE_PREFIX}pages-${buildVersion}`,
    audio: `${CACHE_PREFIX}audio-v1`,
  };
}

/** Caches of ours that this build does not use (deleted on activate). */
export function staleCaches(existing: readonly string[], current: CacheNames): string[] {
  const keep = new Set(Object.values(current));
  return existing.filter((name) => name.startsWith(CACHE_PREFIX) && !keep.has(name));
}

/**
 * What a session's end empties: everything kept while someone browsed
 * (pages, the chunks their visits loaded, the songs they played). The shell
 * stays: the build's start-up files and the offline page are the same for
 * everyone and hold nothing about anyone.
 */
export function cachesClearedAtSessionEnd(existing: readonly string[], current: CacheNames): string[] {
  return existing.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current.shell);
}

/* ---------------------------------------------------------------- requests */

/** Where the worker sends a visitor it has no copy for. Public, works without JavaScript. */
export const OFFLINE_PATH = "/offline";

/** Files outside /assets/ that the shell keeps: the offline page, the icon, the web manifest. */
export const SHELL_FILES = [OFFLINE_PATH, "/favicon.svg", "/site.webmanifest"] as const;

/**
 * The public pages the worker keeps (their anonymous version): the catalogue
 * (any query: a search is a page too) and a song's page. Nothing signed-in-only
 * is ever on this list.
 */
export function isPublicPagePath(pathname: string): boolean {
  return pathname === "/music-catalog" || /^\/song\/[^/]+$/.test(pathname) || pathname === OFFLINE_PATH;
}

/** The page a Remix single-fetch data URL loads ("/_root.data" is "/"), or null when it is not one. */
export function pagePathOfData(pathname: string): string | null {
  if (!pathname.endsWith(".data")) return null;
  if (pathname === "/_root.data") return "/";
  return pathname.slice(0, -".data".length);
}

/** The single-fetch data URL of a page, as Remix 2.17 builds it ("/" -> "/_root.data"), query kept. */
export function dataUrlOf(pageUrl: string): string {
  const target = new URL(pageUrl);
  target.hash = "";
  target.pathname = target.pathname === "/" ? "/_root.data" : `${target.pathname.replace(/\/$/, "")}.data`;
  return target.href;
}

export type RequestKind =
  /** A GET navigation: network first, the kept public copy or the offline page when the network fails. */
  | "page"
  /** A GET of a page's single-fetch data (client-side navigation): the same, in data. */
  | "page-data"
  /** Remix's lazy route discovery (/__manifest): offline, answered from the kept build manifest. */
  | "route-discovery"
  /** A fingerprinted build file or a shell file: from the cache, else the network (and kept). */
  | "asset"
  /** A media element's signed storage file: the network, else the kept song (Range requests answered). */
  | "audio"
  /** A write that may end the session (a form's data POST, /auth/*): passed on, its answer read. */
  | "session-write"
  /** Everything else: not the worker's business (the browser fetches as if there were none). */
  | "other";

export interface RequestFacts {
  method: string;
  url: string;
  /** Request.mode: "navigate" for a document load. */
  mode: string;
  /** Request.destination: "audio" for a media element's request (artwork, an "image", is not the worker's). */
  destination: string;
}

export function classifyRequest({ method, url, mode, destination }: RequestFacts, origin: string): RequestKind {
  const target = new URL(url);
  if (method === "GET" && (destination === "audio" || destination === "video") && audioCacheKey(url) !== null) return "audio";
  if (target.origin !== origin) return "other";
  const { pathname } = target;
  if (method !== "GET") {
    return pathname.endsWith(".data") || pathname.startsWith("/auth/") ? "session-write" : "other";
  }
  if (mode === "navigate") return "page";
  if (pagePathOfData(pathname) !== null) return "page-data";
  if (pathname === "/__manifest") return "route-discovery";
  if (pathname.startsWith("/assets/") || pathname === "/favicon.svg" || pathname === "/site.webmanifest") return "asset";
  return "other";
}

/**
 * The URL the worker fetches (without cookies) and keeps for a public page or
 * its data. For data: the whole page's data, without Remix's `_routes` (which
 * names the loaders one navigation needed), so one kept answer serves every
 * navigation to that page; Remix reads only the routes it asked for.
 */
export function publicCopyUrl(url: string): string {
  const target = new URL(url);
  target.hash = "";
  if (pagePathOfData(target.pathname) !== null) target.searchParams.delete("_routes");
  return target.href;
}

/* ------------------------------------------------------------ cacheability */

export interface ResponseFacts {
  status: number;
  /** Response.type: "opaque" and "opaqueredirect" hide everything and are never kept. */
  type?: string;
  headers: Headers;
}

export type KeptKind = "page" | "page-data" | "audio" | "asset";

function directives(cacheControl: string | null): Set<string> {
  return new Set(
    (cacheControl ?? "")
      .split(",")
      .map((part) => part.split("=")[0]!.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * May this response go into Cache Storage? Only a whole 200 that says nothing
 * against it:
 *  - never `no-store` (every signed-in response says it: viewerCacheControl in
 *    app/auth/request-context.server.ts), never a Set-Cookie (the browser hides
 *    Set-Cookie from a worker, so the worker also keeps only answers it fetched
 *    without cookies: a request carrying no session cannot be about anyone),
 *    never a response that ended a session;
 *  - never `private` for a page, its data or a build file: on those the server
 *    says private only about a viewer. A catalogue song's audio is the one
 *    exception: storage answers every signed URL with `private, max-age=N`
 *    (the URL is the capability: no SHARED cache may keep it), and this cache
 *    is the browser's own, emptied at sign-out.
 */
export function isStorable(response: ResponseFacts, kind: KeptKind): boolean {
  if (response.status !== 200) return false;
  if (response.type === "opaque" || response.type === "opaqueredirect" || response.type === "error") return false;
  const { headers } = response;
  if (headers.has("set-cookie")) return false;
  if (headers.get(SESSION_SIGNAL_HEADER)?.trim().toLowerCase() === SESSION_ENDED) return false;
  if (headers.get("vary")?.trim() === "*") return false;
  const cacheControl = directives(headers.get("cache-control"));
  if (cacheControl.has("no-store")) return false;
  if (cacheControl.has("private") && kind !== "audio") return false;
  const type = (headers.get("content-type") ?? "").toLowerCase();
  if (kind === "page" && !type.startsWith("text/html")) return false;
  if (kind === "audio" && !(type.startsWith("audio/") || type === "application/octet-stream")) return false;
  return true;
}

/** When the worker stored a copy (a header of its own on the stored response). */
export const STORED_AT_HEADER = "X-SW-Stored-At";

/**
 * A kept public copy is fetched again at most this often: each fetch is a
 * second request for the same page, which a member on a weak network pays for.
 */
export const PUBLIC_COPY_REFRESH_MS = 5 * 60_000;

export function needsRefresh(storedAt: string | null | undefined, now: number): boolean {
  const stored = Number(storedAt);
  if (!storedAt || !Number.isFinite(stored)) return true;
  return now - stored >= PUBLIC_COPY_REFRESH_MS || stored > now;
}

/* --------------------------------------------------------- offline answers */

/**
 * A path to come back to from the offline page: same-origin and
 * root-relative only ("/x", never "//host/x", "/\\host" or a scheme), so the
 * offline page's "Try again" link can never lead off the site.
 */
export function safeReturnPath(from: string | null | undefined): string | null {
  if (!from || from.length > 2000) return null;
  return safeSameSitePath(from, "") || null;
}

/** The offline page, told which page could not be opened (for its "Try again" link). */
export function offlinePageTarget(url: string): string {
  const target = new URL(url);
  const page = pagePathOfData(target.pathname) ?? target.pathname;
  const query = new URLSearchParams(target.search);
  query.delete("_routes");
  const search = query.toString();
  const from = safeReturnPath(page + (search ? `?${search}` : ""));
  return from && from !== OFFLINE_PATH ? `${OFFLINE_PATH}?${new URLSearchParams({ from })}` : OFFLINE_PATH;
}

/** The status Remix's single fetch answers a redirect with (the redirect itself is in the body). */
export const SINGLE_FETCH_REDIRECT_STATUS = 202;

/**
 * A single-fetch data answer that makes Remix leave for `target` with a full
 * document load (reload: the worker answers that load with the offline page).
 * This is the turbo-stream encoding @remix-run/server-runtime 2.17 writes for
 * `redirect(target)` with X-Remix-Reload-Document; sw-policy.test.ts decodes
 * it with Remix's own client decoder.
 */
export function singleFetchRedirectBody(target: string): string {
  return (
    JSON.stringify([
      ["SingleFetchRedirect", 1],
      { _2: 3, _4: 5, _6: 7, _8: 9, _10: 7 },
      "redirect",
      target,
      "status",
      302,
      "revalidate",
      false,
      "reload",
      true,
      "replace",
    ]) + "\n"
  );
}

/** The parts of Remix's client manifest (build/client/assets/manifest-*.js) route discovery needs. */
export interface ClientManifestRoutes {
  version: string;
  routes: Record<string, { id?: string; parentId?: string; module?: string }>;
}

/** Reads `window.__remixManifest={...}` (the build's manifest file), or null when it is not one. */
export function parseClientManifest(source: string): ClientManifestRoutes | null {
  const json = /^\s*window\.__remixManifest\s*=\s*([\s\S]*?);?\s*$/.exec(source)?.[1];
  if (!json) return null;
  try {
    const manifest = JSON.parse(json) as Partial<ClientManifestRoutes>;
    if (typeof manifest.version !== "string" || !manifest.routes || typeof manifest.routes !== "object") return null;
    return { version: manifest.version, routes: manifest.routes };
  } catch {
    return null;
  }
}

export type RouteDiscoveryAnswer = { status: 204; reloadDocument: true } | { status: 200; body: string };

/**
 * Offline, Remix still asks /__manifest which routes the links on a page lead
 * to; without an answer a client-side navigation fails with an error page.
 * The server answers with the build manifest's routes that match the paths
 * asked for; the worker, holding that manifest, answers with every route whose
 * code it keeps (and whose parents' code it keeps). A link to any other page
 * then matches the not-found route (kept in the shell), whose data request the
 * worker answers with a redirect to the offline page: a route it could not
 * load would make Remix reload the page the visitor is on instead. A page of
 * another build gets what the server would say: reload the document.
 */
export function routeDiscoveryAnswer(
  manifest: ClientManifestRoutes,
  requestedVersion: string | null,
  isKept: (moduleUrl: string) => boolean,
): RouteDiscoveryAnswer {
  if (requestedVersion !== manifest.version) return { status: 204, reloadDocument: true };
  const usable = (id: string | undefined, seen = new Set<string>()): boolean => {
    if (!id) return true;
    const route = manifest.routes[id];
    if (!route?.module || seen.has(id) || !isKept(route.module)) return false;
    seen.add(id);
    return usable(route.parentId, seen);
  };
  const routes = Object.fromEntries(Object.entries(manifest.routes).filter(([id]) => usable(id)));
  return { status: 200, body: JSON.stringify(routes) };
}

/* ------------------------------------------------------------------- audio */

/**
 * Stored files, as signed URLs name them: the local adapter's
 * /storage/v1/object/sign/<bucket>/<path>?token=... and Supabase Storage's
 * identical path on the project's origin.
 */
const SIGNED_STORAGE = /^\/storage\/v1\/object\/sign\/[a-z0-9][a-z0-9_-]*\/[^?#]+$/;

/**
 * The cache key of a stored file: origin and path, without the signature
 * (which changes with every page that names the file). Which files are kept
 * is the page's call (register.client.ts: catalogue songs only); this only
 * says what a signed storage URL is.
 */
export function audioCacheKey(url: string): string | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return null;
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return null;
  if (!SIGNED_STORAGE.test(target.pathname) || target.pathname.split("/").some((segment) => segment === ".." || segment === ".")) return null;
  return target.origin + target.pathname;
}

export interface PlayFacts {
  /** What the media element plays (its currentSrc). */
  url: string;
  /** The element is the floating player's (<audio data-player-audio>). */
  fromFloatingPlayer: boolean;
  /** The floating player's current track, for its element. */
  playerTrack?: { url: string; songId?: string } | null;
  /** The page's path, for an element of the page's own. */
  pagePath: string;
}

/**
 * Is this play one the worker keeps? Catalogue songs only, the songs anyone
 * may hear: in the floating player, a track that is a catalogue song (it has
 * a songId) and is what the element plays; elsewhere, the native players of
 * a song's public page (the song and its versions). Members' demos, showcase
 * tracks, applications and submissions are never kept.
 */
export function keepsPlayedAudio({ url, fromFloatingPlayer, playerTrack, pagePath }: PlayFacts): boolean {
  return playedSongId({ url, fromFloatingPlayer, playerTrack, pagePath }) !== null;
}

/** The catalogue song a play is of (the worker then checks a visitor may open it), or null. */
export function playedSongId({ url, fromFloatingPlayer, playerTrack, pagePath }: PlayFacts): string | null {
  const key = audioCacheKey(url);
  if (!key) return null;
  if (fromFloatingPlayer) {
    if (!playerTrack?.songId || audioCacheKey(new URL(playerTrack.url, url).href) !== key) return null;
    return playerTrack.songId;
  }
  return /^\/song\/([^/]+)$/.exec(pagePath)?.[1] ?? null;
}

/** The request that tells the worker whether a visitor may open a song's page (HEAD: no body, no cookies). */
export function publicSongCheckUrl(songId: string, origin: string): string {
  return `${origin}/song/${encodeURIComponent(songId)}`;
}

/** How much audio this browser keeps: the last 20 songs played, at most 200 MB, the oldest played going first. */
export const AUDIO_LIMITS = { maxTracks: 20, maxBytes: 200 * 1024 * 1024 } as const;

export interface AudioEntry {
  key: string;
  bytes: number;
  playedAt: number;
}

/** The index after a play of `key` (bytes: the file's size once kept; unchanged when omitted). */
export function recordPlay(index: readonly AudioEntry[], key: string, now: number, bytes?: number): AudioEntry[] {
  const existing = index.find((entry) => entry.key === key);
  const entry = { key, bytes: bytes ?? existing?.bytes ?? 0, playedAt: now };
  return [...index.filter((other) => other.key !== key), entry];
}

/** Keys to drop so the index fits the limits: least recently played first. */
export function audioEvictions(index: readonly AudioEntry[], limits: { maxTracks: number; maxBytes: number } = AUDIO_LIMITS): string[] {
  const byAge = [...index].sort((a, b) => a.playedAt - b.playedAt);
  let count = byAge.length;
  let bytes = byAge.reduce((sum, entry) => sum + entry.bytes, 0);
  const evicted: string[] = [];
  for (const entry of byAge) {
    if (count <= limits.maxTracks && bytes <= limits.maxBytes) break;
    evicted.push(entry.key);
    count -= 1;
    bytes -= entry.bytes;
  }
  return evicted;
}

/** A file larger than this is not kept at all (it would push out most of the others). */
export const AUDIO_MAX_FILE_BYTES = 60 * 1024 * 1024;

export type RangeAnswer =
  | { status: 200; start: 0; end: number; headers: Record<string, string> }
  | { status: 206; start: number; end: number; headers: Record<string, string> }
  | { status: 416; headers: Record<string, string> };

/**
 * How a kept file of `size` bytes answers a request with this Range header,
 * by the same rules as the storage server (app/platform/storage/http-range.ts):
 * 206 with Content-Range for one satisfiable range, the whole file for none,
 * a malformed or a multi-range header, 416 past the end. `end` is inclusive.
 */
export function rangeAnswer(rangeHeader: string | null, size: number, contentType: string): RangeAnswer {
  const decision = decideRange(rangeHeader, size);
  const common = { "Accept-Ranges": "bytes", "Content-Type": contentType };
  if (decision.kind === "unsatisfiable") {
    return { status: 416, headers: { "Accept-Ranges": "bytes", "Content-Range": `bytes */${size}` } };
  }
  if (decision.kind === "partial") {
    const { start, end } = decision.range;
    return {
      status: 206,
      start,
      end,
      headers: { ...common, "Content-Range": `bytes ${start}-${end}/${size}`, "Content-Length": String(end - start + 1) },
    };
  }
  return { status: 200, start: 0, end: size - 1, headers: { ...common, "Content-Length": String(size) } };
}

/* ------------------------------------------------------------- session end */

/**
 * Did this exchange end the session? The server's signal on any response
 * (sign-out, expiry, suspension, a failed refresh), or a sign-out request
 * itself (POST /auth/sign-out, as a form or as Remix data), whatever came back.
 */
export function endsSession(request: { method: string; url: string }, responseHeaders?: Headers | null): boolean {
  if (responseHeaders?.get(SESSION_SIGNAL_HEADER)?.trim().toLowerCase() === SESSION_ENDED) return true;
  if (request.method !== "POST") return false;
  const { pathname } = new URL(request.url);
  return (pagePathOfData(pathname) ?? pathname) === "/auth/sign-out";
}

/**
 * A document load's redirect is opaque to a worker (no headers, no target),
 * so a session that ends on a page load (an expired or suspended session
 * asking for a page) shows itself only by where the browser goes next: SPEC §2
 * sends every ended session to /auth. A navigation to /auth that follows a
 * redirected navigation within this window counts as a session's end.
 */
export const SIGN_IN_AFTER_REDIRECT_MS = 10_000;

export function arrivesAfterSessionRedirect(pathname: string, lastRedirectAt: number | null, now: number): boolean {
  return pathname === "/auth" && lastRedirectAt !== null && now - lastRedirectAt >= 0 && now - lastRedirectAt <= SIGN_IN_AFTER_REDIRECT_MS;
}

/* ---------------------------------------------------------------- messages */

/** What pages tell the worker (register.client.ts). */
export type PageMessage =
  /**
   * A media element started playing this URL, the catalogue song `songId`
   * (the worker keeps it only if a visitor may open that song's page: an
   * admin playing an archived song or a draft keeps nothing).
   */
  | { type: "audio-played"; url: string; songId: string }
  /** The page is signing out. */
  | { type: "clear-caches" }
  /**
   * The build files this page loaded before the worker controlled it (the lazy
   * chunks: the player, the enhancements), to keep for an offline reload.
   */
  | { type: "keep-assets"; urls: string[] }
  /**
   * The page the browser loaded before the worker controlled it (a first
   * visit): kept like any later one, if it is a public page.
   */
  | { type: "page-seen"; url: string };

/** At most this many build files per message (a page loads a few dozen). */
export const KEEP_ASSETS_MAX = 300;

/** A build file of this origin, by its absolute URL, or null. */
export function ownAssetUrl(url: unknown, origin: string): string | null {
  if (typeof url !== "string" || url.length > 500) return null;
  try {
    const target = new URL(url, origin);
    if (target.origin !== origin || !/^\/assets\/[\w.-]+$/.test(target.pathname)) return null;
    return target.origin + target.pathname;
  } catch {
    return null;
  }
}

export function parsePageMessage(data: unknown, origin: string): PageMessage | null {
  if (!data || typeof data !== "object") return null;
  const message = data as { type?: unknown; url?: unknown; urls?: unknown };
  if (message.type === "clear-caches") return { type: "clear-caches" };
  const songId = (data as { songId?: unknown }).songId;
  if (message.type === "audio-played" && typeof message.url === "string" && message.url.length <= 4096) {
    if (typeof songId !== "string" || !/^[0-9a-f-]{36}$/i.test(songId)) return null;
    return { type: "audio-played", url: message.url, songId };
  }
  if (message.type === "page-seen" && typeof message.url === "string" && message.url.length <= 4096) {
    try {
      const page = new URL(message.url);
      if (page.origin === origin && isPublicPagePath(page.pathname)) return { type: "page-seen", url: publicCopyUrl(page.href) };
    } catch {
      return null;
    }
    return null;
  }
  if (message.type === "keep-assets" && Array.isArray(message.urls)) {
    const urls = [...new Set(message.urls.slice(0, KEEP_ASSETS_MAX).map((url) => ownAssetUrl(url, origin)))].filter(
      (url): url is string => url !== null,
    );
    return { type: "keep-assets", urls };
  }
  return null;
}
