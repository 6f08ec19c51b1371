/**
 * The member-facing and admin pages in a real browser, with and without
 * JavaScript: directory, dashboard, profile editing (errors and success),
 * the admin overview, A&R registration and an empty state; axe on each.
 */
import { test, expect, expectNoAxeViolations } from "./fixtures";

test.describe("member directory", () => {
  test("lists public members and filters by skill with a plain form", async ({ page }) => {
    const response = await page.goto("/members");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Maya Brooks" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Alex Applicant" })).toHaveCount(0);
    await expectNoAxeViolations(page, "on /members");

    await page.getByLabel("Skill", { exact: true }).selectOption("writer");
    await page.getByRole("button", { name: "Show members" }).click();
    await expect(page).toHaveURL(/[?&]skill=writer(&|$)/);
    await expect(page.getByLabel("Skill", { exact: true })).toHaveValue("writer");
    await expect(page.getByRole("link", { name: "Noah Kim" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Maya Brooks" })).toHaveCount(0);

    await page.getByRole("link", { name: "Noah Kim" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Noah Kim" })).toBeVisible();
    await expect(page.getByText("Writer and guitarist, just joined the collective.")).toBeVisible();
    await expectNoAxeViolations(page, "on a public profile");
  });

  test("a private or unknown profile is the not-found page", async ({ page }) => {
    const response = await page.goto("/members/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("isn't in the catalogue");
  });
});

test.describe("signed-in pages", () => {
  test("the dashboard greets a member by name and offers member pages", async ({ page, signedInAs }) => {
    await signedInAs("member");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: /^Good (morning|afternoon|evening), Maya Brooks$/ })).toBeVisible();
    const next = page.getByRole("region", { name: "Jump back in" });
    await expect(next.getByRole("link", { name: /Listening party/ })).toBeVisible();
    await expect(next.getByRole("link", { name: /Admin/ })).toHaveCount(0);
    await expect(page.getByText("Your application is being reviewed")).toHaveCount(0);
    await expectNoAxeViolations(page, "on /dashboard");
  });

  test("an applicant's dashboard says the application is being reviewed", async ({ page, signedInAs }) => {
    await signedInAs("applicant");
    await page.goto("/dashboard");
    await expect(page.getByText("Your application is being reviewed")).toBeVisible();
  });

  test("profile: an over-long display name is refused at the field; a valid save shows a toast", async ({ page, jsEnabled, signedInAs }) => {
    await signedInAs("applicant");
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
    await expectNoAxeViolations(page, "on /profile");

    const name = page.getByLabel("Display name");
    // The browser's own maxlength would stop the typing; the server must hold the limit anyway.
    await name.evaluate((input) => input.removeAttribute("maxlength"));
    await name.fill("A".repeat(101));
    if (jsEnabled) {
      // With JavaScript the same schema answers in the browser, before any request.
      await page.getByRole("button", { name: "Save profile" }).click();
    } else {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/profile"),
        page.getByRole("button", { name: "Save profile" }).click(),
      ]);
      expect(response.status()).toBe(400);
    }
    await expect(page.getByText("Display name must be no more than 100 characters")).toBeVisible();
    await expect(page.getByLabel("Display name")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "on /profile with an error");

    await page.getByLabel("Display name").fill("Alex Applicant");
    await page.getByLabel("Bio").fill(`Indie writer, saved ${jsEnabled ? "with" : "without"} JavaScript.`);
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Your profile has been saved.")).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test("the compact profile works on a phone", async ({ page, signedInAs }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signedInAs("applicant");
    await page.goto("/mobile-profile");
    await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth).catch(() => 0);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, "on /mobile-profile");
  });
});

test.describe("admin", () => {
  test("the overview shows counts from the database and the sections", async ({ page, signedInAs }) => {
    await signedInAs("admin");
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    const users = page.locator("dl div").filter({ has: page.getByText("Users", { exact: true }) });
    await expect(users.locator("dd")).toHaveText(/^\d+$/);
    expect(Number(await users.locator("dd").textContent())).toBeGreaterThanOrEqual(5);
    await expectNoAxeViolations(page, "on /admin");

    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Users" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    // Newest accounts first: the applicant signed up today, so within the first pages (the admin's
    // account is months old). Before it come the accounts the e2e run made: 90 disposable members
    // and 140 form admins at start (prepare-sessions.ts), and what tests sign up meanwhile.
    const table = page.getByRole("table");
    await expect(table).toContainText("@");
    for (let pages = 1; !(await table.textContent())?.includes("applicant@demo.hitfactory.test"); pages++) {
      expect(pages, "the demo applicant within the first 8 pages").toBeLessThan(8);
      await page.getByRole("link", { name: "Next page" }).click();
      await expect(page).toHaveURL(new RegExp(`page=${pages + 1}`));
    }
    await expectNoAxeViolations(page, "on /admin/users");

    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Camps" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Camps" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Lisbon Writers' Camp" }).first()).toBeVisible();
    await expectNoAxeViolations(page, "on /admin/camps");
  });

  test("archived songs can be browsed, searched and opened", async ({ page, signedInAs }) => {
    await signedInAs("admin");
    await page.goto("/admin/archive/browse");
    await page.getByLabel("Title or name").fill("rainmaker");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/q=rainmaker/);
    await page.getByRole("link", { name: "Rainmaker (Rough Mix)" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rainmaker (Rough Mix)" })).toBeVisible();
    await expect(page.getByRole("table").filter({ hasText: "Diego Alvarez" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Listen" }).locator("audio")).toHaveAttribute("src", /.+/);
    await expectNoAxeViolations(page, "on an archived song");
  });

  test("a member asking for /admin is sent home", async ({ page, signedInAs }) => {
    await signedInAs("member");
    await page.goto("/admin");
    await expect(page).toHaveURL((url) => url.pathname === "/");
  });
});

test.describe("A&R", () => {
  // Registering, the admins' approval and the way to the desk: tests/e2e/ar-registration.spec.ts (ADR 0072).
  test("a visitor finds the A&R registration form from /ar", async ({ page }) => {
    await page.goto("/ar");
    await expectNoAxeViolations(page, "on /ar");
    await page.getByRole("link", { name: "Request A&R access" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Request A&R access" })).toBeVisible();
    await expect(page.getByLabel("Work e-mail")).toBeVisible();
  });
});

test.describe("page loading indicator", () => {
  test("'Loading...' shows while a client-side navigation waits for data", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "Client-side navigation needs JavaScript; without it the browser shows its own progress.");
    await page.goto("/");
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the data request of the next page until the indicator has been seen.
    await page.route(/\/members\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Members" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toHaveCount(0);
  });
});
