/**
 * /admin/backup (issue 16 item 6, ADR 0098) in a real browser, with and
 * without JavaScript: the admin confirms and downloads one archive (a
 * gzip file named hitfactory-<time>.tar.gz); the page passes axe in both
 * themes and fits a 320 px phone; a member is refused.
 */
import { BACKUP_TEXT } from "~/admin/backup-text";
import { test, expect, expectNoAxeViolationsInBothThemes } from "./fixtures";

test.describe("backups", () => {
  test("the admin confirms and downloads a backup of the running site", async ({ page, signedInAs }) => {
    // The demo's database and files (about 110 MB) are archived while the suite runs.
    test.setTimeout(120_000);
    await signedInAs("admin");
    await page.goto("/admin/backup");
    await expect(page.getByRole("heading", { level: 1, name: BACKUP_TEXT.title })).toBeVisible();
    await page.getByRole("checkbox", { name: BACKUP_TEXT.understood }).check();
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 90_000 }),
      page.getByRole("button", { name: BACKUP_TEXT.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^hitfactory-[\w-]+\.tar\.gz$/);
    const stream = await download.createReadStream();
    const head: Buffer = await new Promise((resolve, reject) => {
      stream.once("readable", () => resolve(stream.read(2) as Buffer));
      stream.once("error", reject);
    });
    stream.destroy();
    expect([...head]).toEqual([0x1f, 0x8b]);
    // The page stays where it was.
    await expect(page).toHaveURL(/\/admin\/backup$/);
  });

  test("has no axe violations in either theme and fits a 320 px phone", async ({ page, signedInAs }) => {
    test.setTimeout(90_000);
    await signedInAs("admin");
    await page.goto("/admin/backup");
    await expectNoAxeViolationsInBothThemes(page, "/admin/backup");
    await page.setViewportSize({ width: 320, height: 700 });
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  });

  test("sends a member home, without the form", async ({ page, signedInAs }) => {
    await signedInAs("member");
    await page.goto("/admin/backup");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("button", { name: BACKUP_TEXT.download })).toHaveCount(0);
  });
});
