import fs from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type Browser, type BrowserContext, type Page, type Request, type Route, type TestInfo } from "@playwright/test";
import { E2E_DATA_DIR, E2E_DEMO_PASSWORD } from "../../playwright.config";
import { DEMO_PERSONAS, claimFormAdmin, claimSession, readPool, type FormAdmin, type Persona, type PooledSession, type SessionPool } from "./support/session-pool";
import { totpCode } from "~/platform/auth/totp.server";

export { expect };
export type { Persona };

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]; // axe 4.13 has no wcag22a rules

/**
 * The axe-core that @axe-core/playwright ships, minified: half the bytes of
 * the source that package injects, and this is sent to the browser for
 * every audit of a page with JavaScript.
 */
const AXE_SOURCE = fs.readFileSync(
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"),
  "utf8",
);

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe on the page and fails with a readable list of violations.
 *
 * With JavaScript, axe runs in the page itself (injected once per document,
 * into every frame, as @axe-core/playwright's legacy mode does; its default
 * mode opens a new page for every audit to merge per-frame results).
 *
 * axe cannot run in a page with JavaScript disabled (its work is scheduled on
 * timers that never fire there). There it audits the very DOM the no-JS
 * visitor has (no script ran, so it is the server's HTML as parsed, including
 * what a form post answered), written into the worker's one auditing page, a
 * document of the app's origin where no script of the app may run, in the
 * same viewport and colour scheme. This used to load the URL again in a new
 * context whose two new pages (one for axe's results) each started a browser
 * process, and send axe's 1.3 MB source three times: on a busy machine those
 * audits outlasted their tests' 30 s.
 */
export async function expectNoAxeViolations(page: Page, context = "") {
  const jsEnabled = base.info().project.use.javaScriptEnabled !== false;
  const violations = await axeViolations(jsEnabled ? page : await showInAuditor(page));
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(summary, `axe violations ${context}`).toEqual([]);
}

async function axeViolations(target: Page): Promise<AxeViolation[]> {
  await atRest(target);
  await Promise.all(
    target.frames().map(async (frame) => {
      if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(AXE_SOURCE);
    }),
  );
  return target.evaluate(
    async (options) => {
      const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } };
      return (await axe.run(document, options)).violations;
    },
    // Node details for violations only: the passes of a big page are half a megabyte to serialise.
    { runOnly: { type: "tag", values: AXE_TAGS }, resultTypes: ["violations"] },
  );
}

/**
 * Waits until the page is still: axe measures layout and colours, and a smooth scroll under way
 * (the page's own scroll-behavior, when focus moves to a field) slides targets under the sticky
 * header, a transition shows colours half-way. Both run on frames, so on a busy machine an audit
 * could land in the middle of either. Needs the page's clock running (`page.clock.resume()`).
 */
async function atRest(target: Page) {
  await target.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    let last = "";
    for (let still = 0; still < 2; ) {
      // Each transition's end, but never more than a second: Chromium 150 leaves the `finished` of
      // some transitions pending for good (seen on /admin without JavaScript), and a stuck wait
      // would be the test's timeout instead of an audit.
      await Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation instanceof CSSTransition)
            .map((transition) => transition.finished.catch(() => null)),
        ),
        new Promise((resolve) => setTimeout(resolve, 1000)),
      ]);
      await frame();
      const position = `${scrollX},${scrollY}`;
      still = position === last ? still + 1 : 0;
      last = position;
    }
  });
}

/** The auditing page of each worker's browser, made on first use; it closes with the browser. */
const auditors = new WeakMap<Browser, Page>();

/** Forbids every script: none of the app's may run in the auditor (axe arrives through the DevTools protocol). */
const NO_SCRIPTS = "script-src 'none'";

