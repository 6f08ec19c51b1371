/**
 * npm run db:seed: seed the demo data on demand (into an empty database only,
 * so real data is never mixed with demo rows).
 */
import "../app/platform/load-dotenv.server";
import { getEnv } from "../app/platform/env.server";
import { openAndMigrate, writeDemoCredentials } from "../app/platform/boot.server";
import { generateDemoPassword } from "../app/platform/secrets.server";
import { isDatabaseEmpty, seedDemoData } from "../app/demo/seed.server";
import { runScript } from "./run-script";

await runScript(async () => {
  const env = getEnv();
  const database = await openAndMigrate(env, { log: (line) => console.log(line) });
  try {
    if (!(await isDatabaseEmpty(database.db))) {
      console.log("The database already has users; nothing seeded. Run `npm run db:reset` first for a fresh demo.");
    } else {
      const password = env.DEMO_PASSWORD ?? generateDemoPassword();
      await seedDemoData(database.db, { password, log: (line) => console.log(line) });
      writeDemoCredentials(env.dataDir, password);
      console.log(`Demo password: ${password}`);
    }
  } finally {
    await database.close();
  }
});
