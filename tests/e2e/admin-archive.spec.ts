/**
 * The archive in a real browser, with and without JavaScript (each test runs
 * in both projects; ADR 0083): the admin archives a song of the test's own
 * from /admin/catalog/{songId}, finds it in /admin/archive/browse, opens it,
 * plays it (with JavaScript, in the floating player), reads its history,
 * restores it, and the public catalogue's search finds it at once; the old
 * /archive/song/{id} address keeps the id; a member is turned away. axe in
 * both themes on the three archive pages.
 *
 * The song is made for the test (a disposable member submits it, the admin
 * accepts it), so the demo's songs, which other specs count, stay as they are.
 */
import type { Page } from "@playwright/test";
import { wavFile } from "../support/audio-files";
import { test, expect, expectNoAxeViolations, useTheme, type SignedIn } from "./fixtures";

/** A word no demo song has, so a search finds exactly this test's song. */
function uniqueWord(prefix: string): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  let word = prefix;
  for (let i = 0; i < 6; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/** A catalogue song of the test's own; the browser ends signed in as the admin. Returns the song's id. */
async function createTestSong(page: Page, signedInAs: (persona: "disposable" | "admin") => Promise<SignedIn>, title: string): Promise<string> {
  await signedInAs("disposable");
  const baseURL = test.info().project.use.baseURL!;
  const submitted = await page.request.post("/submissions", {
    headers: { Origin: baseURL },
    maxRedirects: 0,
    multipart: {
      intent: "submit",
      title,
      audio: { name: "song.wav", mimeType: "audio/wav", buffer: Buffer.from(wavFile({ seconds: 3 })) },
      genre: "Pop",
      moods: "nostalgic",
      bpm: "96",
      musicalKey: "G minor",
      "credits[0].name": "Archive Tester",
      "credits[0].role": "writer",
      "credits[0].split": "100",
    },
  });
  expect(submitted.status(), "submitting the test song").toBe(302);
  const submissionId = submitted.headers()["location"]!.split("/").pop()!;
  await signedInAs("admin");
  const accepted = await page.request.post(`/admin/submissions/${submissionId}`, { headers: { Origin: baseURL }, maxRedirects: 0, form: { intent: "accept", note: "" } });
  expect(accepted.status(), "accepting the test song").toBe(302);
  await page.goto(`/admin/submissions/${submissionId}`);
  const href = await page.locator(`main a[href^="/song/"]`).first().getAttribute("href");
  expect(href, "the accepted submission links its song").toBeTruthy();
  return href!.split("/").pop()!;
}

test.describe("the archive", () => {
  test("archives a song from the catalogue, finds, plays and restores it; the search has it back at once", async ({ page, signedInAs, jsEnabled }) => {
    test.setTimeout(150_000);
    const word = uniqueWord("Arkv");
    const title = `${word} ${jsEnabled ? "Lantern" : "Harbour"}`;
    const songId = await createTestSong(page, signedInAs, title);

    // Archived from the admins' catalogue editor.
    await page.goto(`/admin/catalog/${songId}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.getByRole("button", { name: "Archive this song" }).click();
    await expect(page.getByText(`"${title}" was archived.`).first()).toBeVisible();

    // Gone from the public search.
    await page.goto(`/music-catalog?q=${encodeURIComponent(word)}`);
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);

    // Found in the archive by a filtered search, newest first.
    await page.goto("/admin/archive");
    await expect(page.getByRole("table", { name: /latest archived/i }).getByRole("link", { name: title })).toBeVisible();
    await page.getByRole("link", { name: "Archived in the last 30 days" }).click();
    await expect(page).toHaveURL(/\/admin\/archive\/browse\?when=30d$/);
    await page.getByLabel("Title or name").fill(word.toLowerCase());
    await page.getByLabel("Key").selectOption("G minor");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${word.toLowerCase()}`));
    await expect(page.getByRole("status").filter({ hasText: "archived song" })).toHaveText("1 archived song matches");
    await page.getByRole("link", { name: title }).click();

    // The song's page: details, audio, history.
    await expect(page).toHaveURL(`/admin/archive/song/${songId}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/^Archived \d/)).toBeVisible();
    await expect(page.getByRole("region", { name: "Credits" }).getByRole("rowheader", { name: "Archive Tester" })).toBeVisible();
    const history = page.getByRole("region", { name: "History" });
    await expect(history.getByRole("listitem").filter({ hasText: "Added to the catalogue from" })).toBeVisible();
    await expect(history.getByRole("listitem").filter({ hasText: "Archived a song" })).toContainText("status: catalogue → archived");
    if (jsEnabled) {
      await page.getByRole("button", { name: `Play ${title}` }).click();
      await expect(page.getByRole("region", { name: "Audio player" })).toContainText(title);
      await expect(page.getByRole("button", { name: `Pause ${title}` })).toBeVisible();
    } else {
      await expect(page.getByRole("link", { name: `Play ${title}` })).toHaveAttribute("href", "#listen");
      await expect(page.locator("#listen audio")).toHaveAttribute("src", /.+/);
    }

    // Restored: the page explains, the history grows, the search finds it.
    await page.getByRole("button", { name: "Restore to the catalogue" }).click();
    await expect(page.getByText(`"${title}" is back in the catalogue.`).first()).toBeVisible();
    await expect(page.getByText("This song is no longer archived")).toBeVisible();
    await expect(page.getByRole("link", { name: "View the public page" })).toHaveAttribute("href", `/song/${songId}`);
    await expect(page.getByRole("link", { name: "Open in the admin catalogue" })).toHaveAttribute("href", `/admin/catalog/${songId}`);
    await expect(page.getByRole("region", { name: "History" })).toContainText("Restored a song from the archive");
    await page.goto(`/music-catalog?q=${encodeURIComponent(word)}`);
    await expect(page.getByRole("link", { name: title }).first()).toBeVisible();

    // Listed under "Recently restored" on the overview.
    await page.goto("/admin/archive");
    await expect(page.getByRole("table", { name: /recently restored/i }).getByRole("row").filter({ hasText: title })).toContainText("In the catalogue");

    // The old address keeps the id.
    await page.goto(`/archive/song/${songId}`);
    await expect(page).toHaveURL(`/admin/archive/song/${songId}`);
    await page.goto("/archive");
    await expect(page).toHaveURL("/admin/archive/browse");
  });

  test("turns a member away from the archive pages and the old addresses", async ({ page, signedInAs }) => {
    await signedInAs("member");
    for (const path of ["/admin/archive", "/admin/archive/browse", "/archive", "/admin/archive/song/00000000-0000-4000-8000-000000000000"]) {
      await page.goto(path);
      await expect(page).not.toHaveURL(/\/admin|\/archive/);
    }
  });

  test("no archive page scrolls sideways at 320px, in either theme", async ({ page, signedInAs }) => {
    // tests/e2e/narrow-screens.spec.ts walks these too (the route table's rows); this names them where they are built.
    await signedInAs("admin");
    await page.goto("/admin/archive/browse?q=Homesick");
    const songPath = await page.getByRole("link", { name: "Homesick Satellites" }).getAttribute("href");
    const paths = ["/admin/archive", "/admin/archive/browse?genre=Indie&when=year&sort=oldest", songPath!];
    for (const theme of ["light", "dark"] as const) {
      await useTheme(page, theme);
      await page.setViewportSize({ width: 320, height: 800 });
      for (const path of paths) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} (${theme}) at 320px`).toBeLessThanOrEqual(0);
      }
    }
  });

  for (const theme of ["light", "dark"] as const) {
    test(`archive pages have no axe violations (${theme})`, async ({ page, signedInAs }) => {
      await useTheme(page, theme);
      await signedInAs("admin");
      await page.goto("/admin/archive");
      await expect(page.getByRole("heading", { level: 1, name: "Archive" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Homesick Satellites" }).first()).toBeVisible();
      await expectNoAxeViolations(page, `on /admin/archive (${theme})`);
      await page.goto("/admin/archive/browse?sort=title");
      await expect(page.getByRole("link", { name: "Rainmaker (Rough Mix)" })).toBeVisible();
      await expectNoAxeViolations(page, `on /admin/archive/browse (${theme})`);
      await page.goto("/admin/archive/browse?q=nothing-matches-this");
      await expect(page.getByRole("heading", { name: "No archived song matches" })).toBeVisible();
      await expectNoAxeViolations(page, `on an empty search (${theme})`);
      await page.goto("/admin/archive/browse?q=Homesick");
      await page.getByRole("link", { name: "Homesick Satellites" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Homesick Satellites" })).toBeVisible();
      await expect(page.getByRole("region", { name: "History" })).toContainText("Archived a song");
      await expectNoAxeViolations(page, `on /admin/archive/song/{songId} (${theme})`);
      // A song in the catalogue: the explanation instead of the restore.
      await page.goto("/admin/archive");
      await page.getByRole("table", { name: /recently restored/i }).getByRole("link").first().click();
      await expect(page.getByText("This song is no longer archived")).toBeVisible();
      await expectNoAxeViolations(page, `on a restored song's archive page (${theme})`);
    });
  }
});
