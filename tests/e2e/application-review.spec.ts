/**
 * Reviewing applications and taking an offer (issue 11, ADR 0071), in a real
 * browser, with and without JavaScript:
 *  - a throwaway account applies (ADR 0070's form); the admin finds it in the
 *    queue, rates it and accepts it with a note; the applicant opens the mail's
 *    link, accepts the offer and gets the onboarding welcome; the same link
 *    then shows a clear page; axe in both themes on the admin's page and on
 *    /accept; nothing scrolls sideways at 320 px;
 *  - with JavaScript, the floating player moves between the demo's pending
 *    applicants: Next from the last collab track opens the next applicant's
 *    page and plays there; Previous from the first solo track opens the
 *    previous applicant's page. Without JavaScript the same pages offer
 *    "Previous applicant" / "Next applicant" links and native audio.
 */
import type { Browser, Page, TestInfo } from "@playwright/test";
import { wavFile } from "../support/audio-files";
import { latestCode, latestMessage } from "../support/messages";
import { E2E_DATA_DIR, E2E_DEMO_PASSWORD } from "../../playwright.config";
import { test, expect, expectNoAxeViolationsInBothThemes, signInAsFormAdmin, submitSignIn } from "./fixtures";

const audioFile = (name: string, bytes: Uint8Array) => ({ name, mimeType: "audio/wav", buffer: Buffer.from(bytes) });

async function noSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways at 320 px").toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** An admin in a browser context of their own (same JavaScript setting as the project), through the form and its second factor. */
async function adminPage(browser: Browser, baseURL: string | undefined, jsEnabled: boolean, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  const page = await context.newPage();
  await signInAsFormAdmin(page, testInfo);
  await expect(page).not.toHaveURL(/\/auth\b/);
  return page;
}

/** A new account through /auth, as a new user signs up (the "disposable" persona is a member already). */
async function signUp(page: Page, email: string, displayName: string) {
  await page.goto("/auth?mode=sign-up");
  await page.getByLabel("Display name (optional)").fill(displayName);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("new-applicant-2024");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your account" })).toBeVisible();
  await page.getByLabel("6-digit code").fill(await latestCode(E2E_DATA_DIR, email));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
}

async function upload(page: Page, mode: "collab" | "solo", title: string, seconds: number) {
  const form = page.getByTestId(`application-upload-${mode}`);
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Audio file", { exact: true }).setInputFiles(audioFile(`${title}.wav`, wavFile({ seconds, frequency: mode === "collab" ? 440 : 550 })));
  await form.getByRole("button", { name: mode === "collab" ? "Upload collaboration" : "Upload solo track" }).click();
  await expect(page.getByTestId(`application-tracks-${mode}`).getByRole("heading", { name: title })).toBeVisible({ timeout: 30_000 });
}

