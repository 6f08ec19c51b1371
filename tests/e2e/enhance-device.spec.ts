/**
 * The device part of the enhancement layer in a real browser (SPEC §2 "Custom
 * cursor", §4 "Device performance and loop guard"; docs/decisions/0093):
 * the branded cursor on a large screen with a mouse, and nowhere else; the
 * performance level on <html> with what follows from it (no motion, no blur,
 * no confetti); the loop guard on a phone; axe with the cursor showing.
 *
 * The level depends on the machine (the CI machine has 2 cores, which alone
 * is "medium"), so every test that depends on it sets it explicitly through
 * the DevTools protocol: `Emulation.setHardwareConcurrencyOverride` for the
 * cores, `Network.emulateNetworkConditions` for a 3G network (with an init
 * script holding navigator.connection.effectiveType at "3g": Chromium 150's
 * own estimate on a new document can lag the emulation, and read "4g"),
 * `Emulation.setCPUThrottlingRate` for a slow CPU.
 */
import type { CDPSession, Page } from "@playwright/test";
import { WELCOME } from "../../app/onboarding/copy";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

/** Chrome DevTools' "Fast 3G" preset: 562.5 ms, 1.44 Mbit/s down, 675 kbit/s up. Chromium rates it effectiveType "3g". */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 800 };

/** Pins what the performance level reads, for this page, from now on (navigations and reloads included). */
async function pinDevice(page: Page, { cores, network, cpuSlowdown }: { cores: number; network?: "3g"; cpuSlowdown?: number }): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setHardwareConcurrencyOverride", { hardwareConcurrency: cores });
  if (network === "3g") {
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", FAST_3G);
    // Chromium's own estimate follows the emulated network, but on a new document (Chromium 150)
    // it may start again from what it last measured elsewhere: each document reports 3g as the
    // emulated network is, so the page reads the network the test set, not an estimator's history.
    await page.addInitScript(() => {
      const connection = (navigator as Navigator & { connection?: object }).connection;
      if (connection) Object.defineProperty(connection, "effectiveType", { configurable: true, get: () => "3g" });
    });
  }
  if (cpuSlowdown) await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  return cdp;
}

const html = (page: Page) => page.locator("html");
const cursor = (page: Page) => page.locator("[data-cursor]");

/** The enhancement layer has loaded (it writes the level): from here on, no cursor means none. */
async function layerLoaded(page: Page, level: "high" | "medium" | "low", timeout?: number) {
  await expect(html(page)).toHaveAttribute("data-perf", level, { timeout });
}

async function center(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2, width: box.width };
  });
}

async function expectNoCursorAfterMoving(page: Page) {
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 310);
  await expect(cursor(page)).toHaveCount(0);
}

