/**
 * npm run db:restore -- <file> [--force]: a backup from db:backup or
 * /admin/backup into a stopped DATA_DIR, verified against its manifest
 * (docs/decisions/0098). --force moves what DATA_DIR holds aside first.
 */
import "../app/platform/load-dotenv.server";
import { getEnv } from "../app/platform/env.server";
import { RestoreError, describeRestore, restoreBackup } from "../app/platform/backup/restore.server";
import { PG_DUMP_HINT } from "../app/platform/backup/backup.server";
import { runScript } from "./run-script";

await runScript(async () => {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((arg) => arg !== "--force");
  if (files.length !== 1 || files[0]!.startsWith("-")) {
    console.error("Usage: npm run db:restore -- <backup.tar.gz> [--force]");
    process.exit(2);
  }
  const env = getEnv();
  if (env.DATABASE_URL) {
    console.error(`db:restore restores the embedded database. ${PG_DUMP_HINT.replace("back it up with pg_dump", "restore with pg_restore")}`);
    process.exit(1);
  }
  try {
    const result = await restoreBackup({ archive: files[0]!, dataDir: env.dataDir, force, sessionSecret: env.SESSION_SECRET });
    for (const line of describeRestore(result, env.dataDir)) console.log(line);
  } catch (error) {
    if (!(error instanceof RestoreError)) throw error;
    console.error(`Nothing was restored: ${error.message}`);
    process.exit(1);
  }
});