/** The token in the newest offer mail to this address (the outbox of the server's DATA_DIR). */
async function offerToken(email: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const body = latestMessage(E2E_DATA_DIR, email.toLowerCase(), "Your offer to join The Hit Factory")?.body ?? "";
    const token = /\/accept\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no offer mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test.describe("reviewing and offers", () => {
  test("an applicant applies, the admin rates and accepts, the applicant takes the offer once and is welcomed", async ({
    page,
    browser,
    baseURL,
    jsEnabled,
  }, info) => {
    test.setTimeout(180_000);
    const name = `Rowan Review ${info.project.name} ${Date.now() % 100000}`;
    const email = `e2e-review-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
    await signUp(page, email, name);

    // Applying (ADR 0070's form), as a new user would.
    await page.goto("/join/writer");
    await expect(page.getByRole("heading", { name: "Apply to join" })).toBeVisible();
    await upload(page, "collab", "Harbour Lights", 3);
    await upload(page, "solo", "Paper Moon", 2);
    // Without JavaScript each upload reloads the page, which no longer carries ?kind=writer.
    await page.getByRole("radio", { name: /^Writer/ }).check();
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Location", { exact: true }).fill("Cardiff");
    await page.getByLabel("About your music").fill("Writer of coastal pop.");
    await page.getByLabel(/^What are you working on right now\?/).fill("A duet for two strangers.");
    await page.getByLabel(/^Tell us about a song you're proud of/).fill("A song about the last ferry.");
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.getByTestId("application-status")).toBeVisible();

    // The admin: the queue, the applicant's page, a rating, the decision.
    const admin = await adminPage(browser, baseURL, jsEnabled, test.info());
    await admin.goto("/admin/applications");
    await expect(admin.getByRole("link", { name: /^Pending/ })).toHaveAttribute("aria-current", "page");
    await admin.getByRole("link", { name, exact: true }).click();
    await expect(admin.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(admin.getByText("A duet for two strangers.")).toBeVisible();
    await expect(admin.locator("[data-track-id]")).toHaveCount(2);
    await expectNoAxeViolationsInBothThemes(admin, "an applicant's review page");
    await noSidewaysScroll(admin);

    await admin.getByRole("group", { name: "Rating (1 to 5)" }).getByLabel("4").check();
    await admin.getByLabel("Comment").fill("Lovely melodies.");
    await admin.getByRole("button", { name: "Save rating" }).click();
    await expect(admin.getByTestId("reviews")).toContainText("Lovely melodies.");
    await expect(admin.getByTestId("reviews")).toContainText("4 of 5");

    await admin.getByLabel("Accept and make an offer").check();
    await admin.getByLabel("Note to the applicant").fill("We loved the duet.");
    await admin.getByRole("button", { name: "Record decision" }).click();
    await expect(admin.getByText("Accepted: the offer is sent.").first()).toBeVisible();
    await expect(admin.getByTestId("offer-state")).toContainText("An offer is open until");
    await expect(admin.getByTestId("timeline")).toContainText("sent an offer");
    await admin.context().close();

    // The applicant: the mail's link shows the offer; accepting makes a member, and the welcome follows.
    const token = await offerToken(email);
    await page.goto(`/accept?token=${token}`);
    await expect(page).toHaveURL(/\/accept\?offer=[0-9a-f-]{36}$/);
    await expect(page.getByText("We loved the duet.")).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, "the offer");
    await noSidewaysScroll(page);
    await page.getByRole("button", { name: "Accept offer" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
    await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();

    // The same link again: a clear page, not an error.
    await page.goto(`/accept?token=${token}`);
    await expect(page.getByRole("heading", { name: "This offer has already been accepted" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to your dashboard" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Accept offer" })).toHaveCount(0);
  });

  test("the queue and the questions editor: axe in both themes, nothing sideways at 320 px", async ({ page, signedInAs }) => {
    await signedInAs("admin");
    await page.goto("/admin/applications?status=accepted");
    await expect(page.getByRole("link", { name: /^Accepted/ })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "Zara Ahmed", exact: true })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, "the queue");
    await noSidewaysScroll(page);
    await page.goto("/admin/applications/questions");
    await expect(page.getByTestId("question").first()).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, "the questions editor");
    await noSidewaysScroll(page);
  });

  test("the player moves between applicants: next in collab mode, previous in solo mode", async ({ page, jsEnabled, signedInAs }) => {
    await signedInAs("admin");
    // Oldest first, the demo's pending applicants are Lena Okafor (5 days ago), then Jonah Reed (3 days ago).
    await page.goto("/admin/applications?order=oldest");
    await page.getByRole("link", { name: "Lena Okafor", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Lena Okafor" })).toBeVisible();

    if (!jsEnabled) {
      // Without JavaScript: native audio for every track, and links to the neighbours.
      await expect(page.locator("audio[controls]")).toHaveCount(3);
      await page.getByTestId("next-applicant").click();
      await expect(page.getByRole("heading", { level: 1, name: "Jonah Reed" })).toBeVisible();
      await page.getByTestId("previous-applicant").click();
      await expect(page.getByRole("heading", { level: 1, name: "Lena Okafor" })).toBeVisible();
      return;
    }

    const dock = page.getByRole("region", { name: "Audio player" });
    // Collab mode: Lena has one collab track; Next crosses to Jonah, whose page opens and plays his first.
    await page.getByTestId("play-group").click();
    await expect(dock).toBeVisible();
    await dock.getByRole("button", { name: "Next track" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Jonah Reed" })).toBeVisible();
    await expect(page).toHaveURL(/order=oldest/);
    const jonahCollab = page.locator("[data-track-id*='-collab-1']");
    await expect(jonahCollab.getByRole("button", { name: /^Pause / })).toBeVisible();

    // Solo mode: Jonah has one solo track; Previous crosses back to Lena.
    await page.getByRole("link", { name: "Solo mode" }).click();
    await expect(page).toHaveURL(/mode=solo/);
    await page.getByTestId("play-group").click();
    await expect(page.locator("[data-track-id*='-solo-1']").getByRole("button", { name: /^Pause / })).toBeVisible();
    await dock.getByRole("button", { name: "Previous track" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Lena Okafor" })).toBeVisible();
    await expect(page).toHaveURL(/mode=solo/);
    // Lena's last solo track plays on her page.
    await expect(page.locator("[data-track-id*='-solo-2']").getByRole("button", { name: /^Pause / })).toBeVisible();
  });
});
