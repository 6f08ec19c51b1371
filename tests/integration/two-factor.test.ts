/**
 * Two-factor sign-in on the embedded auth adapter (issue 16 item 7, ADR 0099),
 * through the app's real request handler and PGlite: an admin cannot reach any
 * page before setting up an authenticator; the set-up shows a QR code and key
 * and turns on with the first code, then shows ten recovery codes once; the
 * next sign-in is challenged, and every page sends the half-signed-in session
 * to /auth/mfa; a code works once, a wrong one is refused under its field, a
 * burst of guesses is cut off with 429; a recovery code works once and removes
 * the lost authenticator; members may turn it on and off, admins may not turn
 * it off; the factor's secret is stored encrypted; "MFA challenge verified" is
 * emitted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { AUTH_EVENTS, onAuthEvent, type AuthEvent } from "~/auth/auth-events.server";
import { MFA_TEXT } from "~/auth/mfa/mfa-text";
import { totpCode, TOTP_PERIOD_S } from "~/platform/auth/totp.server";
import { consume, RATE_LIMITS } from "~/platform/rate-limit.server";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { authenticatorOf, recoveryCodesOnPage, secretOnPage, setUpAuthenticator } from "../support/second-factor";
import { createAccount } from "../support/accounts";

const PASSWORD = "two-factor-password-1";
let database: TestDatabase;
let app: AppHandler;
const events: AuthEvent[] = [];
let stopListening: () => void;

const account = (key: string, options: { isAdmin?: boolean } = {}) => createAccount(database.db, { prefix: "mfa", key, password: PASSWORD, ...options });

/** A browser signed in with the password only: what happens next is the test's. */
async function passwordOnly(email: string, address = "198.51.100.20") {
  const client = new TestClient(app, { address });
  await client.signIn(email, PASSWORD, { secondFactor: false });
  return client;
}

/** A moment in the step after `step` (a code of it has not been used yet, and now's window takes it). */
const stepAfter = (step: number) => new Date((step + 1) * TOTP_PERIOD_S * 1000 + 1000);

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  app = await createAppHandler();
  stopListening = onAuthEvent((event) => events.push(event));
}, 120_000);
afterAll(async () => {
  stopListening?.();
  await app?.close();
  await database?.close();
});

