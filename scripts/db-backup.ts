/**
 * npm run db:backup: a consistent backup of the embedded database and local
 * files into DATA_DIR/backups/ (docs/decisions/0098). A running server on
 * DATA_DIR is asked to write it (it holds the data dir's lock); with none
 * running this takes the lock and writes it itself. PostgreSQL: pg_dump.
 */
import "../app/platform/load-dotenv.server";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../app/platform/env.server";
import { openDatabase } from "../app/platform/db/connect.server";
import { dataDirHolder } from "../app/platform/db/data-dir-lock.server";
import { localStorageRoot } from "../app/platform/storage/index.server";
import { PG_DUMP_HINT, createBackup, describeBackup, type BackupResult } from "../app/platform/backup/backup.server";
import { BackupRequestError, requestBackupFromServer } from "../app/platform/backup/requests.server";
import { runScript } from "./run-script";

await runScript(async () => {
  const env = getEnv();
  if (env.DATABASE_URL) {
    console.error(`db:backup backs up the embedded database. ${PG_DUMP_HINT}`);
    process.exit(1);
  }
  const storageRoot = env.backend === "local" ? localStorageRoot(env.dataDir) : null;
  const holder = dataDirHolder(env.dataDir);
  let result: BackupResult;
  if (holder !== null) {
    console.log(`Asking the server running on ${env.dataDir} (pid ${holder}) to write a backup...`);
    try {
      result = await requestBackupFromServer(env.dataDir, holder);
    } catch (error) {
      if (!(error instanceof BackupRequestError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
  } else {
    if (!fs.existsSync(path.join(env.dataDir, "pgdata"))) {
      console.error(`There is no embedded database in ${env.dataDir} yet: nothing to back up.`);
      process.exit(1);
    }
    // No server: take the lock (a server starting now refuses) and back up directly.
    const database = await openDatabase({ dataDir: env.dataDir, lock: true });
    try {
      let secret = env.SESSION_SECRET;
      if (!secret) {
        try {
          secret = fs.readFileSync(path.join(env.dataDir, "session-secret"), "utf8").trim() || undefined;
        } catch {
          secret = undefined;
        }
      }
      result = await createBackup({ database, dataDir: env.dataDir, storageRoot, sessionSecret: secret });
    } finally {
      await database.close();
    }
  }
  for (const line of describeBackup(result)) console.log(line);
  console.log(`Restore it into a stopped, empty DATA_DIR with: npm run db:restore -- ${result.file}`);
});
