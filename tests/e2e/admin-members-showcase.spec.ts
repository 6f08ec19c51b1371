/**
 * /admin/members, /admin/members/{userId} and /admin/showcase in a real
 * browser, with and without JavaScript (ADR 0081): an admin changes a member's
 * role and ends a membership; features a member's showcase track, which the
 * landing page then plays; hides it, and it is gone from the landing page
 * while its member still sees it, marked. Everything that changes acts on a
 * "disposable" member of the test's own (e2e files run in parallel with
 * others'); axe in both themes on every page visited.
 */
import type { Page } from "@playwright/test";
import { wavFile } from "../support/audio-files";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

const toast = (page: Page, text: string) => page.getByText(text).first();

test.describe("admin: members", () => {
  test("changes a disposable member's role and back, then ends the membership after confirming", async ({ page, signedInAs }) => {
    const me = await signedInAs("disposable");
    await signedInAs("admin");
    // By e-mail: "Disposable Member 1" is also the start of "Disposable Member 12".
    await page.goto(`/admin/members?q=${encodeURIComponent(me.email)}`);
    await expect(page.getByTestId("admin-member-count")).toHaveText("1 person");
    await page.getByRole("link", { name: me.displayName, exact: true }).click();
    await expect(page).toHaveURL(`/admin/members/${me.userId}`);
    await expect(page.getByRole("heading", { level: 1, name: me.displayName })).toBeVisible();
    await expect(page.getByTestId("member-role")).toHaveText("Member");

    await page.getByRole("combobox", { name: "Role" }).selectOption({ label: "A&R Professional" });
    await page.getByRole("button", { name: "Change role" }).click();
    await expect(toast(page, `${me.displayName} is now an A&R Professional.`)).toBeVisible();
    await expect(page.getByTestId("member-role")).toHaveText("A&R Professional");
    await expect(page.getByTestId("member-history")).toContainText("Changed a member's role");
    await page.getByRole("combobox", { name: "Role" }).selectOption({ label: "Member" });
    await page.getByRole("button", { name: "Change role" }).click();
    await expect(page.getByTestId("member-role")).toHaveText("Member");

    // A private profile cannot be featured: the refusal is shown with the form.
    await page.getByRole("button", { name: "Feature this member" }).click();
    await expect(page.getByText("profile is private").first()).toBeVisible();

    // Ending: a confirmation step that says what happens, then the list with a toast.
    await page.getByRole("link", { name: "End membership…" }).click();
    const confirm = page.getByRole("region", { name: "End this membership?" });
    await expect(confirm).toContainText("they can still sign in");
    await expect(confirm).toContainText("inbox");
    await expectNoAxeViolations(page, "on the confirmation step");
    await confirm.getByRole("button", { name: "End membership", exact: true }).click();
    await expect(page).toHaveURL("/admin/members");
    await expect(toast(page, `${me.displayName}'s membership has ended.`)).toBeVisible();
    await page.goto(`/admin/members?q=${encodeURIComponent(me.email)}`);
    await expect(page.getByRole("heading", { name: "No one matches" })).toBeVisible();
    const gone = await page.goto(`/admin/members/${me.userId}`);
    expect(gone?.status()).toBe(404);
  });

  test("an administrator's page says where their role is managed and offers no way to end it", async ({ page, signedInAs }) => {
    const admin = await signedInAs("admin");
    await page.goto(`/admin/members/${admin.userId}`);
    await expect(page.getByTestId("admin-role-note")).toContainText("managed on the Users page");
    await expect(page.getByRole("combobox", { name: "Role" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "End membership…" })).toHaveCount(0);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`members pages have no axe violations (${theme})`, async ({ page, signedInAs }) => {
      await useTheme(page, theme);
      await signedInAs("admin");
      await page.goto("/admin/members?role=featured");
      await expect(page.getByRole("link", { name: "Kai Tanaka" })).toBeVisible();
      await expectNoAxeViolations(page, `on /admin/members (${theme})`);
      await page.getByRole("link", { name: "Kai Tanaka" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Kai Tanaka" })).toBeVisible();
      await expectNoAxeViolations(page, `on /admin/members/{userId} (${theme})`);
      await page.goto("/members");
      await expect(page.getByTestId("featured-members")).toContainText("Kai Tanaka");
      await expectNoAxeViolations(page, `on /members with a featured member (${theme})`);
    });
  }
});

test.describe("admin: showcase", () => {
  test("features a disposable member's track on the landing page, which plays it; hides it and it is gone", async ({ page, context, signedInAs, jsEnabled }, testInfo) => {
    test.setTimeout(120_000);
    const title = `Curated ${jsEnabled ? "JS" : "NoJS"} ${testInfo.retry}-${Date.now().toString(36)}`;
    const me = await signedInAs("disposable");
    // The member: a track, and a public profile (only public profiles' tracks can be on the landing page).
    await page.goto("/showcase");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Audio file", { exact: true }).setInputFiles({ name: "curated.wav", mimeType: "audio/wav", buffer: Buffer.from(wavFile({ seconds: 3 })) });
    await page.getByRole("button", { name: "Upload track" }).click();
    await expect(page.getByTestId("showcase-count")).toHaveText("1 of 5 tracks", { timeout: 20_000 });
    await page.goto("/profile");
    await page.getByLabel("Show my profile in the member directory").check();
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(toast(page, "Your profile has been saved.")).toBeVisible();
    const memberCookies = await context.cookies();

    // The admin features it.
    await signedInAs("admin");
    await page.goto(`/admin/showcase?q=${encodeURIComponent(title)}`);
    await page.getByRole("button", { name: `Feature on landing page: ${title}` }).click();
    await expect(toast(page, `"${title}" is now on the landing page.`)).toBeVisible();
    await expect(page.getByTestId("landing-queue")).toContainText(title);
    for (const theme of ["light", "dark"] as const) {
      await useTheme(page, theme);
      await page.reload();
      await expectNoAxeViolations(page, `on /admin/showcase (${theme})`);
    }

    // The landing page shows it, by its member, and plays it.
    await page.goto("/");
    const curated = page.getByTestId("landing-showcase");
    const row = curated.getByRole("listitem").filter({ hasText: title });
    await expect(row).toContainText(me.displayName);
    if (jsEnabled) {
      await row.getByRole("button", { name: `Play ${title}` }).click();
      await expect(page.getByRole("region", { name: "Audio player" }).getByTestId("player-title")).toHaveText(title);
    } else {
      await expect(row.getByRole("link", { name: `Play ${title}` })).toHaveAttribute("href", /^\/storage\/v1\/object\/sign\/audio\/showcase\//);
    }
    for (const theme of ["light", "dark"] as const) {
      await useTheme(page, theme);
      await page.reload();
      await expectNoAxeViolations(page, `on / with curated tracks (${theme})`);
    }

    // Hidden: off the landing page at once.
    await page.goto(`/admin/showcase?q=${encodeURIComponent(title)}`);
    await page.getByRole("button", { name: `Hide: ${title}` }).click();
    await expect(toast(page, `"${title}" is hidden`)).toBeVisible();
    await expect(page.getByTestId("landing-queue")).not.toContainText(title);
    await expect(page.getByRole("button", { name: `Show again: ${title}` })).toBeVisible();
    await page.goto("/");
    await expect(page.getByText(title)).toHaveCount(0);

    // Its member still sees it, marked, with no way to show it again.
    await context.clearCookies();
    await context.addCookies(memberCookies);
    await page.goto("/showcase");
    const own = page.getByTestId("showcase-track").filter({ hasText: title });
    await expect(own.getByTestId("showcase-hidden")).toContainText("Hidden by an admin");
    await expect(page.getByRole("button", { name: /Show again/ })).toHaveCount(0);
    // And it is gone from their public profile.
    await page.goto(`/members/${me.userId}`);
    await expect(page.getByText(title)).toHaveCount(0);
  });
});
