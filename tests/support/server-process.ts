/**
 * Starts the real server (server.ts, production mode, built assets) as a child
 * process, for tests of process behaviour: locking, health, shutdown.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

const ROOT = path.resolve(__dirname, "../..");

export function startServer(env: Record<string, string>, { waitForReady = true } = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_REQUESTS: "false",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const server: ServerProcess = { child, url: "", output: () => output, exited };
  if (!waitForReady) return Promise.resolve(server);
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearInterval(timer);
        server.url = match[1].replace("localhost", "127.0.0.1");
        resolve(server);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });
}
