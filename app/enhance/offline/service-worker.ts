/**
 * THE OFFLINE SERVICE WORKER (issue 15, docs/decisions/0095-offline-service-worker.md),
 * served at /sw.js with scope /. Bundled from this file by scripts/build/service-worker.ts,
 * which writes in the build's facts (__SW_BUILD__: the manifest version, the shell files).
 *
 * What it keeps, so that a member on a weak network can reopen what they saw and
 * replay what they heard:
 *  - the shell: the build files a page needs to start, the offline page, icon, manifest;
 *  - the public catalogue and song pages, and their data, as an anonymous visitor gets
 *    them (fetched again without cookies: a member's own copy is private, no-store);
 *  - the last songs played, whole, answering the player's Range requests offline.
 * It never keeps a signed-in page, and empties what it kept when a session ends.
 *
 * Every decision is a pure function of sw-policy.ts; this file is the plumbing.
 */
import {
  AUDIO_LIMITS,
  AUDIO_MAX_FILE_BYTES,
  OFFLINE_PATH,
  SHELL_FILES,
  SINGLE_FETCH_REDIRECT_STATUS,
  STORED_AT_HEADER,
  arrivesAfterSessionRedirect,
  audioCacheKey,
  audioEvictions,
  cacheNames,
  cachesClearedAtSessionEnd,
  classifyRequest,
  dataUrlOf,
  endsSession,
  isPublicPagePath,
  isStorable,
  needsRefresh,
  offlinePageTarget,
  pagePathOfData,
  parseClientManifest,
  parsePageMessage,
  publicCopyUrl,
  publicSongCheckUrl,
  rangeAnswer,
  recordPlay,
  routeDiscoveryAnswer,
  singleFetchRedirectBody,
  staleCaches,
  type AudioEntry,
  type ClientManifestRoutes,
  type KeptKind,
} from "./sw-policy";

/* The worker's globals, typed here: the project compiles against the DOM library, not WebWorker's. */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response> | Response): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
}
interface WorkerScope {
  location: Location;
  navigator: Navigator;
  registration: { navigationPreload?: { enable(): Promise<void> } };
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}

/** Written in by the build (scripts/build/service-worker.ts). */
declare const __SW_BUILD__: { version: string; manifestUrl: string; shell: string[] };

const worker = self as unknown as WorkerScope;
const BUILD = __SW_BUILD__;
const CACHES = cacheNames(BUILD.version);
const ORIGIN = worker.location.origin;
/** The index of kept songs (key, size, last played), itself an entry of the audio cache. */
const AUDIO_INDEX = `${ORIGIN}/__sw/audio-index.json`;

/**
 * Bumped whenever the caches are emptied: work that began before (a page being
 * kept in the background, a song being fetched) checks it before writing, so
 * nothing from before a sign-out lands after it.
 */
let epoch = 0;
/** When a document load last came back as a redirect (see arrivesAfterSessionRedirect). */
let lastNavigationRedirectAt: number | null = null;

/* ------------------------------------------------------------ lifecycle */

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(CACHES.shell);
      // The build's files: fingerprinted, the same for everyone.
      await shell.addAll(BUILD.shell);
      // The offline page, icon and manifest, without cookies and only if storable.
      await Promise.all(SHELL_FILES.map((path) => keepAnonymousCopy(CACHES.shell, `${ORIGIN}${path}`, path === OFFLINE_PATH ? "page" : "asset", epoch)));
      if (!(await shell.match(`${ORIGIN}${OFFLINE_PATH}`))) throw new Error("The offline page could not be kept");
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), CACHES).map((name) => caches.delete(name)));
      // The page request starts while the worker boots, instead of after.
      await worker.registration.navigationPreload?.enable().catch(() => undefined);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("message", (event) => {
  const message = parsePageMessage(event.data, ORIGIN);
  if (message?.type === "audio-played") event.waitUntil(serially(() => keepPlayedSong(message.url, message.songId)));
  else if (message?.type === "clear-caches") event.waitUntil(clearKeptCaches());
  else if (message?.type === "keep-assets") event.waitUntil(keepAssets(message.urls));
  else if (message?.type === "page-seen") {
    event.waitUntil(Promise.all([
      keepAnonymousCopy(CACHES.pages, message.url, "page", epoch),
      keepAnonymousCopy(CACHES.pages, dataUrlOf(message.url), "page-data", epoch),
    ]).catch(() => undefined));
  }
});

/** Keeps build files a page loaded before the worker controlled it (mostly straight from the HTTP cache). */
async function keepAssets(urls: string[]): Promise<void> {
  const startedIn = epoch;
  const cache = await caches.open(CACHES.assets);
  for (const url of urls) {
    if ((await caches.match(url, { cacheName: CACHES.shell })) || (await cache.match(url))) continue;
    const response = await fetch(url).catch(() => null);
    if (!response || !isStorable(response, "asset") || startedIn !== epoch) continue;
    await cache.put(url, response);
  }
}

