/**
 * Split sheets become credits, and the camp review, in a real browser with
 * and without JavaScript (each test runs in both projects; issue 13's "Done
 * when": "...fills a split sheet with the group, and after the song is
 * accepted into the catalogue its credits match the split sheet").
 *
 * The demo member (Maya Brooks) adds a song of her own to a past demo camp
 * session she was in with a co-writer (the "Alfama Nights" session, DEMO_CAMP_SONGS),
 * under a title no run has used, fills its split sheet with the group (the
 * form starts from the session's people with equal shares), confirms her
 * share; the co-writer confirms theirs from their own account; she submits the song from
 * the sheet's link (the credits shown read-only); the demo admin accepts it;
 * the song page's credits are the sheet's. Every run (and the js and no-js
 * projects at once) makes a song of its own, so the spec is safe to run again
 * on the same server. axe on both review pages in both themes.
 */
import type { Browser, Page } from "@playwright/test";
import { DEMO_CAMP_SONGS } from "~/camps/demo-camp-songs";
import { DEMO_PAST_CAMP, DEMO_UPCOMING_CAMP } from "~/camps/demo-camps";
import { demoAccount } from "~/demo/accounts";
import { DEMO_MEMBERS } from "~/demo/members-data";
import { wavFile } from "../support/audio-files";
import { test, expect, expectNoAxeViolations, expectNoAxeViolationsInBothThemes, signIn, useTheme } from "./fixtures";

const wav = { name: "camp-song.wav", mimeType: "audio/wav", buffer: Buffer.from(wavFile({ seconds: 3 })) };
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const ALFAMA = DEMO_CAMP_SONGS.find((song) => song.workingTitle === "Alfama Nights")!;
const MAYA_EMAIL = demoAccount("member").email;
/** Maya's co-writer in that session (a demo member of the collective). */
const COWRITER = ALFAMA.group.find((email) => email !== MAYA_EMAIL)!;
const MAYA_NAME = demoAccount("member").displayName;
const COWRITER_NAME = DEMO_MEMBERS.find((member) => COWRITER.startsWith(`${member.key}@`))!.displayName;

/** A title no demo song has and no other run uses. */
function uniqueTitle(jsEnabled: boolean): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  let word = "Zelq";
  for (let i = 0; i < 6; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return `${word} ${jsEnabled ? "Tide" : "Harbour"}`;
}

/** The id of the camp named `name`, from the member's (or admin's) camps list. */
async function campIdNamed(page: Page, from: string, name: string): Promise<string> {
  await page.goto(from);
  const hrefs = await page.locator("main a[href]").evaluateAll(
    (links, wanted) => links.filter((link) => (link.textContent ?? "").includes(wanted)).map((link) => link.getAttribute("href") ?? ""),
    name,
  );
  const id = hrefs.map((href) => new RegExp(`/camps/(${UUID})`).exec(href)?.[1]).find(Boolean);
  if (!id) throw new Error(`No link to "${name}" on ${from}`);
  return id;
}

/** A demo member's own browser (not a pooled persona): signed in through the form. */
async function browserOf(browser: Browser, baseURL: string | undefined, jsEnabled: boolean, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  const page = await context.newPage();
  await signIn(page, email, { path: `/auth?${new URLSearchParams({ redirect: "/healthz" })}` });
  await expect(page).toHaveURL((url) => url.pathname === "/healthz");
  return page;
}

