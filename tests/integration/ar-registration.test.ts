/**
 * A&R registration and its review (ADR 0072), against a seeded database and
 * the app's real request handler (forms posted as a browser without
 * JavaScript would): a visitor registers with a new account and confirms it
 * with the code from the outbox; a signed-in person registers their own; bad
 * input is refused with nothing written; a taken address gets the very answer
 * a new one gets; the admins approve (role accepted_ar, the A&R reaches the
 * desk, a notice and a mail) or decline with a note; double decisions, stale
 * forms, requests without an account and non-admins are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLICATION_INTENTS, APPLICATION_TEXT } from "~/applications/constants";
import { AR_REQUESTS_PER_ADDRESS } from "~/ar/registration-limits.server";
import { AR_REGISTRATION_TEXT as T } from "~/ar/registration-text";
import { DECLINED_AR_DEMO, LEGACY_AR_DEMO, PENDING_AR_DEMO } from "~/ar/registration-demo";
import { dashboardArRequest, getArRegistrationForUser } from "~/ar/registrations.server";
import { createLocalUser } from "~/auth/users.server";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import type { Runtime } from "~/platform/runtime.server";
import { FORM_MESSAGES } from "~/routing/forms.server";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { latestCode, readOutbox } from "../support/messages";

const PASSWORD = "ar-registration-password";
const NEW_PASSWORD = "Tall-Harbour-Lights-2026!";
const ORIGIN = "https://hitfactory.example";
const CODE_STEP = "/auth?mode=otp&step=verify&redirect=%2Fdashboard";

let database: TestDatabase;
let runtime: Runtime;
let app: AppHandler;
let admin: TestClient;
let member: TestClient;
let pendingAr: TestClient;
const ids = { admin: "", member: "", pendingAr: "" };

/** Text as React writes it into HTML. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

let addressCounter = 0;
/** A visitor from an address of its own, so the per-address limits of one test do not spill into the next. */
const visitor = () => new TestClient(app, { address: `198.51.100.${++addressCounter}` });

const details = (overrides: Record<string, string> = {}) => ({
  name: "Jo Scout",
  company: "Northern Records",
  title: "Head of A&R",
  territory: "UK & Ireland",
  "links[0].url": "https://northern.example/team",
  "links[1].url": "",
  message: "Uptempo pop",
  ...overrides,
});

async function register(client: TestClient, fields: Record<string, string>) {
  return client.post("/ar/register", { intent: "register", ...fields, ...(await client.honeypotFields("/ar/register")) });
}

const rowsFor = (email: string) => database.db.selectFrom("ar_registrations").selectAll().where("email", "=", email).execute();
const userByEmail = (email: string) => database.db.selectFrom("auth.users").selectAll().where("email", "=", email).executeTakeFirst();
const roleOf = async (userId: string) =>
  (await database.db.selectFrom("profiles").select("role").where("user_id", "=", userId).executeTakeFirst())?.role ?? null;
/** A rendered form's honeypot fields (a visitor sees the form; the stamp is no one's in particular). */
const stamp = () => new TestClient(app).honeypotFields("/ar/register");
const outboxTo = (recipient: string) => readOutbox(runtime.env.dataDir).filter((m) => m.recipient === recipient);