async function newAuditor(browser: Browser, origin: string): Promise<Page> {
  // Reduced motion: the audit sees each page at rest, not mid-animation (a toast sliding in, the
  // error screen's spinning record), and an endless animation costs no CPU meanwhile. (The app then
  // gives every element a 0.01 ms transition, so styles arriving after the first paint pass through
  // one: atRest waits for those.)
  const context = await browser.newContext({ javaScriptEnabled: true, reducedMotion: "reduce" });
  const page = await context.newPage();
  // An empty document of the app's origin, made here, not by the server: the pages' stylesheets are
  // root-relative, and stay in this page's cache from one audit to the next.
  const home = `${origin}/__e2e-auditor`;
  await page.route(home, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      headers: { "content-security-policy": NO_SCRIPTS },
      body: "<!doctype html><title>auditor</title>",
    }),
  );
  await page.goto(home);
  await page.unrouteAll();
  // Writing a page into this document keeps its window, and axe with it: sent once per worker.
  await page.evaluate(AXE_SOURCE);
  return page;
}

async function showInAuditor(page: Page): Promise<Page> {
  const browser = page.context().browser()!;
  const origin = new URL(page.url()).origin;
  let auditor = auditors.get(browser);
  if (!auditor || auditor.isClosed() || new URL(auditor.url()).origin !== origin) {
    await auditor?.context().close();
    auditor = await newAuditor(browser, origin);
    auditors.set(browser, auditor);
  }
  // With JavaScript off, <noscript> content is what the visitor sees: the auditor parses it as markup
  // too. Scripts never run here (the document's policy outlives what is written into it); leaving
  // them out spares a console error per script and audit.
  const html = (await page.content())
    .replace(/<\/?noscript\b[^>]*>/gi, "")
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
  const dark = await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches);
  await auditor.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
  await auditor.emulateMedia({ colorScheme: dark ? "dark" : "light" });
  await auditor.setContent(html);
  // The contrast and size checks need the page's styles: setContent's "load" has come before a
  // stylesheet the written page asked for was applied (seen on a busy machine), so wait for each.
  await auditor.evaluate(() =>
    Promise.all(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) =>
        link.sheet
          ? null
          : new Promise((resolve, reject) => {
              link.addEventListener("load", resolve);
              link.addEventListener("error", () => reject(new Error(`the stylesheet ${link.href} did not load`)));
            }),
      ),
    ),
  );
  return auditor;
}

/** Sets the theme cookie the way the theme form does (base64 JSON, as Remix cookies store it). */
export async function useTheme(page: Page, theme: "light" | "dark" | "system") {
  await page.context().addCookies([
    { name: "hf_theme", value: Buffer.from(JSON.stringify(theme)).toString("base64"), domain: "localhost", path: "/" },
  ]);
}

/** axe on the current page in the light theme, then the dark one (each a reload of the page, which must be a GET). */
export async function expectNoAxeViolationsInBothThemes(page: Page, what: string) {
  for (const theme of ["light", "dark"] as const) {
    await useTheme(page, theme);
    await page.reload();
    await base.expect(page.locator("html")).toHaveClass(new RegExp(`\\btheme-${theme}\\b`));
    await expectNoAxeViolations(page, `on ${what} (${theme})`);
  }
}

