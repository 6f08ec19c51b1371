/**
 * npm run build, and the first half of npm start.
 *
 * Builds the Remix app and the compiled server into a new generation
 * directory, carries the previous build's hashed assets into it, and only then
 * swaps it in atomically (scripts/build/generations.ts). A running server is
 * never left without its files, whether this build succeeds, fails or is
 * interrupted (docs/decisions/0037). A page whose first-load JavaScript is
 * over the budget fails the build (scripts/build/js-budget.ts, 0038).
 *
 *   --refuse-if-data-dir-in-use   (npm start) refuse, with the server's own
 *                                 message, before building anything when a
 *                                 server already runs on DATA_DIR.
 */
import "../app/platform/load-dotenv.server";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { EnvError, parseEnv } from "../app/platform/env.server";
import { DataDirLockedError, assertDataDirFree } from "../app/platform/db/data-dir-lock.server";
import { compileServer } from "./build/compile-server";
import { enforceJsBudget } from "./build/js-budget";
import { buildServiceWorker } from "./build/service-worker";
import {
  buildTarget,
  carryOverAssets,
  createGeneration,
  currentGeneration,
  pruneGenerations,
  recordOwnAssets,
  swapIn,
} from "./build/generations";

const ROOT = process.cwd();
const REMIX_CLI = path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js");

if (process.argv.includes("--refuse-if-data-dir-in-use")) refuseIfDataDirInUse();

const started = performance.now();
const build = buildTarget(process.env.BUILD_DIR ?? "build");
const generation = createGeneration(build);
let remixBuild: ChildProcess | undefined;
let finished = false;

/** Interrupted: stop the Remix build, drop the half-written generation, leave the one in service alone. */
function abandon(reason: string, exitCode: number): never {
  if (!finished) {
    remixBuild?.kill("SIGTERM");
    fs.rmSync(generation, { recursive: true, force: true });
    console.error(`Build ${reason}: the build in service is unchanged.`);
  }
  process.exit(exitCode);
}
process.on("SIGINT", () => abandon("interrupted", 130));
process.on("SIGTERM", () => abandon("interrupted", 143));
// Under `npm start`, npm passes a signal to its shell, not to us: a shell that
// dies leaves this build orphaned (its parent changes). Treat that as a signal.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && abandon("stopped with its parent", 143), 250).unref();

try {
  await runRemixBuild(generation);
  // Fails the build, before anything is swapped, when a page outgrows the budget (docs/decisions/0038).
  enforceJsBudget(generation);
  // The offline service worker, /sw.js, with this build's shell written in (docs/decisions/0095).
  await buildServiceWorker(ROOT, generation);
  await compileServer(ROOT, generation);
  recordOwnAssets(generation);
  const previous = currentGeneration(build);
  const carried = previous ? carryOverAssets(previous, generation) : 0;
  // Everything below runs without yielding to the event loop, so no signal handler can cut it short.
  const replaced = swapIn(build, generation);
  finished = true;
  pruneGenerations(build, [generation, replaced]);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Built ${path.relative(ROOT, build.target) || build.target} in ${seconds} s` +
      (carried ? ` (kept ${carried} assets of the previous build for pages already served)` : ""),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  abandon("failed", 1);
}
process.exit(0);

function runRemixBuild(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    remixBuild = spawn(process.execPath, [REMIX_CLI, "vite:build"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, BUILD_DIR: outDir },
    });
    remixBuild.on("error", reject);
    remixBuild.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`remix vite:build exited with ${signal ?? code}`)),
    );
  });
}

/**
 * The check a server makes when it opens DATA_DIR, made before building: a
 * second `npm start` would otherwise rebuild under the running server first.
 * The environment is read as `npm run serve` will read it.
 */
function refuseIfDataDirInUse(): void {
  try {
    const env = parseEnv({ ...process.env, NODE_ENV: "production" });
    if (env.databaseKind === "pglite") assertDataDirFree(env.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
