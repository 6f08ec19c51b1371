/**
 * Loader timings in Server-Timing (issue 15 §5, ADR 0094): every response
 * whose request ran loaders reports each one as
 * `loader;desc="<route id>";dur=<ms>`, pages and their single-fetch .data
 * alike, guarded routes whose guard refused too; valid header syntax, and
 * nothing from the request (path parameters, query secrets) in it.
 *
 * Through the app's real request handler (tests/support/app-handler.ts,
 * which writes the header as server.ts's request scope does), and on the real
 * server process when a production build is there (BUILD_DIR).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalUser } from "~/auth/users.server";
import { parseServerTiming } from "~/platform/http/server-timing";
import { createAppHandler, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, usingPostgres, useTestRuntime, type TestDatabase } from "../support/database";
import { BUILT_SERVER, COMPILED_SERVER, startServer, type ServerProcess } from "../support/server-process";

const PASSWORD = "server-timing-password";
const SECRET = "Sup3rSecretOfferToken0123456789abcdef";

let database: TestDatabase;
let app: AppHandler;
let admin: TestClient;
let anonymous: TestClient;

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  app = await createAppHandler();
  const email = "timing-admin@example.test";
  const user = await createLocalUser(database.db, { email, password: PASSWORD, displayName: "Tia Timing", role: "admin", confirmed: true });
  await database.db
    .insertInto("profiles")
    .values({ user_id: user.id, role: "admin", is_admin: true, display_name: "Tia Timing", onboarding_completed: true, links: "[]" })
    .execute();
  admin = new TestClient(app);
  await admin.signIn(email, PASSWORD);
  anonymous = new TestClient(app);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** RFC 9110 token and quoted-string: each entry `name;desc="...";dur=<number>`. */
const ENTRY = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+;desc="(?:[^"\\\x00-\x1f]|\\.)*";dur=\d+(?:\.\d)?$/;

async function timingOf(client: TestClient, target: string) {
  const response = await client.get(target);
  await response.text();
  const header = response.headers.get("server-timing");
  return { status: response.status, header, loaders: parseServerTiming(header) };
}

describe("Server-Timing on the request handler", () => {
  it("reports root's and the page's loaders on a document, as valid entries", async () => {
    const { status, header, loaders } = await timingOf(anonymous, "/music-catalog");
    expect(status).toBe(200);
    for (const entry of header!.split(", ")) expect(entry).toMatch(ENTRY);
    expect(loaders.map((metric) => metric.name)).toEqual(["loader", "loader"]);
    expect(loaders.map((metric) => metric.description).sort()).toEqual(["root", "routes/catalogue/music-catalog"]);
    for (const metric of loaders) expect(metric.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("reports the loaders a client-side navigation's .data request ran", async () => {
    const { status, loaders } = await timingOf(anonymous, "/music-catalog.data");
    expect(status).toBe(200);
    expect(loaders.map((metric) => metric.description).sort()).toEqual(["root", "routes/catalogue/music-catalog"]);
    const revalidation = await timingOf(anonymous, `/music-catalog.data?_routes=${encodeURIComponent("routes/catalogue/music-catalog")}`);
    expect(revalidation.loaders.map((metric) => metric.description)).toEqual(["routes/catalogue/music-catalog"]);
  });

  it("names the admin layout and page for an admin", async () => {
    const { status, loaders } = await timingOf(admin, "/admin/flags");
    expect(status).toBe(200);
    expect(loaders.map((metric) => metric.description).sort()).toEqual(["root", "routes/admin/flags", "routes/admin/layout"]);
  });

  it("times a loader whose guard refused (the redirect is what the browser waited for)", async () => {
    const { status, loaders } = await timingOf(anonymous, "/admin/flags");
    expect(status).toBe(302);
    expect(loaders.map((metric) => metric.description)).toContain("routes/admin/flags");
  });

  it("carries route ids only: no path parameter, no query secret", async () => {
    for (const target of [`/song/${SECRET}`, `/accept?token=${SECRET}`, `/listen/${SECRET}`, `/music-catalog?code=${SECRET}&q=x`]) {
      const { header } = await timingOf(anonymous, target);
      expect(header, target).toBeTruthy();
      expect(header, target).not.toContain(SECRET);
      for (const metric of parseServerTiming(header)) expect(metric.description, target).toMatch(/^(root|routes\/[a-z0-9/-]+)$/);
    }
  });

  it("reports a route module mounted at several paths by its file", async () => {
    const { loaders } = await timingOf(anonymous, "/test-phone-auth");
    expect(loaders.map((metric) => metric.description)).toContain("routes/auth/phone-test");
  });
});

const built = fs.existsSync(BUILT_SERVER) && fs.existsSync(COMPILED_SERVER);

describe.skipIf(!built || usingPostgres)("Server-Timing on the real server", () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-server-timing-"));
    server = await startServer({ DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD });
  }, 120_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends the loaders' timings with a page and its .data, and none with a static file", async () => {
    for (const target of ["/members", "/members.data"]) {
      const response = await fetch(new URL(target, server.url), { redirect: "manual" });
      await response.text();
      const descriptions = parseServerTiming(response.headers.get("server-timing")).map((metric) => metric.description);
      expect(descriptions, target).toContain("root");
      expect(descriptions, target).toContain("routes/members/directory");
    }
    const file = await fetch(new URL("/favicon.svg", server.url));
    await file.text();
    expect(file.headers.get("server-timing")).toBeNull();
  });
});
