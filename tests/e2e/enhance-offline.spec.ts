/**
 * The offline service worker (issue 15, docs/decisions/0095-offline-service-worker.md)
 * in a real browser on the built app: a member opens the catalogue and a song and
 * plays it; offline, both open again (full loads and client-side navigation) and
 * the song plays from this device; pages never kept, and every signed-in page, give
 * the offline page; Cache Storage never holds a signed-in or no-store response; the
 * SPEC §1 iOS rule; the caches emptied at sign-out and when a session expires.
 *
 * The rest of the suite runs with service workers blocked (playwright.config.ts):
 * this file allows them for itself.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { devices } from "@playwright/test";
import { test, expect as baseExpect, expectNoAxeViolations, useTheme, withoutLoopGuard } from "./fixtures";

test.use({ serviceWorkers: "allow" });
// Pages here render twice over (the worker keeps a copy of each in the background): room on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** What Cache Storage holds, read in the page: each cache, each kept URL with the headers that matter. */
interface KeptEntry {
  cache: string;
  url: string;
  status: number;
  cacheControl: string | null;
  contentType: string | null;
}

async function cacheContents(page: Page): Promise<KeptEntry[]> {
  return page.evaluate(async () => {
    const entries: KeptEntry[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = (await cache.match(request))!;
        entries.push({
          cache: name,
          url: request.url,
          status: response.status,
          cacheControl: response.headers.get("cache-control"),
          contentType: response.headers.get("content-type"),
        });
      }
    }
    return entries;
  });
}

const path = (url: string) => new URL(url).pathname + new URL(url).search;

/** What a member's browsing left: kept pages and data, and played songs (build files are the same for everyone). */
async function keptAboutBrowsing(page: Page): Promise<string[]> {
  return (await cacheContents(page)).filter((entry) => /^hf-(pages|audio)-/.test(entry.cache)).map((entry) => path(entry.url));
}

/** Waits until the worker is registered, active and controls the page. */
async function workerInControl(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-service-worker", "on");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function keptPaths(page: Page, cachePrefix: string): Promise<string[]> {
  return (await cacheContents(page)).filter((entry) => entry.cache.startsWith(cachePrefix)).map((entry) => path(entry.url));
}

const player = (page: Page) => page.getByRole("region", { name: "Audio player" });
const playerAudio = (page: Page) => page.locator("audio[data-player-audio]");

async function expectPlaying(page: Page) {
  await expect.poll(() => playerAudio(page).evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime > 0.3), {
    message: "the floating player should be playing",
    timeout: 20_000,
  }).toBe(true);
}

/** The kept song's key (path without the signature) once the worker has its whole file. */
async function songKept(page: Page): Promise<string> {
  const src = await playerAudio(page).getAttribute("src");
  const key = new URL(src!, page.url()).pathname;
  await expect.poll(async () => (await keptPaths(page, "hf-audio-")).includes(key), { message: `the song ${key} should be kept`, timeout: 30_000 }).toBe(true);
  return key;
}

/**
 * A demo song on the catalogue's first page: the newest demo song, about 34 s (app/demo/songs-data.ts).
 * Not simply the first song: other tests add 3-second songs to the catalogue while this runs, short
 * enough to have been played whole (and kept by the browser's media cache) before the checks below.
 */
const DEMO_SONG_TITLE = "Midnight Avenue";
async function demoSong(page: Page) {
  const link = page.getByRole("list", { name: "Songs" }).getByRole("link", { name: DEMO_SONG_TITLE, exact: true });
  return { title: (await link.textContent())!.trim(), href: (await link.getAttribute("href"))! };
}

