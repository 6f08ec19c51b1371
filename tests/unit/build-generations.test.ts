/**
 * Build generations on a real filesystem (scripts/build/generations.ts): the
 * swap never leaves the build path missing, the previous build's own hashed
 * assets are carried into the next, and leftovers are pruned.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  buildTarget,
  carryOverAssets,
  createGeneration,
  currentGeneration,
  pruneGenerations,
  recordOwnAssets,
  swapIn,
  type BuildTarget,
} from "../../scripts/build/generations";

let root: string;
let build: BuildTarget;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "hf-generations-"));
  build = buildTarget(path.join(root, "build"));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

/** A finished build with these hashed client assets. */
function fakeBuild(assets: string[]): string {
  const generation = createGeneration(build);
  fs.mkdirSync(path.join(generation, "client", "assets"), { recursive: true });
  for (const name of assets) fs.writeFileSync(path.join(generation, "client", "assets", name), name);
  fs.writeFileSync(path.join(generation, "server.js"), `// ${generation}`);
  recordOwnAssets(generation);
  return generation;
}

const assetsIn = (dir: string) => fs.readdirSync(path.join(dir, "client", "assets")).sort();

describe("build generations", () => {
  it("points the build path at the new generation, keeping the old one where it was", () => {
    const first = fakeBuild(["a-1.js"]);
    expect(swapIn(build, first)).toBeNull();
    expect(currentGeneration(build)).toBe(first);
    const second = fakeBuild(["a-2.js"]);
    expect(swapIn(build, second)).toBe(first);
    expect(fs.realpathSync(build.target)).toBe(second);
    expect(fs.existsSync(path.join(first, "server.js"))).toBe(true);
  });

  it("moves a plain build directory from before generations aside, and serves the new one", () => {
    fs.mkdirSync(path.join(build.target, "client", "assets"), { recursive: true });
    fs.writeFileSync(path.join(build.target, "client", "assets", "old-0.js"), "old");
    const next = fakeBuild(["new-1.js"]);
    expect(carryOverAssets(currentGeneration(build)!, next)).toBe(1);
    const replaced = swapIn(build, next);
    expect(fs.lstatSync(build.target).isSymbolicLink()).toBe(true);
    expect(assetsIn(build.target)).toEqual(["new-1.js", "old-0.js"]);
    expect(replaced && fs.readFileSync(path.join(replaced, "client", "assets", "old-0.js"), "utf8")).toBe("old");
  });

  it("carries only the previous build's own assets, so they do not pile up", () => {
    const first = fakeBuild(["app-1.js", "shared.css"]);
    swapIn(build, first);
    const second = fakeBuild(["app-2.js", "shared.css"]);
    expect(carryOverAssets(first, second)).toBe(1);
    expect(assetsIn(second)).toEqual(["app-1.js", "app-2.js", "shared.css"]);
    swapIn(build, second);
    const third = fakeBuild(["app-3.js", "shared.css"]);
    carryOverAssets(second, third);
    // app-1 was carried into the second build, not built by it: the third does not keep it.
    expect(assetsIn(third)).toEqual(["app-2.js", "app-3.js", "shared.css"]);
  });

  it("keeps the build path resolvable for a reader in another process throughout many swaps", async () => {
    const generations = [fakeBuild(["x.js"]), fakeBuild(["x.js"])];
    swapIn(build, generations[0]);
    const probe = path.join(build.target, "server.js");
    // Reads the build path in a tight loop until told to stop; counts the times it was missing.
    const reader = spawn(
      process.execPath,
      [
        "-e",
        `const fs = require("node:fs"); let reads = 0, missing = 0, stop = false;
         process.stdin.on("data", () => (stop = true));
         const loop = () => { for (let i = 0; i < 200; i++) { reads++; try { fs.readFileSync(${JSON.stringify(probe)}); } catch { missing++; } }
           if (stop) { console.log(JSON.stringify({ reads, missing })); process.exit(0); } setImmediate(loop); };
         console.log("ready"); loop();`,
      ],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    let output = "";
    reader.stdout.on("data", (chunk) => (output += chunk));
    await new Promise<void>((resolve) => reader.stdout.once("data", () => resolve()));
    for (let i = 0; i < 500; i++) swapIn(build, generations[i % 2]);
    reader.stdin.write("stop\n");
    await new Promise((resolve) => reader.on("exit", resolve));
    const { reads, missing } = JSON.parse(output.trim().split("\n").pop()!) as { reads: number; missing: number };
    expect(reads).toBeGreaterThan(500);
    expect(missing).toBe(0);
  }, 30_000);

  it("prunes all but the current and previous generation, sparing builds still being written", () => {
    const old = fakeBuild(["o.js"]);
    const previous = fakeBuild(["p.js"]);
    const current = fakeBuild(["c.js"]);
    // A build in progress in another live process (this test's parent), and one left by a dead process.
    const inProgress = path.join(build.generationsDir, `2026-01-01T00-00-00-000Z-pid${process.ppid}-aaaaaa`);
    const abandoned = path.join(build.generationsDir, "2026-01-01T00-00-00-000Z-pid999999999-bbbbbb");
    fs.mkdirSync(inProgress);
    fs.mkdirSync(abandoned);
    // Generations written by this very process count as finished (not "in progress").
    const removed = pruneGenerations(build, [current, previous]);
    expect(removed.sort()).toEqual([abandoned, old].sort());
    expect(fs.existsSync(inProgress)).toBe(true);
  });
});
