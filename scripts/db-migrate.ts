/** npm run db:migrate: apply pending migrations to the configured database. */
import "../app/platform/load-dotenv.server";
import { getEnv } from "../app/platform/env.server";
import { openAndMigrate } from "../app/startup/boot.server";
import { runScript } from "./run-script";

await runScript(async () => {
  const env = getEnv();
  const database = await openAndMigrate(env, { log: (line) => console.log(line) });
  await database.close();
  console.log(`Migrations are up to date (${database.kind}).`);
});
