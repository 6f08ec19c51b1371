/**
 * Starts the real server (server.ts as the build compiled it, production mode,
 * built assets) as a child process, for tests of process behaviour: locking,
 * health, shutdown, the npm scripts.
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

/**
 * The production build the server serves: server.ts reads BUILD_DIR (default
 * build) from the environment the child inherits, so a test can run on its
 * own build (BUILD_DIR=build-b npm run build) beside others.
 */
export const BUILT_SERVER = path.resolve(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js");

/** server.ts compiled by the build (npm run build): what `npm run serve` runs in production. */
export const COMPILED_SERVER = path.resolve(ROOT, process.env.BUILD_DIR ?? "build", "server.js");

export interface StartOptions {
  waitForReady?: boolean;
  /** What to run; the compiled server by default, e.g. ["npm", "run", "serve"] to test the npm script. */
  command?: string[];
}

export function startServer(
  env: Record<string, string>,
  { waitForReady = true, command = [process.execPath, COMPILED_SERVER] }: StartOptions = {},
): Promise<ServerProcess> {
  const [file, ...args] = command;
  const child = spawn(file, args, {
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
