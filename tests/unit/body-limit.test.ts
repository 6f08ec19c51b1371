/**
 * The body limit (app/platform/http/body-limit.server.ts) in front of a
 * stand-in for Remix: Express, the middleware, then a handler that reads the
 * body as a web Request over @remix-run/node's stream of the Node request
 * (what @remix-run/express's adapter builds) and writes its answer the way
 * the adapter does. Small caps keep it fast; the
 * 100 MB case runs against the real server in
 * tests/integration/request-limits.test.ts.
 */
import { createReadableStreamFromReadable } from "@remix-run/node";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { bodyLimitFor, ignoreErrorsOfRefusedRequests, limitRequestBodies, TOO_LARGE_MESSAGE, type BodyLimits } from "~/platform/http/body-limit.server";

const LIMITS: BodyLimits = { defaultBytes: 1000, byPathPrefix: [{ prefix: "/upload", maxBytes: 5000 }, { prefix: "/upload/big", maxBytes: 9000 }] };

describe("bodyLimitFor", () => {
  it.each([
    ["/auth", 1000],
    ["/upload", 5000],
    ["/upload.data", 5000],
    ["/upload/song?x=1", 5000],
    ["/upload/big/song", 9000],
    ["/uploads", 1000],
    // The router resolves dot segments: this is /auth, and gets the form cap.
    ["/upload/../auth", 1000],
    ["/upload/%2e%2e/auth", 1000],
  ])("%s -> %i bytes", (target, cap) => {
    expect(bodyLimitFor(target, LIMITS)).toBe(cap);
  });

  it("defaults to 1 MiB for forms", () => {
    expect(bodyLimitFor("/auth")).toBe(1024 * 1024);
  });

  it("gives a camp session's page (its rough audio) the upload cap, and the other camp pages the form cap", () => {
    const MiB = 1024 * 1024;
    expect(bodyLimitFor("/camps/c1/sessions/s1")).toBe(51 * MiB);
    expect(bodyLimitFor("/camps/c1/sessions/s1.data?index")).toBe(51 * MiB);
    expect(bodyLimitFor("/camps/c1")).toBe(MiB);
    expect(bodyLimitFor("/camps")).toBe(MiB);
    expect(bodyLimitFor("/camps/c1/sessions/s1/../../review")).toBe(MiB);
  });
});

interface Harness {
  url: string;
  /** What the stand-in handler read, per request path. */
  reads: { path: string; bytes?: number; error?: string }[];
  /** Errors that reached Express's final handler. */
  errors: unknown[];
  close: () => Promise<void>;
}

const harnesses: Harness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.close()));
});

async function start(): Promise<Harness> {
  const reads: Harness["reads"] = [];
  const errors: unknown[] = [];
  const app = express();
  app.use(limitRequestBodies(LIMITS));
  app.all("*", async (req, res, next) => {
    try {
      // Like the Remix adapter: a web Request over the Node stream, read whole, then the answer written.
      const request = new Request(`http://x${req.originalUrl}`, {
        method: req.method,
        body: createReadableStreamFromReadable(req),
        duplex: "half",
      } as RequestInit);
      let answer: { status: number; text: string };
      try {
        const bytes = (await request.arrayBuffer()).byteLength;
        reads.push({ path: req.path, bytes });
        answer = { status: 200, text: `read ${bytes}` };
      } catch (error) {
        reads.push({ path: req.path, error: String(error) });
        answer = { status: 400, text: "unreadable" };
      }
      res.status(answer.status);
      res.append("Content-Type", "text/plain");
      res.end(answer.text);
    } catch (error) {
      next(error);
    }
  });
  app.use(ignoreErrorsOfRefusedRequests());
  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    errors.push(error);
    if (!res.headersSent) res.status(500).end();
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const harness: Harness = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reads,
    errors,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  harnesses.push(harness);
  return harness;
}

/** POSTs `size` bytes in `pieces` chunks (chunked unless `contentLength`); the status, or "closed" without one. */
function post(url: string, size: number, { contentLength = false, pieces = 4 } = {}): Promise<{ status: number | "closed"; body: string }> {
  return new Promise((resolve) => {
    const headers: http.OutgoingHttpHeaders = { "Content-Type": "application/x-www-form-urlencoded" };
    if (contentLength) headers["Content-Length"] = String(size);
    const request = http.request(url, { method: "POST", headers, agent: false });
    let result: { status: number | "closed"; body: string } = { status: "closed", body: "" };
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (piece: string) => (body += piece));
      response.on("end", () => (result = { status: response.statusCode ?? 0, body }));
    });
    request.on("error", () => undefined);
    request.on("close", () => resolve(result));
    const piece = Math.ceil(size / pieces);
    let left = size;
    const write = () => {
      while (left > 0) {
        const n = Math.min(piece, left);
        left -= n;
        if (!request.write(Buffer.alloc(n, "a"))) return void request.once("drain", write);
      }
      request.end();
    };
    write();
  });
}

describe("limitRequestBodies", () => {
  it("lets a body up to the cap through to the reader, whole", async () => {
    const h = await start();
    expect(await post(`${h.url}/form`, 1000, { contentLength: true })).toEqual({ status: 200, body: "read 1000" });
    expect(await post(`${h.url}/form`, 1000)).toEqual({ status: 200, body: "read 1000" });
    expect(h.errors).toEqual([]);
  });

  it("refuses a Content-Length over the cap with 413 before the handler runs", async () => {
    const h = await start();
    expect(await post(`${h.url}/form`, 1001, { contentLength: true })).toEqual({ status: 413, body: TOO_LARGE_MESSAGE });
    expect(h.reads).toEqual([]);
  });

  it("cuts a chunked body off at the cap: 413, the reader fails instead of seeing a short body, no error escapes", async () => {
    const h = await start();
    expect(await post(`${h.url}/form`, 50_000, { pieces: 50 })).toEqual({ status: 413, body: TOO_LARGE_MESSAGE });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.reads).toHaveLength(1);
    expect(h.reads[0]!.error).toContain(TOO_LARGE_MESSAGE);
    expect(h.errors).toEqual([]);
  });

  it("gives an upload prefix its own cap", async () => {
    const h = await start();
    expect(await post(`${h.url}/upload/song`, 4000, { contentLength: true })).toEqual({ status: 200, body: "read 4000" });
    expect((await post(`${h.url}/upload/song`, 5001, { contentLength: true })).status).toBe(413);
    expect((await post(`${h.url}/upload/../form`, 4000, { contentLength: true })).status).toBe(413);
  });
});

describe("request targets Remix can turn into a URL", () => {
  it("accepts a path under a plain Host, refuses bad Hosts and absolute or scheme-relative targets", async () => {
    const { isOriginForm } = await import("~/platform/http/input-hygiene.server");
    expect(isOriginForm("/auth?mode=otp", "localhost:3000")).toBe(true);
    expect(isOriginForm("/", "hits.example")).toBe(true);
    expect(isOriginForm("/", "a b c")).toBe(false);
    expect(isOriginForm("/", "127.0.0.1:99999")).toBe(false);
    expect(isOriginForm("/", "héllo.example")).toBe(false);
    expect(isOriginForm("/", undefined)).toBe(false);
    expect(isOriginForm("http://hits.example/theme", "hits.example")).toBe(false);
    expect(isOriginForm("//evil.example/x", "hits.example")).toBe(false);
  });
});
