import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export { expect };

/** Runs axe on the page and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, context = "") {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(summary, `axe violations ${context}`).toEqual([]);
}

/** Sets the theme cookie the way the theme form does. */
export async function useTheme(page: Page, theme: "light" | "dark" | "system") {
  const url = new URL(page.url() === "about:blank" ? "http://localhost" : page.url());
  await page.context().addCookies([
    { name: "hf_theme", value: encodeURIComponent(Buffer.from(JSON.stringify(theme)).toString("base64")), domain: url.hostname === "localhost" ? "localhost" : url.hostname, path: "/" },
  ]);
}

export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
});
