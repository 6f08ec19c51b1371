/**
 * The member's side of camps (issue 13 §1 and §3, ADR 0089) in a real
 * browser, with and without JavaScript: an admin creates a camp of the test's
 * own and invites a disposable member through the planning pages; the member
 * answers the invitation from the dashboard (one day unticked), lands back on
 * the dashboard, finds the camp under /camps with their days, changes the days
 * on the camp's page and finally declines. The demo member's seeded answers
 * are only read (axe on /camps and a demo camp's page, both themes).
 */
import type { Page } from "@playwright/test";
import { DEMO_UPCOMING_CAMP } from "~/camps/demo-camps";
import { MEMBER_CAMP_TEXT } from "~/camps/member-text";
import { PLANNING_TEXT } from "~/camps/planning-text";
import { addDays } from "~/camps/time";
import { DASHBOARD_TEXT } from "~/dashboard/dashboard-text";
import { test, expect, expectNoAxeViolations, expectNoAxeViolationsInBothThemes, useTheme } from "./fixtures";

const T = MEMBER_CAMP_TEXT;
const THEMES = ["light", "dark"] as const;

/** "Tuesday 15 December" of a day, as the day checkboxes say it. */
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
  }).format(new Date(`${day}T12:00:00Z`));

/** As the admin: a camp of this test's own (3 days, a month ahead), then the member invited to it. */
async function createCampAndInvite(page: Page, name: string, member: { userId: string; displayName: string }): Promise<{ campId: string; days: string[] }> {
  const first = addDays(new Date().toISOString().slice(0, 10), 30);
  const days = [first, addDays(first, 1), addDays(first, 2)];
  await page.goto("/admin/camps");
  const create = page.getByTestId("create-camp-form");
  await create.getByLabel(PLANNING_TEXT.labels.name, { exact: true }).fill(name);
  await create.getByLabel(PLANNING_TEXT.labels.venue, { exact: true }).fill("E2E Studios, Nashville");
  await create.getByLabel(PLANNING_TEXT.labels.timeZone).selectOption("America/Chicago");
  await create.getByLabel(PLANNING_TEXT.labels.startsOn).fill(days[0]!);
  await create.getByLabel(PLANNING_TEXT.labels.endsOn).fill(days[2]!);
  const room = create.getByTestId("room-row").first();
  await room.getByLabel(PLANNING_TEXT.labels.roomName).fill("Room A");
  await room.getByLabel(PLANNING_TEXT.labels.capacity).fill("4");
  const slot = create.getByTestId("slot-row").first();
  await slot.getByLabel(PLANNING_TEXT.labels.startsAt).fill("10:00");
  await slot.getByLabel(PLANNING_TEXT.labels.endsAt).fill("13:00");
  await create.getByRole("button", { name: PLANNING_TEXT.create }).click();
  await expect(page).toHaveURL(/\/admin\/camps\/[0-9a-f-]{36}$/);
  const campId = new URL(page.url()).pathname.split("/").pop()!;

  await page.getByRole("searchbox", { name: PLANNING_TEXT.searchLabel }).fill(member.displayName);
  await page.getByRole("search", { name: PLANNING_TEXT.searchLabel }).getByRole("button", { name: PLANNING_TEXT.search }).click();
  // By the account's id: "Disposable Member 1" also matches 10 to 19.
  await page.locator(`input[name="memberId"][value="${member.userId}"]`).check();
  await page.getByRole("button", { name: PLANNING_TEXT.invite }).click();
  await expect(page.getByText(PLANNING_TEXT.invited(1)).first()).toBeVisible();
  return { campId, days };
}

