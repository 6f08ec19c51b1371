/**
 * One contract, two adapters: the same cases run against the embedded adapter
 * (real test database) and the Supabase adapter (real @supabase/ssr client
 * over HTTP to a local GoTrue stand-in). What the product relies on must hold
 * for both.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createLocalAuth } from "~/platform/auth/local.server";
import { createSupabaseAuth } from "~/platform/auth/supabase.server";
import { createCookieJar, type RecordingCookieJar } from "~/platform/auth/cookies.server";
import type { AuthPort } from "~/platform/auth/port";
import { sessionIdOf } from "~/platform/auth/tokens.server";
import { TEXT } from "~/shared/constants";
import type { MessagePort } from "~/platform/messages/port";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { latestCode } from "../support/messages";
import { startGoTrueStandIn, type GoTrueStandIn } from "../support/gotrue-stand-in";

interface Harness {
  port(options?: { ttlSeconds?: number; reuseIntervalMs?: number }): AuthPort;
  lastCode(recipient: string): Promise<string>;
  ban(identifier: string, until: Date): Promise<void>;
}

const SECRET = "contract-secret-contract-secret-0123456789";
let database: TestDatabase;
let standIn: GoTrueStandIn;
/** The runtime's messages port: the local adapter, writing into this file's own DATA_DIR. */
let messages: MessagePort;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ messages, env: { dataDir } } = useTestRuntime(database));
  standIn = await startGoTrueStandIn();
}, 120_000);
afterAll(async () => {
  await standIn?.close();
  await database?.close();
});

const harnesses: Record<"local" | "supabase", () => Harness> = {
  local: () => ({
    port: (o = {}) =>
      createLocalAuth({ db: database.db, secret: SECRET, messages, accessTokenTtlSeconds: o.ttlSeconds, reuseIntervalMs: o.reuseIntervalMs }),
    lastCode: (recipient) => latestCode(dataDir, recipient),
    async ban(identifier, until) {
      await sql`update auth.users set banned_until = ${until.toISOString()}::timestamptz where lower(email) = ${identifier} or phone = ${identifier}`.execute(database.db);
    },
  }),
  supabase: () => ({
    port(o = {}) {
      standIn.setAccessTokenTtl(o.ttlSeconds ?? 3600);
      standIn.setReuseInterval(o.reuseIntervalMs ?? 10_000);
      return createSupabaseAuth({ url: standIn.url, anonKey: standIn.anonKey });
    },
    async lastCode(recipient) {
      const code = standIn.lastCode(recipient);
      if (!code) throw new Error(`no code sent to ${recipient}`);
      return code;
    },
    async ban(identifier, until) {
      standIn.ban(identifier, until);
    },
  }),
};

/** The browser between requests: cookies from the last response become the next request's. */
function nextJar(previous?: RecordingCookieJar): RecordingCookieJar {
  const header = (previous?.getAll() ?? []).map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join("; ");
  return createCookieJar(header);
}

let counter = 0;
const uniqueEmail = (kind: string) => `contract-${kind}-${++counter}-${Date.now()}@example.test`;
const uniquePhone = () => `+4479${String(Date.now() % 1e8).padStart(8, "0")}${++counter % 10}`;
const PASSWORD = "correct-horse-42";

async function signedUpUser(h: Harness, port: AuthPort, kind: "local" | "supabase") {
  const email = uniqueEmail(kind);
  const jar = nextJar();
  const signUp = await port.client(jar).signUp({ email, password: PASSWORD, data: { display_name: "Casey Contract" } });
  expect(signUp.error).toBeNull();
  const verified = await port.client(jar).verifyOtp({ email, token: await h.lastCode(email), type: "signup" });
  expect(verified.error).toBeNull();
  return { email, jar };
}

