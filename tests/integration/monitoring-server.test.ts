/**
 * Monitoring through the real server process (ADR 0096), with SENTRY_DSN
 * pointing at a stand-in for Sentry's ingest run by this test: a local HTTP
 * server that receives the SDK's envelopes (the network boundary: Sentry's
 * hosted service cannot run here). The SDK, its transport and the app's
 * handleError are the real ones.
 *  - A loader error whose message carries an e-mail, an IP address and a
 *    token arrives scrubbed ([EMAIL], [IP], [TOKEN]), with no cookie, and
 *    tagged with the role: "anonymous" signed out, the member's role signed in.
 *  - The CSP lets the browser reach the DSN's origin (connect-src), and an
 *    error a page's boundary caught in a real browser (Chromium) arrives from
 *    the browser's SDK, loaded lazily, scrubbed and tagged with the role.
 *  - The vitals endpoint on the real server: 413 for an oversized beacon
 *    (body limits are the server's, not the in-process handler's), and 204
 *    with no Set-Cookie for a signed-in member.
 * Needs the production build (npm test builds before it runs vitest; a
 * helper's own: BUILD_DIR=build-x npm run build, then the same BUILD_DIR here).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccount } from "~/demo/accounts";
import { MONITORED_ERROR_SECRETS } from "~/routes/testing/monitored-error";
import { usingPostgres } from "../support/database";
import { COMPILED_SERVER, startServer, type ServerProcess } from "../support/server-process";

const built = fs.existsSync(COMPILED_SERVER);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PASSWORD = "monitoring-test-password";

interface EnvelopeItem {
  header: { type?: string };
  payload: Record<string, unknown> & {
    exception?: { values?: { value?: string }[] };
    tags?: Record<string, string>;
    request?: { headers?: Record<string, string>; url?: string };
  };
}

/** The stand-in ingest: every envelope posted to /api/<project>/envelope/, as raw text and parsed items. */
function startIngest() {
  const envelopes: { raw: string; items: EnvelopeItem[] }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body = Buffer.concat(chunks);
      if (req.headers["content-encoding"] === "gzip") body = zlib.gunzipSync(body);
      const raw = body.toString("utf8");
      if (req.method === "POST" && /\/api\/\d+\/envelope\//.test(req.url ?? "")) {
        const lines = raw.split("\n").filter(Boolean);
        const items: EnvelopeItem[] = [];
        // Line 0 is the envelope's header; then each item is a header line and a payload line.
        for (let i = 1; i + 1 < lines.length; i += 2) {
          try {
            items.push({ header: JSON.parse(lines[i]!), payload: JSON.parse(lines[i + 1]!) });
          } catch {
            // Binary items (replays) are not expected from the server.
          }
        }
        envelopes.push({ raw, items });
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  return new Promise<{ server: http.Server; port: number; envelopes: typeof envelopes }>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as { port: number }).port, envelopes })),
  );
}