/* ---------------------------------------------------------------- fetch */

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  const kind = classifyRequest({ method: request.method, url: request.url, mode: request.mode, destination: request.destination }, ORIGIN);
  switch (kind) {
    case "page":
      return event.respondWith(page(event));
    case "page-data":
      return event.respondWith(pageData(event));
    case "route-discovery":
      return event.respondWith(routeDiscovery(request));
    case "asset":
      return event.respondWith(asset(event));
    case "audio":
      return event.respondWith(audio(request));
    case "session-write":
      return event.respondWith(passOn(event));
    default:
      return undefined;
  }
});

/** Reads a response for the session's end (any response the worker sees), and empties the caches when it came. */
function watchSession(event: FetchEvent, response: Response | null): void {
  if (endsSession(event.request, response?.headers)) event.waitUntil(clearKeptCaches());
}

async function passOn(event: FetchEvent): Promise<Response> {
  try {
    const response = await fetch(event.request);
    watchSession(event, response);
    return response;
  } catch (error) {
    // A sign-out that could not reach the server still leaves nothing behind here.
    watchSession(event, null);
    throw error;
  }
}

async function page(event: FetchEvent): Promise<Response> {
  const url = new URL(event.request.url);
  if (arrivesAfterSessionRedirect(url.pathname, lastNavigationRedirectAt, Date.now())) event.waitUntil(clearKeptCaches());
  let response: Response;
  try {
    response = (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    return offlinePage(url);
  }
  lastNavigationRedirectAt = response.type === "opaqueredirect" ? Date.now() : null;
  watchSession(event, response);
  if (response.ok && isPublicPagePath(url.pathname)) {
    event.waitUntil(keepAnonymousCopy(CACHES.pages, publicCopyUrl(url.href), "page", epoch).catch(() => undefined));
  }
  return response;
}

async function offlinePage(url: URL): Promise<Response> {
  if (isPublicPagePath(url.pathname) && url.pathname !== OFFLINE_PATH) {
    const kept = await caches.match(publicCopyUrl(url.href), { cacheName: CACHES.pages });
    if (kept) return kept;
  }
  if (url.pathname === OFFLINE_PATH) {
    const offline = await caches.match(`${ORIGIN}${OFFLINE_PATH}`, { cacheName: CACHES.shell });
    // Never a redirect to itself: with no kept offline page, a plain word instead.
    return offline ?? new Response("You're offline, and this page needs a connection.", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  // A redirect, not the offline page under this address: Remix would hydrate that page's
  // data against this URL's routes, which it does not have offline.
  return Response.redirect(new URL(offlinePageTarget(url.href), ORIGIN).href, 302);
}

async function pageData(event: FetchEvent): Promise<Response> {
  const url = new URL(event.request.url);
  const pagePath = pagePathOfData(url.pathname) ?? "/";
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch {
    const kept = isPublicPagePath(pagePath) ? await caches.match(publicCopyUrl(url.href), { cacheName: CACHES.pages }) : undefined;
    return kept ?? offlineData(url);
  }
  watchSession(event, response);
  if (response.ok && isPublicPagePath(pagePath)) {
    event.waitUntil(keepAnonymousCopy(CACHES.pages, publicCopyUrl(url.href), "page-data", epoch).catch(() => undefined));
  }
  return response;
}

/** Remix's single-fetch redirect to the offline page, with a document load (which the worker answers). */
function offlineData(url: URL): Response {
  return new Response(singleFetchRedirectBody(offlinePageTarget(url.href)), {
    status: SINGLE_FETCH_REDIRECT_STATUS,
    headers: { "Content-Type": "text/x-script", "X-Remix-Response": "yes", "Cache-Control": "no-store" },
  });
}

let manifest: Promise<ClientManifestRoutes | null> | null = null;

async function routeDiscovery(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    manifest ??= caches
      .match(new URL(BUILD.manifestUrl, ORIGIN).href, { cacheName: CACHES.shell })
      .then(async (kept) => (kept ? parseClientManifest(await kept.text()) : null));
    const routes = await manifest;
    if (!routes) {
      manifest = null;
      throw error;
    }
    const kept = new Set<string>();
    for (const name of [CACHES.shell, CACHES.assets]) {
      for (const keptRequest of await (await caches.open(name)).keys()) kept.add(new URL(keptRequest.url).pathname);
    }
    const answer = routeDiscoveryAnswer(routes, new URL(request.url).searchParams.get("version"), (module) => kept.has(module));
    if (answer.status === 204) return new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } });
    return new Response(answer.body, { headers: { "Content-Type": "application/json; charset=utf-8" } });
  }
}

/** Fingerprinted files never change under their name: the kept copy, else the network (kept for next time). */
async function asset(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const kept = (await caches.match(request, { cacheName: CACHES.shell })) ?? (await caches.match(request, { cacheName: CACHES.assets }));
  if (kept) return kept;
  const response = await fetch(request);
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/assets/") && isStorable(response, "asset")) {
    const copy = response.clone();
    const startedIn = epoch;
    event.waitUntil(
      caches.open(CACHES.assets).then((cache) => (startedIn === epoch ? cache.put(request, copy) : undefined)).catch(() => undefined),
    );
  }
  return response;
}

