/**
 * Two-factor sign-in in a real browser, with and without JavaScript (issue 16
 * item 7, ADR 0099): a member sets up an authenticator from the QR code's key,
 * turns it on with the first code, sees ten recovery codes once, and the next
 * sign-in asks for a code; the admin cannot reach an admin page before
 * answering the challenge. Both themes pass axe, and nothing scrolls sideways
 * at 320 px.
 */
import { totpCode, totpStep, TOTP_PERIOD_S } from "~/platform/auth/totp.server";
import { MFA_TEXT } from "~/auth/mfa/mfa-text";
import { test, expect, expectNoAxeViolationsInBothThemes, signIn, signInAsFormAdmin } from "./fixtures";

async function noSidewaysScroll(page: import("@playwright/test").Page, what: string) {
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways at 320 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("two-factor sign-in", () => {
  test.setTimeout(90_000);

  test("a member sets up an authenticator, keeps the recovery codes, and is asked for a code at the next sign-in", async ({ page, signedInAs, browser, baseURL, jsEnabled }) => {
    const me = await signedInAs("disposable");
    await page.goto("/auth/mfa");
    await expect(page.getByRole("heading", { name: MFA_TEXT.enrolOfferTitle })).toBeVisible();
    await page.getByRole("button", { name: MFA_TEXT.startSetup }).click();

    await expect(page.getByRole("heading", { name: MFA_TEXT.setupTitle })).toBeVisible();
    await expect(page.getByRole("img", { name: MFA_TEXT.qrLabel })).toBeVisible();
    const secret = (await page.getByTestId("mfa-secret").innerText()).replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolationsInBothThemes(page, "the authenticator set-up");
    await noSidewaysScroll(page, "the authenticator set-up");

    // A wrong code first: the error under the field, the QR code still there.
    await page.getByLabel(MFA_TEXT.codeLabel).fill(totpCode(secret) === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: MFA_TEXT.confirmSubmit }).click();
    await expect(page.getByText(MFA_TEXT.wrongCode)).toBeVisible();
    await expect(page.getByRole("img", { name: MFA_TEXT.qrLabel })).toBeVisible();

    const setUpAt = totpStep(new Date());
    await page.getByLabel(MFA_TEXT.codeLabel).fill(totpCode(secret));
    await page.getByRole("button", { name: MFA_TEXT.confirmSubmit }).click();
    await expect(page.getByRole("heading", { name: MFA_TEXT.codesTitle })).toBeVisible();
    await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    await expect(page.getByRole("status").getByText(MFA_TEXT.turnedOn)).toBeVisible();
    await page.getByRole("link", { name: MFA_TEXT.codesDone }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard");

    // Another browser: the password alone leads to the challenge, and every page back to it.
    const other = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
    try {
      const second = await other.newPage();
      await signIn(second, me.email);
      await expect(second).toHaveURL((url) => url.pathname === "/auth/mfa");
      await expect(second.getByRole("heading", { name: MFA_TEXT.challengeTitle })).toBeVisible();
      await second.goto("/profile");
      await expect(second).toHaveURL((url) => url.pathname === "/auth/mfa" && url.searchParams.get("redirect") === "/profile");
      await expectNoAxeViolationsInBothThemes(second, "the two-factor challenge");
      await noSidewaysScroll(second, "the two-factor challenge");
      // The code of the next step: the one used at set-up is spent.
      await second.getByLabel(MFA_TEXT.codeLabel).fill(totpCode(secret, new Date((setUpAt + 1) * TOTP_PERIOD_S * 1000 + 1000)));
      await second.getByRole("button", { name: MFA_TEXT.verifySubmit, exact: true }).click();
      await expect(second).toHaveURL((url) => url.pathname === "/profile");

      // Managing it: each change asks for a current code; a wrong one is refused at its field.
      await second.goto("/auth/mfa");
      await expect(second.getByRole("heading", { name: MFA_TEXT.manageTitle })).toBeVisible();
      await expectNoAxeViolationsInBothThemes(second, "managing two-factor sign-in");
      await noSidewaysScroll(second, "managing two-factor sign-in");
      const regenerate = second.getByRole("region", { name: MFA_TEXT.regenerate });
      await regenerate.getByLabel(MFA_TEXT.confirmChangeLabel).fill(totpCode(secret) === "000000" ? "111111" : "000000");
      await regenerate.getByRole("button", { name: MFA_TEXT.regenerate }).click();
      await expect(regenerate.getByText(MFA_TEXT.wrongCode)).toBeVisible();
      // Without JavaScript the page comes back from the server, which never sends a typed code back.
      if (!jsEnabled) await expect(regenerate.getByLabel(MFA_TEXT.confirmChangeLabel)).toHaveValue("");
      await expect(second.getByRole("heading", { name: MFA_TEXT.manageTitle })).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("an admin cannot skip the challenge: admin pages send the browser back to it", async ({ page, browser, baseURL, jsEnabled }, testInfo) => {
    // An admin of this test's own, signed in with password and code in one browser...
    const admin = await signInAsFormAdmin(page, testInfo);
    await expect(page).toHaveURL((url) => url.pathname === "/admin");
    // ...and with the password only in another: every admin page leads back to the challenge.
    const other = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
    try {
      const second = await other.newPage();
      await signIn(second, admin.email);
      await expect(second).toHaveURL((url) => url.pathname === "/auth/mfa");
      await second.goto("/admin/users");
      await expect(second).toHaveURL((url) => url.pathname === "/auth/mfa" && url.searchParams.get("redirect") === "/admin/users");
      // Nobody is signed in yet as far as the header goes: no admin link.
      await expect(second.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
    } finally {
      await other.close();
    }
  });
});
