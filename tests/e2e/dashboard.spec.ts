/**
 * /dashboard in a real browser, with and without JavaScript (ADR 0069): the
 * member's showcase plays (a link to the audio without JavaScript), the
 * accepted member's decision banner is dismissed for good (on a disposable
 * member of its own: newmember is shared), the applicant sees where the
 * application stands and no member sections; axe in both themes; no sideways
 * scroll at 320 px with the banner showing.
 */
import type { Page } from "@playwright/test";
import { DASHBOARD_TEXT } from "../../app/dashboard/dashboard-text";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

const THEMES = ["light", "dark"] as const;
const greeting = (name: string) => new RegExp(`^Good (morning|afternoon|evening), ${name}$`);
const showcase = (page: Page) => page.getByRole("region", { name: DASHBOARD_TEXT.showcase.title });
const banner = (page: Page) => page.getByRole("region", { name: /Your application was accepted/ });

async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe("dashboard", () => {
  test("a member sees their showcase and plays a track", async ({ page, jsEnabled, signedInAs }) => {
    await signedInAs("member");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: greeting("Maya Brooks") })).toBeVisible();
    const section = showcase(page);
    await expect(section.getByText(/^\d of 5 tracks$/)).toBeVisible();
    const tracks = section.getByTestId("showcase-track");
    expect(await tracks.count()).toBeGreaterThan(0);
    await expect(section.getByRole("link", { name: DASHBOARD_TEXT.showcase.manage })).toHaveAttribute("href", "/showcase");
    const title = (await tracks.first().locator("[data-track-title]").textContent())!.trim();

    if (jsEnabled) {
      await section.getByRole("button", { name: `Play ${title}` }).click();
      const player = page.getByRole("region", { name: "Audio player" });
      await expect(player).toBeVisible();
      await expect(player).toContainText(title);
      await expect
        .poll(() => page.locator("audio[data-player-audio]").evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime > 0), {
          message: "the showcase track should be playing",
        })
        .toBe(true);
    } else {
      // Without JavaScript, Play is a link to the audio itself, which the browser plays.
      const href = await section.getByRole("link", { name: `Play ${title}` }).getAttribute("href");
      const audio = await page.request.get(href!);
      expect(audio.status()).toBe(200);
      expect(audio.headers()["content-type"]).toMatch(/^audio\//);
    }
    // What is new in the catalogue plays the same way as the catalogue's rows.
    const newSongs = page.getByTestId("new-songs");
    await expect(newSongs.getByRole(jsEnabled ? "button" : "link", { name: /^Play / }).first()).toBeVisible();
    await expect(newSongs.getByRole("link", { name: DASHBOARD_TEXT.newSongs.all })).toHaveAttribute("href", "/music-catalog?sort=newest");
  });

  test("the newly accepted member sees the decision banner", async ({ page, signedInAs }) => {
    await signedInAs("newmember");
    await page.goto("/dashboard");
    // By its id: the welcome modal may be open over the page (it shows once per session).
    await expect(page.locator("#decision-title")).toHaveText(DASHBOARD_TEXT.decision.accepted.title);
    await expect(page.locator("#decision-title").locator("xpath=..").locator('button[type="submit"]')).toHaveText(DASHBOARD_TEXT.decision.dismiss);
  });

  test("an accepted member dismisses the decision banner for good (axe in both themes, 320 px)", async ({ page, signedInAs }) => {
    await signedInAs("disposable");
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await page.goto("/dashboard");
      await expect(page.locator("html")).toHaveClass(new RegExp(`theme-${theme}`));
      await expect(banner(page)).toBeVisible();
      await expectNoAxeViolations(page, `on /dashboard with the decision banner (${theme})`);
    }
    await page.setViewportSize({ width: 320, height: 720 });
    await page.reload();
    await expect(banner(page)).toBeVisible();
    expect(await sidewaysOverflow(page), "no sideways scroll at 320 px").toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 720 });

    await banner(page).getByRole("button", { name: /^Dismiss/ }).click();
    await expect(page.getByText(DASHBOARD_TEXT.decision.dismissed)).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: /^Good (morning|afternoon|evening), / })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test("an applicant sees where the application stands and no member sections", async ({ page, signedInAs }) => {
    await signedInAs("applicant");
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await page.goto("/dashboard");
      await expect(page.locator("html")).toHaveClass(new RegExp(`theme-${theme}`));
      await expect(page.getByRole("heading", { level: 1, name: greeting("Alex Applicant") })).toBeVisible();
      const status = page.getByRole("region", { name: DASHBOARD_TEXT.application.title });
      await expect(status.getByRole("heading", { name: DASHBOARD_TEXT.application.inReview.heading })).toBeVisible();
      await expect(status).toContainText(/You applied on \d{1,2} \w+ \d{4}\./);
      await expect(status.locator('[aria-current="step"]')).toHaveText(DASHBOARD_TEXT.application.steps.review);
      await expect(showcase(page)).toHaveCount(0);
      await expect(page.getByRole("region", { name: DASHBOARD_TEXT.camps.title })).toHaveCount(0);
      await expect(page.getByRole("region", { name: DASHBOARD_TEXT.tour.title })).toHaveCount(0);
      await expectNoAxeViolations(page, `on the applicant's /dashboard (${theme})`);
    }
  });

  for (const theme of THEMES) {
    test(`a member's dashboard has no axe violations (${theme})`, async ({ page, signedInAs }) => {
      await signedInAs("member");
      await useTheme(page, theme);
      await page.goto("/dashboard");
      await expect(page.locator("html")).toHaveClass(new RegExp(`theme-${theme}`));
      await expect(showcase(page)).toBeVisible();
      // The demo member is on the demo camps' rosters (ADR 0089): her camps and her calendar are a link away.
      const camps = page.getByRole("region", { name: DASHBOARD_TEXT.camps.title });
      await expect(camps.getByRole("link", { name: DASHBOARD_TEXT.camps.allCamps })).toHaveAttribute("href", "/camps");
      await expect(camps.getByRole("link", { name: DASHBOARD_TEXT.camps.calendar })).toHaveAttribute("href", "/calendar");
      await expect(page.getByRole("region", { name: DASHBOARD_TEXT.tour.title }).getByRole("button")).toBeVisible();
      await expectNoAxeViolations(page, `on the member's /dashboard (${theme})`);
    });
  }
});
