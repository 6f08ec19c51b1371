/**
 * Startup, above the product areas (platform/ never imports an area; this
 * wires them together): validated env -> database opened and migrated -> demo data on an
 * empty embedded database -> runtime published. Used by server.ts, the npm
 * db:* scripts and integration tests.
 */
import fs from "node:fs";
import path from "node:path";
import { getEnv, type Env } from "../platform/env.server";
import { openDatabase, type OpenDatabase } from "../platform/db/connect.server";
import { runMigrations } from "../platform/db/migrate.server";
import { generateDemoPassword, readOrCreateSecret } from "../platform/secrets.server";
import { setRuntime, type Runtime } from "../platform/runtime.server";
import { createMessagePort } from "../platform/messages/index.server";
import { isDatabaseEmpty, seedDemoData } from "../demo/seed.server";
import { DEMO_ACCOUNTS } from "../demo/accounts";
import { startRateLimitCleanup } from "../platform/rate-limit.server";
import { pruneSessionClocks } from "../auth/session-activity.server";
import { pruneWebVitals } from "../enhance/vitals/vitals.server";
import { catalogRevision, followCatalogRevision } from "../catalog/search-cache.server";
import { partyHub } from "../party/hub.server";
import { startPartyHousekeeping } from "../party/presence.server";
import { startEmbeddedMaintenance } from "../platform/db/embedded-maintenance.server";
import { CATALOGUE_TABLES } from "../catalog/constants";
import { logAuthEvents } from "../auth/auth-events.server";

/**
 * Expired rate-limit rows and clocks of sessions past any absolute timeout are
 * swept every 5 minutes (SPEC §9); the embedded database is vacuumed and
 * analysed as autovacuum would (embedded-maintenance.server.ts). Both stop
 * when the database closes.
 */
function startHousekeeping(database: OpenDatabase, env: Env) {
  const stopCleanup = startRateLimitCleanup(database.db, {
    // Page views and web vitals are kept 90 days (ADR 0096).
    extra: async (db) => {
      await pruneSessionClocks(db, env.SESSION_ABSOLUTE_TIMEOUT_MS);
      await pruneWebVitals(db);
    },
  });
  // The catalogue is what grows and what the heavy queries read: re-analyse when it changes.
  const stopMaintenance = startEmbeddedMaintenance(database, { tables: CATALOGUE_TABLES, changed: catalogRevision });
  // Listening parties: presence heartbeats and the sweeper (songs that ran out, absent hosts).
  const stopParties = startPartyHousekeeping(database.db);
  const close = database.close.bind(database);
  database.close = async () => {
    stopParties();
    await partyHub(database).close();
    stopCleanup();
    await stopMaintenance();
    await close();
  };
}

export interface BootOptions {
  env?: Env;
  log?: (line: string) => void;
  /** Seed demo data when the database is empty (embedded default only). */
  seed?: boolean;
  lock?: boolean;
}

export async function openAndMigrate(env: Env, options: { lock?: boolean; log?: (line: string) => void } = {}): Promise<OpenDatabase> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    lock: options.lock,
  });
  try {
    await runMigrations(database, { includeLocalAuth: env.backend === "local", log: options.log });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export async function boot(options: BootOptions = {}): Promise<Runtime> {
  const env = options.env ?? getEnv();
  const log = options.log ?? ((line: string) => console.log(line));
  fs.mkdirSync(env.dataDir, { recursive: true });
  const sessionSecret = env.SESSION_SECRET ?? readOrCreateSecret(env.dataDir, "session-secret");
  const database = await openAndMigrate(env, { lock: options.lock, log });

  let demoPassword: string | undefined;
  const shouldSeed = (options.seed ?? env.SEED_DEMO) && database.kind === "pglite" && env.backend === "local";
  // A password we generated is printed and written to DATA_DIR (nobody else
  // knows it); one the operator set in DEMO_PASSWORD is never printed or
  // written anywhere: they have it, and logs travel further than they think.
  let generatedPassword: string | undefined;
  let seededNow = false;
  if (shouldSeed && (await isDatabaseEmpty(database.db))) {
    generatedPassword = env.DEMO_PASSWORD ? undefined : generateDemoPassword();
    demoPassword = env.DEMO_PASSWORD ?? generatedPassword!;
    await seedDemoData(database.db, { password: demoPassword, log });
    writeDemoCredentials(env.dataDir, generatedPassword);
    seededNow = true;
  } else if (database.kind === "pglite") {
    // The accounts keep the password they were seeded with (a generated one is on file).
    generatedPassword = readDemoPassword(env.dataDir);
    demoPassword = generatedPassword ?? (hasDemoCredentials(env.dataDir) ? env.DEMO_PASSWORD : undefined);
    if (generatedPassword && env.DEMO_PASSWORD && env.DEMO_PASSWORD !== generatedPassword) {
      log("DEMO_PASSWORD differs from the password the demo accounts were seeded with; they keep the seeded one (npm run db:reset to reseed).");
    }
  }
  if (seededNow || hasDemoCredentials(env.dataDir)) announceDemoCredentials(env.dataDir, generatedPassword, log);

  startHousekeeping(database, env);
  const unfollow = await followCatalogRevision(database);
  const close = database.close.bind(database);
  database.close = async () => {
    await unfollow();
    await close();
  };
  const runtime: Runtime = { env, database, sessionSecret, messages: createMessagePort(env, env.dataDir, log), demoPassword };
  setRuntime(runtime);
  // The security log: every sign-in, sign-out and verified second factor, by account id (ASVS V7.2).
  if (env.NODE_ENV === "production" && !authEventsLogged) {
    authEventsLogged = true;
    logAuthEvents(log);
  }
  return runtime;
}

let authEventsLogged = false;

const CREDENTIALS_FILE = "demo-credentials.txt";

/** Written when the demo accounts are seeded; the password only when it was generated. */
export function writeDemoCredentials(dataDir: string, generatedPassword: string | undefined) {
  const lines = [
    "The Hit Factory demo accounts (embedded database)",
    generatedPassword ? `password: ${generatedPassword}` : `password: ${OPERATOR_PASSWORD_NOTE}`,
    ...DEMO_ACCOUNTS.map((a) => `${a.email}  (${a.label})`),
    "",
  ];
  fs.writeFileSync(path.join(dataDir, CREDENTIALS_FILE), lines.join("\n"), { mode: 0o600 });
}

const OPERATOR_PASSWORD_NOTE = "the value of DEMO_PASSWORD when the accounts were seeded";

function hasDemoCredentials(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, CREDENTIALS_FILE));
}

/** The generated password on file, if the accounts were seeded with one. */
export function readDemoPassword(dataDir: string): string | undefined {
  try {
    const text = fs.readFileSync(path.join(dataDir, CREDENTIALS_FILE), "utf8");
    const password = /^password: (.+)$/m.exec(text)?.[1]?.trim();
    return password && password !== OPERATOR_PASSWORD_NOTE ? password : undefined;
  } catch {
    return undefined;
  }
}

function announceDemoCredentials(dataDir: string, generatedPassword: string | undefined, log: (line: string) => void) {
  log("");
  log(generatedPassword ? `  Demo accounts (password: ${generatedPassword})` : "  Demo accounts (password: the one set in DEMO_PASSWORD)");
  for (const account of DEMO_ACCOUNTS) log(`    ${account.email.padEnd(34)} ${account.label}`);
  log(`  Also written to ${path.join(dataDir, CREDENTIALS_FILE)}`);
  log("");
}
