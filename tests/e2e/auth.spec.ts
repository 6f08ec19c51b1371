/**
 * Sign-in, sign-out, session expiry and the phone test pages, in a real
 * browser, with and without JavaScript.
 *
 * Accounts: the five demo accounts (password "e2e-demo-password") are shared
 * with other specs running in parallel, so nothing here signs them out
 * globally; the sign-out test signs up its own account. Server-side expiry is
 * produced by /auth/__test/expire-session (ENABLE_TEST_ROUTES), which ages
 * only the current session's clock; the warning dialog uses Playwright's clock.
 */
import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

const PASSWORD = "e2e-demo-password";
const TEXT = {
  sessionExpiredTitle: "Session Expired",
  sessionExpiredIdle: "Your session has expired due to inactivity. Please sign in again.",
  sessionExpiredAbsolute: "Your session has reached its maximum duration. Please sign in again.",
  warningTitle: "Session Timeout Warning",
  warningText: "Your session will expire due to inactivity in:",
  warningQuestion: "Would you like to continue your session?",
  extendedTitle: "Session Extended",
  extended: "Your session has been extended.",
};

async function signIn(page: Page, identifier: string, password = PASSWORD, path = "/auth") {
  await page.goto(path);
  await page.getByLabel("Email or phone number").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** The newest code the outbox holds for a recipient (embedded default only). */
async function codeFromOutbox(page: Page, recipient: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto("/auth/outbox");
  const text = await outbox.getByRole("listitem").filter({ hasText: recipient }).first().textContent();
  await outbox.close();
  const code = /code is (\d{6})\b/.exec(text ?? "")?.[1];
  if (!code) throw new Error(`no code for ${recipient} in the outbox`);
  return code;
}

const unique = (label: string, project: string) => `e2e-${label}-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test.describe("signing in", () => {
  for (const [email, landing] of [
    ["admin@demo.hitfactory.test", "/admin"],
    ["ar@demo.hitfactory.test", "/ar/dashboard"],
    ["member@demo.hitfactory.test", "/dashboard"],
    ["newmember@demo.hitfactory.test", "/dashboard"],
    ["applicant@demo.hitfactory.test", "/dashboard"],
  ] as const) {
    test(`${email} lands on ${landing}`, async ({ page }) => {
      await signIn(page, email);
      await expect(page).toHaveURL((url) => url.pathname === landing);
      await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
      // Tokens never reach the page.
      expect(await page.content()).not.toMatch(/eyJ[\w-]+\.eyJ/);
      const authCookie = (await page.context().cookies()).find((c) => c.name.startsWith("sb-"));
      expect(authCookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    });
  }

  test("goes back to the page that asked for sign-in", async ({ page }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
    await page.getByLabel("Email or phone number").fill("member@demo.hitfactory.test");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/profile");
  });

  test("shows an error for a wrong password and does not echo it", async ({ page }) => {
    await signIn(page, "ar@demo.hitfactory.test", "definitely-wrong-1");
    await expect(page.getByText("Incorrect email, phone number or password.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  });

  test("says what sign-up needs when both email and phone are missing", async ({ page }) => {
    await page.goto("/auth?mode=sign-up");
    await page.getByLabel("Password", { exact: true }).fill("something-9");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("You must provide either an email or phone number and a password")).toBeVisible();
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no axe violations on /auth in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      await page.goto("/auth");
      await expect(page.locator("html")).toHaveClass(`theme-${theme}`);
      await expectNoAxeViolations(page, `on /auth (${theme})`);
      await page.goto("/auth?mode=sign-up");
      await expectNoAxeViolations(page, `on /auth?mode=sign-up (${theme})`);
    });
  }
});

test.describe("signing up and out", () => {
  test("a new account confirms by code, then signing out lands on /auth", async ({ page }, info) => {
    const email = `${unique("signup", info.project.name)}@example.test`;
    await page.goto("/auth?mode=sign-up");
    await page.getByLabel("Display name (optional)").fill("Eve Tester");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("new-writer-2024");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Confirm your account" })).toBeVisible();

    await page.getByLabel("6-digit code").fill(await codeFromOutbox(page, email));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard");

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/auth");
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    expect((await page.context().cookies()).filter((c) => c.name.startsWith("sb-"))).toEqual([]);
  });
});

test.describe("session expiry", () => {
  for (const reason of ["idle", "absolute"] as const) {
    test(`a session past its ${reason} timeout is signed out with the Session Expired toast`, async ({ page }) => {
      await signIn(page, "member@demo.hitfactory.test");
      await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
      await page.goto(`/auth/__test/expire-session?reason=${reason}&next=/dashboard`);
      await expect(page).toHaveURL((url) => url.pathname === "/auth");
      const toast = page.locator('[data-toast-type="error"]');
      await expect(toast).toContainText(TEXT.sessionExpiredTitle);
      await expect(toast).toContainText(reason === "idle" ? TEXT.sessionExpiredIdle : TEXT.sessionExpiredAbsolute);
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard/);
    });
  }

  test("with JavaScript, the warning appears before the idle timeout and Continue Session extends it", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "the dialog is a JavaScript enhancement; without it the server enforces the timeout");
    await page.clock.install();
    await signIn(page, "ar@demo.hitfactory.test");
    await expect(page).toHaveURL((url) => url.pathname === "/ar/dashboard");
    await expect(page.locator("body")).toHaveAttribute("data-session-timer", "on");

    // 15 minutes idle, warning 2 minutes before: 13 minutes in, the dialog is up.
    await page.clock.fastForward("13:01");
    const dialog = page.getByRole("dialog", { name: TEXT.warningTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(TEXT.warningText);
    await expect(dialog).toContainText(TEXT.warningQuestion);
    await expect(dialog.getByRole("timer")).toHaveText(/^1:5\d$/);
    await page.clock.fastForward(2000);
    await expect(dialog.getByRole("timer")).toHaveText(/^1:5\d$/);

    await dialog.getByRole("button", { name: "Continue Session" }).click();
    await expect(dialog).toBeHidden();
    const toast = page.locator('[data-toast-type="info"]');
    await expect(toast).toContainText(TEXT.extendedTitle);
    await expect(toast).toContainText(TEXT.extended);
    await expect(page).toHaveURL((url) => url.pathname === "/ar/dashboard");
  });

  test("with JavaScript, reaching the idle timeout signs out to /auth", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "without JavaScript the next request is refused by the server instead (tested above)");
    await page.clock.install();
    await signIn(page, "newmember@demo.hitfactory.test");
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
    await expect(page.locator("body")).toHaveAttribute("data-session-timer", "on");
    await page.clock.fastForward("13:01");
    await expect(page.getByRole("dialog", { name: TEXT.warningTitle })).toBeVisible();
    await page.clock.fastForward("02:00");
    await expect(page).toHaveURL((url) => url.pathname === "/auth");
    await expect(page.locator('[data-toast-type="error"]')).toContainText(TEXT.sessionExpiredIdle);
  });
});

test.describe("phone test pages", () => {
  test("drive the phone code flow to a verified session, without showing tokens", async ({ page }, info) => {
    const phone = `+44770090${String(Date.now() % 10_000).padStart(4, "0")}${info.project.name === "js" ? "1" : "2"}`;
    await page.goto("/test-phone-auth");
    await expect(page.getByRole("heading", { level: 1, name: "Phone authentication test" })).toBeVisible();
    await expectNoAxeViolations(page, "on /test-phone-auth");
    await page.getByLabel("Phone number").fill(phone);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("We sent a 6-digit code to")).toBeVisible();

    await page.getByLabel("6-digit code").fill(await codeFromOutbox(page, phone));
    await page.getByRole("button", { name: "Verify code" }).click();
    await expect(page.getByText("The code was accepted and you are signed in.")).toBeVisible();
    const state = page.getByRole("table");
    await expect(state).toContainText(phone);
    await expect(state).toContainText("Role (user metadata)");
    await expect(state).toContainText("Session expires at");
    expect(await page.content()).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });

  for (const [path, title] of [
    ["/simple-phone-test", "Simple phone test"],
    ["/working-phone-test", "Working phone test"],
    ["/local-phone-test", "Local phone test"],
  ] as const) {
    test(`${path} serves the same flow`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole("button", { name: "Send code" })).toBeVisible();
    });
  }
});
