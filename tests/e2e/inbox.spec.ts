/**
 * The inbox as people use it, with JavaScript and without (both projects):
 * a member ("disposable", a user of its own) gets in touch with the demo
 * member from her public page; she sees the unread count in the header (on a
 * phone too, in the menu), opens the message on /inbox, which marks it read,
 * and deletes it again (her inbox is shared with other tests: each test finds
 * its own message by a subject nobody else uses). axe on /inbox in both themes.
 */
import type { Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { readPool } from "./support/session-pool";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

/** How far the desktop navigation runs into the header's actions (theme switch, sign out), in px. */
async function headerOverlap(page: Page): Promise<number> {
  return page.evaluate(() => {
    const nav = document.querySelector('header nav[aria-label="Main"] ul')!.getBoundingClientRect();
    const actions = document.querySelector("header nav[aria-label=\"Main\"] + div")!.getBoundingClientRect();
    return Math.max(nav.right - actions.left, document.documentElement.scrollWidth - window.innerWidth);
  });
}

test("a member gets in touch; the recipient sees the count and reads it on /inbox", async ({ page, context, signedInAs, jsEnabled }, testInfo) => {
  // Two senders' pages, two axe audits and three viewport sizes: past the default 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  const mayaId = readPool(E2E_DATA_DIR).sessions.member[0]!.userId;
  const subject = `Session idea ${testInfo.project.name} ${testInfo.retry} ${Date.now().toString(36)}`;
  const message = "Loved your topline. <b>Fancy</b> a co-write next week?";

  // The sender: a member of their own, on the demo member's public page.
  const sender = await signedInAs("disposable");
  await page.goto(`/members/${mayaId}`);
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message", { exact: true }).fill(message);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Message sent")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/members/${mayaId}$`));
  if (jsEnabled) await expect(page.getByLabel("Subject")).toHaveValue("");
  // The sender never sees the recipient's address.
  expect(await page.content()).not.toMatch(/(?<![a-z0-9.-])member@demo\.hitfactory\.test/);

  // The recipient.
  await context.clearCookies();
  await signedInAs("member");
  await page.goto("/music-catalog");
  const inboxLink = page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: /^Inbox, \d+ unread$/ });
  await expect(inboxLink).toBeVisible();
  await inboxLink.click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();

  const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: subject }) });
  await expect(item.getByText("Unread", { exact: true })).toBeVisible();
  await item.getByRole("link", { name: subject }).click();
  await expect(page).toHaveURL(/\/inbox\?id=/);

  const opened = page.getByRole("article");
  await expect(opened.getByRole("heading", { name: subject })).toBeVisible();
  await expect(opened.getByText(`From ${sender.displayName}`)).toBeVisible();
  // Sanitised: the tags are gone, the words stay.
  await expect(opened.getByText("Loved your topline. Fancy a co-write next week?")).toBeVisible();
  // The disposable sender's profile is private: named only, with how (not) to answer.
  await expect(opened.getByText(`${sender.displayName}'s profile is private`)).toBeVisible();
  // Opening it marked it read.
  await expect(item.getByText("Unread", { exact: true })).toHaveCount(0);
  expect(await page.content()).not.toContain(sender.email);

  for (const theme of ["light", "dark"] as const) {
    await useTheme(page, theme);
    await page.reload();
    await expectNoAxeViolations(page, `/inbox with a message open (${theme})`);
  }

  // The narrowest desktop header (1100px) still fits its links with the badge.
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.goto("/music-catalog");
  expect(await headerOverlap(page)).toBeLessThanOrEqual(0);

  // On a phone the count is in the menu, whose button says something is waiting.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/music-catalog");
  const hasUnread = await page.getByLabel(/^Menu, \d+ unread$/).count();
  await page.getByLabel(/^Menu/).click();
  const phoneLink = page.getByRole("navigation", { name: "Main (mobile)" }).getByRole("link", { name: /^Inbox/ });
  await expect(phoneLink).toBeVisible();
  if (hasUnread) await expect(phoneLink).toHaveAccessibleName(/^Inbox, \d+ unread$/);
  await phoneLink.click();
  await expect(page).toHaveURL(/\/inbox$/);
  const scrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(scrollsSideways).toBe(false);

  // Put things back: delete it (the demo member's inbox is shared).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: subject }) })
    .getByRole("button", { name: `Delete: ${subject}` })
    .click();
  await expect(page.getByText("Message deleted")).toBeVisible();
  await expect(page.getByRole("link", { name: subject })).toHaveCount(0);
});

test("the empty inbox says what will arrive there; axe in both themes", async ({ page, signedInAs }) => {
  await signedInAs("disposable");
  for (const theme of ["light", "dark"] as const) {
    await useTheme(page, theme);
    await page.goto("/inbox");
    await expect(page.getByRole("heading", { name: "Your inbox is empty" })).toBeVisible();
    await expect(page.getByText("camp invitations will arrive here too")).toBeVisible();
    // Nothing unread: the link is plain "Inbox".
    await expect(page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Inbox", exact: true })).toHaveCount(1);
    await expectNoAxeViolations(page, `empty /inbox (${theme})`);
  }
});

test("the A&R header (the most links) fits on one line with the inbox link, brand name or not", async ({ page, signedInAs }) => {
  await signedInAs("ar");
  for (const width of [1100, 1279, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/music-catalog");
    await expect(page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: /^Inbox/ })).toBeVisible();
    expect(await headerOverlap(page), `at ${width}px`).toBeLessThanOrEqual(0);
  }
});

test("visitors see a sign-in link instead of the form, and no inbox", async ({ page }) => {
  const mayaId = readPool(E2E_DATA_DIR).sessions.member[0]!.userId;
  await page.goto(`/members/${mayaId}`);
  await expect(page.getByRole("link", { name: "Sign in to get in touch" })).toHaveAttribute("href", `/auth?redirect=%2Fmembers%2F${mayaId}`);
  await expect(page.getByLabel("Subject")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Inbox/ })).toHaveCount(0);
});
