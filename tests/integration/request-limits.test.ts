/**
 * Request limits on the real server process (server.ts, production mode, the
 * embedded database): security review items 4, 5 and 6 as an attacker meets
 * them, over real sockets.
 *
 * - Oversized bodies (item 4): four parallel 100 MB anonymous posts with
 *   Content-Length and two chunked ones, to /auth and /inbox (forms with the default cap), all get 413
 *   while /healthz keeps answering and the server's resident memory stays
 *   flat. Bodies come from a generator reusing one 64 KiB buffer, so the test
 *   itself allocates nothing like 100 MB either.
 * - The request check and redirects (item 5) as server.ts mounts them.
 * - Signed-in responses carry private, no-store, and the anonymous page cache
 *   never hands a signed-in page to anyone (item 6).
 *
 * Needs the production build (BUILD_DIR, default build: see server-process.ts).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccount } from "~/demo/accounts";
import { BODY_LIMITS, TOO_LARGE_MESSAGE } from "~/platform/http/body-limit.server";
import { INPUT_MESSAGES } from "~/platform/http/input-hygiene.server";
import { passSecondFactor } from "../support/second-factor";
import { CookieJar } from "../support/app-handler";
import { BUILT_SERVER, COMPILED_SERVER, startServer, type ServerProcess } from "../support/server-process";
import { usingPostgres } from "../support/database";

const PASSWORD = "request-limits-password";
const MB = 1024 * 1024;
const HUNDRED_MB = 100 * MB;
const CAP = BODY_LIMITS.defaultBytes;
/**
 * How much the server's RSS may grow while the six 100 MB posts are refused.
 * Refusing costs a few kB per connection; a chunked post is read up to the
 * 1 MiB cap. What moves RSS anyway: V8 and the allocator keep freed pages a
 * while, and the first requests warm code paths. ~100 MB is far below the
 * 600 MB (and up to 1.5 GB) that reading the bodies cost before the limit,
 * and far above the noise.
 */
const RSS_GROWTH_BOUND = 100 * MB;
/**
 * Bytes a client gets to send before the server closes on it: the 1 MiB cap,
 * up to 1 MiB read during the linger, and what the socket buffers of both
 * ends hold (Linux autotunes them up to tcp_rmem and tcp_wmem's maximum:
 * 32 MB and 4 MB here). Without the limit it is all 100 MB.
 */
const SENT_BOUND = 2 * MB + socketBufferMax("tcp_rmem") + socketBufferMax("tcp_wmem") + 2 * MB;

function socketBufferMax(name: "tcp_rmem" | "tcp_wmem"): number {
  try {
    return Number(fs.readFileSync(`/proc/sys/net/ipv4/${name}`, "utf8").trim().split(/\s+/)[2]);
  } catch {
    return 16 * MB;
  }
}
/** /healthz must keep answering quickly meanwhile (it took 5 to 9 s before the limit). */
const HEALTHZ_BOUND_MS = 1_000;

/** The build the server runs: the Remix build and the compiled server.ts (npm run build). */
const built = fs.existsSync(BUILT_SERVER) && fs.existsSync(COMPILED_SERVER);

let server: ServerProcess;
let dataDir: string;

/** Resident set size of a process, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** `total` bytes of form-like filler, as chunks of one reused buffer. */
function* filler(total: number): Generator<Buffer> {
  const chunk = Buffer.alloc(64 * 1024, "a");
  for (let left = total; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
}

interface Upload {
  status: number;
  body: string;
  /** Time to the answer. */
  ms: number;
  /** Bytes the client got to send before the server ended the connection (kernel buffers included). */
  sent: number;
}

/**
 * POSTs a body streamed from `body` (with Content-Length unless `chunked`)
 * the way an attacker would: it keeps sending after the answer arrives, so
 * it ends only when the body is all sent or the server closes the connection.
 */
function upload(pathname: string, body: Iterable<Buffer>, { length, chunked = false }: { length?: number; chunked?: boolean }): Promise<Upload> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { "Content-Type": "application/x-www-form-urlencoded" };
    if (!chunked) headers["Content-Length"] = String(length);
    const request = http.request(`${server.url}${pathname}`, { method: "POST", headers, agent: false });
    let sent = 0;
    const source = Readable.from(
      (function* counted() {
        for (const chunk of body) {
          sent += chunk.length;
          yield chunk;
        }
      })(),
    );
    let answer: Omit<Upload, "sent"> | undefined;
    request.on("response", (response) => {
      const ms = performance.now() - started;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (piece: string) => (text += piece));
      response.on("end", () => (answer = { status: response.statusCode ?? 0, body: text, ms }));
    });
    // Writing into a connection the server closed is how this ends when the server stops reading.
    request.on("error", () => undefined);
    request.on("close", () => {
      source.destroy();
      if (answer) resolve({ ...answer, sent });
      else reject(new Error(`${pathname}: connection closed without a complete answer after ${sent} bytes`));
    });
    source.pipe(request);
  });
}

