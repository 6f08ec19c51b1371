/**
 * Issue 11's admin actions leave their audit entries (issue 12 §8, ADR 0078,
 * ADR 0083): each decision, rating and question change records exactly one
 * entry, in the same transaction as the change, naming the admin who acted,
 * the record it touched and the fields before and after; a refused action (a
 * stale or replayed decision, a validation error, a member posting) records
 * nothing. Offer tokens never enter the log.
 */
import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { songHistory } from "~/admin/archive.server";
import { listAuditEntries } from "~/audit/audit.server";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { requestHold } from "~/holds/holds.server";
import { createAppHandler, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "audit-trail-password";
let database: TestDatabase;
let app: AppHandler;
const ids: Record<string, string> = {};
const clients: Record<string, TestClient> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  for (const key of ["member", "admin", "ar"] as const) {
    ids[key] = (await database.db.selectFrom("auth.users").select("id").where("email", "=", demoAccount(key).email).executeTakeFirstOrThrow()).id;
  }
  app = await createAppHandler();
  for (const key of ["member", "admin"] as const) {
    clients[key] = new TestClient(app);
    await clients[key].signIn(demoAccount(key).email, PASSWORD);
  }
}, 300_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const adminName = async () =>
  (await database.db.selectFrom("profiles").select("display_name").where("user_id", "=", ids.admin!).executeTakeFirstOrThrow()).display_name;

