/**
 * Reviewing applications, the questions editor and offers (ADR 0071), against
 * a real seeded database and the app's real request handler, forms posted as a
 * browser without JavaScript would: the queue and its counts; an applicant's
 * page (unknown and malformed ids 404); ratings; decisions with their events,
 * banner reset and inbox notices; a double decision and two admins at once;
 * non-admins refused by the route contract; the questions editor (a question
 * with answers is never deleted); offers taken once, reused, expired, revoked,
 * someone else's; the token never in a page's data; the offer mail in the
 * outbox; token guesses rate limited.
 */
import crypto from "node:crypto";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "~/demo/seed.server";
import { demoAccount } from "~/demo/accounts";
import { createLocalUser } from "~/auth/users.server";
import { getOpenOffer, hashToken } from "~/applications/offers.server";
import { ACCEPT_TEXT, QUESTION_TEXT, REVIEW_TEXT } from "~/applications/review-text";
import { WELCOME } from "~/onboarding/copy";
import type { Runtime } from "~/platform/runtime.server";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { readOutbox } from "../support/messages";

const PASSWORD = "review-test-password";
const ORIGIN = "https://hitfactory.example";
let database: TestDatabase;
let runtime: Runtime;
let app: AppHandler;
let admin: TestClient;
let member: TestClient;
let visitor: TestClient;
let adminId = "";

