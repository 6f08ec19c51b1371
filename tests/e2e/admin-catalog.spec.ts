/**
 * The admins' catalogue in a real browser, with and without JavaScript (each
 * test runs in both projects; ADR 0082): the admin finds a song in
 * /admin/catalog, has splits that do not add up refused, adds a row, saves
 * the credits, and the catalogue search finds the song by the new name at
 * once and its page shows the credits; uploads an instrumental version (with
 * JavaScript: the progress bar) and plays it on the public song page; features
 * and unfeatures it. axe in both themes on the listing, the editor (with a
 * refusal shown) and a song page with versions.
 *
 * The song is made for the test (a disposable member submits it and the
 * admin accepts it through the existing endpoints), so the demo catalogue's
 * songs, which other specs count and read, stay as they are.
 */
import type { Page } from "@playwright/test";
import { wavFile } from "../support/audio-files";
import { test, expect, expectNoAxeViolations, useTheme, type SignedIn } from "./fixtures";

/** The editor's address: waited for, since with JavaScript a click navigates on the client after it returns. */
const EDITOR_URL = /\/admin\/catalog\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const wav = (seconds: number, name = "version.wav") => ({ name, mimeType: "audio/wav", buffer: Buffer.from(wavFile({ seconds })) });

/** A word no demo song has, so a search finds exactly this test's song. */
function uniqueWord(prefix: string): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  let word = prefix;
  for (let i = 0; i < 6; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/** Slows the browser's uploads (Chromium's network emulation), so the progress bar can be seen. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return async () => {
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  };
}

/**
 * A catalogue song of the test's own: a disposable member submits it (the
 * submission form's endpoint, multipart) and the admin accepts it; the
 * browser ends signed in as the admin.
 */
async function createTestSong(page: Page, signedInAs: (persona: "disposable" | "admin") => Promise<SignedIn>, title: string, writer: string) {
  await signedInAs("disposable");
  const baseURL = test.info().project.use.baseURL!;
  const submitted = await page.request.post("/submissions", {
    headers: { Origin: baseURL },
    maxRedirects: 0,
    multipart: {
      intent: "submit",
      title,
      audio: wav(3, "song.wav"),
      genre: "Pop",
      moods: "uplifting",
      bpm: "120",
      musicalKey: "A minor",
      "credits[0].name": writer,
      "credits[0].role": "writer",
      "credits[0].split": "100",
    },
  });
  expect(submitted.status(), "submitting the test song").toBe(302);
  const submissionId = submitted.headers()["location"]!.split("/").pop()!;
  await signedInAs("admin");
  const accepted = await page.request.post(`/admin/submissions/${submissionId}`, { headers: { Origin: baseURL }, maxRedirects: 0, form: { intent: "accept", note: "" } });
  expect(accepted.status(), "accepting the test song").toBe(302);
}

test.describe("the admins' catalogue", () => {
  test("edits a song's credits (the catalogue and the search show them at once), uploads a version and plays it", async ({ page, signedInAs, jsEnabled }) => {
    test.setTimeout(150_000);
    const word = uniqueWord("Zorv");
    const title = `${word} ${jsEnabled ? "Lights" : "Harbour"}`;
    const cowriter = `${uniqueWord("Quill")} Cowriter`;
    await createTestSong(page, signedInAs, title, "E2E Writer");

    // The listing finds it by title; its row links to the editor.
    await page.goto(`/admin/catalog?q=${encodeURIComponent(word)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
    await expect(page.getByTestId("catalog-counts")).toContainText("Songs in the catalogue");
    const row = page.getByTestId("catalog-song").filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await row.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("credit-row")).toHaveCount(4);

    // Splits that add up to 90%: refused, under the credits, nothing saved.
    const first = page.getByRole("group", { name: "Credit 1" });
    await first.getByLabel("Split (%)").fill("70");
    const second = page.getByRole("group", { name: "Credit 2" });
    await second.getByLabel("Name").fill(cowriter);
    await second.getByLabel("Role").selectOption("producer");
    await second.getByLabel("Split (%)").fill("20");
    await page.getByRole("button", { name: "Save credits" }).click();
    await expect(page.getByText("The splits add up to 90%, not 100%.")).toBeVisible();
    await expect(page.getByRole("group", { name: "Credit 2" }).getByLabel("Name")).toHaveValue(cowriter);

    // "Add a row" brings three more empty rows, keeping what was typed (without JavaScript too).
    await page.getByRole("button", { name: "Add a row" }).click();
    await expect(page.getByTestId("credit-row")).toHaveCount(7);
    await expect(page.getByRole("group", { name: "Credit 2" }).getByLabel("Name")).toHaveValue(cowriter);

    await page.getByRole("group", { name: "Credit 2" }).getByLabel("Split (%)").fill("30");
    await page.getByRole("button", { name: "Save credits" }).click();
    await expect(page.getByText(`The credits of "${title}" were saved.`).first()).toBeVisible();

    // At once: the catalogue search finds the song by the new name, and its page shows the credits.
    await page.goto(`/music-catalog?search=${encodeURIComponent(cowriter.split(" ")[0]!)}`);
    await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
    await page.goto(`/search?q=${encodeURIComponent(cowriter.split(" ")[0]!)}`);
    await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
    await page.goto(`/admin/catalog?q=${encodeURIComponent(cowriter.split(" ")[0]!)}`);
    await page.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(EDITOR_URL);
    const songId = new URL(page.url()).pathname.split("/").pop()!;

    // An instrumental version: the progress bar with JavaScript, a plain multipart post without.
    await page.getByLabel("Kind of version").selectOption("instrumental");
    await page.getByLabel("Audio file", { exact: true }).setInputFiles(wav(3));
    const unthrottle = jsEnabled ? await throttleUploads(page, 32 * 1024) : null;
    await page.getByRole("button", { name: "Upload version" }).click();
    if (jsEnabled) await expect(page.getByTestId("upload-progress")).toBeVisible();
    await expect(page.getByTestId("song-version").filter({ hasText: "Instrumental" })).toBeVisible({ timeout: 30_000 });
    await unthrottle?.();

    // Featured, then not.
    await page.getByRole("button", { name: "Feature", exact: true }).click();
    await expect(page.getByText(`"${title}" is featured.`).first()).toBeVisible();
    await page.getByRole("button", { name: "Unfeature", exact: true }).click();
    await expect(page.getByText(`"${title}" is no longer featured.`).first()).toBeVisible();

    // The public song page: the new credits and the version, playable.
    await page.goto(`/song/${songId}`);
    const credits = page.getByRole("table", { name: "Credits and splits" });
    await expect(credits).toContainText(cowriter);
    await expect(credits).toContainText("70%");
    await expect(credits).toContainText("30%");
    const versions = page.getByTestId("public-song-versions");
    await expect(versions.getByText("Instrumental", { exact: true })).toBeVisible();
    const audio = versions.getByLabel(`Instrumental version of ${title}`);
    const src = await audio.getAttribute("src");
    expect(src).toBeTruthy();
    expect((await page.request.get(src!)).status()).toBe(200);
    if (jsEnabled) {
      await versions.getByRole("button", { name: `Play ${title} (Instrumental)` }).click();
      await expect(page.getByRole("region", { name: "Audio player" })).toContainText(`${title} (Instrumental)`);
    }
  });

  test("a stale edit is refused when another admin saved first", async ({ page, signedInAs }) => {
    test.setTimeout(90_000);
    const word = uniqueWord("Stalv");
    const title = `${word} Twice`;
    await createTestSong(page, signedInAs, title, "E2E Writer");
    await page.goto(`/admin/catalog?q=${encodeURIComponent(word)}`);
    await page.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(EDITOR_URL);
    const editor = page.url();
    // Another admin (a second tab) saves first.
    const other = await page.context().newPage();
    await other.goto(editor);
    await other.getByLabel("Genre", { exact: true }).fill("Soul");
    await other.getByRole("button", { name: "Save details" }).click();
    await expect(other.getByText(`The details of "${title}" were saved.`).first()).toBeVisible();
    await other.close();
    // This page still shows the old stamp.
    await page.getByLabel("Genre", { exact: true }).fill("Rock");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Someone else changed this song while you were editing.")).toBeVisible();
  });

  for (const theme of ["light", "dark"] as const) {
    test(`admin catalogue pages have no axe violations (${theme})`, async ({ page, signedInAs }) => {
      test.setTimeout(90_000);
      await useTheme(page, theme);
      await signedInAs("admin");
      await page.goto("/admin/catalog");
      await expect(page.getByTestId("catalog-songs")).toBeVisible();
      await expectNoAxeViolations(page, `on /admin/catalog (${theme})`);
      // A demo song with versions (seed-song-versions.server.ts); nothing is saved below.
      await page.goto("/admin/catalog?q=Golden%20Hour%20Drive");
      await page.getByRole("link", { name: "Golden Hour Drive", exact: true }).click();
      await expect(page).toHaveURL(EDITOR_URL);
      await expect(page.getByTestId("song-version").first()).toBeVisible();
      await expectNoAxeViolations(page, `on the song editor (${theme})`);
      // A refusal with its errors under the fields (nothing is saved), then more rows.
      await page.getByRole("group", { name: "Credit 1" }).getByLabel("Split (%)").fill("10");
      await page.getByRole("button", { name: "Save credits" }).click();
      await expect(page.getByText("The splits add up to 60%, not 100%.")).toBeVisible();
      await expectNoAxeViolations(page, `on the song editor with a refusal (${theme})`);
      await page.getByRole("button", { name: "Add a row" }).click();
      await expect(page.getByTestId("credit-row").nth(6)).toBeVisible();
      const songId = new URL(page.url()).pathname.split("/").pop()!;
      await page.goto(`/song/${songId}`);
      await expect(page.getByTestId("public-song-versions")).toBeVisible();
      await expectNoAxeViolations(page, `on a song page with versions (${theme})`);
    });
  }
});
