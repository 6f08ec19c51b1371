/**
 * Account protection as an attacker would try it, through the app's real
 * request handler (status, headers, cookies) on a real database:
 *  - sign-in limits that neither leak nor lock out (per account and address,
 *    per address, per account; a success refunds only itself; a recovery
 *    clears the account), and Retry-After on every 429;
 *  - a code request for an unknown address answered exactly as for a known one;
 *  - one sign-up budget across every page that creates accounts;
 *  - changing a password: the current one, or a code verified in this session
 *    within 10 minutes; every other session revoked; the user told;
 *  - display names given at sign-up sanitised.
 * Codes are read from where the server puts them (DATA_DIR/messages).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLocalUser, verifyPassword } from "~/auth/users.server";
import { RATE_LIMITS } from "~/platform/rate-limit.server";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { latestCode, latestMessage } from "../support/messages";

const PASSWORD = "protect-me-123";
const NEW_PASSWORD = "brand-new-pass-456";
let database: TestDatabase;
let app: AppHandler;
let dataDir: string;
let serial = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = useTestRuntime(database).env.dataDir;
  app = await createAppHandler();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

beforeEach(async () => {
  await sql`delete from public.rate_limits`.execute(database.db);
});

/** A confirmed account of its own for each test, so tests never share a counter. */
async function newAccount(label: string) {
  const email = `${label}-${++serial}@protect.test`;
  const user = await createLocalUser(database.db, { email, password: PASSWORD, confirmed: true, displayName: label });
  return { email, id: user.id };
}

function client(address: string) {
  return new TestClient(app, { address });
}

async function signInAttempt(from: TestClient, identifier: string, password: string) {
  return from.post("/auth", { intent: "sign-in", identifier, password, ...(await from.honeypotFields("/auth")) });
}

async function signedIn(from: TestClient) {
  const response = await from.get("/dashboard");
  return response.status === 200;
}

