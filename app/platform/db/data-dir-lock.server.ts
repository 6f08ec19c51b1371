/**
 * An exclusive lock on the embedded database's data dir.
 *
 * PGlite has no lock of its own: two processes on one data dir silently lose
 * each other's writes. The lock file holds the owner's pid; a second server
 * refuses to start and names that pid. A lock left by a dead process is taken over.
 */
import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(public readonly dataDir: string, public readonly pid: number) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${pid}). ` +
        `Stop that process or set DATA_DIR to another directory.`,
    );
    this.name = "DataDirLockedError";
  }
}

/** Whether a process with this pid runs (EPERM: it does, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface DataDirLock {
  release(): void;
}

/** Data dirs this process holds, so a pid match can tell "mine" from "reused". */
const heldHere = new Set<string>();

/**
 * Creates the lock file with its content in one step: the pid is written to a
 * private file first and then hard-linked into place, which fails if a lock
 * exists. A reader therefore never sees an empty, half-written lock.
 */
function tryCreateLock(lockPath: string): boolean {
  const draft = `${lockPath}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(draft, String(process.pid));
  try {
    fs.linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function readHolder(lockPath: string): number | null {
  try {
    const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
    return Number.isFinite(holder) ? holder : null;
  } catch {
    return null;
  }
}

/**
 * Our own pid only counts if this process really holds the lock: after a
 * crash a restarted container often gets the same pid (pid 1) again.
 */
function isHeld(holder: number, key: string): boolean {
  return holder === process.pid ? heldHere.has(key) : isAlive(holder);
}

/**
 * Throws DataDirLockedError, as a server would, when a live process holds
 * `dataDir`; takes nothing and writes nothing. `npm start` asks this before it
 * builds, so a second start cannot rebuild under a running server.
 */
export function assertDataDirFree(dataDir: string): void {
  const holder = readHolder(path.join(dataDir, "server.lock"));
  if (holder !== null && isHeld(holder, path.resolve(dataDir))) throw new DataDirLockedError(dataDir, holder);
}

/** The pid of the live process holding `dataDir`, or null when none does (`npm run db:backup` asks it). */
export function dataDirHolder(dataDir: string): number | null {
  const holder = readHolder(path.join(dataDir, "server.lock"));
  return holder !== null && isHeld(holder, path.resolve(dataDir)) ? holder : null;
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const key = path.resolve(dataDir);
  const lockPath = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreateLock(lockPath)) {
      heldHere.add(key);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(key);
        if (readHolder(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
      };
      process.once("exit", release);
      return { release };
    }
    const holder = readHolder(lockPath);
    if (holder !== null && isHeld(holder, key)) throw new DataDirLockedError(dataDir, holder);
    // Stale lock from a process that died: remove it and try once more.
    fs.rmSync(lockPath, { force: true });
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
