/**
 * /admin/files in a real browser, with and without JavaScript (each test runs
 * in both projects; ADR 0084): an orphan of the test's own (a file written
 * straight into the e2e server's storage directory, dated two hours back, as
 * a crashed upload would leave it) is found on the page, confirmed, removed
 * and gone; a file a demo song uses offers no removal; a removal confirmed
 * after the file changed under it is refused with the reason and keeps the
 * file; a member is turned away; axe in both themes.
 *
 * Only files the test wrote itself are ever removed: the demo's orphans stay
 * for people trying the page (and for the other project's run).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { FILES_TEXT } from "../../app/files/files-text";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

const HOUR = 60 * 60 * 1000;

/** Writes an unrecorded file into the server's audio bucket, `ageMs` old; returns its object path. */
function plantOrphan(label: string, ageMs = 2 * HOUR): { objectPath: string; file: string } {
  const objectPath = `e2e-orphans/${label}-${crypto.randomBytes(4).toString("hex")}.wav`;
  const file = path.join(E2E_DATA_DIR, "storage", "audio", ...objectPath.split("/"));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, crypto.randomBytes(3000));
  const then = new Date(Date.now() - ageMs);
  fs.utimesSync(file, then, then);
  return { objectPath, file };
}

const orphanItem = (page: Page, objectPath: string) => page.locator(`[data-testid="orphan"][data-path="audio/${objectPath}"]`);

test.describe("the files page", () => {
  test("finds an orphaned file, confirms and removes it; it is gone from the page and from storage", async ({ page, signedInAs, jsEnabled }) => {
    const { objectPath, file } = plantOrphan(jsEnabled ? "js" : "nojs");
    await signedInAs("admin");
    await page.goto("/admin/files");
    await expect(page.getByRole("heading", { level: 1, name: FILES_TEXT.title })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: FILES_TEXT.usageTitle })).toBeVisible();
    await expect(page.getByText(FILES_TEXT.graceNote(60))).toBeVisible();
    const item = orphanItem(page, objectPath);
    await expect(item).toBeVisible();
    await expect(item).toContainText(FILES_TEXT.kinds.unrecorded);
    await expect(item).toContainText("2.9 KB");

    await item.getByRole("link", { name: `${FILES_TEXT.remove} audio/${objectPath}` }).click();
    const confirmation = page.getByTestId("remove-confirmation");
    await expect(confirmation.getByRole("heading", { name: FILES_TEXT.removeConfirmTitle })).toBeVisible();
    await expect(confirmation).toContainText(`audio/${objectPath}`);
    await confirmation.getByRole("button", { name: FILES_TEXT.removeConfirm }).click();

    await expect(page.getByText(FILES_TEXT.removed(`audio/${objectPath}`)).first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/files$/);
    await expect(orphanItem(page, objectPath)).toHaveCount(0);
    expect(fs.existsSync(file)).toBe(false);

    // Browsing for it finds nothing any more.
    await page.getByRole("combobox", { name: FILES_TEXT.bucketLabel }).selectOption("audio");
    await page.getByRole("searchbox", { name: FILES_TEXT.searchLabel }).fill(objectPath);
    await page.getByRole("button", { name: FILES_TEXT.show }).click();
    await expect(page.getByText(FILES_TEXT.emptySearch)).toBeVisible();
  });

  test("a file a song uses offers no removal; a removal of a file that changed meanwhile is refused and keeps it", async ({ page, signedInAs, jsEnabled }) => {
    await signedInAs("admin");
    // A demo song's audio, found by browsing the bucket.
    await page.goto("/admin/files?bucket=audio&prefix=demo%2F");
    const usedRow = page.locator('[data-testid="files-table"] tbody tr').filter({ has: page.getByRole("link", { name: /^Song '/ }) }).first();
    await expect(usedRow).toBeVisible();
    const usedPath = await usedRow.getAttribute("data-path");
    expect(usedPath).toBeTruthy();
    await page.goto(`/admin/files?removeBucket=audio&removePath=${encodeURIComponent(usedPath!)}`);
    const confirmation = page.getByTestId("remove-confirmation");
    await expect(confirmation).toContainText("This file is still used");
    await expect(confirmation.getByRole("button", { name: FILES_TEXT.removeConfirm })).toHaveCount(0);

    // An orphan that someone writes again between the confirmation and the click: refused (409), kept.
    const { objectPath, file } = plantOrphan(jsEnabled ? "race-js" : "race-nojs");
    try {
      await page.goto(`/admin/files?removeBucket=audio&removePath=${encodeURIComponent(objectPath)}`);
      await expect(page.getByTestId("remove-confirmation").getByRole("button", { name: FILES_TEXT.removeConfirm })).toBeVisible();
      const now = new Date();
      fs.utimesSync(file, now, now);
      await page.getByTestId("remove-confirmation").getByRole("button", { name: FILES_TEXT.removeConfirm }).click();
      await expect(page.getByTestId("file-refused")).toContainText(FILES_TEXT.refusedRecent(60));
      expect(fs.existsSync(file)).toBe(true);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  test("is for admins only: a member is sent away from the page and its action", async ({ page, signedInAs }) => {
    const { objectPath, file } = plantOrphan("member");
    try {
      await signedInAs("member");
      await page.goto("/admin/files");
      await expect(page).toHaveURL(/\/$/);
      const baseURL = test.info().project.use.baseURL!;
      const response = await page.request.post("/admin/files", { headers: { Origin: baseURL }, maxRedirects: 0, form: { intent: "remove", bucket: "audio", path: objectPath } });
      expect(response.status()).toBe(302);
      expect(response.headers()["location"]).toBe("/");
      expect(fs.existsSync(file)).toBe(true);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no axe violations (${theme} theme)`, async ({ page, signedInAs }) => {
      const { objectPath, file } = plantOrphan(`axe-${theme}`);
      try {
        await useTheme(page, theme);
        await signedInAs("admin");
        await page.goto("/admin/files");
        await expect(orphanItem(page, objectPath)).toBeVisible();
        await expectNoAxeViolations(page, `/admin/files (${theme})`);
        await page.goto(`/admin/files?removeBucket=audio&removePath=${encodeURIComponent(objectPath)}&bucket=audio&prefix=demo%2F`);
        await expect(page.getByTestId("remove-confirmation")).toBeVisible();
        await expectNoAxeViolations(page, `/admin/files confirmation (${theme})`);
      } finally {
        fs.rmSync(file, { force: true });
      }
    });
  }
});
