/**
 * What the offline service worker reads from the server (ADR 0095), through
 * the app's real request handler on a seeded database:
 *  - every response of a request that ended a session says so
 *    (Hit-Factory-Session: ended): sign-out, an expired session on a public
 *    page, a keep-alive after expiry; nothing else says it;
 *  - the public pages it keeps are storable as an anonymous visitor gets
 *    them (the catalogue, a song, their data, the offline page), and never as
 *    a member gets them (private, no-store), by the worker's own rule (isStorable).
 * Plus the request scope's rule on its own: clearing a session cookie signals,
 * rotating it or clearing another cookie does not.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_ENDED, SESSION_SIGNAL_HEADER } from "~/auth/session-signal";
import { authRequestScope, requestContext } from "~/auth/request-context.server";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { isStorable } from "~/enhance/offline/sw-policy";
import { authCookieOptions } from "~/platform/auth/cookies.server";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "offline-signals-password";
let database: TestDatabase;
let app: AppHandler;
let liveSongId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  app = await createAppHandler();
  const song = await database.db.selectFrom("songs").select("id").where("status", "=", "catalogue").executeTakeFirstOrThrow();
  liveSongId = song.id;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const signal = (response: Response) => response.headers.get(SESSION_SIGNAL_HEADER);

async function memberClient(): Promise<TestClient> {
  const client = new TestClient(app, { address: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  await client.signIn(demoAccount("member").email, PASSWORD);
  return client;
}

describe("the session-ended signal", () => {
  it("is on the sign-out's answer (and its cookies are cleared there)", async () => {
    const member = await memberClient();
    const page = await member.get("/music-catalog");
    await page.text();
    expect(signal(page)).toBeNull();

    const response = await member.post("/auth/sign-out", {});
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/auth");
    expect(signal(response)).toBe(SESSION_ENDED);
    expect(member.jar.names().filter((name) => name.startsWith("sb-"))).toEqual([]);
  });

  it("is on the answer that finds the session expired, a public page's included", async () => {
    const member = await memberClient();
    // The idle clock, aged past the timeout, as the server would find it after 15 quiet minutes.
    await sql`update public.session_activity set last_active_at = now() - interval '2 hours'`.execute(database.db);
    const response = await member.get("/music-catalog");
    expect(response.status).toBe(302);
    expect(locationOf(response)).toMatch(/^\/auth\?redirect=/);
    expect(signal(response)).toBe(SESSION_ENDED);
  });

  it("is on the keep-alive's 401 for an expired session", async () => {
    const member = await memberClient();
    await sql`update public.session_activity set last_active_at = now() - interval '2 hours'`.execute(database.db);
    const response = await member.post("/auth/keep-alive", { intent: "ping" });
    expect(response.status).toBe(401);
    expect(signal(response)).toBe(SESSION_ENDED);
  });

  it("is on no ordinary answer: anonymous pages, a member's pages, a sign-in", async () => {
    const anonymous = new TestClient(app);
    for (const path of ["/", "/music-catalog", `/song/${liveSongId}`, "/offline", "/auth"]) {
      const response = await anonymous.get(path);
      await response.text();
      expect(signal(response), path).toBeNull();
    }
    const member = new TestClient(app, { address: "10.8.0.1" });
    const hidden = await member.honeypotFields("/auth");
    const signIn = await member.post("/auth", { intent: "sign-in", identifier: demoAccount("member").email, password: PASSWORD, ...hidden });
    expect(signIn.status).toBe(302);
    expect(signal(signIn)).toBeNull();
    for (const path of ["/dashboard", "/music-catalog", "/music-catalog.data"]) {
      const response = await member.get(path);
      await response.text();
      expect(signal(response), path).toBeNull();
    }
  });
});

describe("what the worker may keep, by its own rule", () => {
  it("keeps the public pages and their data as an anonymous visitor gets them", async () => {
    const anonymous = new TestClient(app);
    const kept: [string, "page" | "page-data"][] = [
      ["/music-catalog", "page"],
      ["/music-catalog?search=love", "page"],
      [`/song/${liveSongId}`, "page"],
      ["/offline", "page"],
      ["/music-catalog.data", "page-data"],
      [`/song/${liveSongId}.data`, "page-data"],
    ];
    for (const [path, kind] of kept) {
      const response = await anonymous.get(path);
      await response.text();
      expect(response.status, path).toBe(200);
      // Today they carry no Cache-Control at all (ADR 0095): nothing against keeping them.
      expect(response.headers.get("cache-control"), path).toBeNull();
      expect(isStorable(response, kind), path).toBe(true);
    }
  });

  it("never keeps a member's copy of them, nor a member's own pages", async () => {
    const member = await memberClient();
    const refused: [string, "page" | "page-data"][] = [
      ["/music-catalog", "page"],
      [`/song/${liveSongId}`, "page"],
      ["/offline", "page"],
      ["/dashboard", "page"],
      ["/profile", "page"],
      ["/music-catalog.data", "page-data"],
      ["/dashboard.data", "page-data"],
    ];
    for (const [path, kind] of refused) {
      const response = await member.get(path);
      await response.text();
      expect(response.status, path).toBe(200);
      expect(isStorable(response, kind), path).toBe(false);
    }
  });

  it("never keeps the offline page's answer to a POST, an unknown song, or a redirect", async () => {
    const anonymous = new TestClient(app);
    for (const response of [await anonymous.post("/offline", {}), await anonymous.get("/song/00000000-0000-4000-8000-000000000000"), await anonymous.get("/catalog")]) {
      await response.text();
      expect(isStorable(response, "page")).toBe(false);
    }
  });
});

describe("the request scope's rule", () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const express_ = express();
    express_.use(authRequestScope());
    express_.get("/:what", (req, res) => {
      const { jar } = requestContext(new Request(`http://x${req.url}`));
      if (req.params.what === "clear") jar.set({ name: "sb-test-auth-token", value: "", options: authCookieOptions(0) });
      if (req.params.what === "expire") jar.set({ name: "sb-test-auth-token", value: "stale", options: authCookieOptions(-1) });
      if (req.params.what === "rotate") jar.set({ name: "sb-test-auth-token", value: "rotated", options: authCookieOptions(3600) });
      if (req.params.what === "other") jar.set({ name: "hf_toast", value: "", options: authCookieOptions(0) });
      res.send("ok");
    });
    server = http.createServer(express_);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it.each([
    ["clear", SESSION_ENDED],
    ["expire", SESSION_ENDED],
    ["rotate", null],
    ["other", null],
    ["nothing", null],
  ])("%s a cookie: %s", async (what, expected) => {
    const response = await fetch(`${base}/${what}`, { headers: { Cookie: "sb-test-auth-token=old" } });
    expect(response.headers.get(SESSION_SIGNAL_HEADER)).toBe(expected);
  });
});
