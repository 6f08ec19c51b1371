/**
 * Feature flags and the developer tools (issue 15 §4, §5; ADR 0094) in a real
 * browser, as its "Done when" tries them: the demo admin exports this
 * browser's flags (the file's content), imports a broken file and sees
 * 'Invalid feature flags data' with nothing changed, imports a valid one and
 * it applies; with devTools on, the panel lists the .data request of a
 * client-side navigation with its status and the loaders' timings (the
 * server's Server-Timing); debug=1 prints debug lines to the console (and
 * nothing prints without it); with errorBoundaries off the admin sees the raw
 * error where a member with the same flag sees the friendly fallback. A
 * member gets no access to /admin/flags. axe on the flags page and with the
 * panel open, in both themes. Without JavaScript the page is the table and
 * the note that changing flags needs JavaScript, with no control that could
 * not work.
 *
 * Flags live in each browser context's local storage: every test starts
 * from the defaults.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, useTheme } from "./fixtures";

const THEMES = ["light", "dark"] as const;
const FLAGS_KEY = "hf:feature-flags";
const DEFAULTS = {
  mockMode: false,
  devTools: false,
  debugMode: false,
  experimentalFeatures: false,
  performanceMonitoring: false,
  errorBoundaries: true,
  localDatabase: false,
};
const LABELS = ["Mock mode", "Developer tools", "Debug mode", "Experimental features", "Performance monitoring", "Error boundaries", "Local database"];

const storedFlags = (page: Page) => page.evaluate((key) => localStorage.getItem(key), FLAGS_KEY);
const flagSwitch = (page: Page, name: string) => page.getByRole("switch", { name, exact: true });
const alert = (page: Page) => page.getByRole("alert").filter({ hasText: "Invalid feature flags data" });

/** The flags page, hydrated: its switches exist only once JavaScript runs. */
async function openFlagsPage(page: Page) {
  await page.goto("/admin/flags");
  await expect(page.getByRole("heading", { level: 1, name: "Feature flags" })).toBeVisible();
  await expect(flagSwitch(page, "Developer tools")).toBeVisible();
}

