/**
 * /admin/users on the Supabase auth adapter (ADR 0080), with GoTrue played by
 * the HTTP stand-in (the hosted service mocked at the network boundary):
 * a ban goes to GoTrue's admin API (PUT /admin/users/{id}, ban_duration) with
 * the service-role key, and the session layer refuses the person's next
 * request by itself while their access token is still valid at GoTrue; the
 * sign-in page cannot tell a right password from a wrong one for a banned
 * account (GoTrue checks the ban first), so it shows no details; lifting it
 * sends ban_duration "none"; deleting calls DELETE /admin/users/{id}; a
 * password recovery goes through POST /recover. Without the service-role key
 * the admin actions answer a clear error and change nothing.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USERS_TEXT } from "~/admin/users-text";
import { SUSPENSION_TEXT } from "~/auth/suspension";
import { listAuditEntries } from "~/audit/audit.server";
import { getAuthPort } from "~/platform/auth/index.server";
import { createSupabaseAuth } from "~/platform/auth/supabase.server";
import { createCookieJar } from "~/platform/auth/cookies.server";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { startGoTrueStandIn, type GoTrueStandIn } from "../support/gotrue-stand-in";

const PASSWORD = "listens-to-demos-7";
let database: TestDatabase;
let standIn: GoTrueStandIn;
let app: AppHandler;
const ids: Record<string, string> = {};

async function provision(key: string, email: string, name: string, role: "admin" | "accepted_member") {
  const port = createSupabaseAuth({ url: standIn.url, anonKey: standIn.anonKey });
  const signUp = await port.client(createCookieJar(null)).signUp({ email, password: PASSWORD });
  await port.client(createCookieJar(null)).verifyOtp({ email, token: standIn.lastCode(email)!, type: "signup" });
  const id = signUp.data!.user.id;
  // The project's database holds GoTrue's auth.users too: the app's rows reference it.
  await sql`insert into auth.users (id, email) values (${id}::uuid, ${email})`.execute(database.db);
  await database.db.insertInto("profiles").values({ user_id: id, role, is_admin: role === "admin", display_name: name, links: "[]" }).execute();
  ids[key] = id;
  return id;
}

function runtimeEnv(withServiceKey: boolean) {
  return {
    SUPABASE_URL: standIn.url,
    SUPABASE_ANON_KEY: standIn.anonKey,
    ...(withServiceKey ? { SUPABASE_SERVICE_ROLE_KEY: standIn.serviceRoleKey } : {}),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  // GoTrue's delete removes auth.users in the project's database; the app's rows follow their keys.
  standIn = await startGoTrueStandIn({
    onDeleteUser: async (userId) => {
      await database.db.deleteFrom("auth.users").where("id", "=", userId).execute();
    },
  });
  useTestRuntime(database, runtimeEnv(true));
  await provision("admin", "boss@collective.example", "Bea Boss", "admin");
  await provision("target", "writer@collective.example", "Wren Writer", "accepted_member");
  await provision("leaver", "leaver@collective.example", "Lou Leaver", "accepted_member");
  app = await createAppHandler();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await standIn?.close();
  await database?.close();
});

describe("admin actions on the Supabase adapter", () => {
  it("runs on the Supabase adapter with its admin API", () => {
    expect(getAuthPort().kind).toBe("supabase");
    expect(getAuthPort().admin().available).toBe(true);
  });

  it("bans through GoTrue's admin API and refuses the open session on its next request, told why", async () => {
    const admin = new TestClient(app);
    await admin.signIn("boss@collective.example", PASSWORD);
    const target = new TestClient(app);
    await target.signIn("writer@collective.example", PASSWORD);
    expect((await target.get("/dashboard")).status).toBe(200);

    const endsAt = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const response = await admin.post(`/admin/users/${ids.target}`, { intent: "ban", reason: "Spam in the inbox", endsAt });
    expect(response.status).toBe(302);
    const put = standIn.requests.find((r) => r.method === "PUT" && r.path === `/auth/v1/admin/users/${ids.target}`);
    expect(put?.status).toBe(200);
    // GoTrue's ban ends at the same moment (to the second).
    const banned = Date.parse(standIn.bannedUntil(ids.target!)!);
    expect(Math.abs(banned - Date.parse(`${endsAt}T00:00:00Z`))).toBeLessThan(5_000);

    // The access token is still valid at GoTrue (GET /user answers 200): the app refuses it itself.
    const userChecksBefore = standIn.requests.filter((r) => r.path === "/auth/v1/user" && r.status === 200).length;
    const refused = await target.get("/dashboard");
    expect(standIn.requests.filter((r) => r.path === "/auth/v1/user" && r.status === 200).length).toBe(userChecksBefore + 1);
    expect(refused.status).toBe(302);
    expect(locationOf(refused)).toBe("/auth");
    const page = await (await target.get("/auth")).text();
    expect(page).toContain("Spam in the inbox");
    expect(page).toContain("UTC");

    const [entry] = (await listAuditEntries(database.db, { targetType: "user", targetId: ids.target, action: "user.banned" })).entries;
    expect(entry).toMatchObject({ after: { reason: "Spam in the inbox" } });
  });

  it("shows no details at sign-in, right or wrong password, since GoTrue checks the ban first", async () => {
    const client = new TestClient(app);
    const hidden = await client.honeypotFields("/auth");
    for (const password of [PASSWORD, "wrong-password-99"]) {
      const response = await client.post("/auth", { intent: "sign-in", identifier: "writer@collective.example", password, ...hidden });
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).not.toContain("Spam in the inbox");
      expect(text).toContain(SUSPENSION_TEXT.withoutDetails);
    }
  });

  it("lifts the ban with ban_duration none: the person signs in again", async () => {
    const admin = new TestClient(app);
    await admin.signIn("boss@collective.example", PASSWORD);
    expect((await admin.post(`/admin/users/${ids.target}`, { intent: "unban" })).status).toBe(302);
    expect(standIn.bannedUntil(ids.target!)).toBeNull();
    const target = new TestClient(app);
    await target.signIn("writer@collective.example", PASSWORD);
    expect((await target.get("/dashboard")).status).toBe(200);
  });

  it("sends a password recovery through GoTrue's /recover, never showing the code", async () => {
    const admin = new TestClient(app);
    await admin.signIn("boss@collective.example", PASSWORD);
    const response = await admin.post(`/admin/users/${ids.target}`, { intent: "recovery" });
    expect(response.status).toBe(302);
    const sent = standIn.sent.filter((m) => m.recipient === "writer@collective.example" && m.purpose === "recovery");
    expect(sent.length).toBe(1);
    const page = await (await admin.get(locationOf(response)!)).text();
    expect(page).not.toContain(sent[0]!.code);
    // The admin's own session was untouched by it.
    expect((await admin.get("/admin/users")).status).toBe(200);
  });

  it("deletes through DELETE /admin/users/{id}; the audit entry keeps the id", async () => {
    const admin = new TestClient(app);
    await admin.signIn("boss@collective.example", PASSWORD);
    const response = await admin.post(`/admin/users/${ids.leaver}`, { intent: "delete", confirm: "delete" });
    expect(response.status).toBe(302);
    expect(standIn.requests.some((r) => r.method === "DELETE" && r.path === `/auth/v1/admin/users/${ids.leaver}` && r.status === 200)).toBe(true);
    expect(await database.db.selectFrom("profiles").select("id").where("user_id", "=", ids.leaver!).executeTakeFirst()).toBeUndefined();
    const { entries } = await listAuditEntries(database.db, { targetType: "user", targetId: ids.leaver, action: "user.deleted" });
    expect(entries.length).toBe(1);
    const replay = await admin.post(`/admin/users/${ids.leaver}`, { intent: "delete", confirm: "delete" });
    expect(replay.status).toBe(404);
  });

  it("without the service-role key, answers a clear error and changes nothing", async () => {
    // Signed in (with two-factor, whose recovery path needs the key) before the key goes.
    const admin = new TestClient(app);
    await admin.signIn("boss@collective.example", PASSWORD);
    useTestRuntime(database, runtimeEnv(false));
    expect(getAuthPort().admin().available).toBe(false);
    const requestsBefore = standIn.requests.length;
    const bodies: Record<string, string>[] = [{ intent: "ban", reason: "Nope" }, { intent: "delete", confirm: "delete" }];
    for (const body of bodies) {
      const response = await admin.post(`/admin/users/${ids.target}`, body);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain("SUPABASE_SERVICE_ROLE_KEY");
    }
    expect(standIn.requests.slice(requestsBefore).some((r) => r.path.startsWith("/auth/v1/admin/"))).toBe(false);
    expect(await database.db.selectFrom("account_suspensions").selectAll().where("user_id", "=", ids.target!).execute()).toEqual([]);
    expect(await database.db.selectFrom("profiles").select("id").where("user_id", "=", ids.target!).executeTakeFirst()).toBeTruthy();
    // The page says so too.
    expect(await (await admin.get(`/admin/users/${ids.target}`)).text()).toContain(USERS_TEXT.unavailable);
  });
});