describe("an admin must set up two-factor sign-in", () => {
  it("sends every page to /auth/mfa until an authenticator is set up, and public pages see nobody", async () => {
    const { email } = await account("admin-new", { isAdmin: true });
    const client = await passwordOnly(email);
    for (const path of ["/admin", "/dashboard", "/profile", "/inbox"]) {
      const response = await client.get(path);
      expect(response.status, path).toBe(302);
      expect(locationOf(response), path).toBe(`/auth/mfa?${new URLSearchParams({ redirect: path })}`);
    }
    const page = await (await client.get("/auth/mfa?redirect=/admin")).text();
    expect(page).toContain(MFA_TEXT.enrolRequiredTitle);
    expect(page).not.toContain("Not now");
    // A public page treats the half-signed-in session as nobody (no admin link, no name).
    const catalogue = await client.get("/music-catalog");
    expect(catalogue.status).toBe(200);
    const html = await catalogue.text();
    expect(html).not.toContain('href="/admin"');
    expect(html).not.toContain("admin-new");
  });

  it("sets up with a QR code and key, turns on with the first code, shows ten recovery codes once, and lands", async () => {
    const { id, email } = await account("admin-setup", { isAdmin: true });
    const client = await passwordOnly(email);
    const started = await client.post("/auth/mfa", { intent: "enrol", redirectTo: "/admin/users" });
    expect(started.status).toBe(302);
    expect(locationOf(started)).toBe("/auth/mfa?redirect=%2Fadmin%2Fusers");
    const setup = await (await client.get("/auth/mfa?redirect=%2Fadmin%2Fusers")).text();
    expect(setup).toContain(MFA_TEXT.setupTitle);
    expect(setup).toMatch(/<svg[^>]*viewBox/);
    const secret = secretOnPage(setup)!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // Stored encrypted: the database alone does not hold the key.
    const stored = await sql<{ secret_encrypted: string; status: string }>`select secret_encrypted, status from auth.mfa_factors where user_id = ${id}::uuid`.execute(database.db);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.status).toBe("unverified");
    expect(stored.rows[0]!.secret_encrypted).not.toContain(secret);

    // A wrong first code: refused under the field, the QR code still there (no JavaScript needed).
    const wrong = await client.post("/auth/mfa", { intent: "confirm", code: "000000" === totpCode(secret) ? "111111" : "000000", redirectTo: "/admin/users" });
    expect(wrong.status).toBe(400);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain(MFA_TEXT.wrongCode);

    const at = new Date();
    const confirmed = await client.post("/auth/mfa", { intent: "confirm", code: totpCode(secret, at), redirectTo: "/admin/users" });
    expect(confirmed.status).toBe(302);
    const codesPage = await (await client.get("/auth/mfa?redirect=%2Fadmin%2Fusers")).text();
    expect(codesPage).toContain(MFA_TEXT.codesTitle);
    const codes = recoveryCodesOnPage(codesPage);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);
    // Stored as hashes only.
    const hashes = await sql<{ code_hash: string }>`select code_hash from mfa_recovery_codes where user_id = ${id}::uuid`.execute(database.db);
    expect(hashes.rows).toHaveLength(10);
    for (const row of hashes.rows) expect(codes).not.toContain(row.code_hash);
    // Shown once: the next load is the management view.
    const again = await (await client.get("/auth/mfa")).text();
    expect(again).not.toContain(codes[0]!);
    expect(again).toContain(MFA_TEXT.manageTitle);
    expect(again).toContain(MFA_TEXT.adminsKeepIt);

    const admin = await client.get("/admin/users");
    expect(admin.status).toBe(200);
    expect(events.some((e) => e.event === AUTH_EVENTS.mfaChallengeVerified && e.userId === id && e.method === "totp")).toBe(true);
  });
});

describe("the challenge", () => {
  it("asks a signed-in account with an authenticator for its code, accepts it once, and refuses the same code again", async () => {
    const { id, email } = await account("admin-challenge", { isAdmin: true });
    const first = new TestClient(app, { address: "198.51.100.21" });
    await first.signIn(email, PASSWORD);
    const authenticator = authenticatorOf(email)!;

    const second = await passwordOnly(email, "198.51.100.22");
    const blocked = await second.get("/admin");
    expect(locationOf(blocked)).toBe("/auth/mfa?redirect=%2Fadmin");
    const challenge = await (await second.get("/auth/mfa?redirect=%2Fadmin")).text();
    expect(challenge).toContain(MFA_TEXT.challengeTitle);
    expect(challenge).not.toContain('data-testid="mfa-secret"');

    // The code of the step used at set-up is refused: a code is good once.
    const reused = await second.post("/auth/mfa", { intent: "verify", code: totpCode(authenticator.secret, new Date(authenticator.lastStep * TOTP_PERIOD_S * 1000)), redirectTo: "/admin" });
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain(MFA_TEXT.wrongCode);

    // The step after the one used: within the window of one step either side of now.
    const now = stepAfter(authenticator.lastStep);
    const verified = await second.post("/auth/mfa", { intent: "verify", code: totpCode(authenticator.secret, now), redirectTo: "/admin" });
    expect(verified.status).toBe(302);
    expect(locationOf(verified)).toBe("/admin");
    expect((await second.get("/admin")).status).toBe(200);

    // A third session with the very same code: refused (replay).
    const third = await passwordOnly(email, "198.51.100.23");
    const replay = await third.post("/auth/mfa", { intent: "verify", code: totpCode(authenticator.secret, now) });
    expect(replay.status).toBe(400);
    const level = await sql<{ aal: string }>`select aal from auth.sessions where user_id = ${id}::uuid order by created_at`.execute(database.db);
    expect(level.rows.map((r) => r.aal)).toEqual(["aal2", "aal2", "aal1"]);
  });

  it("never sends a challenged session somewhere else: a redirect off the site or into /auth lands on the role's page", async () => {
    const { email } = await account("admin-redirect", { isAdmin: true });
    const client = new TestClient(app, { address: "198.51.100.24" });
    await client.signIn(email, PASSWORD);
    const other = await passwordOnly(email, "198.51.100.25");
    const authenticator = authenticatorOf(email)!;
    const response = await other.post("/auth/mfa", { intent: "verify", code: totpCode(authenticator.secret, stepAfter(authenticator.lastStep)), redirectTo: "//evil.example/admin" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin");
  });

  it("cuts a burst of wrong codes off with 429 and Retry-After, and a malformed code is a 400 under the field", async () => {
    const { email } = await account("member-guess");
    const owner = new TestClient(app, { address: "198.51.100.26" });
    await owner.signIn(email, PASSWORD);
    await owner.get("/auth/mfa");
    await setUpAuthenticator(owner, email);
    const attacker = await passwordOnly(email, "203.0.113.9");
    const malformed = await attacker.post("/auth/mfa", { intent: "verify", code: "12ab56" });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain(MFA_TEXT.codeFormat);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const guess = String((123456 + i * 7919) % 1_000_000).padStart(6, "0");
      const response = await attacker.post("/auth/mfa", { intent: "verify", code: guess });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 9).every((s) => s === 400)).toBe(true);
    expect((await attacker.get("/dashboard")).status).toBe(302);
  });
});

