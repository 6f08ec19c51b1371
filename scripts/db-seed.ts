/**
 * npm run db:seed: seed the demo data on demand (into an empty database only,
 * so real data is never mixed with demo rows).
 */
import "../app/platform/load-dotenv.server";
import { getEnv } from "../app/platform/env.server";
import { openAndMigrate, writeDemoCredentials } from "../app/startup/boot.server";
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
      // Only a generated password is printed; one set in DEMO_PASSWORD is the operator's to know.
      const generated = env.DEMO_PASSWORD ? undefined : generateDemoPassword();
      await seedDemoData(database.db, { password: env.DEMO_PASSWORD ?? generated!, log: (line) => console.log(line) });
      writeDemoCredentials(env.dataDir, generated);
      console.log(generated ? `Demo password: ${generated}` : "Demo password: the one set in DEMO_PASSWORD");
    }
  } finally {
    await database.close();
  }
});
