/**
 * The session layer on the Supabase adapter: the same /auth action, guards,
 * timeouts and sign-out, with GoTrue played by the HTTP stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { action as authAction } from "~/routes/auth/sign-in";
import { action as signOutAction } from "~/routes/auth/sign-out";
import { optionalViewer, requireApprovedAR, requireUser, resolveSession } from "~/auth/session.server";
import { honeypotFormFields } from "~/auth/honeypot.server";
import { getAuthPort } from "~/platform/auth/index.server";
import { createSupabaseAuth } from "~/platform/auth/supabase.server";
import { createCookieJar } from "~/platform/auth/cookies.server";
import { getToast } from "~/toast/toast.server";
import { TEXT } from "~/shared/constants";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { startGoTrueStandIn, type GoTrueStandIn } from "../support/gotrue-stand-in";

let database: TestDatabase;
let standIn: GoTrueStandIn;
const EMAIL = "scout@label.example";
const PASSWORD = "listens-to-demos-7";

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startGoTrueStandIn();
  useTestRuntime(database, { SUPABASE_URL: standIn.url, SUPABASE_ANON_KEY: standIn.anonKey });

  // The account exists in the provider and, as on a Supabase project, in our auth.users with a profile.
  const port = createSupabaseAuth({ url: standIn.url, anonKey: standIn.anonKey });
  const signUp = await port.client(createCookieJar(null)).signUp({ email: EMAIL, password: PASSWORD });
  await port.client(createCookieJar(null)).verifyOtp({ email: EMAIL, token: standIn.lastCode(EMAIL)!, type: "signup" });
  const id = signUp.data!.user.id;
  await sql`insert into auth.users (id, email) values (${id}::uuid, ${EMAIL})`.execute(database.db);
  await database.db.insertInto("profiles").values({ user_id: id, role: "accepted_ar", display_name: "Sam Scout" }).execute();
}, 120_000);
afterAll(async () => {
  await standIn?.close();
  await database?.close();
});

function post(path: string, fields: Record<string, string>, cookie?: string) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.4" });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams({ ...honeypotFormFields(), ...fields }), headers });
}
const get = (path: string, cookie?: string) => new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });

async function thrown(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (response) {
    if (response instanceof Response) return response;
    throw response;
  }
  throw new Error("expected a thrown response");
}

function cookiesOf(response: Response, previous = ""): string {
  const jar = new Map(previous.split("; ").filter(Boolean).map((c) => [c.split("=")[0]!, c.slice(c.indexOf("=") + 1)] as const));
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (/Max-Age=0/.test(header)) jar.delete(name);
    else jar.set(name, pair.slice(name.length + 1));
  }
  return [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
}

describe("sessions on the Supabase adapter", () => {
  it("runs on the Supabase adapter in this configuration", () => {
    expect(getAuthPort().kind).toBe("supabase");
  });

  it("signs in through /auth, lands the A&R user, and guards see the viewer", async () => {
    const response = await thrown(() => authAction({ request: post("/auth", { intent: "sign-in", identifier: EMAIL, password: PASSWORD }), params: {}, context: {} }));
    expect(response.headers.get("Location")).toBe("/ar/dashboard");
    const cookie = cookiesOf(response);
    expect(cookie).toMatch(/^sb-127-auth-token=/);
    for (const header of response.headers.getSetCookie()) expect(header).toContain("HttpOnly");
    expect(await requireApprovedAR(get("/ar/dashboard", cookie))).toMatchObject({ email: EMAIL, role: "accepted_ar", displayName: "Sam Scout" });
  });

  it("ends an idle session at the provider and redirects with the Session Expired toast", async () => {
    const signIn = await thrown(() => authAction({ request: post("/auth", { intent: "sign-in", identifier: EMAIL, password: PASSWORD }), params: {}, context: {} }));
    const cookie = cookiesOf(signIn);
    const resolved = await resolveSession(get("/", cookie));
    if (resolved.state !== "active") throw new Error("expected a session");
    const sessionsBefore = standIn.sessionCount();
    await database.db
      .updateTable("session_activity")
      .set({ last_active_at: new Date(Date.now() - 16 * 60_000) })
      .where("session_id", "=", resolved.sessionId)
      .execute();

    const response = await thrown(() => requireUser(get("/dashboard", cookie)));
    expect(response.headers.get("Location")).toBe("/auth?redirect=%2Fdashboard");
    expect((await getToast(get("/auth", cookiesOf(response, cookie)))).toast?.message).toBe(TEXT.sessionExpiredIdle);
    expect(standIn.sessionCount()).toBe(sessionsBefore - 1);
    expect(standIn.requests.some((r) => r.path === "/auth/v1/logout?scope=local" && r.status === 204)).toBe(true);
  });

  it("signs out globally at the provider and clears the sb- cookies", async () => {
    const first = cookiesOf(await thrown(() => authAction({ request: post("/auth", { intent: "sign-in", identifier: EMAIL, password: PASSWORD }), params: {}, context: {} })));
    const second = cookiesOf(await thrown(() => authAction({ request: post("/auth", { intent: "sign-in", identifier: EMAIL, password: PASSWORD }), params: {}, context: {} })));
    // A success is the form's redirect Response, handed back as the action's answer.
    const response = (await signOutAction({ request: post("/auth/sign-out", {}, first), params: {}, context: {} })) as unknown as Response;
    expect(response.headers.get("Location")).toBe("/auth");
    expect(cookiesOf(response, first)).toBe("");
    expect(standIn.requests.some((r) => r.path === "/auth/v1/logout?scope=global")).toBe(true);
    expect(await optionalViewer(get("/", second))).toBeNull();
    // Signing out again with the revoked session: the provider's 404 is ignored.
    const again = (await signOutAction({ request: post("/auth/sign-out", {}, first), params: {}, context: {} })) as unknown as Response;
    expect(again.headers.get("Location")).toBe("/auth");
  });
});
