/**
 * The npm scripts a person or a process manager runs, as real processes:
 * SIGTERM sent to `npm run serve` (npm itself, as a process manager would)
 * stops the server and frees DATA_DIR; `npm start` refuses before building
 * while a server runs on the same DATA_DIR. Needs the production build.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPILED_SERVER, startServer, type ServerProcess } from "../support/server-process";
import { usingPostgres } from "../support/database";

const ROOT = path.resolve(__dirname, "../..");
const built = fs.existsSync(COMPILED_SERVER);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

describe.skipIf(!built || usingPostgres)("npm scripts as processes", () => {
  let dataDir: string;
  let viaNpm: ServerProcess;
  /** The node server npm started: the pid in the data-dir lock (npm's own pid is another). */
  let serverPid: number;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-npm-"));
    viaNpm = await startServer({ DATA_DIR: dataDir, DEMO_PASSWORD: "npm-script-password" }, { command: ["npm", "run", "serve"] });
    started.push(viaNpm);
    serverPid = Number(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8"));
  }, 120_000);

  afterAll(async () => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill("SIGKILL");
    if (serverPid && isRunning(serverPid)) process.kill(serverPid, "SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("npm start refuses before building while a server runs on the same DATA_DIR", async () => {
    expect(viaNpm.child.pid).not.toBe(serverPid);
    // A build target of its own: if the refusal came after the build, the build would show up here.
    const buildDir = `build-refusal-${process.pid}`;
    try {
      const child = spawn("npm", ["start"], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, BUILD_DIR: buildDir, DATABASE_URL: "", PORT: "0" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).toBe(1);
      expect(output).toContain(`The data directory ${dataDir} is in use by another process (pid ${serverPid}).`);
      expect(fs.existsSync(path.join(ROOT, buildDir))).toBe(false);
      expect(fs.existsSync(path.join(ROOT, ".builds", buildDir))).toBe(false);
    } finally {
      fs.rmSync(path.join(ROOT, buildDir), { recursive: true, force: true });
      fs.rmSync(path.join(ROOT, ".builds", buildDir), { recursive: true, force: true });
    }
    // The running server was not disturbed.
    expect((await fetch(`${viaNpm.url}/healthz`)).status).toBe(200);
  }, 60_000);

  it("SIGTERM sent to npm run serve stops the server and frees DATA_DIR within seconds", async () => {
    viaNpm.child.kill("SIGTERM");
    // npm reports the server's own clean exit, as a process manager should see it.
    expect(await viaNpm.exited).toBe(0);
    expect(await waitUntil(() => !isRunning(serverPid), 5_000)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    expect(viaNpm.output()).toContain("Stopped cleanly.");

    // A new server can open the same DATA_DIR.
    const next = await startServer({ DATA_DIR: dataDir });
    started.push(next);
    expect((await fetch(`${next.url}/healthz`)).status).toBe(200);
    next.child.kill("SIGTERM");
    expect(await next.exited).toBe(0);
  }, 60_000);
});
