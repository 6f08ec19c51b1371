/**
 * Briefs (ADR 0076) in a real browser, with and without JavaScript: the demo
 * A&R posts a brief, the demo member (credited on demo catalogue songs)
 * answers it with one of them, the A&R hears and rates the answer, and the
 * member sees it was heard. The brief is the test's own (a unique title) and
 * is closed at the end, so the demo's open briefs are as they were. Axe in
 * both themes on the four pages.
 */
import { BRIEF_TEXT } from "~/briefs/constants";
import { test, expect, expectNoAxeViolationsInBothThemes } from "./fixtures";

test.describe("briefs", () => {
  test("an A&R posts a brief, a member answers it with a song, the A&R rates the answer", async ({ page, browser, signedInAs, jsEnabled }, testInfo) => {
    test.setTimeout(120_000);
    const title = `Uptempo pop, female vocal ${testInfo.project.name} ${Date.now().toString(36)}`;

    // Two people, two browsers, each with a prepared session: the member's cookie moves to a context of its own.
    const member = await signedInAs("member");
    const memberContext = await browser.newContext({ javaScriptEnabled: jsEnabled });
    await memberContext.addCookies(await page.context().cookies());
    await page.context().clearCookies();
    const memberPage = await memberContext.newPage();

    // The A&R posts it.
    await signedInAs("ar");
    await page.goto("/ar/briefs");
    await expect(page.getByRole("navigation", { name: "A&R desk" }).getByRole("link", { name: "Briefs" })).toHaveAttribute("aria-current", "page");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Company or label").fill("Northbound Records");
    await page.getByLabel("What you are looking for").fill("Bright, uptempo pop with a big chorus. Female vocal on the demo.");
    await page.getByLabel("Genre (optional)").fill("Pop");
    await page.getByRole("button", { name: "Post brief" }).click();
    await expect(page).toHaveURL(/\/ar\/briefs\/[0-9a-f-]{36}$/);
    const briefUrl = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(BRIEF_TEXT.ar.noAnswers)).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, "the A&R's brief page");
    await page.goto("/ar/briefs");
    await expect(page.getByTestId("ar-brief").filter({ hasText: title })).toContainText(BRIEF_TEXT.ar.answers(0));
    await expectNoAxeViolationsInBothThemes(page, "/ar/briefs");

    // The member finds it on the dashboard and answers it with a song they are credited on.
    try {
      await memberPage.goto("/dashboard");
      await memberPage.getByTestId("dashboard-briefs").getByRole("link", { name: new RegExp(`^${BRIEF_TEXT.dashboard.all}`) }).click();
      await expect(memberPage).toHaveURL(/\/briefs$/);
      await expect(memberPage.getByTestId("open-brief").filter({ hasText: title })).toContainText("Northbound Records");
      await expectNoAxeViolationsInBothThemes(memberPage, "/briefs");
      await memberPage.getByRole("link", { name: title, exact: true }).click();
      await expect(memberPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(memberPage.getByRole("link", { name: BRIEF_TEXT.member.submitNew })).toHaveAttribute("href", `/submissions?brief=${briefUrl.split("/").pop()}`);
      const song = memberPage.getByLabel("Song", { exact: true });
      const songTitle = (await song.locator("option").nth(1).textContent())!.trim();
      await song.selectOption({ label: songTitle });
      await memberPage.getByLabel("Note to the A&R (optional)").fill("Chorus lands at 0:48.");
      await memberPage.getByRole("button", { name: BRIEF_TEXT.member.send }).click();
      await expect(memberPage.getByText(BRIEF_TEXT.member.sent(songTitle))).toBeVisible();
      const answer = memberPage.getByTestId("your-answer").filter({ hasText: songTitle });
      await expect(answer).toContainText(BRIEF_TEXT.member.waiting);
      await expectNoAxeViolationsInBothThemes(memberPage, "the member's brief page");

      // The A&R hears it and rates it.
      await page.goto(briefUrl);
      const row = page.getByTestId("brief-answer").filter({ hasText: songTitle });
      await expect(row).toContainText(member.displayName);
      await expect(row).toContainText("Chorus lands at 0:48.");
      await expect(row.getByTestId("answer-rating")).toHaveText(BRIEF_TEXT.ar.notRated);
      if (jsEnabled) {
        await row.getByRole("button", { name: `Play ${songTitle}` }).click();
        await expect(page.getByRole("region", { name: "Audio player" })).toContainText(songTitle);
      } else {
        // Without JavaScript, Play is a link to the (signed) audio itself.
        await expect(row.getByRole("link", { name: `Play ${songTitle}` })).toHaveAttribute("href", /\/storage\/v1\/object\/sign\/audio\//);
      }
      await row.getByText("Keeper", { exact: true }).click();
      await row.getByRole("button", { name: `${BRIEF_TEXT.ar.rate}: ${songTitle}` }).click();
      await expect(page.getByText(BRIEF_TEXT.ar.rated("Keeper"))).toBeVisible();
      await expect(page.getByTestId("brief-answer").filter({ hasText: songTitle }).getByTestId("answer-rating")).toHaveText("Keeper");

      // The member sees it was heard, not the rating.
      await memberPage.reload();
      await expect(memberPage.getByTestId("your-answer").filter({ hasText: songTitle })).toContainText(BRIEF_TEXT.member.heard);
      await expect(memberPage.getByTestId("your-answers")).not.toContainText("Keeper");

      // Closing it: members are told, and it leaves their list.
      await page.getByRole("button", { name: BRIEF_TEXT.ar.close }).click();
      await expect(page.getByText(BRIEF_TEXT.ar.closed(title))).toBeVisible();
      await memberPage.reload();
      await expect(memberPage.getByTestId("brief-closed")).toHaveText(BRIEF_TEXT.member.closed);
      await expect(memberPage.getByLabel("Song", { exact: true })).toHaveCount(0);
      await memberPage.goto("/briefs");
      await expect(memberPage.getByText(title)).toHaveCount(0);
    } finally {
      await memberContext.close();
    }
  });
});
