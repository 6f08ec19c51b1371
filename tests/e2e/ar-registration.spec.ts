/**
 * A&R registration as people do it (ADR 0072), with and without JavaScript:
 * a new visitor registers with a new account and confirms it with the code
 * the server sent, sees the pending request on the dashboard; the admin
 * approves it in the queue; the A&R signs in and lands on the A&R desk. The
 * pending A&R persona's pages and the admins' queue pass axe in both themes.
 */
import { test, expect, expectNoAxeViolations, signIn, useTheme } from "./fixtures";
import { E2E_DATA_DIR } from "../../playwright.config";
import { latestCode } from "../support/messages";

const PASSWORD = "Harbour-Lights-Scout-2026";

test("a new visitor registers, the admin approves, and the A&R reaches the A&R desk", async ({ page, signedInAs }, info) => {
  test.setTimeout(90_000);
  const stamp = `${info.project.name}-${info.retry}-${Date.now().toString(36)}`;
  const email = `scout-${stamp}@northern.example`;
  const name = `Jo Scout ${stamp}`;

  await page.goto("/ar/register");
  await expect(page.getByRole("heading", { level: 1, name: "Request A&R access" })).toBeVisible();
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Company or label").fill("Northern Records");
  await page.getByLabel("Job title").fill("Head of A&R");
  await page.getByLabel("Territory").fill("UK & Ireland");
  await page.getByLabel("Link address 1").fill("https://northern.example/team");
  await page.getByLabel("Work e-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Send request" }).click();

  // On to confirm the address with the code the server sent.
  await expect(page.getByRole("heading", { name: "Confirm your account" })).toBeVisible();
  await expect(page.getByText("Request received")).toBeVisible();
  await page.getByLabel("6-digit code").fill(await latestCode(E2E_DATA_DIR, email));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
  const status = page.getByTestId("ar-request-status");
  await expect(status).toHaveAttribute("data-status", "pending");
  await expect(status).toContainText("Your request is waiting for review");

  // The admin approves it with a note.
  await page.context().clearCookies();
  await signedInAs("admin");
  await page.goto("/admin/ar-registrations");
  const card = page.getByRole("article", { name });
  await expect(card).toContainText("Head of A&R");
  await card.getByLabel("Note").fill("Welcome to the desk.");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText(`${name} is now an approved A&R account.`)).toBeVisible();
  await expect(page.getByRole("article", { name })).toHaveCount(0);

  // The A&R signs in and lands on the desk.
  await page.context().clearCookies();
  await signIn(page, email, { password: PASSWORD });
  await expect(page).toHaveURL((url) => url.pathname === "/ar/dashboard");
});

test("the form refuses bad input under the fields and keeps what was typed", async ({ page, jsEnabled }) => {
  await page.goto("/ar/register");
  await page.getByLabel("Your name").fill("Jo Scout");
  await page.getByLabel("Company or label").fill("Northern Records");
  await page.getByLabel("Job title").fill("Scout");
  await page.getByLabel("Territory").fill("Nordics");
  await page.getByLabel("Link address 1").fill("https://user:secret@northern.example/");
  await page.getByLabel("Work e-mail").fill("jo-bad-input@northern.example");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Links must not contain a user name or password")).toBeVisible();
  await expect(page.getByLabel("Company or label")).toHaveValue("Northern Records");
  // Without JavaScript the server answered (and never echoes a password); with it, the browser's check did.
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue(jsEnabled ? PASSWORD : "");
  await expect(page).toHaveURL((url) => url.pathname === "/ar/register");
});

for (const theme of ["light", "dark"] as const) {
  test(`axe (${theme}): the form, the pending A&R's pages and the admins' queue`, async ({ page, signedInAs }) => {
    await useTheme(page, theme);
    await page.goto("/ar/register");
    await expect(page.getByLabel("Work e-mail")).toBeVisible();
    await expectNoAxeViolations(page, `on /ar/register (${theme})`);

    await signedInAs("pendingAr");
    await page.goto("/dashboard");
    await expect(page.getByTestId("ar-request-status")).toHaveAttribute("data-status", "pending");
    await expectNoAxeViolations(page, `on the pending A&R's dashboard (${theme})`);
    await page.goto("/ar");
    await expect(page.getByText("Your request is waiting for review")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Request A&R access" })).toHaveCount(0);
    await expectNoAxeViolations(page, `on /ar as the pending A&R (${theme})`);

    await page.context().clearCookies();
    await useTheme(page, theme);
    await signedInAs("admin");
    await page.goto("/admin/ar-registrations");
    await expect(page.getByRole("heading", { level: 1, name: "A&R registrations" })).toBeVisible();
    await expectNoAxeViolations(page, `on /admin/ar-registrations (${theme})`);
  });
}
