/**
 * /admin/users and /admin/users/{userId} in a real browser, with and without
 * JavaScript (ADR 0080). The admin suspends a "disposable" member who is
 * signed in in a second browser: their very next request lands on /auth,
 * which tells them the reason and the end date; lifting the suspension lets
 * them sign in again. Admin rights granted and removed on a disposable
 * account; another deleted after reading what happens to its data. Every
 * change acts on disposable accounts of the test's own (other files run in
 * parallel); axe in both themes.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { E2E_DEMO_PASSWORD } from "../../playwright.config";
import { test, expect, expectNoAxeViolations, submitSignIn, useTheme } from "./fixtures";

const toast = (page: Page, text: string) => page.getByText(text).first();

/** The disposable person's own browser: a second context holding their session cookies. */
async function secondBrowser(browser: Browser, context: BrowserContext, jsEnabled: boolean, baseURL: string | undefined): Promise<{ other: BrowserContext; theirs: Page }> {
  const other = await browser.newContext({ javaScriptEnabled: jsEnabled, baseURL });
  await other.addCookies(await context.cookies());
  return { other, theirs: await other.newPage() };
}

async function openAccount(page: Page, email: string, name: string) {
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

test.describe("admin: users", () => {
  test("suspends a signed-in member, whose next request lands on /auth with the reason and end date; lifting lets them back", async ({
    page,
    context,
    browser,
    baseURL,
    jsEnabled,
    signedInAs,
  }) => {
    // Two browsers, two sign-ins, four forms and an audit: room on a busy machine.
    test.setTimeout(90_000);
    const me = await signedInAs("disposable");
    const { other, theirs } = await secondBrowser(browser, context, jsEnabled, baseURL);
    try {
      await theirs.goto("/dashboard");
      await expect(theirs).toHaveURL(/\/dashboard$/);

      await signedInAs("admin");
      await openAccount(page, me.email, me.displayName);
      const end = new Date(Date.now() + 20 * 86_400_000);
      const endDate = end.toISOString().slice(0, 10);
      const endText = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${endDate}T00:00:00Z`));
      await page.getByLabel("Reason (shown to the person)").fill("Sharing unreleased demos outside the collective");
      await page.getByLabel("Suspended until (optional)").fill(endDate);
      await page.getByRole("button", { name: "Suspend account" }).click();
      await expect(toast(page, "The account is suspended and signed out everywhere.")).toBeVisible();
      await expect(page.getByTestId("account-suspension")).toContainText(endText);
      await expect(page.getByTestId("account-history")).toContainText("Suspended an account");

      // Their very next request: signed out, on /auth, told why and until when.
      await theirs.reload();
      await expect(theirs).toHaveURL(/\/auth$/);
      const notice = theirs.getByTestId("suspension-notice");
      await expect(notice).toContainText("Sharing unreleased demos outside the collective");
      await expect(notice).toContainText(endText);
      await expectNoAxeViolations(theirs, "on /auth with a suspension notice");
      // Their password does not get them in, and the refusal says the same.
      await submitSignIn(theirs, me.email, E2E_DEMO_PASSWORD);
      await expect(theirs.getByText("Sharing unreleased demos outside the collective").first()).toBeVisible();
      await expect(theirs).toHaveURL(/\/auth/);

      // The list shows the status; lifting it lets them sign in again.
      await page.goto(`/admin/users?filter=suspended&q=${encodeURIComponent(me.email)}`);
      await expect(page.getByTestId("users-table")).toContainText(`Suspended until ${endText}`);
      await page.getByRole("link", { name: me.displayName, exact: true }).click();
      await page.getByRole("button", { name: "Lift suspension" }).click();
      await expect(toast(page, "The suspension is lifted: the person can sign in again.")).toBeVisible();

      await theirs.goto("/auth");
      await submitSignIn(theirs, me.email, E2E_DEMO_PASSWORD);
      await expect(theirs).not.toHaveURL(/\/auth/);
    } finally {
      await other.close();
    }
  });

  test("grants and removes admin rights on a disposable account", async ({ page, signedInAs }) => {
    const me = await signedInAs("disposable");
    await signedInAs("admin");
    await openAccount(page, me.email, me.displayName);
    await expect(page.getByText("This account has no admin rights.")).toBeVisible();
    await page.getByRole("button", { name: "Grant admin rights" }).click();
    await expect(toast(page, "Admin rights granted.")).toBeVisible();
    await expect(page.getByText("This account has admin rights (role admin).")).toBeVisible();
    await page.getByRole("button", { name: "Remove admin rights" }).click();
    await expect(toast(page, "Admin rights removed.")).toBeVisible();
    await expect(page.getByText("This account has no admin rights.")).toBeVisible();
    await expect(page.getByTestId("account-history")).toContainText("Removed admin rights");
    await expect(page.getByTestId("account-history")).toContainText("Granted admin rights");
  });

  test("an admin cannot suspend, demote or delete themselves here", async ({ page, signedInAs }) => {
    const admin = await signedInAs("admin");
    await page.goto(`/admin/users/${admin.userId}`);
    await expect(page.getByText("This is your own account.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Suspend account" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Remove admin rights" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Delete account…" })).toHaveCount(0);
  });

  test("deletes a disposable account after stating what happens to its data", async ({ page, signedInAs }) => {
    const me = await signedInAs("disposable");
    await signedInAs("admin");
    await openAccount(page, me.email, me.displayName);
    await page.getByRole("link", { name: "Delete account…" }).click();
    const statement = page.getByTestId("delete-statement");
    await expect(statement).toContainText("Song credits keep the name as written and lose the account link.");
    await expect(statement).toContainText("Split sheets keep the name as written and lose the account link.");
    await expect(statement).toContainText("Audit log entries keep the account's id");
    await expect(statement).toContainText("Showcase tracks and their audio files");
    await expectNoAxeViolations(page, "on the deletion's confirmation step");
    await statement.getByRole("button", { name: "Delete account permanently" }).click();
    await expect(page).toHaveURL("/admin/users");
    await expect(toast(page, `The account of ${me.displayName} has been deleted.`)).toBeVisible();
    const gone = await page.goto(`/admin/users/${me.userId}`);
    expect(gone?.status()).toBe(404);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`users pages have no axe violations (${theme})`, async ({ page, signedInAs }) => {
      await useTheme(page, theme);
      await signedInAs("admin");
      await page.goto("/admin/users?filter=suspended");
      await expect(page.getByRole("link", { name: "Sol Suspended" })).toBeVisible();
      await expectNoAxeViolations(page, `on /admin/users (${theme})`);
      await page.getByRole("link", { name: "Sol Suspended" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Sol Suspended" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Lift suspension" })).toBeVisible();
      await expectNoAxeViolations(page, `on /admin/users/{userId} (${theme})`);
      await page.goto("/admin/users?q=applicant");
      await page.getByRole("link", { name: /applicant/i }).first().click();
      await expect(page.getByLabel("Reason (shown to the person)")).toBeVisible();
      await expectNoAxeViolations(page, `on an account with the ban form (${theme})`);
    });
  }
});
