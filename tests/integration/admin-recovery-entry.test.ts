/**
 * A password recovery an admin sends (/admin/users/:userId, ADR 0080) can be
 * used: the message links to /auth?mode=recover&step=verify, where a browser
 * that never asked for a code types the address and the code. Nothing is sent
 * from there (the admin's code stays the live one), the code check and its
 * limits are the normal flow's, and an unknown address answers like a known
 * one with a wrong code. Embedded auth adapter, real PGlite, real outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECOVERY_ENTRY_PATH } from "~/platform/auth/local.server";
import { getRuntime } from "~/platform/runtime.server";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { readOutbox } from "../support/messages";
import { createAccount } from "../support/accounts";

const PASSWORD = "recovery-entry-password-1";
const NEW_PASSWORD = "recovery-entry-password-2";
let database: TestDatabase;
let app: AppHandler;
let admin: TestClient;

const account = (key: string, options: { isAdmin?: boolean } = {}) => createAccount(database.db, { prefix: "entry", key, password: PASSWORD, ...options });

const sentTo = (email: string) => readOutbox(getRuntime().env.dataDir).filter((m) => m.recipient === email);

/** The admin sends the recovery; returns the code the person received (read from the outbox, as they would). */
async function adminSendsRecovery(userId: string, email: string) {
  const response = await admin.post(`/admin/users/${userId}`, { intent: "recovery" });
  expect(response.status).toBe(302);
  const messages = sentTo(email);
  expect(messages.length).toBe(1);
  return { code: /\b(\d{6})\b/.exec(messages[0]!.body)![1]!, body: messages[0]!.body };
}

/** The person's browser: no cookies at all (no pending code), its own address. */
async function freshBrowser(address: string) {
  const browser = new TestClient(app, { address });
  const page = await browser.get(RECOVERY_ENTRY_PATH);
  return { browser, page };
}

async function enter(browser: TestClient, identifier: string | undefined, code: string) {
  const hidden = await browser.honeypotFields(RECOVERY_ENTRY_PATH);
  return browser.post(RECOVERY_ENTRY_PATH, { intent: "recover-verify", ...(identifier === undefined ? {} : { identifier }), code, ...hidden });
}

