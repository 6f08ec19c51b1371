/**
 * Phones: no page scrolls sideways at 320 or 390 CSS pixels, for any persona
 * of the authorization table, in either theme; and the menus that fold the
 * navigation away on a phone close when a link in them is followed.
 *
 * The pages are every row of tests/support/route-table.ts whose GET answers
 * the persona with 200, so a route added there is checked here too. Each
 * persona signs in once (a prepared session, `signedInAs`) and one page walks
 * the paths in each theme: each is loaded at 320px, measured, widened to
 * 390px (the media queries apply again) and measured again. Plus, on a phone:
 * an anchor's target is not hidden under the sticky header.
 */
import type { Page } from "@playwright/test";
import { DEMO_PAST_CAMP, DEMO_UPCOMING_CAMP } from "~/camps/demo-camps";
import { DEMO_PAST_PARTY, DEMO_SCHEDULED_PARTY } from "~/party/seed.server";
import { API_ROUTES, PERSONAS, ROUTE_TABLE, type Persona as TablePersona } from "../support/route-table";
import { test, expect, useTheme } from "./fixtures";

const WIDTHS = [320, 390] as const;
const THEMES = ["light", "dark"] as const;
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** The paths a persona may open as pages: GET answers 200 (JSON endpoints left out). */
function pagePathsFor(persona: TablePersona): string[] {
  const paths = ROUTE_TABLE.filter((row) => {
    const outcome = row.get[persona];
    return "status" in outcome && outcome.status === 200 && !(API_ROUTES as readonly string[]).includes(row.route);
  }).map((row) => row.path);
  return [...new Set(paths)];
}

/** The first link on `from` whose path matches `pattern`: ids of the seeded data, read off the pages. */
async function idFromLink(page: Page, from: string, pattern: RegExp): Promise<string> {
  await page.goto(from);
  const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const id = hrefs.map((href) => pattern.exec(href)?.[1]).find(Boolean);
  if (!id) throw new Error(`No link matching ${pattern} on ${from}`);
  return id;
}

/** The path id of the link named `name` on `from` (the demo camps, found by their names, ADR 0086). */
async function idFromNamedLink(page: Page, from: string, name: string, pattern: RegExp): Promise<string> {
  await page.goto(from);
  const hrefs = await page.locator("main a[href]").evaluateAll(
    (links, wanted) => links.filter((link) => (link.textContent ?? "").trim() === wanted).map((link) => link.getAttribute("href") ?? ""),
    name,
  );
  const id = hrefs.map((href) => pattern.exec(href)?.[1]).find(Boolean);
  if (!id) throw new Error(`No link "${name}" matching ${pattern} on ${from}`);
  return id;
}

