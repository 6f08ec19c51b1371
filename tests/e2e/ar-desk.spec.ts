/**
 * The A&R desk as an A&R uses it, with JavaScript and without (both projects):
 * the pitching search by BPM range and vocal type (a GET form: the URL holds
 * the search), a result played (JS) and opened; a hold requested from the song
 * page; the admin sees it at /admin/holds and grants it; the hold shows on the
 * song page to that A&R and the admin, never to a visitor or a member; the
 * A&R releases it again (the demo A&R is shared: each project uses its own
 * song and puts it back). axe on the desk, /ar/holds and /admin/holds in both themes.
 */
import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

/** A song no seeded hold touches, one per project (they run at the same time as the same A&R). */
const SONG = { js: "Satellite Hearts", "no-js": "Concrete Roses" } as Record<string, string>;

/** Releases or withdraws the A&R's open hold on a song, if an earlier (failed) run left one. */
async function releaseOpenHold(page: Page, title: string) {
  await page.goto("/ar/holds");
  const item = page.getByTestId("hold").filter({ has: page.getByRole("link", { name: title, exact: true }) });
  const buttons = item.getByRole("button", { name: new RegExp(`^(Release hold|Withdraw request): ${title}$`) });
  while ((await buttons.count()) > 0) {
    await buttons.first().click();
    await expect(page.getByText(/released|withdrawn/).first()).toHaveCount(1);
  }
}

test("an A&R searches by BPM range and vocal type, requests a hold; the admin grants it; only they see it", async ({ page, context, signedInAs, jsEnabled }, testInfo) => {
  test.setTimeout(120_000);
  const title = SONG[testInfo.project.name] ?? SONG.js;
  await signedInAs("ar");
  await releaseOpenHold(page, title);

  // The pitching search: vocal type and a BPM range, through the form.
  await page.goto("/ar/dashboard");
  await expect(page.getByRole("navigation", { name: "A&R desk" })).toBeVisible();
  await expect(page.getByTestId("desk-holds")).toBeVisible();
  const form = page.getByRole("search", { name: "Pitching search" });
  await form.getByLabel("Vocal type").selectOption("female");
  await form.getByLabel("Minimum BPM").fill("100");
  await form.getByLabel("Maximum BPM").fill("130");
  await form.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/vocalType=female/);
  await expect(page).toHaveURL(/bpmMin=100/);
  await expect(page).toHaveURL(/bpmMax=130/);
  const count = Number((await page.getByTestId("result-count").innerText()).match(/^(\d+)/)![1]);
  expect(count).toBeGreaterThan(0);
  const rows = page.getByRole("list", { name: "Songs" }).getByRole("article");
  await expect(rows).toHaveCount(Math.min(count, 24));
  for (const bpm of await rows.locator("dd").filter({ hasText: "BPM" }).allInnerTexts()) {
    const value = Number(bpm.replace(/\D/g, ""));
    expect(value).toBeGreaterThanOrEqual(100);
    expect(value).toBeLessThanOrEqual(130);
  }
  // The vocal type is kept in the form; another vocal type gives other songs.
  await expect(form.getByLabel("Vocal type")).toHaveValue("female");
  if (jsEnabled) {
    // Results play in the floating player.
    const first = rows.first();
    const firstTitle = (await first.getByRole("heading").getByRole("link").textContent())!.trim();
    await first.getByRole("button", { name: `Play ${firstTitle}` }).click();
    await expect(page.getByRole("region", { name: "Audio player" }).getByTestId("player-title")).toHaveText(firstTitle);
  }

  await expectNoAxeViolations(page, "desk with results (light)");
  await useTheme(page, "dark");
  await page.reload();
  await expectNoAxeViolations(page, "desk with results (dark)");
  await useTheme(page, "light");

  // Open the song from the desk's text search, and request a hold.
  await page.goto(`/ar/dashboard?search=${encodeURIComponent(`"${title}"`)}`);
  await page.getByRole("link", { name: title, exact: true }).first().click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const songUrl = page.url();
  await page.getByLabel("Note for the publisher").fill(`For a <b>showcase</b> (${testInfo.project.name})`);
  await page.getByRole("button", { name: `Request a hold: ${title}` }).click();
  // The toast (flash cookie) is in the page; without JavaScript it fades by CSS, so only its presence is checked.
  await expect(page.getByText(`Hold requested on “${title}”`)).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Your hold: Requested" })).toBeVisible();
  await page.goto("/ar/holds");
  await expect(page.getByTestId("hold").filter({ hasText: title }).locator('[data-status="requested"]')).toBeVisible();
  for (const theme of ["light", "dark"] as const) {
    await useTheme(page, theme);
    await page.reload();
    await expectNoAxeViolations(page, `/ar/holds (${theme})`);
  }

  // The admin sees the request and grants it.
  await context.clearCookies();
  await useTheme(page, "light");
  await signedInAs("admin");
  await page.goto("/admin/holds");
  const request = page.getByTestId("hold").filter({ has: page.getByRole("link", { name: title, exact: true }) });
  await expect(request.getByText("Riley Reyes")).toBeVisible();
  await expect(request.getByText(`For a showcase (${testInfo.project.name})`)).toBeVisible();
  for (const theme of ["light", "dark"] as const) {
    await useTheme(page, theme);
    await page.reload();
    await expectNoAxeViolations(page, `/admin/holds (${theme})`);
  }
  await request.getByRole("button", { name: `Grant hold: ${title}` }).click();
  await expect(page.getByText(new RegExp(`Hold on “${title}” granted until`))).toHaveCount(1);
  await expect(request).toHaveCount(0);
  await page.goto(songUrl);
  await expect(page.getByRole("heading", { name: "Holds on this song" })).toBeVisible();
  await expect(page.getByTestId("song-holds").getByText(/Riley Reyes/)).toBeVisible();

  // A visitor and a member see no hold.
  for (const who of [null, "member"] as const) {
    await context.clearCookies();
    if (who) await signedInAs(who);
    await page.goto(songUrl);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByTestId("song-holds")).toHaveCount(0);
    expect(await page.content()).not.toContain("Riley Reyes");
  }

  // The A&R sees it granted, and releases it (the demo A&R is shared).
  await context.clearCookies();
  await signedInAs("ar");
  await page.goto(songUrl);
  await expect(page.getByRole("heading", { name: "Your hold: Granted" })).toBeVisible();
  await releaseOpenHold(page, title);
  await expect(page.getByTestId("hold").filter({ hasText: title }).locator('[data-status="released"]').first()).toBeVisible();
});