describe("sign-in limits", () => {
  it("a success no longer clears the address's failures against other accounts (the reset-by-own-sign-in trick)", async () => {
    const attacker = client("203.0.113.5");
    const own = await newAccount("own");
    const victims = await Promise.all([0, 1, 2, 3, 4].map(() => newAccount("victim")));
    // 19 failures spread over five accounts: under each account's own limit.
    let failures = 0;
    for (const victim of victims) {
      for (let i = 0; i < 4 && failures < 19; i++, failures++) {
        expect((await signInAttempt(attacker, victim.email, `guess-${failures}`)).status).toBe(400);
      }
    }
    expect((await signInAttempt(attacker, own.email, PASSWORD)).status).toBe(302);
    await attacker.post("/auth/sign-out");
    // The success gave back only its own hit: one more failure fits in the 20, then 429.
    expect((await signInAttempt(attacker, victims[4]!.email, "guess-20")).status).toBe(400);
    const refused = await signInAttempt(attacker, victims[4]!.email, "guess-21");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(5 * 60);
    // Repeating the trick does not reopen the window either.
    expect((await signInAttempt(attacker, own.email, PASSWORD)).status).toBe(429);
  });

  it("a stranger's wrong passwords do not lock the owner out", async () => {
    const owner = await newAccount("owner");
    const stranger = client("203.0.113.6");
    for (let i = 0; i < 5; i++) expect((await signInAttempt(stranger, owner.email, `guess-${i}`)).status).toBe(400);
    const refused = await signInAttempt(stranger, owner.email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);

    const home = client("198.51.100.7");
    expect((await signInAttempt(home, owner.email, PASSWORD)).status).toBe(302);
    expect(await signedIn(home)).toBe(true);
  });

  it("many addresses guessing one account each stop at their own limit, and the owner still signs in", async () => {
    const owner = await newAccount("targeted");
    // Eleven addresses, five guesses each, then a sixth each: every one is refused at its own limit.
    for (let a = 0; a < 11; a++) {
      const bot = client(`192.0.2.${100 + a}`);
      for (let i = 0; i < 5; i++) expect((await signInAttempt(bot, owner.email, `bot-${a}-${i}`)).status).toBe(400);
      const sixth = await signInAttempt(bot, owner.email, `bot-${a}-x`);
      expect(sixth.status).toBe(429);
      expect(sixth.headers.get("Retry-After")).toMatch(/^\d+$/);
    }
    // No counter is kept per account alone, so strangers cannot lock the owner out.
    const home = client("198.51.100.8");
    expect((await signInAttempt(home, owner.email, PASSWORD)).status).toBe(302);
  });

  it("a stranger's code requests and wrong codes do not stop the owner's recovery", async () => {
    const owner = await newAccount("coded");
    const stranger = client("203.0.113.77");
    for (let i = 0; i < 5; i++) {
      await stranger.post("/auth", { intent: "recover-request", identifier: owner.email, ...(await stranger.honeypotFields("/auth?mode=recover")) });
    }
    for (let i = 0; i < 6; i++) {
      await stranger.post("/auth", { intent: "recover-verify", code: String(100000 + i), ...(await stranger.honeypotFields("/auth?mode=recover&step=verify")) });
    }
    const home = client("198.51.100.9");
    const asked = await home.post("/auth", { intent: "recover-request", identifier: owner.email, ...(await home.honeypotFields("/auth?mode=recover")) });
    expect(asked.status).toBe(302);
    const code = await latestCode(dataDir, owner.email);
    const verified = await home.post("/auth", { intent: "recover-verify", code, ...(await home.honeypotFields("/auth?mode=recover&step=verify")) });
    expect(verified.status).toBe(302);
    expect(locationOf(verified)).toContain("step=password");
  });

  it("sends Retry-After with a 429 on the data request (JavaScript) as on the document one", async () => {
    const owner = await newAccount("data");
    const guesser = client("203.0.113.9");
    for (let i = 0; i < 5; i++) await signInAttempt(guesser, owner.email, `guess-${i}`);
    const hidden = await guesser.honeypotFields("/auth");
    const viaData = await guesser.post("/auth.data", { intent: "sign-in", identifier: owner.email, password: "again", ...hidden });
    expect(viaData.status).toBe(429);
    expect(viaData.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("code requests", () => {
  it("answers a code request for an unknown address exactly as for a known one", async () => {
    const known = await newAccount("known");
    const answer = async (identifier: string) => {
      const visitor = client(`203.0.113.${20 + ++serial % 200}`);
      const response = await visitor.post("/auth", { intent: "otp-request", identifier, ...(await visitor.honeypotFields("/auth?mode=otp")) });
      const page = await visitor.get(locationOf(response) ?? "/auth");
      return {
        status: response.status,
        location: locationOf(response),
        cookies: response.headers.getSetCookie().map((c) => c.split("=")[0]).sort(),
        page: page.status,
        said: (await page.text()).includes("We sent a 6-digit code"),
      };
    };
    const forKnown = await answer(known.email);
    const forUnknown = await answer(`nobody-${serial}@protect.test`);
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown).toMatchObject({ status: 302, location: "/auth?mode=otp&step=verify", page: 200, said: true });
    // Only the real account was sent anything.
    expect(latestMessage(dataDir, `nobody-${serial}@protect.test`)).toBeUndefined();
    expect(latestMessage(dataDir, known.email)?.subject).toBe("Your sign-in code");
  });

  it("sends Retry-After with a 429 on the phone test pages", async () => {
    const visitor = client("203.0.113.30");
    const send = async () => visitor.post("/simple-phone-test", { intent: "send", phone: "+447700900555", ...(await visitor.honeypotFields("/simple-phone-test")) });
    for (let i = 0; i < 5; i++) {
      expect((await send()).status).toBe(302);
      await visitor.post("/simple-phone-test", { intent: "reset" });
    }
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("one sign-up budget across every page that creates accounts", () => {
  it("the phone test pages spend the sign-up form's budget and stop with it", async () => {
    const visitor = client("203.0.113.40");
    const limit = RATE_LIMITS.signUpsPerAddress.limit;
    for (let i = 0; i < limit; i++) {
      const response = await visitor.post("/auth", {
        intent: "sign-up",
        email: `signup-${i}-${serial}@protect.test`,
        password: "a-good-password-1",
        ...(await visitor.honeypotFields("/auth?mode=sign-up")),
      });
      expect(response.status).toBe(302);
    }
    const phones = await database.db.selectFrom("auth.users").select("id").where("phone", "=", "+447700900777").execute();
    expect(phones).toHaveLength(0);
    await visitor.post("/test-phone-auth", { intent: "reset" });
    const refused = await visitor.post("/test-phone-auth", { intent: "send", phone: "+447700900777", ...(await visitor.honeypotFields("/test-phone-auth")) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Nothing was created.
    expect(await database.db.selectFrom("auth.users").select("id").where("phone", "=", "+447700900777").execute()).toHaveLength(0);
  });

  it("a phone that already has an account gets its code without spending the sign-up budget", async () => {
    const visitor = client("203.0.113.41");
    await createLocalUser(database.db, { phone: "+447700900888", password: PASSWORD, confirmed: true });
    for (let i = 0; i < 3; i++) {
      await visitor.post("/auth", { intent: "sign-up", email: `budget-${i}-${serial}@protect.test`, password: "a-good-password-1", ...(await visitor.honeypotFields("/auth?mode=sign-up")) });
    }
    const sent = await visitor.post("/working-phone-test", { intent: "send", phone: "+447700900888", ...(await visitor.honeypotFields("/working-phone-test")) });
    expect(sent.status).toBe(302);
    const spent = await database.db.selectFrom("rate_limits").select("hits").where("rule", "=", RATE_LIMITS.signUpsPerAddress.name).execute();
    expect(spent.map((r) => r.hits)).toEqual([3]);
  });
});

describe("changing a password", () => {
  async function signedInAs(email: string, address: string) {
    const browser = client(address);
    expect((await signInAttempt(browser, email, PASSWORD)).status).toBe(302);
    return browser;
  }

  async function passwordOf(userId: string) {
    return (await database.db.selectFrom("auth.users").select("encrypted_password").where("id", "=", userId).executeTakeFirstOrThrow()).encrypted_password!;
  }

  const change = (browser: TestClient, fields: Record<string, string>) =>
    browser.post("/auth?mode=recover&step=password", { intent: "new-password", ...fields });

  it("a stolen session cannot change the password without the current one", async () => {
    const account = await newAccount("stolen");
    const thief = await signedInAs(account.email, "203.0.113.50");
    const page = await (await thief.get("/auth?mode=recover&step=password")).text();
    expect(page).toContain("Current password");

    const without = await change(thief, { password: NEW_PASSWORD });
    expect(without.status).toBe(400);
    const body = await without.text();
    expect(body).toContain("Enter your current password");
    expect(body).not.toContain(NEW_PASSWORD);

    const wrong = await change(thief, { currentPassword: "not-the-password", password: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    const wrongBody = await wrong.text();
    expect(wrongBody).toContain("That is not your current password");
    expect(wrongBody).not.toContain("not-the-password");

    expect(await verifyPassword(await passwordOf(account.id), PASSWORD)).toBe(true);
  });

  it("stops guessing the current password after 5 tries, with Retry-After", async () => {
    const account = await newAccount("guessed");
    const thief = await signedInAs(account.email, "203.0.113.51");
    for (let i = 0; i < 5; i++) expect((await change(thief, { currentPassword: `guess-${i}`, password: NEW_PASSWORD })).status).toBe(400);
    const refused = await change(thief, { currentPassword: PASSWORD, password: NEW_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await verifyPassword(await passwordOf(account.id), PASSWORD)).toBe(true);
  });

  it("with the current password: changes it, signs out every other session, keeps this one and tells the user", async () => {
    const account = await newAccount("changer");
    const laptop = await signedInAs(account.email, "198.51.100.60");
    const phone = await signedInAs(account.email, "198.51.100.61");
    expect(await signedIn(phone)).toBe(true);

    const changed = await change(laptop, { currentPassword: PASSWORD, password: NEW_PASSWORD, redirectTo: "/profile" });
    expect(changed.status).toBe(302);
    expect(locationOf(changed)).toBe("/profile");

    // Revoked at the provider (not only by our session clocks): one session row is left.
    const sessions = await database.db.selectFrom("auth.sessions").select("id").where("user_id", "=", account.id).execute();
    expect(sessions).toHaveLength(1);
    const clocks = await database.db.selectFrom("session_activity").select("session_id").where("user_id", "=", account.id).execute();
    expect(clocks.map((c) => c.session_id)).toEqual(sessions.map((s) => s.id));
    expect(await signedIn(laptop)).toBe(true);
    expect(await signedIn(phone)).toBe(false);

    const notice = latestMessage(dataDir, account.email);
    expect(notice?.subject).toBe("Your The Hit Factory password was changed");
    expect(notice?.body).toMatch(/every other device was signed out/);
    expect(notice?.body).not.toContain(NEW_PASSWORD);

    expect((await signInAttempt(client("198.51.100.62"), account.email, PASSWORD)).status).toBe(400);
    expect((await signInAttempt(client("198.51.100.63"), account.email, NEW_PASSWORD)).status).toBe(302);
  });

  it("after a recovery in this session, within 10 minutes, the current password is not needed; after that it is", async () => {
    const account = await newAccount("recovering");
    const other = await signedInAs(account.email, "198.51.100.70");
    const browser = client("198.51.100.71");
    await browser.post("/auth", { intent: "recover-request", identifier: account.email, ...(await browser.honeypotFields("/auth?mode=recover")) });
    const code = await latestCode(dataDir, account.email);
    const verified = await browser.post("/auth", { intent: "recover-verify", code, ...(await browser.honeypotFields("/auth?mode=recover&step=verify")) });
    expect(locationOf(verified)).toContain("step=password");
    const page = await (await browser.get(locationOf(verified)!)).text();
    expect(page).toContain("Choose a new password");
    expect(page).not.toContain("Current password");

    // Eleven minutes on, the recovery no longer vouches for this session.
    await sql`update public.session_activity set code_verified_at = now() - interval '11 minutes' where user_id = ${account.id}`.execute(database.db);
    expect((await change(browser, { password: NEW_PASSWORD })).status).toBe(400);
    // Back inside the window: it works without the old password, once.
    await sql`update public.session_activity set code_verified_at = now() - interval '9 minutes' where user_id = ${account.id}`.execute(database.db);
    expect((await change(browser, { password: NEW_PASSWORD })).status).toBe(302);
    expect(await verifyPassword(await passwordOf(account.id), NEW_PASSWORD)).toBe(true);
    expect(await signedIn(other)).toBe(false);
    expect((await change(browser, { password: "a-third-password-789" })).status).toBe(400);
  });

  it("another session's recovery does not vouch for this one", async () => {
    const account = await newAccount("elsewhere");
    const thief = await signedInAs(account.email, "203.0.113.80");
    const owner = client("198.51.100.80");
    await owner.post("/auth", { intent: "recover-request", identifier: account.email, ...(await owner.honeypotFields("/auth?mode=recover")) });
    const code = await latestCode(dataDir, account.email);
    await owner.post("/auth", { intent: "recover-verify", code, ...(await owner.honeypotFields("/auth?mode=recover&step=verify")) });
    expect((await change(thief, { password: NEW_PASSWORD })).status).toBe(400);
    expect(await verifyPassword(await passwordOf(account.id), PASSWORD)).toBe(true);
  });

  it("asks an anonymous visitor to sign in instead", async () => {
    const visitor = client("203.0.113.90");
    const response = await change(visitor, { currentPassword: PASSWORD, password: NEW_PASSWORD });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toMatch(/^\/auth\?redirect=/);
  });
});

describe("sign-up display names", () => {
  it("are sanitised as every user text is (SPEC section 5)", async () => {
    const visitor = client("203.0.113.95");
    const email = `named-${++serial}@protect.test`;
    const response = await visitor.post("/auth", {
      intent: "sign-up",
      email,
      password: "a-good-password-1",
      displayName: '  <b>Ada</b> <img src=x onerror="alert(1)">Lovelace javascript:alert(1) ',
      ...(await visitor.honeypotFields("/auth?mode=sign-up")),
    });
    expect(response.status).toBe(302);
    const row = await database.db.selectFrom("auth.users").select("raw_user_meta_data").where("email", "=", email).executeTakeFirstOrThrow();
    const name = String(row.raw_user_meta_data.display_name);
    expect(name).toBe("Ada Lovelace alert(1)");
    expect(name).not.toMatch(/[<>]|javascript:/i);
  });
});