describe.each(["local", "supabase"] as const)("auth port contract: %s adapter", (kind) => {
  let h: Harness;
  let port: AuthPort;
  beforeAll(() => {
    h = harnesses[kind]();
    port = h.port();
  });

  it("refuses a sign-up without e-mail or phone with SPEC's message", async () => {
    const result = await port.client(nextJar()).signUp({ password: PASSWORD });
    expect(result.error?.message).toBe(TEXT.signUpMissing);
    expect(result.error?.status).toBe(400);
  });

  it("answers a weak password with weak_password and its reasons", async () => {
    const result = await port.client(nextJar()).signUp({ email: uniqueEmail(kind), password: "short" });
    expect(result.error).toMatchObject({ code: "weak_password", status: 422 });
    expect(result.error?.reasons?.sort()).toEqual(["characters", "length"]);
  });

  it("signs up unconfirmed, sends a code, and confirms into a session of SPEC's shape", async () => {
    const email = uniqueEmail(kind);
    const jar = nextJar();
    const client = port.client(jar);
    const signUp = await client.signUp({ email, password: PASSWORD, data: { display_name: "Casey Contract" } });
    expect(signUp.error).toBeNull();
    expect(signUp.data?.session).toBeNull();
    expect(signUp.data?.user.email).toBe(email);

    // Unconfirmed accounts cannot sign in with their password yet.
    const early = await port.client(nextJar()).signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe("email_not_confirmed");

    const wrong = await client.verifyOtp({ email, token: "000000" === (await h.lastCode(email)) ? "111111" : "000000", type: "signup" });
    expect(wrong.error).toMatchObject({ code: "otp_expired", status: 403 });

    const verified = await client.verifyOtp({ email, token: await h.lastCode(email), type: "signup" });
    expect(verified.error).toBeNull();
    const session = verified.data!;
    expect(session).toMatchObject({ token_type: "bearer", expires_in: expect.any(Number), refresh_token: expect.any(String) });
    expect(session.access_token.split(".")).toHaveLength(3);
    // expires_at in seconds since the epoch, about an hour ahead.
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(session.expires_at).toBeLessThan(Date.now() / 1000 + 2 * 3600);
    expect(session.user).toMatchObject({ email, user_metadata: { display_name: "Casey Contract", role: "user" } });

    // Kept in an HttpOnly, SameSite=Lax cookie whose name starts with sb-.
    const cookies = jar.setCookieHeaders().filter((c) => c.startsWith("sb-"));
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Lax");
    }

    const again = await port.client(nextJar()).signUp({ email, password: PASSWORD });
    expect(again.error?.code).toBe("user_already_exists");
  });

  it("signs in with a password; a wrong one is invalid_credentials", async () => {
    const { email } = await signedUpUser(h, port, kind);
    const wrong = await port.client(nextJar()).signInWithPassword({ email, password: "wrong-password-1" });
    expect(wrong.error).toMatchObject({ code: "invalid_credentials", status: 400 });
    const unknown = await port.client(nextJar()).signInWithPassword({ email: uniqueEmail("nobody"), password: PASSWORD });
    expect(unknown.error?.code).toBe("invalid_credentials");

    const jar = nextJar();
    const signIn = await port.client(jar).signInWithPassword({ email: email.toUpperCase(), password: PASSWORD });
    expect(signIn.error).toBeNull();

    // The next request reads the session from the cookies and the provider vouches for the user.
    const next = port.client(nextJar(jar));
    const session = await next.getSession();
    expect(session.data?.user.email).toBe(email);
    const user = await next.getUser();
    expect(user.data?.email).toBe(email);
  });

  it("refuses a banned user", async () => {
    const { email } = await signedUpUser(h, port, kind);
    await h.ban(email, new Date(Date.now() + 3600_000));
    const result = await port.client(nextJar()).signInWithPassword({ email, password: PASSWORD });
    expect(result.error?.code).toBe("user_banned");
  });

  it("rotates refresh tokens; reusing a rotated one after the reuse interval revokes the session", async () => {
    const strict = h.port({ reuseIntervalMs: 0 });
    const { jar: signedIn } = await signedUpUser(h, strict, kind);
    const before = (await strict.client(nextJar(signedIn)).getSession()).data!;

    const jar = nextJar(signedIn);
    const refreshed = await strict.client(jar).refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data!.refresh_token).not.toBe(before.refresh_token);
    expect(sessionIdOf(refreshed.data!.access_token)).toBe(sessionIdOf(before.access_token));

    // A thief replays the old cookie: the token was already used.
    const replay = await strict.client(nextJar(signedIn)).refreshSession();
    expect(replay.error?.code).toBe("refresh_token_already_used");

    // ...and the whole session is gone, for the rightful holder too.
    const holder = await strict.client(nextJar(jar)).getUser();
    expect(holder.error?.message).toBe(TEXT.authSessionMissing);
  });

  it("gives two racing refreshes of the same token the same child within the reuse interval", async () => {
    const lenient = h.port({ reuseIntervalMs: 10_000 });
    const { jar: signedIn } = await signedUpUser(h, lenient, kind);
    const first = await lenient.client(nextJar(signedIn)).refreshSession();
    const second = await lenient.client(nextJar(signedIn)).refreshSession();
    expect(first.error).toBeNull();
    expect(second.error).toBeNull();
    expect(second.data!.refresh_token).toBe(first.data!.refresh_token);
    expect((await lenient.client(nextJar(signedIn)).getUser()).error).toBeNull();
  });

  it("refreshes a session inside the 90 s expiry margin when it is read", async () => {
    const shortLived = h.port({ ttlSeconds: 60 });
    const { jar: signedIn } = await signedUpUser(h, shortLived, kind);
    const stored = (await shortLived.client(nextJar()).getSession()).data; // no cookies: no session
    expect(stored).toBeNull();
    const jar = nextJar(signedIn);
    const before = jar.getAll().map((c) => c.value).join();
    const read = await shortLived.client(jar).getSession();
    expect(read.error).toBeNull();
    expect(jar.setCookieHeaders().length).toBeGreaterThan(0);
    expect(jar.getAll().map((c) => c.value).join()).not.toBe(before);
  });

  it("signs out globally: every session of the user is revoked and the cookies cleared", async () => {
    const { email } = await signedUpUser(h, port, kind);
    const laptop = nextJar();
    const phone = nextJar();
    expect((await port.client(laptop).signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await port.client(phone).signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const out = nextJar(laptop);
    expect((await port.client(out).signOut()).error).toBeNull();
    expect(out.getAll().filter((c) => c.name.startsWith("sb-"))).toEqual([]);
    expect(out.setCookieHeaders().every((c) => /Max-Age=0|Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);

    const other = await port.client(nextJar(phone)).getUser();
    expect(other.error?.message).toBe(TEXT.authSessionMissing);
    // Signing out an already revoked session is not an error (401/403/404 ignored).
    expect((await port.client(nextJar(phone)).signOut()).error).toBeNull();
  });

  it("signs in with a one-time code sent to a phone", async () => {
    const phone = uniquePhone();
    const refused = await port.client(nextJar()).signInWithOtp({ phone, shouldCreateUser: false });
    expect(refused.error?.code).toBe("otp_disabled");

    const jar = nextJar();
    expect((await port.client(jar).signInWithOtp({ phone, shouldCreateUser: true })).error).toBeNull();
    const verified = await port.client(jar).verifyOtp({ phone, token: await h.lastCode(phone), type: "sms" });
    expect(verified.error).toBeNull();
    expect(verified.data!.user.phone).toBe(phone);
    expect(verified.data!.user.user_metadata.role).toBe("user");
    // A used code cannot be used twice.
    const reused = await port.client(nextJar()).verifyOtp({ phone, token: await h.lastCode(phone), type: "sms" });
    expect(reused.error?.code).toBe("otp_expired");
  });

  it("recovers a password: code by e-mail, session, new password", async () => {
    const { email } = await signedUpUser(h, port, kind);
    expect((await port.client(nextJar()).resetPasswordForEmail(uniqueEmail("unknown"))).error).toBeNull();
    expect((await port.client(nextJar()).resetPasswordForEmail(email)).error).toBeNull();
    const jar = nextJar();
    const verified = await port.client(jar).verifyOtp({ email, token: await h.lastCode(email), type: "recovery" });
    expect(verified.error).toBeNull();

    const weak = await port.client(nextJar(jar)).updatePassword("abc");
    expect(weak.error?.code).toBe("weak_password");
    expect(weak.error?.reasons).toContain("length");
    const updated = await port.client(nextJar(jar)).updatePassword("brand-new-secret-7");
    expect(updated.error).toBeNull();

    expect((await port.client(nextJar()).signInWithPassword({ email, password: PASSWORD })).error?.code).toBe("invalid_credentials");
    expect((await port.client(nextJar()).signInWithPassword({ email, password: "brand-new-secret-7" })).error).toBeNull();
  });

  it("checks the signed-in user's current password without leaving a session behind", async () => {
    const { jar } = await signedUpUser(h, port, kind);
    const before = kind === "supabase" ? standIn.sessionCount() : 0;
    expect((await port.client(nextJar(jar)).verifyPassword(PASSWORD)).data).toBe(true);
    expect((await port.client(nextJar(jar)).verifyPassword("not-the-password-1")).data).toBe(false);
    // The check's own sign-in (GoTrue can only check a password that way) is revoked at once.
    if (kind === "supabase") expect(standIn.sessionCount()).toBe(before);
    // Still signed in with the original session.
    expect((await port.client(nextJar(jar)).getUser()).error).toBeNull();
    expect((await port.client(nextJar()).verifyPassword(PASSWORD)).error?.message).toBe(TEXT.authSessionMissing);
  });

  it("has no session and says so when there are no cookies", async () => {
    const client = port.client(nextJar());
    expect((await client.getSession()).data).toBeNull();
    expect((await client.getUser()).error?.message).toBe(TEXT.authSessionMissing);
    expect((await client.refreshSession()).error?.message).toBe(TEXT.authSessionMissing);
  });
});

describe("supabase adapter over HTTP", () => {
  it("retries a 502 from the provider and then succeeds", async () => {
    const port = harnesses.supabase().port();
    const h = harnesses.supabase();
    const { email } = await signedUpUser(h, port, "supabase");
    standIn.failNext("/auth/v1/token", 502);
    const before = standIn.requests.length;
    const result = await port.client(nextJar()).signInWithPassword({ email, password: PASSWORD });
    expect(result.error).toBeNull();
    const tokenCalls = standIn.requests.slice(before).filter((r) => r.path.startsWith("/auth/v1/token"));
    expect(tokenCalls.map((r) => r.status)).toEqual([502, 200]);
  });

  it("does not retry a client error", async () => {
    const port = harnesses.supabase().port();
    const before = standIn.requests.length;
    const result = await port.client(nextJar()).signInWithPassword({ email: uniqueEmail("nobody"), password: PASSWORD });
    expect(result.error?.code).toBe("invalid_credentials");
    expect(standIn.requests.slice(before).filter((r) => r.path.startsWith("/auth/v1/token"))).toHaveLength(1);
  });
});
