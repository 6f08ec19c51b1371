/**
 * `npm run db:backup` against a running server (docs/decisions/0098). The
 * server holds DATA_DIR's lock, so only it may read its database; the script
 * asks it with what only the server's own OS user (or root) can do:
 *
 *   1. write DATA_DIR/backups/requests/<id>.request (the folder is 0700);
 *   2. send SIGUSR2 to the pid in DATA_DIR/server.lock;
 *   3. wait for DATA_DIR/backups/requests/<id>.json, the server's answer
 *      (the archive's path and figures, or an error).
 *
 * SIGUSR2 would end a process that has no handler for it, so the server
 * writes its pid into requests/.accepting once it listens, and the script
 * signals only a holder whose pid is there. No account, no HTTP endpoint.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { isAlive } from "../db/data-dir-lock.server";
import { backupsDirectory, createBackup, type BackupOptions, type BackupResult } from "./backup.server";

export const BACKUP_SIGNAL = "SIGUSR2";

export function requestsDirectory(dataDir: string): string {
  return path.join(backupsDirectory(dataDir), "requests");
}

const acceptingFile = (dataDir: string) => path.join(requestsDirectory(dataDir), ".accepting");

export type BackupAnswer = { ok: true; result: BackupResult } | { ok: false; error: string };

function ensureDirectory(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

function writeAtomically(file: string, text: string) {
  const draft = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(draft, text, { mode: 0o600 });
  fs.renameSync(draft, file);
}

/**
 * Server side: answers every request file on SIGUSR2 with a backup. Returns a
 * function that stops answering (and withdraws the .accepting file).
 */
export function acceptBackupRequests(options: Omit<BackupOptions, "fileName" | "directory">, log: (line: string) => void = console.log): () => void {
  const dir = requestsDirectory(options.dataDir);
  ensureDirectory(dir);
  let running: Promise<void> | null = null;
  let again = false;

  const answerAll = async () => {
    for (const name of fs.readdirSync(dir)) {
      const match = /^([0-9a-f]{16,64})\.request$/.exec(name);
      if (!match) continue;
      const claimed = path.join(dir, `${match[1]}.taken`);
      try {
        // Claimed by renaming: a second signal never answers one request twice.
        fs.renameSync(path.join(dir, name), claimed);
      } catch {
        continue;
      }
      let answer: BackupAnswer;
      try {
        const result = await createBackup(options);
        answer = { ok: true, result };
        log(`Backup written on request: ${result.file} (${result.bytes} bytes, writes held ${result.manifest.heldMs} ms)`);
      } catch (error) {
        answer = { ok: false, error: (error as Error).message };
        log(`A requested backup failed: ${(error as Error).message}`);
      }
      writeAtomically(path.join(dir, `${match[1]}.json`), JSON.stringify(answer));
      fs.rmSync(claimed, { force: true });
    }
  };
  const onSignal = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await answerAll().catch((error) => log(`Backup requests could not be read: ${(error as Error).message}`));
      } while (again);
    })().finally(() => (running = null));
  };
  process.on(BACKUP_SIGNAL, onSignal);
  writeAtomically(acceptingFile(options.dataDir), String(process.pid));
  return () => {
    process.off(BACKUP_SIGNAL, onSignal);
    try {
      if (fs.readFileSync(acceptingFile(options.dataDir), "utf8").trim() === String(process.pid)) fs.rmSync(acceptingFile(options.dataDir), { force: true });
    } catch {
      /* already gone */
    }
  };
}

export class BackupRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRequestError";
  }
}

/** Script side: asks the server `pid` for a backup and waits for its answer. */
export async function requestBackupFromServer(dataDir: string, pid: number, options: { timeoutMs?: number; pollMs?: number } = {}): Promise<BackupResult> {
  const dir = requestsDirectory(dataDir);
  let accepting: number | null = null;
  try {
    accepting = Number.parseInt(fs.readFileSync(acceptingFile(dataDir), "utf8").trim(), 10);
  } catch {
    accepting = null;
  }
  if (accepting !== pid) {
    throw new BackupRequestError(
      `The server holding ${dataDir} (pid ${pid}) does not take backup requests: it was started from a build older than db:backup. Restart it (npm start) and run this again.`,
    );
  }
  ensureDirectory(dir);
  const id = crypto.randomBytes(16).toString("hex");
  const answerFile = path.join(dir, `${id}.json`);
  writeAtomically(path.join(dir, `${id}.request`), JSON.stringify({ id, requestedAt: new Date().toISOString(), by: process.pid }));
  try {
    process.kill(pid, BACKUP_SIGNAL);
  } catch (error) {
    fs.rmSync(path.join(dir, `${id}.request`), { force: true });
    throw new BackupRequestError(`Could not signal the server (pid ${pid}): ${(error as Error).message}. Run this as the user the server runs as.`);
  }
  const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
  for (;;) {
    if (fs.existsSync(answerFile)) {
      const answer = JSON.parse(fs.readFileSync(answerFile, "utf8")) as BackupAnswer;
      fs.rmSync(answerFile, { force: true });
      if (!answer.ok) throw new BackupRequestError(`The server could not write the backup: ${answer.error}`);
      return answer.result;
    }
    if (!isAlive(pid)) {
      fs.rmSync(path.join(dir, `${id}.request`), { force: true });
      throw new BackupRequestError(`The server (pid ${pid}) stopped before it answered.`);
    }
    if (Date.now() > deadline) throw new BackupRequestError("The server did not answer in time; look at its log.");
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
}
