/**
 * Two-factor sign-in on the Supabase adapter (issue 16 item 7, ADR 0099),
 * through Supabase Auth's MFA API played by the GoTrue stand-in at the network
 * boundary: the admin's set-up is POST /factors, the first code POST
 * /factors/{id}/challenge then /verify (the session's JWT then says aal2);
 * the next sign-in is challenged the same way; the level comes from GoTrue's
 * own answer, so a session cookie edited to drop the factors changes nothing;
 * a recovery code removes the factor through the admin API (DELETE
 * /admin/users/{id}/factors/{fid}); without the service-role key a recovery
 * code is refused with a clear error and stays unspent. GoTrue takes a code
 * again within its window; the app refuses a code it has accepted already.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MFA_TEXT } from "~/auth/mfa/mfa-text";
import { getAuthPort } from "~/platform/auth/index.server";
import { createSupabaseAuth } from "~/platform/auth/supabase.server";
import { createCookieJar } from "~/platform/auth/cookies.server";
import { totpCode, TOTP_PERIOD_S } from "~/platform/auth/totp.server";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { startGoTrueStandIn, type GoTrueStandIn } from "../support/gotrue-stand-in";
import { authenticatorOf } from "../support/second-factor";

const PASSWORD = "listens-to-demos-7";
const ADMIN = "mfa-boss@collective.example";
let database: TestDatabase;
let standIn: GoTrueStandIn;
let app: AppHandler;
let adminId: string;

async function provision(email: string, role: "admin" | "accepted_member") {
  const port = createSupabaseAuth({ url: standIn.url, anonKey: standIn.anonKey });
  const signUp = await port.client(createCookieJar(null)).signUp({ email, password: PASSWORD });
  await port.client(createCookieJar(null)).verifyOtp({ email, token: standIn.lastCode(email)!, type: "signup" });
  const id = signUp.data!.user.id;
  await sql`insert into auth.users (id, email) values (${id}::uuid, ${email})`.execute(database.db);
  await database.db.insertInto("profiles").values({ user_id: id, role, is_admin: role === "admin", display_name: role, links: "[]" }).execute();
  return id;
}

const stepAfter = (step: number) => new Date((step + 1) * TOTP_PERIOD_S * 1000 + 1000);

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startGoTrueStandIn();
  useTestRuntime(database, { SUPABASE_URL: standIn.url, SUPABASE_ANON_KEY: standIn.anonKey, SUPABASE_SERVICE_ROLE_KEY: standIn.serviceRoleKey });
  adminId = await provision(ADMIN, "admin");
  app = await createAppHandler();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await standIn?.close();
  await database?.close();
});

describe("two-factor sign-in on the Supabase adapter", () => {
  it("runs on the Supabase adapter", () => {
    expect(getAuthPort().kind).toBe("supabase");
  });

  it("sets an admin's authenticator up through POST /factors, challenge and verify, and lets them in", async () => {
    const client = new TestClient(app, { address: "198.51.100.40" });
    await client.signIn(ADMIN, PASSWORD);
    expect(authenticatorOf(ADMIN)?.recoveryCodes).toHaveLength(10);
    const paths = standIn.requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ":id")}`);
    expect(paths).toContain("POST /auth/v1/factors");
    expect(paths).toContain("POST /auth/v1/factors/:id/challenge");
    expect(paths).toContain("POST /auth/v1/factors/:id/verify");
    expect((await client.get("/admin")).status).toBe(200);
  });

  it("challenges the next sign-in, and an edited session cookie without the factors changes nothing", async () => {
    const client = new TestClient(app, { address: "198.51.100.41" });
    await client.signIn(ADMIN, PASSWORD, { secondFactor: false });
    expect(locationOf(await client.get("/admin"))).toBe("/auth/mfa?redirect=%2Fadmin");

    // @supabase/ssr keeps the session (with a copy of the user) in a readable cookie: drop its factors.
    const name = client.jar.names().find((n) => n.startsWith("sb-") && n.endsWith("-auth-token"))!;
    const raw = client.jar.header().split("; ").find((c) => c.startsWith(`${name}=`))!.slice(name.length + 1);
    const encoded = decodeURIComponent(raw);
    const json = encoded.startsWith("base64-") ? Buffer.from(encoded.slice(7), "base64url").toString("utf8") : encoded;
    const session = JSON.parse(json) as { user: { factors?: unknown[] } };
    session.user.factors = [];
    client.jar.set(name, encodeURIComponent(`base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`));
    expect(locationOf(await client.get("/admin"))).toBe("/auth/mfa?redirect=%2Fadmin");

    const authenticator = authenticatorOf(ADMIN)!;
    const verified = await client.post("/auth/mfa", { intent: "verify", code: totpCode(authenticator.secret, stepAfter(authenticator.lastStep)), redirectTo: "/admin" });
    expect(verified.status).toBe(302);
    expect(locationOf(verified)).toBe("/admin");
    authenticator.lastStep += 1;
    expect((await client.get("/admin")).status).toBe(200);

    // GoTrue would take the same code again within its 90 seconds; the app does not.
    const replayer = new TestClient(app, { address: "198.51.100.45" });
    await replayer.signIn(ADMIN, PASSWORD, { secondFactor: false });
    const replay = await replayer.post("/auth/mfa", { intent: "verify", code: totpCode(authenticator.secret, stepAfter(authenticator.lastStep - 1)) });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain(MFA_TEXT.wrongCode);
    expect(locationOf(await replayer.get("/admin"))).toBe("/auth/mfa?redirect=%2Fadmin");
  });

  it("a recovery code removes the factor through the admin API, and the admin sets up a new one", async () => {
    const client = new TestClient(app, { address: "198.51.100.42" });
    await client.signIn(ADMIN, PASSWORD, { secondFactor: false });
    const code = authenticatorOf(ADMIN)!.recoveryCodes[0]!;
    const used = await client.post("/auth/mfa", { intent: "recover", recoveryCode: code, redirectTo: "/admin" });
    expect(used.status).toBe(302);
    expect(locationOf(used)).toBe("/auth/mfa?redirect=%2Fadmin");
    expect(standIn.requests.some((r) => r.method === "DELETE" && r.path.startsWith(`/auth/v1/admin/users/${adminId}/factors/`) && r.status === 200)).toBe(true);
    const page = await (await client.get("/auth/mfa?redirect=%2Fadmin")).text();
    expect(page).toContain(MFA_TEXT.enrolRequiredTitle);
  });

  it("without the service-role key a recovery code is refused with a clear error and stays unspent", async () => {
    // Set up again (the previous test removed the factor), then lose the service-role key.
    const owner = new TestClient(app, { address: "198.51.100.43" });
    await owner.signIn(ADMIN, PASSWORD);
    const code = authenticatorOf(ADMIN)!.recoveryCodes[1]!;
    useTestRuntime(database, { SUPABASE_URL: standIn.url, SUPABASE_ANON_KEY: standIn.anonKey });
    try {
      const client = new TestClient(app, { address: "198.51.100.44" });
      await client.signIn(ADMIN, PASSWORD, { secondFactor: false });
      const refused = await client.post("/auth/mfa", { intent: "recover", recoveryCode: code });
      expect(refused.status).toBe(503);
      const text = await refused.text();
      expect(text).toContain(MFA_TEXT.unavailable);
      // The unspent code is not written back into the page.
      expect(text).not.toContain(code);
      const unspent = await sql<{ n: string }>`select count(*) as n from mfa_recovery_codes where user_id = ${adminId}::uuid and used_at is null`.execute(database.db);
      expect(Number(unspent.rows[0]!.n)).toBe(10);
    } finally {
      useTestRuntime(database, { SUPABASE_URL: standIn.url, SUPABASE_ANON_KEY: standIn.anonKey, SUPABASE_SERVICE_ROLE_KEY: standIn.serviceRoleKey });
    }
  });
});