/** Fills the table's placeholders; a path whose placeholder this persona cannot read is left out (null). */
async function fillPlaceholders(page: Page, persona: TablePersona, paths: string[]): Promise<string[]> {
  const values: Record<string, () => Promise<string>> = {
    liveSongId: () => idFromLink(page, "/music-catalog", new RegExp(`^/song/(${UUID})$`)),
    publicMemberId: () => idFromLink(page, "/members", new RegExp(`^/members/(${UUID})$`)),
    archivedSongId: () => idFromLink(page, "/admin/archive/browse", new RegExp(`^/admin/archive/song/(${UUID})$`)),
    // Any submission the persona may open: the member's own (their list), or one in the admins' queue.
    memberSubmissionId: () =>
      persona === "admin"
        ? idFromLink(page, "/admin/submissions", new RegExp(`^/admin/submissions/(${UUID})$`))
        : idFromLink(page, "/submissions", new RegExp(`^/submissions/(${UUID})$`)),
    // A pending application in the admins' queue (ADR 0071).
    applicationId: () => idFromLink(page, "/admin/applications", new RegExp(`^/admin/applications/(${UUID})$`)),
    // An open brief: the A&R's own (their desk's list), or one of the members' open briefs (members and admins).
    briefId: () =>
      persona === "ar"
        ? idFromLink(page, "/ar/briefs", new RegExp(`^/ar/briefs/(${UUID})$`))
        : idFromLink(page, "/briefs", new RegExp(`^/briefs/(${UUID})$`)),
    // A shortlist: the demo A&R's own; an admin reaches it under "Other A&R shortlists" (ADR 0074).
    // The demo applicant's account, found through the admins' user search (only admin pages use it).
    applicantId: () => idFromLink(page, "/admin/users?q=applicant%40demo.hitfactory.test", new RegExp(`^/admin/users/(${UUID})$`)),
    shortlistId: () => idFromLink(page, "/ar/shortlists", new RegExp(`^/ar/shortlists/(${UUID})$`)),
    // The demo camps by name: admins from /admin/camps, members from their own camps page.
    pastCampId: () =>
      persona === "admin"
        ? idFromNamedLink(page, "/admin/camps", DEMO_PAST_CAMP.name, new RegExp(`^/admin/camps/(${UUID})$`))
        : idFromNamedLink(page, "/camps", DEMO_PAST_CAMP.name, new RegExp(`^/camps/(${UUID})$`)),
    upcomingCampId: () =>
      persona === "admin"
        ? idFromNamedLink(page, "/admin/camps", DEMO_UPCOMING_CAMP.name, new RegExp(`^/admin/camps/(${UUID})$`))
        : idFromNamedLink(page, "/camps", DEMO_UPCOMING_CAMP.name, new RegExp(`^/camps/(${UUID})$`)),
    // The demo listening parties by title, from /party (ADR 0092).
    pastPartyId: () => idFromNamedLink(page, "/party", DEMO_PAST_PARTY.title, new RegExp(`^/party/(${UUID})$`)),
    scheduledPartyId: () => idFromNamedLink(page, "/party", DEMO_SCHEDULED_PARTY.title, new RegExp(`^/party/(${UUID})$`)),
    // A session of the past demo camp, from that camp's page (ADR 0090).
    campSessionId: async () => {
      const campId = known.get("pastCampId") ?? (await values.pastCampId!());
      return idFromLink(page, `/camps/${campId}`, new RegExp(`^/camps/${campId}/sessions/(${UUID})$`));
    },
  };
  const known = new Map<string, string>();
  const filled: string[] = [];
  for (const path of paths) {
    let result = path;
    for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
      if (!known.has(name)) {
        const read = values[name];
        if (!read) throw new Error(`narrow-screens.spec.ts does not know how to fill {${name}} (${path}, ${persona})`);
        known.set(name, await read());
      }
      result = result.replace(`{${name}}`, known.get(name)!);
    }
    filled.push(result);
  }
  return filled;
}

