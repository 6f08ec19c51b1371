/**
 * The first half of the e2e webServer command (playwright.config.ts): runs on
 * the fresh DATA_DIR before the server starts, with the server's environment.
 *
 * Boots the app's database exactly as the server would (migrations, demo
 * seed, DATA_DIR/session-secret), signs each persona in a number of times
 * through the app's own sign-in path (the auth adapter's password sign-in,
 * then beginSession: session row, refresh token, signed cookie, session
 * clock), writes the cookies to DATA_DIR/e2e-sessions/pool.json, closes the
 * database and exits; the server then opens the same DATA_DIR and secret.
 *
 * Why here and not in the test process: the embedded database belongs to one
 * process at a time (data-dir lock), so sessions can only be written before
 * the server owns it. Nothing is added to the app: no route, switch or header
 * of a production build can sign anyone in.
 *
 *   E2E_SESSIONS_PER_PERSONA   sessions per demo account (default 36)
 *   E2E_DISPOSABLE_USERS       members of their own, one session each (default 72)
 */
import "../../../app/platform/load-dotenv.server";
import fs from "node:fs";
import { boot } from "../../../app/startup/boot.server";
import { DEMO_ACCOUNTS } from "../../../app/demo/accounts";
import { PENDING_AR_DEMO } from "../../../app/ar/registration-demo";
import { createLocalUser } from "../../../app/auth/users.server";
import { authClient, beginSession, getSessionHeaders, landingFor } from "../../../app/auth/session.server";
import { LOCAL_SESSION_COOKIE } from "../../../app/platform/auth/local.server";
import { DEMO_PERSONAS, poolDir, poolFile, type Persona, type PooledSession, type SessionPool } from "./session-pool";

const started = performance.now();
const perPersona = Number(process.env.E2E_SESSIONS_PER_PERSONA ?? 36);
const disposableUsers = Number(process.env.E2E_DISPOSABLE_USERS ?? 72);

const runtime = await boot({ log: () => {} });
const { env } = runtime;
const password = runtime.demoPassword;
if (runtime.database.kind !== "pglite" || env.backend !== "local" || !password) {
  throw new Error("prepare-sessions needs the embedded database and auth with seeded demo accounts (DEMO_PASSWORD set, DATABASE_URL and SUPABASE_* unset).");
}
let secure = false;

/** One sign-in as the sign-in form makes it, minus the form: the adapter checks the password and issues the session. */
async function signIn(email: string): Promise<PooledSession> {
  const request = new Request("http://localhost/auth", { method: "POST" });
  const outcome = await authClient(request).signInWithPassword({ email, password: password! });
  if (outcome.error) throw new Error(`signing in ${email}: ${outcome.error.message}`);
  const viewer = await beginSession(request, outcome.data);
  const header = getSessionHeaders(request)
    .getSetCookie()
    .find((line) => line.startsWith(`${LOCAL_SESSION_COOKIE}=`));
  if (!header) throw new Error(`signing in ${email}: no ${LOCAL_SESSION_COOKIE} cookie was set`);
  secure = /;\s*Secure\b/i.test(header);
  return {
    userId: viewer.id,
    email,
    displayName: viewer.displayName,
    landing: landingFor(viewer),
    cookie: header.slice(LOCAL_SESSION_COOKIE.length + 1, header.indexOf(";")),
  };
}

/** Accepted members of their own, as the demo seed makes its members; private, so no directory lists them. */
async function createDisposableUser(n: number): Promise<string> {
  const email = `e2e-disposable-${n}@e2e.test`;
  const displayName = `Disposable Member ${n}`;
  const user = await createLocalUser(runtime.database.db, { email, password: password!, displayName, role: "accepted_member", confirmed: true });
  await runtime.database.db
    .insertInto("profiles")
    .values({
      user_id: user.id,
      role: "accepted_member",
      display_name: displayName,
      public_profile: false,
      // Not yet seen, as for a member accepted a moment ago: the dashboard spec dismisses it (ADR 0069).
      has_seen_decision_banner: false,
      onboarding_completed: true,
      onboarding_completed_at: new Date(),
      first_login_after_acceptance: new Date(),
      links: JSON.stringify([]),
    })
    .execute();
  return email;
}

try {
  const createdAt = Date.now();
  const sessions = {} as Record<Persona, PooledSession[]>;
  for (const persona of DEMO_PERSONAS) {
    const email = persona === "pendingAr" ? PENDING_AR_DEMO.email : DEMO_ACCOUNTS.find((account) => account.key === persona)!.email;
    // Fewer tests sign in as the pending A&R: fewer sessions (each costs a password check).
    const count = persona === "pendingAr" ? Math.min(perPersona, 8) : perPersona;
    // Password checks run on libuv's threads; the database serialises the writes.
    sessions[persona] = await Promise.all(Array.from({ length: count }, () => signIn(email)));
  }
  const disposable: string[] = [];
  for (let n = 1; n <= disposableUsers; n++) disposable.push(await createDisposableUser(n));
  sessions.disposable = await Promise.all(disposable.map((email) => signIn(email)));

  const pool: SessionPool = {
    createdAt,
    idleTimeoutMs: env.SESSION_IDLE_TIMEOUT_MS,
    cookieName: LOCAL_SESSION_COOKIE,
    secure,
    sessions,
  };
  fs.mkdirSync(poolDir(env.dataDir), { recursive: true });
  fs.writeFileSync(poolFile(env.dataDir), JSON.stringify(pool), { mode: 0o600 });
  const total = Object.values(sessions).reduce((sum, list) => sum + list.length, 0);
  console.log(`e2e: ${total} sessions prepared in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await runtime.database.close();
}
// Timers of modules the boot loaded (rate-limit cleanup, maintenance) must not keep the server waiting.
process.exit(0);
