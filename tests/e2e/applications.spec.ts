/**
 * Applying (issue 11, ADR 0070) in a real browser, with and without
 * JavaScript: a new account (signed up through /auth, as a new user would)
 * follows /join/writer to the dashboard, uploads a collaboration and a solo
 * track (a plain multipart post without JavaScript; a progress bar with it),
 * fills in the form, submits, sees the status, and withdraws after a
 * confirmation. axe in both themes on the form and on the status; nothing
 * scrolls sideways at 320 px. The demo applicant's status (pending) is
 * walked by narrow-screens.spec.ts like every page of the table.
 */
import type { Page } from "@playwright/test";
import { wavFile } from "../support/audio-files";
import { latestCode } from "../support/messages";
import { E2E_DATA_DIR } from "../../playwright.config";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

const audioFile = (name: string, bytes: Uint8Array) => ({ name, mimeType: "audio/wav", buffer: Buffer.from(bytes) });
const unique = (label: string, project: string) => `e2e-${label}-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function signUp(page: Page, email: string, displayName: string) {
  await page.goto("/auth?mode=sign-up");
  await page.getByLabel("Display name (optional)").fill(displayName);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("new-writer-2024");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your account" })).toBeVisible();
  await page.getByLabel("6-digit code").fill(await latestCode(E2E_DATA_DIR, email));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
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

async function uploadTo(page: Page, mode: "collab" | "solo", title: string, file: ReturnType<typeof audioFile>) {
  const form = page.getByTestId(`application-upload-${mode}`);
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Audio file", { exact: true }).setInputFiles(file);
  await form.getByRole("button", { name: mode === "collab" ? "Upload collaboration" : "Upload solo track" }).click();
}

async function noSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways at 320 px").toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("applying", () => {
  test("a new account applies with a collab and a solo track, sees the status and withdraws", async ({ page, jsEnabled }, info) => {
    test.setTimeout(120_000);
    const email = `${unique("apply", info.project.name)}@example.test`;
    await signUp(page, email, "Robin Vale");

    // /join/writer preselects the kind.
    await page.goto("/join/writer");
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard" && url.searchParams.get("kind") === "writer");
    await expect(page.getByRole("heading", { name: "Apply to join" })).toBeVisible();
    await expect(page.getByRole("radio", { name: /^Writer/ })).toBeChecked();

    // A collaboration: with JavaScript the upload shows its progress.
    let unthrottle: (() => Promise<void>) | null = null;
    if (jsEnabled) unthrottle = await throttleUploads(page, 64 * 1024);
    await uploadTo(page, "collab", "Night Drive", audioFile("night-drive.wav", wavFile({ seconds: 6 })));
    if (jsEnabled) {
      await expect(page.getByTestId("upload-progress")).toBeVisible();
      await expect(page.getByText(/^Uploaded \d+%$/)).toBeVisible();
    }
    await expect(page.getByTestId("application-tracks-collab").getByRole("heading", { name: "Night Drive" })).toBeVisible({ timeout: 30_000 });
    await unthrottle?.();
    // Wrong bytes are refused at the field, whatever the file is called.
    await uploadTo(page, "solo", "Fake", { name: "fake.wav", mimeType: "audio/wav", buffer: Buffer.from("<html>not audio</html>") });
    await expect(page.getByTestId("application-upload-solo").getByText("This file is not a supported audio file")).toBeVisible();
    await uploadTo(page, "solo", "Only Mine", audioFile("only-mine.wav", wavFile({ seconds: 2, frequency: 660 })));
    await expect(page.getByTestId("application-tracks-solo").getByRole("heading", { name: "Only Mine" })).toBeVisible();
    await expect(page.getByTestId("application-track")).toHaveCount(2);
    // The kind /join/writer chose is kept by the draft the first upload made (without JavaScript the page reloaded).
    await expect(page.getByRole("radio", { name: /^Writer/ })).toBeChecked();

    await useTheme(page, "light");
    await page.reload();
    await expectNoAxeViolations(page, "on the application form (light)");
    await useTheme(page, "dark");
    await page.reload();
    await expectNoAxeViolations(page, "on the application form (dark)");
    await noSidewaysScroll(page);

    // Submitting with a required answer missing: the message at the question, nothing sent.
    await page.getByLabel("Name", { exact: true }).fill("Robin Vale");
    await page.getByLabel("Location", { exact: true }).fill("Bristol");
    await page.getByLabel("About your music").fill("Writer of left-field pop.");
    await page.getByRole("group", { name: "Link 1" }).getByLabel("Address").fill("https://example.com/robin");
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.getByText("Answer this question to submit").first()).toBeVisible();
    await expect(page.getByTestId("application-status")).toHaveCount(0);

    // What was typed is still there; answer and submit.
    await expect(page.getByLabel("Location", { exact: true })).toHaveValue("Bristol");
    await page.getByLabel(/^What are you working on right now\?/).fill("An EP with two producers.");
    await page.getByLabel(/^Tell us about a song you're proud of/).fill("A song about my grandmother's kitchen.");
    await page.getByRole("button", { name: "Submit application" }).click();

    const status = page.getByTestId("application-status");
    await expect(status).toBeVisible();
    await expect(status).toHaveAttribute("data-stage", "in-review");
    await expect(status.locator('[aria-current="step"]')).toHaveText("In review");
    await expect(status.getByRole("heading", { name: "Night Drive" })).toBeVisible();
    await expect(status.getByRole("heading", { name: "Only Mine" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Apply to join" })).toHaveCount(0);
    await expectNoAxeViolations(page, "on the application status (dark)");
    await useTheme(page, "light");
    await page.reload();
    await expectNoAxeViolations(page, "on the application status (light)");
    await noSidewaysScroll(page);

    // Withdrawing asks first: a confirmation step.
    await page.getByRole("link", { name: "Withdraw application" }).click();
    const confirm = page.getByRole("region", { name: "Withdraw this application?" });
    await expect(confirm).toContainText("The team will no longer review it.");
    await confirm.getByRole("button", { name: "Yes, withdraw" }).click();
    await expect(page.getByText("Your application was withdrawn. You can start a new one at any time.").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Apply to join" })).toBeVisible();
    await expect(page.getByTestId("application-status")).toHaveCount(0);
  });

  test("the demo applicant sees the pending application's status and tracks, never a form", async ({ page, signedInAs }) => {
    await signedInAs("applicant");
    await page.goto("/dashboard");
    const status = page.getByTestId("application-status");
    await expect(status).toHaveAttribute("data-stage", "in-review");
    await expect(status.getByTestId("application-tracks-collab").getByTestId("application-track")).toHaveCount(2);
    await expect(status.getByTestId("application-tracks-solo").getByTestId("application-track")).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Apply to join" })).toHaveCount(0);
  });
});
