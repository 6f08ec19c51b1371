/**
 * npm run db:reset: wipe the embedded database (and local files) in DATA_DIR.
 * Refuses to touch a DATABASE_URL database: that is never ours to drop.
 */
import "../app/platform/load-dotenv.server";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../app/platform/env.server";
import { lockDataDir } from "../app/platform/db/data-dir-lock.server";
import { runScript } from "./run-script";

await runScript(async () => {
  const env = getEnv();
  if (env.DATABASE_URL) {
    console.error("db:reset only wipes the embedded database; DATABASE_URL is set, so nothing was done.");
    process.exit(1);
  }
  // Taking the lock first means a running server makes this fail loudly.
  const lock = lockDataDir(env.dataDir);
  for (const entry of ["pgdata", "storage", "demo-credentials.txt"]) {
    fs.rmSync(path.join(env.dataDir, entry), { recursive: true, force: true });
  }
  lock.release();
  console.log(`Wiped the embedded data in ${env.dataDir}. The next start migrates and seeds afresh.`);
});