/** Fills and sends the sign-in form of the current page (/auth, or where a guard sent the browser). */
export async function submitSignIn(page: Page, identifier: string, password = E2E_DEMO_PASSWORD) {
  await page.getByLabel("Email or phone number").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Signs in through the form, as a person does. Only the tests of the sign-in
 * forms need this; every other test takes a prepared session (`signedInAs`).
 */
export async function signIn(page: Page, identifier: string, { password = E2E_DEMO_PASSWORD, path = "/auth" } = {}) {
  await page.goto(path);
  await submitSignIn(page, identifier, password);
}

/** Answers the two-factor challenge (/auth/mfa) on the page with the current code of an authenticator's key. */
export async function answerChallenge(page: Page, totpSecret: string): Promise<void> {
  await base.expect(page.getByRole("heading", { name: "Enter your authenticator code" })).toBeVisible();
  await page.getByLabel("6-digit code").fill(totpCode(totpSecret));
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await base.expect(page).not.toHaveURL((url) => url.pathname.startsWith("/auth/mfa"), { timeout: 15_000 });
}

/**
 * An admin of this test's own, signed in through the form with its own
 * authenticator (prepare-sessions made them): for the specs that sign an
 * admin in as a person does.
 */
export async function signInAsFormAdmin(page: Page, testInfo: TestInfo, path = "/auth"): Promise<FormAdmin> {
  pool ??= readPool(E2E_DATA_DIR);
  const by = `${testInfo.titlePath.join(" › ")} [${testInfo.project.name}, retry ${testInfo.retry}]`;
  const admin = claimFormAdmin(E2E_DATA_DIR, pool, by);
  if (!admin) throw new Error(`All ${pool.formAdmins.length} form admins are taken: raise E2E_FORM_ADMINS (prepare-sessions.ts).`);
  await signIn(page, admin.email, { path });
  await base.expect(page).toHaveURL((url) => url.pathname === "/auth/mfa");
  await answerChallenge(page, admin.totpSecret);
  return admin;
}

/** What `signedInAs` returns: who the browser now is. */
export type SignedIn = Omit<PooledSession, "cookie"> & { persona: Persona };

/**
 * A session handed out with a little time to spare: the test's own requests
 * keep it alive from then on.
 */
const IDLE_MARGIN_MS = 2 * 60_000;

let pool: SessionPool | undefined;

/** A sign-out that ends every session of the user (the app's default), as the browser sent it. */
function isGlobalSignOut(request: Request): boolean {
  if (request.method() !== "POST") return false;
  if (new URL(request.url()).pathname.replace(/\.data$/, "") !== "/auth/sign-out") return false;
  const form = new URLSearchParams(request.postData() ?? "");
  return !form.get("reason") && form.get("scope") !== "local";
}

async function signInThroughForm(context: BrowserContext, email: string, baseURL: string | undefined, totpSecret?: string) {
  // A test that switches persona arrives signed in as the one before; /auth would send it on.
  await context.clearCookies();
  // Signed in by a plain HTML form in a context of its own, landing on /healthz rather than on a
  // page, so the session's first page stays the test's own (the welcome modal shows on the first
  // page of a session, and the onboarding tests look for it); then the cookies move over.
  const signer = await context.browser()!.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await signer.newPage();
    await signIn(page, email, { path: `/auth?${new URLSearchParams({ redirect: "/healthz" })}` });
    await expect(page).toHaveURL((url) => url.pathname === "/healthz");
    // An admin answers the two-factor challenge too (ADR 0099), then goes back to /healthz.
    if (totpSecret) {
      await page.goto(`/auth/mfa?${new URLSearchParams({ redirect: "/healthz" })}`);
      await answerChallenge(page, totpSecret);
      await expect(page).toHaveURL((url) => url.pathname === "/healthz");
    }
    await context.addCookies(await signer.cookies());
  } finally {
    await signer.close();
  }
}

/**
 * The loop guard's history emptied before each document's scripts run, in a
 * context a spec makes itself (the `context` fixture does this for every test
 * unless `loopGuard` is on).
 */
export async function withoutLoopGuard(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      window.sessionStorage.removeItem("hf:loop-guard");
    } catch {
      // No storage: the guard does nothing either.
    }
  });
}

/**
 * Web-vitals beacons (POST /api/vitals) of this context are dropped before they leave (sendBeacon
 * answers true, as a browser that queued one does): the endpoint allows 120 beacons per address per
 * 10 minutes, and the whole suite browses from the loopback address, so the suite's page views would
 * spend the allowance that tests/e2e/enhance-vitals.spec.ts, which turns `vitalsBeacons` on, measures.
 */
export async function withoutVitalsBeacons(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const send = navigator.sendBeacon?.bind(navigator);
    if (!send) return;
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => (new URL(String(url), location.href).pathname === "/api/vitals" ? true : send(url, data));
  });
}

