/**
 * Shortlists (issue 11 item 5) in a real browser, with and without
 * JavaScript: the demo A&R makes a shortlist, adds songs from its search box
 * and from a song page, rates, annotates and reorders them, makes a share
 * link (shown once), and a fresh browser context without an account opens
 * the link: with JavaScript it plays a song in the floating player to the end
 * and the play is counted on the A&R's page; without, it gets native audio
 * controls without a download option, streaming byte ranges. Revoking shows
 * the listener the clear page. axe in both themes on the A&R's page and the
 * listener's. The test deletes its shortlist at the end (the demo A&R is shared).
 */
import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

/** A short demo song (about 20 s): the whole song is a play. */
const SHORT_SONG = "Glasshouse";
const OTHER_SONG = "Golden Hour Drive";

const items = (page: Page) => page.getByTestId("shortlist-items").getByRole("listitem");

async function searchAndAdd(page: Page, title: string) {
  await page.getByLabel("Search the catalogue").fill(title);
  await page.getByRole("search", { name: "Add songs" }).getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: `Add: ${title}`, exact: true }).click();
}

test.describe("shortlists", () => {
  test("an A&R shortlists songs, shares a link that plays without an account, and revokes it", async ({ page, browser, baseURL, signedInAs, jsEnabled }) => {
    test.setTimeout(180_000);
    await signedInAs("ar");
    const title = `E2E shortlist ${test.info().project.name} ${Date.now()}`;

    await page.goto("/ar/shortlists");
    await expect(page.getByRole("navigation", { name: "A&R desk" }).getByRole("link", { name: "Shortlists" })).toHaveAttribute("aria-current", "page");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Create shortlist" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const shortlistPath = new URL(page.url()).pathname;

    // From the search box on the shortlist page.
    await searchAndAdd(page, SHORT_SONG);
    await expect(items(page)).toHaveCount(1);

    // From a song page: the "Add to shortlist" form, back to the song with the list named.
    await page.getByLabel("Search the catalogue").fill(OTHER_SONG);
    await page.getByRole("search", { name: "Add songs" }).getByRole("button", { name: "Search" }).click();
    await page.getByRole("list", { name: "Search results" }).getByRole("link", { name: OTHER_SONG, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(OTHER_SONG);
    const add = page.getByTestId("add-to-shortlist");
    await add.getByLabel("Shortlist", { exact: true }).selectOption({ label: title });
    await add.getByLabel("Note", { exact: true }).fill("Pitch to the label's pop roster");
    await add.getByRole("button", { name: `Add to shortlist: ${OTHER_SONG}` }).click();
    await expect(page.getByTestId("add-to-shortlist")).toContainText(`On your shortlists: ${title}`);

    // Rate, annotate, reorder.
    await page.goto(shortlistPath);
    await expect(items(page).getByRole("heading")).toHaveText([`1. ${SHORT_SONG}`, `2. ${OTHER_SONG}`]);
    await expect(page.getByLabel("Note", { exact: true }).nth(1)).toHaveValue("Pitch to the label's pop roster");
    const first = items(page).first();
    await first.getByLabel("Rating").selectOption({ label: "Keeper" });
    await first.getByLabel("Note", { exact: true }).fill("Secret: chorus needs a lift");
    await first.getByRole("button", { name: `Save: ${SHORT_SONG}` }).click();
    await expect(items(page).first().getByLabel("Rating")).toHaveValue("keeper");
    await page.getByRole("button", { name: `Move up: ${OTHER_SONG}` }).click();
    await expect(items(page).getByRole("heading")).toHaveText([`1. ${OTHER_SONG}`, `2. ${SHORT_SONG}`]);

    // Share: the link is shown once.
    await page.getByLabel("Link works for").selectOption("7");
    await page.getByRole("button", { name: "Create link" }).click();
    await expect(page.getByTestId("share-created")).toContainText("shown only this once");
    const link = await page.getByTestId("share-link").inputValue();
    expect(link).toMatch(/\/listen\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByTestId("share-row")).toHaveCount(1);

    await expectNoAxeViolations(page, "shortlist, light");
    await useTheme(page, "dark");
    await page.goto(shortlistPath);
    await expect(page.getByTestId("share-link")).toHaveCount(0);
    expect(await page.content()).not.toContain(new URL(link).pathname);
    await expectNoAxeViolations(page, "shortlist, dark");

    // A fresh browser without an account.
    const listenerContext = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
    const listener = await listenerContext.newPage();
    try {
      const opened = await listener.goto(new URL(link).pathname);
      expect(opened?.status()).toBe(200);
      await expect(listener.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(listener.getByTestId("listen-songs").getByRole("heading")).toHaveText([OTHER_SONG, SHORT_SONG]);
      await expect(listener.getByText("Secret: chorus needs a lift")).toHaveCount(0);
      await expect(listener.getByText("Keeper")).toHaveCount(0);
      await expect(listener.getByRole("link", { name: /download/i })).toHaveCount(0);

      if (jsEnabled) {
        const report = listener.waitForResponse((response) => response.url().includes("/api/listen/") && response.request().method() === "POST", { timeout: 90_000 });
        await listener.getByRole("button", { name: `Play ${SHORT_SONG}` }).click();
        await expect(listener.getByRole("region", { name: "Audio player" })).toBeVisible();
        await expect.poll(async () => listener.locator("audio[data-player-audio]").evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0);
        // The whole (short) song plays: the page reports it and the server counts it.
        expect((await report).status()).toBe(201);
        await page.reload();
        await expect(items(page).nth(1)).toContainText("1 play");
        await expect(page.getByTestId("share-plays")).toHaveText("Plays: 1");
      } else {
        const players = listener.getByTestId("listen-audio");
        await expect(players).toHaveCount(2);
        await expect(players.first()).toHaveAttribute("controlslist", /nodownload/);
        const src = await players.first().locator("source").getAttribute("src");
        const ranged = await listenerContext.request.get(src!, { headers: { Range: "bytes=0-1" } });
        expect(ranged.status()).toBe(206);
        expect(ranged.headers()["content-disposition"]).toBe("inline");
      }

      await expectNoAxeViolations(listener, "listen, light");
      await useTheme(listener, "dark");
      await listener.reload();
      await expectNoAxeViolations(listener, "listen, dark");

      // Revoked: the listener gets the clear page.
      await page.getByRole("button", { name: /^Revoke/ }).click();
      await expect(page.getByTestId("share-row")).toHaveAttribute("data-state", "revoked");
      const gone = await listener.goto(new URL(link).pathname);
      expect(gone?.status()).toBe(410);
      await expect(listener.getByRole("heading", { level: 1 })).toHaveText("This link no longer works");
      await expect(listener.getByText("turned off by the person who shared it")).toBeVisible();
      await expectNoAxeViolations(listener, "listen gone, dark");
    } finally {
      await listenerContext.close();
      // Put the shared demo A&R back as it was.
      await page.goto(shortlistPath);
      await page.getByText("Delete this shortlist").click();
      await page.getByRole("button", { name: "Delete shortlist" }).click();
      await expect(page).toHaveURL(/\/ar\/shortlists$/);
    }
  });

  test("an unknown link gets a clear 404 page, not an error screen", async ({ page }) => {
    const unknown = await page.goto(`/listen/${"x".repeat(43)}`);
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link not found");
    await expectNoAxeViolations(page, "listen unknown");
  });
});
