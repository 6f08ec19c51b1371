/**
 * /profile and /mobile-profile in a real browser, with and without
 * JavaScript: a member edits the profile and sees field errors for bad input
 * (a javascript: link, an over-long name), an avatar upload that is really a
 * text file is refused at the field, a real picture shows; axe finds nothing
 * in either theme; nothing scrolls sideways at 320px. The edits use a
 * disposable member of their own (one per project: they are few); the rest
 * read the demo member's pages and change nothing.
 */
import sharp from "sharp";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

const PNG_NAME = "avatar.png";

async function realPicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="100%" height="100%" fill="#7c3aed"/><circle cx="240" cy="180" r="120" fill="#facc15"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test.describe("own profile", () => {
  test("edits the profile, sees field errors for bad input, and uploads a picture (a text file is refused)", async ({ page, signedInAs }) => {
    await signedInAs("disposable");
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();

    // Bad input: an over-long name and a javascript: link. The server answers with the errors at the fields.
    const name = page.getByLabel("Display name", { exact: true });
    await name.fill("N".repeat(101));
    await page.getByLabel("Link address 1", { exact: true }).fill("javascript:alert(1)");
    await page.getByLabel("Link name 1", { exact: true }).fill("Mine");
    // With JavaScript conform shows these before posting (same schema); without it the server answers 400 with them.
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Display name must be no more than 100 characters")).toBeVisible();
    await expect(page.getByText("Links must start with http:// or https://")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");

    // Good input saves and comes back with a toast.
    await name.fill("Disposable Writer");
    await page.getByLabel("Location", { exact: true }).fill("Gothenburg");
    await page.getByLabel("Link address 1", { exact: true }).fill("https://writer.example.com");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Your profile has been saved.").first()).toBeVisible();
    await expect(page.getByLabel("Display name", { exact: true })).toHaveValue("Disposable Writer");
    await expect(page.getByLabel("Link address 1", { exact: true })).toHaveValue("https://writer.example.com/");

    // A text file named avatar.png is refused at the field; no picture appears.
    const picture = page.getByLabel("Profile picture", { exact: true });
    await picture.setInputFiles({ name: PNG_NAME, mimeType: "image/png", buffer: Buffer.from("I am text, not a picture.\n".repeat(40)) });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await expect(page.getByText("This file is not a supported image (JPEG, PNG or WebP).")).toBeVisible();
    await expect(page.locator('img[src^="/media/avatars/"]')).toHaveCount(0);

    // A real picture is stored and shown, loaded from the avatar route.
    await page.getByLabel("Profile picture", { exact: true }).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await realPicture() });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await expect(page.getByText("Your profile picture has been updated.").first()).toBeVisible();
    const avatar = page.locator('img[src^="/media/avatars/"]').first();
    await expect(avatar).toBeVisible();
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);

    // /mobile-profile shows the same profile and picture.
    await page.goto("/mobile-profile");
    await expect(page.getByLabel("Display name", { exact: true })).toHaveValue("Disposable Writer");
    await expect(page.locator('img[src^="/media/avatars/"]').first()).toBeVisible();
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no axe violations on /profile and /mobile-profile (${theme})`, async ({ page, signedInAs }) => {
      await signedInAs("member");
      await useTheme(page, theme);
      for (const path of ["/profile", "/mobile-profile"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
        await expectNoAxeViolations(page, `${path} ${theme}`);
      }
    });
  }

  test("a server-side field error shows at its field, without axe violations", async ({ page, signedInAs }) => {
    await signedInAs("member");
    await page.goto("/profile");
    // The time zone form validates on the server only: a value off the list comes back with a field error.
    await page.locator("#time-zone-form select").evaluate((select: HTMLSelectElement) => {
      const option = document.createElement("option");
      option.value = "Mars/Olympus_Mons";
      option.textContent = "Mars";
      select.append(option);
      select.value = option.value;
    });
    await page.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.getByText("Choose a time zone from the list")).toBeVisible();
    await expectNoAxeViolations(page, "/profile with a field error");
  });

  test("nothing scrolls sideways at 320px", async ({ page, signedInAs }) => {
    await signedInAs("member");
    await page.setViewportSize({ width: 320, height: 720 });
    for (const path of ["/profile", "/mobile-profile"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