describe("recovery codes", () => {
  it("spend once, remove the lost authenticator, and send an admin to set up a new one", async () => {
    const { id, email } = await account("admin-lost-phone", { isAdmin: true });
    const owner = new TestClient(app, { address: "198.51.100.27" });
    await owner.signIn(email, PASSWORD);
    const { recoveryCodes } = authenticatorOf(email)!;
    const code = recoveryCodes[3]!;

    const client = await passwordOnly(email, "198.51.100.28");
    const wrong = await client.post("/auth/mfa", { intent: "recover", recoveryCode: "aaaaa-bbbbb" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(MFA_TEXT.wrongRecoveryCode);

    // Typed with capitals and without the dash: still the code.
    const used = await client.post("/auth/mfa", { intent: "recover", recoveryCode: code.toUpperCase().replace("-", " "), redirectTo: "/admin" });
    expect(used.status).toBe(302);
    expect(locationOf(used)).toBe("/auth/mfa?redirect=%2Fadmin");
    const factors = await sql<{ n: string }>`select count(*) as n from auth.mfa_factors where user_id = ${id}::uuid`.execute(database.db);
    expect(Number(factors.rows[0]!.n)).toBe(0);
    const next = await (await client.get("/auth/mfa?redirect=%2Fadmin")).text();
    expect(next).toContain(MFA_TEXT.enrolRequiredTitle);
    expect((await client.get("/admin")).status).toBe(302);
    expect(events.some((e) => e.event === AUTH_EVENTS.mfaChallengeVerified && e.userId === id && e.method === "recovery-code")).toBe(true);
    // Every other session of the account is signed out: only this one may set up the new authenticator.
    const ownerAfter = await owner.get("/admin");
    expect(ownerAfter.status).toBe(302);
    expect(locationOf(ownerAfter)).toMatch(/^\/auth(\?|$)/);

    // The same code again, from the owner's other session once a new authenticator is on: refused.
    await setUpAuthenticator(client, email);
    const again = await passwordOnly(email, "198.51.100.29");
    const replay = await again.post("/auth/mfa", { intent: "recover", recoveryCode: code });
    expect(replay.status).toBe(400);
  });
});

describe("members", () => {
  it("are offered two-factor sign-in, may turn it on, and off again from a session that passed it", async () => {
    const { id, email } = await account("member-optional");
    const client = new TestClient(app, { address: "198.51.100.30" });
    await client.signIn(email, PASSWORD);
    expect((await client.get("/dashboard")).status).toBe(200);
    const offer = await (await client.get("/auth/mfa")).text();
    expect(offer).toContain(MFA_TEXT.enrolOfferTitle);
    expect(offer).toContain("Not now");

    await setUpAuthenticator(client, email);
    const manage = await (await client.get("/auth/mfa")).text();
    expect(manage).toContain(MFA_TEXT.disable);

    // Another session, password only, cannot turn it off (nor reach a page).
    const other = await passwordOnly(email, "198.51.100.31");
    const authenticator = authenticatorOf(email)!;
    const nextCode = totpCode(authenticator.secret, stepAfter(authenticator.lastStep));
    const refused = await other.post("/auth/mfa", { intent: "disable", code: nextCode });
    expect(refused.status).toBe(409);
    expect((await other.get("/dashboard")).status).toBe(302);

    // The session that passed it must still show a current code: an open session alone is not enough.
    const withoutCode = await client.post("/auth/mfa", { intent: "disable" });
    expect(withoutCode.status).toBe(400);
    expect(await withoutCode.text()).toContain(MFA_TEXT.codeFormat);
    const wrongCode = await client.post("/auth/mfa", { intent: "disable", code: nextCode === "000000" ? "111111" : "000000" });
    expect(wrongCode.status).toBe(400);
    expect(await wrongCode.text()).not.toContain(nextCode === "000000" ? "111111" : "000000");
    const stillOn = await sql<{ n: string }>`select count(*) as n from auth.mfa_factors where user_id = ${id}::uuid`.execute(database.db);
    expect(Number(stillOn.rows[0]!.n)).toBe(1);

    const off = await client.post("/auth/mfa", { intent: "disable", code: nextCode });
    expect(off.status).toBe(302);
    const left = await sql<{ factors: string; codes: string }>`
      select (select count(*) from auth.mfa_factors where user_id = ${id}::uuid) as factors,
             (select count(*) from mfa_recovery_codes where user_id = ${id}::uuid) as codes`.execute(database.db);
    expect(Number(left.rows[0]!.factors)).toBe(0);
    expect(Number(left.rows[0]!.codes)).toBe(0);
    expect((await other.get("/dashboard")).status).toBe(200);
  });

  it("admins cannot turn it off", async () => {
    const { id, email } = await account("admin-keeps", { isAdmin: true });
    const client = new TestClient(app, { address: "198.51.100.32" });
    await client.signIn(email, PASSWORD);
    const authenticator = authenticatorOf(email)!;
    const refused = await client.post("/auth/mfa", { intent: "disable", code: totpCode(authenticator.secret, stepAfter(authenticator.lastStep)) });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(MFA_TEXT.adminsCannotDisable);
    const factors = await sql<{ n: string }>`select count(*) as n from auth.mfa_factors where user_id = ${id}::uuid and status = 'verified'`.execute(database.db);
    expect(Number(factors.rows[0]!.n)).toBe(1);
  });

  it("a set-up cookie of one account does nothing for another", async () => {
    const a = await account("member-a");
    const b = await account("member-b");
    const clientA = new TestClient(app, { address: "198.51.100.33" });
    await clientA.signIn(a.email, PASSWORD);
    await clientA.post("/auth/mfa", { intent: "enrol" });
    const setupCookie = clientA.jar.header().split("; ").find((c) => c.startsWith("hf-mfa-setup="))!;
    expect(setupCookie).toBeTruthy();
    const clientB = new TestClient(app, { address: "198.51.100.34" });
    await clientB.signIn(b.email, PASSWORD);
    clientB.jar.set("hf-mfa-setup", setupCookie.slice("hf-mfa-setup=".length));
    const page = await (await clientB.get("/auth/mfa")).text();
    expect(page).toContain(MFA_TEXT.enrolOfferTitle);
    expect(page).not.toContain('data-testid="mfa-secret"');
    const confirm = await clientB.post("/auth/mfa", { intent: "confirm", code: "123456" });
    expect(confirm.status).toBe(409);
  });

  it("new recovery codes need a current code; the old set stops working; codes are stored keyed, never plain", async () => {
    const { id, email } = await account("member-regenerate");
    const client = new TestClient(app, { address: "198.51.100.35" });
    await client.signIn(email, PASSWORD);
    const first = await setUpAuthenticator(client, email);
    expect((await client.post("/auth/mfa", { intent: "regenerate" })).status).toBe(400);
    const stored = await database.db.selectFrom("mfa_recovery_codes").select("code_hash").where("user_id", "=", id).execute();
    const { createHash } = await import("node:crypto");
    for (const code of first.recoveryCodes) {
      expect(stored.map((r) => r.code_hash)).not.toContain(createHash("sha256").update(code).digest("hex"));
      expect(stored.map((r) => r.code_hash).join()).not.toContain(code);
    }
    const made = await client.post("/auth/mfa", { intent: "regenerate", code: totpCode(first.secret, stepAfter(first.lastStep)) });
    expect(made.status).toBe(302);
    const fresh = recoveryCodesOnPage(await (await client.get("/auth/mfa")).text());
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => first.recoveryCodes.includes(code))).toBe(false);
    const other = await passwordOnly(email, "198.51.100.36");
    expect((await other.post("/auth/mfa", { intent: "recover", recoveryCode: first.recoveryCodes[0]! })).status).toBe(400);
  });

  it("a session that owes its code cannot turn on a second authenticator instead", async () => {
    const { email } = await account("member-confirm-owed");
    const owner = new TestClient(app, { address: "198.51.100.37" });
    await owner.signIn(email, PASSWORD);
    const authenticator = await setUpAuthenticator(owner, email);
    const owing = await passwordOnly(email, "198.51.100.38");
    expect((await owing.post("/auth/mfa", { intent: "enrol" })).status).toBe(409);
    const confirm = await owing.post("/auth/mfa", { intent: "confirm", code: totpCode(authenticator.secret, stepAfter(authenticator.lastStep)) });
    expect(confirm.status).toBe(409);
    expect((await owing.get("/dashboard")).status).toBe(302);
  });

  it("a day's failed codes are capped, and a right code gives its hit back", async () => {
    const { id, email } = await account("member-daily");
    const owner = new TestClient(app, { address: "198.51.100.39" });
    await owner.signIn(email, PASSWORD);
    const authenticator = await setUpAuthenticator(owner, email);
    // 29 failures earlier today (the 15-minute budget long refilled): one more is allowed, the 31st is not.
    for (let i = 0; i < 29; i += 1) await consume(database.db, RATE_LIMITS.secondFactorFailuresPerUserDay, id);
    const client = await passwordOnly(email, "198.51.100.40");
    const right = await client.post("/auth/mfa", { intent: "verify", code: totpCode(authenticator.secret, stepAfter(authenticator.lastStep)) });
    expect(right.status).toBe(302);
    // Had the right code kept its hit, this first guess would already be over the budget.
    const guesser = await passwordOnly(email, "203.0.113.10");
    expect((await guesser.post("/auth/mfa", { intent: "verify", code: "000001" })).status).toBe(400);
    const capped = await guesser.post("/auth/mfa", { intent: "verify", code: "000002" });
    expect(capped.status).toBe(429);
    expect(await capped.text()).toContain("Too many wrong codes today");
    expect((await guesser.post("/auth/mfa", { intent: "recover", recoveryCode: authenticator.recoveryCodes[0]! })).status).toBe(429);
  });
});