/** How far the page reaches past the viewport sideways (0 or less: none), and the innermost elements that do it. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const overflow = document.documentElement.scrollWidth - width;
    const clipped = (element: Element | null): boolean => {
      for (let node = element; node && node !== document.documentElement; node = node.parentElement) {
        if (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(node).overflowX)) return true;
      }
      return false;
    };
    const tooWide = overflow <= 0 ? [] : [...document.body.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > width + 0.5 && !clipped(e.parentElement));
    const culprits = tooWide
      .filter((e) => !tooWide.some((other) => other !== e && e.contains(other)))
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} "${(e.textContent ?? "").trim().slice(0, 30)}"`);
    return { overflow: Math.max(0, overflow), culprits };
  });

test.describe("feature flags page, with JavaScript", () => {
  test.beforeEach(({ jsEnabled }) => {
    test.skip(!jsEnabled, "Flags live in local storage: only JavaScript can change them (the no-JS page is checked below).");
  });

  test("an admin exports the flags, a broken import changes nothing, a valid one applies", async ({ page, signedInAs }) => {
    test.setTimeout(90_000);
    await signedInAs("admin");
    await openFlagsPage(page);
    const table = page.getByRole("table", { name: /Feature flags/ });
    await expect(table.getByRole("row")).toHaveCount(1 + LABELS.length);
    for (const label of LABELS) await expect(flagSwitch(page, label)).toHaveCount(1);
    await expect(page.getByText("No behaviour here")).toHaveCount(3);

    // Export: this browser's flags (the defaults here) as the file an import takes.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export" }).click()]);
    expect(download.suggestedFilename()).toBe("hit-factory-feature-flags.json");
    expect(JSON.parse(fs.readFileSync((await download.path())!, "utf8"))).toEqual(DEFAULTS);

    // A broken file: the message, and nothing changes.
    const fileInput = page.getByLabel("Import from a file");
    await fileInput.setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from('{"devTools": tru') });
    await expect(alert(page)).toBeVisible();
    await expect(fileInput).toHaveAttribute("aria-invalid", "true");
    await expect(flagSwitch(page, "Developer tools")).not.toBeChecked();
    expect(await storedFlags(page)).toBeNull();

    // Malformed JSON pasted (a key that is not a flag, a value that is not a boolean): the same.
    const pasted = page.getByLabel("Or paste the JSON");
    for (const text of ['{"devTools": true, "turbo": true}', '{"devTools": "yes"}', "[true]"]) {
      await pasted.fill(text);
      await page.getByRole("button", { name: "Import pasted JSON" }).click();
      await expect(alert(page)).toBeVisible();
      await expect(pasted).toHaveAttribute("aria-invalid", "true");
      expect(await storedFlags(page)).toBeNull();
    }

    // A valid file applies at once: the switches, the storage, and the dev tools' toggle appears.
    await fileInput.setInputFiles({
      name: "hit-factory-feature-flags.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ ...DEFAULTS, devTools: true, errorBoundaries: false })),
    });
    await expect(alert(page)).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Imported" })).toBeVisible();
    await expect(flagSwitch(page, "Developer tools")).toBeChecked();
    await expect(flagSwitch(page, "Error boundaries")).not.toBeChecked();
    expect(JSON.parse((await storedFlags(page))!)).toEqual({ ...DEFAULTS, devTools: true, errorBoundaries: false });
    await expect(page.getByRole("button", { name: "Dev tools" })).toBeVisible();

    // Reset to defaults takes it all back.
    await page.getByRole("button", { name: "Reset to defaults" }).click();
    await expect(flagSwitch(page, "Developer tools")).not.toBeChecked();
    await expect(flagSwitch(page, "Error boundaries")).toBeChecked();
    await expect(page.getByRole("button", { name: "Dev tools" })).toHaveCount(0);
  });

  test("with devTools on, the panel lists requests with their status, the route and the loader timings", async ({ page, signedInAs }) => {
    test.setTimeout(90_000);
    await signedInAs("admin");
    await openFlagsPage(page);
    await flagSwitch(page, "Developer tools").check();
    const toggle = page.getByRole("button", { name: "Dev tools" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const panel = page.getByRole("region", { name: "Developer tools" });
    await expect(panel.getByRole("tab", { name: "Logs" })).toBeFocused();

    // A client-side navigation: Remix fetches /admin/users.data, and the panel records it.
    await panel.getByRole("tab", { name: "Logs" }).press("ArrowRight");
    await expect(panel.getByRole("tab", { name: "Network" })).toBeFocused();
    await expect(panel.getByRole("tab", { name: "Network" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Users", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    const request = panel.getByTestId("devtools-request").filter({ has: page.getByTestId("devtools-request-url").getByText(/^\/admin\/users\.data/) });
    await expect(request.first()).toBeVisible();
    await expect(request.first().getByTestId("devtools-request-status")).toHaveText("200");
    await expect(request.first()).toContainText("Server-Timing");

    // The route now shown, with its matched route ids.
    await panel.getByRole("tab", { name: "Route" }).click();
    await expect(panel.getByTestId("devtools-path")).toHaveText("/admin/users");
    await expect(panel.getByTestId("devtools-route").filter({ hasText: "routes/admin/users" })).toHaveCount(1);

    // The loaders' timings: the navigation's .data request, and the document load of /admin/flags.
    await panel.getByRole("tab", { name: "Loader timings" }).click();
    const timings = panel.getByTestId("devtools-timing");
    const data = timings.filter({ hasText: "/admin/users.data" }).first();
    await expect(data).toContainText("routes/admin/users");
    await expect(data).toContainText(/\d ms/);
    const documentLoad = timings.filter({ hasText: "Document" });
    await expect(documentLoad).toContainText("/admin/flags");
    await expect(documentLoad).toContainText("routes/admin/flags");
    await expect(documentLoad).toContainText("root");

    // The log has the navigation; Clear empties it.
    await panel.getByRole("tab", { name: "Logs" }).click();
    await expect(panel.getByTestId("devtools-log").filter({ hasText: "navigated to /admin/users" })).toHaveCount(1);
    await panel.getByRole("button", { name: "Clear logs" }).click();
    await expect(panel.getByTestId("devtools-log")).toHaveCount(0);

    // Escape closes it and focus returns to the toggle.
    await panel.getByRole("tab", { name: "Logs" }).press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(toggle).toBeFocused();
  });

  test("with performanceMonitoring on, this browser's web vitals show in the panel's log and print to the console", async ({ page, signedInAs }) => {
    test.setTimeout(90_000);
    const printed: string[] = [];
    page.on("console", (message) => {
      if (message.text().startsWith("[debug:vitals]")) printed.push(message.text());
    });
    await signedInAs("admin");
    await openFlagsPage(page);
    await flagSwitch(page, "Developer tools").check();
    await flagSwitch(page, "Performance monitoring").check();
    // Measured from a page load: the next one's time to first byte.
    await page.reload();
    await page.getByRole("button", { name: "Dev tools" }).click();
    const panel = page.getByRole("region", { name: "Developer tools" });
    const vitals = panel.getByTestId("devtools-log").filter({ hasText: /TTFB \d+ \(\w+\) on routes\/admin\/flags/ });
    await expect(vitals).toHaveCount(1, { timeout: 20_000 });
    await expect(vitals).toContainText("vitals");
    await expect.poll(() => printed.some((line) => line.startsWith("[debug:vitals] TTFB"))).toBe(true);
  });

  test("debug=1 prints debug lines to the console; without it nothing prints", async ({ page }) => {
    test.setTimeout(90_000);
    const lines: string[] = [];
    page.on("console", (message) => {
      if (message.text().startsWith("[debug:")) lines.push(message.text());
    });
    const playFirstSong = async () => {
      const row = page.getByRole("list", { name: "Songs" }).getByRole("listitem").first();
      const title = (await row.getByRole("heading").getByRole("link").textContent())!.trim();
      await row.getByRole("button", { name: `Play ${title}` }).click();
      await expect(page.getByRole("region", { name: "Audio player" })).toBeVisible();
    };

    await page.goto("/music-catalog");
    await playFirstSong();
    // Long enough for a lazily loaded logger to have printed, had it been on.
    await page.waitForTimeout(1_000);
    expect(lines).toEqual([]);

    await page.goto("/music-catalog?debug=1");
    await playFirstSong();
    await expect.poll(() => lines.some((line) => line.startsWith("[debug:player] load"))).toBe(true);
  });

  /** The crash probe's render throws on a click (no route boundary: the root's catches it). */
  async function crash(page: Page) {
    await page.goto("/__test/crash");
    await expect(page.getByRole("heading", { name: "Crash probe" })).toBeVisible();
    // A click before hydration does nothing: press until the crash shows.
    await expect(async () => {
      await page.getByRole("button", { name: "Crash" }).click({ timeout: 2_000 });
      await expect(page.getByRole("heading", { name: "Crash probe" })).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
  }

  test("errorBoundaries off: the admin sees the raw error, message and stack", async ({ page, signedInAs }) => {
    test.setTimeout(90_000);
    await signedInAs("admin");
    await openFlagsPage(page);
    await flagSwitch(page, "Error boundaries").uncheck();
    await crash(page);
    const raw = page.getByTestId("raw-error");
    await expect(raw.getByRole("heading", { name: "Raw error" })).toBeVisible();
    await expect(raw).toContainText("Error: Render failed on purpose");
    await expect(raw.locator("pre")).toContainText("at ");
    await expect(page.getByText("SOMETHING WENT WRONG")).toHaveCount(0);
    await expectNoAxeViolations(page, "the raw error");
  });

  test("errorBoundaries off in a member's browser: still the friendly fallback, no details", async ({ page, signedInAs }) => {
    await signedInAs("member");
    await page.addInitScript((key) => localStorage.setItem(key, JSON.stringify({ errorBoundaries: false })), FLAGS_KEY);
    await crash(page);
    await expect(page.getByRole("heading", { name: "SOMETHING WENT WRONG" })).toBeVisible();
    await expect(page.getByTestId("raw-error")).toHaveCount(0);
    await expect(page.getByText("Render failed on purpose")).toHaveCount(0);
  });

  for (const theme of THEMES) {
    test(`axe: the flags page and the open dev tools panel, ${theme} theme, and nothing scrolls sideways at 320 px`, async ({ page, signedInAs }) => {
      test.setTimeout(90_000);
      await signedInAs("admin");
      await useTheme(page, theme);
      await openFlagsPage(page);
      await expectNoAxeViolations(page, `flags page (${theme})`);
      await flagSwitch(page, "Developer tools").check();
      await page.getByRole("button", { name: "Dev tools" }).click();
      const panel = page.getByRole("region", { name: "Developer tools" });
      await expect(panel).toBeVisible();
      for (const tab of ["Logs", "Network", "Route", "Loader timings", "Player"]) {
        await panel.getByRole("tab", { name: tab }).click();
        await expectNoAxeViolations(page, `dev tools ${tab} (${theme})`);
      }
      await page.setViewportSize({ width: 320, height: 640 });
      // The panel stays open across the reload (this tab's session).
      await page.reload();
      await expect(page.getByRole("region", { name: "Developer tools" })).toBeVisible();
      expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, culprits: [] });
      await page.getByRole("button", { name: "Dev tools" }).click();
      expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, culprits: [] });
    });
  }
});

