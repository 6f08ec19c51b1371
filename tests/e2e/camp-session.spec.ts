/**
 * A camp session's songs and split sheet in a real browser, with and without
 * JavaScript (issue 13 §4, ADR 0090): the demo member (Maya Brooks) opens a
 * session of the past demo camp she was in, records a song with its rough
 * audio, is told when the shares do not add up to 100, fills the split sheet
 * with the group, confirms her own share, sees the others still to confirm,
 * and removes the song again (the demo session is left as it was: the song
 * is one this test created). axe in both themes on the session page.
 */
import type { Page } from "@playwright/test";
import { DEMO_PAST_CAMP } from "~/camps/demo-camps";
import { SONG_TEXT, SPLIT_TEXT } from "~/camps/songs-text";
import { wavFile } from "../support/audio-files";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

const wav = { name: "rough.wav", mimeType: "audio/wav", buffer: Buffer.from(wavFile({ seconds: 2 })) };

function uniqueTitle(): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  let word = "Camp Quorv";
  for (let i = 0; i < 5; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/** A session of the past demo camp that the demo member is in (its page offers "Add a song"). */
async function openOwnSession(page: Page): Promise<string> {
  await page.goto("/camps");
  const campHref = await page.locator('a[href^="/camps/"]', { hasText: DEMO_PAST_CAMP.name }).first().getAttribute("href");
  expect(campHref).toBeTruthy();
  await page.goto(campHref!);
  const hrefs = [...new Set(await page.locator('a[href*="/sessions/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? "")))];
  for (const href of hrefs) {
    await page.goto(href);
    if ((await page.getByRole("heading", { name: SONG_TEXT.addSongHeading }).count()) > 0) return href;
  }
  throw new Error("The demo member is in no session of the past demo camp");
}

test.describe("camp session songs and split sheets", () => {
  test("the demo member records a song, fills the split sheet, confirms her share, then removes the song", async ({ page, signedInAs, jsEnabled }) => {
    // A long walk (an upload, two sheet saves, a confirmation, axe in both themes, a removal): without
    // JavaScript each step is a full page load, about 100 s on a busy 2-core machine.
    test.setTimeout(180_000);
    await signedInAs("member");
    const sessionHref = await openOwnSession(page);
    const title = uniqueTitle();

    const add = page.getByRole("region", { name: SONG_TEXT.addSongHeading });
    await add.getByLabel(SONG_TEXT.workingTitleLabel, { exact: true }).fill(title);
    await add.getByLabel(SONG_TEXT.notesLabel, { exact: true }).fill("Written by the e2e test");
    await add.getByLabel(SONG_TEXT.audioLabel, { exact: true }).setInputFiles(wav);
    await add.getByRole("button", { name: SONG_TEXT.addSong }).click();
    await expect(page).toHaveURL(new RegExp(`${sessionHref}$`));
    const card = page.locator("li[data-camp-song]", { has: page.getByRole("heading", { name: title }) });
    await expect(card).toBeVisible();
    await expect(card.locator("audio")).toHaveAttribute("src", /camps%2F|camps\//);
    await expect(card.locator("[data-sheet-state]")).toHaveText(SPLIT_TEXT.stateNone);
    // Play: the floating player's button with JavaScript, a link to the native player without.
    await expect(card.getByRole(jsEnabled ? "button" : "link", { name: `Play ${title}` })).toBeVisible();

    // The sheet starts from the session's group with equal shares; a wrong total is refused with the reason.
    const sheetForm = card.getByRole("form", { name: `${SPLIT_TEXT.editHeading}: ${title}` });
    await expect(sheetForm).toContainText(SPLIT_TEXT.clearsNote);
    const firstShare = sheetForm.getByRole("group", { name: SPLIT_TEXT.rowLegend(1) }).getByLabel(SPLIT_TEXT.shareHeader);
    const suggested = await firstShare.inputValue();
    await firstShare.fill(String(Number(suggested) + 0.01));
    await sheetForm.getByRole("button", { name: SPLIT_TEXT.saveSheet }).click();
    const refusedCard = page.locator("li[data-camp-song]", { has: page.getByRole("heading", { name: title }) });
    await expect(refusedCard.getByText(/^The shares add up to 100\.01%, not 100%\.$/)).toBeVisible();
    await refusedCard.getByRole("group", { name: SPLIT_TEXT.rowLegend(1) }).getByLabel(SPLIT_TEXT.shareHeader).fill(suggested);
    await refusedCard.getByRole("button", { name: SPLIT_TEXT.saveSheet }).click();
    await expect(page.getByText(SPLIT_TEXT.sheetSaved)).toBeVisible();

    // Maya confirms her own share; the others are still to confirm.
    const saved = page.locator("li[data-camp-song]", { has: page.getByRole("heading", { name: title }) });
    const mayaRow = saved.getByRole("row", { name: /Maya Brooks/ });
    await expect(mayaRow).toContainText(SPLIT_TEXT.notConfirmed);
    await expect(saved.locator("[data-sheet-state]")).toHaveText(/^Waiting for \d+ confirmations?$/);
    await mayaRow.getByRole("button", { name: SPLIT_TEXT.confirmMine }).click();
    await expect(page.getByText(SPLIT_TEXT.confirmed)).toBeVisible();
    const confirmed = page.locator("li[data-camp-song]", { has: page.getByRole("heading", { name: title }) });
    await expect(confirmed.getByRole("row", { name: /Maya Brooks/ })).toContainText(SPLIT_TEXT.confirmedSelf);
    // Only her own row has a confirm button.
    await expect(confirmed.getByRole("button", { name: SPLIT_TEXT.confirmMine })).toHaveCount(0);

    for (const theme of ["light", "dark"] as const) {
      await useTheme(page, theme);
      await page.goto(sessionHref);
      await expectNoAxeViolations(page, `session page (${theme})`);
    }
    // No sideways scrolling on a 320px phone, with the sheet form open.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.locator("li[data-camp-song]", { has: page.getByRole("heading", { name: title }) }).locator("summary", { hasText: SPLIT_TEXT.editSummary }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Put the session back as it was: remove the song this test added.
    const last = page.locator("li[data-camp-song]", { has: page.getByRole("heading", { name: title }) });
    await last.locator("summary", { hasText: SONG_TEXT.editSongSummary }).click();
    await last.getByLabel(SONG_TEXT.removeSongConfirm).check();
    await last.getByRole("button", { name: SONG_TEXT.removeSong }).click();
    await expect(page.getByText(SONG_TEXT.songRemoved)).toBeVisible();
    await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  });
});
