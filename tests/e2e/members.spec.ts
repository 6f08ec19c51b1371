/**
 * /members and /members/{userId} in a real browser, with and without
 * JavaScript (issue 10): the directory finds members by skill and location
 * and by name, with its state in the URL; an empty result offers to clear
 * the filters; a private profile is 404 to others and shown to its owner; a
 * public profile lists the songs that credit the member, and its showcase and
 * those songs play in the floating player; no axe violations in either theme.
 */
import type { Page } from "@playwright/test";
import config from "../../playwright.config";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

const baseLaunch = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...baseLaunch, args: [...(baseLaunch.args ?? []), "--autoplay-policy=no-user-gesture-required"] } });

const results = (page: Page) => page.getByRole("list", { name: "Members" });
const count = (page: Page) => page.getByTestId("member-count");
const player = (page: Page) => page.getByRole("region", { name: "Audio player" });

async function expectPlaying(page: Page) {
  const audio = page.locator("audio[data-player-audio]");
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused), { message: "audio should be playing" }).toBe(false);
  const start = await audio.evaluate((element: HTMLAudioElement) => element.currentTime);
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { message: "time should move" }).toBeGreaterThan(start);
}

/** Opens Maya Brooks's page (the demo member) from the directory's name search. */
async function openMaya(page: Page) {
  await page.goto("/members?q=maya+brooks");
  await results(page).getByRole("link", { name: "Maya Brooks" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Maya Brooks" })).toBeVisible();
}

test.describe("member directory", () => {
  test("finds a member by skill and location, with the state in a shareable URL", async ({ page }) => {
    await page.goto("/members");
    await expect(results(page).getByRole("link")).toHaveCount(24);
    await page.getByLabel("Skill", { exact: true }).selectOption({ label: "Mix / mastering engineer" });
    await page.getByLabel("Location", { exact: true }).fill("Berlin");
    await page.getByRole("button", { name: "Show members" }).click();

    await expect(page).toHaveURL(/[?&]skill=engineer(&|$)/);
    await expect(page).toHaveURL(/[?&]location=Berlin(&|$)/);
    await expect(count(page)).toHaveText("2 members");
    await expect(results(page).getByRole("link")).toHaveText(["Felix Brandt", "Jonas Weber"]);
    // Lena Vogel is a Berlin engineer too, but her profile is private.
    await expect(page.getByText("Lena Vogel")).toHaveCount(0);
    // The fields show the state, also after a reload of the shared URL.
    await page.reload();
    await expect(page.getByLabel("Skill", { exact: true })).toHaveValue("engineer");
    await expect(page.getByLabel("Location", { exact: true })).toHaveValue("Berlin");
    await expect(count(page)).toHaveText("2 members");
  });

  test("finds a member by name, and filters by genre", async ({ page }) => {
    await page.goto("/members");
    await page.getByLabel("Name", { exact: true }).fill("brooks");
    await page.getByRole("button", { name: "Show members" }).click();
    await expect(page).toHaveURL(/[?&]q=brooks/);
    await expect(results(page).getByRole("link")).toHaveText(["Maya Brooks"]);

    await page.goto("/members?genre=afrobeats");
    await expect(page.getByLabel("Genre", { exact: true })).toHaveValue("afrobeats");
    await expect(results(page).getByRole("link")).toHaveText(["Amara Okafor"]);
  });

  test("sorts and pages, keeping the filters in the page links", async ({ page }) => {
    await page.goto("/members");
    await page.getByLabel("Sort by").selectOption({ label: "Longest-standing members" });
    await page.getByRole("button", { name: "Show members" }).click();
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expect(results(page).getByRole("link").first()).toHaveText("Ben Carter");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  });

  test("says when nobody matches and clears the filters", async ({ page }) => {
    await page.goto("/members?q=zzzzzz&skill=vocalist");
    await expect(page.getByRole("heading", { name: "No members match" })).toBeVisible();
    await expect(count(page)).toHaveText("0 members");
    await page.getByRole("main").getByRole("link", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Skill", { exact: true })).toHaveValue("");
    await expect(results(page).getByRole("link")).toHaveCount(24);
  });

  test("shrugs off bad parameters", async ({ page }) => {
    const response = await page.goto("/members?page=-4&sort=%3Cscript%3E&skill=astronaut");
    expect(response?.status()).toBe(200);
    await expect(page.getByLabel("Skill", { exact: true })).toHaveValue("");
    await expect(results(page).getByRole("link")).toHaveCount(24);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no axe violations (${theme})`, async ({ page }) => {
      await useTheme(page, theme);
      await page.goto("/members?skill=producer");
      await expectNoAxeViolations(page, `on /members (${theme})`);
      await page.goto("/members?q=zzzzzz");
      await expectNoAxeViolations(page, `on the empty directory (${theme})`);
    });
  }
});

test.describe("member profile", () => {
  test("shows the profile with its credited songs, each linked to its song page", async ({ page }) => {
    await openMaya(page);
    await expect(page.getByText("Stockholm").first()).toBeVisible();
    const credits = page.getByTestId("credited-songs");
    await expect(credits.getByRole("link", { name: "Midnight Avenue", exact: true })).toHaveAttribute("href", /^\/song\/[0-9a-f-]{36}$/);
    await expect(credits.getByRole("link", { name: "Slow Burn", exact: true })).toBeVisible();
    await credits.getByRole("link", { name: "Slow Burn", exact: true }).click();
    await expect(page).toHaveURL(/\/song\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Slow Burn" })).toBeVisible();
  });

  test("plays the showcase and the credited songs in the floating player", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "The floating player needs JavaScript; without it Play is a link (below).");
    await openMaya(page);
    const showcase = page.getByTestId("showcase-list");
    const first = showcase.getByRole("button", { name: /^Play / }).first();
    const title = ((await first.getAttribute("aria-label")) ?? "").replace(/^Play /, "");
    await first.click();
    await expect(player(page)).toBeVisible();
    await expect(player(page).getByTestId("player-title")).toHaveText(title);
    await expectPlaying(page);

    await page.getByTestId("credited-songs").getByRole("button", { name: "Play Slow Burn" }).click();
    await expect(player(page).getByTestId("player-title")).toHaveText("Slow Burn");
    await expectPlaying(page);
  });

  test("without JavaScript, Play on a credited song leads to the song page", async ({ page, jsEnabled }) => {
    test.skip(jsEnabled, "With JavaScript Play plays in place (above).");
    await openMaya(page);
    await page.getByTestId("credited-songs").getByRole("link", { name: "Play Slow Burn" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Slow Burn" })).toBeVisible();
  });

  test("a private profile is 404 to others and shown to its owner with a note", async ({ page, browser, signedInAs, jsEnabled }) => {
    const me = await signedInAs("disposable");
    const path = `/members/${me.userId}`;
    const own = await page.goto(path);
    expect(own?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: me.displayName })).toBeVisible();
    await expect(page.getByTestId("private-profile-note")).toContainText("Your profile is private");

    const stranger = await browser.newContext({ javaScriptEnabled: jsEnabled });
    try {
      const other = await stranger.newPage();
      const response = await other.goto(path);
      expect(response?.status()).toBe(404);
      await expect(other.getByText(me.displayName)).toHaveCount(0);
    } finally {
      await stranger.close();
    }
  });

  test("another member sees the public profile; /profile/{userId} redirects to it", async ({ page, signedInAs }) => {
    await signedInAs("ar");
    await openMaya(page);
    const url = new URL(page.url());
    await page.goto(url.pathname.replace("/members/", "/profile/") + "?from=share");
    await expect(page).toHaveURL(`${url.pathname}?from=share`);
    await expect(page.getByRole("heading", { level: 1, name: "Maya Brooks" })).toBeVisible();
    await expect(page.getByText("member@demo.hitfactory.test")).toHaveCount(0);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no axe violations (${theme})`, async ({ page }) => {
      await useTheme(page, theme);
      await openMaya(page);
      await expectNoAxeViolations(page, `on a member page (${theme})`);
      const missing = await page.goto("/members/00000000-0000-4000-8000-000000000000");
      expect(missing?.status()).toBe(404);
    });
  }
});
