/**
 * The groups of a camp's sessions (issue 13 §2, ADR 0087) on a real database,
 * through the app's request handler: the suggestion's preview (nothing
 * saved), applying it, adding, moving and removing people by hand, and every
 * refusal as a sentence with a 4xx (double booking, over-full room, a day the
 * person cannot come, not a participant, a tampered proposal), concurrent
 * changes of one person (one wins), a member posting the admin's form, the
 * audit entries, the notices and the sessions' revisions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAuditEntries } from "~/audit/audit.server";
import { createLocalUser } from "~/auth/users.server";
import { applyGroups, earlierPairs, GroupsError, moveMember, placeMember, refusalMessage } from "~/camps/groups.server";
import { GROUPS_TEXT } from "~/camps/groups-text";
import { DEMO_PAST_CAMP, DEMO_UPCOMING_CAMP } from "~/camps/demo-camps";
import { DEMO_GROUPS, seedDemoCampGroups } from "~/camps/seed-groups.server";
import { groupProblems, pairingMetrics, pairKey } from "~/camps/pairing";
import { loadSchedule } from "~/camps/groups.server";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { ensureCampSessions } from "~/camps/sessions.server";
import type { CampRole } from "~/platform/db/schema";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "camp-groups-password-1";
const MON = "2026-10-12";
const TUE = "2026-10-13";
let database: TestDatabase;
let app: AppHandler;
let admin: TestClient;
let memberClient: TestClient;
let campId: string;
let otherCampId: string;
const people: Record<string, { id: string; email: string; name: string }> = {};

async function person(key: string, name: string, role: "accepted_member" | "admin" = "accepted_member") {
  const email = `groups-${key}@example.test`;
  const user = await createLocalUser(database.db, { email, password: PASSWORD, displayName: name, confirmed: true });
  await database.db
    .insertInto("profiles")
    .values({ user_id: user.id, role, is_admin: role === "admin", display_name: name, onboarding_completed: true, links: "[]" })
    .execute();
  people[key] = { id: user.id, email, name };
  return people[key]!;
}

async function makeCamp(name: string, startsOn: string, endsOn: string, rooms: { name: string; capacity: number }[]) {
  const camp = await database.db
    .insertInto("camps")
    .values({ name, venue: "Estúdio Tejo", time_zone: "Europe/Lisbon", starts_on: startsOn, ends_on: endsOn })
    .returning("id")
    .executeTakeFirstOrThrow();
  await database.db.insertInto("camp_rooms").values(rooms.map((r, i) => ({ camp_id: camp.id, name: r.name, capacity: r.capacity, position: i }))).execute();
  await database.db
    .insertInto("camp_slots")
    .values([
      { camp_id: camp.id, starts_at: "10:00", ends_at: "13:00", position: 0 },
      { camp_id: camp.id, starts_at: "14:30", ends_at: "18:00", position: 1 },
    ])
    .execute();
  await ensureCampSessions(database.db, camp.id);
  return camp.id;
}

async function invite(camp: string, key: string, role: CampRole, status: "accepted" | "invited" | "declined", days: string[]) {
  await database.db
    .insertInto("camp_invitations")
    .values({ camp_id: camp, member_id: people[key]!.id, camp_role: role, status, available_days: status === "accepted" ? days : [] })
    .execute();
}

async function sessionId(room: string, day: string, start: string, camp = campId) {
  const row = await database.db
    .selectFrom("camp_sessions as s")
    .innerJoin("camp_rooms as r", "r.id", "s.room_id")
    .innerJoin("camp_slots as sl", "sl.id", "s.slot_id")
    .select(["s.id"])
    .where("s.camp_id", "=", camp)
    .where("r.name", "=", room)
    .where("s.day", "=", day)
    .where("sl.starts_at", "=", start)
    .executeTakeFirstOrThrow();
  return row.id;
}

const members = async (session: string) =>
  (await database.db.selectFrom("camp_session_members").select("member_id").where("session_id", "=", session).execute()).map((r) => r.member_id).sort();
const seatedCount = async (camp = campId) =>
  Number((await database.db.selectFrom("camp_session_members").select((eb) => eb.fn.countAll().as("n")).where("camp_id", "=", camp).executeTakeFirstOrThrow()).n);
const revision = async (session: string) => (await database.db.selectFrom("camp_sessions").select("revision").where("id", "=", session).executeTakeFirstOrThrow()).revision;
const noticesFor = async (key: string) =>
  database.db.selectFrom("notices").select(["subject", "body", "kind", "link"]).where("recipient_id", "=", people[key]!.id).where("kind", "=", "camp").orderBy("created_at").execute();
const schedulePath = () => `/admin/camps/${campId}/schedule`;
const decode = (html: string) => html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

async function clear(camp = campId) {
  await database.db.deleteFrom("camp_session_members").where("camp_id", "=", camp).execute();
}

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  app = await createAppHandler();
  await person("admin", "Ada Admin", "admin");
  await person("maya", "Maya Brooks");
  await person("p1", "Pete Producer");
  await person("p2", "Paula Producer");
  await person("t1", "Tara Topliner");
  await person("t2", "Tom Topliner");
  await person("w1", "Will Writer");
  await person("tue", "Tuesday Only");
  await person("invited", "Ivy Invited");
  await person("declined", "Dee Declined");
  await person("outsider", "Otto Outsider");
  campId = await makeCamp("Groups camp", MON, TUE, [
    { name: "Studio A", capacity: 4 },
    { name: "Studio B", capacity: 2 },
  ]);
  const both = [MON, TUE];
  await invite(campId, "maya", "topliner", "accepted", both);
  await invite(campId, "p1", "producer", "accepted", both);
  await invite(campId, "p2", "producer", "accepted", both);
  await invite(campId, "t1", "topliner", "accepted", both);
  await invite(campId, "t2", "topliner", "accepted", both);
  await invite(campId, "w1", "writer", "accepted", both);
  await invite(campId, "tue", "writer", "accepted", [TUE]);
  await invite(campId, "invited", "writer", "invited", []);
  await invite(campId, "declined", "writer", "declined", []);
  // An earlier camp where Maya and Pete wrote together, and another camp (for tampering).
  otherCampId = await makeCamp("Earlier camp", "2026-05-04", "2026-05-04", [{ name: "Room 1", capacity: 4 }]);
  await invite(otherCampId, "maya", "topliner", "accepted", ["2026-05-04"]);
  await invite(otherCampId, "p1", "producer", "accepted", ["2026-05-04"]);
  const earlier = await sessionId("Room 1", "2026-05-04", "10:00:00", otherCampId);
  await placeMember(database.db, { id: people.admin!.id, displayName: "Ada Admin" }, { campId: otherCampId, sessionId: earlier, memberId: people.maya!.id });
  await placeMember(database.db, { id: people.admin!.id, displayName: "Ada Admin" }, { campId: otherCampId, sessionId: earlier, memberId: people.p1!.id });
  await database.db.deleteFrom("notices").execute();
  admin = new TestClient(app);
  await admin.signIn(people.admin!.email, PASSWORD);
  memberClient = new TestClient(app);
  await memberClient.signIn(people.maya!.email, PASSWORD);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("the schedule page", () => {
  it("shows the grid to admins, 404 for an unknown or malformed camp, and keeps members out", async () => {
    const page = await admin.get(schedulePath());
    expect(page.status).toBe(200);
    const html = decode(await page.text());
    expect(html).toContain(GROUPS_TEXT.title("Groups camp"));
    expect(html).toContain("Monday 12 October");
    expect(html).toContain("Studio B (holds 2)");
    // Free people are listed per slot; Tuesday Only is not free on Monday, Ivy (not accepted) never.
    expect(html).toContain("Tuesday Only (Writer)");
    const freeMonday = /data-testid="free-2026-10-12-10:00">([^<]*)</.exec(html)![1]!;
    expect(freeMonday).toContain("Maya Brooks (Topliner)");
    expect(freeMonday).not.toContain("Tuesday Only");
    expect(freeMonday).not.toContain("Ivy Invited");
    expect(freeMonday).not.toContain("Dee Declined");
    expect((await admin.get(`/admin/camps/00000000-0000-4000-8000-000000000000/schedule`)).status).toBe(404);
    expect((await admin.get(`/admin/camps/not-a-uuid/schedule`)).status).toBe(404);
    const asMember = await memberClient.get(schedulePath());
    expect([302, 303]).toContain(asMember.status);
  });

  it("refuses a member posting the admin's form, and writes nothing", async () => {
    const session = await sessionId("Studio A", MON, "10:00:00");
    const response = await memberClient.post(schedulePath(), { intent: "add", sessionId: session, memberId: people.maya!.id });
    expect([302, 303]).toContain(response.status);
    expect(locationOf(response)).not.toContain("/schedule");
    expect(await seatedCount()).toBe(0);
  });
});

describe("suggested groups", () => {
  let proposal: string;

  it("shows a preview with its figures and saves nothing", async () => {
    const response = await admin.post(schedulePath(), { intent: "suggest", mode: "fill", seed: "1" });
    expect(response.status).toBe(200);
    const html = decode(await response.text());
    expect(html).toContain(GROUPS_TEXT.previewTitle);
    expect(html).toContain(GROUPS_TEXT.metrics.repeatsThisCamp);
    expect(html).toContain(GROUPS_TEXT.metrics.repeatsEarlier);
    expect(html).toContain(GROUPS_TEXT.previewFill);
    proposal = /name="proposal" value="([^"]*)"/.exec(html)![1]!;
    expect(proposal.length).toBeGreaterThan(0);
    expect(await seatedCount()).toBe(0);
    // Suggest again gives the next seed.
    expect(html).toMatch(/name="seed" value="2"/);
  });

  it("refuses a tampered proposal: unreadable, another camp's session, someone not accepted, a double booking, over capacity", async () => {
    const monA = await sessionId("Studio A", MON, "10:00:00");
    const monB = await sessionId("Studio B", MON, "10:00:00");
    const foreign = await sessionId("Room 1", "2026-05-04", "10:00:00", otherCampId);
    const cases: [string, string, number][] = [
      ["garbage;;==", GROUPS_TEXT.errors.proposal, 400],
      [`${foreign}=${people.maya!.id},${people.p1!.id}`, GROUPS_TEXT.errors.proposalSessions, 409],
      [`${monA}=${people.maya!.id},${people.invited!.id}`, GROUPS_TEXT.errors.notAccepted("Ivy Invited"), 409],
      [`${monA}=${people.maya!.id},${people.outsider!.id}`, GROUPS_TEXT.errors.notOnRoster, 409],
      [`${monA}=${people.maya!.id},${people.tue!.id}`, GROUPS_TEXT.errors.unavailable("Tuesday Only", MON), 409],
      [`${monA}=${people.maya!.id},${people.p1!.id};${monB}=${people.maya!.id},${people.t1!.id}`, "Maya Brooks is already in Studio A at 10:00 on Monday 12 October.", 409],
      [`${monB}=${people.maya!.id},${people.p1!.id},${people.t1!.id}`, "Studio B holds 2 people.", 409],
    ];
    for (const [text, message, status] of cases) {
      const response = await admin.post(schedulePath(), { intent: "apply", mode: "fill", proposal: text });
      expect(response.status, text).toBe(status);
      expect(decode(await response.text())).toContain(message);
    }
    // A field sent twice, markup in the proposal, an unknown mode: refused before anything is read.
    const twice = await admin.post(schedulePath(), { intent: "add", sessionId: monA, memberId: [people.maya!.id, people.p1!.id] });
    expect(twice.status).toBe(400);
    const markup = await admin.post(schedulePath(), { intent: "apply", mode: "fill", proposal: `<script>alert(1)</script>=${people.maya!.id}` });
    expect(markup.status).toBe(400);
    expect(await markup.text()).not.toContain("<script>alert(1)</script>");
    expect((await admin.post(schedulePath(), { intent: "apply", mode: "merge", proposal: "" })).status).toBe(400);
    expect((await admin.post(schedulePath(), { intent: "suggest", mode: "fill", seed: "-5" })).status).toBe(400);
    expect(await seatedCount()).toBe(0);
  });

  it("asks for a confirmation before replacing, and shows the preview again", async () => {
    const response = await admin.post(schedulePath(), { intent: "apply", mode: "replace", proposal });
    expect(response.status).toBe(400);
    const html = decode(await response.text());
    expect(html).toContain(GROUPS_TEXT.errors.confirmReplace);
    expect(html).toContain(GROUPS_TEXT.previewTitle);
    expect(await seatedCount()).toBe(0);
  });

  it("saves the groups: rows, revisions, one audit entry, one notice per person placed", async () => {
    const before = await revision(await sessionId("Studio A", MON, "10:00:00"));
    const response = await admin.post(schedulePath(), { intent: "apply", mode: "fill", proposal });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(schedulePath());
    const seated = await seatedCount();
    expect(seated).toBeGreaterThanOrEqual(8);
    // The suggestion kept the rules: each room 2..min(4, capacity), Maya never with Pete twice, balanced where it could.
    const rows = await database.db
      .selectFrom("camp_session_members as m")
      .innerJoin("camp_sessions as s", "s.id", "m.session_id")
      .innerJoin("camp_rooms as r", "r.id", "s.room_id")
      .select(["m.session_id", "m.member_id", "r.capacity"])
      .where("m.camp_id", "=", campId)
      .execute();
    const groups = new Map<string, string[]>();
    for (const row of rows) groups.set(row.session_id, [...(groups.get(row.session_id) ?? []), row.member_id]);
    const pairs = new Map<string, number>();
    for (const [session, ids] of groups) {
      const capacity = rows.find((r) => r.session_id === session)!.capacity;
      expect(ids.length).toBeGreaterThanOrEqual(2);
      expect(ids.length).toBeLessThanOrEqual(Math.min(4, capacity));
      for (const a of ids) for (const b of ids) if (a < b) pairs.set(pairKey(a, b), (pairs.get(pairKey(a, b)) ?? 0) + 1);
    }
    expect([...pairs.values()].every((n) => n === 1)).toBe(true);
    const monA = await sessionId("Studio A", MON, "10:00:00");
    if ((await members(monA)).length > 0) expect(await revision(monA)).toBe(before + 1);
    const { entries } = await listAuditEntries(database.db, { action: "camp.groups_applied", targetType: "camp", targetId: campId });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorName).toBe("Ada Admin");
    const placed = new Set(rows.map((r) => r.member_id));
    for (const key of Object.keys(people)) {
      const notices = await noticesFor(key);
      expect(notices.length, key).toBe(placed.has(people[key]!.id) ? 1 : 0);
    }
    const mayaNotice = (await noticesFor("maya"))[0];
    if (mayaNotice) {
      expect(mayaNotice.subject).toBe(GROUPS_TEXT.notice.subject("Groups camp"));
      expect(mayaNotice.link).toBe(`/camps/${campId}`);
    }
    // The same proposal again changes nothing.
    const again = await admin.post(schedulePath(), { intent: "apply", mode: "fill", proposal });
    expect(again.status).toBe(302);
    expect(await seatedCount()).toBe(seated);
  });

  it("replaces the groups when confirmed", async () => {
    const monA = await sessionId("Studio A", MON, "10:00:00");
    const text = `${monA}=${people.maya!.id},${people.p2!.id}`;
    const response = await admin.post(schedulePath(), { intent: "apply", mode: "replace", proposal: text, confirm: "yes" });
    expect(response.status).toBe(302);
    expect(await seatedCount()).toBe(2);
    expect(await members(monA)).toEqual([people.maya!.id, people.p2!.id].sort());
  });

  it("reads the pairs of earlier camps only", async () => {
    const pairs = await earlierPairs(database.db, campId, MON, [people.maya!.id, people.p1!.id, people.t1!.id]);
    expect([...pairs.keys()]).toEqual([pairKey(people.maya!.id, people.p1!.id)]);
    // For the earlier camp, this camp is later: it does not count.
    expect((await earlierPairs(database.db, otherCampId, "2026-05-04", [people.maya!.id, people.p2!.id])).size).toBe(0);
  });
});

describe("hand adjustments", () => {
  it("adds, moves and removes people, with revisions, audit entries and notices", async () => {
    await clear();
    await database.db.deleteFrom("notices").execute();
    const monA = await sessionId("Studio A", MON, "10:00:00");
    const monB = await sessionId("Studio B", MON, "10:00:00");
    const [revA, revB] = [await revision(monA), await revision(monB)];

    const add = await admin.post(schedulePath(), { intent: "add", sessionId: monA, memberId: people.maya!.id });
    expect(add.status).toBe(302);
    expect(await members(monA)).toEqual([people.maya!.id]);
    expect(await revision(monA)).toBe(revA + 1);

    const move = await admin.post(schedulePath(), { intent: "move", memberId: people.maya!.id, fromSessionId: monA, toSessionId: monB });
    expect(move.status).toBe(302);
    expect(await members(monA)).toEqual([]);
    expect(await members(monB)).toEqual([people.maya!.id]);
    expect(await revision(monA)).toBe(revA + 2);
    expect(await revision(monB)).toBe(revB + 1);

    const remove = await admin.post(schedulePath(), { intent: "remove", sessionId: monB, memberId: people.maya!.id });
    expect(remove.status).toBe(302);
    expect(await members(monB)).toEqual([]);

    const notices = await noticesFor("maya");
    expect(notices).toHaveLength(3);
    expect(notices[1]!.body).toContain("taken out of Studio A at 10:00 on Monday 12 October");
    expect(notices[1]!.body).toContain("added to Studio B at 10:00 on Monday 12 October");
    const { entries } = await listAuditEntries(database.db, { action: "camp.session_changed", targetType: "camp", targetId: campId });
    expect(entries.length).toBeGreaterThanOrEqual(3);
  });

  it("leaves a session with songs as it is: its people are neither moved nor removed by hand, nobody is added to it, nor by replacing the groups", async () => {
    await clear();
    const monA = await sessionId("Studio A", MON, "10:00:00");
    const monB = await sessionId("Studio B", MON, "10:00:00");
    expect((await admin.post(schedulePath(), { intent: "add", sessionId: monA, memberId: people.maya!.id })).status).toBe(302);
    expect((await admin.post(schedulePath(), { intent: "add", sessionId: monA, memberId: people.p1!.id })).status).toBe(302);
    const song = await database.db.insertInto("camp_songs").values({ camp_id: campId, session_id: monA, working_title: "Written here" }).returning("id").executeTakeFirstOrThrow();
    try {
      const sentence = GROUPS_TEXT.errors.hasSongs("Studio A", "10:00");
      const remove = await admin.post(schedulePath(), { intent: "remove", sessionId: monA, memberId: people.maya!.id });
      expect(remove.status).toBe(409);
      expect(decode(await remove.text())).toContain(sentence);
      const move = await admin.post(schedulePath(), { intent: "move", memberId: people.maya!.id, fromSessionId: monA, toSessionId: monB });
      expect(move.status).toBe(409);
      expect(decode(await move.text())).toContain(sentence);
      // Nobody joins it by hand either (the group that wrote the songs is who the split sheets name).
      const add = await admin.post(schedulePath(), { intent: "add", sessionId: monA, memberId: people.t1!.id });
      expect(add.status).toBe(409);
      expect(decode(await add.text())).toContain(sentence);
      // Replacing every group keeps this one.
      await applyGroups(database.db, { id: people.admin!.id, displayName: "Ada Admin" }, campId, [{ sessionId: monB, memberIds: [people.t1!.id, people.p2!.id] }], { replace: true });
      expect((await members(monA)).sort()).toEqual([people.maya!.id, people.p1!.id].sort());
      expect((await members(monB)).sort()).toEqual([people.t1!.id, people.p2!.id].sort());
    } finally {
      await database.db.deleteFrom("camp_songs").where("id", "=", song.id).execute();
      await clear();
    }
  });

  it("refuses a double booking, an over-full room, a day they cannot come and non-participants, with the sentence and a 4xx", async () => {
    await clear();
    const monA = await sessionId("Studio A", MON, "10:00:00");
    const monB = await sessionId("Studio B", MON, "10:00:00");
    const monPmB = await sessionId("Studio B", MON, "14:30:00");
    for (const key of ["maya", "p1"]) expect((await admin.post(schedulePath(), { intent: "add", sessionId: monA, memberId: people[key]!.id })).status).toBe(302);
    for (const key of ["t1", "t2"]) expect((await admin.post(schedulePath(), { intent: "add", sessionId: monB, memberId: people[key]!.id })).status).toBe(302);

    const cases: [Record<string, string>, string][] = [
      [{ intent: "add", sessionId: monB, memberId: people.maya!.id }, "Maya Brooks is already in Studio A at 10:00 on Monday 12 October."],
      [{ intent: "add", sessionId: monB, memberId: people.w1!.id }, "Studio B holds 2 people."],
      [{ intent: "add", sessionId: monA, memberId: people.tue!.id }, "Tuesday Only is not available on Monday 12 October."],
      [{ intent: "add", sessionId: monA, memberId: people.invited!.id }, GROUPS_TEXT.errors.notAccepted("Ivy Invited")],
      [{ intent: "add", sessionId: monA, memberId: people.declined!.id }, GROUPS_TEXT.errors.notAccepted("Dee Declined")],
      [{ intent: "add", sessionId: monA, memberId: people.outsider!.id }, GROUPS_TEXT.errors.notOnRoster],
      [{ intent: "add", sessionId: monA, memberId: people.maya!.id }, "Maya Brooks is already in Studio A."],
      [{ intent: "move", memberId: people.maya!.id, fromSessionId: monA, toSessionId: monB }, "Studio B holds 2 people."],
      [{ intent: "move", memberId: people.t1!.id, fromSessionId: monB, toSessionId: monA }, ""],
      [{ intent: "move", memberId: people.w1!.id, fromSessionId: monA, toSessionId: monPmB }, "Will Writer is not in Studio A."],
      // Another camp's session in this camp's URL.
      [{ intent: "add", sessionId: await sessionId("Room 1", "2026-05-04", "10:00:00", otherCampId), memberId: people.maya!.id }, GROUPS_TEXT.errors.sessionMissing],
      [{ intent: "add", sessionId: monA, memberId: "not-a-uuid" }, GROUPS_TEXT.errors.choosePerson],
    ];
    for (const [body, message] of cases) {
      const response = await admin.post(schedulePath(), body);
      if (message === "") {
        // Tara moves to Studio A (there is room): allowed.
        expect(response.status).toBe(302);
        continue;
      }
      expect(response.status, message).toBeGreaterThanOrEqual(400);
      expect(response.status, message).toBeLessThan(500);
      const html = decode(await response.text());
      expect(html, message).toContain(message);
    }
    // Moving Maya to the afternoon while she's free then: allowed; into the morning Studio B where Tom is alone: allowed.
    expect((await admin.post(schedulePath(), { intent: "move", memberId: people.maya!.id, fromSessionId: monA, toSessionId: monPmB })).status).toBe(302);
  });

  it("lets one of two concurrent changes of the same person win; the other gets the sentence", async () => {
    await clear();
    const actor = { id: people.admin!.id, displayName: "Ada Admin" };
    const tueA = await sessionId("Studio A", TUE, "10:00:00");
    const tueB = await sessionId("Studio B", TUE, "10:00:00");
    const results = await Promise.allSettled([
      placeMember(database.db, actor, { campId, sessionId: tueA, memberId: people.w1!.id }),
      placeMember(database.db, actor, { campId, sessionId: tueB, memberId: people.w1!.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(GroupsError);
    expect(refused.reason.message).toMatch(/^Will Writer is already in Studio [AB] at 10:00 on Tuesday 13 October\.$/);
    expect(await seatedCount()).toBe(1);

    // Two moves of the same person into two rooms of another slot at once.
    const from = (await members(tueA)).length ? tueA : tueB;
    const pmA = await sessionId("Studio A", TUE, "14:30:00");
    const pmB = await sessionId("Studio B", TUE, "14:30:00");
    const moves = await Promise.allSettled([
      moveMember(database.db, actor, { campId, memberId: people.w1!.id, fromSessionId: from, toSessionId: pmA }),
      moveMember(database.db, actor, { campId, memberId: people.w1!.id, fromSessionId: from, toSessionId: pmB }),
    ]);
    expect(moves.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((moves.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(GroupsError);
    expect(await seatedCount()).toBe(1);
    expect([...(await members(pmA)), ...(await members(pmB))]).toEqual([people.w1!.id]);
  });

  it("turns the database's own refusals into the same sentences", async () => {
    await clear();
    const monA = await sessionId("Studio A", MON, "10:00:00");
    const monB = await sessionId("Studio B", MON, "10:00:00");
    const slot = (await database.db.selectFrom("camp_sessions").select("slot_id").where("id", "=", monA).executeTakeFirstOrThrow()).slot_id;
    const insert = (session: string, key: string) =>
      database.db.insertInto("camp_session_members").values({ session_id: session, camp_id: campId, day: MON, slot_id: slot, member_id: people[key]!.id }).execute();
    await insert(monA, "maya");
    const doubleBooking = await insert(monB, "maya").catch((e: unknown) => e);
    expect((await refusalMessage(database.db, doubleBooking, { campId, memberId: people.maya!.id, sessionId: monB }))?.message).toBe(
      "Maya Brooks is already in Studio A at 10:00 on Monday 12 October.",
    );
    await insert(monB, "t1");
    await insert(monB, "t2");
    const full = await insert(monB, "w1").catch((e: unknown) => e);
    expect((await refusalMessage(database.db, full, { campId, memberId: people.w1!.id, sessionId: monB }))?.message).toBe("Studio B holds 2 people.");
    const offRoster = await insert(monA, "outsider").catch((e: unknown) => e);
    expect((await refusalMessage(database.db, offRoster, { campId, memberId: people.outsider!.id, sessionId: monA }))?.message).toBe(GROUPS_TEXT.errors.notOnRoster);
    // Not a refusal of these rules: left alone (the caller rethrows it).
    expect(await refusalMessage(database.db, new Error("boom"), { campId, memberId: people.maya!.id, sessionId: monA })).toBeNull();
  });

  it("applies a proposal in one transaction: nothing is saved when one seat breaks a rule", async () => {
    await clear();
    const actor = { id: people.admin!.id, displayName: "Ada Admin" };
    const monA = await sessionId("Studio A", MON, "10:00:00");
    const tueA = await sessionId("Studio A", TUE, "10:00:00");
    await expect(
      applyGroups(database.db, actor, campId, [
        { sessionId: tueA, memberIds: [people.maya!.id, people.p1!.id] },
        { sessionId: monA, memberIds: [people.tue!.id, people.p1!.id] },
      ], { replace: false }),
    ).rejects.toThrow("Tuesday Only is not available on Monday 12 October.");
    expect(await seatedCount()).toBe(0);
  });
});

describe("the demo groups", () => {
  let seeded: TestDatabase;
  beforeAll(async () => {
    seeded = await createTestDatabase();
    await seedDemoData(seeded.db, { password: PASSWORD });
  }, 240_000);
  afterAll(async () => {
    await seeded?.close();
  });

  async function demo(name: string) {
    const camp = await seeded.db.selectFrom("camps").select("id").where("name", "=", name).executeTakeFirstOrThrow();
    const schedule = (await loadSchedule(seeded.db, camp.id))!;
    const maya = await seeded.db.selectFrom("auth.users").select("id").where("email", "=", demoAccount("member").email).executeTakeFirstOrThrow();
    const accepted = schedule.people.filter((p) => p.status === "accepted").map((p) => ({ id: p.id, role: p.role, availableDays: p.availableDays }));
    const sessions = schedule.sessions.map((s) => ({ day: s.day, slotId: s.slotId, roomId: s.roomId, memberIds: s.memberIds }));
    return { schedule, sessions, accepted, mayaSessions: sessions.filter((s) => s.memberIds.includes(maya.id)).length };
  }

  it("keeps the rules in the seeded demo, Maya in several past sessions", async () => {
    // Later seeds (the sessions' songs) may move people to match a song's group: the rules still hold.
    const { schedule, sessions, accepted, mayaSessions } = await demo(DEMO_PAST_CAMP.name);
    expect(groupProblems({ ...schedule, people: accepted }, sessions)).toEqual([]);
    expect(mayaSessions).toBeGreaterThanOrEqual(DEMO_GROUPS.pastMemberSessions);
  });

  it("gives every session of the past camp a group from the suggestion, with no repeat (the groups seed alone)", async () => {
    const ids = (await seeded.db.selectFrom("camps").select("id").where("name", "in", [DEMO_PAST_CAMP.name, DEMO_UPCOMING_CAMP.name]).execute()).map((c) => c.id);
    await seeded.db.deleteFrom("camp_session_members").where("camp_id", "in", ids).execute();
    await seeded.db.transaction().execute((tx) => seedDemoCampGroups(tx, { now: new Date(), files: {} as never }));
    const { schedule, sessions, accepted, mayaSessions } = await demo(DEMO_PAST_CAMP.name);
    expect(groupProblems({ ...schedule, people: accepted }, sessions)).toEqual([]);
    for (const s of sessions) expect(s.memberIds.length).toBeGreaterThanOrEqual(2);
    expect(mayaSessions).toBeGreaterThanOrEqual(DEMO_GROUPS.pastMemberSessions);
    expect(pairingMetrics({ people: accepted }, sessions).repeatPairsThisCamp).toBe(0);
  });

  it("groups the upcoming camp's accepted people, Maya included, with seats left free", async () => {
    const { schedule, sessions, accepted, mayaSessions } = await demo(DEMO_UPCOMING_CAMP.name);
    expect(groupProblems({ ...schedule, people: accepted }, sessions)).toEqual([]);
    expect(mayaSessions).toBeGreaterThanOrEqual(DEMO_GROUPS.upcomingMemberSessions);
    const seats = sessions.reduce((sum, s) => sum + schedule.rooms.find((r) => r.id === s.roomId)!.capacity, 0);
    const taken = sessions.reduce((sum, s) => sum + s.memberIds.length, 0);
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(seats);
  });
});