/** Cookies as a browser keeps them, from Set-Cookie headers. */
function cookiesFrom(response: Response, jar = new Map<string, string>()) {
  for (const header of response.headers.getSetCookie()) {
    const [pair = ""] = header.split(";");
    const index = pair.indexOf("=");
    const value = pair.slice(index + 1);
    if (value) jar.set(pair.slice(0, index).trim(), value);
    else jar.delete(pair.slice(0, index).trim());
  }
  return jar;
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

describe.skipIf(!built || usingPostgres)("monitoring on the real server, with a stand-in Sentry", () => {
  let dataDir: string;
  let app: ServerProcess;
  let ingest: Awaited<ReturnType<typeof startIngest>>;
  let dsnOrigin: string;

  beforeAll(async () => {
    ingest = await startIngest();
    dsnOrigin = `http://127.0.0.1:${ingest.port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-monitoring-"));
    app = await startServer({
      DATA_DIR: dataDir,
      DEMO_PASSWORD: PASSWORD,
      ENABLE_TEST_ROUTES: "true",
      SENTRY_DSN: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${ingest.port}/42`,
    });
  }, 240_000);

  afterAll(async () => {
    if (app && app.child.exitCode === null) {
      app.child.kill("SIGTERM");
      await app.exited;
    }
    await new Promise((resolve) => ingest?.server.close(resolve));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The first error event carrying `message`, sent after `since` envelopes had arrived. */
  async function probeEvent(since: number, message = "Monitored failure"): Promise<{ raw: string; event: EnvelopeItem["payload"] }> {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      for (const envelope of ingest.envelopes.slice(since)) {
        const item = envelope.items.find((entry) => entry.header.type === "event" && JSON.stringify(entry.payload).includes(message));
        if (item) return { raw: envelope.raw, event: item.payload };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no event arrived; envelopes: ${ingest.envelopes.length}\n${app.output().slice(-2000)}`);
  }

  function expectScrubbed(raw: string, event: EnvelopeItem["payload"]) {
    const { email, ip, token } = MONITORED_ERROR_SECRETS;
    expect(raw).not.toContain(email);
    expect(raw).not.toContain(ip);
    expect(raw).not.toContain(token);
    expect(event.exception?.values?.[0]?.value).toBe("Monitored failure for [EMAIL] from [IP] with [TOKEN]");
    const headers = Object.keys(event.request?.headers ?? {}).map((name) => name.toLowerCase());
    // The request's other headers are there (so their absence below is the scrubber's doing).
    expect(headers).toContain("user-agent");
    expect(headers).not.toContain("cookie");
    expect(headers).not.toContain("authorization");
    expect(headers).not.toContain("x-forwarded-for");
  }

  it("lets the browser reach the DSN's origin (CSP connect-src)", async () => {
    const response = await fetch(`${app.url}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(/connect-src ([^;]*)/.exec(csp)?.[1]).toContain(dsnOrigin);
  });

  it("sends a signed-out visitor's server error scrubbed, tagged role=anonymous", async () => {
    const since = ingest.envelopes.length;
    const response = await fetch(`${app.url}/__test/monitored-error`);
    expect(response.status).toBe(500);
    const { raw, event } = await probeEvent(since);
    expectScrubbed(raw, event);
    expect(event.tags?.role).toBe("anonymous");
  });

  it("starts the browser SDK with SPEC §7 sampling and reports an error a page's error boundary caught, scrubbed and tagged, through the CSP", async () => {
    const browser = await chromium.launch({ executablePath: fs.existsSync(CHROMIUM) ? CHROMIUM : undefined, args: ["--no-sandbox"] });
    try {
      const page = await browser.newPage();
      const since = ingest.envelopes.length;
      const { email } = MONITORED_ERROR_SECRETS;
      await page.goto(`${app.url}/__test/crash?email=${encodeURIComponent(email)}`);
      // The SDK loads lazily after the page; wait until it has a client (its global carrier,
      // window.__SENTRY__, as @sentry/core 8 keeps it), or the crash would happen before it listens.
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const carrier = (window as unknown as { __SENTRY__?: Record<string, { defaultCurrentScope?: { _client?: unknown } }> & { version?: string } }).__SENTRY__;
              return Boolean(carrier?.version && carrier[carrier.version]?.defaultCurrentScope?._client);
            }),
          { timeout: 20_000 },
        )
        .toBe(true);
      // SPEC §7's sampling, as the browser's SDK was started with it.
      const options = await page.evaluate(() => {
        type Client = { _options: Record<string, unknown>; getIntegrationByName(name: string): { _initialOptions?: Record<string, unknown> } | undefined };
        const carrier = (window as unknown as { __SENTRY__: Record<string, { defaultCurrentScope: { _client: Client } }> & { version: string } }).__SENTRY__;
        const client = carrier[carrier.version]!.defaultCurrentScope._client;
        const { tracesSampleRate, replaysSessionSampleRate, replaysOnErrorSampleRate, sendDefaultPii } = client._options;
        const replay = client.getIntegrationByName("Replay")?._initialOptions ?? null;
        return { tracesSampleRate, replaysSessionSampleRate, replaysOnErrorSampleRate, sendDefaultPii, replay };
      });
      expect(options).toMatchObject({ tracesSampleRate: 0.1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1, sendDefaultPii: false });
      expect(options.replay).toMatchObject({ maskAllText: true, maskAllInputs: true, blockAllMedia: true });
      await page.getByRole("button", { name: "Crash" }).click();
      const { raw, event } = await probeEvent(since, "Render failed on purpose");
      expect(event.tags?.role).toBe("anonymous");
      expect(event.request?.url).toContain("email=[EMAIL]");
      expect(raw).not.toContain(email);
      expect(raw).not.toContain(encodeURIComponent(email));
    } finally {
      await browser.close();
    }
  }, 60_000);

  describe("signed in as the demo member", () => {
    const jar = new Map<string, string>();

    beforeAll(async () => {
      const page = await fetch(`${app.url}/auth`);
      cookiesFrom(page, jar);
      const html = await page.text();
      const hidden = Object.fromEntries(
        [...html.matchAll(/<input[^>]*>/g)]
          .map((match) => match[0])
          .filter((tag) => /name="(name__confirm|from__confirm)"/.test(tag))
          .map((tag) => [/name="([^"]+)"/.exec(tag)![1]!, /value="([^"]*)"/.exec(tag)?.[1] ?? ""]),
      );
      const signIn = await fetch(`${app.url}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, "sec-fetch-site": "same-origin", cookie: cookieHeader(jar) },
        body: new URLSearchParams({ intent: "sign-in", identifier: demoAccount("member").email, password: PASSWORD, ...hidden }),
      });
      expect(signIn.status).toBe(302);
      cookiesFrom(signIn, jar);
    }, 60_000);

    it("sends the member's server error scrubbed, tagged with the member's role, without their cookies or e-mail", async () => {
      const since = ingest.envelopes.length;
      const response = await fetch(`${app.url}/__test/monitored-error`, { headers: { cookie: cookieHeader(jar) } });
      expect(response.status).toBe(500);
      const { raw, event } = await probeEvent(since);
      expectScrubbed(raw, event);
      expect(event.tags?.role).toBe("accepted_member");
      expect(raw).not.toContain(demoAccount("member").email);
      for (const value of jar.values()) if (value.length > 12) expect(raw).not.toContain(value);
    });

    it("takes a beacon with 204 and sets no cookie", async () => {
      const response = await fetch(`${app.url}/api/vitals`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, "sec-fetch-site": "same-origin", cookie: cookieHeader(jar) },
        body: new URLSearchParams({ "views[0]": "routes/members/dashboard" }),
      });
      expect(response.status).toBe(204);
      expect(response.headers.getSetCookie()).toEqual([]);
    });
  });

  it("refuses an oversized beacon with 413 before reading it", async () => {
    const response = await fetch(`${app.url}/api/vitals`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, "sec-fetch-site": "same-origin" },
      body: `views[0]=routes/home/landing&padding=${"x".repeat(20 * 1024)}`,
    });
    expect(response.status).toBe(413);
  });
});