/** Text as React writes it into HTML. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  runtime = useTestRuntime(database, { PUBLIC_ORIGIN: ORIGIN });
  await seedDemoData(database.db, { password: PASSWORD });
  adminId = (await db().selectFrom("auth.users").select("id").where("email", "=", demoAccount("admin").email).executeTakeFirstOrThrow()).id;
  app = await createAppHandler();
  admin = new TestClient(app);
  await admin.signIn(demoAccount("admin").email, PASSWORD);
  member = new TestClient(app);
  await member.signIn(demoAccount("member").email, PASSWORD);
  visitor = new TestClient(app);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

let counter = 0;

interface Applicant {
  userId: string;
  email: string;
  name: string;
  client: TestClient;
  applicationId: string;
}

/** A fresh account, signed in, with a submitted application in `status`. */
async function applicant(status: "pending" | "shortlisted" | "waitlisted" | "draft" = "pending", answers: { questionId: string; prompt: string; answer: string }[] = []): Promise<Applicant> {
  counter += 1;
  const email = `review-${counter}-${crypto.randomBytes(3).toString("hex")}@example.test`;
  const name = `Applicant Number${counter}`;
  const user = await createLocalUser(db(), { email, password: PASSWORD, displayName: name, confirmed: true });
  const client = new TestClient(app);
  await client.signIn(email, PASSWORD);
  const submitted = status === "draft" ? null : new Date(Date.now() - counter * 60_000);
  const { id } = await db()
    .insertInto("applications")
    .values({
      user_id: user.id,
      public_key: `rv${crypto.randomBytes(6).toString("hex")}`,
      kind: "writer",
      name,
      location: "Leeds",
      bio: "I write songs.",
      answers: JSON.stringify(answers),
      status,
      submitted_at: submitted,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { userId: user.id, email, name, client, applicationId: id };
}

const pageOf = (a: Applicant) => `/admin/applications/${a.applicationId}`;
const application = (id: string) => db().selectFrom("applications").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const eventsOf = (id: string) => db().selectFrom("application_events").selectAll().where("application_id", "=", id).orderBy("created_at").orderBy("id").execute();
const noticesOf = (userId: string) => db().selectFrom("notices").selectAll().where("recipient_id", "=", userId).orderBy("created_at").execute();
const profileOf = (userId: string) => db().selectFrom("profiles").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
const offersOf = (id: string) => db().selectFrom("application_offers").selectAll().where("application_id", "=", id).orderBy("created_at").execute();

/** Opens the mail's link as a browser would: the owner's token goes on to /accept?offer=<id>. */
async function openLink(client: TestClient, token: string): Promise<Response> {
  const first = await client.get(`/accept?token=${token}`);
  const location = locationOf(first);
  if (first.status !== 302 || !location) return first;
  expect(location).toMatch(/^\/accept\?offer=[0-9a-f-]{36}$/);
  return client.get(location);
}

function decide(client: TestClient, a: Applicant, decision: string, expectedStatus: string, note = "") {
  return client.post(pageOf(a), { intent: "decide", decision, expectedStatus, note });
}

/** The token of the newest offer mail to this address. */
function tokenFromMail(email: string): string {
  const mail = readOutbox(runtime.env.dataDir).filter((m) => m.recipient === email).at(-1);
  const match = /\/accept\?token=([A-Za-z0-9_-]{43})/.exec(mail?.body ?? "");
  if (!match) throw new Error(`no offer mail to ${email}`);
  return match[1]!;
}

describe("the queue (/admin/applications)", () => {
  it("lists submitted applications by status with counts, newest or oldest first; drafts never", async () => {
    const older = await applicant("pending");
    const newer = await applicant("pending");
    await db().updateTable("applications").set({ submitted_at: new Date(Date.now() - 3_600_000) }).where("id", "=", older.applicationId).execute();
    await db().updateTable("applications").set({ submitted_at: new Date() }).where("id", "=", newer.applicationId).execute();
    const draft = await applicant("draft");
    const counts = await db().selectFrom("applications").select(["status"]).where("submitted_at", "is not", null).execute();
    const pendingCount = counts.filter((r) => r.status === "pending").length;

    const page = await (await admin.get("/admin/applications")).text();
    expect(page).toMatch(new RegExp(`Pending(<!-- -->)? <span[^>]*>\\(${pendingCount}\\)`));
    expect(page.indexOf(newer.name)).toBeGreaterThan(-1);
    expect(page.indexOf(newer.name)).toBeLessThan(page.indexOf(older.name));
    expect(page).not.toContain(draft.name);

    const oldest = await (await admin.get("/admin/applications?order=oldest")).text();
    expect(oldest.indexOf(older.name)).toBeLessThan(oldest.indexOf(newer.name));

    const shortlisted = await (await admin.get("/admin/applications?status=shortlisted")).text();
    expect(shortlisted).not.toContain(newer.name);
    expect(shortlisted).toContain("Marco Silva");
  });

  it("shows the viewer's rating and the average", async () => {
    const a = await applicant("pending");
    await db().insertInto("application_reviews").values({ application_id: a.applicationId, admin_id: adminId, rating: 4, comment: "" }).execute();
    const other = (await db().selectFrom("auth.users").select("id").where("email", "=", demoAccount("member").email).executeTakeFirstOrThrow()).id;
    await db().insertInto("application_reviews").values({ application_id: a.applicationId, admin_id: other, rating: 1, comment: "" }).execute();
    const page = await (await admin.get("/admin/applications")).text();
    const row = page.slice(page.indexOf(a.name), page.indexOf("</tr>", page.indexOf(a.name)));
    expect(row).toContain("4 of 5");
    expect(row).toContain("2.5 from 2 ratings");
  });

  it("is for admins only", async () => {
    expect(locationOf(await member.get("/admin/applications"))).toBe("/");
    expect(locationOf(await visitor.get("/admin/applications"))).toBe("/auth?redirect=%2Fadmin%2Fapplications");
  });
});

describe("an applicant's page (/admin/applications/:applicationId)", () => {
  it("shows the answers, details and neighbours; unknown, malformed ids and drafts are 404", async () => {
    const a = await applicant("pending", [{ questionId: crypto.randomUUID(), prompt: "What are you working on?", answer: "An EP <b>now</b>" }]);
    const response = await admin.get(pageOf(a));
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain(a.name);
    expect(page).toContain("What are you working on?");
    expect(page).toContain("An EP &lt;b&gt;now&lt;/b&gt;");
    expect(page).toContain(REVIEW_TEXT.previousApplicant);
    expect((await admin.get("/admin/applications/not-an-id")).status).toBe(404);
    expect((await admin.get(`/admin/applications/${crypto.randomUUID()}`)).status).toBe(404);
    const draft = await applicant("draft");
    expect((await admin.get(pageOf(draft))).status).toBe(404);
  });

  it("the player's queue spans the neighbouring applicants: their track ids are in the page", async () => {
    const pending = await db()
      .selectFrom("applications")
      .select(["id", "name"])
      .where("status", "=", "pending")
      .where("name", "in", ["Jonah Reed", "Lena Okafor"])
      .orderBy("submitted_at", "desc")
      .execute();
    expect(pending.length).toBe(2);
    const keysOf = async (id: string) =>
      (await db().selectFrom("application_tracks").select("track_key").where("application_id", "=", id).execute()).map((t) => t.track_key);
    // Oldest first: Lena (5 days ago) comes before Jonah (3 days ago), unless a test application sits between.
    const page = await (await admin.get(`/admin/applications/${pending[1]!.id}?order=oldest`)).text();
    for (const key of await keysOf(pending[1]!.id)) expect(page).toContain(key);
    const next = /data-testid="next-applicant"[^>]*href="\/admin\/applications\/([0-9a-f-]{36})/.exec(page) ?? /href="\/admin\/applications\/([0-9a-f-]{36})[^"]*"[^>]*data-testid="next-applicant"/.exec(page);
    expect(next).not.toBeNull();
    for (const key of await keysOf(next![1]!)) expect(page).toContain(key);
  });
});

describe("the player's neighbours (SPEC §4: next crosses in collab mode, previous in solo mode)", () => {
  async function giveTrack(applicationId: string, mode: "collab" | "solo"): Promise<string> {
    const row = await db().selectFrom("applications").select("public_key").where("id", "=", applicationId).executeTakeFirstOrThrow();
    const key = `${row.public_key}-${mode}-1`;
    const path = `applications/test/${key}.wav`;
    await db()
      .insertInto("storage_objects")
      .values({ bucket: AUDIO_BUCKET, path, content_type: "audio/wav", size_bytes: 1000, sha256: crypto.randomBytes(32).toString("hex"), kind: "audio", uploaded_by: null })
      .execute();
    await db()
      .insertInto("application_tracks")
      .values({ application_id: applicationId, mode, track_key: key, title: `Track ${key}`, audio_bucket: AUDIO_BUCKET, audio_path: path, content_type: "audio/wav", size_bytes: 1000, duration_seconds: 20, position: 1 })
      .execute();
    return key;
  }

  it("skip applicants with no track in the mode being played, and wrap at the ends of the queue", async () => {
    // Oldest first in the waitlisted filter: (the demo's waitlisted applicant, days old), c, b, a.
    const [a, b, c] = [await applicant("waitlisted"), await applicant("waitlisted"), await applicant("waitlisted")];
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    for (const [who, h] of [[a, 1], [b, 2], [c, 3]] as const) {
      await db().updateTable("applications").set({ submitted_at: hoursAgo(h) }).where("id", "=", who.applicationId).execute();
    }
    const aCollab = await giveTrack(a.applicationId, "collab");
    const bSolo = await giveTrack(b.applicationId, "solo");
    const cCollab = await giveTrack(c.applicationId, "collab");

    // In collab mode, c's player skips b (nothing to play in collab) and reaches a; the page's link still goes to b.
    const onC = await (await admin.get(`/admin/applications/${c.applicationId}?status=waitlisted&order=oldest`)).text();
    expect(onC).toContain(cCollab);
    expect(onC).toContain(aCollab);
    expect(onC).not.toContain(bSolo);
    expect(onC).toMatch(new RegExp(`href="/admin/applications/${b.applicationId}[^"]*"[^>]*data-testid="next-applicant"|data-testid="next-applicant"[^>]*href="/admin/applications/${b.applicationId}`));

    // a is last: its player's next wraps to the first applicant of the queue with a collab track,
    // as the player wraps last to first; the page has no next link.
    const firstWithCollab = await db()
      .selectFrom("applications")
      .select("id")
      .where("status", "=", "waitlisted")
      .where("id", "!=", a.applicationId)
      .where((eb) => eb.exists(eb.selectFrom("application_tracks").select("id").whereRef("application_tracks.application_id", "=", "applications.id").where("mode", "=", "collab")))
      .orderBy("submitted_at", "asc")
      .orderBy("id", "asc")
      .executeTakeFirstOrThrow();
    const wrapKeys = (await db().selectFrom("application_tracks").select("track_key").where("application_id", "=", firstWithCollab.id).execute()).map((t) => t.track_key);
    const onA = await (await admin.get(`/admin/applications/${a.applicationId}?status=waitlisted&order=oldest`)).text();
    expect(onA).not.toContain('data-testid="next-applicant"');
    for (const key of wrapKeys) expect(onA).toContain(key);

    // In solo mode only b has a solo track among them: a's solo neighbours are b (or another with solo tracks), never c.
    const onASolo = await (await admin.get(`/admin/applications/${a.applicationId}?status=waitlisted&order=oldest&mode=solo`)).text();
    expect(onASolo).toContain(bSolo);
    expect(onASolo).not.toContain(cCollab);
  });
});

describe("ratings", () => {
  it("one per admin, editable, sanitised; bad ratings and long comments refused", async () => {
    const a = await applicant();
    let response = await admin.post(pageOf(a), { intent: "rate", rating: "4", comment: "Great <script>x</script>hooks" });
    expect(response.status).toBe(302);
    response = await admin.post(pageOf(a), { intent: "rate", rating: "5", comment: "Even better" });
    expect(response.status).toBe(302);
    const rows = await db().selectFrom("application_reviews").selectAll().where("application_id", "=", a.applicationId).execute();
    expect(rows.map((r) => [r.rating, r.comment])).toEqual([[5, "Even better"]]);

    await admin.post(pageOf(a), { intent: "rate", rating: "3", comment: "Great <script>x</script>hooks" });
    const [row] = await db().selectFrom("application_reviews").select("comment").where("application_id", "=", a.applicationId).execute();
    expect(row!.comment).toBe("Great xhooks");

    for (const rating of ["0", "6", "2.5", "x", ""]) {
      expect((await admin.post(pageOf(a), { intent: "rate", rating, comment: "" })).status).toBe(400);
    }
    const long = await admin.post(pageOf(a), { intent: "rate", rating: "3", comment: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Comment must be no more than 2000 characters");
    expect((await admin.post(`/admin/applications/${crypto.randomUUID()}`, { intent: "rate", rating: "3" })).status).toBe(404);
  });
});

describe("decisions", () => {
  it("a decline sets the status, the note, the event, resets the banner and reaches the applicant's inbox", async () => {
    const a = await applicant();
    await db().updateTable("profiles").set({ has_seen_decision_banner: true }).where("user_id", "=", a.userId).execute();
    const response = await decide(admin, a, "decline", "pending", "Not this <i>time</i>");
    expect(response.status).toBe(302);
    const row = await application(a.applicationId);
    expect(row).toMatchObject({ status: "declined", decided_by: adminId, decision_note: "Not this time" });
    expect(row.decided_at).not.toBeNull();
    const events = await eventsOf(a.applicationId);
    expect(events.map((e) => [e.action, e.actor_id, e.from_status, e.to_status, e.note])).toEqual([["status_changed", adminId, "pending", "declined", "Not this time"]]);
    expect((await profileOf(a.userId)).has_seen_decision_banner).toBe(false);
    const notices = await noticesOf(a.userId);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: "decision", subject: REVIEW_TEXT.noticeSubject.decline, link: "/dashboard" });
    expect(notices[0]!.body).toContain("Not this time");

    // The timeline shows who did what.
    const page = await (await admin.get(pageOf(a))).text();
    expect(page).toContain("Avery Admin");
    expect(page).toContain(REVIEW_TEXT.finalDecision("Declined"));
  });

  it("shortlist then waitlist: each an event; deciding again from a stale page or twice is refused with a clear message", async () => {
    const a = await applicant();
    await db().updateTable("profiles").set({ has_seen_decision_banner: true }).where("user_id", "=", a.userId).execute();
    expect((await decide(admin, a, "shortlist", "pending", "Strong hooks")).status).toBe(302);
    // The applicant never learns of a shortlisting (ADR 0070): no notice, no banner, nothing in /inbox.
    expect(await noticesOf(a.userId)).toEqual([]);
    expect((await profileOf(a.userId)).has_seen_decision_banner).toBe(true);
    const inbox = await a.client.get("/inbox");
    expect(inbox.status).toBe(200);
    const inboxText = (await inbox.text()).toLowerCase();
    expect(inboxText).not.toContain("shortlist");
    expect(inboxText).not.toContain("strong hooks");
    // The same form posted again: the page said "pending", the application is now shortlisted.
    const replay = await decide(admin, a, "shortlist", "pending");
    expect(replay.status).toBe(409);
    expect(await replay.text()).toContain(html(REVIEW_TEXT.changedMeanwhile("Shortlisted")));
    const same = await decide(admin, a, "shortlist", "shortlisted");
    expect(same.status).toBe(409);
    expect(await same.text()).toContain(REVIEW_TEXT.alreadyThere("shortlisted"));
    expect((await decide(admin, a, "waitlist", "shortlisted", "Next season")).status).toBe(302);
    expect((await eventsOf(a.applicationId)).map((e) => `${e.from_status}>${e.to_status}`)).toEqual(["pending>shortlisted", "shortlisted>waitlisted"]);
    expect((await noticesOf(a.userId)).map((n) => n.kind)).toEqual(["decision"]);
    expect((await noticesOf(a.userId))[0]).toMatchObject({ subject: REVIEW_TEXT.noticeSubject.waitlist });
    expect((await profileOf(a.userId)).has_seen_decision_banner).toBe(false);
  });

  it("two admins deciding at once: one decision, one clear refusal", async () => {
    const a = await applicant();
    const second = new TestClient(app);
    await second.signIn(demoAccount("admin").email, PASSWORD);
    const answers = await Promise.all([decide(admin, a, "decline", "pending", "A"), decide(second, a, "accept", "pending", "B")]);
    expect(answers.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await eventsOf(a.applicationId)).toHaveLength((await application(a.applicationId)).status === "accepted" ? 2 : 1);
    expect((await noticesOf(a.userId)).length).toBe(1);
  });

  it("declined and accepted are final; drafts cannot be decided; bad decisions refused", async () => {
    const a = await applicant();
    await decide(admin, a, "decline", "pending");
    const again = await decide(admin, a, "accept", "declined");
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(REVIEW_TEXT.finalDecision("Declined"));
    expect(await offersOf(a.applicationId)).toEqual([]);
    const draft = await applicant("draft");
    expect((await decide(admin, draft, "accept", "draft")).status).toBe(404);
    const b = await applicant();
    expect((await decide(admin, b, "promote", "pending")).status).toBe(400);
    // A field sent twice is no decision at all.
    expect((await admin.post(pageOf(b), { intent: "decide", decision: ["accept", "decline"], expectedStatus: "pending" })).status).toBe(400);
    expect((await decide(admin, b, "decline", "pending", "n".repeat(1001))).status).toBe(400);
    expect((await application(b.applicationId)).status).toBe("pending");
  });

  it("non-admins are refused by the route contract and change nothing", async () => {
    const a = await applicant();
    for (const client of [member, a.client]) {
      const response = await decide(client, a, "accept", "pending");
      expect(response.status).toBe(302);
      expect(locationOf(response)).toBe("/");
      expect(locationOf(await client.post(pageOf(a), { intent: "rate", rating: "5" }))).toBe("/");
    }
    expect(locationOf(await decide(visitor, a, "accept", "pending"))).toMatch(/^\/auth\?redirect=/);
    expect((await application(a.applicationId)).status).toBe("pending");
    expect(await db().selectFrom("application_reviews").selectAll().where("application_id", "=", a.applicationId).execute()).toEqual([]);
  });
});

describe("offers and /accept", () => {
  it("accept makes an offer: the inbox links to it, the mail carries the only copy of the token", async () => {
    const a = await applicant();
    expect((await decide(admin, a, "accept", "pending", "Welcome aboard")).status).toBe(302);
    expect((await application(a.applicationId)).status).toBe("accepted");
    const [offer] = await offersOf(a.applicationId);
    expect(offer).toBeDefined();
    const token = tokenFromMail(a.email);
    expect(offer!.token_hash).toBe(hashToken(token));
    expect(offer!.token_hash).not.toContain(token);
    const days = (new Date(offer!.expires_at).getTime() - new Date(offer!.created_at).getTime()) / 86_400_000;
    expect(days).toBe(14);
    const mail = readOutbox(runtime.env.dataDir).filter((m) => m.recipient === a.email).at(-1)!;
    expect(mail.body).toContain(`${ORIGIN}/accept?token=${token}`);
    expect(mail.body).toContain("Welcome aboard");
    const notices = await noticesOf(a.userId);
    expect(notices.at(-1)).toMatchObject({ kind: "offer", link: `/accept?offer=${offer!.id}` });
    expect(JSON.stringify(notices)).not.toContain(token);
    expect((await eventsOf(a.applicationId)).map((e) => e.action)).toEqual(["status_changed", "offer_sent"]);
    expect(await getOpenOffer(db(), a.userId)).toEqual({ id: offer!.id, expiresAt: new Date(offer!.expires_at).toISOString() });

    // No page or page data carries the token: not the offer page, not the admin's.
    for (const path of [`/accept?token=${token}`, `/accept.data?token=${token}`, `/accept?offer=${offer!.id}`, "/accept", "/dashboard", "/dashboard.data", "/inbox"]) {
      const text = await (await a.client.get(path)).text();
      const at = text.indexOf(token);
      expect(at === -1 ? "" : text.slice(Math.max(0, at - 300), at + 60), path).toBe("");
    }
    for (const path of [pageOf(a), `${pageOf(a)}.data`, "/admin/applications?status=accepted"]) {
      expect(await (await admin.get(path)).text(), path).not.toContain(token);
    }
  });

  it("GET only shows the offer; the owner's POST makes them a member with onboarding; the link then works no more", async () => {
    const a = await applicant();
    await db()
      .updateTable("profiles")
      .set({ onboarding_completed: true, onboarding_skipped: true, onboarding_current_step: 5, has_seen_decision_banner: true })
      .where("user_id", "=", a.userId)
      .execute();
    await decide(admin, a, "accept", "pending");
    const token = tokenFromMail(a.email);
    const [offer] = await offersOf(a.applicationId);

    // Mail scanners prefetch: a GET changes nothing, however often.
    for (let i = 0; i < 2; i++) {
      const page = await openLink(a.client, token);
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).toContain(ACCEPT_TEXT.accept);
      expect(text).toContain(`name="offerId" value="${offer!.id}"`);
    }
    expect((await profileOf(a.userId)).role).toBeNull();

    const before = Date.now();
    const accepted = await a.client.post("/accept", { intent: "accept", offerId: offer!.id });
    expect(accepted.status).toBe(302);
    expect(locationOf(accepted)).toBe("/dashboard");
    const profile = await profileOf(a.userId);
    expect(profile).toMatchObject({
      role: "accepted_member",
      onboarding_completed: false,
      onboarding_skipped: false,
      onboarding_current_step: 0,
      onboarding_completed_at: null,
      has_seen_decision_banner: false,
    });
    expect(new Date(profile.first_login_after_acceptance!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(profile.onboarding_started_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await offersOf(a.applicationId))[0]!.accepted_at).not.toBeNull();
    expect((await eventsOf(a.applicationId)).map((e) => [e.action, e.actor_id])).toContainEqual(["offer_accepted", a.userId]);

    // The welcome follows on the next page.
    const dashboard = await (await a.client.get("/dashboard")).text();
    expect(dashboard).toContain(html(WELCOME.title(a.name)));

    // Reused: the same post, the same link.
    const replay = await a.client.post("/accept", { intent: "accept", offerId: offer!.id });
    expect(replay.status).toBe(410);
    expect(await replay.text()).toContain(ACCEPT_TEXT.takenTitle);
    const reused = await openLink(a.client, token);
    expect(reused.status).toBe(410);
    const reusedText = await reused.text();
    expect(reusedText).toContain(ACCEPT_TEXT.takenTitle);
    expect(reusedText).not.toContain(ACCEPT_TEXT.accept + "<");
    expect((await eventsOf(a.applicationId)).filter((e) => e.action === "offer_accepted")).toHaveLength(1);
  });

  it("an account that has a role meanwhile (an approved A&R) cannot take the offer: its role stays, the offer stays open", async () => {
    const a = await applicant();
    await decide(admin, a, "accept", "pending");
    const [offer] = await offersOf(a.applicationId);
    await db().updateTable("profiles").set({ role: "accepted_ar" }).where("user_id", "=", a.userId).execute();
    const refused = await a.client.post("/accept", { intent: "accept", offerId: offer!.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(ACCEPT_TEXT.hasRoleTitle);
    expect((await profileOf(a.userId)).role).toBe("accepted_ar");
    expect((await offersOf(a.applicationId))[0]!.accepted_at).toBeNull();
    expect((await eventsOf(a.applicationId)).map((e) => e.action)).not.toContain("offer_accepted");
  });

  it("someone else's offer: a clear page that says nothing about whose; their post changes nothing", async () => {
    const a = await applicant();
    const other = await applicant();
    await decide(admin, a, "accept", "pending");
    const token = tokenFromMail(a.email);
    const [offer] = await offersOf(a.applicationId);

    const byToken = await other.client.get(`/accept?token=${token}`);
    expect(byToken.status).toBe(404);
    const text = await byToken.text();
    expect(text).toContain(ACCEPT_TEXT.notYoursTitle);
    expect(text).not.toContain(a.name);
    expect(text).not.toContain(a.email);
    expect(text).not.toContain(offer!.id);

    const byId = await other.client.get(`/accept?offer=${offer!.id}`);
    expect(byId.status).toBe(404);
    expect(await byId.text()).toContain(ACCEPT_TEXT.unknownTitle);

    const post = await other.client.post("/accept", { intent: "accept", offerId: offer!.id });
    expect(post.status).toBe(404);
    expect((await profileOf(other.userId)).role).toBeNull();
    expect((await offersOf(a.applicationId))[0]!.accepted_at).toBeNull();
    // The admin taking it for them cannot either.
    expect((await admin.post("/accept", { intent: "accept", offerId: offer!.id })).status).toBe(404);
  });

  it("an expired offer and an unknown or malformed token get a clear page", async () => {
    const a = await applicant();
    await decide(admin, a, "accept", "pending");
    const token = tokenFromMail(a.email);
    const [offer] = await offersOf(a.applicationId);
    await db().updateTable("application_offers").set({ created_at: new Date(Date.now() - 20 * 86_400_000), expires_at: new Date(Date.now() - 1000) }).where("id", "=", offer!.id).execute();
    const expired = await openLink(a.client, token);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain(ACCEPT_TEXT.expiredTitle);
    expect((await a.client.post("/accept", { intent: "accept", offerId: offer!.id })).status).toBe(410);
    expect((await profileOf(a.userId)).role).toBeNull();
    expect(await getOpenOffer(db(), a.userId)).toBeNull();

    for (const bad of [crypto.randomBytes(32).toString("base64url"), "short", "%00", "x".repeat(500)]) {
      const response = await a.client.get(`/accept?token=${encodeURIComponent(bad)}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain(ACCEPT_TEXT.unknownTitle);
    }
    expect((await a.client.get("/accept?offer=not-an-id")).status).toBe(404);
    expect((await a.client.post("/accept", { intent: "accept", offerId: "not-an-id" })).status).toBe(400);
  });

  it("a new link revokes the old one; the old link gets a clear page, the new one works", async () => {
    const a = await applicant();
    await decide(admin, a, "accept", "pending");
    const first = tokenFromMail(a.email);
    expect((await admin.post(pageOf(a), { intent: "resend" })).status).toBe(302);
    const second = tokenFromMail(a.email);
    expect(second).not.toBe(first);
    const offers = await offersOf(a.applicationId);
    expect(offers.map((o) => o.revoked_at !== null)).toEqual([true, false]);
    expect((await eventsOf(a.applicationId)).map((e) => e.action)).toEqual(["status_changed", "offer_sent", "offer_revoked", "offer_sent"]);
    const old = await openLink(a.client, first);
    expect(old.status).toBe(410);
    expect(await old.text()).toContain(ACCEPT_TEXT.revokedTitle);
    expect((await a.client.post("/accept", { intent: "accept", offerId: offers[0]!.id })).status).toBe(410);
    expect((await openLink(a.client, second)).status).toBe(200);
    expect((await a.client.post("/accept", { intent: "accept", offerId: offers[1]!.id })).status).toBe(302);
    // Once taken, no new link.
    const resend = await admin.post(pageOf(a), { intent: "resend" });
    expect(resend.status).toBe(409);
    expect(await resend.text()).toContain(REVIEW_TEXT.cannotResend);
    // Not for an application that was not accepted.
    const b = await applicant();
    expect((await admin.post(pageOf(b), { intent: "resend" })).status).toBe(409);
  });

  it("a visitor is sent to sign in and back; the dashboard's ?offer= link opens the owner's offer", async () => {
    const response = await visitor.get("/accept?token=abc");
    expect(locationOf(response)).toBe(`/auth?${new URLSearchParams({ redirect: "/accept?token=abc" })}`);
    const a = await applicant();
    await decide(admin, a, "accept", "pending");
    const [offer] = await offersOf(a.applicationId);
    const page = await a.client.get(`/accept?offer=${offer!.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(ACCEPT_TEXT.accept);
    // Without a parameter: the viewer's own open offer.
    expect(await (await a.client.get("/accept")).text()).toContain(ACCEPT_TEXT.accept);
    expect(await (await member.get("/accept")).text()).toContain(ACCEPT_TEXT.noneTitle);
  });

  it("token guesses are rate limited per account", async () => {
    const a = await applicant();
    let last: Response | null = null;
    for (let i = 0; i < 21; i++) last = await a.client.get(`/accept?token=${crypto.randomBytes(32).toString("base64url")}`);
    expect(last!.status).toBe(429);
    expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await last!.text()).toContain(ACCEPT_TEXT.limited);
  });
});

describe("the questions editor (/admin/applications/questions)", () => {
  const PATH = "/admin/applications/questions";
  const questions = () => db().selectFrom("application_questions").selectAll().orderBy("position").orderBy("created_at").execute();

  it("adds, edits, reorders, archives and restores; refuses bad input", async () => {
    expect((await admin.post(PATH, { intent: "add", prompt: "Which <b>DAW</b> do you use?", help: "Any", maxLength: "300", required: "on" })).status).toBe(302);
    let all = await questions();
    const added = all.at(-1)!;
    expect(added).toMatchObject({ prompt: "Which DAW do you use?", help: "Any", max_length: 300, required: true, archived_at: null });

    const empty = await admin.post(PATH, { intent: "add", prompt: "  ", maxLength: "300" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write the question");
    const long = await admin.post(PATH, { intent: "add", prompt: "q".repeat(301) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Question must be no more than 300 characters");
    expect((await admin.post(PATH, { intent: "add", prompt: "ok", maxLength: "10" })).status).toBe(400);
    expect((await questions()).length).toBe(all.length);

    expect((await admin.post(PATH, { intent: "edit", questionId: added.id, prompt: "Which DAW?", help: "", maxLength: "500" })).status).toBe(302);
    all = await questions();
    expect(all.find((q) => q.id === added.id)).toMatchObject({ prompt: "Which DAW?", required: false, max_length: 500 });

    const before = all.filter((q) => !q.archived_at).map((q) => q.id);
    expect((await admin.post(PATH, { intent: "move", questionId: added.id, direction: "up" })).status).toBe(302);
    const after = (await questions()).filter((q) => !q.archived_at).map((q) => q.id);
    const i = before.indexOf(added.id);
    expect(after.indexOf(added.id)).toBe(i - 1);

    expect((await admin.post(PATH, { intent: "archive", questionId: added.id, archived: "yes" })).status).toBe(302);
    expect((await questions()).find((q) => q.id === added.id)!.archived_at).not.toBeNull();
    expect((await admin.post(PATH, { intent: "archive", questionId: added.id, archived: "no" })).status).toBe(302);
    expect((await questions()).find((q) => q.id === added.id)!.archived_at).toBeNull();

    expect((await admin.post(PATH, { intent: "edit", questionId: crypto.randomUUID(), prompt: "x" })).status).toBe(404);
    expect((await admin.post(PATH, { intent: "move", questionId: "nope", direction: "up" })).status).toBe(400);
  });

  it("never deletes a question with answers; deletes an unanswered one", async () => {
    await admin.post(PATH, { intent: "add", prompt: "Answered question" });
    const answered = (await questions()).find((q) => q.prompt === "Answered question")!;
    await applicant("pending", [{ questionId: answered.id, prompt: "Answered question", answer: "Yes" }]);
    const refused = await admin.post(PATH, { intent: "delete", questionId: answered.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(html(QUESTION_TEXT.hasAnswers));
    expect((await questions()).some((q) => q.id === answered.id)).toBe(true);

    await admin.post(PATH, { intent: "add", prompt: "Nobody answered" });
    const unanswered = (await questions()).find((q) => q.prompt === "Nobody answered")!;
    expect((await admin.post(PATH, { intent: "delete", questionId: unanswered.id })).status).toBe(302);
    expect((await questions()).some((q) => q.id === unanswered.id)).toBe(false);
  });

  it("is for admins only", async () => {
    const count = (await questions()).length;
    expect(locationOf(await member.post(PATH, { intent: "add", prompt: "Sneaky" }))).toBe("/");
    expect(locationOf(await member.get(PATH))).toBe("/");
    expect((await questions()).length).toBe(count);
  });
});

describe("demo review data", () => {
  it("the demo admin's ratings, decision events and an open offer for the accepted demo applicant", async () => {
    const reviews = await db().selectFrom("application_reviews").select("admin_id").where("admin_id", "=", adminId).execute();
    expect(reviews.length).toBeGreaterThanOrEqual(4);
    const zara = await db().selectFrom("applications").select(["id", "user_id"]).where("name", "=", "Zara Ahmed").executeTakeFirstOrThrow();
    expect(await getOpenOffer(db(), zara.user_id)).not.toBeNull();
    const decided = await db()
      .selectFrom("application_events")
      .innerJoin("applications", "applications.id", "application_events.application_id")
      .select(["applications.name", "application_events.to_status"])
      .where("application_events.action", "=", "status_changed")
      .where("application_events.actor_id", "=", adminId)
      .where("applications.name", "in", ["Marco Silva", "Hana Sato", "Theo Grant", "Zara Ahmed"])
      .execute();
    expect(decided.map((d) => d.to_status).sort()).toEqual(["accepted", "declined", "shortlisted", "waitlisted"]);
  });
});