test.describe("split sheets become credits", () => {
  test("the group fills and confirms a split sheet, the song is submitted and accepted, and its credits are the sheet", async ({
    page,
    browser,
    baseURL,
    signedInAs,
    jsEnabled,
  }) => {
    test.setTimeout(240_000);
    await signedInAs("member");
    const campId = await campIdNamed(page, "/camps", DEMO_PAST_CAMP.name);

    // The review lists the sessions; the one that wrote "Alfama Nights" is Maya's and her co-writer's.
    await page.goto(`/camps/${campId}/review`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(DEMO_PAST_CAMP.name);
    const session = page.getByTestId("review-session").filter({ hasText: ALFAMA.workingTitle });
    await session.getByRole("link", { name: /Open the session/ }).click();
    await expect(page).toHaveURL(new RegExp(`/camps/${campId}/sessions/${UUID}$`));
    const sessionUrl = new URL(page.url()).pathname;

    // Maya records a new song of the session.
    const title = uniqueTitle(jsEnabled);
    await page.getByLabel("Working title").last().fill(title);
    await page.getByRole("button", { name: "Add song" }).click();
    const song = page.locator("li[data-camp-song]").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(song).toBeVisible();
    const campSongId = await song.getAttribute("data-camp-song");
    expect(campSongId).toMatch(new RegExp(`^${UUID}$`));

    // The group fills its split sheet (the form starts from everyone in the room with equal shares):
    // Maya 60% as topliner, her co-writer 40% as producer; the other rows are left blank, so they are left out.
    const sheetForm = page.getByRole("form", { name: `Fill the split sheet: ${title}` });
    const rows = sheetForm.getByRole("group", { name: /^Share \d+$/ });
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(2);
    const fillRow = async (index: number, person: string, role: string, share: string) => {
      const row = sheetForm.getByRole("group", { name: `Share ${index + 1}`, exact: true });
      await row.getByLabel("Person").selectOption(person ? { label: person } : { value: "" });
      await row.getByLabel("Co-writer's name").fill("");
      await row.getByLabel("Role").selectOption(role ? { label: role } : { value: "" });
      await row.getByLabel("Share (%)").fill(share);
    };
    await fillRow(0, MAYA_NAME, "Topliner", "60");
    await fillRow(1, COWRITER_NAME, "Producer", "40");
    for (let i = 2; i < count; i++) await fillRow(i, "", "", "");
    await sheetForm.getByRole("button", { name: "Save split sheet" }).click();
    await expect(song.getByRole("button", { name: "Confirm my share" })).toBeVisible();
    await song.getByRole("button", { name: "Confirm my share" }).click();
    await expect(song.getByText("Waiting for 1 confirmation")).toBeVisible();

    // Not everyone has confirmed: the song cannot be submitted yet.
    await page.goto(`/submissions?campSong=${campSongId}`);
    await expect(page.getByTestId("camp-song-problem")).toHaveText("Everyone on the split sheet has to confirm their share first.");
    await expectNoAxeViolationsInBothThemes(page, "a camp song's submission, sheet not yet confirmed");

    // The co-writer confirms their share from their own account.
    const cowriter = await browserOf(browser, baseURL, jsEnabled, COWRITER);
    try {
      await cowriter.goto(sessionUrl);
      const hisSong = cowriter.locator(`li[data-camp-song="${campSongId}"]`);
      await hisSong.getByRole("button", { name: "Confirm my share" }).click();
      await expect(hisSong.getByText("Complete", { exact: true })).toBeVisible();
    } finally {
      await cowriter.context().close();
    }

    // The sheet is complete: Maya submits the song from its link; the credits are the sheet's, read-only.
    await page.goto(sessionUrl);
    const sheetRows = await song.locator("table tbody tr").evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("th, td")].slice(0, 3).map((cell) => (cell.textContent ?? "").trim())),
    );
    expect(sheetRows).toEqual([
      [MAYA_NAME, "Topliner", "60"],
      [COWRITER_NAME, "Producer", "40"],
    ]);
    await song.getByRole("link", { name: "Submit to the catalogue" }).click();
    await expect(page).toHaveURL(new RegExp(`/submissions\\?campSong=${campSongId}$`));
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    const credits = page.getByTestId("camp-song-credits");
    await expect(credits.getByRole("heading")).toContainText(`Credits from the split sheet of ${DEMO_PAST_CAMP.name}`);
    await expect(page.getByTestId("credit-row")).toHaveCount(0);
    await expectNoAxeViolationsInBothThemes(page, "a camp song's submission with the sheet's credits");
    await page.getByLabel("Audio file", { exact: true }).setInputFiles(wav);
    await page.getByLabel("Genre", { exact: true }).fill("Pop");
    await page.getByLabel("BPM", { exact: true }).fill(String(ALFAMA.bpm));
    await page.getByLabel("Key", { exact: true }).selectOption("E minor");
    await page.getByRole("button", { name: "Submit song" }).click();
    await expect(page).toHaveURL(new RegExp(`/submissions/${UUID}$`), { timeout: 30_000 });
    const submissionId = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByTestId("camp-origin")).toContainText(DEMO_PAST_CAMP.name);

    // The admin accepts it: the page says the credits come from the confirmed sheet.
    await signedInAs("admin");
    await page.goto(`/admin/submissions/${submissionId}`);
    await expect(page.getByTestId("credits-from-sheet")).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, "the admin's submission page with credits from the sheet");
    await page.getByRole("button", { name: "Accept into the catalogue" }).click();
    await expect(page.getByTestId("decision").getByText("Accepted")).toBeVisible();
    await page.getByRole("link", { name: "See it in the catalogue" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    // The song page's credits are the split sheet's: the same people, roles and shares.
    const songRows = await page
      .getByRole("table", { name: "Credits and splits" })
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => (cell.textContent ?? "").trim())));
    expect(songRows.map(([name, role, split]) => [name, role!.toLowerCase(), split!.replace(/\.00%$/, "%")])).toEqual(
      sheetRows.map(([name, role, share]) => [name, role!.toLowerCase(), `${Number.parseFloat(share!)}%`]),
    );

    // The review shows the song in the catalogue, linked.
    await page.goto(`/admin/camps/${campId}/review`);
    const reviewed = page.locator(`[data-camp-song-id="${campSongId}"]`);
    await expect(reviewed.getByTestId("camp-song-status")).toHaveText("In the catalogue");
    await expect(reviewed.getByRole("link", { name: `${title} in the catalogue` })).toBeVisible();
  });
});

