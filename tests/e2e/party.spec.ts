/**
 * The listening party (issue 14, ADR 0092) in real browsers, as its "Done
 * when" tries it: the demo admin starts a party from /party/new and queues
 * three catalogue songs from the room's search; the demo member and the demo
 * A&R join in browsers of their own, press "Start listening", and their audio
 * follows the host's timeline (the loose 500 ms bound of the issue, measured
 * on this machine's one clock); the host pauses and both pause. A chat line
 * with markup reaches the other listener as text. The listeners rate, the host
 * ends the party, its outcome shows the ranked songs and the shortlist, and
 * the A&R takes that into their shortlists. Without JavaScript the room still
 * plays (a native player from the right position), chats and rates by form
 * posts; visitors see what is on and are asked to sign in. Invite-only rooms
 * answer strangers 404, and a guest's host action is refused (403). axe on
 * /party (both themes), live and ended rooms; nothing scrolls sideways at 320 px.
 *
 * Every party is the test's own (a title with the project and time in it);
 * the A&R's shortlist taken from an outcome is deleted at the end (the demo
 * A&R is shared).
 */
import type { Browser, BrowserContext, Cookie, Page } from "@playwright/test";
import { positionAt, type Timeline } from "~/party/sync";
import { test, expect, expectNoAxeViolations, useTheme, type Persona } from "./fixtures";

const THEMES = ["light", "dark"] as const;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** Three demo catalogue songs (app/demo/songs-data.ts), about 30 s each, all found by one word. */
const QUERY = "Static";
const SONGS = ["Velvet Static", "Static Bloom", "Lost in the Static"] as const;

/** The issue's loose bound for a listener against the host's timeline (its target is 100 ms). */
const SYNC_BOUND_MS = 500;

const uniqueTitle = (what: string) => `E2E ${what} ${test.info().project.name} ${Date.now().toString(36)}`;

