/**
 * The public catalogue, song pages and /search, with and without JavaScript,
 * against the seeded demo catalogue (at least 40 songs with real audio).
 */
import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

/** A seeded title and how someone might mistype it. */
const SEEDED_TITLE = "Midnight Avenue";
const MISSPELT_TITLE = "midnite avenu";

const resultCount = (page: Page) => page.getByTestId("result-count");

function countOf(text: string | null): number {
  const match = /^(\d+) songs?$/.exec(text?.trim() ?? "");
  if (!match) throw new Error(`not a result count: ${text}`);
  return Number(match[1]);
}

/** Submits the catalogue form: on its own with JavaScript, with the button without. */
async function applyFilters(page: Page, jsEnabled: boolean) {
  if (!jsEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
}

async function firstSongHref(page: Page): Promise<string> {
  await page.goto("/music-catalog");
  const href = await page.getByRole("list", { name: "Songs" }).getByRole("heading").first().getByRole("link").getAttribute("href");
  expect(href).toMatch(/^\/song\/[0-9a-f-]{36}$/);
  return href!;
}

test.describe("music catalogue", () => {
  test("lists the seeded catalogue with a count, song cards and pages", async ({ page }) => {
    const response = await page.goto("/music-catalog");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Music catalogue/);
    expect(countOf(await resultCount(page).textContent())).toBeGreaterThanOrEqual(40);
    const rows = page.getByRole("list", { name: "Songs" }).getByRole("listitem");
    await expect(rows).toHaveCount(24);
    const first = rows.first();
    await expect(first.getByRole("heading").getByRole("link")).toHaveAttribute("href", /^\/song\//);
    await expect(first).toContainText(/\d+ BPM/);
    await expect(first).toContainText(/\d+:\d\d/);
    await expect(page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  });

  test("finds a song from a misspelt title", async ({ page, jsEnabled }) => {
    await page.goto("/music-catalog");
    await page.getByLabel("Search songs, writers and lyrics").fill(MISSPELT_TITLE);
    if (jsEnabled) {
      // Debounced submit on typing, as a client navigation.
      await expect(page).toHaveURL(/search=midnite\+avenu/);
    } else {
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/search=midnite\+avenu/);
    }
    await expect(page.getByRole("list", { name: "Songs" }).getByRole("link", { name: SEEDED_TITLE, exact: true })).toBeVisible();
  });

  test("filters by facet and pages through results with the state in the URL", async ({ page, jsEnabled }) => {
    await page.goto("/music-catalog");
    const genreSelect = page.getByLabel("Genre");
    // Pick the biggest genre: its option reads "<genre> (<count>)".
    const options = await genreSelect.locator("option").allTextContents();
    const parsed = options
      .map((text) => /^(.*) \((\d+)\)$/.exec(text))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ genre: m[1], count: Number(m[2]) }))
      .sort((a, b) => b.count - a.count);
    expect(parsed.length).toBeGreaterThan(1);
    const { genre, count } = parsed[0];

    await genreSelect.selectOption(genre);
    await applyFilters(page, jsEnabled);
    await expect(page).toHaveURL(new RegExp(`genre=${encodeURIComponent(genre).replace(/%20/g, "(\\+|%20)")}`));
    await expect(resultCount(page)).toHaveText(`${count} ${count === 1 ? "song" : "songs"}`);
    const rows = page.getByRole("list", { name: "Songs" }).getByRole("listitem");
    for (const text of await rows.allTextContents()) expect(text).toContain(genre);

    // BPM range narrows further and keeps the genre.
    await page.getByLabel("Minimum BPM").fill("20");
    await page.getByLabel("Maximum BPM").fill("300");
    await applyFilters(page, jsEnabled);
    await expect(page).toHaveURL(/bpmMax=300/);
    await expect(page).toHaveURL(/genre=/);
    await expect(resultCount(page)).toHaveText(`${count} ${count === 1 ? "song" : "songs"}`);

    // Paging without filters: page 2 via "Next", and the links keep the sort.
    await page.goto("/music-catalog?sort=title");
    const firstTitleOnPage1 = await page.getByRole("list", { name: "Songs" }).getByRole("heading").first().textContent();
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/music-catalog\?sort=title&page=2$/);
    await expect(page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("list", { name: "Songs" }).getByRole("heading").first()).not.toHaveText(firstTitleOnPage1!);
    await expect(page.getByLabel("Sort by")).toHaveValue("title");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/music-catalog\?sort=title$/);
  });

  test("shows an empty state with a way back", async ({ page }) => {
    await page.goto("/music-catalog?search=qqqzzzxxyy");
    await expect(resultCount(page)).toHaveText("0 songs");
    await expect(page.getByRole("heading", { name: "No songs match" })).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).last().click();
    await expect(page).toHaveURL(/\/music-catalog$/);
    // With JavaScript the new results render just after the URL changes.
    await expect.poll(async () => countOf(await resultCount(page).textContent())).toBeGreaterThanOrEqual(40);
  });

  test("without JavaScript, Play on a card leads to the song page", async ({ page, jsEnabled }) => {
    test.skip(jsEnabled, "With JavaScript, Play uses the floating player (player.spec.ts).");
    await page.goto("/music-catalog");
    const row = page.getByRole("list", { name: "Songs" }).getByRole("listitem").first();
    const href = await row.getByRole("heading").getByRole("link").getAttribute("href");
    await row.getByRole("link", { name: /^Play / }).click();
    await expect(page).toHaveURL(href!);
  });

  test("/catalog redirects to /music-catalog with the query string", async ({ request }) => {
    const response = await request.get("/catalog?genre=Pop&page=2", { maxRedirects: 0 });
    expect([301, 302]).toContain(response.status());
    expect(response.headers()["location"]).toBe("/music-catalog?genre=Pop&page=2");
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no axe violations (${theme})`, async ({ page }) => {
      await useTheme(page, theme);
      await page.goto("/music-catalog?sort=title&page=2");
      await expect(page.locator("html")).toHaveClass(`theme-${theme}`);
      await expectNoAxeViolations(page, `on /music-catalog (${theme})`);
      await page.goto("/music-catalog?search=qqqzzzxxyy");
      await expectNoAxeViolations(page, `on the empty catalogue (${theme})`);
    });
  }

  test("fits a phone screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/music-catalog");
    await expect(page.getByRole("list", { name: "Songs" })).toBeVisible();
    const overflow = await page.locator("main").evaluate((main) => main.scrollWidth - main.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("song page", () => {
  test("shows metadata, credits with splits, lyrics, and sharing metadata", async ({ page }) => {
    const href = await firstSongHref(page);
    const response = await page.goto(href);
    expect(response?.status()).toBe(200);
    const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    expect(title.length).toBeGreaterThan(0);

    const credits = page.getByRole("table");
    await expect(credits.getByRole("columnheader", { name: "Role" })).toBeVisible();
    await expect(credits.getByRole("columnheader", { name: "Split" })).toBeVisible();
    await expect(credits.locator("tfoot")).toContainText("100%");
    await expect(page.getByRole("heading", { name: "Lyrics" })).toBeVisible();
    await expect(page.getByText(/BPM$/).first()).toBeVisible();

    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "music.song");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:audio"]')).toHaveAttribute("content", /^http:\/\/localhost:\d+\/storage\/v1\/object\/sign\/audio\//);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const recording = jsonLd.map((text) => JSON.parse(text)).find((data) => data["@type"] === "MusicRecording");
    expect(recording).toBeTruthy();
    expect(recording.name).toBe(title);
    expect(recording.duration).toMatch(/^PT\d+M\d+S$/);
    expect(recording.recordingOf["@type"]).toBe("MusicComposition");

    // The waveform is drawn on the server.
    await expect(page.getByRole("img", { name: `Waveform of ${title}` }).locator("path")).toHaveCount(1);
  });

  test("plays audio with a native player, even without JavaScript", async ({ page, request }) => {
    const href = await firstSongHref(page);
    await page.goto(href);
    const audio = page.locator("audio[controls]");
    await expect(audio).toHaveAttribute("preload", "metadata");
    const src = await audio.getAttribute("src");
    expect(src).toMatch(/^\/storage\/v1\/object\/sign\/audio\/.+\?token=/);

    const whole = await request.get(src!);
    expect(whole.status()).toBe(200);
    expect(whole.headers()["content-type"]).toMatch(/^audio\//);
    const range = await request.get(src!, { headers: { Range: "bytes=0-1" } });
    expect(range.status()).toBe(206);
    expect(range.headers()["content-type"]).toMatch(/^audio\//);
    expect((await range.body()).length).toBe(2);

    // The browser itself loads it: metadata arrives and it can start.
    const duration = await audio.evaluate(
      (element: HTMLAudioElement) =>
        new Promise<number>((resolve, reject) => {
          if (element.readyState >= 1) return resolve(element.duration);
          element.addEventListener("loadedmetadata", () => resolve(element.duration), { once: true });
          element.addEventListener("error", () => reject(new Error("audio error")), { once: true });
          element.load();
        }),
    );
    expect(duration).toBeGreaterThan(0);
  });

  test("answers 404 with the not-found page for an unknown song", async ({ page }) => {
    const response = await page.goto("/song/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This track isn't in the catalogue");
    const notAnId = await page.goto("/song/not-a-song");
    expect(notAnId?.status()).toBe(404);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no axe violations (${theme})`, async ({ page }) => {
      const href = await firstSongHref(page);
      await useTheme(page, theme);
      await page.goto(href);
      await expect(page.locator("html")).toHaveClass(`theme-${theme}`);
      await expectNoAxeViolations(page, `on ${href} (${theme})`);
    });
  }
});