function urlencoded(fields: Record<string, string>, totalBytes: number): Buffer {
  const head = new URLSearchParams(fields).toString() + "&pad=";
  return Buffer.concat([Buffer.from(head), Buffer.alloc(totalBytes - head.length, "a")]);
}

beforeAll(async () => {
  if (!built || usingPostgres) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-limits-"));
  server = await startServer({ DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD });
}, 120_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!built || usingPostgres)("request limits on the real server", () => {
  it("refuses 100 MB posts with 413 before reading them, while /healthz answers and memory stays flat", async () => {
    const pid = server.child.pid!;
    // Warm the paths the test then measures, so first-use compilation is not counted as growth.
    for (let i = 0; i < 3; i++) {
      await (await fetch(`${server.url}/healthz`)).text();
      await (await fetch(`${server.url}/auth`)).text();
      await upload("/auth", [urlencoded({ intent: "sign-in" }, 64 * 1024)], { length: 64 * 1024 });
    }
    const rssBefore = rssOf(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(pid))), 20);

    const latencies: number[] = [];
    let uploading = true;
    const probe = (async () => {
      while (uploading) {
        const started = performance.now();
        const response = await fetch(`${server.url}/healthz`);
        await response.text();
        latencies.push(performance.now() - started);
        expect(response.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();

    let results: Record<string, Upload>;
    try {
      const posts = {
        "Content-Length /auth #1": upload("/auth", filler(HUNDRED_MB), { length: HUNDRED_MB }),
        "Content-Length /auth #2": upload("/auth", filler(HUNDRED_MB), { length: HUNDRED_MB }),
        "Content-Length /inbox #1": upload("/inbox", filler(HUNDRED_MB), { length: HUNDRED_MB }),
        "Content-Length /inbox #2": upload("/inbox", filler(HUNDRED_MB), { length: HUNDRED_MB }),
        "chunked /auth": upload("/auth", filler(HUNDRED_MB), { chunked: true }),
        // The login guard answers before the action reads anything: a redirect, then the rest is cut off.
        "chunked /inbox": upload("/inbox", filler(HUNDRED_MB), { chunked: true }),
      };
      results = Object.fromEntries(await Promise.all(Object.entries(posts).map(async ([name, post]) => [name, await post] as const)));
      // Keep probing a moment after the refusals, while the server lingers on those connections and closes them.
      await new Promise((resolve) => setTimeout(resolve, 500));
      rssPeak = Math.max(rssPeak, rssOf(pid));
    } finally {
      uploading = false;
      clearInterval(sampler);
      await probe;
    }

    const growth = rssPeak - rssBefore;
    console.log(
      [
        `answers: ${Object.entries(results).map(([name, r]) => `${name}: ${r.status} in ${r.ms.toFixed(0)} ms, ${(r.sent / MB).toFixed(1)} MB sent before the server closed`).join("; ")}`,
        `/healthz during the posts: ${latencies.length} probes, max ${Math.max(...latencies).toFixed(1)} ms, median ${latencies.sort((a, b) => a - b)[latencies.length >> 1]!.toFixed(1)} ms`,
        `server RSS: ${(rssBefore / MB).toFixed(0)} MB before, ${(rssPeak / MB).toFixed(0)} MB peak (+${(growth / MB).toFixed(1)} MB)`,
      ].join("\n"),
    );
    for (const [name, result] of Object.entries(results)) {
      if (name === "chunked /inbox") expect([name, result.status]).toEqual([name, 302]);
      else expect([name, result.status, result.body]).toEqual([name, 413, TOO_LARGE_MESSAGE]);
      // The server stopped reading long before 100 MB: what got through is the cap, the
      // linger and what the two kernels' socket buffers hold.
      expect(result.sent, name).toBeLessThan(Math.min(SENT_BOUND, HUNDRED_MB / 2));
    }
    expect(latencies.length).toBeGreaterThan(0);
    expect(Math.max(...latencies)).toBeLessThan(HEALTHZ_BOUND_MS);
    expect(growth).toBeLessThan(RSS_GROWTH_BOUND);
    // A refused request ends quietly: no error from the reader that was cut off, or from Remix writing after the 413.
    expect(server.output().split("is running at")[1]).not.toMatch(/error/i);
  }, 60_000);

  it("reads a form right at the cap and refuses one byte more, with or without Content-Length", async () => {
    const atCap = urlencoded({ intent: "sign-in", identifier: "nobody@example.test", password: "x" }, CAP);
    const overCap = urlencoded({ intent: "sign-in", identifier: "nobody@example.test", password: "x" }, CAP + 1);
    const pieces = (buffer: Buffer) => [buffer.subarray(0, 1000), buffer.subarray(1000)];
    const answers = {
      "at the cap": await upload("/auth", [atCap], { length: atCap.length }),
      "at the cap, chunked": await upload("/auth", pieces(atCap), { chunked: true }),
      "over the cap": await upload("/auth", [overCap], { length: overCap.length }),
      "over the cap, chunked": await upload("/auth", pieces(overCap), { chunked: true }),
    };
    // At the cap the sign-in form is read and judged (no honeypot: refused as spam, 400).
    expect(answers["at the cap"].status).toBe(400);
    expect(answers["at the cap, chunked"].status).toBe(400);
    expect(answers["over the cap"].status).toBe(413);
    expect(answers["over the cap, chunked"].status).toBe(413);
    // The server is still well.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("answers bad URLs and bodies that are not forms with 400 and 415 before Remix", async () => {
    const nul = await fetch(`${server.url}/music-catalog?genre=%00`);
    expect([nul.status, await nul.text()]).toEqual([400, INPUT_MESSAGES.nulInUrl]);
    const encoding = await fetch(`${server.url}/members%ZZ`);
    expect([encoding.status, await encoding.text()]).toEqual([400, INPUT_MESSAGES.badEncoding]);
    const text = await fetch(`${server.url}/profile`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "bio=x" });
    expect([text.status, await text.text()]).toEqual([415, INPUT_MESSAGES.notAForm]);
  });

  it("sends a redirect above U+00FF percent-encoded (POST /theme)", async () => {
    const response = await fetch(`${server.url}/theme`, {
      method: "POST",
      body: new URLSearchParams({ theme: "dark", redirectTo: "/\u20ac\u{1f3b5}" }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/%E2%82%AC%F0%9F%8E%B5");
  });

  it("marks every signed-in response private, no-store, and never serves it from the anonymous page cache", async () => {
    const admin = demoAccount("admin");
    const jar = await signedIn(admin.email);

    for (const target of ["/admin/users", "/admin/users.data", "/members", "/_root.data", "/music-catalog", "/music-catalog.data"]) {
      const response = await fetch(`${server.url}${target}`, { headers: { cookie: jar.header() }, redirect: "manual" });
      const body = await response.text();
      expect(response.status, target).toBe(200);
      const cacheControl = response.headers.get("cache-control") ?? "";
      expect(cacheControl, target).toContain("no-store");
      expect(cacheControl, target).toContain("private");
      if (target === "/music-catalog") expect(body).toContain(admin.displayName);
    }
    // The catalogue page the admin just saw (with the admin's name in its header) is not what a visitor gets.
    const anonymous = await fetch(`${server.url}/music-catalog`);
    expect(anonymous.status).toBe(200);
    expect(await anonymous.text()).not.toContain(admin.displayName);
  });

  it("sends a party's event stream uncompressed to a browser that accepts gzip, so each event leaves at once", async () => {
    const jar = await signedIn(demoAccount("admin").email);
    const parties = await (await fetch(`${server.url}/party`, { headers: { cookie: jar.header() } })).text();
    const partyId = /href="\/party\/([0-9a-f-]{36})"/.exec(parties)?.[1];
    expect(partyId, "a demo party linked from /party").toBeDefined();
    // Raw http (fetch would decompress): headers as a browser sends them, the first bytes as they come.
    const first = await new Promise<{ headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const request = http.get(
        `${server.url}/party/${partyId}/events`,
        { agent: false, headers: { Accept: "text/event-stream", "Accept-Encoding": "gzip, deflate, br", Cookie: jar.header() } },
        (response) => {
          response.once("data", (chunk: Buffer) => {
            resolve({ headers: response.headers, text: chunk.toString("latin1") });
            request.destroy();
          });
        },
      );
      request.on("error", reject);
      // A compressor would hold the stream's opening lines in its buffer: nothing would come.
      setTimeout(() => reject(new Error("no bytes of the event stream within 10 s")), 10_000).unref();
    });
    expect(first.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(first.headers["content-encoding"]).toBeUndefined();
    expect(first.headers["cache-control"]).toContain("no-transform");
    expect(first.headers["cache-control"]).toContain("private");
    expect(first.text.startsWith("retry: 2000")).toBe(true);
  });
});

/** A signed-in cookie jar for a demo account, through the real sign-in form. */
async function signedIn(email: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const page = await fetch(`${server.url}/auth`);
  jar.update(page);
  const html = await page.text();
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input[^>]*name="(name__confirm|from__confirm)"[^>]*>/g)].map((m) => [m[1]!, /value="([^"]*)"/.exec(m[0])?.[1] ?? ""]),
  );
  const signIn = await fetch(`${server.url}/auth`, {
    method: "POST",
    headers: { cookie: jar.header() },
    body: new URLSearchParams({ intent: "sign-in", identifier: email, password: PASSWORD, ...hidden }),
    redirect: "manual",
  });
  expect(signIn.status).toBe(302);
  jar.update(signIn);
  // Admins pass two-factor sign-in (ADR 0099), through the same server.
  const send = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: jar.header() }, redirect: "manual" });
    jar.update(response);
    return response;
  };
  await passSecondFactor(
    {
      get: (path) => send(path),
      post: (path, body = {}) =>
        send(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(body as Record<string, string>) }),
    },
    email,
  );
  return jar;
}
