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
 *   E2E_DISPOSABLE_USERS       members of their own, one session each (default 90)
 *   E2E_FORM_ADMINS            admins of their own with an authenticator each (default 140)
 */
import "../../../app/platform/load-dotenv.server";
import fs from "node:fs";
import { boot } from "../../../app/startup/boot.server";
import { DEMO_ACCOUNTS } from "../../../app/demo/accounts";
import { PENDING_AR_DEMO } from "../../../app/ar/registration-demo";
import { createLocalUser } from "../../../app/auth/users.server";
import { authClient, beginSession, getSessionHeaders, landingFor } from "../../../app/auth/session.server";
import { LOCAL_SESSION_COOKIE } from "../../../app/platform/auth/local.server";
import { totpCode } from "../../../app/platform/auth/totp.server";
import { DEMO_PERSONAS, poolDir, poolFile, type FormAdmin, type Persona, type PooledSession, type SessionPool } from "./session-pool";

const started = performance.now();
const perPersona = Number(process.env.E2E_SESSIONS_PER_PERSONA ?? 36);
const disposableUsers = Number(process.env.E2E_DISPOSABLE_USERS ?? 90);
/**
 * Admins of their own, each with an authenticator: for the specs that sign an admin in through the
 * form, and for every admin test after the prepared admin sessions ran out or went stale (the idle
 * timeout is 15 minutes, the suite runs longer), retries included.
 */
const formAdminCount = Number(process.env.E2E_FORM_ADMINS ?? 140);

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

/**
 * Admins must pass two-factor sign-in (ADR 0099). The first admin session sets
 * up the demo admin's authenticator through the auth port as /auth/mfa does
 * (enrol, challenge, the current code); a code is good once, so the other
 * pooled admin sessions are raised to the level that one reached (aal2) in
 * the provider's own table, the one thing here that a person could not do.
 * The e2e two-factor spec walks the real challenge in the browser.
 */
async function giveAdminSessionsTheirSecondFactor(adminSessions: PooledSession[]): Promise<void> {
  const [first] = adminSessions;
  if (!first) throw new Error("no admin session to set up two-factor sign-in with");
  const request = new Request("http://localhost/auth/mfa", { headers: { cookie: `${LOCAL_SESSION_COOKIE}=${first.cookie}` } });
  const mfa = authClient(request).mfa;
  const enrolment = await mfa.enroll("Demo authenticator");
  if (enrolment.error) throw new Error(`setting up the admin's authenticator: ${enrolment.error.message}`);
  const challenge = await mfa.challenge(enrolment.data.factorId);
  if (challenge.error) throw new Error(`challenging the admin's authenticator: ${challenge.error.message}`);
  const verified = await mfa.verify({ factorId: enrolment.data.factorId, challengeId: challenge.data.challengeId, code: totpCode(enrolment.data.secret) });
  if (verified.error) throw new Error(`verifying the admin's authenticator: ${verified.error.message}`);
  // The verify issued the first session new tokens: the pool keeps the cookie the browser would now hold.
  const header = getSessionHeaders(request).getSetCookie().find((line) => line.startsWith(`${LOCAL_SESSION_COOKIE}=`));
  if (header) first.cookie = header.slice(LOCAL_SESSION_COOKIE.length + 1, header.indexOf(";"));
  await runtime.database.db.updateTable("auth.sessions").set({ aal: "aal2" }).where("user_id", "=", first.userId).execute();
}

/** An admin of its own with an authenticator set up through the port (claimFormAdmin hands it out). */
async function createFormAdmin(n: number): Promise<FormAdmin> {
  const email = `e2e-form-admin-${n}@e2e.test`;
  const user = await createLocalUser(runtime.database.db, { email, password: password!, displayName: `Form Admin ${n}`, role: "admin", confirmed: true });
  await runtime.database.db
    .insertInto("profiles")
    .values({ user_id: user.id, role: "admin", is_admin: true, display_name: `Form Admin ${n}`, public_profile: false, onboarding_completed: true, links: JSON.stringify([]) })
    .execute();
  const session = await signIn(email);
  const request = new Request("http://localhost/auth/mfa", { headers: { cookie: `${LOCAL_SESSION_COOKIE}=${session.cookie}` } });
  const mfa = authClient(request).mfa;
  const enrolment = await mfa.enroll("E2E authenticator");
  if (enrolment.error) throw new Error(`setting up ${email}'s authenticator: ${enrolment.error.message}`);
  const challenge = await mfa.challenge(enrolment.data.factorId);
  if (challenge.error) throw new Error(`challenging ${email}'s authenticator: ${challenge.error.message}`);
  // The step before now: the spec's own sign-in, minutes later, answers with a later one.
  const code = totpCode(enrolment.data.secret, new Date(Date.now() - 30_000));
  const verified = await mfa.verify({ factorId: enrolment.data.factorId, challengeId: challenge.data.challengeId, code });
  if (verified.error) throw new Error(`verifying ${email}'s authenticator: ${verified.error.message}`);
  return { email, userId: user.id, displayName: `Form Admin ${n}`, totpSecret: enrolment.data.secret };
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
  await giveAdminSessionsTheirSecondFactor(sessions.admin);
  const formAdmins: FormAdmin[] = [];
  // In batches: the password hashes run on libuv's threads, the database serialises the writes.
  for (let n = 1; n <= formAdminCount; n += 10) {
    const batch = Array.from({ length: Math.min(10, formAdminCount - n + 1) }, (_, i) => createFormAdmin(n + i));
    formAdmins.push(...(await Promise.all(batch)));
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
    formAdmins,
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