test.describe("search", () => {
  test("finds songs and members from one box, grouped", async ({ page }) => {
    await page.goto("/search");
    await expect(page.getByRole("heading", { name: "Search the collective" })).toBeVisible();
    await page.getByLabel("Search songs and members").fill(MISSPELT_TITLE);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=midnite\+avenu/);
    const songs = page.getByRole("region", { name: /^Songs/ });
    await expect(songs.getByRole("link", { name: SEEDED_TITLE, exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: /^Members/ })).toBeVisible();
    await songs.getByRole("link", { name: SEEDED_TITLE, exact: true }).click();
    await expect(page).toHaveURL(/\/song\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SEEDED_TITLE);
  });

  test("finds public members and links to their profiles", async ({ page }) => {
    await page.goto("/members");
    const profileLink = page.locator('main a[href^="/members/"]').first();
    const name = (await profileLink.textContent())!.trim();
    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    const members = page.getByRole("region", { name: /^Members/ });
    const link = members.getByRole("link", { name }).first();
    await expect(link).toHaveAttribute("href", /^\/members\//);
    await link.click();
    await expect(page).toHaveURL(/\/members\/[^/]+$/);
  });

  test("shows an empty state when nothing matches", async ({ page }) => {
    await page.goto("/search?q=qqqzzzxxyy");
    await expect(page.getByRole("heading", { name: "Nothing matched “qqqzzzxxyy”" })).toBeVisible();
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no axe violations (${theme})`, async ({ page }) => {
      await useTheme(page, theme);
      await page.goto(`/search?q=${encodeURIComponent(MISSPELT_TITLE)}`);
      await expect(page.locator("html")).toHaveClass(`theme-${theme}`);
      await expectNoAxeViolations(page, `on /search (${theme})`);
    });
  }
});
