/**
 * bench:party-sync — how closely two real browser listeners follow a
 * listening party's host (issue 14 §2, ADR 0092).
 *
 * Starts the production build on a fresh embedded database with the demo
 * data (or uses BASE_URL), signs in admin@, member@ and ar@ in three Chromium
 * contexts, has the admin start a party with three catalogue songs and press
 * Play, and both listeners join and start listening. Then it samples each
 * listener's <audio> position against the host's timeline (the room's
 * timeline record, read off the page, on the server's clock: one machine, one
 * clock) and prints, per listener, the offsets after joining, the gap between
 * the two listeners at the same instant, how they follow a pause, and how
 * long one takes to be back within 100 ms after its network stalled (offline
 * for STALL_MS with its download dropped).
 *
 *   npm run bench:party-sync                  (needs a build: npm run build)
 *   SAMPLES=40 STALL_MS=2000 npm run bench:party-sync
 *   BASE_URL=http://localhost:3000 DEMO_PASSWORD=... npm run bench:party-sync
 *
 * Figures, not assertions: tests/e2e/party.spec.ts asserts a loose bound.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MFA_TEXT } from "../app/auth/mfa/mfa-text";
import { positionAt, type Timeline } from "../app/party/sync";
import { totpCode } from "../app/platform/auth/totp.server";
import { startBuiltServer, type BuiltServer } from "./built-server";

const SAMPLES = Number(process.env.SAMPLES ?? 20);
const STALL_MS = Number(process.env.STALL_MS ?? 2_000);
const PASSWORD = process.env.DEMO_PASSWORD ?? "party-sync-bench-1";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

interface Reading {
  now: number;
  /** The item the <audio> has loaded (the timeline may have moved on while it loads the next). */
  itemId: string | null;
  positionMs: number;
  paused: boolean;
  timeline: Timeline;
}

