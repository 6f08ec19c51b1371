/**
 * Turns the offline service worker on or off in this browser (SPEC §1's rule,
 * sw-rules.ts), and tells it what only a page knows: which song started
 * playing (so it keeps that song), which build files the page loaded before
 * the worker controlled it, and that the member is signing out.
 *
 * Loaded lazily by app/enhance/Enhancements.tsx after hydration, once per
 * page load; nothing here is in any page's first-load JavaScript.
 * <html data-service-worker="on|off|unsupported|failed"> says what happened
 * (tests and the developer tools read it). docs/decisions/0095-offline-service-worker.md.
 */
import { createDebug } from "~/enhance/debug/debug";
import { browserPlayerState } from "~/player/context";
import { CACHE_PREFIX, audioCacheKey, ownAssetUrl, playedSongId, type PageMessage } from "./sw-policy";
import { hasDisableSwFlag, hasEnableSwFlag, serviceWorkerDecision } from "./sw-rules";

/** Served from the site root (scope /) with Cache-Control: no-cache, so an update rolls out on the next visit. */
export const SERVICE_WORKER_URL = "/sw.js";

const debug = createDebug("offline");
let listening = false;

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof matchMedia === "function" && matchMedia("(display-mode: standalone)").matches);
}

function mark(state: "on" | "off" | "unsupported" | "failed") {
  document.documentElement.dataset.serviceWorker = state;
}

export async function registerServiceWorker(): Promise<void> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) {
    if (typeof document !== "undefined") mark("unsupported");
    return;
  }
  const decision = serviceWorkerDecision({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone: isStandalone(),
    search: location.search,
    dev: import.meta.env.DEV,
    optedIn: rememberOptIn(location.search),
  });
  if (!decision.on) {
    debug(`service worker off (${decision.reason})`);
    // Offline, nothing is turned off: what was kept is what this page may need next.
    if (navigator.onLine !== false) await turnOff();
    mark("off");
    return;
  }
  try {
    // updateViaCache "none": the browser always asks the server for /sw.js (and what it imports).
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/", updateViaCache: "none" });
  } catch (error) {
    // No worker (a browser that refuses it, a blocked scope): the site works as it does without one.
    debug("service worker registration failed", error);
    mark("failed");
    return;
  }
  listenToThePage();
  mark("on");
  debug("service worker registered");
  if (!navigator.serviceWorker.controller) {
    // The first visit: this page and its files came before the worker could see them.
    void tellWorker({ type: "page-seen", url: location.href });
  }
  void tellWorker({ type: "keep-assets", urls: loadedBuildFiles() });
}

/** Where this browser remembers that it carried the enable-sw flag (SPEC §1; sw-rules.ts). */
const OPT_IN_KEY = "hf:enable-sw";

/** Records the flag (or its withdrawal, enable-sw=0) and says whether this browser is opted in. */
function rememberOptIn(search: string): boolean {
  try {
    if (hasEnableSwFlag(search)) window.localStorage.setItem(OPT_IN_KEY, "1");
    else if (hasDisableSwFlag(search)) window.localStorage.removeItem(OPT_IN_KEY);
    return window.localStorage.getItem(OPT_IN_KEY) === "1";
  } catch {
    // No storage: only the flag on this page counts.
    return false;
  }
}

/** Off: no registration of ours stays, and nothing it kept. */
async function turnOff(): Promise<void> {
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
    if (typeof caches !== "undefined") {
      const names = (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX));
      await Promise.all(names.map((name) => caches.delete(name)));
    }
  } catch (error) {
    debug("turning the service worker off failed", error);
  }
}

async function tellWorker(message: PageMessage): Promise<void> {
  try {
    const registration = await navigator.serviceWorker.ready;
    (navigator.serviceWorker.controller ?? registration.active)?.postMessage(message);
  } catch {
    // A page the worker cannot hear: it keeps less, nothing breaks.
  }
}

/** The build files (/assets/*) this page has loaded so far: scripts, lazy chunks, styles. */
function loadedBuildFiles(): string[] {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType("resource")) {
    const url = ownAssetUrl(entry.name, location.origin);
    if (url) urls.add(url);
  }
  for (const element of document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>("link[href], script[src]")) {
    const url = ownAssetUrl(element instanceof HTMLLinkElement ? element.href : element.src, location.origin);
    if (url) urls.add(url);
  }
  return [...urls];
}

function listenToThePage() {
  if (listening) return;
  listening = true;
  // 'play' does not bubble: listen in the capture phase, for the floating player and the song page's own player alike.
  document.addEventListener(
    "play",
    (event) => {
      const media = event.target;
      if (!(media instanceof HTMLMediaElement)) return;
      const url = media.currentSrc || media.src;
      const fromFloatingPlayer = media.hasAttribute("data-player-audio");
      const playerTrack = fromFloatingPlayer ? browserPlayerState()?.track : null;
      const songId = playedSongId({ url, fromFloatingPlayer, playerTrack, pagePath: location.pathname });
      if (!songId) return;
      debug("keeping a played song", audioCacheKey(url));
      void tellWorker({ type: "audio-played", url, songId });
    },
    true,
  );
  // The sign-out form (the header's, the session dialog's): empty the caches as it goes,
  // before the answer (which the worker also reads) comes back.
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") return;
      const action = new URL(form.getAttribute("action") ?? location.href, location.href);
      if (action.origin === location.origin && action.pathname === "/auth/sign-out") void tellWorker({ type: "clear-caches" });
    },
    true,
  );
}