beforeAll(async () => {
  database = await createTestDatabase();
  runtime = useTestRuntime(database, { PUBLIC_ORIGIN: ORIGIN });
  await seedDemoData(database.db, { password: PASSWORD });
  ids.admin = (await userByEmail(demoAccount("admin").email))!.id;
  ids.member = (await userByEmail(demoAccount("member").email))!.id;
  ids.pendingAr = (await userByEmail(PENDING_AR_DEMO.email))!.id;
  app = await createAppHandler();
  admin = new TestClient(app);
  await admin.signIn(demoAccount("admin").email, PASSWORD);
  member = new TestClient(app);
  await member.signIn(demoAccount("member").email, PASSWORD);
  pendingAr = new TestClient(app);
  await pendingAr.signIn(PENDING_AR_DEMO.email, PASSWORD);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("the demo", () => {
  it("has a pending A&R with an account, a declined one with a note, the demo A&R's approved request and one without an account", async () => {
    const rows = await database.db.selectFrom("ar_registrations").select(["email", "status", "user_id", "decision_note", "decided_by"]).orderBy("email").execute();
    expect(rows).toEqual([
      { email: demoAccount("ar").email, status: "approved", user_id: expect.any(String), decision_note: null, decided_by: ids.admin },
      { email: DECLINED_AR_DEMO.email, status: "declined", user_id: expect.any(String), decision_note: DECLINED_AR_DEMO.note, decided_by: ids.admin },
      { email: LEGACY_AR_DEMO.email, status: "pending", user_id: null, decision_note: null, decided_by: null },
      { email: PENDING_AR_DEMO.email, status: "pending", user_id: ids.pendingAr, decision_note: null, decided_by: null },
    ]);
    expect(await roleOf(ids.pendingAr)).toBeNull();
    expect(await getArRegistrationForUser(database.db, ids.pendingAr)).toMatchObject({ status: "pending", company: PENDING_AR_DEMO.company });
    expect(await getArRegistrationForUser(database.db, ids.member)).toBeNull();
  });

  it("the pending A&R's dashboard, /ar and /ar/register show the request's status, not a way to ask again", async () => {
    const dashboard = await pendingAr.get("/dashboard");
    expect(dashboard.status).toBe(200);
    const page = await dashboard.text();
    expect(page).toContain('data-testid="ar-request-status" data-status="pending"');
    expect(page).toContain(html(T.pendingBody(PENDING_AR_DEMO.company)));

    const landing = await (await pendingAr.get("/ar")).text();
    expect(landing).toContain(html(T.pendingTitle));
    expect(landing).not.toContain('href="/ar/register"');

    const form = await (await pendingAr.get("/ar/register")).text();
    expect(form).toContain(html(T.pendingTitle));
    expect(form).not.toContain('name="company"');

    // Asking again anyway is refused, and nothing is stored.
    const again = await pendingAr.post("/ar/register", { intent: "request", ...details(), ...(await stamp()) });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(html(T.alreadyOpen));
    expect(await rowsFor(PENDING_AR_DEMO.email)).toHaveLength(1);
  });

  it("members, A&R and admins see no A&R request on their dashboard", async () => {
    expect(await dashboardArRequest(database.db, { id: ids.member, role: "accepted_member", isAdmin: false })).toBeNull();
    expect(await (await member.get("/dashboard")).text()).not.toContain("ar-request-status");
  });
});

describe("registering with a new account", () => {
  it("stores the request for a new, unconfirmed account and sends the visitor on to confirm it; the code then signs them in to the pending state", async () => {
    const client = visitor();
    const response = await register(client, { ...details({ name: "Jo <b>Scout</b>" }), email: "Jo@Northern.example", password: NEW_PASSWORD });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(CODE_STEP);

    const user = await userByEmail("jo@northern.example");
    expect(user).toBeDefined();
    expect(user!.email_confirmed_at).toBeNull();
    const [row] = await rowsFor("jo@northern.example");
    expect(row).toMatchObject({
      user_id: user!.id,
      status: "pending",
      name: "Jo Scout",
      company: "Northern Records",
      title: "Head of A&R",
      territory: "UK & Ireland",
      links: [{ label: "northern.example", url: "https://northern.example/team" }],
      decided_at: null,
    });

    const page = await (await client.get(CODE_STEP)).text();
    expect(page).toContain(html(T.receivedNew("jo@northern.example")));

    const code = await latestCode(runtime.env.dataDir, "jo@northern.example");
    const verified = await client.post("/auth", { intent: "otp-verify", code, redirectTo: "/dashboard", ...(await client.honeypotFields("/auth")) });
    expect(verified.status).toBe(302);
    expect(locationOf(verified)).toBe("/dashboard");
    const dashboard = await (await client.get("/dashboard")).text();
    expect(dashboard).toContain('data-testid="ar-request-status" data-status="pending"');
    // Still no role: the A&R desk sends them to /ar.
    const desk = await client.get("/ar/dashboard");
    expect(locationOf(desk)).toBe("/ar");
  });

  it("answers an address that has an account exactly as a new one, stores nothing, changes nothing, and tells the owner by mail", async () => {
    const taken = demoAccount("member").email;
    const before = await userByEmail(taken);
    const client = visitor();
    const response = await register(client, { ...details(), email: taken, password: NEW_PASSWORD });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(CODE_STEP);
    expect(await (await client.get(CODE_STEP)).text()).toContain(html(T.receivedNew(taken)));
    expect(await rowsFor(taken)).toEqual([]);
    expect((await userByEmail(taken))!.encrypted_password).toBe(before!.encrypted_password);
    const mail = outboxTo(taken).at(-1);
    expect(mail?.subject).toBe(T.mailTakenSubject);
    expect(mail?.body).toContain(`${ORIGIN}/ar/register`);
    // The member still signs in with their own password.
    await new TestClient(app).signIn(taken, PASSWORD);
  });

  it("refuses bad input with 400 and the messages, writing no account and no request", async () => {
    const client = visitor();
    const cases: [Record<string, string>, string][] = [
      [{ ...details({ title: "" }), email: "bad1@northern.example", password: NEW_PASSWORD }, "Job title is required"],
      [{ ...details({ company: "x".repeat(121) }), email: "bad2@northern.example", password: NEW_PASSWORD }, "Company or label must be no more than 120 characters"],
      [{ ...details({ "links[0].url": "javascript:alert(1)" }), email: "bad3@northern.example", password: NEW_PASSWORD }, "Links must start with http:// or https://"],
      [{ ...details({ "links[0].url": "https://user:secret@northern.example/" }), email: "bad4@northern.example", password: NEW_PASSWORD }, "Links must not contain a user name or password"],
      [{ ...details(), email: "not-an-email", password: NEW_PASSWORD }, "Enter an e-mail address like name@label.com"],
      [{ ...details(), email: "bad6@northern.example" }, "Choose a password"],
      // Text that was only markup sanitises to nothing.
      [{ ...details({ territory: "<b></b>" }), email: "bad7@northern.example", password: NEW_PASSWORD }, "Territory is required"],
    ];
    for (const [fields, message] of cases) {
      const response = await register(client, fields);
      expect(response.status, message).toBe(400);
      const body = await response.text();
      expect(body).toContain(html(message));
      expect(body).not.toContain(NEW_PASSWORD);
    }
    const six = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`links[${i}].url`, `https://site${i}.example/`]));
    const tooMany = await register(client, { ...details(), ...six, email: "bad8@northern.example", password: NEW_PASSWORD });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain("List at most 5 links");

    const weak = await register(client, { ...details(), email: "bad9@northern.example", password: "short" });
    expect(weak.status).toBe(400);

    const written = await database.db.selectFrom("auth.users").select("email").where("email", "like", "bad%@northern.example").execute();
    expect(written).toEqual([]);
    expect(await database.db.selectFrom("ar_registrations").select("id").where("email", "like", "bad%@northern.example").execute()).toEqual([]);
  });

  it("refuses a post without the rendered form's honeypot stamp, or with the trap filled", async () => {
    const bot = visitor();
    const noStamp = await bot.post("/ar/register", { intent: "register", ...details(), email: "bot1@spam.example", password: NEW_PASSWORD });
    expect(noStamp.status).toBe(400);
    expect(await noStamp.text()).toContain(FORM_MESSAGES.spam);
    const fields = await bot.honeypotFields("/ar/register");
    const trapped = await bot.post("/ar/register", { intent: "register", ...details(), email: "bot2@spam.example", password: NEW_PASSWORD, ...fields, name__confirm: "I am a bot" });
    expect(trapped.status).toBe(400);
    expect(await userByEmail("bot1@spam.example")).toBeUndefined();
    expect(await userByEmail("bot2@spam.example")).toBeUndefined();
  });

  it("limits valid requests per network address with 429 and Retry-After", async () => {
    const client = visitor();
    const statuses: number[] = [];
    for (let i = 0; i <= AR_REQUESTS_PER_ADDRESS.limit; i++) {
      const response = await register(client, { ...details(), email: `flood${i}@spam.example`, password: NEW_PASSWORD });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(await response.text()).toContain("Too many access requests from your network.");
      }
    }
    expect(statuses).toEqual([...Array(AR_REQUESTS_PER_ADDRESS.limit).fill(302), 429]);
    expect(await userByEmail(`flood${AR_REQUESTS_PER_ADDRESS.limit}@spam.example`)).toBeUndefined();
  });

  it("a signed-in visitor cannot make a second account through the new-account form", async () => {
    const response = await member.post("/ar/register", { intent: "register", ...details(), email: "second@northern.example", password: NEW_PASSWORD, ...(await stamp()) });
    expect(response.status).toBe(409);
    expect(await userByEmail("second@northern.example")).toBeUndefined();
  });
});

