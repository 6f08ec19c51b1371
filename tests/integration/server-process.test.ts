/**
 * The server as a process: a second server on the same DATA_DIR refuses to
 * start, SIGTERM stops it cleanly within 10 s, and nothing written is lost.
 * Needs the production build (npm test builds before it runs vitest).
 */
import { DEMO_SUSPENDED_EMAIL } from "~/admin/users-seed.server";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/platform/db/connect.server";
import { sql } from "kysely";
import { COMPILED_SERVER, startServer, type ServerProcess } from "../support/server-process";
import { usingPostgres } from "../support/database";
import { DEMO_ACCOUNTS } from "~/demo/accounts";
import { DEMO_MEMBERS } from "~/demo/members-data";
import { DEMO_AR_REGISTRANT_EMAILS } from "~/ar/registration-demo";
import { DEMO_APPLICANTS } from "~/applications/seed-applications.server";

const built = fs.existsSync(COMPILED_SERVER);

describe.skipIf(!built || usingPostgres)("server process on the embedded database", () => {
  let dataDir: string;
  let first: ServerProcess;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-server-"));
    first = await startServer({ DATA_DIR: dataDir, DEMO_PASSWORD: "process-test-password" });
  }, 120_000);

  afterAll(async () => {
    if (first && first.child.exitCode === null) first.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists the demo accounts but never prints or writes a password the operator set", () => {
    expect(first.output()).toContain("admin@demo.hitfactory.test");
    expect(first.output()).toContain("Demo accounts (password: the one set in DEMO_PASSWORD)");
    expect(first.output()).not.toContain("process-test-password");
    const file = fs.readFileSync(path.join(dataDir, "demo-credentials.txt"), "utf8");
    expect(file).not.toContain("process-test-password");
    expect(file).toContain("applicant@demo.hitfactory.test");
  });

  it("answers /healthz with 200 once the database is ready", async () => {
    const response = await fetch(`${first.url}/healthz`);
    expect(response.status).toBe(200);
  });

  it("refuses a second server on the same DATA_DIR, naming the holder", async () => {
    const second = await startServer({ DATA_DIR: dataDir }, { waitForReady: false });
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(`in use by another process (pid ${first.child.pid})`);
  }, 60_000);

  it("stops within 10 s on SIGTERM, finishing in-flight work, and keeps what was written", async () => {
    // A request is in flight when the signal arrives; it must still complete. The signal is sent
    // once the request has been written to an open connection (a connection with no request yet
    // counts as idle, and shutdown closes idle connections: that would test the network, not the drain).
    const { inFlight, sent } = requestOnOpenConnection(`${first.url}/`);
    await sent;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    first.child.kill("SIGTERM");
    expect(await inFlight).toBe(200);
    const code = await first.exited;
    const elapsed = Date.now() - started;
    expect(code).toBe(0);
    expect(elapsed).toBeLessThan(10_000);
    expect(first.output()).toContain("Stopped cleanly.");
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);

    const reopened = await openDatabase({ dataDir });
    try {
      // The demo accounts are there (the seed's other members, A&R registrants and applicants too): what was written before the stop is kept.
      const users = await sql<{ count: number }>`select count(*)::int as count from auth.users where email like '%@demo.hitfactory.test'`.execute(reopened.db);
      expect(users.rows[0].count).toBe(DEMO_ACCOUNTS.length + DEMO_MEMBERS.length + DEMO_AR_REGISTRANT_EMAILS.length + DEMO_APPLICANTS.length + [DEMO_SUSPENDED_EMAIL].length);
    } finally {
      await reopened.close();
    }
  }, 30_000);
});

/** A GET whose request is fully written to a connected socket when `sent` resolves; `inFlight` gives the status. */
function requestOnOpenConnection(url: string): { inFlight: Promise<number>; sent: Promise<void> } {
  let markSent!: () => void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const inFlight = new Promise<number>((resolve, reject) => {
    const request = http.get(url, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.on("finish", () => markSent());
  });
  return { inFlight, sent };
}