test.describe("offline, with the service worker", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "A service worker is registered by JavaScript; the offline page without it is tested below.");
  test.setTimeout(120_000);

  test("a member reopens the catalogue and a song offline, and replays the song; nothing signed-in is kept", async ({ page, context, signedInAs }) => {
    await signedInAs("member");
    await page.goto("/music-catalog");
    await workerInControl(page);
    const song = await demoSong(page);

    // A client-side navigation to the song (its data is kept), then a full load of it (the document).
    await page.getByRole("link", { name: song.title, exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: song.title })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: song.title })).toBeVisible();
    await page.getByRole("button", { name: `Play ${song.title}` }).first().click();
    await expectPlaying(page);
    const songKey = await songKept(page);
    await page.getByRole("button", { name: `Pause ${song.title}` }).first().click();

    // The member's own pages were private, no-store: what is kept is the public copy.
    await expect.poll(() => keptPaths(page, "hf-pages-")).toEqual(
      expect.arrayContaining(["/music-catalog", song.href, `${song.href}.data`]),
    );
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await context.setOffline(true);

    // A full load of the catalogue, and a client-side navigation to the song.
    await page.goto("/music-catalog");
    await expect(page.getByRole("heading", { level: 1, name: /catalogue/i })).toBeVisible();
    await page.getByRole("link", { name: song.title, exact: true }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === song.href);
    await expect(page.getByRole("heading", { level: 1, name: song.title })).toBeVisible();

    // A full load of the song, and the song plays again, from this device: the worker answers the
    // player's requests (Range requests with 206 and Content-Range) from the kept file.
    await page.goto(song.href);
    await expect(page.getByRole("heading", { level: 1, name: song.title })).toBeVisible();
    const audioAnswers: { fromWorker: boolean; status: number; contentRange: string | null }[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === songKey) {
        audioAnswers.push({ fromWorker: response.fromServiceWorker(), status: response.status(), contentRange: response.headers()["content-range"] ?? null });
      }
    });
    await page.getByRole("button", { name: `Play ${song.title}` }).first().click();
    await expect(player(page)).toBeVisible();
    await expectPlaying(page);
    expect(new URL((await playerAudio(page).getAttribute("src"))!, page.url()).pathname).toBe(songKey);
    expect(audioAnswers.length).toBeGreaterThan(0);
    expect(audioAnswers.every((answer) => answer.fromWorker)).toBe(true);
    expect(audioAnswers.some((answer) => answer.status === 206 && /^bytes \d+-\d+\/\d+$/.test(answer.contentRange ?? ""))).toBe(true);

    // A signed-in page is never served from a cache: the offline page instead.
    await page.goto("/dashboard");
    await expect(page).toHaveURL((url) => url.pathname === "/offline" && url.searchParams.get("from") === "/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/dashboard");

    // A page never seen, by a full load and by a client-side navigation.
    await page.goto("/members");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await page.goto("/music-catalog");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Members" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/offline" && url.searchParams.get("from") === "/members");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await expectNoAxeViolations(page, "offline page, served by the worker");

    await context.setOffline(false);

    // What Cache Storage holds: build files, the offline page, public pages and catalogue audio. Nothing
    // signed-in-only, nothing no-store, no page or data marked private.
    const kept = await cacheContents(page);
    const allowed = (url: string) => {
      const { pathname } = new URL(url);
      return (
        pathname.startsWith("/assets/") ||
        ["/offline", "/favicon.svg", "/site.webmanifest", "/music-catalog", "/music-catalog.data", "/__sw/audio-index.json"].includes(pathname) ||
        /^\/song\/[^/]+(\.data)?$/.test(pathname) ||
        pathname.startsWith("/storage/v1/object/sign/audio/")
      );
    };
    expect(kept.filter((entry) => !allowed(entry.url)).map((entry) => entry.url)).toEqual([]);
    expect(kept.filter((entry) => /no-store/i.test(entry.cacheControl ?? "")).map((entry) => entry.url)).toEqual([]);
    expect(
      kept.filter((entry) => !entry.cache.startsWith("hf-audio-") && /private/i.test(entry.cacheControl ?? "")).map((entry) => entry.url),
    ).toEqual([]);
    expect(kept.every((entry) => entry.status === 200)).toBe(true);
    expect(kept.some((entry) => path(entry.url) === "/dashboard" || path(entry.url).startsWith("/dashboard"))).toBe(false);
  });

  test("signing out empties what was kept", async ({ page, signedInAs }) => {
    await signedInAs("disposable");
    await page.goto("/music-catalog");
    await workerInControl(page);
    const song = await demoSong(page);
    await page.goto(song.href);
    await page.getByRole("button", { name: `Play ${song.title}` }).first().click();
    await expectPlaying(page);
    await songKept(page);
    expect(await keptPaths(page, "hf-pages-")).toContain(song.href);

    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/auth/);
    await expect.poll(() => keptAboutBrowsing(page)).toEqual([]);
    // The shell stays (the same for everyone): the offline page still works.
    expect(await keptPaths(page, "hf-shell-")).toContain("/offline");
  });

  test("a session that expires on a page load empties the caches too", async ({ page, signedInAs }) => {
    await signedInAs("member");
    await page.goto("/music-catalog");
    await workerInControl(page);
    await page.reload();
    await expect.poll(() => keptPaths(page, "hf-pages-")).toContain("/music-catalog");

    // The server ends the session on this load and redirects to /auth: a redirect the worker cannot read.
    await page.goto("/auth/__test/expire-session?reason=idle&next=/music-catalog");
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByText("Session Expired").first()).toBeVisible();
    await expect.poll(() => keptAboutBrowsing(page)).toEqual([]);
  });
});