describe("registering with one's own account", () => {
  it("a signed-in person without a role sends the request for their account, once", async () => {
    const user = await createLocalUser(database.db, { email: "own@label.example", password: PASSWORD, displayName: "Olive Own", confirmed: true });
    const client = visitor();
    await client.signIn("own@label.example", PASSWORD);
    const page = await (await client.get("/ar/register")).text();
    expect(page).toContain(html(T.signedInAs("own@label.example")));
    expect(page).not.toContain('name="password"');

    const response = await client.post("/ar/register", { intent: "request", ...details({ name: "Olive Own" }), ...(await client.honeypotFields("/ar/register")) });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/dashboard");
    expect(await rowsFor("own@label.example")).toEqual([expect.objectContaining({ user_id: user.id, status: "pending", name: "Olive Own" })]);

    const again = await client.post("/ar/register", { intent: "request", ...details(), ...(await stamp()) });
    expect(again.status).toBe(409);
    expect(await rowsFor("own@label.example")).toHaveLength(1);
  });

  it("members, A&R and admins get a page saying they have access, and their posts are refused", async () => {
    const page = await (await member.get("/ar/register")).text();
    expect(page).toContain(T.alreadyAccessTitle);
    expect(page).not.toContain('name="company"');
    const response = await member.post("/ar/register", { intent: "request", ...details(), ...(await stamp()) });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(html(T.hasRole));
    expect(await getArRegistrationForUser(database.db, ids.member)).toBeNull();
  });

  it("an applicant cannot also ask for A&R access (open or accepted application), nor apply while their A&R request is pending", async () => {
    const user = await createLocalUser(database.db, { email: "both@label.example", password: PASSWORD, displayName: "Bo Both", confirmed: true });
    const client = visitor();
    await client.signIn("both@label.example", PASSWORD);
    // An open draft: refused, with the way out.
    expect((await client.post("/dashboard", { intent: APPLICATION_INTENTS.save, name: "Bo Both" })).status).toBe(302);
    const withDraft = await client.post("/ar/register", { intent: "request", ...details(), ...(await stamp()) });
    expect(withDraft.status).toBe(409);
    expect(await withDraft.text()).toContain(html(T.hasOpenApplication));
    expect(await rowsFor("both@label.example")).toEqual([]);
    // An accepted one (an offer to take): refused too.
    await database.db.updateTable("applications").set({ status: "accepted", kind: "writer", bio: "Songs.", submitted_at: new Date() }).where("user_id", "=", user.id).execute();
    const withOffer = await client.post("/ar/register", { intent: "request", ...details(), ...(await stamp()) });
    expect(withOffer.status).toBe(409);
    expect(await withOffer.text()).toContain(html(T.hasAcceptedApplication));
    expect(await rowsFor("both@label.example")).toEqual([]);
    // Withdrawn: the request goes through; then applying is refused while it is pending.
    await database.db.updateTable("applications").set({ status: "withdrawn" }).where("user_id", "=", user.id).execute();
    expect((await client.post("/ar/register", { intent: "request", ...details(), ...(await stamp()) })).status).toBe(302);
    expect(await rowsFor("both@label.example")).toEqual([expect.objectContaining({ status: "pending" })]);
    const apply = await client.post("/dashboard", { intent: APPLICATION_INTENTS.save, name: "Bo Again" });
    expect(apply.status).toBe(403);
    // The dashboard shows the request, not the form: the refusal is in the action data (JSON-escaped).
    expect(await apply.text()).toContain(APPLICATION_TEXT.notForPendingAr.replace("&", "\\u0026"));
    expect((await database.db.selectFrom("applications").select("status").where("user_id", "=", user.id).execute()).map((a) => a.status)).toEqual(["withdrawn"]);
  });

  it("a visitor's post of the own-account form is refused", async () => {
    const client = visitor();
    const response = await client.post("/ar/register", { intent: "request", ...details(), ...(await client.honeypotFields("/ar/register")) });
    expect(response.status).toBe(401);
  });
});

