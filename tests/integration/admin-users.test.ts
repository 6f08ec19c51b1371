/**
 * /admin/users (issue 12 §2, ADR 0080) on the embedded auth adapter, through
 * the real request handler and real sessions: the list (search, filters,
 * status), one account (404s), suspensions (a ban refuses the open session on
 * its next request and tells the person why and until when; sign-in shows the
 * same for the right password only; a suspension past its end no longer
 * applies), password recovery (the outbox gets it, the admin never sees the
 * code, rate-limited), admin rights (role follows; self and last admin
 * refused, also racing), deletion (what the statement says happens to each
 * table, files removed, replays 404). Every action's audit entry is checked.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { banAccount, deleteAccount, grantAdmin, revokeAdmin, AccountActionError } from "~/admin/users.server";
import { DELETE_REMOVES, USERS_TEXT } from "~/admin/users-text";
import { listAuditEntries } from "~/audit/audit.server";
import { suspensionMessage } from "~/auth/suspension";
import { createLocalUser } from "~/auth/users.server";
import { insertSongRecord } from "~/catalog/song-records.server";
import { getAuthPort } from "~/platform/auth/index.server";
import { getRuntime } from "~/platform/runtime.server";
import { storage } from "~/platform/storage/index.server";
import { DEMO_SUSPENDED_EMAIL, DEMO_SUSPENSION_REASON, seedDemoSuspension } from "~/admin/users-seed.server";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { readOutbox } from "../support/messages";
import { newSong } from "../support/songs";

const PASSWORD = "users-test-password-1";
let database: TestDatabase;
let app: AppHandler;

type Person = { id: string; email: string | null; phone: string | null; name: string };
const people: Record<string, Person> = {};
let counter = 0;

async function person(key: string, name: string, options: { role?: "accepted_member" | "accepted_ar" | "admin" | null; isAdmin?: boolean; phone?: string; emailless?: boolean } = {}) {
  counter += 1;
  const email = options.emailless ? null : `users-${key}-${counter}@example.test`;
  const user = await createLocalUser(database.db, { email, phone: options.phone ?? null, password: PASSWORD, displayName: name, confirmed: true });
  await database.db
    .insertInto("profiles")
    .values({
      user_id: user.id,
      role: options.role === undefined ? "accepted_member" : options.role,
      is_admin: options.isAdmin ?? false,
      display_name: name,
      onboarding_completed: true,
      links: "[]",
    })
    .execute();
  people[key] = { id: user.id, email, phone: options.phone ?? null, name };
  return people[key]!;
}

async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.signIn(email, PASSWORD);
  return client;
}

/** A post to the account page as a browser's form would send it. */
const act = (client: TestClient, userId: string, body: Record<string, string>) => client.post(`/admin/users/${userId}`, body);

async function entriesFor(userId: string, action?: string) {
  const { entries } = await listAuditEntries(database.db, { targetType: "user", targetId: userId, ...(action ? { action: action as never } : {}) });
  return entries;
}