test.describe("the camp review", () => {
  test("participants and admins read it; axe finds nothing in either theme; an upcoming camp's is not available yet", async ({ page, signedInAs }) => {
    test.setTimeout(120_000);
    await signedInAs("member");
    const pastId = await campIdNamed(page, "/camps", DEMO_PAST_CAMP.name);
    const upcomingId = await campIdNamed(page, "/camps", DEMO_UPCOMING_CAMP.name);
    for (const theme of ["light", "dark"] as const) {
      await useTheme(page, theme);
      await page.goto(`/camps/${pastId}/review`);
      await expect(page.getByTestId("review-totals")).toBeVisible();
      await expect(page.getByTestId("review-song").first()).toBeVisible();
      await expectNoAxeViolations(page, `member review, ${theme}`);
    }
    for (const status of ["Demo", "Submitted", "In the catalogue", "Pitched"]) {
      await expect(page.getByTestId("camp-song-status").filter({ hasText: new RegExp(`^${status}$`) }).first()).toBeVisible();
    }
    await page.goto(`/camps/${upcomingId}/review`);
    await expect(page.getByRole("heading", { name: "Not available yet" })).toBeVisible();

    await signedInAs("admin");
    for (const theme of ["light", "dark"] as const) {
      await useTheme(page, theme);
      await page.goto(`/admin/camps/${pastId}/review`);
      await expect(page.getByTestId("review-totals")).toBeVisible();
      await expectNoAxeViolations(page, `admin review, ${theme}`);
    }
    await page.goto(`/admin/camps/${upcomingId}/review`);
    await expect(page.getByRole("heading", { name: "Not available yet" })).toBeVisible();
    await expectNoAxeViolations(page, "admin review, not yet");
  });

  test("is not found for an A&R", async ({ page, signedInAs }) => {
    await signedInAs("member");
    const pastId = await campIdNamed(page, "/camps", DEMO_PAST_CAMP.name);
    await signedInAs("ar");
    const response = await page.goto(`/camps/${pastId}/review`);
    expect(response?.status()).toBe(404);
  });
});
