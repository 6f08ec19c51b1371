/**
 * The player beyond its buttons (issue 15 §8, ADR 0097), in a real browser on
 * real seeded audio: the Media Session handlers a lock screen or media keys
 * call, invoked as the browser would; the keyboard shortcuts and their list;
 * click-to-seek on a song's waveform. Without JavaScript there is none of
 * this: the song page's native player is what is left, and it plays.
 */
import type { Page } from "@playwright/test";
import config from "../../playwright.config";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";
import { audio, audioState, expectPlaying, player } from "./support/floating-player";

// Media Session actions arrive outside any user gesture, as they do from a lock screen: let
// headless Chromium play then, as player.spec.ts does.
const baseLaunch = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...baseLaunch, args: [...(baseLaunch.args ?? []), "--autoplay-policy=no-user-gesture-required"] } });

const plainList = (page: Page) => page.getByRole("list", { name: "Plain playlist" });
const shortcutsDialog = (page: Page) => page.getByRole("dialog", { name: "Keyboard shortcuts" });
const announcer = (page: Page) => page.getByTestId("player-announcer");

/** Waits for the track's duration (the metadata loaded), so seeks land where asked. */
async function durationOf(page: Page): Promise<number> {
  await expect.poll(async () => (await audioState(page)).duration, { message: "the audio's duration" }).toBeGreaterThan(0);
  return (await audioState(page)).duration;
}

/** Takes focus off whatever has it, so a key press reaches the page (not the player's own K). */
async function focusPage(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/**
 * Records the Media Session handlers the page registers (the browser keeps
 * them to itself), so a test can call them as a lock screen would.
 */
async function recordMediaSessionHandlers(page: Page) {
  await page.addInitScript(() => {
    const recorded = new Map<string, MediaSessionActionHandler>();
    (window as unknown as { __mediaHandlers: typeof recorded }).__mediaHandlers = recorded;
    const session = navigator.mediaSession;
    const register = session.setActionHandler.bind(session);
    session.setActionHandler = (action, handler) => {
      register(action, handler);
      if (handler) recorded.set(action, handler);
      else recorded.delete(action);
    };
  });
}

async function registeredActions(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __mediaHandlers: Map<string, unknown> }).__mediaHandlers.keys()].sort());
}

async function callAction(page: Page, action: MediaSessionAction, details: Omit<MediaSessionActionDetails, "action"> = {}) {
  await page.evaluate(
    ([name, extra]) => {
      const handler = (window as unknown as { __mediaHandlers: Map<string, MediaSessionActionHandler> }).__mediaHandlers.get(name);
      if (!handler) throw new Error(`no handler for ${name}`);
      handler({ action: name, ...extra });
    },
    [action, details] as const,
  );
}

async function sessionSnapshot(page: Page) {
  return page.evaluate(() => {
    const { metadata, playbackState } = navigator.mediaSession;
    return {
      playbackState,
      title: metadata?.title ?? null,
      artist: metadata?.artist ?? null,
      album: metadata?.album ?? null,
      artwork: metadata ? metadata.artwork.map((image) => image.src) : null,
    };
  });
}

/**
 * The page of a demo song of about 30 s. Not "the newest song": other specs add
 * 3-second songs to the shared catalogue while this one runs, and a test that
 * seeks or waits would outlast them.
 */
async function firstSongHref(page: Page): Promise<string> {
  await page.goto(`/music-catalog?search=${encodeURIComponent('"Midnight Avenue"')}`);
  const href = await page.getByRole("list", { name: "Songs" }).getByRole("heading").first().getByRole("link").getAttribute("href");
  return href!;
}