test.describe("the member's camps", () => {
  test("a member answers an invitation from the dashboard, sees the camp under /camps, changes days and declines", async ({ page, signedInAs, jsEnabled }) => {
    test.setTimeout(150_000);
    const me = await signedInAs("disposable");
    const mine = await page.context().cookies();
    const name = `E2E Member Camp ${jsEnabled ? "js" : "no-js"} ${Date.now().toString(36)}`;

    await signedInAs("admin");
    const { campId, days } = await createCampAndInvite(page, name, me);

    // Back to the member's own session.
    await page.context().clearCookies();
    await page.context().addCookies(mine);

    await page.goto("/dashboard");
    const section = page.getByRole("region", {
      name: DASHBOARD_TEXT.camps.title,
    });
    await expect(section.getByRole("heading", { name: DASHBOARD_TEXT.camps.invitations })).toBeVisible();
    const invitation = section.getByRole("form", { name });
    await expect(invitation.getByRole("checkbox")).toHaveCount(3);
    await expectNoAxeViolationsInBothThemes(page, "the dashboard with an open camp invitation");
    for (const day of days) await expect(invitation.getByRole("checkbox", { name: dayLabel(day) })).toBeChecked();
    await invitation.getByRole("checkbox", { name: dayLabel(days[1]!) }).uncheck();
    await invitation.getByRole("button", { name: T.accept }).click();

    // Back on the dashboard with the toast; the invitation has been answered.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(T.accepted).first()).toBeVisible();
    await expect(page.getByRole("region", { name: DASHBOARD_TEXT.camps.title }).getByRole("form", { name })).toHaveCount(0);

    // /camps: under "Coming up", with the two days.
    await page.goto("/camps");
    const coming = page.getByTestId("camps-coming");
    const card = coming.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });
    await expect(card).toContainText(T.yourDays(`${dayLabel(days[0]!)}, ${dayLabel(days[2]!)}`));
    await card.getByRole("link", { name }).click();

    // The camp's page: the answer, then a change of days.
    await expect(page).toHaveURL(new RegExp(`/camps/${campId}$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("invitation-status")).toHaveText(T.status.accepted);
    await expect(page.getByText("America/Chicago").first()).toBeVisible();
    const form = page.getByRole("form", { name: T.invitationTitle });
    await expect(form.getByRole("checkbox", { name: dayLabel(days[1]!) })).not.toBeChecked();
    await form.getByRole("checkbox", { name: dayLabel(days[1]!) }).check();
    await form.getByRole("button", { name: T.saveDays }).click();
    await expect(page.getByText(T.daysSaved).first()).toBeVisible();
    await expect(page.getByRole("form", { name: T.invitationTitle }).getByRole("checkbox", { name: dayLabel(days[1]!) })).toBeChecked();

    // Declining: no sessions to leave, so no confirmation step.
    await page.getByRole("form", { name: T.invitationTitle }).getByRole("button", { name: T.decline }).click();
    await expect(page.getByText(T.declined).first()).toBeVisible();
    await expect(page.getByTestId("invitation-status")).toHaveText(T.status.declined);
    await page.goto("/camps");
    await expect(page.getByTestId("camps-declined").getByRole("link", { name })).toBeVisible();
  });

  test("an accept without a day is refused with the reason under the days", async ({ page, signedInAs }) => {
    test.setTimeout(90_000);
    const me = await signedInAs("disposable");
    const mine = await page.context().cookies();
    const name = `E2E No Day Camp ${Date.now().toString(36)}`;
    await signedInAs("admin");
    const { campId, days } = await createCampAndInvite(page, name, me);
    await page.context().clearCookies();
    await page.context().addCookies(mine);

    await page.goto(`/camps/${campId}`);
    const form = page.getByRole("form", { name: T.invitationTitle });
    for (const day of days) await form.getByRole("checkbox", { name: dayLabel(day) }).uncheck();
    await form.getByRole("button", { name: T.accept }).click();
    await expect(page.getByText(T.errors.noDays)).toBeVisible();
    await expect(page.getByTestId("invitation-status")).toHaveText(T.status.invited);
  });

  test("at 320 px nothing scrolls sideways: /camps, a camp's page and its confirmation step", async ({ page, signedInAs }) => {
    await signedInAs("member");
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto("/camps");
    await page.getByRole("link", { name: DEMO_UPCOMING_CAMP.name }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: DEMO_UPCOMING_CAMP.name })).toBeVisible();
    const campPath = new URL(page.url()).pathname;
    // The confirmation step is a GET that changes nothing (it lists what a decline would leave, if anything).
    for (const path of ["/camps", campPath, `${campPath}?step=confirm&answer=decline`]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    }
  });

  for (const theme of THEMES) {
    test(`/camps and a camp's page have no axe violations (${theme})`, async ({ page, signedInAs }) => {
      await signedInAs("member");
      await useTheme(page, theme);
      await page.goto("/camps");
      await expect(page.locator("html")).toHaveClass(new RegExp(`theme-${theme}`));
      await expect(page.getByRole("heading", { level: 1, name: T.listTitle })).toBeVisible();
      await expectNoAxeViolations(page, `on /camps (${theme})`);
      await page.getByRole("link", { name: DEMO_UPCOMING_CAMP.name }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: DEMO_UPCOMING_CAMP.name })).toBeVisible();
      await expectNoAxeViolations(page, `on /camps/:campId (${theme})`);
    });
  }
});