export const test = base.extend<{
  /**
   * The loop guard (SPEC §4: a fourth full page load within 30 s on a phone
   * goes to /) is off unless a test turns it on: specs load page after page
   * with page.goto, which a person on a phone does not. Off means the tab's
   * load history is emptied before each document's scripts run.
   */
  loopGuard: boolean;
  /** Web-vitals beacons leave the browser (off unless a test turns it on: withoutVitalsBeacons). */
  vitalsBeacons: boolean;
  jsEnabled: boolean;
  /**
   * Signs the test's browser context in as a persona with a session of its
   * own, made before the server started (tests/e2e/support/prepare-sessions.ts),
   * by setting its cookie: no sign-in form, no password check. No two tests,
   * retries included, get the same session. A demo persona's user is shared
   * with other tests, so a test that signs out everywhere must use
   * "disposable" (a user of its own); the fixture fails a test that does not.
   */
  signedInAs: (persona: Persona) => Promise<SignedIn>;
}>({
  loopGuard: [false, { option: true }],
  vitalsBeacons: [false, { option: true }],
  context: async ({ context, loopGuard, vitalsBeacons }, use) => {
    if (!loopGuard) await withoutLoopGuard(context);
    if (!vitalsBeacons) await withoutVitalsBeacons(context);
    await use(context);
  },
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },

  signedInAs: async ({ context, baseURL }, use, testInfo) => {
    const shared = new Set<Persona>();
    const globalSignOuts: string[] = [];
    const watch = (request: Request) => {
      if (shared.size > 0 && isGlobalSignOut(request)) globalSignOuts.push(request.url());
    };
    context.on("request", watch);

    await use(async (persona) => {
      pool ??= readPool(E2E_DATA_DIR);
      const by = `${testInfo.titlePath.join(" › ")} [${testInfo.project.name}, retry ${testInfo.retry}]`;
      const claimed = claimSession(E2E_DATA_DIR, pool, persona, by);
      if ((DEMO_PERSONAS as readonly string[]).includes(persona)) shared.add(persona);
      const account = claimed?.session ?? (persona === "disposable" ? undefined : pool.sessions[persona][0]);
      if (!account) {
        throw new Error(`All ${pool.sessions.disposable.length} disposable users are taken: raise E2E_DISPOSABLE_USERS (prepare-sessions.ts).`);
      }
      const { cookie, ...who } = account;
      const stale = Date.now() - pool.createdAt > pool.idleTimeoutMs - IDLE_MARGIN_MS;
      if (claimed && !stale) {
        await context.addCookies([
          // As the server sets it: HttpOnly, SameSite=Lax, Secure in production (a browser keeps that on localhost).
          { name: pool.cookieName, value: cookie, url: baseURL, httpOnly: true, secure: pool.secure, sameSite: "Lax" },
        ]);
      } else {
        // The pool ran dry, or its sessions have sat idle for nearly the server's idle timeout
        // (a very slow run): a real sign-in still gives this test a session of its own.
        testInfo.annotations.push({
          type: "signedInAs",
          description: `${persona}: signed in through the form (${stale ? "prepared sessions too old" : "no prepared session left"})`,
        });
        if (persona === "admin") {
          // Not the demo admin: its one authenticator takes a code once per 30 s and 10 tries per 15
          // minutes, too few for the suite's admin tests. An admin of the test's own instead.
          const admin = claimFormAdmin(E2E_DATA_DIR, pool, by);
          if (!admin) throw new Error(`All ${pool.formAdmins.length} form admins are taken: raise E2E_FORM_ADMINS (prepare-sessions.ts).`);
          await signInThroughForm(context, admin.email, baseURL, admin.totpSecret);
          return { persona, userId: admin.userId, email: admin.email, displayName: admin.displayName, landing: "/admin" };
        }
        await signInThroughForm(context, who.email, baseURL);
      }
      return { persona, ...who };
    });

    context.off("request", watch);
    if (globalSignOuts.length > 0) {
      throw new Error(
        `This test signed out everywhere (${globalSignOuts[0]}) as a demo persona (${[...shared].join(", ")}), ` +
          `whose user other tests share: use signedInAs("disposable"), or sign out with scope=local.`,
      );
    }
  },
});