async function signIn(browser: Browser, base: string, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`[${email}] page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") console.error(`[${email}] console: ${message.text().slice(0, 300)}`);
  });
  await page.goto("/auth");
  await page.locator("#auth-sign-in-identifier").fill(email);
  await page.locator("#auth-sign-in-password").fill(PASSWORD);
  await Promise.all([page.waitForURL((url) => url.pathname !== "/auth"), page.locator("#auth-sign-in-password").press("Enter")]);
  if (new URL(page.url()).pathname === "/auth/mfa") await setUpAuthenticator(page);
  return { context, page };
}

/** An admin sets up an authenticator at first sign-in (ADR 0099): the bench does it as a person would. */
async function setUpAuthenticator(page: Page): Promise<void> {
  await page.getByRole("button", { name: MFA_TEXT.startSetup }).click();
  const secret = (await page.getByTestId("mfa-secret").innerText()).replace(/\s+/g, "");
  await page.getByLabel(MFA_TEXT.codeLabel).fill(totpCode(secret));
  await page.getByRole("button", { name: MFA_TEXT.confirmSubmit }).click();
  await Promise.all([page.waitForURL((url) => !url.pathname.startsWith("/auth")), page.getByRole("link", { name: MFA_TEXT.codesDone }).click()]);
}

async function read(page: Page): Promise<Reading> {
  return page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>("audio[data-party-audio]");
    if (!audio) throw new Error(`No party player on ${location.href}: ${document.body.innerText.slice(0, 400)}`);
    return { now: Date.now(), itemId: audio.dataset.itemId ?? null, positionMs: audio.currentTime * 1000, paused: audio.paused, timeline: JSON.parse(audio.dataset.timeline ?? "{}") };
  });
}

/** The listener's position minus the host's timeline at the same instant (ms; positive: ahead); Infinity while on another song. */
const offsetOf = (r: Reading) => (r.itemId === r.timeline.itemId ? r.positionMs - positionAt(r.timeline, r.now) : Infinity);

function stats(values: number[]) {
  const sorted = values.map(Math.abs).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? NaN };
}

const fmt = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

async function until(check: () => Promise<boolean>, timeoutMs: number, stepMs = 50): Promise<number | null> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return null;
}

async function main() {
  let server: BuiltServer | undefined;
  let dataDir: string | undefined;
  let base = process.env.BASE_URL;
  if (!base) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-party-sync-"));
    server = await startBuiltServer({ DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, DATABASE_URL: "" });
    base = server.url;
  }
  console.log(`bench:party-sync — ${base}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}, ${SAMPLES} samples`);
  const browser = await chromium.launch({
    executablePath: fs.existsSync(CHROMIUM) ? CHROMIUM : undefined,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic", "--autoplay-policy=no-user-gesture-required"],
  });
  try {
    const host = await signIn(browser, base, "admin@demo.hitfactory.test");
    // Three catalogue songs, longest first (the measurement wants time).
    await host.page.goto("/music-catalog?sort=duration");
    const songIds = [...new Set(await host.page.locator('a[href^="/song/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")!.split("/")[2]!)))].slice(0, 3);
    await host.page.goto("/party/new");
    await host.page.getByLabel("Title").fill(`Sync check ${new Date().toISOString().slice(11, 19)}`);
    await Promise.all([host.page.waitForURL(/\/party\/[0-9a-f-]{36}$/), host.page.getByRole("button", { name: "Start a party" }).click()]);
    const room = new URL(host.page.url()).pathname;
    for (const sourceId of songIds) {
      const response = await host.page.request.post(room, { form: { intent: "add", kind: "song", sourceId, js: "1" }, headers: { Origin: base } });
      if (!response.ok()) throw new Error(`adding a song answered ${response.status()}`);
    }
    await host.page.reload();
    await host.page.getByRole("button", { name: "Play for everyone" }).click();
    await host.page.getByTestId("listen-toggle").click();

    const listeners = await Promise.all(
      [
        ["member", "member@demo.hitfactory.test"],
        ["ar", "ar@demo.hitfactory.test"],
      ].map(async ([name, email]) => {
        const { page } = await signIn(browser, base!, email!);
        const joinedAt = Date.now();
        await page.goto(room);
        await page.getByTestId("listen-toggle").click();
        const settled = await until(async () => {
          const r = await read(page);
          return !r.paused && Math.abs(offsetOf(r)) <= 100;
        }, 15_000);
        return { name: name!, page, joinMs: Date.now() - joinedAt, settledMs: settled };
      }),
    );
    for (const l of listeners) console.log(`${l.name.padEnd(7)} joined and within 100 ms of the host's timeline after ${l.settledMs === null ? "never (15 s)" : `${l.settledMs} ms`} of listening`);

    const offsets: Record<string, number[]> = Object.fromEntries(listeners.map((l) => [l.name, []]));
    const between: number[] = [];
    let skipped = 0;
    for (let i = 0; i < SAMPLES; i += 1) {
      const [a, b] = await Promise.all(listeners.map((l) => read(l.page)));
      // A song change under way (the next one loading) is not an offset: skip that instant.
      if (!Number.isFinite(offsetOf(a!)) || !Number.isFinite(offsetOf(b!)) || a!.timeline.itemId !== b!.timeline.itemId) {
        i -= 1;
        skipped += 1;
        await new Promise((r) => setTimeout(r, 250));
        continue;
      }
      offsets[listeners[0]!.name]!.push(offsetOf(a!));
      offsets[listeners[1]!.name]!.push(offsetOf(b!));
      // Both at one instant: each position carried to the later reading's time.
      const t = Math.max(a!.now, b!.now);
      between.push(a!.positionMs + (t - a!.now) - (b!.positionMs + (t - b!.now)));
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`\noffset from the host's timeline (absolute)      p50        p95        max   (${skipped} instants skipped at song changes)`);
    for (const [name, values] of Object.entries(offsets)) {
      const s = stats(values);
      console.log(`  ${name.padEnd(44)}${fmt(s.p50)} ${fmt(s.p95)} ${fmt(s.max)}`);
    }
    const s = stats(between);
    console.log(`  ${"member vs ar at the same instant".padEnd(44)}${fmt(s.p50)} ${fmt(s.p95)} ${fmt(s.max)}`);

    // The host pauses: how soon is each listener paused?
    const pausedAt = Date.now();
    await host.page.getByRole("button", { name: "Pause for everyone" }).click();
    for (const l of listeners) {
      const ms = await until(async () => (await read(l.page)).paused, 10_000, 20);
      console.log(`${l.name.padEnd(7)} paused ${ms === null ? "never (10 s)" : `${Date.now() - pausedAt - 0} ms after the host's click (seen at ${ms} ms)`}`);
    }
    await host.page.getByRole("button", { name: "Play for everyone" }).click();
    await Promise.all(listeners.map((l) => until(async () => Math.abs(offsetOf(await read(l.page))) <= 100, 10_000)));

    // A stall: the member's network goes away and its download is dropped, then comes back.
    const stalled = listeners[0]!;
    await stalled.page.context().setOffline(true);
    await stalled.page.evaluate(() => {
      const audio = document.querySelector<HTMLAudioElement>("audio[data-party-audio]")!;
      audio.load();
    });
    await new Promise((r) => setTimeout(r, STALL_MS));
    await stalled.page.context().setOffline(false);
    const backAt = Date.now();
    const recovered = await until(async () => {
      const r = await read(stalled.page);
      return !r.paused && Math.abs(offsetOf(r)) <= 100;
    }, 20_000);
    console.log(`\n${stalled.name} offline ${STALL_MS} ms with its download dropped: back within 100 ms of the host ${recovered === null ? "never (20 s)" : `${recovered} ms`} after the network returned (target: under 5000 ms)`);
    const after = [];
    for (let i = 0; i < 8; i += 1) {
      after.push(offsetOf(await read(stalled.page)));
      await new Promise((r) => setTimeout(r, 250));
    }
    const sa = stats(after);
    console.log(`  then its offset: p50 ${sa.p50.toFixed(1)} ms, max ${sa.max.toFixed(1)} ms (${Date.now() - backAt} ms after)`);
  } finally {
    await browser.close();
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