/**
 * Fetches `url` again without cookies (so the answer can be about no one) and
 * keeps it if it is storable, unless a copy younger than the refresh time is
 * there already. A copy that arrives after the caches were emptied is dropped.
 */
async function keepAnonymousCopy(cacheName: string, url: string, kind: KeptKind, startedIn: number): Promise<void> {
  const cache = await caches.open(cacheName);
  const existing = await cache.match(url);
  if (existing && !needsRefresh(existing.headers.get(STORED_AT_HEADER), Date.now())) return;
  const response = await fetch(url, { credentials: "omit", redirect: "manual", cache: "no-store" });
  if (!isStorable(response, kind) || startedIn !== epoch) return;
  const headers = new Headers(response.headers);
  // The body is stored decoded: it must not claim an encoding or a length it no longer has.
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  headers.set(STORED_AT_HEADER, String(Date.now()));
  const body = await response.blob();
  if (startedIn !== epoch) return;
  await cache.put(url, new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

/* ---------------------------------------------------------------- audio */

/**
 * The network first (a fresh signed URL may carry a newer file); the kept
 * file when the browser says it is offline or the network fails, cut to the
 * Range the media element asked for.
 */
async function audio(request: Request): Promise<Response> {
  const key = audioCacheKey(request.url)!;
  if (worker.navigator.onLine === false) {
    const kept = await keptSong(key, request);
    if (kept) return kept;
  }
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await keptSong(key, request);
    if (kept) return kept;
    throw error;
  }
}

async function keptSong(key: string, request: Request): Promise<Response | null> {
  const kept = await caches.match(key, { cacheName: CACHES.audio });
  if (!kept) return null;
  const file = await kept.blob();
  const answer = rangeAnswer(request.headers.get("range"), file.size, kept.headers.get("content-type") ?? "application/octet-stream");
  if (answer.status === 416) return new Response(null, { status: 416, headers: answer.headers });
  const body = request.method === "HEAD" ? null : file.slice(answer.start, answer.end + 1);
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/** Plays reach the worker one at a time: each reads and writes the index. */
let queue: Promise<unknown> = Promise.resolve();
function serially(task: () => Promise<unknown>): Promise<unknown> {
  queue = queue.then(task, task).catch(() => undefined);
  return queue;
}

async function readIndex(cache: Cache): Promise<AudioEntry[]> {
  try {
    const kept = await cache.match(AUDIO_INDEX);
    const entries = kept ? ((await kept.json()) as AudioEntry[]) : [];
    return Array.isArray(entries) ? entries : [];
  } catch {
    return [];
  }
}

/**
 * A song was played (a page said so): the first time, its whole file is
 * fetched in the background and kept; every time, it becomes the most
 * recently played, and the least recently played go when over the limits.
 */
async function keepPlayedSong(url: string, songId: string): Promise<void> {
  const key = audioCacheKey(url);
  if (!key) return;
  const startedIn = epoch;
  const cache = await caches.open(CACHES.audio);
  let index = await readIndex(cache);
  if (await cache.match(key)) {
    index = recordPlay(index, key, Date.now());
  } else {
    // Only songs in the public catalogue: a visitor (no cookies) must be able to open the song's
    // page. An admin playing an archived song or a draft keeps nothing in this browser.
    const visible = await fetch(publicSongCheckUrl(songId, ORIGIN), { method: "HEAD", credentials: "omit", redirect: "manual", cache: "no-store" }).catch(() => null);
    if (!visible || visible.status !== 200) return;
    const response = await fetch(url, { credentials: "omit", mode: new URL(url).origin === ORIGIN ? "same-origin" : "cors", cache: "no-store" });
    if (!isStorable(response, "audio")) return;
    const file = await response.blob();
    if (file.size === 0 || file.size > AUDIO_MAX_FILE_BYTES || startedIn !== epoch) return;
    const headers = new Headers(response.headers);
    headers.delete("Content-Encoding");
    headers.set("Content-Length", String(file.size));
    headers.set(STORED_AT_HEADER, String(Date.now()));
    await cache.put(key, new Response(file, { status: 200, headers }));
    index = recordPlay(index, key, Date.now(), file.size);
  }
  if (startedIn !== epoch) return;
  const evicted = audioEvictions(index, AUDIO_LIMITS);
  await Promise.all(evicted.map((old) => cache.delete(old)));
  const kept = index.filter((entry) => !evicted.includes(entry.key));
  await cache.put(AUDIO_INDEX, new Response(JSON.stringify(kept), { headers: { "Content-Type": "application/json" } }));
}

/* ---------------------------------------------------------- session end */

async function clearKeptCaches(): Promise<void> {
  epoch += 1;
  await Promise.all(cachesClearedAtSessionEnd(await caches.keys(), CACHES).map((name) => caches.delete(name)));
}
