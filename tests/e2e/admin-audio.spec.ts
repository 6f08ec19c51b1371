/**
 * /admin/audio in a real browser (issue 12 §7, ADR 0085).
 *
 * With JavaScript: three generated WAV files picked at once, each with its
 * own progress bar; the connection of the large one is cut once in the
 * middle (its second chunk's PATCH aborted) and the upload goes on from
 * where the server says it stands, not from zero; all three end as drafts.
 * Without JavaScript: the one-file form. In both: one of the test's own
 * drafts is published (under a genre of its own, so no demo genre's count
 * moves) and found in the catalogue search, the others are deleted; axe in
 * both themes; nothing scrolls sideways at 320px.
 */
import type { Page, Request } from "@playwright/test";
import { tagWav } from "../../app/audio-uploads/wav-tags";
import { wavFile } from "../support/audio-files";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

const MiB = 1024 * 1024;
const CHUNK = 5 * MiB;
const GENRE = "E2E Draftwave";

const wav = (name: string, seconds: number, tags: Parameters<typeof tagWav>[1]) => ({
  name,
  mimeType: "audio/wav",
  buffer: Buffer.from(tagWav(wavFile({ seconds }), tags)),
});

const drafts = (page: Page) => page.getByTestId("audio-draft");

async function publish(page: Page, title: string) {
  await page.getByRole("link", { name: `Publish ${title}` }).click();
  const panel = page.getByTestId("audio-publish");
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel("Title")).toHaveValue(title);
  await panel.getByLabel("Genre").fill(GENRE);
  await panel.getByLabel("BPM").fill("104");
  await panel.getByLabel("Key").fill("F minor");
  await panel.getByRole("button", { name: "Publish to the catalogue" }).click();
  await expect(page.getByText(`"${title}" is now in the catalogue.`).first()).toBeVisible();
  await expect(drafts(page).filter({ hasText: title })).toHaveCount(0);
  await page.goto(`/music-catalog?search=${encodeURIComponent(title)}`);
  await expect(page.getByRole("list", { name: "Songs" }).getByRole("heading", { name: title })).toBeVisible();
}

async function deleteDraft(page: Page, title: string) {
  await page.goto("/admin/audio");
  await page.getByRole("link", { name: `Delete draft ${title}` }).click();
  const panel = page.getByTestId("audio-delete");
  await expect(panel).toContainText(title);
  await panel.getByRole("button", { name: "Delete the draft" }).click();
  await expect(page.getByText(`The draft "${title}" was deleted.`).first()).toBeVisible();
  await expect(drafts(page).filter({ hasText: title })).toHaveCount(0);
}

