/**
 * The production build as a child process, for benchmarks that measure the
 * real server from a second process (`npm run build` first).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");

export interface BuiltServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs = 180_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`The server did not start in ${timeoutMs} ms:\n${seen}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off("data", onData);
        resolve(match);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (seen += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`The server exited (${code}):\n${seen}`)));
  });
}

/** Starts build/server.js in production mode on a free loopback port with `env` on top of ours. */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  if (!fs.existsSync(path.join(BUILD_DIR, "server.js"))) throw new Error(`No production build in ${BUILD_DIR}: run \`npm run build\` first.`);
  const child = spawn(process.execPath, [path.join(BUILD_DIR, "server.js")], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_REQUESTS: "false", BUILD_DIR, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const match = await waitForLine(child, /running at http:\/\/localhost:(\d+)/);
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url: `http://127.0.0.1:${match[1]}`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
