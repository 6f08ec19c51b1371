/**
 * Groups for a camp's sessions in a real browser, with and without
 * JavaScript (ADR 0087): the admin creates a camp of the test's own (one day,
 * two rooms of 2, two slots) through the planning pages and invites three
 * disposable members, who accept from the camp's page; on the schedule page
 * the admin asks for suggested groups (the preview and its figures), takes
 * them, moves one person by hand (with JavaScript: picked up and dropped from
 * the keyboard; without: the Move form), and is refused with the sentence when
 * a move would put someone in two rooms at once. The demo camps are only read
 * (axe on the upcoming demo camp's schedule in both themes).
 */
import type { Page } from "@playwright/test";
import { DEMO_UPCOMING_CAMP } from "~/camps/demo-camps";
import { GROUPS_TEXT as T } from "~/camps/groups-text";
import { MEMBER_CAMP_TEXT } from "~/camps/member-text";
import { PLANNING_TEXT } from "~/camps/planning-text";
import { addDays } from "~/camps/time";
import { test, expect, expectNoAxeViolations, useTheme, type SignedIn } from "./fixtures";

const THEMES = ["light", "dark"] as const;

async function createCamp(page: Page, name: string): Promise<{ campId: string; day: string }> {
  const day = addDays(new Date().toISOString().slice(0, 10), 45);
  await page.goto("/admin/camps");
  const create = page.getByTestId("create-camp-form");
  await create.getByLabel(PLANNING_TEXT.labels.name, { exact: true }).fill(name);
  await create.getByLabel(PLANNING_TEXT.labels.venue, { exact: true }).fill("E2E Studios, Lisbon");
  await create.getByLabel(PLANNING_TEXT.labels.timeZone).selectOption("Europe/Lisbon");
  await create.getByLabel(PLANNING_TEXT.labels.startsOn).fill(day);
  await create.getByLabel(PLANNING_TEXT.labels.endsOn).fill(day);
  const rooms = create.getByTestId("room-row");
  for (const [i, room] of ["Room A", "Room B"].entries()) {
    await rooms.nth(i).getByLabel(PLANNING_TEXT.labels.roomName).fill(room);
    await rooms.nth(i).getByLabel(PLANNING_TEXT.labels.capacity).fill("2");
  }
  const slots = create.getByTestId("slot-row");
  for (const [i, [start, end]] of [
    ["10:00", "13:00"],
    ["14:30", "18:00"],
  ].entries()) {
    await slots.nth(i).getByLabel(PLANNING_TEXT.labels.startsAt).fill(start!);
    await slots.nth(i).getByLabel(PLANNING_TEXT.labels.endsAt).fill(end!);
  }
  await create.getByRole("button", { name: PLANNING_TEXT.create }).click();
  await expect(page).toHaveURL(/\/admin\/camps\/[0-9a-f-]{36}$/);
  return { campId: new URL(page.url()).pathname.split("/").pop()!, day };
}

async function invite(page: Page, memberName: string) {
  await page.getByRole("searchbox", { name: PLANNING_TEXT.searchLabel }).fill(memberName);
  await page.getByRole("search", { name: PLANNING_TEXT.searchLabel }).getByRole("button", { name: PLANNING_TEXT.search }).click();
  // "Disposable Member 1" must not pick "Disposable Member 12": the name, then the role.
  const exact = new RegExp(`^${memberName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} as `);
  await page.getByRole("checkbox", { name: exact }).check();
  await page.getByRole("button", { name: PLANNING_TEXT.invite }).click();
  await expect(page.getByText(PLANNING_TEXT.invited(1)).first()).toBeVisible();
}

/** The names placed in a session's cell. */
async function namesIn(page: Page, day: string, start: string, room: string): Promise<string[]> {
  const cell = page.getByTestId(`session-${day}-${start}-${room}`);
  return cell.getByTestId("placed-person").evaluateAll((items) => items.map((item) => item.getAttribute("data-name") ?? ""));
}