test("/sw.js is served from the root and revalidated on every check, so an update rolls out", async ({ request }) => {
  const response = await request.get("/sw.js");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-cache");
  expect(response.headers()["content-type"]).toMatch(/javascript/);
});

test.describe("the SPEC §1 iOS rule", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "A service worker is registered by JavaScript.");
  test.setTimeout(90_000);

  const iPhone = devices["iPhone 13"];
  let context: BrowserContext;

  test.beforeEach(async ({ browser, baseURL }) => {
    context = await browser.newContext({
      baseURL,
      userAgent: iPhone.userAgent,
      viewport: iPhone.viewport,
      deviceScaleFactor: iPhone.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: "allow",
    });
    // A phone-sized window loading page after page: not the loop guard's business here.
    await withoutLoopGuard(context);
  });
  test.afterEach(async () => {
    await context?.close();
  });

  const registrations = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);

  test("an iPhone browser registers no worker, unless the query carried enable-sw (remembered); with enable-sw=0, the worker goes", async () => {
    const page = await context.newPage();
    await page.goto("/music-catalog");
    await expect(page.locator("html")).toHaveAttribute("data-service-worker", "off");
    expect(await registrations(page)).toBe(0);

    await page.goto("/music-catalog?enable-sw");
    await workerInControl(page);
    expect(await registrations(page)).toBe(1);
    await expect.poll(async () => (await cacheContents(page)).length).toBeGreaterThan(0);

    // The flag opts this browser in: later loads without it keep the worker and what it kept.
    await page.goto("/music-catalog");
    await expect(page.locator("html")).toHaveAttribute("data-service-worker", "on");
    expect(await registrations(page)).toBe(1);

    await page.goto("/music-catalog?enable-sw=0");
    await expect(page.locator("html")).toHaveAttribute("data-service-worker", "off");
    expect(await registrations(page)).toBe(0);
    expect((await cacheContents(page)).filter((entry) => entry.cache.startsWith("hf-"))).toEqual([]);
  });
});

test.describe("the offline page", () => {
  test("says what still works offline, and leads back, with or without JavaScript", async ({ page }) => {
    await page.goto("/offline?from=%2Fsong%2Fabc");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What still works offline" })).toBeVisible();
    await expect(page.getByText("The last 20 songs you played")).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/song/abc");
    await expect(page.getByRole("link", { name: "Open the catalogue" })).toHaveAttribute("href", "/music-catalog");
    await expectNoAxeViolations(page, "offline page, light");
    await useTheme(page, "dark");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await expectNoAxeViolations(page, "offline page, dark");
    // No sideways scroll on the narrowest phone.
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test("never leads off the site", async ({ page }) => {
    await page.goto("/offline?from=%2F%2Fevil.example%2Fx");
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/");
  });
});
