/**
 * Changing the sign-in e-mail address or phone number from /profile, on the
 * embedded (local) auth adapter, through the real request handler: the code
 * goes to the NEW address only, nothing changes before it is entered, another
 * account's address is refused, wrong and expired codes are refused and
 * counted, the new address is shown to its owner only, and the old address is
 * told once the change is made.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "~/demo/seed.server";
import { demoAccount } from "~/demo/accounts";
import { CONTACT_CHANGE_LIMITS } from "~/profile/contact-change.server";
import { PROFILE_TEXT } from "~/profile/profile-text";
import { resetLimit } from "~/platform/rate-limit.server";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { latestCode, readOutbox } from "../support/messages";

const T = PROFILE_TEXT.account;
const PASSWORD = "contact-change-password";
let database: TestDatabase;
let app: AppHandler;
let dataDir: string;
let member: TestClient;
let ar: TestClient;
const ids: Record<string, string> = {};
const MEMBER = demoAccount("member").email;
const NEW_EMAIL = "maya.new@example.test";

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = useTestRuntime(database).env.dataDir;
  await seedDemoData(database.db, { password: PASSWORD });
  for (const row of await database.db.selectFrom("auth.users").select(["id", "email"]).execute()) ids[row.email!.split("@")[0]!] = row.id;
  app = await createAppHandler();
  member = new TestClient(app);
  ar = new TestClient(app);
  await member.signIn(MEMBER, PASSWORD);
  await ar.signIn(demoAccount("ar").email, PASSWORD);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const account = (id = ids.member!) =>
  database.db.selectFrom("auth.users").select(["email", "phone", "email_confirmed_at"]).where("id", "=", id).executeTakeFirstOrThrow();
const pending = () => database.db.selectFrom("contact_changes").selectAll().where("user_id", "=", ids.member!).executeTakeFirst();
const sentTo = (recipient: string) => readOutbox(dataDir).filter((m) => m.recipient === recipient);

describe("changing the e-mail address", () => {
  it("refuses an address that is not one, and the address already in use, with field errors", async () => {
    const bad = await member.post("/profile", { intent: "requestContact", newContact: "not an address" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(T.contactInvalid);
    const same = await member.post("/profile", { intent: "requestContact", newContact: MEMBER.toUpperCase() });
    expect(same.status).toBe(400);
    expect(await same.text()).toContain(T.contactSame);
    expect(await pending()).toBeUndefined();
  });

  it("refuses another account's address, sends nothing there, and changes nothing", async () => {
    const taken = demoAccount("ar").email;
    const before = sentTo(taken).length;
    const response = await member.post("/profile", { intent: "requestContact", newContact: taken });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(T.contactTaken);
    expect(sentTo(taken)).toHaveLength(before);
    expect((await account()).email).toBe(MEMBER);
    expect(await pending()).toBeUndefined();
  });

  it("sends a code to the new address only; nothing changes until it is entered", async () => {
    const toOld = sentTo(MEMBER).length;
    const response = await member.post("/profile", { intent: "requestContact", newContact: ` ${NEW_EMAIL.toUpperCase()} ` });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/profile");
    const messages = sentTo(NEW_EMAIL);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toMatch(/\b\d{6}\b/);
    expect(sentTo(MEMBER)).toHaveLength(toOld);
    expect((await account()).email).toBe(MEMBER);
    expect(await pending()).toMatchObject({ channel: "email", new_value: NEW_EMAIL });

    const html = await (await member.get("/profile")).text();
    // The masked address in the toast, the full one to its owner beside the code field.
    expect(html).toContain("m***@example.test");
    expect(html).toContain(NEW_EMAIL);
    expect(html).toContain('name="code"');
  });

  it("never shows the pending address to anyone else", async () => {
    for (const path of ["/profile", "/mobile-profile", `/members/${ids.member}`, "/members", "/dashboard"]) {
      const html = await (await ar.get(path)).text();
      expect(html).not.toContain(NEW_EMAIL);
    }
    expect(await (await new TestClient(app).get(`/members/${ids.member}`)).text()).not.toContain(NEW_EMAIL);
  });

  it("refuses a wrong code (field error, 400), counts it, and changes nothing", async () => {
    const right = await latestCode(dataDir, NEW_EMAIL);
    const wrong = right === "000000" ? "111111" : "000000";
    const response = await member.post("/profile", { intent: "confirmContact", code: wrong });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(T.codeWrong);
    // The code is never sent back into the form.
    expect(html).not.toContain(`value="${wrong}"`);
    expect((await account()).email).toBe(MEMBER);
    const malformed = await member.post("/profile", { intent: "confirmContact", code: "12ab" });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain(T.codeFormat);
  });

  it("another member cannot use the code: it is bound to the account that asked", async () => {
    const code = await latestCode(dataDir, NEW_EMAIL);
    const response = await ar.post("/profile", { intent: "confirmContact", code });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(T.noPending);
    expect((await account(ids.ar!)).email).toBe(demoAccount("ar").email);
  });

  it("the right code makes the new address the account's, tells the old address, and signs in with it", async () => {
    const code = await latestCode(dataDir, NEW_EMAIL);
    const response = await member.post("/profile", { intent: "confirmContact", code });
    expect(response.status).toBe(302);
    expect(await account()).toMatchObject({ email: NEW_EMAIL });
    expect(await pending()).toBeUndefined();
    const notice = sentTo(MEMBER).at(-1)!;
    expect(notice.subject).toContain("sign-in address was changed");
    expect(notice.body).not.toContain(NEW_EMAIL);
    const html = await (await member.get("/profile")).text();
    expect(html).toContain(T.changed("email"));

    // The code is used up; the old address no longer signs in, the new one does.
    expect((await member.post("/profile", { intent: "confirmContact", code })).status).toBe(400);
    const fresh = new TestClient(app);
    await fresh.signIn(NEW_EMAIL, PASSWORD);
    await expect(new TestClient(app).signIn(MEMBER, PASSWORD)).rejects.toThrow();
  });

  it("an expired code is refused even when it is right", async () => {
    const BACK = "maya.back@example.test";
    expect((await member.post("/profile", { intent: "requestContact", newContact: BACK })).status).toBe(302);
    const code = await latestCode(dataDir, BACK);
    const past = new Date(Date.now() - 1000);
    await database.db.updateTable("auth.one_time_codes").set({ expires_at: past }).where("recipient", "=", BACK).execute();
    const response = await member.post("/profile", { intent: "confirmContact", code });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(T.codeWrong);
    expect((await account()).email).toBe(NEW_EMAIL);

    // And a pending change past its time is gone from the page and cannot be confirmed.
    await database.db.updateTable("contact_changes").set({ expires_at: past }).where("user_id", "=", ids.member!).execute();
    expect(await (await member.get("/profile")).text()).not.toContain(BACK);
    expect(await (await member.post("/profile", { intent: "confirmContact", code })).text()).toContain(T.noPending);
  });

  it("a change can be cancelled", async () => {
    expect((await member.post("/profile", { intent: "requestContact", newContact: "maya.other@example.test" })).status).toBe(302);
    expect(await pending()).toBeDefined();
    const response = await member.post("/profile", { intent: "cancelContact" });
    expect(response.status).toBe(302);
    expect(await pending()).toBeUndefined();
    expect((await account()).email).toBe(NEW_EMAIL);
  });

  it("refuses an address another account took while the code was on its way", async () => {
    const RACE = "race@example.test";
    expect((await member.post("/profile", { intent: "requestContact", newContact: RACE })).status).toBe(302);
    const code = await latestCode(dataDir, RACE);
    await database.db.insertInto("auth.users").values({ email: RACE }).execute();
    const response = await member.post("/profile", { intent: "confirmContact", code });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(T.contactTaken);
    expect((await account()).email).toBe(NEW_EMAIL);
  });

  it("limits wrong codes per account (429 with Retry-After)", async () => {
    await resetLimit(database.db, CONTACT_CHANGE_LIMITS.requestsPerUser, ids.member!);
    expect((await member.post("/profile", { intent: "requestContact", newContact: "maya.limit@example.test" })).status).toBe(302);
    const right = await latestCode(dataDir, "maya.limit@example.test");
    const wrong = right === "000000" ? "111111" : "000000";
    await resetLimit(database.db, CONTACT_CHANGE_LIMITS.checksPerUser, ids.member!);
    for (let i = 0; i < CONTACT_CHANGE_LIMITS.checksPerUser.limit; i++) {
      expect((await member.post("/profile", { intent: "confirmContact", code: wrong })).status).toBe(400);
    }
    const limited = await member.post("/profile", { intent: "confirmContact", code: right });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await account()).email).toBe(NEW_EMAIL);
  });

  it("limits codes requested per account", async () => {
    await resetLimit(database.db, CONTACT_CHANGE_LIMITS.requestsPerUser, ids.member!);
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_CHANGE_LIMITS.requestsPerUser.limit; i++) {
      statuses.push((await member.post("/profile", { intent: "requestContact", newContact: `maya.flood${i}@example.test` })).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 302)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("changing the phone number", () => {
  it("sends the code by SMS to the new number and sets it once confirmed", async () => {
    const client = new TestClient(app);
    await client.signIn(demoAccount("newmember").email, PASSWORD);
    const response = await client.post("/mobile-profile", { intent: "requestContact", newContact: "+44 20 7946 0958" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/mobile-profile");
    const sms = readOutbox(dataDir).filter((m) => m.recipient === "+442079460958");
    expect(sms).toHaveLength(1);
    expect(sms[0]!.channel).toBe("phone");
    expect((await account(ids.newmember!)).phone).toBeNull();
    const code = await latestCode(dataDir, "+442079460958");
    expect((await client.post("/mobile-profile", { intent: "confirmContact", code })).status).toBe(302);
    expect(await account(ids.newmember!)).toMatchObject({ phone: "+442079460958", email: demoAccount("newmember").email });
    expect(await (await client.get("/mobile-profile")).text()).toContain("+442079460958");
  });
});