async function noSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("admin audio uploads", () => {
  test("bulk upload with JavaScript: three files, each with its own progress bar, one interrupted and resumed", async ({ page, signedInAs, jsEnabled }) => {
    test.skip(!jsEnabled, "the bulk uploader needs JavaScript; the no-JS form has its own test");
    test.setTimeout(120_000);
    await signedInAs("admin");
    const run = `${Date.now().toString(36)}`;
    const titles = [`Harbour Lights ${run}`, `Copper Skies ${run}`, `Long Take ${run}`];
    // The long one: about 12 MB of WAV (22.05 kHz mono 16-bit), three chunks of 5 MiB.
    const files = [
      wav("harbour-lights.wav", 2, { title: titles[0], artist: "E2E Band", genre: GENRE, bpm: 98, key: "A minor" }),
      wav("copper_skies.wav", 3, { title: titles[1] }),
      wav("long-take.wav", 280, { title: titles[2], genre: GENRE, bpm: 120, key: "C major" }),
    ];
    const longSize = files[2]!.buffer.length;
    expect(longSize).toBeGreaterThan(2 * CHUNK);

    // Cut the long upload's connection once, on its second chunk; note every PATCH's offset by upload URL.
    const patches = new Map<string, number[]>();
    const uploadOf = new Map<string, number>();
    let cut = false;
    await page.route("**/api/admin/audio/uploads/*", async (route, request: Request) => {
      if (request.method() === "PATCH") {
        const offset = Number(request.headers()["upload-offset"]);
        const list = patches.get(request.url()) ?? [];
        list.push(offset);
        patches.set(request.url(), list);
        if (!cut && offset === CHUNK) {
          cut = true;
          await route.abort("connectionreset");
          return;
        }
      }
      await route.continue();
    });
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/admin/audio/uploads")) uploadOf.set(request.url(), Number(request.headers()["upload-length"]));
    });

    await page.goto("/admin/audio");
    await page.getByLabel("Choose files").setInputFiles(files);
    const rows = page.getByTestId("audio-upload");
    await expect(rows).toHaveCount(3);
    for (const file of files) {
      const row = rows.filter({ has: page.getByText(file.name, { exact: true }) });
      await expect(row.getByRole("progressbar", { name: file.name })).toBeVisible();
    }
    // Each row ends done at 100%, with its own bar and status.
    for (const file of files) {
      const row = page.locator(`[data-testid="audio-upload"][data-file="${file.name}"]`);
      await expect(row).toHaveAttribute("data-status", "done", { timeout: 90_000 });
      await expect(row.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
      await expect(row.getByRole("status")).toContainText("Draft created");
      await expect(row.getByRole("status")).toContainText("100%");
    }
    expect(cut).toBe(true);
    // The long upload went on from the chunk it had, after the cut: no second start from zero.
    const longPatches = [...patches.values()].find((offsets) => offsets.includes(CHUNK))!;
    expect(longPatches[0]).toBe(0);
    expect(longPatches.filter((offset) => offset === 0)).toHaveLength(1);
    expect(longPatches.filter((offset) => offset === CHUNK).length).toBeGreaterThanOrEqual(2);
    expect(longPatches.at(-1)).toBe(2 * CHUNK);

    // All three are drafts, titled from their tags, listed with their format and duration.
    for (const title of titles) await expect(drafts(page).filter({ hasText: title })).toHaveCount(1);
    await expect(drafts(page).filter({ hasText: titles[2]! })).toContainText("WAV");
    await expect(drafts(page).filter({ hasText: titles[2]! })).toContainText("4:40");
    await expect(drafts(page).filter({ hasText: titles[0]! })).toContainText("Artist in the tags: E2E Band");
    // Drafts are not in the catalogue.
    await page.goto(`/music-catalog?search=${encodeURIComponent(titles[0]!)}`);
    await expect(page.getByRole("list", { name: "Songs" }).getByRole("heading", { name: titles[0]! })).toHaveCount(0);

    await page.goto("/admin/audio");
    await expectNoAxeViolations(page, "light, with drafts");
    await useTheme(page, "dark");
    await page.goto("/admin/audio");
    await page.getByRole("link", { name: `Publish ${titles[0]}` }).click();
    await expectNoAxeViolations(page, "dark, publish panel open");
    await noSidewaysScroll(page);
    await useTheme(page, "light");

    await page.goto("/admin/audio");
    await publish(page, titles[0]!);
    await deleteDraft(page, titles[1]!);
    await deleteDraft(page, titles[2]!);
  });

  test("cancelling an upload removes it; a file that is not audio fails with the reason", async ({ page, signedInAs, jsEnabled }) => {
    test.skip(!jsEnabled, "the bulk uploader needs JavaScript");
    await signedInAs("admin");
    // Hold the first PATCH so the upload is still running when Cancel is pressed.
    let release: () => void = () => undefined;
    let patchHeld: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const patching = new Promise<void>((resolve) => (patchHeld = resolve));
    await page.route("**/api/admin/audio/uploads/*", async (route, request) => {
      if (request.method() === "PATCH") {
        patchHeld();
        await held;
      }
      await route.continue().catch(() => undefined);
    });
    const deletes: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "DELETE") deletes.push(request.url());
    });
    await page.goto("/admin/audio");
    const png = Buffer.alloc(4096);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    await page.getByLabel("Choose files").setInputFiles([
      { name: "cancel-me.wav", mimeType: "audio/wav", buffer: Buffer.from(tagWav(wavFile({ seconds: 2 }), { title: "Never Stored" })) },
    ]);
    const row = page.locator('[data-testid="audio-upload"][data-file="cancel-me.wav"]');
    await expect(row).toHaveAttribute("data-status", "uploading");
    // The server has created the upload and bytes are on their way: there is something to remove.
    await patching;
    await row.getByRole("button", { name: "Cancel: cancel-me.wav" }).click();
    await expect(row).toHaveAttribute("data-status", "cancelled");
    release();
    await expect.poll(() => deletes.length).toBeGreaterThanOrEqual(1);
    await page.unroute("**/api/admin/audio/uploads/*");

    // Cancelled while the server has not yet answered the creation request: once it answers,
    // the upload is removed (DELETE) and no byte of it is sent.
    let answerCreation: () => void = () => undefined;
    let creating: () => void = () => undefined;
    const creationHeld = new Promise<void>((resolve) => (answerCreation = resolve));
    const creationSent = new Promise<void>((resolve) => (creating = resolve));
    await page.route("**/api/admin/audio/uploads", async (route, request) => {
      if (request.method() === "POST") {
        creating();
        await creationHeld;
      }
      await route.continue().catch(() => undefined);
    });
    const patches: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PATCH") patches.push(request.url());
    });
    await page.getByLabel("Choose files").setInputFiles([
      { name: "cancel-early.wav", mimeType: "audio/wav", buffer: Buffer.from(tagWav(wavFile({ seconds: 2 }), { title: "Never Started" })) },
    ]);
    const early = page.locator('[data-testid="audio-upload"][data-file="cancel-early.wav"]');
    await creationSent;
    await early.getByRole("button", { name: "Cancel: cancel-early.wav" }).click();
    await expect(early).toHaveAttribute("data-status", "cancelled");
    answerCreation();
    await expect.poll(() => deletes.length).toBeGreaterThanOrEqual(2);
    expect(patches).toEqual([]);
    await expect(early).toHaveAttribute("data-status", "cancelled");
    await page.unroute("**/api/admin/audio/uploads");

    await page.getByLabel("Choose files").setInputFiles([{ name: "cover.wav", mimeType: "audio/wav", buffer: png }]);
    const bad = page.locator('[data-testid="audio-upload"][data-file="cover.wav"]');
    await expect(bad).toHaveAttribute("data-status", "failed");
    await expect(bad.getByRole("status")).toContainText("This file is not a supported audio file");
    await page.reload();
    await expect(drafts(page).filter({ hasText: "Never Stored" })).toHaveCount(0);
    await expect(drafts(page).filter({ hasText: "Never Started" })).toHaveCount(0);
  });

  test("without JavaScript: one file at a time through the plain form; publish one, delete the other", async ({ page, signedInAs, jsEnabled }) => {
    test.skip(jsEnabled, "the plain form is what a browser without JavaScript gets");
    await signedInAs("admin");
    const run = `${Date.now().toString(36)}`;
    const titles = [`Plain Form Song ${run}`, `Plain Form Other ${run}`];
    await page.goto("/admin/audio");
    await expect(page.getByLabel("Choose files")).toHaveCount(0);
    for (const [index, title] of titles.entries()) {
      await page.getByLabel("Audio file").setInputFiles(wav(`plain-${index}.wav`, 2, { title, genre: GENRE, bpm: 100, key: "D minor" }));
      await page.getByRole("button", { name: "Upload as draft" }).click();
      await expect(page.getByText(`"${title}" was uploaded as a draft.`).first()).toBeVisible();
      await expect(drafts(page).filter({ hasText: title })).toHaveCount(1);
    }
    // Not audio: the reason under the field, nothing stored.
    await page.getByLabel("Audio file").setInputFiles({ name: "notes.mp3", mimeType: "audio/mpeg", buffer: Buffer.from("not audio at all ".repeat(50)) });
    await page.getByRole("button", { name: "Upload as draft" }).click();
    await expect(page.getByText("This file is not a supported audio file")).toBeVisible();

    await page.goto("/admin/audio");
    await expectNoAxeViolations(page, "light");
    await useTheme(page, "dark");
    await page.goto(`/admin/audio`);
    await page.getByRole("link", { name: `Delete draft ${titles[1]}` }).click();
    await expectNoAxeViolations(page, "dark, delete step");
    await noSidewaysScroll(page);
    await useTheme(page, "light");

    await page.goto("/admin/audio");
    await publish(page, titles[0]!);
    await deleteDraft(page, titles[1]!);
  });
});
