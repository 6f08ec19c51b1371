/**
 * Sessions, guards, timeouts and sign-in rules on the real database, through
 * the real route actions and guards (embedded auth adapter).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { seedDemoData } from "~/demo/seed.server";
import { demoAccount } from "~/demo/accounts";
import { action as authAction, loader as authLoader } from "~/routes/auth/sign-in";
import { action as signOutAction } from "~/routes/auth/sign-out";
import { action as keepAliveAction } from "~/routes/auth/keep-alive";
import {
  getClientSessionState,
  optionalViewer,
  requireAdmin,
  requireApprovedAR,
  requireUser,
  resolveSession,
} from "~/auth/session.server";
import { runInRequestScope } from "~/auth/request-context.server";
import { honeypotFormFields } from "~/auth/honeypot.server";
import { createLocalAuth } from "~/platform/auth/local.server";
import { createLocalUser } from "~/auth/users.server";
import { action as phoneTestAction, loader as phoneTestLoader } from "~/routes/auth/phone-test";
import { createCookieJar } from "~/platform/auth/cookies.server";
import { getRuntime } from "~/platform/runtime.server";
import { getToast } from "~/toast/toast.server";
import { pruneSessionClocks, startSessionClock } from "~/auth/session-activity.server";
import { sessionIdOf } from "~/platform/auth/tokens.server";
import { TEXT } from "~/shared/constants";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { latestCode, latestMessage } from "../support/messages";

const PASSWORD = "session-test-password";
let database: TestDatabase;
/** Where the runtime's local messages adapter writes the codes it sends. */
let dataDir: string;
let address = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = useTestRuntime(database).env.dataDir;
  await seedDemoData(database.db, { password: PASSWORD });
}, 120_000);
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  // Each test starts with clean limits and signed-out users.
  await sql`delete from public.rate_limits`.execute(database.db);
  await sql`update auth.users set banned_until = null`.execute(database.db);
});

/** A distinct client address per request unless one is given (rate limits count per address). */
function post(path: string, fields: Record<string, string>, options: { cookie?: string; address?: string; honeypot?: boolean } = {}) {
  const body = new URLSearchParams({ ...(options.honeypot === false ? {} : honeypotFormFields()), ...fields });
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": options.address ?? `10.0.${Math.floor(++address / 250)}.${address % 250}` });
  if (options.cookie) headers.set("Cookie", options.cookie);
  return new Request(`http://localhost${path}`, { method: "POST", body, headers });
}