const entriesFor = async (targetId: string) => (await listAuditEntries(database.db, { targetId, limit: 200 })).entries.reverse();
const auditCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from admin_audit_log`.execute(database.db)).rows[0]!.n);

/** A submitted application waiting for a decision that no other test of this file touched. */
async function pendingApplication(skip: string[] = []) {
  const row = await database.db
    .selectFrom("applications")
    .select(["id", "name"])
    .where("status", "=", "pending")
    .where("submitted_at", "is not", null)
    .$if(skip.length > 0, (q) => q.where("id", "not in", skip))
    .orderBy("submitted_at")
    .executeTakeFirstOrThrow();
  return row;
}

describe("application decisions and ratings", () => {
  const used: string[] = [];

  it("records a decision with the status and note before and after, and nothing for a stale or replayed one", async () => {
    const application = await pendingApplication();
    used.push(application.id);
    const path = `/admin/applications/${application.id}`;
    const response = await clients.admin!.post(path, { intent: "decide", decision: "shortlist", expectedStatus: "pending", note: "Strong <b>hooks</b>" });
    expect(response.status).toBe(302);
    const entries = await entriesFor(application.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: ids.admin,
      actorName: await adminName(),
      action: "application.decided",
      targetType: "application",
      targetId: application.id,
      targetLabel: application.name,
      before: { status: "pending", note: null },
      after: { status: "shortlisted", note: "Strong hooks" },
    });

    const count = await auditCount();
    // Replayed (the status it expected is gone), a bad decision, an over-long note, a member: all refused, none recorded.
    expect((await clients.admin!.post(path, { intent: "decide", decision: "shortlist", expectedStatus: "pending" })).status).toBe(409);
    expect((await clients.admin!.post(path, { intent: "decide", decision: "promote", expectedStatus: "shortlisted" })).status).toBe(400);
    expect((await clients.admin!.post(path, { intent: "decide", decision: "decline", expectedStatus: "shortlisted", note: "n".repeat(5000) })).status).toBe(400);
    expect((await clients.member!.post(path, { intent: "decide", decision: "decline", expectedStatus: "shortlisted", note: "No" })).status).toBe(302);
    expect(await auditCount()).toBe(count);
  });

  it("records an acceptance and a resent offer without the offer's token", async () => {
    const application = await pendingApplication(used);
    used.push(application.id);
    const path = `/admin/applications/${application.id}`;
    expect((await clients.admin!.post(path, { intent: "decide", decision: "accept", expectedStatus: "pending" })).status).toBe(302);
    expect((await clients.admin!.post(path, { intent: "resend" })).status).toBe(302);
    const entries = await entriesFor(application.id);
    expect(entries.map((e) => e.action)).toEqual(["application.decided", "application.offer_resent"]);
    expect(entries[0]!.after).toMatchObject({ status: "accepted", note: null });
    expect(Object.keys(entries[0]!.after as object).sort()).toEqual(["note", "offerExpiresAt", "status"]);
    expect(Object.keys(entries[1]!.after as object)).toEqual(["offerExpiresAt"]);
    // Nothing token-like anywhere in the rows as stored.
    const stored = await sql<{ row: string }>`select row_to_json(l)::text as row from admin_audit_log l where target_id = ${application.id}`.execute(database.db);
    for (const { row } of stored.rows) {
      expect(row).not.toMatch(/token/i);
      expect(row).not.toMatch(/[A-Za-z0-9_-]{40,}/);
    }
  });

  it("records a rating with the admin's previous one, and nothing for an invalid rating", async () => {
    const application = await pendingApplication(used);
    used.push(application.id);
    const path = `/admin/applications/${application.id}`;
    // The demo admin may have rated it already (the demo's reviews): that rating is the first entry's "before".
    const previous = await database.db
      .selectFrom("application_reviews")
      .select(["rating", "comment"])
      .where("application_id", "=", application.id)
      .where("admin_id", "=", ids.admin!)
      .executeTakeFirst();
    expect((await clients.admin!.post(path, { intent: "rate", rating: "4", comment: "Good" })).status).toBe(302);
    expect((await clients.admin!.post(path, { intent: "rate", rating: "5", comment: "Better" })).status).toBe(302);
    const count = await auditCount();
    expect((await clients.admin!.post(path, { intent: "rate", rating: "9", comment: "" })).status).toBe(400);
    expect((await clients.admin!.post(`/admin/applications/${crypto.randomUUID()}`, { intent: "rate", rating: "3" })).status).toBe(404);
    expect(await auditCount()).toBe(count);
    const entries = await entriesFor(application.id);
    expect(entries.map((e) => [e.action, e.actorId, e.before, e.after])).toEqual([
      ["application.reviewed", ids.admin, previous ? { rating: previous.rating, comment: previous.comment } : null, { rating: 4, comment: "Good" }],
      ["application.reviewed", ids.admin, { rating: 4, comment: "Good" }, { rating: 5, comment: "Better" }],
    ]);
  });
});

describe("application questions", () => {
  const PATH = "/admin/applications/questions";
  const questionByPrompt = (prompt: string) =>
    database.db.selectFrom("application_questions").select(["id", "position"]).where("prompt", "=", prompt).executeTakeFirstOrThrow();

  it("records adding, editing, moving, archiving, restoring and deleting, each once; refusals record nothing", async () => {
    expect((await clients.admin!.post(PATH, { intent: "add", prompt: "Audit trail question?", help: "", maxLength: "500" })).status).toBe(302);
    const { id } = await questionByPrompt("Audit trail question?");
    expect((await clients.admin!.post(PATH, { intent: "edit", questionId: id, prompt: "Audit trail question, edited?", help: "Be brief", required: "on", maxLength: "400" })).status).toBe(302);
    expect((await clients.admin!.post(PATH, { intent: "move", questionId: id, direction: "up" })).status).toBe(302);
    expect((await clients.admin!.post(PATH, { intent: "archive", questionId: id, archived: "yes" })).status).toBe(302);
    expect((await clients.admin!.post(PATH, { intent: "archive", questionId: id, archived: "no" })).status).toBe(302);

    const count = await auditCount();
    expect((await clients.admin!.post(PATH, { intent: "edit", questionId: id, prompt: "x".repeat(5000), maxLength: "400" })).status).toBe(400);
    expect((await clients.admin!.post(PATH, { intent: "add", prompt: "" })).status).toBe(400);
    expect((await clients.admin!.post(PATH, { intent: "edit", questionId: crypto.randomUUID(), prompt: "Ghost", maxLength: "400" })).status).toBe(404);
    expect((await clients.member!.post(PATH, { intent: "delete", questionId: id })).status).toBe(302);
    expect(await auditCount()).toBe(count);

    expect((await clients.admin!.post(PATH, { intent: "delete", questionId: id })).status).toBe(302);
    const entries = await entriesFor(id);
    expect(entries.map((e) => e.action)).toEqual([
      "application_question.created",
      "application_question.updated",
      "application_question.reordered",
      "application_question.archived",
      "application_question.restored",
      "application_question.deleted",
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ actorId: ids.admin, targetType: "application_question", targetId: id });
    expect(entries[1]).toMatchObject({
      before: { prompt: "Audit trail question?", help: "", required: false, maxLength: 500 },
      after: { prompt: "Audit trail question, edited?", help: "Be brief", required: true, maxLength: 400 },
    });
    expect(entries[2]!.after).toMatchObject({ direction: "up" });
    expect((entries[2]!.after as { position: number }).position).toBe((entries[2]!.before as { position: number }).position - 1);
    expect(entries[3]).toMatchObject({ before: { archived: false }, after: { archived: true } });
    expect(entries[5]).toMatchObject({ targetLabel: "Audit trail question, edited?", after: null });
  });

  it("records nothing for archiving an archived question twice or deleting an answered one", async () => {
    const answered = await database.db
      .selectFrom("application_questions as q")
      .select("q.id")
      .where(sql<boolean>`exists (select 1 from applications a where a.answers @> jsonb_build_array(jsonb_build_object('questionId', q.id::text)))`)
      .executeTakeFirstOrThrow();
    const count = await auditCount();
    expect((await clients.admin!.post(PATH, { intent: "delete", questionId: answered.id })).status).toBe(409);
    expect(await auditCount()).toBe(count);
    expect((await clients.admin!.post(PATH, { intent: "archive", questionId: answered.id, archived: "yes" })).status).toBe(302);
    expect((await clients.admin!.post(PATH, { intent: "archive", questionId: answered.id, archived: "yes" })).status).toBe(302);
    expect((await entriesFor(answered.id)).map((e) => e.action)).toEqual(["application_question.archived"]);
    // Put it back for the rest of the file.
    expect((await clients.admin!.post(PATH, { intent: "archive", questionId: answered.id, archived: "no" })).status).toBe(302);
  });
});

describe("A&R registrations", () => {
  it("records a decision (with the role it gave) once; a second decision is refused and records nothing", async () => {
    const pending = await database.db
      .selectFrom("ar_registrations")
      .select(["id", "name"])
      .where("status", "=", "pending")
      .where("user_id", "is not", null)
      .orderBy("created_at")
      .executeTakeFirstOrThrow();
    const decide = (decision: string, note = "") => clients.admin!.post("/admin/ar-registrations", { intent: "decide", registrationId: pending.id, decision, note });
    expect((await decide("approve", "Welcome")).status).toBe(302);
    const count = await auditCount();
    expect((await decide("decline", "Changed my mind")).status).toBe(409);
    expect((await decide("maybe")).status).toBe(400);
    expect(await auditCount()).toBe(count);
    const entries = await entriesFor(pending.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: ids.admin,
      action: "ar_registration.decided",
      targetType: "ar_registration",
      targetLabel: pending.name,
      before: { status: "pending" },
      after: { status: "approved", note: "Welcome", role: "accepted_ar" },
    });
  });
});

describe("song submissions", () => {
  const pendingSubmissions = () =>
    database.db.selectFrom("submissions").select(["id", "title"]).where("status", "=", "pending").orderBy("created_at").execute();

  it("records a decline and an acceptance once each; the accepted song's history starts at its submission", async () => {
    const [first, second] = await pendingSubmissions();
    expect(second).toBeDefined();
    const count = await auditCount();
    expect((await clients.admin!.post(`/admin/submissions/${first!.id}`, { intent: "decline", note: "" })).status).toBe(400);
    expect(await auditCount()).toBe(count);
    expect((await clients.admin!.post(`/admin/submissions/${first!.id}`, { intent: "decline", note: "Not this one" })).status).toBe(302);
    expect((await clients.admin!.post(`/admin/submissions/${first!.id}`, { intent: "decline", note: "Again" })).status).toBe(409);
    expect((await clients.admin!.post(`/admin/submissions/${first!.id}`, { intent: "accept" })).status).toBe(409);
    expect(await entriesFor(first!.id)).toEqual([
      expect.objectContaining({ action: "submission.decided", actorId: ids.admin, targetLabel: first!.title, before: { status: "pending" }, after: { status: "declined", note: "Not this one" } }),
    ]);

    expect((await clients.admin!.post(`/admin/submissions/${second!.id}`, { intent: "accept", note: "Welcome aboard" })).status).toBe(302);
    const [accepted] = await entriesFor(second!.id);
    const { songId } = accepted!.after as { songId: string };
    expect(accepted).toMatchObject({ action: "submission.decided", before: { status: "pending" }, after: { status: "accepted", note: "Welcome aboard" } });
    const song = await database.db.selectFrom("songs").select(["id", "created_at", "title"]).where("id", "=", songId).executeTakeFirstOrThrow();
    expect(song.title).toBe(second!.title);
    const history = await songHistory(database.db, { id: song.id, createdAt: new Date(song.created_at).toISOString() });
    expect(history.events[0]).toMatchObject({ label: expect.stringContaining("submission"), link: { to: `/admin/submissions/${second!.id}` } });
  });
});

describe("holds", () => {
  it("records a grant once with its end date; a second answer and an invalid one record nothing", async () => {
    const song = await database.db.selectFrom("songs").select(["id", "title"]).where("status", "=", "catalogue").where("title", "=", "Glasshouse").executeTakeFirstOrThrow();
    const requested = await requestHold(database.db, { songId: song.id, arId: ids.ar!, note: "For a sync brief" });
    expect(requested.ok).toBe(true);
    const hold = await database.db.selectFrom("song_holds").select("id").where("song_id", "=", song.id).where("status", "=", "requested").executeTakeFirstOrThrow();
    const count = await auditCount();
    expect((await clients.admin!.post("/admin/holds", { intent: "answer", holdId: hold.id, decision: "decline", responseNote: "" })).status).toBe(400);
    expect(await auditCount()).toBe(count);
    expect((await clients.admin!.post("/admin/holds", { intent: "answer", holdId: hold.id, decision: "grant", responseNote: "Yours" })).status).toBe(302);
    expect((await clients.admin!.post("/admin/holds", { intent: "answer", holdId: hold.id, decision: "decline", responseNote: "No" })).status).toBe(409);
    const entries = await entriesFor(hold.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: ids.admin,
      action: "hold.decided",
      targetType: "hold",
      targetLabel: song.title,
      before: { status: "requested" },
      after: { status: "granted", note: "Yours", songId: song.id },
    });
    expect(typeof (entries[0]!.after as { expiresAt: string }).expiresAt).toBe("string");
  });
});

describe("the archive's demo data", () => {
  it("dates the demo's archived songs, one this week, with their archiving and one restore in the log", async () => {
    const archived = await database.db.selectFrom("songs").select(["title", "archived_at"]).where("status", "=", "archived").execute();
    expect(archived.length).toBeGreaterThanOrEqual(3);
    for (const row of archived) expect(row.archived_at).not.toBeNull();
    expect(archived.some((row) => Date.now() - new Date(row.archived_at!).getTime() < 7 * 24 * 3600 * 1000)).toBe(true);
    const restored = await listAuditEntries(database.db, { action: "song.restored" });
    expect(restored.entries.length).toBeGreaterThan(0);
    const html = await (await clients.admin!.get("/admin/archive")).text();
    expect(html).toContain("Homesick Satellites");
    expect(html).toContain("Marigold");
  });
});
