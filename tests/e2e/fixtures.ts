import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export { expect };

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * Runs axe on the page and fails with a readable list of violations.
 *
 * axe is injected as a script, which a page with JavaScript disabled refuses.
 * There we audit the same URL, cookies and colour scheme in a sibling context
 * that allows our injected script but blocks the app's own bundles, so what
 * axe sees is the server-rendered, un-hydrated page a no-JS visitor gets.
 */
export async function expectNoAxeViolations(page: Page, context = "") {
  const jsEnabled = base.info().project.use.javaScriptEnabled !== false;
  let target = page;
  let cleanup = async () => {};
  if (!jsEnabled) {
    const browser = page.context().browser()!;
    const sibling = await browser.newContext({
      javaScriptEnabled: true,
      viewport: page.viewportSize(),
    });
    await sibling.addCookies(await page.context().cookies());
    await sibling.route(/\.(m?js)(\?.*)?$/, (route) => route.abort());
    target = await sibling.newPage();
    await target.goto(page.url());
    cleanup = () => sibling.close();
  }
  try {
    const results = await new AxeBuilder({ page: target }).withTags(AXE_TAGS).analyze();
    const summary = results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("\n    ")}`,
    );
    expect(summary, `axe violations ${context}`).toEqual([]);
  } finally {
    await cleanup();
  }
}

/** Sets the theme cookie the way the theme form does (base64 JSON, as Remix cookies store it). */
export async function useTheme(page: Page, theme: "light" | "dark" | "system") {
  await page.context().addCookies([
    { name: "hf_theme", value: Buffer.from(JSON.stringify(theme)).toString("base64"), domain: "localhost", path: "/" },
  ]);
}

export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
});