function get(path: string, cookie?: string) {
  return new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** Runs an action or loader and returns its Response whether it was thrown or returned. */
async function respond(run: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await run();
    if (result instanceof Response) return result;
    const init = (result as { init?: ResponseInit | null; data?: unknown; type?: string }) ?? {};
    if (init.type === "DataWithResponseInit") {
      return new Response(JSON.stringify(init.data), init.init ?? undefined);
    }
    return new Response(JSON.stringify(result), { status: 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const init = thrown as { type?: string; data?: unknown; init?: ResponseInit | null };
    if (init?.type === "DataWithResponseInit") return new Response(JSON.stringify(init.data), init.init ?? undefined);
    throw thrown;
  }
}

/** Folds Set-Cookie headers into a Cookie header, as a browser would. */
function cookieJarFrom(previous: string | undefined, response: Response): string {
  const jar = new Map((previous ?? "").split("; ").filter(Boolean).map((c) => [c.slice(0, c.indexOf("=")), c.slice(c.indexOf("=") + 1)] as const));
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const name = pair!.slice(0, pair!.indexOf("="));
    const value = pair!.slice(pair!.indexOf("=") + 1);
    if (value === "" || /Max-Age=0/i.test(header)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
}

async function signIn(email: string, password = PASSWORD, extra: Record<string, string> = {}, address?: string) {
  const response = await respond(() =>
    authAction({ request: post("/auth", { intent: "sign-in", identifier: email, password, ...extra }, { address }), params: {}, context: {} }),
  );
  return { response, cookie: cookieJarFrom(undefined, response) };
}

async function sessionIdOfCookie(cookie: string) {
  const resolved = await resolveSession(get("/", cookie));
  if (resolved.state !== "active") throw new Error(`not signed in: ${resolved.state}`);
  return resolved.sessionId;
}

describe("sign-in", () => {
  it.each([
    ["admin", "/admin"],
    ["ar", "/ar/dashboard"],
    ["member", "/dashboard"],
    ["newmember", "/dashboard"],
    ["applicant", "/dashboard"],
  ] as const)("lands the %s demo account on %s", async (key, landing) => {
    const { response, cookie } = await signIn(demoAccount(key).email);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(landing);
    expect(cookie).toContain("sb-local-auth-token=");
    const viewer = await optionalViewer(get("/", cookie));
    if (key === "admin") {
      // An admin's password alone is half-way (ADR 0099): nobody yet on public pages, and the landing
      // page sends them to two-factor sign-in (two-factor.test.ts walks it).
      expect(viewer).toBeNull();
      expect((await respond(() => requireUser(get(landing, cookie)))).headers.get("Location")).toBe("/auth/mfa?redirect=%2Fadmin");
      return;
    }
    expect(viewer).toMatchObject({ email: demoAccount(key).email, role: demoAccount(key).role, isAdmin: demoAccount(key).isAdmin });
  });

  it("honours a same-site redirect and ignores other sites", async () => {
    const member = demoAccount("member").email;
    expect((await signIn(member, PASSWORD, { redirectTo: "/members?page=2" })).response.headers.get("Location")).toBe("/members?page=2");
    expect((await signIn(member, PASSWORD, { redirectTo: "https://evil.example/phish" })).response.headers.get("Location")).toBe("/dashboard");
    expect((await signIn(member, PASSWORD, { redirectTo: "//evil.example" })).response.headers.get("Location")).toBe("/dashboard");
    expect((await signIn(member, PASSWORD, { redirectTo: "/auth?mode=otp" })).response.headers.get("Location")).toBe("/dashboard");
    // Browsers strip tabs and newlines, so "/\t/evil.com" would land on //evil.com.
    expect((await signIn(member, PASSWORD, { redirectTo: "/\t/evil.com" })).response.headers.get("Location")).toBe("/dashboard");
    expect((await signIn(member, PASSWORD, { redirectTo: decodeURIComponent("/%09/evil.com") })).response.headers.get("Location")).toBe("/dashboard");
    expect((await signIn(member, PASSWORD, { redirectTo: "/\\evil.com" })).response.headers.get("Location")).toBe("/dashboard");
  });

  it("drops a tab-smuggled ?redirect= on the /auth page", async () => {
    const { cookie } = await signIn(demoAccount("member").email);
    const response = await respond(() => authLoader({ request: get(`/auth?redirect=${encodeURIComponent("/\t/evil.com")}`, cookie), params: {}, context: {} }));
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it("answers a wrong password with an error, a 4xx and no password echoed", async () => {
    const { response, cookie } = await signIn(demoAccount("member").email, "not-the-password");
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error[""]).toEqual(["Incorrect email, phone number or password."]);
    expect(JSON.stringify(body)).not.toContain("not-the-password");
    expect(cookie).not.toContain("sb-local-auth-token");
  });

  it("refuses a banned user even with the right password", async () => {
    await sql`update auth.users set banned_until = now() + interval '1 day' where email = ${demoAccount("member").email}`.execute(database.db);
    const { response, cookie } = await signIn(demoAccount("member").email);
    expect(response.status).toBe(400);
    expect((await response.json()).result.error[""][0]).toMatch(/suspended/);
    expect(cookie).not.toContain("sb-local-auth-token");
  });

  it("refuses a post that fills the honeypot or lacks it", async () => {
    const filled = await respond(() =>
      authAction({ request: post("/auth", { intent: "sign-in", identifier: demoAccount("member").email, password: PASSWORD, name__confirm: "bot" }), params: {}, context: {} }),
    );
    expect(filled.status).toBe(400);
    const missing = await respond(() =>
      authAction({ request: post("/auth", { intent: "sign-in", identifier: demoAccount("member").email, password: PASSWORD }, { honeypot: false }), params: {}, context: {} }),
    );
    expect(missing.status).toBe(400);
  });

  it("sends a signed-in visitor of /auth on to where they belong", async () => {
    const { cookie } = await signIn(demoAccount("ar").email);
    const response = await respond(() => authLoader({ request: get("/auth", cookie), params: {}, context: {} }));
    expect(response.headers.get("Location")).toBe("/ar/dashboard");
  });
});

describe("rate limits", () => {
  it("answers the 6th wrong password for an account from one address within 15 minutes with 429 and Retry-After", async () => {
    const email = demoAccount("newmember").email;
    const guesser = "192.0.2.10";
    for (let i = 0; i < 5; i++) {
      const { response } = await signIn(email, `wrong-${i}`, {}, guesser);
      expect(response.status).toBe(400);
    }
    const { response } = await signIn(email, "wrong-6", {}, guesser);
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await response.json()).result.error[""][0]).toMatch(/^Too many failed sign-in attempts for this account\. Try again in \d+ minutes?\.$/);
    // Even the right password waits there: the limit guards the account, not the guess...
    expect((await signIn(email, PASSWORD, {}, guesser)).response.status).toBe(429);
    // ...but the owner, elsewhere, is not locked out by a stranger's guesses.
    expect((await signIn(email, PASSWORD, {}, "198.51.100.20")).response.status).toBe(302);
  });

  it("evaluates at most 5 of 10 parallel wrong passwords for one account; the rest get 429", async () => {
    const email = demoAccount("applicant").email;
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(email, `parallel-wrong-${i}`, {}, "192.0.2.11")));
    const statuses = responses.map(({ response }) => response.status).sort();
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
  });

  it("clears the account's failed attempts from an address after a successful sign-in from it", async () => {
    const email = demoAccount("applicant").email;
    const from = "192.0.2.12";
    for (let i = 0; i < 4; i++) expect((await signIn(email, `wrong-${i}`, {}, from)).response.status).toBe(400);
    expect((await signIn(email, PASSWORD, {}, from)).response.status).toBe(302);
    for (let i = 0; i < 5; i++) expect((await signIn(email, `again-${i}`, {}, from)).response.status).toBe(400);
    expect((await signIn(email, "wrong-6", {}, from)).response.status).toBe(429);
  });

  it("limits failed sign-ins per address to 20 in 5 minutes, across accounts", async () => {
    const from = "192.0.2.77";
    for (let i = 0; i < 20; i++) {
      const response = await respond(() =>
        authAction({ request: post("/auth", { intent: "sign-in", identifier: `nobody-${i}@example.test`, password: "x" }, { address: from }), params: {}, context: {} }),
      );
      expect(response.status).toBe(400);
    }
    const response = await respond(() =>
      authAction({ request: post("/auth", { intent: "sign-in", identifier: demoAccount("member").email, password: PASSWORD }, { address: from }), params: {}, context: {} }),
    );
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeLessThanOrEqual(300);
  });

  it("limits one-time code requests per recipient from one address", async () => {
    const ask = () =>
      respond(() =>
        authAction({ request: post("/auth", { intent: "otp-request", identifier: demoAccount("member").email }, { address: "192.0.2.40" }), params: {}, context: {} }),
      );
    for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(302);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("sign-up", () => {
  it("requires an e-mail or phone plus a password, with SPEC's message", async () => {
    for (const fields of [{ password: "abc12345" }, { email: "x@example.test" }, {}] as Record<string, string>[]) {
      const response = await respond(() => authAction({ request: post("/auth", { intent: "sign-up", ...fields }), params: {}, context: {} }));
      expect(response.status).toBe(400);
      expect((await response.json()).result.error[""]).toEqual([TEXT.signUpMissing]);
    }
  });

  it("lists the reasons of a weak password", async () => {
    const response = await respond(() =>
      authAction({ request: post("/auth", { intent: "sign-up", email: "weak@example.test", password: "abc" }), params: {}, context: {} }),
    );
    expect(response.status).toBe(422);
    expect((await response.json()).result.error.password).toEqual(["Use at least 8 characters.", "Use at least one letter and one number."]);
  });

  it("confirms a new account by code and lands the applicant on the dashboard with an empty role", async () => {
    const email = "new-writer@example.test";
    const started = await respond(() =>
      authAction({ request: post("/auth", { intent: "sign-up", email, password: "writes-songs-9", displayName: "Nia Writer" }), params: {}, context: {} }),
    );
    expect(started.status).toBe(302);
    expect(started.headers.get("Location")).toBe("/auth?mode=otp&step=verify");
    const pending = cookieJarFrom(undefined, started);
    expect(latestMessage(dataDir, email)?.subject).toBe("Confirm your account");
    const code = await latestCode(dataDir, email);

    const wrong = await respond(() => authAction({ request: post("/auth", { intent: "otp-verify", code: code === "123456" ? "654321" : "123456" }, { cookie: pending }), params: {}, context: {} }));
    expect(wrong.status).toBe(403);

    const verified = await respond(() => authAction({ request: post("/auth", { intent: "otp-verify", code }, { cookie: pending }), params: {}, context: {} }));
    expect(verified.status).toBe(302);
    expect(verified.headers.get("Location")).toBe("/dashboard");
    const viewer = await requireUser(get("/dashboard", cookieJarFrom(pending, verified)));
    expect(viewer).toMatchObject({ email, displayName: "Nia Writer", role: null, isAdmin: false });
  });
});

describe("guards", () => {
  it("send an anonymous visitor to /auth with the original path and query", async () => {
    const response = await respond(() => requireUser(get("/dashboard?tab=songs")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirect=%2Fdashboard%3Ftab%3Dsongs");
    expect((await respond(() => requireAdmin(get("/admin/users")))).headers.get("Location")).toBe("/auth?redirect=%2Fadmin%2Fusers");
    expect((await respond(() => requireApprovedAR(get("/ar/dashboard")))).headers.get("Location")).toBe("/auth?redirect=%2Far%2Fdashboard");
    expect(await optionalViewer(get("/"))).toBeNull();
  });

  it("send a member away from A&R pages to /ar and from admin pages to /", async () => {
    const { cookie } = await signIn(demoAccount("member").email);
    expect((await respond(() => requireApprovedAR(get("/ar/dashboard", cookie)))).headers.get("Location")).toBe("/ar");
    expect((await respond(() => requireAdmin(get("/admin", cookie)))).headers.get("Location")).toBe("/");
    expect(await requireUser(get("/dashboard", cookie))).toMatchObject({ role: "accepted_member" });
  });

  it("let A&R into A&R pages and admins everywhere", async () => {
    const ar = (await signIn(demoAccount("ar").email)).cookie;
    expect(await requireApprovedAR(get("/ar/dashboard", ar))).toMatchObject({ role: "accepted_ar" });
    const admin = (await signIn(demoAccount("admin").email)).cookie;
    // Past two-factor sign-in, as /auth/mfa would leave the session (two-factor.test.ts walks it for real).
    const adminSession = await resolveSession(get("/", admin));
    if (adminSession.state !== "active") throw new Error("the admin is not signed in");
    await sql`update auth.sessions set aal = 'aal2' where id = ${adminSession.sessionId}::uuid`.execute(database.db);
    expect(await requireAdmin(get("/admin", admin))).toMatchObject({ isAdmin: true });
    expect(await requireApprovedAR(get("/ar/dashboard", admin))).toMatchObject({ role: "admin" });
  });
});

describe("server-enforced timeouts", () => {
  const settings = () => ({ idle: getRuntime().env.SESSION_IDLE_TIMEOUT_MS, absolute: getRuntime().env.SESSION_ABSOLUTE_TIMEOUT_MS });

  it.each([
    ["idle", "last_active_at", () => settings().idle, TEXT.sessionExpiredIdle],
    ["absolute", "started_at", () => settings().absolute, TEXT.sessionExpiredAbsolute],
  ] as const)("signs out a session past its %s timeout and redirects to /auth with the Session Expired toast", async (_reason, column, limit, text) => {
    const { cookie } = await signIn(demoAccount("member").email);
    const sessionId = await sessionIdOfCookie(cookie);
    const past = new Date(Date.now() - limit() - 1000).toISOString();
    await sql`update public.session_activity set ${sql.ref(column)} = ${past}::timestamptz where session_id = ${sessionId}`.execute(database.db);

    const response = await respond(() => requireUser(get("/profile", cookie)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirect=%2Fprofile");
    const next = cookieJarFrom(cookie, response);
    expect(next).not.toContain("sb-local-auth-token");
    const { toast } = await getToast(get("/auth", next));
    expect(toast).toMatchObject({ type: "error", title: TEXT.sessionExpiredTitle, message: text });

    // Signed out on the server: the old cookie is worthless now.
    const rows = await database.db.selectFrom("auth.sessions").select("id").where("id", "=", sessionId).execute();
    expect(rows).toEqual([]);
    expect(await optionalViewer(get("/", cookie))).toBeNull();
  });

  it("sends an expired session on a public page to /auth with the Session Expired toast too", async () => {
    const { cookie } = await signIn(demoAccount("member").email);
    const sessionId = await sessionIdOfCookie(cookie);
    const past = new Date(Date.now() - settings().idle - 1000).toISOString();
    await sql`update public.session_activity set last_active_at = ${past}::timestamptz where session_id = ${sessionId}`.execute(database.db);

    const response = await respond(() => optionalViewer(get("/music-catalog?search=pop", cookie)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirect=%2Fmusic-catalog%3Fsearch%3Dpop");
    const next = cookieJarFrom(cookie, response);
    expect(next).not.toContain("sb-local-auth-token");
    const { toast } = await getToast(get("/auth", next));
    expect(toast).toMatchObject({ type: "error", title: TEXT.sessionExpiredTitle, message: TEXT.sessionExpiredIdle });
  });

  it("sends an expired session on /auth itself to plain /auth (no redirect loop)", async () => {
    const { cookie } = await signIn(demoAccount("member").email);
    const sessionId = await sessionIdOfCookie(cookie);
    const past = new Date(Date.now() - settings().absolute - 1000).toISOString();
    await sql`update public.session_activity set started_at = ${past}::timestamptz where session_id = ${sessionId}`.execute(database.db);

    const response = await respond(() => optionalViewer(get("/auth?redirect=%2Fdashboard", cookie)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
  });

  it("keeps a session signed out once the pruner has removed its clock (no revival of an old cookie)", async () => {
    const { cookie } = await signIn(demoAccount("member").email);
    const sessionId = await sessionIdOfCookie(cookie);
    const old = new Date(Date.now() - settings().absolute - 60_000);
    await database.db.updateTable("session_activity").set({ started_at: old, last_active_at: new Date() }).where("session_id", "=", sessionId).execute();
    expect(await pruneSessionClocks(database.db, settings().absolute)).toBeGreaterThanOrEqual(1);
    expect(await database.db.selectFrom("session_activity").select("session_id").where("session_id", "=", sessionId).execute()).toEqual([]);

    const response = await respond(() => requireUser(get("/dashboard", cookie)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirect=%2Fdashboard");
    const next = cookieJarFrom(cookie, response);
    expect(next).not.toContain("sb-local-auth-token");
    const { toast } = await getToast(get("/auth", next));
    expect(toast).toMatchObject({ type: "error", title: TEXT.sessionExpiredTitle, message: TEXT.sessionExpiredAbsolute });
    expect(await database.db.selectFrom("session_activity").select("session_id").where("session_id", "=", sessionId).execute()).toEqual([]);
    expect(await optionalViewer(get("/", cookie))).toBeNull();
  });

  it("counts each request as activity", async () => {
    const { cookie } = await signIn(demoAccount("member").email);
    const sessionId = await sessionIdOfCookie(cookie);
    const earlier = new Date(Date.now() - 60_000);
    await database.db.updateTable("session_activity").set({ last_active_at: earlier }).where("session_id", "=", sessionId).execute();
    await requireUser(get("/dashboard", cookie));
    const row = await database.db.selectFrom("session_activity").select("last_active_at").where("session_id", "=", sessionId).executeTakeFirstOrThrow();
    expect(new Date(row.last_active_at).getTime()).toBeGreaterThan(earlier.getTime());
  });

  it("gives the browser the timing it needs and nothing secret", async () => {
    const { cookie } = await signIn(demoAccount("member").email);
    const state = await getClientSessionState(get("/", cookie));
    expect(state).toMatchObject({ idleTimeoutMs: 900_000, absoluteTimeoutMs: 7_200_000, warningMs: 120_000 });
    expect(state!.absoluteRemainingMs).toBeGreaterThan(7_100_000);
    // A JWT starts "eyJ" (base64 of '{"'); matched case-sensitively with its dot so random ciphertext cannot trip it.
    expect(JSON.stringify(state)).not.toMatch(/eyJ[\w-]+\.eyJ/);
    expect(JSON.stringify(state)).not.toMatch(/token/i);
  });
});

describe("continue session and sign-out", () => {
  it("extends: refreshes the session (new cookie) and restarts the idle clock, never the absolute one", async () => {
    const { cookie } = await signIn(demoAccount("member").email);
    const sessionId = await sessionIdOfCookie(cookie);
    const started = new Date(Date.now() - 30 * 60_000);
    await database.db
      .updateTable("session_activity")
      .set({ started_at: started, last_active_at: new Date(Date.now() - 13 * 60_000) })
      .where("session_id", "=", sessionId)
      .execute();
    const response = await respond(() => keepAliveAction({ request: post("/auth/keep-alive", { intent: "extend" }, { cookie, honeypot: false }), params: {}, context: {} }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.ok).toBe(true);
    expect(body.absoluteRemainingMs).toBeLessThanOrEqual(90 * 60_000);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("sb-local-auth-token="))).toBe(true);
    const row = await database.db.selectFrom("session_activity").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
    expect(Date.now() - new Date(row.last_active_at).getTime()).toBeLessThan(60_000);
    expect(new Date(row.started_at).getTime()).toBe(started.getTime());
  });

  it("answers a keep-alive of an expired session with 401 and the Session Expired toast", async () => {
    const { cookie } = await signIn(demoAccount("member").email);
    const sessionId = await sessionIdOfCookie(cookie);
    await database.db.updateTable("session_activity").set({ last_active_at: new Date(Date.now() - 16 * 60_000) }).where("session_id", "=", sessionId).execute();
    const response = await respond(() => keepAliveAction({ request: post("/auth/keep-alive", { intent: "ping" }, { cookie, honeypot: false }), params: {}, context: {} }));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ ok: false, reason: "expired", redirectTo: "/auth" });
    const { toast } = await getToast(get("/auth", cookieJarFrom(cookie, response)));
    expect(toast?.message).toBe(TEXT.sessionExpiredIdle);
  });

  it("signs out globally, clears sb- and supabase.auth cookies, and lands on /auth", async () => {
    const laptop = (await signIn(demoAccount("member").email)).cookie;
    const phone = (await signIn(demoAccount("member").email)).cookie;
    const response = await respond(() =>
      signOutAction({ request: post("/auth/sign-out", {}, { cookie: `${laptop}; sb-other-auth-token=x; supabase.auth.token=y; hf_theme=z`, honeypot: false }), params: {}, context: {} }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
    const cleared = response.headers.getSetCookie().filter((c) => /Max-Age=0/.test(c)).map((c) => c.slice(0, c.indexOf("=")));
    expect(cleared.sort()).toEqual(["sb-local-auth-token", "sb-other-auth-token", "supabase.auth.token"]);
    expect(await optionalViewer(get("/", phone))).toBeNull();
    const member = await database.db.selectFrom("auth.users").select("id").where("email", "=", demoAccount("member").email).executeTakeFirstOrThrow();
    const left = await database.db.selectFrom("session_activity").select("session_id").where("user_id", "=", member.id).execute();
    expect(left).toEqual([]);
  });

  it("signs out with reason idle: this session only, with the Session Expired toast", async () => {
    const laptop = (await signIn(demoAccount("ar").email)).cookie;
    const phone = (await signIn(demoAccount("ar").email)).cookie;
    const response = await respond(() => signOutAction({ request: post("/auth/sign-out", { reason: "idle" }, { cookie: laptop, honeypot: false }), params: {}, context: {} }));
    expect(response.headers.get("Location")).toBe("/auth");
    expect((await getToast(get("/auth", cookieJarFrom(laptop, response)))).toast?.message).toBe(TEXT.sessionExpiredIdle);
    expect(await optionalViewer(get("/", laptop))).toBeNull();
    expect(await optionalViewer(get("/", phone))).not.toBeNull();
  });
});

describe("refresh rules (SPEC §4)", () => {
  /** A session for the member issued with a given lifetime, as a cookie header. */
  async function sessionWithLifetime(ttlSeconds: number) {
    const port = createLocalAuth({ db: database.db, secret: getRuntime().sessionSecret, messages: getRuntime().messages, accessTokenTtlSeconds: ttlSeconds });
    const jar = createCookieJar(null);
    const result = await port.client(jar).signInWithPassword({ email: demoAccount("member").email, password: PASSWORD });
    if (result.error) throw result.error;
    // Signed in through the port directly: start the clock as beginSession does for every real sign-in.
    await startSessionClock(database.db, sessionIdOf(result.data.access_token)!, result.data.user.id);
    return { cookie: jar.getAll().map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join("; "), session: result.data };
  }

  it("refreshes a session with under 10 minutes left", async () => {
    const { cookie, session } = await sessionWithLifetime(5 * 60);
    const resolved = await resolveSession(get("/", cookie));
    expect(resolved.state).toBe("active");
    if (resolved.state !== "active") return;
    expect(resolved.session.refresh_token).not.toBe(session.refresh_token);
    expect(resolved.session.expires_at).toBeGreaterThan(session.expires_at);
  });

  it("keeps a session whose refresh fails with more than 2 minutes left, and signs out one with less", async () => {
    const roomy = await sessionWithLifetime(5 * 60);
    await sql`delete from auth.refresh_tokens where token_hash is not null and session_id in (select id from auth.sessions)`.execute(database.db);
    expect((await resolveSession(get("/", roomy.cookie))).state).toBe("active");

    const tight = await sessionWithLifetime(100);
    await sql`delete from auth.refresh_tokens`.execute(database.db);
    const request = get("/dashboard", tight.cookie);
    expect((await resolveSession(request)).state).toBe("anonymous");
    expect((await respond(() => requireUser(request))).headers.get("Location")).toBe("/auth?redirect=%2Fdashboard");
  });

  it("refreshes an expired session, and signs out when that fails", async () => {
    const expired = await sessionWithLifetime(30);
    expect((await resolveSession(get("/", expired.cookie))).state).toBe("active");
    const doomed = await sessionWithLifetime(30);
    await sql`delete from auth.refresh_tokens`.execute(database.db);
    expect((await resolveSession(get("/", doomed.cookie))).state).toBe("anonymous");
  });

  it("resolves the session once per request however many guards run", async () => {
    const { cookie, session } = await sessionWithLifetime(5 * 60);
    const request = get("/dashboard", cookie);
    const viewers = await runInRequestScope(request, "127.0.0.1", () => Promise.all([optionalViewer(request), requireUser(request), requireUser(request)]));
    expect(viewers.every((v) => v?.email === demoAccount("member").email)).toBe(true);
    const claims = JSON.parse(Buffer.from(session.access_token.split(".")[1]!, "base64url").toString());
    const tokens = await database.db.selectFrom("auth.refresh_tokens").select("id").where("session_id", "=", claims.session_id).execute();
    // The original token and exactly one rotation.
    expect(tokens).toHaveLength(2);
  });
});

describe("password recovery and the phone test pages", () => {
  it("recovers a password: code, signed-in step, new password with reasons when weak", async () => {
    const email = "forgetful@example.test";
    await createLocalUser(database.db, { email, password: "old-password-1", confirmed: true });
    const requested = await respond(() => authAction({ request: post("/auth", { intent: "recover-request", identifier: email }), params: {}, context: {} }));
    expect(requested.headers.get("Location")).toBe("/auth?mode=recover&step=verify");
    // Unknown addresses get the same answer.
    const unknown = await respond(() => authAction({ request: post("/auth", { intent: "recover-request", identifier: "nobody-here@example.test" }), params: {}, context: {} }));
    expect(unknown.headers.get("Location")).toBe("/auth?mode=recover&step=verify");

    let cookie = cookieJarFrom(undefined, requested);
    const recoveryCode = await latestCode(dataDir, email);
    const verified = await respond(() => authAction({ request: post("/auth", { intent: "recover-verify", code: recoveryCode }, { cookie }), params: {}, context: {} }));
    expect(verified.headers.get("Location")).toBe("/auth?mode=recover&step=password");
    cookie = cookieJarFrom(cookie, verified);

    const weak = await respond(() => authAction({ request: post("/auth", { intent: "new-password", password: "short" }, { cookie, honeypot: false }), params: {}, context: {} }));
    expect(weak.status).toBe(422);
    expect((await weak.json()).result.error.password[0]).toContain("Use at least 8 characters.");

    const done = await respond(() => authAction({ request: post("/auth", { intent: "new-password", password: "new-password-2" }, { cookie, honeypot: false }), params: {}, context: {} }));
    expect(done.headers.get("Location")).toBe("/dashboard");
    expect((await getToast(get("/dashboard", cookieJarFrom(cookie, done)))).toast?.message).toBe("Your password has been updated.");
    expect((await signIn(email, "new-password-2")).response.status).toBe(302);
    expect((await signIn(email, "old-password-1")).response.status).toBe(400);
  });

  it("checks at most 5 of 10 parallel code guesses from one address; the rest get 429", async () => {
    const email = demoAccount("ar").email;
    const requested = await respond(() => authAction({ request: post("/auth", { intent: "otp-request", identifier: email }), params: {}, context: {} }));
    const cookie = cookieJarFrom(undefined, requested);
    const real = await latestCode(dataDir, email);
    const wrong = (i: number) => String((Number(real) + 1 + i) % 1_000_000).padStart(6, "0");
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        respond(() => authAction({ request: post("/auth", { intent: "otp-verify", code: wrong(i) }, { cookie, address: "192.0.2.41" }), params: {}, context: {} })),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 429).every((s) => s >= 400 && s < 500)).toBe(true);
  });

  it("drive the phone code flow step by step and show the session without tokens", async () => {
    const phone = "+447700900555";
    const page = "/test-phone-auth";
    const sent = await respond(() => phoneTestAction({ request: post(page, { intent: "send", phone: "+44 7700 900555" }), params: {}, context: {} }));
    expect(sent.headers.get("Location")).toBe(page);
    let cookie = cookieJarFrom(undefined, sent);
    const atCode = (await phoneTestLoader({ request: get(page, cookie), params: {}, context: {} })) as Awaited<ReturnType<typeof phoneTestLoader>>;
    expect(atCode).toMatchObject({ step: "code", session: null, sentTo: "+44••••••0555" });
    // The page knows where the code went, never the code.
    const phoneCode = await latestCode(dataDir, phone);
    expect(JSON.stringify(atCode)).not.toContain(phoneCode);
    const verified = await respond(() => phoneTestAction({ request: post(page, { intent: "verify", code: phoneCode }, { cookie }), params: {}, context: {} }));
    expect(verified.headers.get("Location")).toBe(`${page}?step=verified`);
    cookie = cookieJarFrom(cookie, verified);
    const done = await phoneTestLoader({ request: get(`${page}?step=verified`, cookie), params: {}, context: {} });
    expect(done.step).toBe("verified");
    expect(done.session).toMatchObject({ phone, metadataRole: "user", profileRole: null, tokenType: "bearer" });
    expect(done.session!.expiresAt).toBeGreaterThan(Date.now() / 1000);
    // Case-sensitive JWT shape: the honeypot's random ciphertext may contain "Eyj" by chance.
    expect(JSON.stringify(done)).not.toMatch(/eyJ[\w-]+\.eyJ/);
    expect(JSON.stringify(done)).not.toMatch(/refresh|access_?token/i);
  });
});