describe("the admins' review", () => {
  const idOf = async (email: string) => (await rowsFor(email))[0]!.id;
  const decide = (client: TestClient, registrationId: string, decision: string, note = "") =>
    client.post("/admin/ar-registrations", { intent: "decide", registrationId, decision, note });

  it("lists requests by status with counts", async () => {
    const page = await (await admin.get("/admin/ar-registrations")).text();
    expect(page).toContain(PENDING_AR_DEMO.company);
    expect(page).toContain(LEGACY_AR_DEMO.company);
    expect(page).not.toContain(DECLINED_AR_DEMO.company);
    expect(page).toMatch(/>Pending \(\d+\)</);
    expect(page).toContain(">Declined (1)<");
    const declined = await (await admin.get("/admin/ar-registrations?status=declined")).text();
    expect(declined).toContain(DECLINED_AR_DEMO.company);
    expect(declined).toContain(html(DECLINED_AR_DEMO.note));
    expect((await admin.get("/admin/ar-registrations?id=00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await admin.get("/admin/ar-registrations?id=not-an-id")).status).toBe(404);
    const one = await admin.get(`/admin/ar-registrations?id=${await idOf(PENDING_AR_DEMO.email)}`);
    expect(await one.text()).toContain(PENDING_AR_DEMO.message);
    // The overview's queue counts the open requests and links to them (issue 12).
    const pending = await database.db.selectFrom("ar_registrations").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "pending").executeTakeFirstOrThrow();
    const overview = await (await admin.get("/admin")).text();
    expect(overview).toMatch(new RegExp(`data-queue="arRegistrations"[^>]*href="/admin/ar-registrations"><span[^>]*>${Number(pending.n)}</span>`));
  });

  it("refuses non-admins: a member, the pending A&R and a visitor are sent away and nothing changes", async () => {
    const id = await idOf(PENDING_AR_DEMO.email);
    expect(locationOf(await decide(member, id, "approve"))).toBe("/");
    expect(locationOf(await decide(pendingAr, id, "approve"))).toBe("/");
    expect(locationOf(await decide(new TestClient(app), id, "approve"))).toBe("/auth?redirect=%2Fadmin%2Far-registrations");
    expect((await rowsFor(PENDING_AR_DEMO.email))[0]!.status).toBe("pending");
    expect(await roleOf(ids.pendingAr)).toBeNull();
  });

  it("approving gives the account accepted_ar, records who and when, and the A&R hears it in the inbox and by mail, then reaches the desk", async () => {
    const id = await idOf("jo@northern.example");
    const userId = (await userByEmail("jo@northern.example"))!.id;
    const response = await decide(admin, id, "approve", "Welcome aboard");
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin/ar-registrations?status=pending");
    expect(await (await admin.get("/admin/ar-registrations?status=pending")).text()).toContain(html(T.approvedToast("Jo Scout")));

    const [row] = await rowsFor("jo@northern.example");
    expect(row).toMatchObject({ status: "approved", decided_by: ids.admin, decision_note: "Welcome aboard" });
    expect(row!.decided_at).not.toBeNull();
    expect(await roleOf(userId)).toBe("accepted_ar");

    const notices = await database.db.selectFrom("notices").select(["kind", "subject", "link"]).where("recipient_id", "=", userId).execute();
    expect(notices).toEqual([{ kind: "approval", subject: T.approvedSubject, link: "/ar/dashboard" }]);
    const mail = outboxTo("jo@northern.example").at(-1);
    expect(mail?.subject).toBe(T.approvedSubject);
    expect(mail?.body).toContain(`${ORIGIN}/ar/dashboard`);

    const ar = new TestClient(app);
    const signIn = await ar.post("/auth", { intent: "sign-in", identifier: "jo@northern.example", password: NEW_PASSWORD, ...(await ar.honeypotFields("/auth")) });
    expect(locationOf(signIn)).toBe("/ar/dashboard");
    expect((await ar.get("/ar/dashboard")).status).toBe(200);
  });

  it("refuses a second decision (a double submit, or a form loaded before someone else decided) and changes nothing", async () => {
    const id = await idOf("jo@northern.example");
    const before = (await rowsFor("jo@northern.example"))[0];
    const notices = await database.db.selectFrom("notices").select("id").execute();
    const again = await decide(admin, id, "approve");
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(html(T.alreadyDecided("Approved")));
    const decline = await decide(admin, id, "decline", "Changed our minds");
    expect(decline.status).toBe(409);
    expect((await rowsFor("jo@northern.example"))[0]).toEqual(before);
    expect(await database.db.selectFrom("notices").select("id").execute()).toHaveLength(notices.length);
  });

  it("declining needs a note; it reaches the A&R with the note, and the account keeps no role", async () => {
    const id = await idOf(PENDING_AR_DEMO.email);
    const noNote = await decide(admin, id, "decline", "   ");
    expect(noNote.status).toBe(400);
    expect(await noNote.text()).toContain(html(T.noteRequired));
    expect((await rowsFor(PENDING_AR_DEMO.email))[0]!.status).toBe("pending");

    const response = await decide(admin, id, "decline", "We need a <b>company</b> page to verify you.");
    expect(response.status).toBe(302);
    const [row] = await rowsFor(PENDING_AR_DEMO.email);
    expect(row).toMatchObject({ status: "declined", decided_by: ids.admin, decision_note: "We need a company page to verify you." });
    expect(await roleOf(ids.pendingAr)).toBeNull();
    const notice = await database.db.selectFrom("notices").select(["kind", "body"]).where("recipient_id", "=", ids.pendingAr).executeTakeFirstOrThrow();
    expect(notice.kind).toBe("decision");
    expect(notice.body).toContain("We need a company page to verify you.");
    expect(outboxTo(PENDING_AR_DEMO.email).at(-1)?.body).toContain("We need a company page to verify you.");

    // Their dashboard shows the decision and the note; they may ask again.
    const dashboard = await (await pendingAr.get("/dashboard")).text();
    expect(dashboard).toContain('data-status="declined"');
    expect(dashboard).toContain("We need a company page to verify you.");
    const form = await (await pendingAr.get("/ar/register")).text();
    expect(form).toContain('name="company"');
  });

  it("a request without an account cannot be approved into a role; it can be declined, by mail to its address", async () => {
    const id = await idOf(LEGACY_AR_DEMO.email);
    const page = await (await admin.get(`/admin/ar-registrations?id=${id}`)).text();
    expect(page).toContain(html(T.noAccount));
    expect(page).not.toContain('value="approve"');
    const approve = await decide(admin, id, "approve");
    expect(approve.status).toBe(409);
    expect(await approve.text()).toContain(html(T.cannotApproveNoAccount));
    expect((await rowsFor(LEGACY_AR_DEMO.email))[0]!.status).toBe("pending");

    const decline = await decide(admin, id, "decline", "Please register again with an account.");
    expect(decline.status).toBe(302);
    expect((await rowsFor(LEGACY_AR_DEMO.email))[0]!.status).toBe("declined");
    expect(outboxTo(LEGACY_AR_DEMO.email).at(-1)?.subject).toBe(T.declinedSubject);
  });

  it("an account that has a role already is not made an A&R", async () => {
    const userId = (await userByEmail("own@label.example"))!.id;
    await database.db.updateTable("profiles").set({ role: "accepted_member" }).where("user_id", "=", userId).execute();
    const id = await idOf("own@label.example");
    const response = await decide(admin, id, "approve");
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(html(T.cannotApproveRole));
    expect(await roleOf(userId)).toBe("accepted_member");
    expect((await rowsFor("own@label.example"))[0]!.status).toBe("pending");
  });

  it("unknown and malformed request ids, and an unknown decision, change nothing", async () => {
    expect((await decide(admin, "00000000-0000-4000-8000-000000000000", "approve")).status).toBe(404);
    expect((await decide(admin, "not-an-id", "approve")).status).toBe(400);
    const id = await idOf("own@label.example");
    expect((await decide(admin, id, "promote")).status).toBe(400);
    expect((await rowsFor("own@label.example"))[0]!.status).toBe("pending");
  });
});

describe("the table's own checks", () => {
  it("refuses what the form would refuse", async () => {
    const base = { name: "n", company: "c", email: "limits@example.test" };
    await expect(database.db.insertInto("ar_registrations").values({ ...base, title: "t".repeat(101) }).execute()).rejects.toThrow();
    await expect(
      database.db.insertInto("ar_registrations").values({ ...base, links: JSON.stringify(Array.from({ length: 6 }, () => ({ label: "a", url: "https://a.example" }))) }).execute(),
    ).rejects.toThrow();
    await expect(database.db.insertInto("ar_registrations").values({ ...base, status: "approved" }).execute()).rejects.toThrow();
    await expect(database.db.insertInto("ar_registrations").values({ name: "n", company: "c", email: null }).execute()).rejects.toThrow();
  });
});
