/**
 * Auth over real HTTP: the cross-site request guard and the per-request
 * cookie scope as Express middleware, then the whole server (when a build
 * exists): 403 for foreign posts, cookie flags, no token in any page, and
 * codes only in DATA_DIR/messages and the log.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_BODY, isForeignRequest, rejectCrossOriginRequests } from "~/auth/origin-check.server";
import { authRequestScope, requestContext } from "~/auth/request-context.server";
import { authCookieOptions } from "~/platform/auth/cookies.server";
import { outboxPath } from "~/platform/messages/local.server";
import { startServer, type ServerProcess } from "../support/server-process";
import { latestCode } from "../support/messages";
import { usingPostgres } from "../support/database";

describe("cross-site request guard", () => {
  const ours = "https://hits.example";
  it.each([
    ["POST", { origin: "https://evil.example" }, true],
    ["POST", { origin: "null" }, true],
    ["POST", { secFetchSite: "cross-site" }, true],
    ["POST", { secFetchSite: "same-site", origin: ours }, true],
    ["DELETE", { origin: "http://hits.example" }, true],
    ["POST", { origin: ours, secFetchSite: "same-origin" }, false],
    ["POST", { secFetchSite: "none" }, false],
    ["POST", {}, false],
    ["GET", { origin: "https://evil.example", secFetchSite: "cross-site" }, false],
  ] as const)("%s with %o is foreign: %s", (method, headers, foreign) => {
    expect(isForeignRequest({ method, expectedOrigin: ours, ...headers })).toBe(foreign);
  });
});

describe("auth middleware over HTTP", () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", true);
    app.use(rejectCrossOriginRequests());
    app.use(authRequestScope());
    app.all("/session", async (req, res) => {
      // As a guard deep inside a loader would: no access to `res`, only the scope.
      await Promise.resolve();
      const { jar, clientAddress } = requestContext(new Request(`http://x${req.url}`));
      jar.set({ name: "sb-test-auth-token", value: "rotated", options: authCookieOptions(60) });
      // The route's own (stale) cookie of the same name loses to the scope's.
      res.append("Set-Cookie", "sb-test-auth-token=stale; Path=/");
      res.append("Set-Cookie", "hf_other=kept; Path=/");
      res.json({ seen: jar.get("sb-test-auth-token"), clientAddress });
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it("refuses a cross-origin POST with 403 before any route runs", async () => {
    const response = await fetch(`${base}/session`, { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe(FORBIDDEN_BODY);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("knows its public origin behind a trusted proxy", async () => {
    const proxied = { "X-Forwarded-Host": "hits.example", "X-Forwarded-Proto": "https" };
    const ok = await fetch(`${base}/session`, { method: "POST", headers: { ...proxied, Origin: "https://hits.example" } });
    expect(ok.status).toBe(200);
    const foreign = await fetch(`${base}/session`, { method: "POST", headers: { ...proxied, Origin: base } });
    expect(foreign.status).toBe(403);
  });

  it("lets a same-origin POST through and appends the scope's cookies, last value winning", async () => {
    const response = await fetch(`${base}/session`, { method: "POST", headers: { Origin: base, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": "203.0.113.9" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ seen: "rotated", clientAddress: "203.0.113.9" });
    const cookies = response.headers.getSetCookie();
    expect(cookies.filter((c) => c.startsWith("sb-test-auth-token="))).toHaveLength(1);
    expect(cookies.find((c) => c.startsWith("sb-test-auth-token="))).toMatch(/^sb-test-auth-token=rotated; Path=\/; Max-Age=60; Expires=.+; HttpOnly; SameSite=Lax$/);
    expect(cookies).toContain("hf_other=kept; Path=/");
    expect(response.headers.get("Cache-Control")).toContain("no-store");
  });
});

const buildDir = path.resolve(__dirname, "../..", process.env.BUILD_DIR ?? "build");
const built = fs.existsSync(path.join(buildDir, "server/index.js"));

describe.skipIf(!built || usingPostgres)("the real server", () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-auth-http-"));
    server = await startServer({ DATA_DIR: dataDir, DEMO_PASSWORD: "http-test-password", BUILD_DIR: buildDir });
  }, 120_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function formFields(pathname: string): Promise<Record<string, string>> {
    const html = await (await fetch(`${server.url}${pathname}`)).text();
    const stamp = /name="from__confirm"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="from__confirm"/.exec(html);
    return { name__confirm: "", from__confirm: stamp?.[1] ?? stamp?.[2] ?? "" };
  }

  it("refuses cross-site posts to any route with 403", async () => {
    for (const pathname of ["/auth/sign-out", "/auth?mode=sign-in", "/theme"]) {
      const foreign = await fetch(`${server.url}${pathname}`, { method: "POST", redirect: "manual", headers: { Origin: "https://evil.example" } });
      expect(foreign.status).toBe(403);
      const crossSite = await fetch(`${server.url}${pathname}`, { method: "POST", redirect: "manual", headers: { "Sec-Fetch-Site": "cross-site" } });
      expect(crossSite.status).toBe(403);
    }
    const same = await fetch(`${server.url}/auth/sign-out`, { method: "POST", redirect: "manual", headers: { Origin: server.url } });
    expect(same.status).toBe(302);
    expect(same.headers.get("Location")).toBe("/auth");
  });

  it("signs in with HttpOnly, SameSite=Lax, Secure cookies and never puts a token in a page", async () => {
    const body = new URLSearchParams({
      ...(await formFields("/auth")),
      intent: "sign-in",
      identifier: "member@demo.hitfactory.test",
      password: "http-test-password",
    });
    const signIn = await fetch(`${server.url}/auth?mode=sign-in`, { method: "POST", body, redirect: "manual", headers: { Origin: server.url } });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("Location")).toBe("/dashboard");
    const authCookie = signIn.headers.getSetCookie().find((c) => c.startsWith("sb-local-auth-token="))!;
    expect(authCookie).toContain("HttpOnly");
    expect(authCookie).toContain("Secure");
    expect(authCookie).toContain("SameSite=Lax");
    const cookie = authCookie.split(";")[0]!;

    // The cookie's signed payload holds the tokens: none of them may appear in HTML or data.
    const payload = JSON.parse(Buffer.from(decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!, "base64url").toString());
    for (const pathname of ["/dashboard", "/dashboard.data", "/", "/test-phone-auth"]) {
      const page = await fetch(`${server.url}${pathname}`, { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).not.toContain(payload.access_token);
      expect(text).not.toContain(payload.refresh_token);
      expect(text).not.toMatch(/eyJ[\w-]+\.eyJ/);
    }

    // Continue Session rotates the refresh token; the new cookie rides the response.
    const extend = await fetch(`${server.url}/auth/keep-alive`, {
      method: "POST",
      body: new URLSearchParams({ intent: "extend" }),
      headers: { Cookie: cookie, Origin: server.url },
    });
    expect(extend.status).toBe(200);
    expect(await extend.json()).toMatchObject({ ok: true });
    const rotated = extend.headers.getSetCookie().find((c) => c.startsWith("sb-local-auth-token="))!;
    expect(rotated.split(";")[0]).not.toBe(cookie);
  });

  it("puts a code only in DATA_DIR/messages/outbox.jsonl (0600) and the server log, never in a page", async () => {
    const body = new URLSearchParams({ ...(await formFields("/auth?mode=otp")), intent: "otp-request", identifier: "ar@demo.hitfactory.test" });
    const sent = await fetch(`${server.url}/auth?mode=otp`, { method: "POST", body, redirect: "manual", headers: { Origin: server.url } });
    expect(sent.status).toBe(302);
    const pending = sent.headers.getSetCookie().find((c) => c.startsWith("hf_auth_pending="))!.split(";")[0]!;

    const code = await latestCode(dataDir, "ar@demo.hitfactory.test");
    expect((fs.statSync(outboxPath(dataDir)).mode & 0o777).toString(8)).toBe("600");
    expect(server.output()).toMatch(new RegExp(`\\[messages\\] email to ar@demo\\.hitfactory\\.test .*Your sign-in code: .*code is ${code}`));
    // The browser that asked sees where the code went, masked; the old outbox page is gone.
    const verify = await (await fetch(`${server.url}/auth?mode=otp&step=verify`, { headers: { Cookie: pending } })).text();
    expect(verify).toContain("a***@demo.hitfactory.test");
    expect(verify).not.toContain(code);
    expect((await fetch(`${server.url}/auth/outbox`, { headers: { Cookie: pending } })).status).toBe(404);
  });
});
