/**
 * The anonymous page cache (app/platform/page-cache.server.ts) in front of a
 * stand-in renderer, in the order server.ts mounts things: nonce and security
 * headers, compression, then the cache, then the page.
 */
import compression from "compression";
import express, { type Request, type Response } from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createNonce } from "~/platform/csp.server";
import { anonymousPageCache, type PageCacheOptions } from "~/platform/page-cache.server";

interface Harness {
  url: string;
  renders: () => number;
  setVersion: (v: number) => void;
  advance: (ms: number) => void;
  close: () => Promise<void>;
}

const servers: Harness[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A page like Remix writes it: status and type first, the body in pieces, the nonce on every script. */
function renderPage(req: Request, res: Response, count: number) {
  const nonce = res.locals.cspNonce as string;
  const theme = /hf_theme=([^;]*)/.exec(req.headers.cookie ?? "")?.[1] ?? "light";
  if (req.query.setCookie) res.append("Set-Cookie", "hf_toast=; Path=/");
  // What authRequestScope writes on a response about a viewer.
  if (req.query.private) res.setHeader("Cache-Control", "private, no-cache, no-store, must-revalidate, max-age=0");
  res.status(req.query.fail ? 500 : 200);
  res.append("Content-Type", "text/html; charset=utf-8");
  const pieces = [
    `<!DOCTYPE html><html class="theme-${theme}"><head><script nonce="${nonce}">a()</script></head>`,
    `<body><p>render ${count}</p><p>${String(req.query.q ?? "").replace(/[<&"]/g, "")}</p>`,
    `<p>${"Songs written and produced by the collective. ".repeat(40)}</p>`, // over compression's 1 kB threshold
    `<script nonce="${nonce}">b()</script></body></html>`,
  ];
  for (const piece of pieces) res.write(new TextEncoder().encode(piece));
  res.end();
}

async function start(options: Partial<PageCacheOptions> = {}): Promise<Harness> {
  let version = 1;
  let clock = 1_000_000;
  let count = 0;
  const app = express();
  app.use((_req, res, next) => {
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
    next();
  });
  app.use(compression());
  app.get(
    "/page",
    anonymousPageCache({
      version: async () => version,
      sharedCookies: ["hf_theme"],
      maxAgeMs: 60_000,
      maxEntries: 3,
      now: () => clock,
      ...options,
    }),
  );
  app.all("/page", (req, res) => renderPage(req, res, ++count));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const harness: Harness = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`,
    renders: () => count,
    setVersion: (v) => (version = v),
    advance: (ms) => (clock += ms),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  servers.push(harness);
  return harness;
}

async function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await fetch(url, { headers, method });
  const body = await response.text();
  const headerNonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const bodyNonces = [...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
  return { response, body, headerNonce, bodyNonces };
}

const withoutNonces = (body: string) => body.replace(/nonce="[^"]+"/g, 'nonce=""');

describe("anonymous page cache", () => {
  it("answers an anonymous repeat from the cache with that response's own nonce", async () => {
    const h = await start();
    const first = await get(h.url);
    const second = await get(h.url);
    expect(h.renders()).toBe(1);
    for (const page of [first, second]) {
      expect(page.response.status).toBe(200);
      expect(page.response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(page.bodyNonces).toEqual([page.headerNonce, page.headerNonce]);
    }
    expect(second.headerNonce).not.toBe(first.headerNonce);
    expect(withoutNonces(second.body)).toBe(withoutNonces(first.body));
  });

  it("writes the nonce only where the renderer put it, never over the page's content", async () => {
    const h = await start();
    const first = await get(h.url);
    // A visitor cannot know the placeholder; a nonce they have seen is just text.
    const echo = await get(`${h.url}?q=${encodeURIComponent(first.headerNonce!)}`);
    expect(echo.body).toContain(`<p>${first.headerNonce}</p>`);
    const again = await get(`${h.url}?q=${encodeURIComponent(first.headerNonce!)}`);
    expect(h.renders()).toBe(2);
    expect(again.body).toContain(`<p>${first.headerNonce}</p>`);
    expect(again.bodyNonces).toEqual([again.headerNonce, again.headerNonce]);
  });

  it("renders again when the version moves or the entry is older than maxAgeMs", async () => {
    const h = await start();
    await get(h.url);
    h.setVersion(2);
    expect((await get(h.url)).body).toContain("render 2");
    expect((await get(h.url)).body).toContain("render 2");
    h.advance(60_001);
    expect((await get(h.url)).body).toContain("render 3");
    expect(h.renders()).toBe(3);
  });

  it("keeps one entry per URL and theme", async () => {
    const h = await start();
    expect((await get(h.url, { Cookie: "hf_theme=dark" })).body).toContain('class="theme-dark"');
    expect((await get(h.url)).body).toContain('class="theme-light"');
    expect((await get(h.url, { Cookie: "hf_theme=dark" })).body).toContain('class="theme-dark"');
    expect((await get(`${h.url}?page=2`)).body).toContain("render 3");
    expect(h.renders()).toBe(3);
  });

  it("never answers from or stores for a request with any other cookie", async () => {
    const h = await start();
    await get(h.url, { Cookie: "hf_session=abc" });
    await get(h.url, { Cookie: "hf_theme=dark; hf_session=abc" });
    expect(h.renders()).toBe(2);
    await get(h.url);
    expect(h.renders()).toBe(3);
    const signedIn = await get(h.url, { Cookie: "hf_session=abc" });
    expect(signedIn.body).toContain("render 4");
    expect(signedIn.bodyNonces).toEqual([signedIn.headerNonce, signedIn.headerNonce]);
  });

  it("does not store a response that sets a cookie or is not a 200", async () => {
    const h = await start();
    const cookie = await get(`${h.url}?setCookie=1`);
    expect(cookie.response.headers.get("set-cookie")).toContain("hf_toast=");
    await get(`${h.url}?setCookie=1`);
    const failed = await get(`${h.url}?fail=1`);
    expect(failed.response.status).toBe(500);
    expect(failed.bodyNonces).toEqual([failed.headerNonce, failed.headerNonce]);
    await get(`${h.url}?fail=1`);
    expect(h.renders()).toBe(4);
  });

  it("does not store a response marked private or no-store (a page about a viewer)", async () => {
    const h = await start();
    const first = await get(`${h.url}?private=1`);
    expect(first.response.headers.get("cache-control")).toContain("no-store");
    await get(`${h.url}?private=1`);
    expect(h.renders()).toBe(2);
  });

  it("leaves other methods alone and evicts the least recently used entry", async () => {
    const h = await start();
    await get(h.url, {}, "HEAD");
    await get(h.url, {}, "HEAD");
    expect(h.renders()).toBe(2);
    for (const page of [1, 2, 3]) await get(`${h.url}?page=${page}`);
    await get(`${h.url}?page=1`); // most recently used again
    await get(`${h.url}?page=4`); // evicts page 2
    expect(h.renders()).toBe(6);
    await get(`${h.url}?page=1`);
    await get(`${h.url}?page=2`);
    expect(h.renders()).toBe(7);
  });

  it("still compresses, from the cache too", async () => {
    const h = await start();
    for (let i = 0; i < 2; i++) {
      const response = await new Promise<http.IncomingMessage>((resolve) =>
        http.get(h.url, { headers: { "Accept-Encoding": "gzip" } }, resolve),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      expect(response.headers["content-encoding"]).toBe("gzip");
      const body = zlib.gunzipSync(Buffer.concat(chunks)).toString();
      const nonce = /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];
      expect(body).toContain(`<script nonce="${nonce}">b()</script>`);
    }
    expect(h.renders()).toBe(1);
  });
});