/**
 * How far the page reaches past the viewport, and the elements that do it
 * (those not inside a box that scrolls or clips sideways), for the report.
 */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const overflow = document.documentElement.scrollWidth - width;
    if (overflow <= 0) return { overflow, culprits: [] as string[] };
    const clipsSideways = (element: Element | null): boolean => {
      for (let node = element; node && node !== document.documentElement; node = node.parentElement) {
        if (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(node).overflowX)) return true;
      }
      return false;
    };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${[...element.classList].map((c) => `.${c}`).join("")}`;
    const tooWide = [...document.body.querySelectorAll("*")].filter(
      (element) => element.getBoundingClientRect().right > width + 0.5 && !clipsSideways(element.parentElement),
    );
    // The innermost ones: what pushes its ancestors out.
    const culprits = tooWide
      .filter((element) => !tooWide.some((other) => other !== element && element.contains(other)))
      .slice(0, 3)
      .map((element) => `${name(element)} "${(element.textContent ?? "").trim().slice(0, 30)}"`);
    return { overflow, culprits };
  });
}

test.describe("no page scrolls sideways on a phone", () => {
  // One test per persona and theme: the admin's walk (some forty pages at two widths) is long
  // enough alone on a busy machine, and the two themes run side by side.
  for (const persona of PERSONAS) {
    for (const theme of THEMES) {
      test(`${persona}: every page at ${WIDTHS.join(" and ")}px, in the ${theme} theme`, async ({ page, signedInAs }) => {
        test.setTimeout(240_000);
        if (persona !== "anonymous") await signedInAs(persona);
        const paths = await fillPlaceholders(page, persona, pagePathsFor(persona));
        expect(paths.length, "the route table gives this persona pages to open").toBeGreaterThan(persona === "admin" ? 20 : 10);

        const offenders: string[] = [];
        await useTheme(page, theme);
        for (const path of paths) {
          await page.setViewportSize({ width: WIDTHS[0], height: 800 });
          const response = await page.goto(path);
          // The table says 200: anything else means this walk is not looking at the page it means to.
          expect(response?.status(), `GET ${path} as ${persona}`).toBe(200);
          await expect(page.locator("html")).toHaveClass(`theme-${theme}`);
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: 800 });
            const { overflow, culprits } = await sidewaysOverflow(page);
            if (overflow > 0) offenders.push(`${path} (${theme}) at ${width}px: ${overflow}px too wide (${culprits.join("; ")})`);
          }
        }
        expect(offenders, `pages wider than the screen for ${persona}`).toEqual([]);
      });
    }
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("a link to part of a page shows its target below the sticky header, not under it", async ({ page }) => {
    // WCAG 2.2, 2.4.11 Focus Not Obscured: the song page's no-JS Play link goes to #listen.
    // Reduced motion: the jump is instant (no smooth scrolling), so where it ends is where it is.
    await page.emulateMedia({ reducedMotion: "reduce" });
    const song = await idFromLink(page, "/music-catalog", new RegExp(`^/song/(${UUID})$`));
    await page.goto(`/song/${song}`);
    const listen = page.getByRole("main").getByRole("heading", { name: "Listen", exact: true });
    const top = () => listen.evaluate((heading) => Math.round(heading.getBoundingClientRect().top));
    expect(await top(), "the Listen section starts below the fold").toBeGreaterThan(800);
    await page.evaluate(() => (location.hash = "#listen"));
    await expect.poll(top, { message: "the page jumps to #listen" }).toBeLessThan(300);
    const headerBottom = await page.getByRole("banner").evaluate((header) => header.getBoundingClientRect().bottom);
    expect(await top(), `below the header, which ends at ${headerBottom}px`).toBeGreaterThanOrEqual(headerBottom);
  });

  test("the site menu closes when a link in it is followed", async ({ page }) => {
    await page.goto("/");
    const menu = page.locator("header details");
    const mobileNav = page.getByRole("navigation", { name: "Main (mobile)" });
    await page.getByLabel("Menu").click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole("link", { name: "Catalogue" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/music-catalog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Music catalogue");
    // With JavaScript the header is the same element after a client-side navigation: it must have closed.
    await expect(menu).not.toHaveAttribute("open");
    await expect(mobileNav).toBeHidden();
  });

  test("the admin menu names the current section, and closes when a section is chosen", async ({ page, signedInAs }) => {
    await signedInAs("admin");
    await page.goto("/admin");
    const sections = page.getByRole("navigation", { name: "Admin sections" });
    const toggle = sections.locator("summary");
    // The menu's own link (the sidebar's copy is not shown at this width).
    const users = sections.locator("details").getByRole("link", { name: "Users", includeHidden: true });
    await expect(toggle).toContainText("Overview");
    // Folded away: the page starts right under the button.
    await expect(users).toBeHidden();
    await toggle.click();
    await expect(users).toBeVisible();
    await users.click();
    await expect(page).toHaveURL((url) => url.pathname === "/admin/users");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Users");
    await expect(toggle).toContainText("Users");
    await expect(users).toBeHidden();
  });
});
