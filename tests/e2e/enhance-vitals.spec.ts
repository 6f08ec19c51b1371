/**
 * Speed and visits (SPEC §7 "speed insights and analytics", ADR 0096) in a
 * real browser:
 *  - with JavaScript, a real visit of a page sends its page view (and the
 *    page load's web vitals) with navigator.sendBeacon as a form to
 *    /api/vitals, and an admin then sees that route's page views go up on
 *    /admin;
 *  - with and without JavaScript, the overview's "Speed and visits" renders
 *    server-side: the per-route table (the demo's routes, with ratings) and
 *    the charts as named images; axe finds nothing in either theme; nothing
 *    scrolls sideways at 320 px.
 */
import type { Page, Request } from "@playwright/test";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

/** The demo page nobody's demo data counts: only real visits raise its figure. */
const VISITED = { path: "/audioplayer-demo", routeId: "routes/catalogue/player-demo" };

function speedSection(page: Page) {
  return page.getByRole("region", { name: "Speed and visits" });
}

/** The page views the overview shows for a route (0 when it has no row yet). */
async function viewsOf(page: Page, routeId: string): Promise<number> {
  const row = speedSection(page).locator(`tr[data-route-id="${routeId}"]`);
  if ((await row.count()) === 0) return 0;
  return Number(((await row.locator("td[data-views]").textContent()) ?? "").replace(/[^\d]/g, ""));
}

test.describe("speed and visits", () => {
  // Only these tests' browsers send beacons: the rest of the suite's would spend the loopback
  // address's allowance (120 per 10 minutes) that this measures (fixtures.ts, withoutVitalsBeacons).
  test.use({ vitalsBeacons: true });

  test("a real visit's beacon arrives, and an admin sees that route's page views", async ({ page, context, signedInAs, jsEnabled }) => {
    test.skip(!jsEnabled, "the reporter is JavaScript's; without it nothing is measured (the overview still renders: below)");
    test.setTimeout(90_000);
    const beacons: Request[] = [];
    context.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/vitals") beacons.push(request);
    });

    // The figure before, as an admin sees it.
    await signedInAs("admin");
    await page.goto("/admin");
    const before = await viewsOf(page, VISITED.routeId);
    const adminCookies = await context.cookies();
    await context.clearCookies();

    // A visitor's real visit: the page loads, the enhancement layer starts the reporter after
    // hydration (web-vitals in a chunk of its own) and queues the page view; a few seconds later
    // it goes out as a beacon (the visitor is still reading).
    await page.goto(VISITED.path);
    await page.waitForLoadState("load");
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType("resource").some((entry) => /\/web-vitals-[^/]*\.js$/.test(entry.name))), {
        message: "the reporter loaded web-vitals lazily",
        timeout: 20_000,
      })
      .toBe(true);
    const viewBeacon = () => beacons.find((request) => new URLSearchParams(request.postData() ?? "").get("views[0]") === VISITED.routeId);
    await expect.poll(() => Boolean(viewBeacon()), { message: "the page view's beacon was sent", timeout: 20_000 }).toBe(true);
    const beacon = viewBeacon()!;
    expect(beacon.headers()["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    // Route ids only: no URL, no query, nobody's id.
    expect(beacon.postData()).not.toContain("audioplayer-demo");
    expect((await beacon.response())?.status()).toBe(204);

    // The visitor moves on: the page is hidden and left, and the page load's last metrics
    // (LCP and CLS are final only then) leave with it.
    await page.goto("/music-catalog");

    // The admin sees it (other tests' visits may add more, never fewer).
    await context.addCookies(adminCookies);
    await expect
      .poll(
        async () => {
          await page.goto("/admin");
          return viewsOf(page, VISITED.routeId);
        },
        { message: `page views of ${VISITED.routeId} on /admin`, timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(before + 1);
    // LCP and CLS are reported when the page is hidden: they arrived with the beacon sent as it was left.
    const row = speedSection(page).locator(`tr[data-route-id="${VISITED.routeId}"]`);
    for (const metric of ["LCP", "CLS", "TTFB"]) await expect(row.locator(`td[data-metric="${metric}"]`), metric).toContainText(/Good|Needs improvement|Poor/);
  });

  test("the overview's table and charts render on the server; axe in both themes; no sideways scroll at 320 px", async ({ page, signedInAs }) => {
    test.setTimeout(90_000);
    await signedInAs("admin");
    await page.goto("/admin");
    const section = speedSection(page);
    await expect(section.getByRole("heading", { level: 2, name: "Speed and visits" })).toBeVisible();

    // The demo's routes, most viewed first, each with its page views and a rated p75 of every metric.
    const table = section.getByRole("table", { name: /Page views and web vitals \(75th percentile\) per route/ });
    await expect(table).toBeVisible();
    const landing = table.locator('tr[data-route-id="routes/home/landing"]');
    await expect(landing.getByRole("rowheader")).toContainText("/");
    expect(await viewsOf(page, "routes/home/landing")).toBeGreaterThan(0);
    for (const metric of ["LCP", "INP", "CLS", "TTFB"]) {
      await expect(landing.locator(`td[data-metric="${metric}"]`)).toContainText(/Good|Needs improvement|Poor/);
    }
    // Every rating appears in words, not only as a colour.
    for (const rating of ["Good", "Needs improvement", "Poor"]) await expect(table.getByText(new RegExp(`^${rating}, `)).first()).toBeVisible();

    // The charts: named images with a description.
    for (const name of ["Page views per route", "LCP per route (75th percentile)", "INP per route (75th percentile)", "CLS per route (75th percentile)", "TTFB per route (75th percentile)"]) {
      await expect(section.getByRole("img", { name: new RegExp(`^${name.replace(/[()]/g, "\\$&")}`) })).toHaveCount(1);
    }

    for (const theme of ["light", "dark"] as const) {
      await useTheme(page, theme);
      await page.reload();
      await expect(table).toBeVisible();
      await expectNoAxeViolations(page, `on /admin with speed and visits (${theme})`);
    }

    await page.setViewportSize({ width: 320, height: 800 });
    await page.reload();
    await expect(table).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "/admin scrolls sideways at 320 px").toBeLessThanOrEqual(0);
  });
});