test.describe("feature flags page, for everyone", () => {
  test("a member gets no access to /admin/flags", async ({ page, signedInAs }) => {
    await signedInAs("member");
    await page.goto("/admin/flags");
    await expect(page).toHaveURL((url) => url.pathname === "/");
  });

  test("without JavaScript: the table and the note, no control that could not work", async ({ page, signedInAs, jsEnabled }) => {
    test.skip(jsEnabled, "With JavaScript the switches and tools are tested above.");
    await signedInAs("admin");
    await page.goto("/admin/flags");
    const table = page.getByRole("table", { name: /Feature flags/ });
    await expect(table.getByRole("row")).toHaveCount(1 + LABELS.length);
    for (const label of LABELS) await expect(table.getByRole("rowheader", { name: new RegExp(`^${label}`) })).toHaveCount(1);
    await expect(table.getByRole("row").filter({ hasText: "errorBoundaries" }).getByRole("cell")).toHaveText(["On"]);
    await expect(page.getByTestId("flags-note")).toContainText("changing them needs JavaScript");
    await expect(page.getByRole("main").getByRole("switch")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
    await expect(page.getByRole("main").locator("input, textarea, select, form")).toHaveCount(0);
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await page.reload();
      await expectNoAxeViolations(page, `flags page without JavaScript (${theme})`);
    }
  });
});
