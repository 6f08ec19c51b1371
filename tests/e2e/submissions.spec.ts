/**
 * Song submissions in a real browser, with and without JavaScript (each test
 * runs in both projects): a member submits a song (a plain multipart post
 * without JavaScript, the XMLHttpRequest upload with its progress bar with
 * it), sees the splits refused when they do not add up to 100, fixes them;
 * the admin listens, accepts it into the catalogue, and it appears in
 * /music-catalog with its credits. axe in both themes on the member's form,
 * the member's submission, the admin's queue and review page.
 *
 * The submitter is a disposable member (their submissions start empty); the
 * admin is the demo admin, whose only change is the accepted song.
 */
import type { Page } from "@playwright/test";
import { wavFile } from "../support/audio-files";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

const wav = (seconds: number) => ({ name: "my-song.wav", mimeType: "audio/wav", buffer: Buffer.from(wavFile({ seconds })) });

/** A word no demo song has, so the catalogue search finds exactly this song. */
function uniqueWord(): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  let word = "Quorv";
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

async function fillSong(page: Page, title: string, producerSplit: string) {
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Audio file", { exact: true }).setInputFiles(wav(3));
  await page.getByLabel("Genre", { exact: true }).fill("Pop");
  await page.getByLabel("Moods", { exact: true }).fill("uplifting, summer");
  await page.getByLabel("BPM", { exact: true }).fill("122");
  await page.getByLabel("Key", { exact: true }).selectOption("A minor");
  await page.getByLabel("Vocal type", { exact: true }).selectOption("female");
  await page.getByLabel("Explicit lyrics").check();
  await page.getByLabel("Lyrics", { exact: true }).fill("Line one\nLine two");
  const first = page.getByRole("group", { name: "Credit 1" });
  await first.getByLabel("Name").fill("Disposable Writer");
  await first.getByLabel("Role").selectOption("writer");
  await first.getByLabel("Split (%)").fill("70");
  const second = page.getByRole("group", { name: "Credit 2" });
  await second.getByLabel("Name").fill("E2E Producer");
  await second.getByLabel("Role").selectOption("producer");
  await second.getByLabel("Split (%)").fill(producerSplit);
}

test.describe("song submissions", () => {
  test("a member submits a song, the admin accepts it, and it is in the catalogue with its credits", async ({ page, signedInAs, jsEnabled }) => {
    test.setTimeout(120_000);
    await signedInAs("disposable");
    await page.goto("/submissions");
    await expect(page.getByRole("heading", { level: 1, name: "Your submissions" })).toBeVisible();
    await expect(page.getByText("You have not submitted a song yet.")).toBeVisible();
    await expect(page.getByTestId("credit-row")).toHaveCount(6);

    const word = uniqueWord();
    const title = `${word} ${jsEnabled ? "Lights" : "Harbour"}`;

    // Splits that add up to 90%: refused, with the error under the credits (the server's, either way).
    await fillSong(page, title, "20");
    await page.getByRole("button", { name: "Submit song" }).click();
    await expect(page.getByText("The splits add up to 90%, not 100%.")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

    // Fixed: the file is chosen again (a browser never refills a file input after a page load).
    const second = page.getByRole("group", { name: "Credit 2" });
    await second.getByLabel("Split (%)").fill("30");
    await page.getByLabel("Audio file", { exact: true }).setInputFiles(wav(3));
    // With JavaScript the upload shows its progress (slowed down so the bar can be seen).
    const unthrottle = jsEnabled ? await throttleUploads(page, 32 * 1024) : null;
    await page.getByRole("button", { name: "Submit song" }).click();
    if (jsEnabled) {
      await expect(page.getByTestId("upload-progress")).toBeVisible();
      await expect(page.getByRole("progressbar")).toBeVisible();
    }
    await expect(page).toHaveURL(/\/submissions\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await unthrottle?.();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Pending review").first()).toBeVisible();
    await expect(page.getByRole("img", { name: `Waveform of ${title}` })).toBeVisible();
    await expect(page.getByRole("cell", { name: "E2E Producer" }).or(page.getByRole("rowheader", { name: "E2E Producer" }))).toBeVisible();
    const submissionUrl = new URL(page.url()).pathname;
    const submissionId = submissionUrl.split("/").pop()!;

    // The dashboard follows it.
    await page.goto("/dashboard");
    const section = page.getByTestId("dashboard-submissions");
    await expect(section.getByRole("link", { name: title })).toBeVisible();
    await expect(section.getByText("Pending review")).toBeVisible();

    // The admin reviews and accepts it.
    await signedInAs("admin");
    await page.goto("/admin/submissions?status=pending");
    await page.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/submissions/${submissionId}$`));
    await expect(page.getByRole("img", { name: `Waveform of ${title}` })).toBeVisible();
    if (jsEnabled) {
      // Play drives the floating player.
      await page.getByRole("button", { name: `Play ${title}` }).click();
      await expect(page.getByRole("region", { name: "Audio player" })).toContainText(title);
    }
    await page.getByLabel("Note").first().fill("Welcome to the catalogue.");
    await page.getByRole("button", { name: "Accept into the catalogue" }).click();
    await expect(page.getByTestId("decision").getByText("Accepted")).toBeVisible();
    await page.getByRole("link", { name: "See it in the catalogue" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    // The catalogue search finds it at once, and its page has the credits and splits.
    await page.goto(`/music-catalog?search=${encodeURIComponent(word)}`);
    await page.getByRole("link", { name: title }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const credits = page.getByRole("table", { name: "Credits and splits" });
    await expect(credits).toContainText("Disposable Writer");
    await expect(credits).toContainText("E2E Producer");
    await expect(credits).toContainText("70%");
    await expect(credits).toContainText("30%");
  });

  for (const theme of ["light", "dark"] as const) {
    test(`submission pages have no axe violations (${theme})`, async ({ page, signedInAs }) => {
      await useTheme(page, theme);
      await signedInAs("member");
      await page.goto("/submissions");
      await expect(page.getByTestId("submission-item").first()).toBeVisible();
      await expectNoAxeViolations(page, `on /submissions (${theme})`);
      // A refusal with its errors under the fields (nothing is stored).
      await page.getByRole("button", { name: "Submit song" }).click();
      await expect(page.getByText("Choose an audio file to upload")).toBeVisible();
      await expectNoAxeViolations(page, `on /submissions with field errors (${theme})`);
      await page.goto("/submissions");
      await page.getByTestId("submission-item").getByRole("link", { name: "Static on the Line" }).click();
      await expect(page.getByTestId("decision-note")).toBeVisible();
      await expectNoAxeViolations(page, `on a declined submission (${theme})`);
      await page.goto("/dashboard");
      await expect(page.getByTestId("dashboard-submissions")).toBeVisible();

      await signedInAs("admin");
      await page.goto("/admin/submissions?status=all");
      await expect(page.getByTestId("submission-queue")).toBeVisible();
      await expectNoAxeViolations(page, `on /admin/submissions (${theme})`);
      await page.goto("/admin/submissions?status=pending");
      await page.getByRole("link", { name: "Paper Planes at Dawn" }).click();
      await expect(page.getByRole("button", { name: "Accept into the catalogue" })).toBeVisible();
      await expectNoAxeViolations(page, `on an admin's review (${theme})`);
    });
  }
});