test.describe("the branded cursor and the performance level, with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "The cursor, the level on <html> and the loop guard are JavaScript; the no-JS twin is below.");

  test("1280 px window, a mouse and 8 cores: the cursor follows the mouse, trails a dot and grows over a link, and the page stays usable", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await pinDevice(page, { cores: 8 });
    await page.goto("/");
    await layerLoaded(page, "high");
    await expect(html(page)).toHaveAttribute("data-motion", "full");
    await expect(cursor(page)).toHaveAttribute("data-cursor-visible", "false");
    await expect(cursor(page)).toHaveAttribute("aria-hidden", "true");

    // Over the heading (not clickable): the ring is centred on the pointer, the dot catches up.
    const heading = await center(page, "#hero-title");
    await page.mouse.move(heading.x, heading.y);
    await expect(cursor(page)).toHaveAttribute("data-cursor-visible", "true");
    await expect(cursor(page)).toHaveAttribute("data-cursor-state", "default");
    await expect.poll(async () => center(page, "[data-cursor-ring]")).toMatchObject({ x: heading.x, y: heading.y });
    await expect.poll(async () => center(page, "[data-cursor-dot]")).toMatchObject({ x: heading.x, y: heading.y });
    const small = (await center(page, "[data-cursor-ring]")).width;

    // The dot trails: measured in the page, frame by frame, from the move on.
    await page.evaluate(() => {
      const samples: number[] = [];
      Object.assign(window, { __trail: samples });
      const distance = (a: Element, b: Element) => {
        const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        return Math.hypot(p.left + p.width / 2 - (q.left + q.width / 2), p.top + p.height / 2 - (q.top + q.height / 2));
      };
      document.addEventListener(
        "pointermove",
        () => {
          const sample = () => {
            samples.push(distance(document.querySelector("[data-cursor-ring]")!, document.querySelector("[data-cursor-dot]")!));
            if (samples.length < 60) requestAnimationFrame(sample);
          };
          requestAnimationFrame(sample);
        },
        { once: true },
      );
    });
    await page.mouse.move(heading.x - 300, heading.y + 200);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __trail: number[] }).__trail.length)).toBe(60);
    const trail = await page.evaluate(() => (window as unknown as { __trail: number[] }).__trail);
    expect(trail[0], "the dot is behind the ring on the first frame").toBeGreaterThan(100);
    expect(trail.at(-1), "and has caught up").toBeLessThan(1);

    // Over a link: it grows. The system cursor is still there (never `cursor: none`), and the
    // cursor takes no pointer events: what is under it is what the mouse reaches.
    const link = await center(page, 'header a[href="/"]');
    await page.mouse.move(link.x, link.y);
    await expect(cursor(page)).toHaveAttribute("data-cursor-state", "hover");
    await expect.poll(async () => (await center(page, "[data-cursor-ring]")).width).toBeGreaterThan(small * 1.5);
    expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.getAttribute("href"), link)).toBe("/");
    expect(await page.evaluate(() => getComputedStyle(document.body).cursor)).not.toBe("none");
    expect(await page.locator('header a[href="/"]').evaluate((element) => getComputedStyle(element).cursor)).toBe("pointer");
    await expect(cursor(page)).toHaveCSS("pointer-events", "none");
    await page.mouse.move(heading.x, heading.y);
    await expect(cursor(page)).toHaveAttribute("data-cursor-state", "default");

    // A link reached with the keyboard keeps its focus ring with the cursor on.
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus-visible");
    await expect(focused).toHaveCount(1);
    expect(await focused.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe("none");

    // The pointer leaves the window (the browser's mouseout with no element to go to): hidden.
    await page.evaluate(() => document.documentElement.dispatchEvent(new MouseEvent("mouseout", { bubbles: true, relatedTarget: null })));
    await expect(cursor(page)).toHaveAttribute("data-cursor-visible", "false");
  });

  test("390 px: no cursor; a desktop window narrowed to 390 px loses it and gets it back", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await pinDevice(page, { cores: 8 });
    await page.goto("/music-catalog");
    await layerLoaded(page, "medium"); // narrow alone is medium
    await expectNoCursorAfterMoving(page);

    await page.setViewportSize(DESKTOP);
    await layerLoaded(page, "high");
    await expect(cursor(page)).toHaveCount(1);
    await page.setViewportSize({ width: 767, height: 800 });
    await expect(cursor(page)).toHaveCount(0);
    await page.setViewportSize({ width: 768, height: 800 });
    await expect(cursor(page)).toHaveCount(1);
  });

  test("no cursor on /auth or /admin; it comes back on a page it belongs to", async ({ page, signedInAs }) => {
    await page.setViewportSize(DESKTOP);
    await pinDevice(page, { cores: 8 });
    await page.goto("/auth");
    await layerLoaded(page, "high");
    await expectNoCursorAfterMoving(page);
    // A client-side navigation to the home page: the cursor belongs there.
    await page.getByRole("link", { name: "The Hit Factory home" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(cursor(page)).toHaveCount(1);

    await signedInAs("admin");
    await page.goto("/admin");
    await layerLoaded(page, "high");
    await expectNoCursorAfterMoving(page);
  });

  test("no cursor under prefers-reduced-motion, and motion is reduced at the high level", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await pinDevice(page, { cores: 8 });
    await page.goto("/");
    await layerLoaded(page, "high");
    await expect(html(page)).toHaveAttribute("data-motion", "reduced");
    await expect(html(page)).toHaveAttribute("data-blur", "on");
    await expectNoCursorAfterMoving(page);
  });

  test("a phone-sized window on emulated 3G runs at the low level: motion reduced, no blur, no confetti", async ({ page, signedInAs }) => {
    test.setTimeout(120_000);
    const confettiRequests: string[] = [];
    page.on("request", (request) => {
      if (/confetti/i.test(request.url())) confettiRequests.push(request.url());
    });
    // A member of its own whose welcome (and its confetti) shows on the next page.
    const me = await signedInAs("disposable");
    const restart = await page.request.post("/onboarding", { form: { intent: "restart", returnTo: "/dashboard" }, maxRedirects: 0 });
    expect(restart.status()).toBe(302);

    await page.setViewportSize(PHONE);
    // 8 cores: the slow network alone (with the narrow window) makes it low.
    await pinDevice(page, { cores: 8, network: "3g" });
    expect(await page.evaluate(() => (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType)).toBe("3g");
    await page.goto("/dashboard", { timeout: 60_000 });
    const welcome = page.getByRole("dialog", { name: WELCOME.title(me.displayName) });
    await expect(welcome).toBeVisible({ timeout: 30_000 });
    await layerLoaded(page, "low", 45_000);
    await expect(html(page)).toHaveAttribute("data-motion", "reduced");
    await expect(html(page)).toHaveAttribute("data-blur", "off");

    // No blur: the header is opaque instead, the dialog's dim is darker.
    const header = page.getByRole("banner");
    await expect(header).toHaveCSS("backdrop-filter", "none");
    expect(await header.evaluate((element) => getComputedStyle(element).backgroundColor)).toMatch(/^rgb\(/); // no alpha: opaque
    const overlay = welcome.locator("xpath=..");
    await expect(overlay).toHaveCSS("backdrop-filter", "none");
    // Motion reduced: transitions and animations take no time (the button's hover transition, the dim's fade-in).
    const button = welcome.getByRole("button", { name: WELCOME.startTour });
    const transition = () => button.evaluate((element) => parseFloat(getComputedStyle(element).transitionDuration));
    expect(await transition()).toBeLessThan(0.001);
    expect(await overlay.evaluate((element) => parseFloat(getComputedStyle(element).animationDuration))).toBeLessThan(0.001);

    // The confetti would have started 0.5 s after the welcome: it never does, and its code never loads.
    await page.waitForTimeout(2_000);
    await expect(page.locator("canvas[data-onboarding-confetti]")).toHaveCount(0);
    expect(confettiRequests).toEqual([]);

    // The same network on a desktop window is only medium: blur and motion come back (the level follows the window).
    await page.setViewportSize(DESKTOP);
    await layerLoaded(page, "medium");
    await expect(html(page)).toHaveAttribute("data-motion", "full");
    await expect(html(page)).toHaveAttribute("data-blur", "on");
    await expect(header).not.toHaveCSS("backdrop-filter", "none");
    expect(await transition()).toBeGreaterThan(0.05);
  });

  test("a slow phone (2 cores, CPU slowed down 4x) runs at the low level and still navigates", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    const cdp = await pinDevice(page, { cores: 2, cpuSlowdown: 4 });
    try {
      await page.goto("/");
      await layerLoaded(page, "low", 30_000);
      await expect(html(page)).toHaveAttribute("data-motion", "reduced");
      await expect(html(page)).toHaveAttribute("data-blur", "off");
      await page.getByLabel("Menu").click();
      await page.getByRole("navigation", { name: "Main (mobile)" }).getByRole("link", { name: "Catalogue" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Music catalogue", { timeout: 20_000 });
      await expect(html(page)).toHaveAttribute("data-perf", "low");
    } finally {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    }
  });

  test("axe finds nothing with the cursor showing over a link, in both themes", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    await pinDevice(page, { cores: 8 });
    for (const theme of ["light", "dark"] as const) {
      await useTheme(page, theme);
      await page.emulateMedia({ colorScheme: theme });
      await page.goto("/");
      await layerLoaded(page, "high");
      const link = await center(page, 'header a[href="/"]');
      await page.mouse.move(link.x - 5, link.y);
      await page.mouse.move(link.x, link.y);
      await expect(cursor(page)).toHaveAttribute("data-cursor-state", "hover");
      await expect(cursor(page)).toHaveAttribute("data-cursor-visible", "true");
      await expectNoAxeViolations(page, `on / with the cursor (${theme})`);
    }
  });
});

test.describe("the loop guard, with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "The loop guard runs in entry.client; without JavaScript there is nothing to guard (the no-JS twin is below).");
  // The rest of the suite runs with the guard's history emptied at every load (fixtures.ts).
  test.use({ loopGuard: true });

  /** The loads the guard holds for this tab, per path (app/enhance/device/loop-guard.ts). */
  const counts = async (page: Page): Promise<Record<string, number[]>> =>
    JSON.parse((await page.evaluate(() => sessionStorage.getItem("hf:loop-guard"))) ?? "{}");

  // The page's clock stands still (timers still run): on a busy machine a few loads can take most
  // of 30 s, and whether they fall in the guard's window must not depend on that.
  const START = new Date("2026-11-28T12:00:00Z").getTime();
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(START);
  });

  test("on a 390 px phone, the fourth full load of a page within 30 s lands on /; the count starts again after", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    await page.goto("/music-catalog");
    await page.reload();
    await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === "/music-catalog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Music catalogue");
    // The fourth load: replaced by / before it hydrates.
    await page.reload({ waitUntil: "commit" });
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.locator("#hero-title")).toBeVisible();
    expect(await counts(page), "cleared after the redirect").toEqual({});
    // A fourth reload (of /) stays; the catalogue opens again.
    await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await page.goto("/music-catalog");
    await expect(page).toHaveURL((url) => url.pathname === "/music-catalog");
  });

  test("client-side navigations do not count; full loads of different pages do", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    await page.goto("/music-catalog");
    await expect(html(page)).toHaveAttribute("data-perf", /^(high|medium|low)$/); // hydrated: links navigate on the client
    for (let i = 0; i < 4; i++) {
      await page.getByRole("list", { name: "Songs" }).getByRole("listitem").first().getByRole("heading").getByRole("link").click();
      await expect(page).toHaveURL((url) => url.pathname.startsWith("/song/"));
      await page.goBack();
      await expect(page).toHaveURL((url) => url.pathname === "/music-catalog");
    }
    // Eight client-side moves and one full load so far. Two more full loads of other pages stay…
    for (const path of ["/members", "/search"]) {
      await page.goto(path);
      await expect(page, `a load of ${path}`).toHaveURL((url) => url.pathname === path);
    }
    const loads = Object.values(await counts(page)).flat();
    expect(loads, "three full loads recorded").toHaveLength(3);
    // …and the fourth full load within 30 s, of yet another page, goes home.
    await page.goto("/party", { waitUntil: "commit" });
    await expect(page).toHaveURL((url) => url.pathname === "/");
  });

  test("loads 30 s apart do not add up", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/music-catalog");
    await page.reload();
    await page.reload();
    await page.clock.setFixedTime(START + 30_000);
    await page.reload();
    await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === "/music-catalog");
    expect((await counts(page))["/music-catalog"], "the first three are out of the window").toEqual([START + 30_000, START + 30_000]);
  });

  test("a load of / never redirects, however often", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    for (let i = 0; i < 5; i++) await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.locator("#hero-title")).toBeVisible();
    expect(await counts(page)).toEqual({});
  });

  test("on a 1280 px window there is no guard", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/music-catalog");
    for (let i = 0; i < 5; i++) await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === "/music-catalog");
    expect(await counts(page), "a wide window's loads are not even recorded").toEqual({});
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "The no-JS twin of the tests above.");

  test("nothing of the layer runs: no cursor, no level on <html>, a phone reloading a page stays on it, and the reduced-motion preference still stills the page", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/music-catalog");
    for (let i = 0; i < 4; i++) await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === "/music-catalog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Music catalogue");
    await expect(cursor(page)).toHaveCount(0);
    await expect(html(page)).not.toHaveAttribute("data-perf", /.*/);
    // The stylesheet's own prefers-reduced-motion rule needs no script.
    const transition = () => page.getByRole("main").getByRole("button").first().evaluate((element) => parseFloat(getComputedStyle(element).transitionDuration));
    expect(await transition()).toBeGreaterThan(0.05);
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await transition()).toBeLessThan(0.001);
  });
});
