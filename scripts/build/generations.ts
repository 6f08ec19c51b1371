/**
 * Build generations: every build is written to a directory of its own and the
 * build directory (BUILD_DIR, "build") is a symlink to the one in service.
 * Swapping is one rename of a new symlink over the old one, which is atomic:
 * a running server sees the old build or the new one, never a half-written or
 * missing one, and a build that fails or is interrupted leaves the old one in
 * place (docs/decisions/0037).
 *
 *   build -> .builds/build/2026-11-24T17-20-05-123Z-pid4242-Xo3kQa
 */
import fs from "node:fs";
import path from "node:path";

/** Written by each build: the hashed client assets it produced itself (not the ones it carried over). */
const OWN_ASSETS_FILE = "client-assets.json";

export interface BuildTarget {
  /** The path servers read: BUILD_DIR resolved, a symlink once built this way. */
  target: string;
  /** Where this target's generations live. */
  generationsDir: string;
}

export function buildTarget(buildDir: string): BuildTarget {
  const target = path.resolve(buildDir);
  return { target, generationsDir: path.join(path.dirname(target), ".builds", path.basename(target)) };
}

/**
 * A fresh, empty directory for one build, never shared with another. Its name
 * sorts by time and carries the builder's pid, so leftovers of interrupted
 * builds can be told from builds in progress.
 */
export function createGeneration({ generationsDir }: BuildTarget): string {
  fs.mkdirSync(generationsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  return fs.mkdtempSync(path.join(generationsDir, `${stamp}-pid${process.pid}-`));
}

/** The generation the target points to now (for a plain directory from an older build: that directory), or null. */
export function currentGeneration({ target }: BuildTarget): string | null {
  try {
    return fs.realpathSync(target);
  } catch {
    return null;
  }
}

const assetsDir = (build: string) => path.join(build, "client", "assets");

function listFiles(dir: string): string[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

/** Records the assets a fresh build produced, before any are carried into it. */
export function recordOwnAssets(generation: string): void {
  fs.writeFileSync(path.join(generation, OWN_ASSETS_FILE), JSON.stringify(listFiles(assetsDir(generation))));
}

/**
 * Pages rendered by a server still running the previous build name that
 * build's hashed assets; the new build keeps them under the same names. Only
 * the previous build's own assets are carried, so they do not pile up over
 * builds. Hard links: no copying, same bytes. Returns how many were carried.
 */
export function carryOverAssets(previous: string, next: string): number {
  let own: string[];
  try {
    own = JSON.parse(fs.readFileSync(path.join(previous, OWN_ASSETS_FILE), "utf8")) as string[];
  } catch {
    own = listFiles(assetsDir(previous)); // built before generations: all of its assets are its own
  }
  const present = new Set(listFiles(assetsDir(next)));
  fs.mkdirSync(assetsDir(next), { recursive: true });
  let carried = 0;
  for (const name of own) {
    if (present.has(name)) continue;
    const from = path.join(assetsDir(previous), name);
    const to = path.join(assetsDir(next), name);
    try {
      fs.linkSync(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") continue;
      if (code === "EXDEV" || code === "EPERM") fs.copyFileSync(from, to);
      else throw error;
    }
    carried++;
  }
  return carried;
}

/**
 * Points the target at `generation` in one rename and returns where the build
 * it replaced now lives (null if there was none). A target that is still a
 * plain directory (built before generations) is first moved among the
 * generations; that one-time move is the only moment the target is missing.
 */
export function swapIn(buildTarget: BuildTarget, generation: string): string | null {
  const { target, generationsDir } = buildTarget;
  const draft = `${target}.swap-${process.pid}`;
  fs.rmSync(draft, { force: true });
  fs.symlinkSync(path.relative(path.dirname(target), generation), draft);
  try {
    let replaced = currentGeneration(buildTarget);
    const existing = fs.lstatSync(target, { throwIfNoEntry: false });
    if (existing && !existing.isSymbolicLink()) {
      replaced = path.join(generationsDir, `${path.basename(generation)}-replaced`);
      fs.renameSync(target, replaced);
    }
    fs.renameSync(draft, target);
    return replaced;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function builderIsAlive(generation: string): boolean {
  const pid = Number(/-pid(\d+)-/.exec(path.basename(generation))?.[1]);
  if (!Number.isInteger(pid) || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes generations other than `keep` (the one in service and the one before
 * it) and any still being written by another live build. Leftovers of
 * interrupted builds go here too.
 */
export function pruneGenerations({ generationsDir }: BuildTarget, keep: Array<string | null>): string[] {
  const kept = new Set(keep.filter((k): k is string => Boolean(k)).map((k) => path.resolve(k)));
  const removed: string[] = [];
  for (const name of listDirs(generationsDir)) {
    const generation = path.join(generationsDir, name);
    if (kept.has(generation) || builderIsAlive(generation)) continue;
    fs.rmSync(generation, { recursive: true, force: true });
    removed.push(generation);
  }
  return removed;
}

function listDirs(dir: string): string[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
}
