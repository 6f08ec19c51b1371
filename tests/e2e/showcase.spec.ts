/**
 * The showcase (/showcase) in a real browser, with and without JavaScript:
 * uploads (a plain multipart post without JavaScript, a progress bar and a
 * cancel button with it), the sixth upload refused, reorder and delete, the
 * track playing in the floating player, axe in both themes. Tests that
 * change a showcase use a disposable member of their own (its showcase starts
 * empty); the rest use the demo member and change nothing (a refused upload
 * leaves nothing). Disposable users are few (prepare-sessions.ts), so the
 * whole upload story is one test per project.
 */
import type { Page } from "@playwright/test";
import { flacFile, mp3File, wavFile } from "../support/audio-files";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

const audioFile = (name: string, bytes: Uint8Array, mimeType = "audio/wav") => ({ name, mimeType, buffer: Buffer.from(bytes) });
const count = (page: Page) => page.getByTestId("showcase-count");
const titleField = (page: Page) => page.getByLabel("Title", { exact: true });
const fileField = (page: Page) => page.getByLabel("Audio file", { exact: true });
const tracks = (page: Page) => page.getByTestId("showcase-track");

async function upload(page: Page, title: string, file: ReturnType<typeof audioFile>) {
  await titleField(page).fill(title);
  await fileField(page).setInputFiles(file);
  await page.getByRole("button", { name: "Upload track" }).click();
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

test.describe("showcase", () => {
  test("uploads tracks, shows their waveforms, reorders, deletes and refuses a sixth", async ({ page, signedInAs, jsEnabled }) => {
    // Six uploads, each analysed by the server (duration, waveform): past 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    await signedInAs("disposable");
    await page.goto("/showcase");
    await expect(count(page)).toHaveText("0 of 5 tracks");

    let unthrottle: (() => Promise<void>) | null = null;
    // About 4 s of upload at this rate: the bar shows the percentage going up.
    if (jsEnabled) unthrottle = await throttleUploads(page, 64 * 1024);
    await upload(page, "Night Drive Demo", audioFile("night-drive.wav", wavFile({ seconds: 6 })));
    if (jsEnabled) {
      await expect(page.getByTestId("upload-progress")).toBeVisible();
      await expect(page.getByRole("progressbar")).toBeVisible();
      await expect(page.getByText(/^Uploaded \d+%$/)).toBeVisible();
    }
    await expect(count(page)).toHaveText("1 of 5 tracks", { timeout: 20_000 });
    await unthrottle?.();
    await expect(page.getByText('"Night Drive Demo" was added to your showcase.').first()).toBeVisible();
    await expect(tracks(page).first().getByRole("img", { name: "Waveform of Night Drive Demo" })).toBeVisible();

    // MP3 and FLAC, titled from their tags (the title field left empty).
    await upload(page, "", audioFile("second.mp3", mp3File({ seconds: 2, title: "Tagged Second" }), "audio/mpeg"));
    await expect(count(page)).toHaveText("2 of 5 tracks");
    await upload(page, "", audioFile("third.flac", flacFile({ seconds: 2, title: "Flac Third" }), "audio/flac"));
    await expect(count(page)).toHaveText("3 of 5 tracks");
    await expect(tracks(page).getByRole("heading")).toHaveText(["Night Drive Demo", "Tagged Second", "Flac Third"]);
    await expect(tracks(page).nth(1).getByRole("img", { name: "Waveform of Tagged Second" })).toBeVisible();
    await expect(tracks(page).nth(2).getByRole("img", { name: "Waveform of Flac Third" })).toBeVisible();

    // Reorder with the plain forms.
    await page.getByRole("button", { name: "Move down: Night Drive Demo" }).click();
    await expect(tracks(page).getByRole("heading")).toHaveText(["Tagged Second", "Night Drive Demo", "Flac Third"]);
    await page.getByRole("button", { name: "Move up: Flac Third" }).click();
    await expect(tracks(page).getByRole("heading")).toHaveText(["Tagged Second", "Flac Third", "Night Drive Demo"]);

    // Delete, after confirming (a dialog with JavaScript, a confirmation step without).
    await page.getByRole(jsEnabled ? "button" : "link", { name: "Delete: Flac Third" }).click();
    const confirm = jsEnabled ? page.getByRole("dialog", { name: "Delete this track?" }) : page.getByRole("region", { name: "Delete this track?" });
    await expect(confirm).toContainText('"Flac Third" will be removed');
    await confirm.getByRole("button", { name: "Delete track" }).click();
    await expect(count(page)).toHaveText("2 of 5 tracks");
    await expect(tracks(page).getByRole("heading")).toHaveText(["Tagged Second", "Night Drive Demo"]);

    // Up to five; the sixth is refused with the reason, and nothing of it stays.
    for (let n = 3; n <= 5; n++) {
      await upload(page, `Take ${n}`, audioFile(`take-${n}.wav`, wavFile({ seconds: 0.5, frequency: 200 + n * 60 })));
      await expect(count(page)).toHaveText(`${n} of 5 tracks`);
    }
    await expect(page.getByTestId("showcase-full")).toBeVisible();
    await upload(page, "Take 6", audioFile("take-6.wav", wavFile({ seconds: 0.5 })));
    await expect(page.getByText("You can upload up to 5 tracks to your showcase.")).toBeVisible();
    await page.reload();
    await expect(count(page)).toHaveText("5 of 5 tracks");
    await expect(tracks(page)).toHaveCount(5);
  });

  test("refuses a text file named .mp3 with the message under the field", async ({ page, signedInAs }) => {
    await signedInAs("member");
    await page.goto("/showcase");
    await expect(count(page)).toHaveText("3 of 5 tracks");
    await upload(page, "Not music", audioFile("not-music.mp3", new TextEncoder().encode("just some text\n".repeat(100)), "audio/mpeg"));
    await expect(page.getByText("This file is not a supported audio file")).toBeVisible();
    await expect(fileField(page)).toHaveAttribute("aria-invalid", "true");
    await page.goto("/showcase");
    await expect(count(page)).toHaveText("3 of 5 tracks");
  });

  test("a cancelled upload leaves nothing behind (JavaScript)", async ({ page, signedInAs, jsEnabled }) => {
    test.skip(!jsEnabled, "Cancelling is the progress bar's button; without JavaScript the browser's own stop applies.");
    await signedInAs("disposable");
    await page.goto("/showcase");
    await throttleUploads(page, 32 * 1024);
    await upload(page, "Never mind", audioFile("never.wav", wavFile({ seconds: 10 })));
    await expect(page.getByText(/^Uploaded \d+%$/)).toBeVisible();
    await page.getByRole("button", { name: "Cancel upload" }).click();
    await expect(page.getByText("Upload cancelled. Nothing was saved.")).toBeVisible();
    await expect(page.getByTestId("upload-progress")).toHaveCount(0);
    await page.reload();
    await expect(count(page)).toHaveText("0 of 5 tracks");
  });

  test("a showcase track plays in the floating player (JavaScript)", async ({ page, signedInAs, jsEnabled }) => {
    test.skip(!jsEnabled, "The floating player needs JavaScript; without it Play links to the audio file.");
    await signedInAs("member");
    await page.goto("/showcase");
    const titles = await tracks(page).getByRole("heading").allTextContents();
    expect(titles).toHaveLength(3);
    await tracks(page).first().getByRole("button", { name: `Play ${titles[0]}` }).click();
    const player = page.getByRole("region", { name: "Audio player" });
    await expect(player).toContainText(titles[0]!);
    const audio = page.locator("audio[data-player-audio]");
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0.2);
    await expect(tracks(page).first().getByRole("button", { name: `Pause ${titles[0]}` })).toBeVisible();
  });

  test("without JavaScript, Play is a link to the track's audio", async ({ page, signedInAs, jsEnabled }) => {
    test.skip(jsEnabled, "With JavaScript Play is the floating player's button (above).");
    await signedInAs("member");
    await page.goto("/showcase");
    const link = tracks(page).first().getByRole("link", { name: /^Play / });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/storage\/v1\/object\/sign\/audio\/showcase\//);
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("audio/wav");
  });

  for (const theme of ["light", "dark"] as const) {
    test(`/showcase has no axe violations (${theme})`, async ({ page, signedInAs }) => {
      await useTheme(page, theme);
      await signedInAs("member");
      await page.goto("/showcase");
      await expect(count(page)).toHaveText("3 of 5 tracks");
      await expectNoAxeViolations(page, `on the showcase (${theme})`);
      // A refusal (nothing is stored), with its errors under the fields.
      await upload(page, "Not audio", audioFile("axe.mp3", new TextEncoder().encode("text\n".repeat(50)), "audio/mpeg"));
      await expect(page.getByText("This file is not a supported audio file")).toBeVisible();
      await expectNoAxeViolations(page, `on the showcase with field errors (${theme})`);
    });
  }
});