/** As the signed-in member or admin: a party of the test's own from /party/new; returns its id. */
async function startParty(page: Page, title: string, options: { inviteOnly?: { userId: string } } = {}): Promise<string> {
  await page.goto("/party/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  if (options.inviteOnly) {
    await page.getByRole("radio", { name: "Only the people I invite" }).check();
    // By the account's id: "Disposable Member 1" is also the start of 10 to 19.
    await page.locator(`input[name="invitees"][value="${options.inviteOnly.userId}"]`).check();
  }
  await page.getByRole("button", { name: "Start a party" }).click();
  await expect(page).toHaveURL(new RegExp(`/party/${UUID.source}$`), { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return new URL(page.url()).pathname.split("/").pop()!;
}

/** The room's search (a GET form), then "Add" on each title; each one shows in the queue. */
async function addSongs(page: Page, titles: readonly string[], jsEnabled: boolean) {
  const queue = page.getByTestId("queue");
  for (const [index, title] of titles.entries()) {
    // Without JavaScript each Add redirects back to the room without the search: search again.
    if (index === 0 || !jsEnabled) {
      await queue.getByLabel("Search the catalogue and showcases").fill(QUERY);
      await queue.getByRole("search").getByRole("button", { name: "Search" }).click();
      await expect(queue.getByTestId("search-results")).toBeVisible();
    }
    await queue.getByRole("button", { name: `Add ${title} to the queue`, exact: true }).click();
    await expect(queue.getByTestId("queue-item").filter({ hasText: title })).toHaveCount(1);
  }
}

/** The session cookies of `persona`, taken through the fixture (the test's own context is then someone else). */
async function cookiesOf(page: Page, signedInAs: (persona: Persona) => Promise<unknown>, persona: Persona): Promise<Cookie[]> {
  await signedInAs(persona);
  return page.context().cookies();
}

/** A browser of its own for another person (their cookies), as a second or third listener. */
async function browserOf(browser: Browser, baseURL: string | undefined, cookies: Cookie[], jsEnabled: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  await context.addCookies(cookies);
  return { context, page: await context.newPage() };
}

/** Opens the room and presses "Start listening" (the click browsers need before they play sound). */
async function joinAndListen(page: Page, partyId: string) {
  await page.goto(`/party/${partyId}`);
  const toggle = page.getByTestId("listen-toggle");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("connection")).toHaveText(/Connected to the room/);
}

interface Reading {
  /** The listener's audio position minus the host's timeline, now (ms); null when not playing the room's song. */
  offsetMs: number | null;
  paused: boolean;
  positionMs: number;
  timeline: Timeline | null;
}

/**
 * Where a listener's audio is against the host's timeline, read in the page
 * in one go: the audio's position and the browser's clock (the server's too:
 * one machine), and the timeline the room last announced.
 */
async function readListener(page: Page): Promise<Reading> {
  const raw = await page.locator("audio[data-party-audio]").evaluate((audio: HTMLAudioElement) => ({
    currentTime: audio.currentTime,
    paused: audio.paused,
    now: Date.now(),
    itemId: audio.dataset.itemId ?? null,
    timeline: JSON.parse(audio.dataset.timeline ?? "null") as Timeline | null,
  }));
  const positionMs = raw.currentTime * 1000;
  const following = raw.timeline?.playing && !raw.paused && raw.itemId === raw.timeline.itemId;
  return {
    offsetMs: following ? positionMs - positionAt(raw.timeline!, raw.now) : null,
    paused: raw.paused,
    positionMs,
    timeline: raw.timeline,
  };
}

/** Whether the page reaches past a 320 px viewport (the narrow-screens spec's measure). */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways by ${overflow}px at 320px`).toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}

test.describe("the listening party", () => {
  test("three listeners hear the host's songs in sync, and the host's pause pauses everyone", async ({ page, browser, baseURL, signedInAs, jsEnabled }) => {
    test.skip(!jsEnabled, "following the host is the script's; without JavaScript the room has its own test below");
    test.setTimeout(120_000); // three browsers on a busy 2-core machine
    const memberCookies = await cookiesOf(page, signedInAs, "member");
    const arCookies = await cookiesOf(page, signedInAs, "ar");
    await signedInAs("admin");

    // The listeners' browsers open while the host sets up.
    const opening = Promise.all([browserOf(browser, baseURL, memberCookies, true), browserOf(browser, baseURL, arCookies, true)]);
    const title = uniqueTitle("Sync party");
    const partyId = await startParty(page, title);
    await addSongs(page, SONGS, jsEnabled);
    await expectNoAxeViolations(page, "live room with search results, host");
    await page.getByRole("button", { name: "Play for everyone" }).click();
    await expect(page.getByTestId("now-title")).toHaveText(SONGS[0]);
    await expect(page.getByRole("button", { name: "Pause for everyone" })).toBeVisible();

    const [member, ar] = await opening;
    try {
      // Late joiners, both at once.
      await Promise.all([joinAndListen(member.page, partyId), joinAndListen(ar.page, partyId)]);
      await expect(page.getByTestId("listeners")).toContainText("Listening (3)");

      // Both follow the host's timeline: poll until both are within the bound, twice in a row.
      let last: { member: Reading; ar: Reading } | null = null;
      let inBound = 0;
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && inBound < 2) {
        const [m, a] = await Promise.all([readListener(member.page), readListener(ar.page)]);
        last = { member: m, ar: a };
        const ok =
          m.offsetMs !== null &&
          a.offsetMs !== null &&
          Math.abs(m.offsetMs) < SYNC_BOUND_MS &&
          Math.abs(a.offsetMs) < SYNC_BOUND_MS &&
          Math.abs(m.offsetMs - a.offsetMs) < SYNC_BOUND_MS;
        inBound = ok ? inBound + 1 : 0;
        if (inBound < 2) await page.waitForTimeout(250);
      }
      const offsets = last && { member: last.member.offsetMs, ar: last.ar.offsetMs };
      test.info().annotations.push({ type: "party sync", description: `offsets against the host's timeline (ms): ${JSON.stringify(offsets)}` });
      expect(inBound, `both listeners within ${SYNC_BOUND_MS} ms of the timeline and of each other: ${JSON.stringify(last)}`).toBe(2);
      expect(last!.member.positionMs, "the late joiners start where the room is, not at 0").toBeGreaterThan(500);

      // The host pauses: both listeners' audio stops.
      await page.getByRole("button", { name: "Pause for everyone" }).click();
      await expect(page.getByRole("button", { name: "Play for everyone" })).toBeVisible();
      for (const listener of [member.page, ar.page]) {
        await expect.poll(async () => (await readListener(listener)).paused, { timeout: 10_000 }).toBe(true);
        await expect.poll(async () => (await readListener(listener)).timeline?.playing).toBe(false);
        await expect(listener.getByTestId("sync-readout")).toContainText("Paused");
      }

      await expectNoAxeViolations(member.page, "live room, listener");
      await expectNoSidewaysScroll(page, "the host's live room");
      await expectNoSidewaysScroll(member.page, "a listener's live room");
    } finally {
      await Promise.all([member.context.close(), ar.context.close()]);
    }
  });

  test("a chat message with markup reaches the other listener as text", async ({ page, browser, baseURL, signedInAs, jsEnabled }) => {
    test.skip(!jsEnabled, "with JavaScript the line arrives by the room's events; the no-JS chat form has its own test below");
    test.setTimeout(90_000);
    const arCookies = await cookiesOf(page, signedInAs, "ar");
    await signedInAs("member");
    const partyId = await startParty(page, uniqueTitle("Chat party"));

    const ar = await browserOf(browser, baseURL, arCookies, true);
    try {
      await ar.page.goto(`/party/${partyId}`);
      await expect(ar.page.getByTestId("connection")).toHaveText(/Connected to the room/);
      await expect(page.getByTestId("listeners")).toContainText("Listening (2)");

      const chat = page.getByTestId("chat");
      await chat.getByLabel("Message", { exact: true }).fill("<b>bold</b> <script>alert(1)</script>hi");
      await chat.getByRole("button", { name: "Send", exact: true }).click();
      // The form empties once the room took the line.
      await expect(chat.getByLabel("Message", { exact: true })).toHaveValue("");

      for (const listener of [ar.page, page]) {
        const line = listener.getByTestId("chat-log").getByTestId("chat-message").last();
        await expect(line).toContainText("bold");
        await expect(line).toContainText("hi");
        await expect(line).not.toContainText("<");
        await expect(line).not.toContainText("script");
        await expect(listener.getByTestId("chat-log").locator("b, script")).toHaveCount(0);
      }
      // As stored: the page the A&R loads afresh shows the same text.
      await ar.page.reload();
      const stored = ar.page.getByTestId("chat-log").getByTestId("chat-message").last();
      await expect(stored).toContainText("bold");
      await expect(ar.page.getByTestId("chat-log").locator("b, script")).toHaveCount(0);
      expect(await stored.innerText()).not.toContain("<");
    } finally {
      await ar.context.close();
    }
  });

  test("listeners rate, the host ends the party, and the A&R takes its shortlist", async ({ page, browser, baseURL, signedInAs, jsEnabled }) => {
    test.skip(!jsEnabled, "the room's ratings and outcome without JavaScript are form posts (the no-JS room test rates)");
    test.setTimeout(120_000); // three browsers on a busy 2-core machine
    const memberCookies = await cookiesOf(page, signedInAs, "member");
    const arCookies = await cookiesOf(page, signedInAs, "ar");
    await signedInAs("admin");
    const opening = Promise.all([browserOf(browser, baseURL, memberCookies, true), browserOf(browser, baseURL, arCookies, true)]);
    const title = uniqueTitle("Outcome party");
    const partyId = await startParty(page, title);
    await addSongs(page, SONGS.slice(0, 2), jsEnabled);
    // Started, then held: the songs cannot run out under the ratings on a slow machine.
    await page.getByRole("button", { name: "Play for everyone" }).click();
    await expect(page.getByTestId("now-title")).toHaveText(SONGS[0]);
    await page.getByRole("button", { name: "Pause for everyone" }).click();
    await expect(page.getByRole("button", { name: "Play for everyone" })).toBeVisible();

    const [member, ar] = await opening;
    let shortlistPath: string | null = null;
    try {
      await Promise.all([member.page.goto(`/party/${partyId}`), ar.page.goto(`/party/${partyId}`)]);
      for (const listener of [member.page, ar.page]) await expect(listener.getByTestId("connection")).toHaveText(/Connected to the room/);

      /** Rates what plays now; the room's action endpoint takes it. */
      const rate = async (listener: Page, rating: "Keeper" | "Maybe" | "Pass") => {
        const taken = listener.waitForResponse((r) => r.url().endsWith(`/party/${partyId}/actions`) && r.request().method() === "POST");
        await listener.getByTestId("rate-current").getByRole("button", { name: rating, exact: true }).click();
        expect((await taken).status()).toBe(200);
      };
      await expect(member.page.getByTestId("now-title")).toHaveText(SONGS[0]);
      await rate(member.page, "Keeper");
      await rate(ar.page, "Maybe");
      // Saved: a fresh load shows the listener's own rating pressed.
      await member.page.reload();
      await expect(member.page.getByTestId("rate-current").getByRole("button", { name: "Keeper", exact: true })).toHaveAttribute("aria-pressed", "true");

      // The next song, which only the member passes on.
      await page.getByRole("button", { name: "Next song" }).click();
      await expect(page.getByTestId("now-title")).toHaveText(SONGS[1]);
      await expect(member.page.getByTestId("now-title")).toHaveText(SONGS[1]);
      await rate(member.page, "Pass");

      // The host ends it.
      await page.getByText("End the party", { exact: true }).click();
      await page.getByRole("button", { name: "End the party now" }).click();
      const outcome = page.getByTestId("outcome");
      await expect(outcome).toBeVisible();
      const ranked = outcome.getByTestId("outcome-ranking").getByRole("listitem");
      await expect(ranked).toHaveCount(2);
      await expect(ranked.nth(0)).toContainText(`1. ${SONGS[0]}`);
      await expect(ranked.nth(0)).toContainText("Shortlisted");
      await expect(ranked.nth(0)).toContainText("1 keeper · 1 maybe · 0 pass · score 3");
      await expect(ranked.nth(1)).toContainText(`2. ${SONGS[1]}`);
      await expect(ranked.nth(1)).not.toContainText("Shortlisted");
      await expect(outcome).toContainText("The party's shortlist (1)");
      // Only an A&R takes a shortlist.
      await expect(page.getByRole("button", { name: "Add the shortlist to my shortlists" })).toHaveCount(1); // an admin keeps shortlists too
      await expect(member.page.getByTestId("outcome")).toBeVisible();
      await expect(member.page.getByRole("button", { name: "Add the shortlist to my shortlists" })).toHaveCount(0);
      await expectNoAxeViolations(page, "ended room with its outcome");

      // The A&R's open room turns into the outcome by itself, and its shortlist goes into theirs.
      const arOutcome = ar.page.getByTestId("outcome");
      await expect(arOutcome).toBeVisible({ timeout: 15_000 });
      await expectNoSidewaysScroll(ar.page, "an ended room with its outcome");
      await arOutcome.getByRole("button", { name: "Add the shortlist to my shortlists" }).click();
      await expect(ar.page).toHaveURL(new RegExp(`/ar/shortlists/${UUID.source}$`));
      shortlistPath = new URL(ar.page.url()).pathname;
      await expect(ar.page.getByRole("heading", { level: 1 })).toHaveText(`Party: ${title}`);
      const items = ar.page.getByTestId("shortlist-items").getByRole("listitem");
      await expect(items).toHaveCount(1);
      await expect(items.first()).toContainText(SONGS[0]);
    } finally {
      // Put the shared demo A&R back as it was.
      if (shortlistPath) {
        await ar.page.goto(shortlistPath);
        await ar.page.getByText("Delete this shortlist").click();
        await ar.page.getByRole("button", { name: "Delete shortlist" }).click();
        await expect(ar.page).toHaveURL(/\/ar\/shortlists$/);
      }
      await Promise.all([member.context.close(), ar.context.close()]);
    }
  });

  test("without JavaScript the room plays from the right place, chats and rates by forms; visitors are asked to sign in", async ({ page, browser, baseURL, signedInAs, jsEnabled }) => {
    test.skip(jsEnabled, "the room with JavaScript has its own tests above");
    test.setTimeout(120_000); // three browsers on a busy 2-core machine
    const memberCookies = await cookiesOf(page, signedInAs, "member");
    await signedInAs("admin");
    const title = uniqueTitle("No-JS party");
    const partyId = await startParty(page, title);
    await addSongs(page, SONGS.slice(0, 1), jsEnabled);
    await page.getByRole("button", { name: "Play for everyone" }).click();
    await expect(page.getByTestId("now-title")).toHaveText(SONGS[0]);
    // Held at a known place (a playing song could run out on a slow machine before the listener comes).
    await page.getByRole("button", { name: "Pause for everyone" }).click();
    await expect(page.getByRole("button", { name: "Play for everyone" })).toBeVisible();
    await page.getByLabel("Jump to (seconds)").fill("12");
    await page.getByRole("button", { name: "Jump", exact: true }).click();
    await expect(page.locator("audio[data-party-audio]")).toHaveAttribute("src", /#t=12\.0$/);

    const member = await browserOf(browser, baseURL, memberCookies, false);
    const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const room = member.page;
      await room.goto(`/party/${partyId}`);
      await expect(room.getByTestId("now-title")).toHaveText(SONGS[0]);
      const audio = room.locator("audio[data-party-audio]");
      await expect(audio).toHaveAttribute("controls", "");
      // It starts where the host's timeline is: 12 s in.
      const src = (await audio.getAttribute("src")) ?? "";
      expect(src).toMatch(new RegExp(`^/party/${partyId}/items/${UUID.source}/audio#t=12\\.0$`));
      await expect(room.getByTestId("no-js-note")).toHaveText(/does not follow the host by itself/);
      await expect(room.getByTestId("listen-toggle")).toHaveCount(0);
      // The audio itself: the room's link redirects to the file, which streams byte ranges.
      const file = await member.context.request.get(src.split("#")[0]!, { headers: { Range: "bytes=0-1" } });
      expect(file.status()).toBe(206);

      // Chat: a form post, the line shows after the redirect.
      const line = `Hello from a browser without JavaScript ${Date.now().toString(36)}`;
      await room.getByTestId("chat").getByLabel("Message", { exact: true }).fill(line);
      await room.getByTestId("chat").getByRole("button", { name: "Send", exact: true }).click();
      await expect(room).toHaveURL(new RegExp(`/party/${partyId}$`));
      await expect(room.getByTestId("chat-log")).toContainText(line);

      // Rating: a form post; the page comes back with the rating pressed.
      await room.getByTestId("rate-current").getByRole("button", { name: "Keeper", exact: true }).click();
      await expect(room.getByText("Rating saved.").first()).toBeVisible();
      await expect(room.getByTestId("rate-current").getByRole("button", { name: "Keeper", exact: true })).toHaveAttribute("aria-pressed", "true");
      await expectNoAxeViolations(room, "live room without JavaScript, listener");
      await expectNoSidewaysScroll(room, "a live room without JavaScript");

      // /party lists it under "Live now", with a way in.
      await room.goto("/party");
      await expect(room.getByTestId("parties-live").getByRole("link", { name: title, exact: true })).toHaveAttribute("href", `/party/${partyId}`);

      // A visitor sees what is on and is asked to sign in; no way into the room.
      const anonymous = await visitor.newPage();
      await anonymous.goto("/party");
      const live = anonymous.getByTestId("parties-live");
      await expect(live.getByText(title, { exact: true })).toBeVisible();
      await expect(anonymous.getByRole("link", { name: "Sign in to join", exact: true })).toBeVisible();
      await expect(live.getByRole("link", { name: new RegExp(`^Sign in to join\\s*: ${title}$`) })).toHaveAttribute("href", `/auth?redirect=${encodeURIComponent(`/party/${partyId}`)}`);
      await expect(anonymous.locator(`a[href="/party/${partyId}"]`)).toHaveCount(0);
      await expectNoAxeViolations(anonymous, "/party, a visitor");
      await anonymous.goto(`/party/${partyId}`);
      await expect(anonymous).toHaveURL((url) => url.pathname === "/auth" && url.searchParams.get("redirect") === `/party/${partyId}`);
    } finally {
      await Promise.all([member.context.close(), visitor.close()]);
    }
  });

  test("an invite-only party is 404 to members not invited and open to the invitee; a guest cannot pause it", async ({ page, baseURL, signedInAs, jsEnabled }) => {
    test.skip(jsEnabled, "the server's answers do not depend on JavaScript: one project checks them");
    const invitee = await signedInAs("disposable");
    const inviteeCookies = await page.context().cookies();
    const memberCookies = await cookiesOf(page, signedInAs, "member");
    await signedInAs("admin");
    const title = uniqueTitle("Invite-only party");
    const partyId = await startParty(page, title, { inviteOnly: invitee });
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    const as = async (cookies: Cookie[]) => {
      await page.context().clearCookies();
      await page.context().addCookies(cookies);
    };
    const pause = () => page.request.post(`/party/${partyId}/actions`, { headers: { Origin: baseURL!, Accept: "application/json" }, maxRedirects: 0, form: { intent: "pause", js: "1" } });

    // A member who is not invited: the party does not exist for them.
    await as(memberCookies);
    expect((await page.goto(`/party/${partyId}`))?.status()).toBe(404);
    expect((await pause()).status()).toBe(404);
    await page.goto("/party");
    await expect(page.getByText(title)).toHaveCount(0);

    // The invitee: the list and the room, but no host controls.
    await as(inviteeCookies);
    await page.goto("/party");
    await expect(page.getByTestId("parties-live").getByRole("listitem").filter({ hasText: title })).toContainText("Invite only");
    const opened = await page.goto(`/party/${partyId}`);
    expect(opened?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("host-controls")).toHaveCount(0);
    const refused = await pause();
    expect(refused.status()).toBe(403);
    expect(JSON.stringify(await refused.json())).toContain("Only the host can do that.");
  });

  for (const theme of THEMES) {
    test(`/party and an ended party's page have no axe violations, and fit 320 px (${theme})`, async ({ page, signedInAs }) => {
      await signedInAs("member");
      await useTheme(page, theme);
      await page.goto("/party");
      await expect(page.locator("html")).toHaveClass(new RegExp(`theme-${theme}`));
      await expect(page.getByRole("heading", { level: 1, name: "Listening party" })).toBeVisible();
      await expectNoAxeViolations(page, `on /party (${theme})`);

      // The demo data's past party, with its outcome and a chat long enough to scroll (not one of these tests' own).
      const past = page
        .getByTestId("parties-past")
        .getByRole("link")
        .filter({ hasNotText: /^E2E / })
        .first();
      await expect(past).toHaveAttribute("href", new RegExp(`^/party/${UUID.source}$`));
      await past.click();
      await expect(page.getByTestId("outcome")).toBeVisible();
      await expect(page.getByTestId("outcome-ranking").getByRole("listitem").first()).toContainText("1.");
      await expectNoAxeViolations(page, `on an ended party's page (${theme})`);
      await expectNoSidewaysScroll(page, "an ended party's page");

      // A visitor's /party.
      await page.context().clearCookies();
      await useTheme(page, theme);
      await page.goto("/party");
      await expect(page.getByRole("link", { name: "Sign in to join", exact: true })).toBeVisible();
      await expectNoAxeViolations(page, `on /party, a visitor (${theme})`);
      await expectNoSidewaysScroll(page, "/party for a visitor");
    });
  }
});