/** A refusal page without what legitimately differs: the honeypot stamp and the echoed address. */
async function refusalOf(response: Response, identifier: string) {
  const html = await response.text();
  const form = /<form[^>]*id="auth-recover-verify"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
  return { status: response.status, form: form.replace(/<input[^>]*name="(name__confirm|from__confirm)"[^>]*>/g, "").split(identifier).join("ADDRESS") };
}

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  app = await createAppHandler();
  const adminAccount = await account("admin", { isAdmin: true });
  admin = new TestClient(app);
  await admin.signIn(adminAccount.email, PASSWORD);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("a recovery an admin sent", () => {
  it("links to the code-entry step; with no pending code the person types the address and the code, and sets a new password", async () => {
    const person = await account("forgetful");
    const { code, body } = await adminSendsRecovery(person.id, person.email);
    // The link names the page only: no address and no second code in it.
    expect(body).toContain(RECOVERY_ENTRY_PATH);
    expect(body.match(/\d{6}/g)).toEqual([code]);
    expect(body.split(RECOVERY_ENTRY_PATH)[1]).not.toContain(person.email);

    const { browser, page } = await freshBrowser("198.51.100.21");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Check your messages");
    expect(html).toMatch(/<input[^>]*name="identifier"/);
    expect(html).toMatch(/<input[^>]*name="code"/);
    expect(html).not.toContain("Code sent");

    // A wrong code first: refused as in the normal flow, and no new code is sent.
    const wrong = await enter(browser, person.email, code === "000000" ? "111111" : "000000");
    expect(wrong.status).toBe(403);
    expect(sentTo(person.email).length).toBe(1);

    const verified = await enter(browser, person.email, code);
    expect(verified.status).toBe(302);
    expect(locationOf(verified)).toBe("/auth?mode=recover&step=password");
    expect(sentTo(person.email).length).toBe(1);
    const choose = await (await browser.get(locationOf(verified)!)).text();
    expect(choose).toContain("Choose a new password");
    expect(choose).not.toMatch(/name="currentPassword"/);

    const set = await browser.post(locationOf(verified)!, { intent: "new-password", password: NEW_PASSWORD });
    expect(set.status).toBe(302);
    const later = new TestClient(app, { address: "198.51.100.22" });
    await later.signIn(person.email, NEW_PASSWORD);
    // The code was used: it does not work twice.
    const { browser: again } = await freshBrowser("198.51.100.23");
    expect((await enter(again, person.email, code)).status).toBe(403);
  });

  it("counts wrong codes toward the normal limit: after five from one address even the right code is refused there", async () => {
    const person = await account("guessed");
    const { code } = await adminSendsRecovery(person.id, person.email);
    const { browser } = await freshBrowser("198.51.100.31");
    const wrongCode = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++) expect((await enter(browser, person.email, wrongCode)).status).toBe(403);
    const limited = await enter(browser, person.email, code);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    // The limit is the recipient's at this address, however the address is written.
    expect((await enter(browser, person.email.toUpperCase(), code)).status).toBe(429);
    // The owner elsewhere is not locked out by it, and nothing new was sent.
    const { browser: home } = await freshBrowser("198.51.100.32");
    const verified = await enter(home, person.email, code);
    expect(verified.status).toBe(302);
    expect(locationOf(verified)).toBe("/auth?mode=recover&step=password");
    expect(sentTo(person.email).length).toBe(1);
  });

  it("answers an unknown address exactly as a known one with a wrong code, and sends nothing", async () => {
    const person = await account("known");
    const { code } = await adminSendsRecovery(person.id, person.email);
    const wrongCode = code === "222222" ? "333333" : "222222";
    const unknownEmail = `nobody-${Date.now().toString(36)}@example.test`;

    const { browser: one } = await freshBrowser("198.51.100.41");
    const known = await refusalOf(await enter(one, person.email, wrongCode), person.email);
    const { browser: two } = await freshBrowser("198.51.100.42");
    const unknown = await refusalOf(await enter(two, unknownEmail, wrongCode), unknownEmail);
    expect(known.form).not.toBe("");
    expect(unknown).toEqual(known);
    expect(sentTo(unknownEmail)).toEqual([]);
    expect(sentTo(person.email).length).toBe(1);
  });

  it("asks for the address when none is typed and no code is pending, without sending anything", async () => {
    const { browser } = await freshBrowser("198.51.100.51");
    const before = readOutbox(getRuntime().env.dataDir).length;
    const response = await enter(browser, undefined, "123456");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Enter your email address or phone number");
    expect(readOutbox(getRuntime().env.dataDir).length).toBe(before);
  });

  it("keeps the normal flow: a browser that asked for a code sees the masked address and no address field", async () => {
    const person = await account("asker");
    const browser = new TestClient(app, { address: "198.51.100.61" });
    const asked = await browser.post("/auth?mode=recover", { intent: "recover-request", identifier: person.email, ...(await browser.honeypotFields("/auth?mode=recover")) });
    expect(locationOf(asked)).toBe(RECOVERY_ENTRY_PATH);
    const html = await (await browser.get(RECOVERY_ENTRY_PATH)).text();
    expect(html).toContain("Code sent");
    expect(html).not.toMatch(/<input[^>]*name="identifier"/);
    expect(html).not.toContain(person.email);
    const code = /\b(\d{6})\b/.exec(sentTo(person.email).at(-1)!.body)![1]!;
    const hidden = await browser.honeypotFields(RECOVERY_ENTRY_PATH);
    const verified = await browser.post(RECOVERY_ENTRY_PATH, { intent: "recover-verify", code, ...hidden });
    expect(locationOf(verified)).toBe("/auth?mode=recover&step=password");
  });
});
