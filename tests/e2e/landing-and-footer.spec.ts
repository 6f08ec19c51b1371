/**
 * What the landing page shows of the catalogue is the catalogue: each song
 * opens its page and plays (in the floating player with JavaScript, on the
 * song page without). And the footer offers each viewer what fits them.
 */
import { test, expect } from "./fixtures";

test.describe("landing page songs", () => {
  test("come from the catalogue: each opens its song page, with the same length", async ({ page }) => {
    await page.goto("/");
    const showcase = page.getByRole("region", { name: "From the catalogue" });
    const songs = showcase.getByRole("listitem");
    await expect(songs).toHaveCount(3);
    const first = songs.first();
    const title = (await first.getByRole("link", { name: /^(?!Play )/ }).textContent())!.trim();
    const length = (await first.getByText(/^Length \d+:\d{2}$/).textContent())!.replace("Length ", "");
    await first.getByRole("link", { name: title, exact: true }).click();
    await expect(page).toHaveURL(/\/song\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("definition").filter({ hasText: /^\d+:\d{2}$/ })).toHaveText(length);
  });

  test("play: in the floating player with JavaScript, on the song page without", async ({ page, jsEnabled }) => {
    await page.goto("/");
    const first = page.getByRole("region", { name: "From the catalogue" }).getByRole("listitem").first();
    const title = (await first.getByRole("link", { name: /^(?!Play )/ }).textContent())!.trim();
    if (jsEnabled) {
      await first.getByRole("button", { name: `Play ${title}` }).click();
      const player = page.getByRole("region", { name: "Audio player" });
      await expect(player).toBeVisible();
      await expect(player.getByTestId("player-title")).toHaveText(title);
    } else {
      await first.getByRole("link", { name: `Play ${title}` }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      // One player for the song itself; each alternate version (ADR 0082) has its own, in its list.
      const versions = await page.getByTestId("song-version").count();
      await expect(page.locator("main audio[controls]")).toHaveCount(1 + versions);
      await expect(page.locator("main audio[controls]:not([data-testid='song-versions'] audio)")).toHaveCount(1);
    }
  });
});

test.describe("footer", () => {
  const footer = (page: import("@playwright/test").Page) => page.getByRole("contentinfo");

  test("offers a visitor a way in", async ({ page }) => {
    await page.goto("/music-catalog");
    await expect(footer(page).getByRole("link", { name: "Apply as a writer or producer" })).toBeVisible();
    await expect(footer(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(footer(page).getByRole("link", { name: "Player demo" })).toHaveCount(0);
  });

  for (const [persona, dashboard, extra] of [
    ["member", "Your dashboard", null],
    ["applicant", "Your application", null],
    ["ar", "Your dashboard", "A&R dashboard"],
    ["admin", "Your dashboard", "Administration"],
  ] as const) {
    test(`offers a signed-in ${persona} their own places, not sign-in or applying`, async ({ page, signedInAs }) => {
      await signedInAs(persona);
      await page.goto("/music-catalog");
      await expect(footer(page).getByRole("link", { name: dashboard })).toHaveAttribute("href", "/dashboard");
      await expect(footer(page).getByRole("link", { name: "Your profile" })).toHaveAttribute("href", "/profile");
      if (extra) await expect(footer(page).getByRole("link", { name: extra })).toBeVisible();
      await expect(footer(page).getByRole("link", { name: "Apply as a writer or producer" })).toHaveCount(0);
      await expect(footer(page).getByRole("link", { name: "Sign in" })).toHaveCount(0);
    });
  }
});
