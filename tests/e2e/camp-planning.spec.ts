/**
 * Camp planning in a real browser, with and without JavaScript (each test
 * runs in both projects; ADR 0086): the admin creates a camp with two rooms
 * and two daily slots through /admin/camps, lands on its page with every
 * session made (rooms x slots x days), invites two members found by the
 * search and sees them on the roster as invited. The members invited are
 * disposable accounts and the camp is the test's own, so the demo camps and
 * the demo members' inboxes stay as other specs read them. axe in both themes
 * on /admin/camps and a demo camp's page.
 */
import { DEMO_UPCOMING_CAMP } from "~/camps/demo-camps";
import { PLANNING_TEXT as T, STATUS_LABELS } from "~/camps/planning-text";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

const CAMP_URL = /\/admin\/camps\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe("camp planning", () => {
  test("the admin creates a camp with two rooms and two slots and invites two members", async ({ page, signedInAs, jsEnabled }) => {
    // Three sign-ins, a refused and an accepted form, two searches and invitations: on a busy 2-core machine past 30 s.
    test.setTimeout(90_000);
    // Two members of the test's own, then the admin.
    const first = await signedInAs("disposable");
    const second = await signedInAs("disposable");
    await signedInAs("admin");
    const name = `Camp ${jsEnabled ? "js" : "nojs"} ${Date.now().toString(36)}`;

    await page.goto("/admin/camps");
    await expect(page.getByRole("heading", { level: 1, name: T.listTitle })).toBeVisible();
    const create = page.getByTestId("create-camp-form");
    await create.getByLabel(T.labels.name, { exact: true }).fill(name);
    await create.getByLabel(T.labels.venue, { exact: true }).fill("Riverside Studios");
    await create.getByLabel(T.labels.timeZone, { exact: true }).selectOption("Europe/Lisbon");
    await create.getByLabel(T.labels.startsOn, { exact: true }).fill(isoInDays(60));
    await create.getByLabel(T.labels.endsOn, { exact: true }).fill(isoInDays(62));
    const room1 = create.getByRole("group", { name: T.roomRow(1) });
    await room1.getByLabel(T.labels.roomName, { exact: true }).fill("Studio A");
    await room1.getByLabel(T.labels.capacity, { exact: true }).fill("4");
    const room2 = create.getByRole("group", { name: T.roomRow(2) });
    await room2.getByLabel(T.labels.roomName, { exact: true }).fill("Loft");
    await room2.getByLabel(T.labels.capacity, { exact: true }).fill("3");
    // With JavaScript "Add a room" adds a row in place (left blank here: blank rows are ignored); without, three rows are there.
    await expect(create.getByTestId("room-row")).toHaveCount(3);
    if (jsEnabled) {
      await create.getByRole("button", { name: T.addRoomRow }).click();
      await expect(create.getByTestId("room-row")).toHaveCount(4);
    } else {
      await expect(create.getByRole("button", { name: T.addRoomRow })).toHaveCount(0);
    }
    const slot1 = create.getByRole("group", { name: T.slotRow(1) });
    await slot1.getByLabel(T.labels.startsAt, { exact: true }).fill("10:00");
    await slot1.getByLabel(T.labels.endsAt, { exact: true }).fill("13:00");
    const slot2 = create.getByRole("group", { name: T.slotRow(2) });
    await slot2.getByLabel(T.labels.startsAt, { exact: true }).fill("14:30");
    // First a refusal: the second slot overlaps nothing but ends before it starts.
    await slot2.getByLabel(T.labels.endsAt, { exact: true }).fill("12:00");
    await create.getByRole("button", { name: T.create }).click();
    await expect(page.getByText(T.errors.endAfterStart)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/camps(\?.*)?$/);
    // What was typed is still there.
    await expect(page.getByTestId("create-camp-form").getByLabel(T.labels.name, { exact: true })).toHaveValue(name);
    await page.getByTestId("create-camp-form").getByRole("group", { name: T.slotRow(2) }).getByLabel(T.labels.endsAt, { exact: true }).fill("18:00");
    await page.getByTestId("create-camp-form").getByRole("button", { name: T.create }).click();

    await expect(page).toHaveURL(CAMP_URL);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(T.sessionsCount(2 * 2 * 3))).toBeVisible();
    await expect(page.getByTestId("room")).toHaveCount(2);
    await expect(page.getByTestId("slot")).toHaveCount(2);
    await expect(page.getByText(T.rosterEmpty)).toBeVisible();

    // Invite the two members, each found by name.
    for (const person of [first, second]) {
      const search = page.getByRole("search", { name: T.searchLabel });
      await search.getByLabel(T.searchLabel, { exact: true }).fill(person.displayName);
      await search.getByRole("button", { name: T.search }).click();
      await expect(page).toHaveURL(/[?&]q=/);
      const choice = page.getByRole("checkbox", { name: new RegExp(`^${person.displayName} as `) });
      await choice.check();
      await page.getByRole("button", { name: T.invite }).click();
      await expect(page.getByRole("row", { name: new RegExp(person.displayName) })).toBeVisible();
    }
    const roster = page.getByRole("table", { name: T.rosterTitle });
    for (const person of [first, second]) {
      const row = roster.getByRole("row").filter({ has: page.getByRole("rowheader", { name: person.displayName, exact: true }) });
      await expect(row).toContainText(STATUS_LABELS.invited);
    }
    await expect(page.getByTestId("roster-row")).toHaveCount(2);
    // The list of the camps counts them.
    await page.goto("/admin/camps");
    const listed = page.getByTestId("camp-row").filter({ hasText: name });
    await expect(listed).toHaveCount(1);
    await expect(listed.getByRole("cell").nth(3)).toHaveText("2");
  });

  for (const theme of ["light", "dark"] as const) {
    test(`the planning pages have no axe violations (${theme})`, async ({ page, signedInAs }) => {
      // Three audits and four page loads: on a busy 2-core machine they outlast the default 30 s.
      test.setTimeout(90_000);
      await useTheme(page, theme);
      await signedInAs("admin");
      await page.goto("/admin/camps");
      await expect(page.getByRole("heading", { level: 1, name: T.listTitle })).toBeVisible();
      await expectNoAxeViolations(page, `on /admin/camps (${theme})`);
      await page.getByRole("link", { name: DEMO_UPCOMING_CAMP.name, exact: true }).first().click();
      await expect(page).toHaveURL(CAMP_URL);
      await expect(page.getByRole("heading", { level: 1, name: DEMO_UPCOMING_CAMP.name })).toBeVisible();
      await expect(page.getByRole("table", { name: T.rosterTitle })).toContainText("Maya Brooks");
      await expectNoAxeViolations(page, `on /admin/camps/:campId (${theme})`);
      // The withdrawal's confirmation step (a GET: nothing changes).
      const campUrl = page.url();
      await page.getByRole("link", { name: `${T.withdraw}: Noah Kim` }).click();
      await expect(page.getByTestId("withdraw-step")).toContainText(T.withdrawTitle("Noah Kim"));
      await expectNoAxeViolations(page, `on the withdrawal step (${theme})`);
      await page.goto(campUrl);
      await expect(page.getByTestId("withdraw-step")).toHaveCount(0);
    });
  }
});