/** The accounts table of a list page (the header names the signed-in admin too). */
async function tableOf(response: Response): Promise<string> {
  const html = await response.text();
  return /<table[\s\S]*<\/table>/.exec(html)?.[0] ?? html.replace(/<header[\s\S]*?<\/header>/, "");
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let admin: TestClient;
let member: TestClient;

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  app = await createAppHandler();
  await person("admin", "Ada Admin", { role: "admin", isAdmin: true });
  await person("admin2", "Ben Admin", { role: "admin", isAdmin: true });
  await person("member", "Mia Member");
  await person("applicant", "Apu Applicant", { role: null });
  await person("ar", "Ari Arbiter", { role: "accepted_ar" });
  admin = await signedIn(people.admin!.email!);
  member = await signedIn(people.member!.email!);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("the list", () => {
  it("shows every account, applicants included, with search (name, e-mail, phone) and filters", async () => {
    const phoneOnly = await person("phoneonly", "Pia Phone", { phone: "+46701112233", emailless: true });
    const all = await tableOf(await admin.get("/admin/users"));
    for (const key of ["admin", "member", "applicant", "ar"]) expect(all).toContain(people[key]!.name);
    expect(all).toContain(phoneOnly.phone!);

    const byName = await tableOf(await admin.get("/admin/users?q=apu"));
    expect(byName).toContain("Apu Applicant");
    expect(byName).not.toContain("Mia Member");

    const byEmail = await tableOf(await admin.get(`/admin/users?q=${encodeURIComponent(people.ar!.email!)}`));
    expect(byEmail).toContain("Ari Arbiter");
    expect(byEmail).not.toContain("Apu Applicant");

    const byPhone = await tableOf(await admin.get("/admin/users?q=701%20112"));
    expect(byPhone).toContain("Pia Phone");

    // LIKE wildcards typed are plain characters: "%" and "_" match nothing here.
    for (const q of ["%", "_", "\\"]) {
      const html = await tableOf(await admin.get(`/admin/users?q=${encodeURIComponent(q)}`));
      expect(html).toContain(USERS_TEXT.noMatches);
    }

    const applicants = await tableOf(await admin.get("/admin/users?filter=applicants"));
    expect(applicants).toContain("Apu Applicant");
    expect(applicants).not.toContain("Mia Member");
    expect(applicants).not.toContain("Ada Admin");
    const admins = await tableOf(await admin.get("/admin/users?filter=admins"));
    expect(admins).toContain("Ada Admin");
    expect(admins).not.toContain("Apu Applicant");
    const ar = await tableOf(await admin.get("/admin/users?filter=ar"));
    expect(ar).toContain("Ari Arbiter");
    expect(ar).not.toContain("Mia Member");
    // An unknown filter is "all"; a huge page number is an empty page, not an error.
    expect((await admin.get("/admin/users?filter=__proto__")).status).toBe(200);
    expect((await admin.get("/admin/users?page=99999")).status).toBe(200);
  });

  it("is for admins only", async () => {
    const response = await member.get("/admin/users");
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/");
  });
});

describe("one account", () => {
  it("answers 404 for malformed and unknown ids", async () => {
    expect((await admin.get("/admin/users/not-a-uuid")).status).toBe(404);
    expect((await admin.get("/admin/users/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const html = await (await admin.get(`/admin/users/${people.applicant!.id}`)).text();
    expect(html).toContain("Apu Applicant");
    expect(html).toContain("Applicant");
  });
});

describe("suspensions", () => {
  it("refuses a member's post of every form, changing nothing", async () => {
    const target = people.applicant!.id;
    const bodies: Record<string, string>[] = [
      { intent: "ban", reason: "nope" },
      { intent: "unban" },
      { intent: "recovery" },
      { intent: "grant-admin" },
      { intent: "revoke-admin" },
      { intent: "delete", confirm: "delete" },
    ];
    for (const body of bodies) {
      const response = await act(member, target, body);
      expect(response.status, body.intent).toBe(302);
      expect(locationOf(response)).toBe("/");
    }
    // The member's post did not make the member an admin either.
    const mine = await act(member, people.member!.id, { intent: "grant-admin" });
    expect(locationOf(mine)).toBe("/");
    const profile = await database.db.selectFrom("profiles").select(["is_admin"]).where("user_id", "=", people.member!.id).executeTakeFirstOrThrow();
    expect(profile.is_admin).toBe(false);
    expect(await database.db.selectFrom("account_suspensions").selectAll().execute()).toEqual([]);
    expect(await entriesFor(target)).toEqual([]);
    expect(await database.db.selectFrom("auth.users").select("id").where("id", "=", target).executeTakeFirst()).toBeTruthy();
  });

  it("validates: reason required, HTML stripped, too long, NUL refused, end date in the future, not yourself", async () => {
    const target = people.applicant!.id;
    const empty = await act(admin, target, { intent: "ban", reason: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(USERS_TEXT.banReasonRequired);

    const long = await act(admin, target, { intent: "ban", reason: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Reason must be no more than 500 characters");

    const past = await act(admin, target, { intent: "ban", reason: "spam", endsAt: "2020-01-01" });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain(USERS_TEXT.banEndsPast);

    const today = await act(admin, target, { intent: "ban", reason: "spam", endsAt: new Date().toISOString().slice(0, 10) });
    expect(today.status).toBe(400);

    const nonsense = await act(admin, target, { intent: "ban", reason: "spam", endsAt: "2027-02-31" });
    expect(nonsense.status).toBe(400);
    expect(await nonsense.text()).toContain(USERS_TEXT.banEndsInvalid);

    const nul = await act(admin, target, { intent: "ban", reason: "spam\u0000more" });
    expect(nul.status).toBe(400);

    const self = await act(admin, people.admin!.id, { intent: "ban", reason: "oops" });
    expect(self.status).toBe(403);
    expect(await self.text()).toContain(USERS_TEXT.banSelf);

    expect(await database.db.selectFrom("account_suspensions").selectAll().execute()).toEqual([]);
  });

  it("signs the person out everywhere at once: their next request lands on /auth with the reason and end date", async () => {
    const target = await person("banned", "Bo Banned");
    const browser = await signedIn(target.email!);
    const phone = await signedIn(target.email!);
    expect((await browser.get("/dashboard")).status).toBe(200);
    const sessionsBefore = await database.db.selectFrom("auth.sessions").select("id").where("user_id", "=", target.id).execute();
    expect(sessionsBefore.length).toBe(2);

    const endsAt = inDays(10);
    const response = await act(admin, target.id, { intent: "ban", reason: "<script>alert(1)</script>Posting <b>spam</b> links", endsAt });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/admin/users/${target.id}`);

    const row = await database.db.selectFrom("account_suspensions").selectAll().where("user_id", "=", target.id).executeTakeFirstOrThrow();
    expect(row.reason).toBe("alert(1)Posting spam links");
    expect(new Date(row.ends_at!).toISOString()).toBe(`${endsAt}T00:00:00.000Z`);
    expect(row.suspended_by).toBe(people.admin!.id);
    // Every session and refresh token gone at once, the provider's ban set to the same end.
    expect(await database.db.selectFrom("auth.sessions").select("id").where("user_id", "=", target.id).execute()).toEqual([]);
    expect(await database.db.selectFrom("auth.refresh_tokens").select("id").where("user_id", "=", target.id).execute()).toEqual([]);
    const authRow = await database.db.selectFrom("auth.users").select("banned_until").where("id", "=", target.id).executeTakeFirstOrThrow();
    expect(new Date(authRow.banned_until!).toISOString()).toBe(`${endsAt}T00:00:00.000Z`);

    const [entry] = await entriesFor(target.id, "user.banned");
    expect(entry).toMatchObject({ actorId: people.admin!.id, targetLabel: "Bo Banned", after: { suspended: true, reason: "alert(1)Posting spam links", endsAt: `${endsAt}T00:00:00.000Z` } });

    const notice = suspensionMessage({ reason: "alert(1)Posting spam links", endsAt: `${endsAt}T00:00:00.000Z` });
    for (const client of [browser, phone]) {
      const refused = await client.get("/dashboard");
      expect(refused.status).toBe(302);
      expect(locationOf(refused)).toBe("/auth");
      const page = await client.get("/auth");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(notice.replace(/&/g, "&amp;"));
      expect(html).not.toContain("<script>alert");
      // Signed out: the page after that is anonymous.
      expect(locationOf(await client.get("/dashboard"))).toBe(`/auth?redirect=%2Fdashboard`);
    }

    // The account page shows the suspension; the list's status column too.
    expect(await (await admin.get(`/admin/users/${target.id}`)).text()).toContain("alert(1)Posting spam links");
    const suspended = await tableOf(await admin.get("/admin/users?filter=suspended"));
    expect(suspended).toContain("Bo Banned");
    expect(suspended).not.toContain("Mia Member");
  });

  it("shows the reason and end date to a sign-in with the right password, never to a wrong one", async () => {
    const target = people.banned!;
    const client = new TestClient(app);
    const hidden = await client.honeypotFields("/auth");
    const wrong = await client.post("/auth", { intent: "sign-in", identifier: target.email!, password: "wrong-password-123", ...hidden });
    expect(wrong.status).toBe(400);
    const wrongText = await wrong.text();
    expect(wrongText).not.toContain("Posting spam links");
    expect(wrongText).not.toMatch(/suspended/i);

    const right = await client.post("/auth", { intent: "sign-in", identifier: target.email!, password: PASSWORD, ...hidden });
    expect(right.status).toBe(400);
    const rightText = await right.text();
    expect(rightText).toContain("alert(1)Posting spam links");
    expect(rightText).toContain("UTC");
    expect(right.headers.get("set-cookie") ?? "").not.toContain("sb-local-auth-token=ey");
  });

  it("lifts a suspension: the person signs in again; a second lift is refused", async () => {
    const target = people.banned!;
    const response = await act(admin, target.id, { intent: "unban" });
    expect(response.status).toBe(302);
    expect(await database.db.selectFrom("account_suspensions").selectAll().where("user_id", "=", target.id).execute()).toEqual([]);
    const authRow = await database.db.selectFrom("auth.users").select("banned_until").where("id", "=", target.id).executeTakeFirstOrThrow();
    expect(authRow.banned_until).toBeNull();
    const client = await signedIn(target.email!);
    expect((await client.get("/dashboard")).status).toBe(200);
    const [entry] = await entriesFor(target.id, "user.unbanned");
    expect(entry).toMatchObject({ before: { suspended: true }, after: { suspended: false } });

    const again = await act(admin, target.id, { intent: "unban" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(USERS_TEXT.notSuspendedError);
  });

  it("refuses a session by the suspension row itself, even while the provider still accepts it", async () => {
    const target = await person("rowonly", "Rory Row");
    const client = await signedIn(target.email!);
    expect((await client.get("/dashboard")).status).toBe(200);
    // Only the app's row (as on Supabase while the access token lasts): the auth schema still says yes.
    await database.db.insertInto("account_suspensions").values({ user_id: target.id, reason: "Row only", ends_at: null }).execute();
    const refused = await client.get("/dashboard");
    expect(locationOf(refused)).toBe("/auth");
    expect(await (await client.get("/auth")).text()).toContain(suspensionMessage({ reason: "Row only", endsAt: null }));
    await database.db.deleteFrom("account_suspensions").where("user_id", "=", target.id).execute();
  });

  it("no longer applies a suspension past its end date", async () => {
    const target = await person("expired", "Eve Expired");
    const client = await signedIn(target.email!);
    const past = new Date(Date.now() - 60_000);
    await database.db.insertInto("account_suspensions").values({ user_id: target.id, reason: "Old", ends_at: past }).execute();
    await database.db.updateTable("auth.users").set({ banned_until: past }).where("id", "=", target.id).execute();
    expect((await client.get("/dashboard")).status).toBe(200);
    const fresh = await signedIn(target.email!);
    expect((await fresh.get("/dashboard")).status).toBe(200);
    // Not listed as suspended, and the account page offers a new ban.
    expect(await tableOf(await admin.get("/admin/users?filter=suspended"))).not.toContain("Eve Expired");
    expect(await (await admin.get(`/admin/users/${target.id}`)).text()).toContain(USERS_TEXT.banSubmit);
    // A future one applies again.
    await database.db.updateTable("account_suspensions").set({ ends_at: new Date(Date.now() + 3_600_000) }).where("user_id", "=", target.id).execute();
    expect(locationOf(await client.get("/dashboard"))).toBe("/auth");
  });

  it("bans until lifted when no end date is given", async () => {
    const target = await person("forever", "Finn Forever");
    expect((await act(admin, target.id, { intent: "ban", reason: "Until we talk" })).status).toBe(302);
    const row = await database.db.selectFrom("account_suspensions").selectAll().where("user_id", "=", target.id).executeTakeFirstOrThrow();
    expect(row.ends_at).toBeNull();
    const client = new TestClient(app);
    const hidden = await client.honeypotFields("/auth");
    const right = await client.post("/auth", { intent: "sign-in", identifier: target.email!, password: PASSWORD, ...hidden });
    expect(await right.text()).toContain("until an admin lifts it");
  });
});

describe("demo data", () => {
  it("seeds one suspended member who is refused at sign-in with the reason and end date", async () => {
    await database.db.transaction().execute((tx) => seedDemoSuspension(tx, { password: PASSWORD, now: new Date() }));
    const client = new TestClient(app);
    const hidden = await client.honeypotFields("/auth");
    const response = await client.post("/auth", { intent: "sign-in", identifier: DEMO_SUSPENDED_EMAIL, password: PASSWORD, ...hidden });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain(DEMO_SUSPENSION_REASON.replace(/'/g, "&#x27;"));
    expect(text).toMatch(/suspended until \d{1,2} \w+ \d{4}/);
    expect(await tableOf(await admin.get("/admin/users?filter=suspended"))).toContain("Sol Suspended");
  });
});

describe("password recovery", () => {
  it("sends the recovery message to the account's e-mail; the admin never sees the code; rate-limited", async () => {
    const target = await person("forgetful", "Fay Forgetful");
    const dataDir = getRuntime().env.dataDir;
    const response = await act(admin, target.id, { intent: "recovery" });
    expect(response.status).toBe(302);
    const page = await (await admin.get(locationOf(response)!)).text();
    const sent = readOutbox(dataDir).filter((m) => m.recipient === target.email);
    expect(sent.length).toBe(1);
    expect(sent[0]!.subject).toBe("Reset your password");
    const code = /(\d{6})/.exec(sent[0]!.body)![1]!;
    expect(page).not.toContain(code);
    const [entry] = await entriesFor(target.id, "user.recovery_sent");
    expect(entry).toMatchObject({ after: { channel: "email" } });
    expect(JSON.stringify(entry)).not.toContain(code);

    expect((await act(admin, target.id, { intent: "recovery" })).status).toBe(302);
    expect((await act(admin, target.id, { intent: "recovery" })).status).toBe(302);
    const limited = await act(admin, target.id, { intent: "recovery" });
    expect(limited.status).toBe(429);
    expect(readOutbox(dataDir).filter((m) => m.recipient === target.email).length).toBe(3);
  });

  it("sends the SMS code to a phone-only account (the sign-in page's phone recovery)", async () => {
    const target = await person("phoneonly2", "Paz Phone", { phone: "+46709998877", emailless: true });
    const response = await act(admin, target.id, { intent: "recovery" });
    expect(response.status).toBe(302);
    const sent = readOutbox(getRuntime().env.dataDir).filter((m) => m.recipient === "+46709998877");
    expect(sent.length).toBe(1);
    expect(sent[0]!.channel).toBe("phone");
    expect((await entriesFor(target.id, "user.recovery_sent"))[0]).toMatchObject({ after: { channel: "phone" } });
  });
});

describe("admin rights", () => {
  it("grants (role admin) and revokes (the role before, from the audit entry)", async () => {
    const ar = people.ar!;
    expect((await act(admin, ar.id, { intent: "grant-admin" })).status).toBe(302);
    let profile = await database.db.selectFrom("profiles").select(["is_admin", "role"]).where("user_id", "=", ar.id).executeTakeFirstOrThrow();
    expect(profile).toEqual({ is_admin: true, role: "admin" });
    expect((await entriesFor(ar.id, "user.admin_granted"))[0]).toMatchObject({ before: { isAdmin: false, role: "accepted_ar" }, after: { isAdmin: true, role: "admin" } });

    const again = await act(admin, ar.id, { intent: "grant-admin" });
    expect(again.status).toBe(409);

    expect((await act(admin, ar.id, { intent: "revoke-admin" })).status).toBe(302);
    profile = await database.db.selectFrom("profiles").select(["is_admin", "role"]).where("user_id", "=", ar.id).executeTakeFirstOrThrow();
    expect(profile).toEqual({ is_admin: false, role: "accepted_ar" });
    expect((await entriesFor(ar.id, "user.admin_revoked"))[0]).toMatchObject({ before: { isAdmin: true, role: "admin" }, after: { isAdmin: false, role: "accepted_ar" } });

    // An admin with no recorded grant (seeded that way) goes back to member.
    const seeded = await person("seededadmin", "Sam Seeded", { role: "admin", isAdmin: true });
    expect((await act(admin, seeded.id, { intent: "revoke-admin" })).status).toBe(302);
    expect(await database.db.selectFrom("profiles").select(["is_admin", "role"]).where("user_id", "=", seeded.id).executeTakeFirstOrThrow()).toEqual({
      is_admin: false,
      role: "accepted_member",
    });
  });

  it("refuses removing your own rights, and removing the last admin", async () => {
    const self = await act(admin, people.admin!.id, { intent: "revoke-admin" });
    expect(self.status).toBe(403);
    expect(await self.text()).toContain(USERS_TEXT.revokeSelf);

    // With one admin left, no one can remove them (here: a stale viewer that lost its rights).
    await database.db.updateTable("profiles").set({ is_admin: false }).where("user_id", "=", people.admin2!.id).execute();
    const lastAdmin = await revokeAdmin(database.db, { id: people.admin2!.id, displayName: "Ben" } as never, people.admin!.id).catch((e: unknown) => e);
    expect(lastAdmin).toBeInstanceOf(AccountActionError);
    expect((lastAdmin as AccountActionError).reason).toBe("last-admin");
    await database.db.updateTable("profiles").set({ is_admin: true }).where("user_id", "=", people.admin2!.id).execute();
  });

  it("keeps an admin when two admins remove each other at the same moment", async () => {
    const a = await person("racer1", "Rae One", { role: "admin", isAdmin: true });
    const b = await person("racer2", "Rex Two", { role: "admin", isAdmin: true });
    // Only these two are admins for this test.
    const others = [people.admin!.id, people.admin2!.id];
    await database.db.updateTable("profiles").set({ is_admin: false }).where("user_id", "in", others).execute();
    try {
      const outcomes = await Promise.allSettled([
        revokeAdmin(database.db, { id: a.id, displayName: a.name } as never, b.id),
        revokeAdmin(database.db, { id: b.id, displayName: b.name } as never, a.id),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled").length).toBe(1);
      const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect((refused.reason as AccountActionError).reason).toBe("last-admin");
      const admins = await database.db.selectFrom("profiles").select("user_id").where("is_admin", "=", true).execute();
      expect(admins.length).toBe(1);

      // Deleting each other at once: the same rule holds.
      await database.db.updateTable("profiles").set({ is_admin: true, role: "admin" }).where("user_id", "in", [a.id, b.id]).execute();
      const auth = getAuthPort().admin();
      const deletions = await Promise.allSettled([
        deleteAccount(database.db, auth, storage(), { id: a.id, displayName: a.name } as never, b.id),
        deleteAccount(database.db, auth, storage(), { id: b.id, displayName: b.name } as never, a.id),
      ]);
      expect(deletions.filter((o) => o.status === "fulfilled").length).toBe(1);
      const left = await database.db.selectFrom("profiles").select("user_id").where("is_admin", "=", true).execute();
      expect(left.length).toBe(1);
    } finally {
      await database.db.updateTable("profiles").set({ is_admin: true }).where("user_id", "in", others).execute();
    }
  });
});

describe("deleting an account", () => {
  it("states what happens before the second submit, which works without JavaScript", async () => {
    const target = people.applicant!;
    const first = await (await admin.get(`/admin/users/${target.id}`)).text();
    expect(first).toContain(USERS_TEXT.deleteStart);
    expect(first).not.toContain(USERS_TEXT.deleteConfirm);
    const confirm = await (await admin.get(`/admin/users/${target.id}?step=delete`)).text();
    for (const line of Object.values(DELETE_REMOVES)) expect(confirm).toContain(line);
    expect(confirm).toContain("Split sheets keep the name as written and lose the account link.");
    expect(confirm).toContain("Song credits keep the name as written and lose the account link.");
    expect(confirm).toContain("Audit log entries keep the account&#x27;s id");
    expect(confirm).toContain(USERS_TEXT.deleteConfirm);
    expect(confirm).toContain('name="confirm" value="delete"');
    // A post without the confirmation deletes nothing.
    const stray = await act(admin, target.id, { intent: "delete" });
    expect(stray.status).toBe(400);
    expect(await database.db.selectFrom("auth.users").select("id").where("id", "=", target.id).executeTakeFirst()).toBeTruthy();
    // Not yourself.
    const self = await act(admin, people.admin!.id, { intent: "delete", confirm: "delete" });
    expect(self.status).toBe(403);
  });

  it("deletes the account: credits keep the name without the link, audit entries keep the id, its files go; a replay is 404", async () => {
    const target = await person("leaver", "Lee Leaver");
    const other = people.member!;
    // Its data: a credit on a song (with another member's), a showcase track and an avatar (files),
    // a notice, a shortlist; and an audit entry about it.
    const songId = await database.db.transaction().execute((tx) =>
      insertSongRecord(
        tx,
        newSong("Leaving Song", {
          credits: [
            { memberId: target.id, name: "Lee Leaver", role: "writer", split: 50 },
            { memberId: other.id, name: "Mia Member", role: "producer", split: 50 },
          ],
        }),
      ),
    );
    const files = storage();
    const audioPath = `${target.id}/track-1.mp3`;
    await files.put("showcase", audioPath, new Uint8Array([1, 2, 3]), "audio/mpeg");
    await files.put("avatars", `${target.id}/v1-96.webp`, new Uint8Array([4, 5]), "image/webp");
    const sha = "0".repeat(64);
    await database.db
      .insertInto("storage_objects")
      .values([
        { bucket: "showcase", path: audioPath, content_type: "audio/mpeg", size_bytes: 3, sha256: sha, kind: "audio", uploaded_by: target.id },
        { bucket: "avatars", path: `${target.id}/v1-96.webp`, content_type: "image/webp", size_bytes: 2, sha256: sha, kind: "image", uploaded_by: target.id },
      ])
      .execute();
    await database.db
      .insertInto("showcase_tracks")
      .values({ user_id: target.id, title: "Demo", audio_bucket: "showcase", audio_path: audioPath, content_type: "audio/mpeg", size_bytes: 3, duration_seconds: 10, position: 1 })
      .execute();
    await database.db.insertInto("notices").values({ recipient_id: target.id, kind: "system", subject: "Hi", body: "Hello" }).execute();
    await database.db.insertInto("shortlists").values({ owner_id: target.id, title: "Mine" }).execute();
    // A listening party it hosts (ADR 0092), with a song it queued and a chat line it wrote.
    const party = await database.db
      .insertInto("parties")
      .values({ title: "Leaving do", host_id: target.id, created_by: target.id, visibility: "members", status: "live", started_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const queued = await database.db
      .insertInto("party_queue")
      .values({ party_id: party.id, kind: "song", song_id: songId, title: "Leaving Song", duration_ms: 60_000, added_by: target.id, added_by_name: "Lee Leaver", round: 1, position: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db.insertInto("party_listeners").values({ party_id: party.id, user_id: target.id, display_name: "Lee Leaver" }).execute();
    await database.db.insertInto("party_messages").values({ party_id: party.id, user_id: target.id, display_name: "Lee Leaver", kind: "chat", body: "Last orders" }).execute();
    await banAccount(database.db, getAuthPort().admin(), { id: people.admin!.id, displayName: "Ada Admin" } as never, target.id, { reason: "Before leaving", endsAt: null });

    const statement = await (await admin.get(`/admin/users/${target.id}?step=delete`)).text();
    expect(statement).toContain(`${DELETE_REMOVES.showcase} (1)`);
    expect(statement).toContain(`${DELETE_REMOVES.shortlists} (1)`);
    expect(statement).toContain(`${DELETE_REMOVES.parties} (1)`);

    const response = await act(admin, target.id, { intent: "delete", confirm: "delete" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin/users");

    expect(await database.db.selectFrom("auth.users").select("id").where("id", "=", target.id).executeTakeFirst()).toBeUndefined();
    for (const [table, column] of [
      ["profiles", "user_id"],
      ["showcase_tracks", "user_id"],
      ["notices", "recipient_id"],
      ["shortlists", "owner_id"],
      ["account_suspensions", "user_id"],
      ["party_messages", "user_id"],
      ["party_listeners", "user_id"],
    ] as const) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${target.id}::uuid`.execute(database.db);
      expect(rows[0]!.n, table).toBe(0);
    }
    // The party stays without its host (the sweeper hands the room on); the queued song keeps the name as written.
    expect(await database.db.selectFrom("parties").select(["host_id", "created_by"]).where("id", "=", party.id).executeTakeFirst()).toEqual({ host_id: null, created_by: null });
    expect(await database.db.selectFrom("party_queue").select(["added_by", "added_by_name"]).where("id", "=", queued.id).executeTakeFirst()).toEqual({ added_by: null, added_by_name: "Lee Leaver" });
    const credits = await database.db.selectFrom("song_credits").select(["name", "member_id"]).where("song_id", "=", songId).orderBy("position").execute();
    expect(credits).toEqual([
      { name: "Lee Leaver", member_id: null },
      { name: "Mia Member", member_id: other.id },
    ]);
    // The audit log keeps the id: the earlier ban and the deletion itself.
    const history = await entriesFor(target.id);
    expect(history.map((e) => e.action)).toEqual(["user.deleted", "user.banned"]);
    expect(history[0]).toMatchObject({ targetId: target.id, targetLabel: "Lee Leaver", before: { displayName: "Lee Leaver", role: "accepted_member" } });
    // The files went with it: rows and bytes.
    expect(await database.db.selectFrom("storage_objects").select("path").where("uploaded_by", "=", target.id).execute()).toEqual([]);
    expect(await database.db.selectFrom("storage_objects").select("path").where("path", "like", `${target.id}/%`).execute()).toEqual([]);
    expect(await files.stat("showcase", audioPath)).toBeNull();
    expect(await files.stat("avatars", `${target.id}/v1-96.webp`)).toBeNull();

    // A replayed post, and an unknown id: 404, nothing recorded.
    const replay = await act(admin, target.id, { intent: "delete", confirm: "delete" });
    expect(replay.status).toBe(404);
    expect(await replay.text()).toContain(USERS_TEXT.goneAlready);
    const unknown = await act(admin, "00000000-0000-4000-8000-000000000000", { intent: "delete", confirm: "delete" });
    expect(unknown.status).toBe(404);
    const malformed = await act(admin, "nope", { intent: "delete", confirm: "delete" });
    expect(malformed.status).toBe(404);
    expect((await entriesFor(target.id, "user.deleted")).length).toBe(1);
    expect((await admin.get(`/admin/users/${target.id}`)).status).toBe(404);
  });

  it("matches the statement: every foreign key to auth.users removes or keeps what it says", async () => {
    const { rows } = await sql<{ table_name: string; column_name: string; delete_rule: string }>`
      select c.conrelid::regclass::text as table_name, a.attname as column_name,
             case c.confdeltype when 'c' then 'CASCADE' when 'n' then 'SET NULL' when 'a' then 'NO ACTION' when 'r' then 'RESTRICT' else c.confdeltype::text end as delete_rule
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'auth.users'::regclass
      order by 1, 2
    `.execute(database.db);
    const actual = Object.fromEntries(rows.map((r) => [`${r.table_name.replace(/^public\./, "")}.${r.column_name}`, r.delete_rule]));
    // REMOVED (DELETE_REMOVES) and KEPT without the link (DELETE_KEEPS): a new reference must be placed in one.
    const removed = [
      "profiles.user_id",
      "session_activity.user_id",
      "contact_changes.user_id",
      "showcase_tracks.user_id",
      "notices.recipient_id",
      "applications.user_id",
      "application_reviews.admin_id",
      "application_offers.user_id",
      "song_holds.ar_id",
      "shortlists.owner_id",
      "submissions.member_id",
      "briefs.ar_id",
      "brief_answers.member_id",
      "account_suspensions.user_id",
      // Camps (ADR 0086): their invitations, and with them their places in sessions (camp_session_members
      // refers to the invitation, not to auth.users, and cascades with it).
      "camp_invitations.member_id",
      // The private calendar subscription link (ADR 0088).
      "calendar_feeds.member_id",
      // Listening parties (ADR 0092): the account's invitations, places in rooms, chat and ratings.
      "party_invitations.user_id",
      "party_listeners.user_id",
      "party_messages.user_id",
      "party_ratings.user_id",
      "auth.sessions.user_id",
      "auth.refresh_tokens.user_id",
      "auth.one_time_codes.user_id",
      // Two-factor sign-in (ADR 0099): the authenticator, its challenges' factor, and the recovery codes.
      "auth.mfa_factors.user_id",
      "mfa_recovery_codes.user_id",
    ];
    const kept = [
      "song_credits.member_id",
      "storage_objects.uploaded_by",
      "notices.sender_id",
      "applications.decided_by",
      "application_events.actor_id",
      "application_offers.created_by",
      "ar_registrations.user_id",
      "ar_registrations.decided_by",
      "song_holds.decided_by",
      "submissions.decided_by",
      "song_plays.listener_id",
      "showcase_tracks.hidden_by",
      "song_drafts.uploaded_by",
      // Camps (ADR 0086): what this account set up for others stays; split sheets keep the name as written.
      "camps.created_by",
      "camp_invitations.invited_by",
      "camp_session_members.added_by",
      "camp_songs.created_by",
      "camp_split_shares.member_id",
      "camp_split_shares.confirmed_by",
      // Listening parties (ADR 0092): rooms it hosted or set up stay (the sweeper hands a hostless room on);
      // queued songs keep added_by_name.
      "parties.host_id",
      "parties.co_host_id",
      "parties.created_by",
      "party_queue.added_by",
    ];
    for (const key of removed) if (key in actual) expect(actual[key], key).toBe("CASCADE");
    for (const key of kept) if (key in actual) expect(actual[key], key).toBe("SET NULL");
    const unknown = Object.keys(actual).filter((key) => !removed.includes(key) && !kept.includes(key));
    expect(unknown, "a reference to auth.users the deletion statement does not cover").toEqual([]);
    for (const key of ["profiles.user_id", "song_credits.member_id", "showcase_tracks.user_id", "applications.user_id"]) expect(actual).toHaveProperty(key);
    // The audit log has no foreign key: its entries outlive the account with its id.
    expect(Object.keys(actual).some((key) => key.startsWith("admin_audit_log."))).toBe(false);
  });
});