test.describe("the player's keys", () => {
  test.beforeEach(({ jsEnabled }) => {
    test.skip(!jsEnabled, "Media Session, shortcuts and click-to-seek need JavaScript; the no-JS song page is tested below.");
  });

  test("media session handlers drive the player: play, pause, seek, next, previous, stop", async ({ page }) => {
    test.setTimeout(90_000);
    await recordMediaSessionHandlers(page);
    await page.goto("/audioplayer-demo");
    expect(await registeredActions(page), "nothing registered before a track plays").toEqual([]);

    const entries = plainList(page).getByRole("listitem");
    expect(await entries.count()).toBeGreaterThan(2);
    const titles = (await plainList(page).locator("p:first-of-type").allTextContents()).map((t) => t.trim());
    await entries.first().getByRole("button", { name: /^Play / }).click();
    await expectPlaying(page);

    expect(await registeredActions(page)).toEqual(["nexttrack", "pause", "play", "previoustrack", "seekbackward", "seekforward", "seekto", "stop"]);
    const session = await sessionSnapshot(page);
    expect(session).toMatchObject({ playbackState: "playing", title: titles[0], album: "The Hit Factory" });
    expect(session.artist).toBeTruthy();
    expect(session.artwork!.length).toBeGreaterThan(0);

    await callAction(page, "pause");
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await expect(player(page).getByRole("button", { name: "Play", exact: true })).toBeVisible();
    expect((await sessionSnapshot(page)).playbackState).toBe("paused");
    await callAction(page, "play");
    await expectPlaying(page);
    expect((await sessionSnapshot(page)).playbackState).toBe("playing");

    const duration = await durationOf(page);
    expect(duration).toBeGreaterThan(20);
    await callAction(page, "seekto", { seekTime: 5 });
    await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThanOrEqual(5);
    expect((await audioState(page)).currentTime).toBeLessThan(8);
    await callAction(page, "seekforward");
    await expect.poll(async () => (await audioState(page)).currentTime, { message: "forward 10 s by default" }).toBeGreaterThanOrEqual(15);
    expect((await audioState(page)).currentTime).toBeLessThan(18);
    await callAction(page, "seekbackward", { seekOffset: 4 });
    await expect.poll(async () => (await audioState(page)).currentTime, { message: "back by the offset asked for" }).toBeLessThan(14);
    expect((await audioState(page)).currentTime).toBeGreaterThanOrEqual(11);

    const firstSrc = (await audioState(page)).src;
    await callAction(page, "nexttrack");
    await expect(player(page).getByTestId("player-title")).toHaveText(titles[1]);
    await expect.poll(async () => (await audioState(page)).src).not.toBe(firstSrc);
    await expectPlaying(page);
    expect((await sessionSnapshot(page)).title).toBe(titles[1]);
    await callAction(page, "previoustrack");
    await expect(player(page).getByTestId("player-title")).toHaveText(titles[0]);
    await callAction(page, "previoustrack");
    await expect(player(page).getByTestId("player-title")).toHaveText(titles[titles.length - 1]);

    // Stop is the app's close: playback ends, the player and the lock screen's card go.
    await callAction(page, "stop");
    await expect(player(page)).toHaveCount(0);
    expect((await audioState(page)).src).toBeNull();
    expect(await sessionSnapshot(page)).toMatchObject({ playbackState: "none", title: null });
    expect(await registeredActions(page)).toEqual([]);
  });

  test("a single song greys out previous and next, and shows its cover", async ({ page }) => {
    await recordMediaSessionHandlers(page);
    await page.goto(await firstSongHref(page));
    const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    await page.getByRole("button", { name: /^Play / }).first().click();
    await expectPlaying(page);
    expect(await registeredActions(page)).toEqual(["pause", "play", "seekbackward", "seekforward", "seekto", "stop"]);

    const cover = page.getByRole("img", { name: `Artwork for ${title}` });
    const expected = (await cover.count()) > 0 ? new URL((await cover.getAttribute("src"))!, page.url()).href : new URL("/favicon.svg", page.url()).href;
    const session = await sessionSnapshot(page);
    expect(session.title).toBe(title);
    expect(session.artwork).toEqual([expected]);
  });

  test("shortcuts drive the player, and are ignored while typing in the search box", async ({ page }) => {
    test.setTimeout(90_000);
    // Two demo songs of about 30 s (app/demo/songs-data.ts), not the newest songs: other tests add
    // 3-second songs to the catalogue while this runs, and a seek of 10 s needs a longer one.
    await page.goto(`/music-catalog?search=${encodeURIComponent('"Midnight Avenue"')}`);
    const rows = page.getByRole("list", { name: "Songs" }).getByRole("listitem");
    expect(await rows.count()).toBeGreaterThan(1);
    const first = (await rows.nth(0).getByRole("heading").getByRole("link").textContent())!.trim();
    const second = (await rows.nth(1).getByRole("heading").getByRole("link").textContent())!.trim();

    // Nothing to control yet: k does nothing.
    await focusPage(page);
    await page.keyboard.press("k");
    await expect(player(page)).toHaveCount(0);

    await rows.nth(0).getByRole("button", { name: `Play ${first}` }).click();
    await expectPlaying(page);
    await durationOf(page);
    await focusPage(page);

    await page.keyboard.press("k");
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await page.keyboard.press("k");
    await expectPlaying(page);

    const before = (await audioState(page)).currentTime;
    await page.keyboard.press("l");
    await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThanOrEqual(before + 9.5);
    await expect(announcer(page)).toHaveText(/^Forward 10 seconds, \d+:\d\d$/);
    const forward = (await audioState(page)).currentTime;
    await page.keyboard.press("j");
    await expect.poll(async () => (await audioState(page)).currentTime).toBeLessThan(forward - 8);
    await expect(announcer(page)).toHaveText(/^Back 10 seconds, \d+:\d\d$/);

    await page.keyboard.press("m");
    await expect.poll(async () => (await audioState(page)).volume).toBe(0);
    await expect(announcer(page)).toHaveText("Muted");
    await page.keyboard.press("m");
    await expect.poll(async () => (await audioState(page)).volume).toBe(1);
    await expect(announcer(page)).toHaveText("Unmuted");

    await page.keyboard.press("Shift+N");
    await expect(player(page).getByTestId("player-title")).toHaveText(second);
    await page.keyboard.press("Shift+P");
    await expect(player(page).getByTestId("player-title")).toHaveText(first);
    await expectPlaying(page);

    // Typing the same letters into the search box types them, and the player carries on.
    const search = page.getByRole("searchbox", { name: "Search songs, writers and lyrics" });
    await search.fill("");
    await search.click();
    await search.pressSequentially("kmk", { delay: 30 });
    await expect(search).toHaveValue("kmk");
    const state = await audioState(page);
    expect(state.paused).toBe(false);
    expect(state.volume).toBe(1);
  });

  test("? lists the shortcuts in a dialog that manages focus; its switch turns them off, remembered", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto("/audioplayer-demo");
    await plainList(page).getByRole("listitem").first().getByRole("button", { name: /^Play / }).click();
    await expectPlaying(page);

    await focusPage(page);
    await page.keyboard.press("?");
    const dialog = shortcutsDialog(page);
    await expect(dialog).toBeVisible();
    const toggle = dialog.getByRole("switch", { name: "Single-key shortcuts" });
    await expect(toggle).toBeFocused();
    await expect(toggle).toBeChecked();
    for (const name of ["K Play or pause", "J Back 10 seconds", "L Forward 10 seconds", "Shift + N Next track", "Shift + P Previous track", "M Mute or unmute"]) {
      await expect(dialog.getByRole("row", { name })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    // The expanded player's button opens the same list; Escape gives focus back to it.
    await player(page).getByRole("button", { name: "Expand player" }).click();
    const opener = player(page).getByRole("button", { name: "Keyboard shortcuts" });
    await opener.click();
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(toggle, "focus stays in the dialog").toBeFocused();

    // Off: k does nothing (outside the player), and the choice outlives a reload.
    await page.keyboard.press("Space");
    await expect(toggle).not.toBeChecked();
    await expect(dialog).toContainText("Off: the keys below do nothing.");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await focusPage(page);
    await page.keyboard.press("k");
    await page.keyboard.press("m");
    await page.waitForTimeout(300);
    const state = await audioState(page);
    expect(state.paused, "k is off").toBe(false);
    expect(state.volume, "m is off").toBe(1);

    await page.reload();
    await plainList(page).getByRole("listitem").first().getByRole("button", { name: /^Play / }).click();
    await expectPlaying(page);
    await focusPage(page);
    await page.keyboard.press("k");
    await page.keyboard.press("?");
    await page.waitForTimeout(300);
    expect((await audioState(page)).paused, "still off after a reload").toBe(false);
    await expect(dialog).toHaveCount(0);
    await player(page).getByRole("button", { name: "Expand player" }).click();
    await player(page).getByRole("button", { name: "Keyboard shortcuts" }).click();
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await dialog.getByRole("button", { name: "Close" }).click();
    await focusPage(page);
    await page.keyboard.press("k");
    await expect.poll(async () => (await audioState(page)).paused, { message: "back on" }).toBe(true);
  });

  test("shortcuts leave another modal dialog alone", async ({ page }) => {
    await page.goto("/audioplayer-demo");
    await plainList(page).getByRole("listitem").first().getByRole("button", { name: /^Play / }).click();
    await expectPlaying(page);
    // Any modal of the app (the session timeout, a confirmation) owns the keyboard while open.
    await page.evaluate(() => {
      const modal = document.createElement("div");
      modal.setAttribute("role", "dialog");
      modal.setAttribute("aria-modal", "true");
      modal.id = "other-modal";
      document.body.append(modal);
    });
    await focusPage(page);
    await page.keyboard.press("k");
    await page.waitForTimeout(300);
    expect((await audioState(page)).paused).toBe(false);
    await page.evaluate(() => document.getElementById("other-modal")?.remove());
    await page.keyboard.press("k");
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  });

  test("a click on the waveform plays the song from there, and seeks once it plays", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(await firstSongHref(page));
    const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    const waveform = page.getByTestId("waveform");
    await expect(waveform).toHaveAttribute("data-seekable", "true");
    const box = (await waveform.boundingBox())!;

    await waveform.click({ position: { x: box.width * 0.5, y: box.height / 2 } });
    await expect(player(page).getByTestId("player-title")).toHaveText(title);
    const duration = await durationOf(page);
    await expect.poll(async () => (await audioState(page)).currentTime, { message: "starts about halfway" }).toBeGreaterThanOrEqual(duration * 0.45);
    expect((await audioState(page)).currentTime).toBeLessThan(duration * 0.75);
    await expectPlaying(page);

    await waveform.click({ position: { x: box.width * 0.2, y: box.height / 2 } });
    await expect.poll(async () => (await audioState(page)).currentTime, { message: "seeks back to a fifth" }).toBeLessThan(duration * 0.4);
    expect((await audioState(page)).currentTime).toBeGreaterThanOrEqual(duration * 0.15);
    expect((await audioState(page)).paused).toBe(false);

    // The keyboard's way to the same place: the player's seek slider.
    await player(page).getByRole("button", { name: "Expand player" }).click();
    await expect(player(page).getByRole("slider", { name: "Seek" })).toBeEnabled();
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no axe violations with the shortcuts open (${theme})`, async ({ page }) => {
      test.setTimeout(90_000);
      await useTheme(page, theme);
      await page.goto("/audioplayer-demo");
      await plainList(page).getByRole("listitem").first().getByRole("button", { name: /^Play / }).click();
      await player(page).getByRole("button", { name: "Expand player" }).click();
      await player(page).getByRole("button", { name: "Keyboard shortcuts" }).click();
      await expect(shortcutsDialog(page)).toBeVisible();
      await expectNoAxeViolations(page, `with the shortcuts dialog open (${theme})`);
      await shortcutsDialog(page).getByRole("switch").uncheck();
      await expectNoAxeViolations(page, `with shortcuts off (${theme})`);
    });
  }

  test("the shortcuts dialog fits a 320 px screen", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/audioplayer-demo");
    await plainList(page).getByRole("listitem").first().getByRole("button", { name: /^Play / }).click();
    await player(page).getByRole("button", { name: "Expand player" }).click();
    await player(page).getByRole("button", { name: "Keyboard shortcuts" }).click();
    const dialog = shortcutsDialog(page);
    await expect(dialog).toBeVisible();
    const sideways = await page.evaluate(() => {
      const scroller = document.scrollingElement!;
      const panel = document.querySelector('[role="dialog"]')!;
      return { page: scroller.scrollWidth - scroller.clientWidth, panel: panel.scrollWidth - panel.clientWidth };
    });
    expect(sideways).toEqual({ page: 0, panel: 0 });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
  });
});

test.describe("without JavaScript", () => {
  test("the song page's native player is what plays, and nothing else is offered", async ({ page, request, jsEnabled }) => {
    test.skip(jsEnabled, "With JavaScript the floating player, its keys and the seeking waveform are tested above.");
    await page.goto(await firstSongHref(page));
    const native = page.locator("#listen audio[controls]");
    await expect(native).toHaveCount(1);
    const src = await native.getAttribute("src");
    const range = await request.get(src!, { headers: { Range: "bytes=0-1" } });
    expect(range.status()).toBe(206);
    expect(range.headers()["content-type"]).toMatch(/^audio\//);
    // The waveform is a picture here: nothing pretends it can be clicked.
    await expect(page.getByTestId("waveform")).toHaveAttribute("data-seekable", "false");
    await expect(player(page)).toHaveCount(0);
  });
});
