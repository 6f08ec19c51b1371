/**
 * The admin overview (issue 12 §1, ADR 0079) in a real browser, with and
 * without JavaScript: the queues first with their links, the statistics
 * counted from the database (a new account signed up in this test raises
 * "Users" on the next load), the four server-rendered charts with their
 * figures, the audit log's GET filters; axe in both themes; nothing scrolls
 * sideways at 320 px. With JavaScript: the figures refresh every 300000 ms
 * (Playwright's clock, not a real wait) and a failed refresh says 'Failed to
 * fetch statistics' in an alert. (/admin is also walked by
 * narrow-screens.spec.ts like every page of the route table.)
 */
import type { Browser, Page } from "@playwright/test";
import { latestCode } from "../support/messages";
import { E2E_DATA_DIR } from "../../playwright.config";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

const unique = (label: string, project: string) => `e2e-${label}-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** A new account, signed up through /auth as a new user would, in a browser context of its own. */
async function signUpElsewhere(browser: Browser, baseURL: string, email: string) {
  // From a network of its own (the e2e server trusts one proxy hop): the auth specs' sign-ups share
  // the loopback address's sign-up allowance (10 an hour), and these must not use it up.
  const network = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": network } });
  const page = await context.newPage();
  try {
    await page.goto("/auth?mode=sign-up");
    await page.getByLabel("Display name (optional)").fill("Overview Newcomer");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("overview-newcomer-2026");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Confirm your account" })).toBeVisible();
    await page.getByLabel("6-digit code").fill(await latestCode(E2E_DATA_DIR, email));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
  } finally {
    await context.close();
  }
}

async function figure(page: Page, key: string): Promise<number> {
  const text = await page.locator(`[data-statistic="${key}"]`).textContent();
  return Number((text ?? "").replace(/[^\d]/g, ""));
}

test.describe("the admin overview", () => {
  test("shows the queues, real figures, the charts and the audit log; axe in both themes; no sideways scroll at 320 px", async ({ page, signedInAs }) => {
    await signedInAs("admin");
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

    // The queues come first, each a link to where it is handled.
    const queues = page.getByRole("region", { name: "Waiting for an admin" });
    await expect(queues.getByRole("link", { name: /Pending applications/ })).toHaveAttribute("href", "/admin/applications?status=pending");
    await expect(queues.getByRole("link", { name: /A&R registrations/ })).toHaveAttribute("href", "/admin/ar-registrations");
    await expect(queues.getByRole("link", { name: /Song submissions awaiting a decision/ })).toHaveAttribute("href", "/admin/submissions");
    await expect(queues.getByRole("link", { name: /Hold requests/ })).toHaveAttribute("href", "/admin/holds");
    const headings = await page.locator("main h2").allTextContents();
    expect(headings.indexOf("Waiting for an admin")).toBeLessThan(headings.indexOf("Statistics"));

    // Figures from the database: the demo has accounts, songs, applications.
    expect(await figure(page, "totalUsers")).toBeGreaterThanOrEqual(5);
    expect(await figure(page, "totalSongs")).toBeGreaterThan(10);
    expect(await figure(page, "totalApplications")).toBeGreaterThan(0);
    await expect(page.getByText("Failed to fetch statistics")).toHaveCount(0);

    // Four charts, each an image with a name, and its figures in a table behind "The figures".
    for (const name of ["Applications per week", "New members per week", "Plays per week", "Songs in the catalogue"]) {
      await expect(page.getByRole("img", { name: new RegExp(`^${name}\\b`) })).toHaveCount(1);
    }
    const plays = page.locator("figure").filter({ hasText: "Plays per week" });
    await plays.getByText("The figures").click();
    const rows = plays.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(13);
    const playCounts = (await plays.getByRole("table").locator("tbody td").allTextContents()).map((text) => Number(text.replace(/[^\d]/g, "")));
    expect(playCounts.reduce((a, b) => a + b, 0), "the demo's history of plays").toBeGreaterThan(0);

    // The audit log's filters are a GET form.
    const log = page.getByRole("region", { name: "Audit log" });
    await log.getByLabel("Action").selectOption({ label: "Archived a song" });
    await log.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("action") === "song.archived");
    await expect(log.getByLabel("Action")).toHaveValue("song.archived");
    await log.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/admin" && !url.searchParams.has("action"));

    for (const theme of ["light", "dark"] as const) {
      await useTheme(page, theme);
      await page.reload();
      await plays.getByText("The figures").click();
      await expectNoAxeViolations(page, `on /admin (${theme})`);
    }

    await page.setViewportSize({ width: 320, height: 800 });
    await page.reload();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "/admin scrolls sideways at 320 px").toBeLessThanOrEqual(0);
  });

  test("a member who signs up shows in the figures on the next load", async ({ page, signedInAs, browser, baseURL }, info) => {
    test.setTimeout(90_000);
    await signedInAs("admin");
    await page.goto("/admin");
    const before = await figure(page, "totalUsers");
    await signUpElsewhere(browser, baseURL!, `${unique("overview", info.project.name)}@example.test`);
    await page.reload();
    // Other tests sign people up at the same time: at least one more.
    expect(await figure(page, "totalUsers")).toBeGreaterThanOrEqual(before + 1);
  });

  test("with JavaScript, refreshes every 300000 ms and says when it cannot", async ({ page, signedInAs, browser, baseURL, jsEnabled }, info) => {
    test.skip(!jsEnabled, "the refresh is JavaScript's; without it every load is fresh (the test above)");
    test.setTimeout(90_000);
    await signedInAs("admin");
    await page.clock.install();
    await page.goto("/admin");
    const before = await figure(page, "totalUsers");

    // A new account, then 5 minutes on the page's clock: the figure moves without a reload.
    await signUpElsewhere(browser, baseURL!, `${unique("refresh", info.project.name)}@example.test`);
    const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/admin/statistics");
    await page.clock.fastForward(300_000);
    expect((await refreshed).status()).toBe(200);
    await expect.poll(() => figure(page, "totalUsers")).toBeGreaterThanOrEqual(before + 1);
    await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch statistics" })).toHaveCount(0);

    // Not before the next 300000 ms: nothing is fetched a minute later.
    let early = 0;
    const count = (request: { url(): string }) => {
      if (new URL(request.url()).pathname === "/api/admin/statistics") early += 1;
    };
    page.on("request", count);
    await page.clock.fastForward(60_000);
    page.off("request", count);
    expect(early).toBe(0);

    // The endpoint fails: the next refresh says so, and keeps the last figures.
    await page.route("**/api/admin/statistics", (route) => route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "Failed to fetch statistics" }) }));
    await page.clock.fastForward(240_000);
    await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch statistics" })).toBeVisible();
    expect(await figure(page, "totalUsers")).toBeGreaterThanOrEqual(before + 1);

    // It recovers on the next good answer.
    await page.unroute("**/api/admin/statistics");
    await page.clock.fastForward(300_000);
    await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch statistics" })).toHaveCount(0);
  });

  test("a member is sent away from the overview and its statistics", async ({ page, signedInAs }) => {
    await signedInAs("member");
    await page.goto("/admin");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    const response = await page.request.get("/api/admin/statistics", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
  });
});
