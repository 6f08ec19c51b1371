/**
 * Camp planning (issue 13 §1, ADR 0086) through the real request handler on a
 * seeded database: the demo camps, creating a camp (every refusal: field
 * errors, a 4xx and nothing written), sessions = rooms x slots x days, edits
 * of details, rooms and slots with their refusals and confirmation steps, the
 * roster (invitations with their notices and no duplicates, A&R and applicant
 * ids refused, camp roles, withdrawals out of sessions) and the audit entry of
 * every admin action.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAuditEntries } from "~/audit/audit.server";
import { DEMO_PAST_CAMP, DEMO_UPCOMING_CAMP } from "~/camps/demo-camps";
import { PLANNING_TEXT as T, PLANNING_LIMITS } from "~/camps/planning-text";
import { DEMO_CAMP_ROSTER, demoCampStart } from "~/camps/seed-camps.server";
import { addDays, campDays, campPhase } from "~/camps/time";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "camp-planning-password-1";
let database: TestDatabase;
let app: AppHandler;
let admin: TestClient;
let member: TestClient;
const ids: Record<string, string> = {};

/** The page's text as a reader sees it (React escapes quotes and ampersands). */
async function textOf(response: Response): Promise<string> {
  return (await response.text())
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

async function userId(email: string): Promise<string> {
  return (await database.db.selectFrom("auth.users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

const count = async (table: "camps" | "camp_rooms" | "camp_slots" | "camp_sessions" | "camp_invitations" | "notices" | "admin_audit_log", where?: [string, string]) => {
  let q = database.db.selectFrom(table).select(sql<number>`count(*)::int`.as("n"));
  if (where) q = q.where(sql.ref(where[0]), "=", where[1]);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

const inDays = (days: number) => addDays(new Date().toISOString().slice(0, 10), days);

function createBody(overrides: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  return {
    intent: "create",
    name: "Stockholm Pop Camp",
    venue: "Studio Kungsholmen",
    timeZone: "Europe/Stockholm",
    startsOn: inDays(30),
    endsOn: inDays(32),
    "rooms[0].name": "Studio A",
    "rooms[0].capacity": "4",
    "rooms[1].name": "Studio B",
    "rooms[1].capacity": "3",
    "rooms[2].name": "",
    "rooms[2].capacity": "",
    "slots[0].startsAt": "10:00",
    "slots[0].endsAt": "13:00",
    "slots[1].startsAt": "14:00",
    "slots[1].endsAt": "18:00",
    "slots[2].startsAt": "",
    "slots[2].endsAt": "",
    description: "A week of pop.",
    ...overrides,
  };
}

async function createCampThroughForm(overrides: Record<string, string | string[]> = {}): Promise<string> {
  const response = await admin.post("/admin/camps", createBody(overrides));
  expect(response.status, await response.clone().text().then((t) => t.slice(0, 300))).toBe(302);
  const location = locationOf(response)!;
  expect(location).toMatch(/^\/admin\/camps\/[0-9a-f-]{36}$/);
  return location.split("/").pop()!;
}

const postCamp = (client: TestClient, campId: string, body: Record<string, string | string[]>) => client.post(`/admin/camps/${campId}`, body);

async function campEntries(campId: string, action?: string) {
  const { entries } = await listAuditEntries(database.db, { targetType: "camp", targetId: campId, ...(action ? { action: action as never } : {}) });
  return entries;
}

async function sessionsOf(campId: string) {
  return database.db.selectFrom("camp_sessions").select(["id", "room_id", "slot_id", "day", "revision"]).where("camp_id", "=", campId).orderBy("day").execute();
}

/** Makes someone an accepted participant for the given days and places them in a session (as H2's tools would). */
async function seat(campId: string, memberId: string, session: { id: string; day: string; slot_id: string }) {
  const days = campDays(...(await database.db.selectFrom("camps").select(["starts_on", "ends_on"]).where("id", "=", campId).executeTakeFirstOrThrow().then((c) => [c.starts_on, c.ends_on] as const)));
  await database.db
    .insertInto("camp_invitations")
    .values({ camp_id: campId, member_id: memberId, camp_role: "writer", status: "accepted", available_days: days })
    .onConflict((oc) => oc.columns(["camp_id", "member_id"]).doUpdateSet({ status: "accepted", available_days: days }))
    .execute();
  await database.db.insertInto("camp_session_members").values({ session_id: session.id, camp_id: campId, day: session.day, slot_id: session.slot_id, member_id: memberId }).execute();
}

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  app = await createAppHandler();
  admin = new TestClient(app);
  await admin.signIn(demoAccount("admin").email, PASSWORD);
  member = new TestClient(app);
  await member.signIn(demoAccount("member").email, PASSWORD);
  for (const key of ["felix.brandt", "ellie.hart", "hannah.cole", "tove.berg", "grace.kim", "zara.ahmed", "jin.park", "isla.mackenzie"]) ids[key] = await userId(`${key}@demo.hitfactory.test`);
  for (const key of ["admin", "member", "newmember", "ar", "applicant"] as const) ids[key] = await userId(demoAccount(key).email);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("the demo camps", () => {
  it("seeds a past camp with a balanced roster and an upcoming one with invitations in every state", async () => {
    const camps = await database.db.selectFrom("camps").selectAll().where("name", "in", [DEMO_PAST_CAMP.name, DEMO_UPCOMING_CAMP.name]).execute();
    expect(camps).toHaveLength(2);
    for (const demo of [DEMO_PAST_CAMP, DEMO_UPCOMING_CAMP]) {
      const camp = camps.find((c) => c.name === demo.name)!;
      expect(camp.time_zone).toBe(demo.timeZone);
      expect(campDays(camp.starts_on, camp.ends_on)).toHaveLength(demo.days);
      expect(camp.starts_on).toBe(demoCampStart(demo, new Date()));
      expect(await count("camp_sessions", ["camp_id", camp.id])).toBe(demo.rooms.length * demo.slots.length * demo.days);
      const invitations = await database.db
        .selectFrom("camp_invitations as i")
        .innerJoin("auth.users as u", "u.id", "i.member_id")
        .select(["u.email", "i.status", "i.camp_role", "i.available_days"])
        .where("i.camp_id", "=", camp.id)
        .execute();
      // Every invitation of the roster is there as listed (later seeds may only add people who wrote a song there).
      for (const invite of DEMO_CAMP_ROSTER[demo.key]) {
        const row = invitations.find((i) => i.email === invite.email);
        expect(row, invite.email).toBeDefined();
        if (demo.key === "upcoming") expect(row?.status, invite.email).toBe(invite.status);
      }
      if (demo.key === "past") {
        expect(campPhase(camp)).toBe("past");
        expect(invitations.every((i) => i.status === "accepted")).toBe(true);
        expect(invitations.length).toBeGreaterThanOrEqual(14);
        expect(invitations.find((i) => i.email === demoAccount("member").email)?.status).toBe("accepted");
        const capacity = demo.rooms.reduce((sum, r) => sum + r.capacity, 0);
        for (const day of campDays(camp.starts_on, camp.ends_on)) {
          const there = invitations.filter((i) => i.available_days.includes(day));
          // Every day: a producer and a topliner for each room, and no more people than the rooms hold.
          expect(there.filter((i) => i.camp_role === "producer").length).toBeGreaterThanOrEqual(demo.rooms.length);
          expect(there.filter((i) => i.camp_role === "topliner").length).toBeGreaterThanOrEqual(demo.rooms.length);
          expect(there.length).toBeLessThanOrEqual(capacity);
        }
      } else {
        expect(campPhase(camp)).toBe("upcoming");
        const maya = invitations.find((i) => i.email === demoAccount("member").email)!;
        expect(maya.status).toBe("accepted");
        expect(maya.available_days).toHaveLength(demo.days);
        expect(invitations.find((i) => i.email === demoAccount("newmember").email)?.status).toBe("invited");
        expect(invitations.filter((i) => i.status === "declined")).toHaveLength(2);
        expect(invitations.filter((i) => i.status === "invited").length).toBeGreaterThanOrEqual(2);
        const accepted = invitations.filter((i) => i.status === "accepted");
        expect(accepted.length).toBeGreaterThanOrEqual(4);
        expect(accepted.some((i) => i.available_days.length > 0 && i.available_days.length < demo.days)).toBe(true);
      }
    }
  });

  it("lists the camps, upcoming first, with their answers counted, for admins only", async () => {
    const response = await admin.get("/admin/camps");
    expect(response.status).toBe(200);
    const html = await textOf(response);
    expect(html.indexOf(DEMO_UPCOMING_CAMP.name)).toBeGreaterThan(-1);
    expect(html.indexOf(DEMO_UPCOMING_CAMP.name)).toBeLessThan(html.indexOf(DEMO_PAST_CAMP.name));
    expect(html).toContain(T.pastTitle);
    const upcomingRow = /<tr[^>]*data-testid="camp-row"[^>]*>(?:(?!<\/tr>)[\s\S])*Nashville Topline Week[\s\S]*?<\/tr>/.exec(html)![0];
    const roster = DEMO_CAMP_ROSTER.upcoming;
    const cells = [...upcomingRow.matchAll(/<td>(\d+)<\/td>/g)].map((m) => Number(m[1]));
    expect(cells).toEqual([roster.filter((i) => i.status === "invited").length, roster.filter((i) => i.status === "accepted").length, roster.filter((i) => i.status === "declined").length]);
    const denied = await member.get("/admin/camps");
    expect(denied.status).toBe(302);
  });

  it("shows a demo camp's planning page, and 404 for unknown and malformed ids", async () => {
    const upcoming = await database.db.selectFrom("camps").select("id").where("name", "=", DEMO_UPCOMING_CAMP.name).executeTakeFirstOrThrow();
    const html = await textOf(await admin.get(`/admin/camps/${upcoming.id}`));
    expect(html).toContain("Maya Brooks");
    expect(html).toContain("Noah Kim");
    expect(html).toContain(`/admin/camps/${upcoming.id}/schedule`);
    expect(html).toContain(`/admin/camps/${upcoming.id}/review`);
    expect(html).toContain(`/camps/${upcoming.id}/calendar.ics`);
    expect((await admin.get("/admin/camps/not-a-camp")).status).toBe(404);
    expect((await admin.get("/admin/camps/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const unknownPost = await postCamp(admin, "00000000-0000-4000-8000-000000000000", { intent: "addRoom", name: "X", capacity: "3" });
    expect(unknownPost.status).toBe(404);
  });
});

describe("creating a camp", () => {
  it("writes the camp, its rooms, slots and rooms x slots x days sessions, and the audit entry", async () => {
    const before = await count("camps");
    const response = await admin.post("/admin/camps", createBody({ name: "<b>Bold</b> Camp<script>alert(1)</script>" }));
    expect(response.status).toBe(302);
    const campId = locationOf(response)!.split("/").pop()!;
    expect(await count("camps")).toBe(before + 1);
    const camp = await database.db.selectFrom("camps").selectAll().where("id", "=", campId).executeTakeFirstOrThrow();
    expect(camp.name).not.toMatch(/[<>]/);
    expect(camp.name).toContain("Bold");
    expect(camp.starts_on).toBe(inDays(30));
    expect(await count("camp_rooms", ["camp_id", campId])).toBe(2);
    expect(await count("camp_slots", ["camp_id", campId])).toBe(2);
    expect(await count("camp_sessions", ["camp_id", campId])).toBe(2 * 2 * 3);
    const [entry] = await campEntries(campId, "camp.created");
    expect(entry?.actorId).toBe(ids.admin);
    const page = await textOf(await admin.get(`/admin/camps/${campId}`));
    expect(page).toContain("Studio A");
    expect(page).toContain("14:00–18:00");
  });

  const refusals: [string, Record<string, string | string[]>, string | null][] = [
    ["dates reversed", { startsOn: inDays(40), endsOn: inDays(39) }, T.errors.endsBeforeStart],
    ["15 days", { startsOn: inDays(40), endsOn: inDays(54) }, T.errors.tooLong],
    ["an unknown zone", { timeZone: "Mars/Olympus_Mons" }, T.errors.timeZone],
    ["duplicate rooms", { "rooms[1].name": "studio a" }, T.errors.duplicateRoom],
    ["overlapping slots", { "slots[1].startsAt": "12:30" }, T.errors.slotOverlaps("10:00", "13:00")],
    ["a slot ending before it starts", { "slots[1].endsAt": "13:30", "slots[1].startsAt": "15:00" }, T.errors.endAfterStart],
    ["capacity 1", { "rooms[0].capacity": "1" }, T.errors.capacity],
    ["capacity 13", { "rooms[1].capacity": "13" }, T.errors.capacity],
    ["a room without a capacity", { "rooms[2].name": "Loft" }, T.errors.capacity],
    ["no rooms", { "rooms[0].name": "", "rooms[0].capacity": "", "rooms[1].name": "", "rooms[1].capacity": "" }, T.errors.roomsRequired],
    ["no slots", { "slots[0].startsAt": "", "slots[0].endsAt": "", "slots[1].startsAt": "", "slots[1].endsAt": "" }, T.errors.slotsRequired],
    ["a name too long", { name: "x".repeat(PLANNING_LIMITS.name + 1) }, `Name must be no more than ${PLANNING_LIMITS.name} characters`],
    ["no name", { name: "   " }, T.errors.nameRequired],
    ["a name sent twice", { name: ["One", "Two"] }, null],
    ["a NUL byte", { name: "Camp\u0000" }, null],
  ];
  for (const [label, overrides, message] of refusals) {
    it(`refuses ${label} with a 4xx and writes nothing`, async () => {
      const before = await Promise.all([count("camps"), count("camp_rooms"), count("camp_sessions"), count("admin_audit_log")]);
      const response = await admin.post("/admin/camps", createBody(overrides));
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const html = await textOf(response);
      if (message) expect(html).toContain(message);
      expect(await Promise.all([count("camps"), count("camp_rooms"), count("camp_sessions"), count("admin_audit_log")])).toEqual(before);
    });
  }

  it("keeps what was typed when it refuses (no JavaScript needed)", async () => {
    const html = await textOf(await admin.post("/admin/camps", createBody({ "rooms[0].capacity": "1", venue: "Kept Venue Name" })));
    expect(html).toContain('value="Kept Venue Name"');
    expect(html).toMatch(/aria-invalid="true"[^>]*name="rooms\[0\]\.capacity"|name="rooms\[0\]\.capacity"[^>]*aria-invalid="true"/);
  });

  it("refuses a member posting the admin form (and writes nothing)", async () => {
    const before = await count("camps");
    const response = await member.post("/admin/camps", createBody());
    expect(response.status).toBe(302);
    expect(locationOf(response)).not.toMatch(/^\/admin\/camps\//);
    expect(await count("camps")).toBe(before);
  });
});

describe("editing a camp", () => {
  it("edits details; dates that drop seated people need a confirmation, dates that drop songs are refused", async () => {
    const campId = await createCampThroughForm({ name: "Dates Camp" });
    const details = { intent: "details", name: "Dates Camp", venue: "Studio Kungsholmen", timeZone: "Europe/Stockholm", startsOn: inDays(30), endsOn: inDays(32), description: "" };
    // A rename and a longer camp: more sessions.
    let response = await postCamp(admin, campId, { ...details, name: "Dates Camp Renamed", endsOn: inDays(33) });
    expect(response.status).toBe(302);
    expect(await count("camp_sessions", ["camp_id", campId])).toBe(2 * 2 * 4);
    const [updated] = await campEntries(campId, "camp.updated");
    expect(updated?.after).toMatchObject({ name: "Dates Camp Renamed", endsOn: inDays(33) });
    // The name, venue and zone are in every calendar event: every session's SEQUENCE goes up with them.
    const revisions = new Map((await sessionsOf(campId)).map((s) => [s.id, s.revision]));
    expect((await postCamp(admin, campId, { ...details, name: "Dates Camp Renamed", endsOn: inDays(33), timeZone: "Europe/Oslo" })).status).toBe(302);
    for (const s of await sessionsOf(campId)) expect(s.revision).toBe(revisions.get(s.id)! + 1);

    // Someone placed on the last day: dropping it asks first.
    const sessions = await sessionsOf(campId);
    const lastDay = sessions.filter((s) => s.day === inDays(33))[0]!;
    await seat(campId, ids["hannah.cole"]!, lastDay);
    response = await postCamp(admin, campId, { ...details, name: "Dates Camp Renamed", endsOn: inDays(32) });
    expect(response.status).toBe(409);
    const html = await textOf(response);
    expect(html).toContain(T.confirmDates(1, [inDays(33)]));
    expect(html).toContain(T.confirmDatesButton);
    expect(await count("camp_sessions", ["camp_id", campId])).toBe(16);
    response = await postCamp(admin, campId, { ...details, name: "Dates Camp Renamed", endsOn: inDays(32), confirm: "yes" });
    expect(response.status).toBe(302);
    expect(await count("camp_sessions", ["camp_id", campId])).toBe(12);
    const hannah = await database.db.selectFrom("camp_invitations").select(["available_days", "status"]).where("camp_id", "=", campId).where("member_id", "=", ids["hannah.cole"]!).executeTakeFirstOrThrow();
    expect(hannah.available_days).toEqual([inDays(30), inDays(31), inDays(32)]);

    // A song on the first day: moving the camp off it is refused outright.
    const first = (await sessionsOf(campId)).find((s) => s.day === inDays(30))!;
    await database.db.insertInto("camp_songs").values({ camp_id: campId, session_id: first.id, working_title: "Kept Song" }).execute();
    response = await postCamp(admin, campId, { ...details, name: "Dates Camp Renamed", startsOn: inDays(31), confirm: "yes" });
    expect(response.status).toBe(409);
    expect(await textOf(response)).toContain(T.errors.datesDropSongs);
    expect(await count("camp_sessions", ["camp_id", campId])).toBe(12);
    expect((await database.db.selectFrom("camps").select("starts_on").where("id", "=", campId).executeTakeFirstOrThrow()).starts_on).toBe(inDays(30));

    // Nothing changed: nothing recorded.
    const entries = (await campEntries(campId)).length;
    response = await postCamp(admin, campId, { ...details, name: "Dates Camp Renamed", endsOn: inDays(32) });
    expect(response.status).toBe(302);
    expect((await campEntries(campId)).length).toBe(entries);
  });

  it("adds, renames, resizes and removes rooms, with the same care for people seated", async () => {
    const campId = await createCampThroughForm({ name: "Rooms Camp" });
    let response = await postCamp(admin, campId, { intent: "addRoom", name: "Loft", capacity: "3" });
    expect(response.status).toBe(302);
    expect(await count("camp_sessions", ["camp_id", campId])).toBe(3 * 2 * 3);
    expect(await campEntries(campId, "camp.room_added")).toHaveLength(1);
    // The same name again (any case) is refused.
    response = await postCamp(admin, campId, { intent: "addRoom", name: "loft", capacity: "3" });
    expect(response.status).toBe(409);
    expect(await textOf(response)).toContain(T.errors.roomExists("loft"));
    expect(await count("camp_rooms", ["camp_id", campId])).toBe(3);
    response = await postCamp(admin, campId, { intent: "addRoom", name: "Tiny", capacity: "1" });
    expect(response.status).toBe(400);

    const loft = await database.db.selectFrom("camp_rooms").select("id").where("camp_id", "=", campId).where("name", "=", "Loft").executeTakeFirstOrThrow();
    const loftSession = (await sessionsOf(campId)).find((s) => s.room_id === loft.id)!;
    await seat(campId, ids["felix.brandt"]!, loftSession);
    await seat(campId, ids["ellie.hart"]!, loftSession);
    await seat(campId, ids["hannah.cole"]!, loftSession);
    // Capacity below the three seated: refused; renaming and keeping 3: fine.
    response = await postCamp(admin, campId, { intent: "updateRoom", roomId: loft.id, name: "Loft", capacity: "2" });
    expect(response.status).toBe(409);
    expect(await textOf(response)).toContain(T.errors.capacityBelowSeated("Loft", 3));
    response = await postCamp(admin, campId, { intent: "updateRoom", roomId: loft.id, name: "The Loft", capacity: "3" });
    expect(response.status).toBe(302);
    // Another camp's room id is not this camp's.
    const otherRoom = await database.db.selectFrom("camp_rooms as r").innerJoin("camps as c", "c.id", "r.camp_id").select("r.id").where("c.name", "=", DEMO_PAST_CAMP.name).executeTakeFirstOrThrow();
    response = await postCamp(admin, campId, { intent: "updateRoom", roomId: otherRoom.id, name: "Hijack", capacity: "5" });
    expect(response.status).toBe(404);
    response = await postCamp(admin, campId, { intent: "removeRoom", roomId: otherRoom.id, confirm: "yes" });
    expect(response.status).toBe(404);
    expect(await database.db.selectFrom("camp_rooms").select("name").where("id", "=", otherRoom.id).executeTakeFirstOrThrow()).toEqual({ name: "Studio A" });

    // Removing a room with people: a confirmation step, then the room, its sessions and places go.
    response = await postCamp(admin, campId, { intent: "removeRoom", roomId: loft.id });
    expect(response.status).toBe(409);
    const html = await textOf(response);
    expect(html).toContain(T.confirmRemoveRoom("The Loft", 3));
    expect(html).toContain(T.confirmRemoveRoomButton("The Loft"));
    expect(await count("camp_rooms", ["camp_id", campId])).toBe(3);
    response = await postCamp(admin, campId, { intent: "removeRoom", roomId: loft.id, confirm: "yes" });
    expect(response.status).toBe(302);
    expect(await count("camp_sessions", ["camp_id", campId])).toBe(2 * 2 * 3);
    expect(await database.db.selectFrom("camp_session_members").select("member_id").where("camp_id", "=", campId).execute()).toEqual([]);
    const [removed] = await campEntries(campId, "camp.room_removed");
    expect(removed?.before).toMatchObject({ name: "The Loft", places: 3 });

    // An empty room goes at once; the last room stays.
    const rooms = await database.db.selectFrom("camp_rooms").select("id").where("camp_id", "=", campId).execute();
    expect((await postCamp(admin, campId, { intent: "removeRoom", roomId: rooms[0]!.id })).status).toBe(302);
    response = await postCamp(admin, campId, { intent: "removeRoom", roomId: rooms[1]!.id, confirm: "yes" });
    expect(response.status).toBe(409);
    expect(await textOf(response)).toContain(T.errors.lastRoom);
    expect(await count("camp_sessions", ["camp_id", campId])).toBe(1 * 2 * 3);
  });

  it("adds and removes slots: overlaps refused, people seated confirmed, songs kept", async () => {
    const campId = await createCampThroughForm({ name: "Slots Camp" });
    let response = await postCamp(admin, campId, { intent: "addSlot", startsAt: "12:00", endsAt: "15:00" });
    expect(response.status).toBe(409);
    expect(await textOf(response)).toContain(T.errors.slotOverlaps("10:00", "13:00"));
    response = await postCamp(admin, campId, { intent: "addSlot", startsAt: "19:00", endsAt: "18:30" });
    expect(response.status).toBe(400);
    response = await postCamp(admin, campId, { intent: "addSlot", startsAt: "19:00", endsAt: "22:00" });
    expect(response.status).toBe(302);
    expect(await count("camp_sessions", ["camp_id", campId])).toBe(2 * 3 * 3);
    expect(await campEntries(campId, "camp.slot_added")).toHaveLength(1);

    const evening = await database.db.selectFrom("camp_slots").select("id").where("camp_id", "=", campId).where("starts_at", "=", "19:00").executeTakeFirstOrThrow();
    const session = (await sessionsOf(campId)).find((s) => s.slot_id === evening.id)!;
    await seat(campId, ids["tove.berg"]!, session);
    response = await postCamp(admin, campId, { intent: "removeSlot", slotId: evening.id });
    expect(response.status).toBe(409);
    expect(await textOf(response)).toContain(T.confirmRemoveSlot("19:00–22:00", 1));
    // A song in that slot: refused even when confirmed.
    const song = await database.db.insertInto("camp_songs").values({ camp_id: campId, session_id: session.id, working_title: "Evening Song" }).returning("id").executeTakeFirstOrThrow();
    response = await postCamp(admin, campId, { intent: "removeSlot", slotId: evening.id, confirm: "yes" });
    expect(response.status).toBe(409);
    expect(await textOf(response)).toContain(T.errors.slotHasSongs);
    await database.db.deleteFrom("camp_songs").where("id", "=", song.id).execute();
    response = await postCamp(admin, campId, { intent: "removeSlot", slotId: evening.id, confirm: "yes" });
    expect(response.status).toBe(302);
    expect(await count("camp_sessions", ["camp_id", campId])).toBe(2 * 2 * 3);
    expect(await campEntries(campId, "camp.slot_removed")).toHaveLength(1);
  });
});

describe("two admins at once", () => {
  it("applies concurrent edits of one camp one after the other, never half", async () => {
    const campId = await createCampThroughForm({ name: "Race Camp" });
    const second = new TestClient(app);
    await second.signIn(demoAccount("admin").email, PASSWORD);
    // The same new room from two admins: one room, one refusal, sessions for one.
    const added = await Promise.all([
      postCamp(admin, campId, { intent: "addRoom", name: "Booth", capacity: "2" }),
      postCamp(second, campId, { intent: "addRoom", name: "Booth", capacity: "3" }),
    ]);
    expect(added.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await count("camp_rooms", ["camp_id", campId])).toBe(3);
    expect(await count("camp_sessions", ["camp_id", campId])).toBe(3 * 2 * 3);
    // Removing two different rooms of three at once leaves one; removing the last two at once leaves one too.
    const rooms = await database.db.selectFrom("camp_rooms").select("id").where("camp_id", "=", campId).execute();
    const removed = await Promise.all(rooms.map((room) => postCamp(room === rooms[0] ? admin : second, campId, { intent: "removeRoom", roomId: room.id, confirm: "yes" })));
    expect(removed.map((r) => r.status).sort()).toEqual([302, 302, 409]);
    expect(await count("camp_rooms", ["camp_id", campId])).toBe(1);
    expect(await count("camp_sessions", ["camp_id", campId])).toBe(1 * 2 * 3);
    expect(await campEntries(campId, "camp.room_removed")).toHaveLength(2);
  });
});

describe("the roster", () => {
  it("lists members to invite with their default camp role, searchable by name", async () => {
    const campId = await createCampThroughForm({ name: "Invite List Camp" });
    const all = await textOf(await admin.get(`/admin/camps/${campId}`));
    expect(all).toMatch(/Felix Brandt<\/span> <span[^>]*>as Producer/);
    expect(all).toMatch(/Ellie Hart<\/span> <span[^>]*>as Topliner/);
    expect(all).not.toMatch(/Riley Reyes<\/span>/); // A&R are not invited
    expect(all).not.toMatch(/Alex Applicant<\/span>/);
    const searched = await textOf(await admin.get(`/admin/camps/${campId}?q=felix`));
    expect(searched).toContain("Felix Brandt");
    expect(searched).not.toMatch(/Ellie Hart<\/span>/);
    expect(await textOf(await admin.get(`/admin/camps/${campId}?q=%25`))).toContain(T.inviteNoMatch);
  });

  it("invites members with a notice each, never twice, and refuses anyone who is not a member", async () => {
    const campId = await createCampThroughForm({ name: "Invite Camp" });
    const notices = await count("notices");
    let response = await postCamp(admin, campId, { intent: "invite", memberId: [ids["felix.brandt"]!, ids["ellie.hart"]!] });
    expect(response.status).toBe(302);
    expect(await count("notices")).toBe(notices + 2);
    const felixNotice = await database.db.selectFrom("notices").selectAll().where("recipient_id", "=", ids["felix.brandt"]!).where("kind", "=", "camp").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(felixNotice.link).toBe(`/camps/${campId}`);
    expect(felixNotice.subject).toBe(T.notice.subject("Invite Camp"));
    const roster = await database.db.selectFrom("camp_invitations").select(["member_id", "camp_role", "status", "invited_by"]).where("camp_id", "=", campId).execute();
    expect(roster).toHaveLength(2);
    expect(roster.find((r) => r.member_id === ids["felix.brandt"])).toMatchObject({ camp_role: "producer", status: "invited", invited_by: ids.admin });
    expect(roster.find((r) => r.member_id === ids["ellie.hart"])?.camp_role).toBe("topliner");
    const [entry] = await campEntries(campId, "camp.invited");
    expect(entry?.after).toMatchObject({ invited: [expect.objectContaining({ name: expect.any(String) }), expect.anything()] });

    // Again (a replayed post, or both at once from two tabs): nothing changes, no second notice.
    response = await postCamp(admin, campId, { intent: "invite", memberId: ids["felix.brandt"]! });
    expect(response.status).toBe(302);
    const both = await Promise.all([postCamp(admin, campId, { intent: "invite", memberId: ids["ellie.hart"]! }), postCamp(admin, campId, { intent: "invite", memberId: ids["ellie.hart"]! })]);
    expect(both.map((r) => r.status)).toEqual([302, 302]);
    expect(await count("notices")).toBe(notices + 2);
    expect(await campEntries(campId, "camp.invited")).toHaveLength(1);

    // The roster shows them as invited.
    const html = await textOf(await admin.get(`/admin/camps/${campId}`));
    expect(html).toMatch(/<th scope="row">Felix Brandt<\/th><td>Invited<\/td>/);

    // A&R, applicants, unknown and malformed ids: the whole post is refused.
    for (const bad of [[ids.ar!], [ids.applicant!, ids["grace.kim"]!], ["00000000-0000-4000-8000-000000000000"], ["not-an-id"], []]) {
      const before = await Promise.all([count("camp_invitations"), count("notices")]);
      response = await postCamp(admin, campId, { intent: "invite", memberId: bad });
      expect(response.status).toBe(400);
      expect(await Promise.all([count("camp_invitations"), count("notices")])).toEqual(before);
    }
    // A member cannot invite.
    response = await postCamp(member, campId, { intent: "invite", memberId: ids["grace.kim"]! });
    expect(response.status).toBe(302);
    expect(await database.db.selectFrom("camp_invitations").select("member_id").where("camp_id", "=", campId).where("member_id", "=", ids["grace.kim"]!).execute()).toEqual([]);
  });

  it("changes a camp role and withdraws an invitation (out of its sessions, which change) after a confirmation step", async () => {
    const campId = await createCampThroughForm({ name: "Withdraw Camp" });
    expect((await postCamp(admin, campId, { intent: "invite", memberId: [ids["zara.ahmed"]!, ids["jin.park"]!] })).status).toBe(302);
    let response = await postCamp(admin, campId, { intent: "changeRole", memberId: ids["zara.ahmed"]!, campRole: "writer" });
    expect(response.status).toBe(302);
    expect((await database.db.selectFrom("camp_invitations").select("camp_role").where("camp_id", "=", campId).where("member_id", "=", ids["zara.ahmed"]!).executeTakeFirstOrThrow()).camp_role).toBe("writer");
    const [roleEntry] = await campEntries(campId, "camp.role_changed");
    expect(roleEntry?.before).toMatchObject({ campRole: "Topliner" });
    expect(roleEntry?.after).toMatchObject({ campRole: "Writer" });
    expect((await postCamp(admin, campId, { intent: "changeRole", memberId: ids["zara.ahmed"]!, campRole: "drummer" })).status).toBe(400);
    expect((await postCamp(admin, campId, { intent: "changeRole", memberId: ids["isla.mackenzie"]!, campRole: "writer" })).status).toBe(404);

    const session = (await sessionsOf(campId))[0]!;
    await seat(campId, ids["zara.ahmed"]!, session);
    // The step: a GET that shows what happens and changes nothing.
    const step = await textOf(await admin.get(`/admin/camps/${campId}?withdraw=${ids["zara.ahmed"]}`));
    expect(step).toContain(T.withdrawTitle("Zara Ahmed"));
    expect(step).toContain(T.withdrawBody(1));
    // Without the confirmation: refused.
    response = await postCamp(admin, campId, { intent: "withdraw", memberId: ids["zara.ahmed"]! });
    expect(response.status).toBe(400);
    expect(await count("camp_invitations", ["camp_id", campId])).toBe(2);
    response = await postCamp(admin, campId, { intent: "withdraw", memberId: ids["zara.ahmed"]!, confirm: "yes" });
    expect(response.status).toBe(302);
    expect(await database.db.selectFrom("camp_invitations").select("member_id").where("camp_id", "=", campId).execute()).toEqual([{ member_id: ids["jin.park"] }]);
    expect(await database.db.selectFrom("camp_session_members").select("member_id").where("session_id", "=", session.id).execute()).toEqual([]);
    const after = await database.db.selectFrom("camp_sessions").select("revision").where("id", "=", session.id).executeTakeFirstOrThrow();
    expect(after.revision).toBe(session.revision + 1);
    const [withdrawn] = await campEntries(campId, "camp.invitation_withdrawn");
    expect(withdrawn?.before).toMatchObject({ memberId: ids["zara.ahmed"], sessions: 1 });
    // A replay finds nobody.
    expect((await postCamp(admin, campId, { intent: "withdraw", memberId: ids["zara.ahmed"]!, confirm: "yes" })).status).toBe(404);
  });

  it("counts who is coming per status and, per day, accepted people by role", async () => {
    const past = await database.db.selectFrom("camps").select(["id", "starts_on"]).where("name", "=", DEMO_PAST_CAMP.name).executeTakeFirstOrThrow();
    const html = await textOf(await admin.get(`/admin/camps/${past.id}`));
    const roster = await database.db.selectFrom("camp_invitations").select(["status", "camp_role", "available_days"]).where("camp_id", "=", past.id).execute();
    const counts = /data-testid="coming-counts"[\s\S]*?<\/ul>/.exec(html)![0];
    expect(counts).toContain(`>${roster.filter((r) => r.status === "accepted").length}</span><span class="${/class="([^"]+)">Accepted/.exec(counts)![1]}">Accepted`);
    const days = [...html.matchAll(/data-testid="coming-day"><th scope="row">[^<]+<\/th><td>(\d+)<\/td><td>(\d+)<\/td><td>(\d+)<\/td><td>(\d+)<\/td>/g)].map((m) => m.slice(1).map(Number));
    expect(days).toHaveLength(DEMO_PAST_CAMP.days);
    for (const [index, [total, producers, writers, topliners]] of days.entries()) {
      const day = addDays(past.starts_on, index);
      const there = roster.filter((i) => i.status === "accepted" && i.available_days.includes(day));
      expect(total).toBe(there.length);
      expect(total).toBeGreaterThanOrEqual(DEMO_CAMP_ROSTER.past.filter((i) => i.days.includes(index)).length);
      expect(producers).toBe(there.filter((i) => i.camp_role === "producer").length);
      expect(writers).toBe(there.filter((i) => i.camp_role === "writer").length);
      expect(topliners).toBe(there.filter((i) => i.camp_role === "topliner").length);
    }
  });
});
