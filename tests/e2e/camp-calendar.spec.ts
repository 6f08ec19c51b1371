/**
 * The camp calendars (issue 13 §3, ADR 0088) in a real browser, with and
 * without JavaScript: the demo member (Maya Brooks, accepted at the seeded
 * upcoming camp and placed in its sessions by the demo seed) opens /calendar,
 * sees a session at the venue's time and her own, and downloads the .ics,
 * which a real iCalendar parser (ical.js) reads with the right instants. The
 * subscription link is made, fetched without a session, replaced and revoked
 * by a disposable account (the demo member is shared by parallel tests:
 * nothing of hers is changed). axe in both themes.
 */
import fs from "node:fs";
import { request as playwrightRequest, type Page } from "@playwright/test";
import ICAL from "ical.js";
import { DEMO_UPCOMING_CAMP } from "~/camps/demo-camps";
import { CALENDAR_TEXT } from "~/camps/calendar-text";
import { CALENDAR } from "~/onboarding/copy";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

/** At 320px nothing pushes the page sideways (the long names, the subscription link). */
async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.reset();
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      tzid: vevent.getFirstProperty("dtstart")!.getParameter("tzid") as string | undefined,
    };
  });
}

test.describe("camp calendar", () => {
  test("the demo member sees her sessions at the venue's time and her own, and downloads them as .ics", async ({ page, signedInAs }) => {
    test.setTimeout(90_000);
    await signedInAs("member");
    await page.goto("/calendar");
    await expect(page.getByRole("heading", { level: 1, name: CALENDAR.title })).toBeVisible();
    const camp = page.getByTestId("calendar-camp").filter({ has: page.getByRole("heading", { name: DEMO_UPCOMING_CAMP.name }) }).first();
    await expect(camp).toBeVisible();
    const session = camp.getByTestId("calendar-session").first();
    // The venue's time (America/Chicago) and hers (her profile's zone, not Chicago).
    await expect(session.getByTestId("venue-time")).toContainText(DEMO_UPCOMING_CAMP.timeZone);
    await expect(session.getByTestId("venue-time")).toContainText(/\d{2}:\d{2}–\d{2}:\d{2}/);
    await expect(session.getByTestId("member-time")).toContainText(/\d{2}:\d{2}–\d{2}:\d{2}/);
    const sessionId = await session.getAttribute("data-session-id");
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const startsAt = await session.getByTestId("venue-time").locator("time").getAttribute("datetime");
    await expect(session.getByRole("link", { name: /^Session page:/ })).toHaveAttribute("href", new RegExp(`/sessions/${sessionId}$`));

    for (const theme of ["light", "dark"] as const) {
      await useTheme(page, theme);
      await expectNoAxeViolations(page, `/calendar (${theme})`);
    }
    await expectNoSidewaysScroll(page);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("calendar-download").click()]);
    expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.ics$/);
    const body = fs.readFileSync((await download.path())!, "utf8");
    const events = parse(body);
    const event = events.find((e) => e.uid === `camp-session-${sessionId}@hitfactory`);
    expect(event, "the session shown on the page is in the file").toBeDefined();
    expect(event!.tzid).toBe(DEMO_UPCOMING_CAMP.timeZone);
    expect(event!.start).toBe(startsAt);
    expect(event!.summary).toContain(DEMO_UPCOMING_CAMP.name);
  });

  test("a member makes a private subscription link, a calendar app fetches it, and replacing and revoking stop the old link", async ({ page, signedInAs, baseURL }) => {
    test.setTimeout(90_000);
    await signedInAs("disposable");
    await page.goto("/calendar");
    await page.getByRole("button", { name: CALENDAR_TEXT.create }).click();
    const field = page.getByLabel(CALENDAR_TEXT.subscriptionUrlLabel);
    await expect(field).toHaveValue(/\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const first = new URL(await field.inputValue()).pathname;
    await expect(page.getByRole("link", { name: CALENDAR_TEXT.subscriptionWebcal })).toHaveAttribute("href", /^webcal:\/\//);

    for (const theme of ["light", "dark"] as const) {
      await useTheme(page, theme);
      await expectNoAxeViolations(page, `/calendar with a link (${theme})`);
    }
    await expectNoSidewaysScroll(page);

    // A calendar app: no cookies at all.
    const app = await playwrightRequest.newContext({ baseURL });
    try {
      const fetched = await app.get(first);
      expect(fetched.status()).toBe(200);
      expect(fetched.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(parse(await fetched.text())).toEqual([]);

      await page.getByRole("button", { name: CALENDAR_TEXT.replace }).click();
      await expect(page.getByLabel(CALENDAR_TEXT.subscriptionUrlLabel)).not.toHaveValue(new RegExp(`${first.replace(/[.]/g, "\\.")}$`));
      const second = new URL(await page.getByLabel(CALENDAR_TEXT.subscriptionUrlLabel).inputValue()).pathname;
      expect(second).not.toBe(first);
      expect((await app.get(first)).status()).toBe(404);
      expect((await app.get(second)).status()).toBe(200);

      await page.getByRole("button", { name: CALENDAR_TEXT.revoke }).click();
      await expect(page.getByTestId("calendar-feed-none")).toBeVisible();
      expect((await app.get(second)).status()).toBe(404);
    } finally {
      await app.dispose();
    }
  });
});
