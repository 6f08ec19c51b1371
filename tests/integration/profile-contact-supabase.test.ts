/**
 * The e-mail / phone change of /profile on the Supabase auth adapter, with
 * GoTrue played by the HTTP stand-in: updateUser sends GoTrue's code to the
 * new address, verifyOtp (email_change / phone_change) completes it, and
 * GoTrue's email_exists refusal reaches the field.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuthPort } from "~/platform/auth/index.server";
import { createSupabaseAuth } from "~/platform/auth/supabase.server";
import { createCookieJar } from "~/platform/auth/cookies.server";
import { PROFILE_TEXT } from "~/profile/profile-text";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { startGoTrueStandIn, type GoTrueStandIn } from "../support/gotrue-stand-in";
import { createAppHandler, TestClient, type AppHandler } from "../support/app-handler";

const T = PROFILE_TEXT.account;
const PASSWORD = "listens-to-demos-7";
const EMAIL = "writer@collective.example";
const OTHER = "other@collective.example";
const NEW_EMAIL = "writer.new@collective.example";
let database: TestDatabase;
let standIn: GoTrueStandIn;
let app: AppHandler;
let client: TestClient;

async function provision(email: string, name: string) {
  const port = createSupabaseAuth({ url: standIn.url, anonKey: standIn.anonKey });
  const signUp = await port.client(createCookieJar(null)).signUp({ email, password: PASSWORD });
  await port.client(createCookieJar(null)).verifyOtp({ email, token: standIn.lastCode(email)!, type: "signup" });
  const id = signUp.data!.user.id;
  await sql`insert into auth.users (id, email) values (${id}::uuid, ${email})`.execute(database.db);
  await database.db.insertInto("profiles").values({ user_id: id, role: "accepted_member", display_name: name, public_profile: true }).execute();
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startGoTrueStandIn();
  useTestRuntime(database, { SUPABASE_URL: standIn.url, SUPABASE_ANON_KEY: standIn.anonKey });
  await provision(EMAIL, "Wren Writer");
  await provision(OTHER, "Otto Other");
  app = await createAppHandler();
  client = new TestClient(app);
  await client.signIn(EMAIL, PASSWORD);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await standIn?.close();
  await database?.close();
});

describe("contact change on the Supabase adapter", () => {
  it("runs on the Supabase adapter", () => {
    expect(getAuthPort().kind).toBe("supabase");
  });

  it("refuses another account's address with GoTrue's email_exists at the field", async () => {
    const before = standIn.sent.length;
    const response = await client.post("/profile", { intent: "requestContact", newContact: OTHER });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(T.contactTaken);
    expect(standIn.sent.length).toBe(before);
  });

  it("has GoTrue send the code to the new address only, through PUT /user", async () => {
    const response = await client.post("/profile", { intent: "requestContact", newContact: NEW_EMAIL });
    expect(response.status).toBe(302);
    expect(standIn.requests.some((r) => r.method === "PUT" && r.path === "/auth/v1/user" && r.status === 200)).toBe(true);
    const sent = standIn.sent.filter((m) => m.purpose === "email_change");
    expect(sent.map((m) => m.recipient)).toEqual([NEW_EMAIL]);
    // Still the old address until the code is entered.
    expect(await (await client.get("/profile")).text()).toContain(`${EMAIL}</span>`);
  });

  it("refuses a wrong code, then the right one completes the change through verify (email_change)", async () => {
    const right = standIn.lastCode(NEW_EMAIL)!;
    const wrong = right === "000000" ? "111111" : "000000";
    const refused = await client.post("/profile", { intent: "confirmContact", code: wrong });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(T.codeWrong);

    const sessionsBefore = standIn.sessionCount();
    const response = await client.post("/profile", { intent: "confirmContact", code: right });
    expect(response.status).toBe(302);
    expect(standIn.requests.some((r) => r.path === "/auth/v1/verify" && r.status === 200)).toBe(true);
    // The member's own session goes on (the verify's session was ended at once).
    expect(standIn.sessionCount()).toBe(sessionsBefore);
    const html = await (await client.get("/profile")).text();
    expect(html).toContain(T.changed("email"));
    expect(html).toContain(NEW_EMAIL);
    // GoTrue now signs the account in with the new address.
    const fresh = new TestClient(app);
    await fresh.signIn(NEW_EMAIL, PASSWORD);
  });

  it("changes the phone number with verify (phone_change)", async () => {
    const response = await client.post("/profile", { intent: "requestContact", newContact: "+46 70 123 45 67" });
    expect(response.status).toBe(302);
    const code = standIn.lastCode("+46701234567")!;
    expect(code).toMatch(/^\d{6}$/);
    expect((await client.post("/profile", { intent: "confirmContact", code })).status).toBe(302);
    expect(await (await client.get("/profile")).text()).toContain("+46701234567");
  });
});