test.describe("camp groups", () => {
  test("the admin takes the suggested groups, moves one person by hand and is refused when that double-books them", async ({ page, signedInAs, jsEnabled }) => {
    test.setTimeout(180_000);
    const people: { who: SignedIn; cookies: Awaited<ReturnType<ReturnType<Page["context"]>["cookies"]>> }[] = [];
    for (let i = 0; i < 3; i++) {
      const who = await signedInAs("disposable");
      people.push({ who, cookies: await page.context().cookies() });
    }
    await signedInAs("admin");
    const adminCookies = await page.context().cookies();
    const name = `E2E Groups ${jsEnabled ? "js" : "no-js"} ${Date.now().toString(36)}`;
    const { campId, day } = await createCamp(page, name);
    for (const { who } of people) await invite(page, who.displayName);

    // Each member accepts from the camp's page.
    for (const { cookies } of people) {
      await page.context().clearCookies();
      await page.context().addCookies(cookies);
      await page.goto(`/camps/${campId}`);
      const form = page.getByRole("form", { name: MEMBER_CAMP_TEXT.invitationTitle });
      for (const box of await form.getByRole("checkbox").all()) await box.check();
      await form.getByRole("button", { name: MEMBER_CAMP_TEXT.accept }).click();
      await expect(page.getByText(MEMBER_CAMP_TEXT.status.accepted).first()).toBeVisible();
    }
    await page.context().clearCookies();
    await page.context().addCookies(adminCookies);

    const schedule = `/admin/camps/${campId}/schedule`;
    await page.goto(schedule);
    await expect(page.getByRole("heading", { level: 1, name: T.title(name) })).toBeVisible();
    await expect(page.getByTestId("schedule-summary")).toHaveText(T.summary(3, 0, 4));

    // The suggestion: a preview with its figures, nothing saved yet.
    await page.getByRole("button", { name: T.suggestSubmit }).click();
    const preview = page.getByTestId("suggestion-preview");
    await expect(preview).toBeVisible();
    await expect(preview.getByText(T.previewFill)).toBeVisible();
    const metrics = page.getByTestId("suggestion-metrics");
    await expect(metrics).toContainText(T.metrics.repeatsThisCamp);
    await expect(metrics).toContainText(T.metrics.repeatsEarlier);
    await expect(page.getByTestId("schedule-summary")).toHaveText(T.summary(3, 0, 4));
    await page.getByRole("button", { name: T.applyFill }).click();
    await expect(page.getByTestId("schedule-summary")).toHaveText(T.summary(3, 2, 4));

    // Three people, rooms of two, no pairing twice: one group per slot, one person in both.
    const morning = [...(await namesIn(page, day, "10:00", "Room A")), ...(await namesIn(page, day, "10:00", "Room B"))];
    const afternoonA = await namesIn(page, day, "14:30", "Room A");
    const afternoonB = await namesIn(page, day, "14:30", "Room B");
    const afternoon = [...afternoonA, ...afternoonB];
    expect(morning).toHaveLength(2);
    expect(afternoon).toHaveLength(2);
    const both = morning.find((n) => afternoon.includes(n))!;
    expect(both).toBeTruthy();
    const [roomWith, roomWithout] = afternoonA.includes(both) ? ["Room A", "Room B"] : ["Room B", "Room A"];
    const morningRoom = (await namesIn(page, day, "10:00", "Room A")).includes(both) ? "Room A" : "Room B";
    const dayLabel = T.dayTitle(day);

    // A move by hand: the afternoon's other person goes to the empty room.
    const other = afternoon.find((n) => n !== both)!;
    const otherCell = page.getByTestId(`session-${day}-14:30-${roomWith}`);
    if (jsEnabled) {
      // With JavaScript, from the keyboard: pick the person up, then drop them on the other room.
      await otherCell.getByRole("button", { name: T.pickUp(other) }).focus();
      await page.keyboard.press("Enter");
      await page.getByTestId(`session-${day}-14:30-${roomWithout}`).getByRole("button", { name: T.dropHere(other, roomWithout) }).focus();
      await page.keyboard.press("Enter");
    } else {
      await otherCell.getByLabel(T.moveLabel(other)).selectOption({ label: T.sessionOption(roomWithout, dayLabel, "14:30") });
      await otherCell.locator(`[data-name="${other}"]`).getByRole("button", { name: T.moveSubmit, exact: true }).click();
    }
    await expect(page.getByText(T.moved(other, roomWithout)).first()).toBeVisible();
    expect(await namesIn(page, day, "14:30", roomWithout)).toEqual([other]);

    // A move that would put `both` in two rooms at once in the afternoon: refused, with the sentence.
    const cell = page.getByTestId(`session-${day}-10:00-${morningRoom}`);
    await cell.getByLabel(T.moveLabel(both)).selectOption({ label: T.sessionOption(roomWithout, dayLabel, "14:30") });
    await cell.locator(`[data-name="${both}"]`).getByRole("button", { name: T.moveSubmit, exact: true }).click();
    const sentence = T.errors.doubleBooked(both, roomWith, "14:30", day);
    await expect(page.getByRole("alert").filter({ hasText: sentence })).toBeVisible();
    // Nothing moved.
    expect(await namesIn(page, day, "10:00", morningRoom)).toContain(both);
    await page.goto(schedule);
    expect(await namesIn(page, day, "14:30", roomWith)).toEqual([both]);

    for (const theme of THEMES) {
      await useTheme(page, theme);
      await page.goto(schedule);
      await expectNoAxeViolations(page, `own camp schedule, ${theme}`);
    }
  });

  test("the demo camp's schedule has no axe violations in either theme", async ({ page, signedInAs }) => {
    // Two audits and three page loads: on a busy 2-core machine they can outlast the default 30 s.
    test.setTimeout(90_000);
    await signedInAs("admin");
    await page.goto("/admin/camps");
    await page.getByRole("link", { name: DEMO_UPCOMING_CAMP.name }).first().click();
    await expect(page).toHaveURL(/\/admin\/camps\/[0-9a-f-]{36}$/);
    const schedule = `${new URL(page.url()).pathname}/schedule`;
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await page.goto(schedule);
      await expect(page.getByRole("heading", { level: 1, name: T.title(DEMO_UPCOMING_CAMP.name) })).toBeVisible();
      await expectNoAxeViolations(page, `demo camp schedule, ${theme}`);
      // The page never scrolls sideways at 320 px: the grid scrolls inside its own box.
      await page.setViewportSize({ width: 320, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
