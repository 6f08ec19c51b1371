/**
 * The member's side of camps (issue 13, ADR 0089), through the real request
 * handler against a seeded database: answering an invitation (accept with
 * days, decline, change days; the sessions on dropped days are left and their
 * revision bumped, after a confirmation step), the refusals (a day outside
 * the camp, no days, a camp that has ended, someone else's invitation, an
 * A&R, an applicant, a field sent twice, a NUL byte, a foreign return
 * address), /camps, /camps/:campId and the dashboard's camp section.
 *
 * The camps here are the test's own (inserted through the database), so the
 * demo camps' seeded answers play no part.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { answerInvitation, dashboardCamps, listMemberCamps } from "~/camps/invitations.server";
import { MEMBER_CAMP_TEXT } from "~/camps/member-text";
import { ensureCampSessions } from "~/camps/sessions.server";
import { addDays, campDays, todayInZone } from "~/camps/time";
import { DASHBOARD_TEXT } from "~/dashboard/dashboard-text";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";

const PASSWORD = "camp-members-password";
const PERSONAS = ["admin", "ar", "member", "newmember", "applicant"] as const;
type Persona = (typeof PERSONAS)[number];
const T = MEMBER_CAMP_TEXT;

let database: TestDatabase;
let app: AppHandler;
const clients = {} as Record<Persona, TestClient>;
const ids = {} as Record<Persona, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  app = await createAppHandler();
  for (const persona of PERSONAS) {
    const account = demoAccount(persona);
    ids[persona] = (await database.db.selectFrom("auth.users").select("id").where("email", "=", account.email).executeTakeFirstOrThrow()).id;
    clients[persona] = new TestClient(app);
    await clients[persona].signIn(account.email, PASSWORD);
  }
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Text as React writes it into HTML. */
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

let campCount = 0;

interface TestCamp {
  id: string;
  name: string;
  days: string[];
  /** Sessions by `${day} ${room} ${slot}` (room and slot by position: 0 or 1). */
  sessions: Map<string, string>;
}

/** A camp of the test's own: `days` days from `startsInDays` (in the camp's zone), 2 rooms, 2 slots, its sessions made. */
async function makeCamp(options: { startsInDays?: number; days?: number; zone?: string } = {}): Promise<TestCamp> {
  const zone = options.zone ?? "America/Chicago";
  const startsOn = addDays(todayInZone(zone), options.startsInDays ?? 10);
  const endsOn = addDays(startsOn, (options.days ?? 3) - 1);
  const name = `Test Camp ${++campCount} <b>`;
  const db = database.db;
  const camp = await db
    .insertInto("camps")
    .values({
      name,
      venue: "Test Studios",
      time_zone: zone,
      starts_on: startsOn,
      ends_on: endsOn,
      description: "A camp of the member tests.",
      created_by: ids.admin,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("camp_rooms")
    .values([
      { camp_id: camp.id, name: "Room One", capacity: 4, position: 0 },
      { camp_id: camp.id, name: "Room Two", capacity: 4, position: 1 },
    ])
    .execute();
  await db
    .insertInto("camp_slots")
    .values([
      { camp_id: camp.id, starts_at: "10:00", ends_at: "13:00", position: 0 },
      { camp_id: camp.id, starts_at: "14:00", ends_at: "17:00", position: 1 },
    ])
    .execute();
  await ensureCampSessions(db, camp.id);
  const rows = await db
    .selectFrom("camp_sessions as s")
    .innerJoin("camp_rooms as r", "r.id", "s.room_id")
    .innerJoin("camp_slots as sl", "sl.id", "s.slot_id")
    .select(["s.id", "s.day", "r.position as room", "sl.position as slot"])
    .where("s.camp_id", "=", camp.id)
    .execute();
  return {
    id: camp.id,
    name,
    days: campDays(startsOn, endsOn),
    sessions: new Map(rows.map((r) => [`${r.day} ${r.room} ${r.slot}`, r.id])),
  };
}

async function invite(camp: TestCamp, persona: Persona, status: "invited" | "accepted" | "declined" = "invited", days: string[] = []) {
  await database.db
    .insertInto("camp_invitations")
    .values({
      camp_id: camp.id,
      member_id: ids[persona],
      camp_role: "writer",
      status,
      available_days: days,
      invited_by: ids.admin,
    })
    .execute();
}

async function place(camp: TestCamp, persona: Persona, day: string, room = 0, slot = 0) {
  const sessionId = camp.sessions.get(`${day} ${room} ${slot}`)!;
  const session = await database.db.selectFrom("camp_sessions").select(["slot_id"]).where("id", "=", sessionId).executeTakeFirstOrThrow();
  await database.db
    .insertInto("camp_session_members")
    .values({
      session_id: sessionId,
      camp_id: camp.id,
      day,
      slot_id: session.slot_id,
      member_id: ids[persona],
    })
    .execute();
  return sessionId;
}

const invitationOf = (camp: TestCamp, persona: Persona) =>
  database.db.selectFrom("camp_invitations").selectAll().where("camp_id", "=", camp.id).where("member_id", "=", ids[persona]).executeTakeFirst();

const revisionOf = async (sessionId: string) =>
  (await database.db.selectFrom("camp_sessions").select("revision").where("id", "=", sessionId).executeTakeFirstOrThrow()).revision;

const seatsOf = async (camp: TestCamp, persona: Persona) =>
  (
    await database.db.selectFrom("camp_session_members").select("session_id").where("camp_id", "=", camp.id).where("member_id", "=", ids[persona]).execute()
  ).map((r) => r.session_id);

const answer = (persona: Persona, camp: TestCamp, body: Record<string, string | string[]>) =>
  clients[persona].post(`/camps/${camp.id}`, { intent: "answer", ...body });

describe("answering an invitation", () => {
  it("accepts with days (a replay changes nothing more) and comes back to the camp with a toast", async () => {
    const camp = await makeCamp();
    await invite(camp, "newmember");
    const days = [camp.days[2]!, camp.days[0]!];
    const response = await answer("newmember", camp, {
      answer: "accept",
      days,
    });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/camps/${camp.id}`);
    const row = await invitationOf(camp, "newmember");
    expect(row).toMatchObject({
      status: "accepted",
      available_days: [camp.days[0], camp.days[2]],
    });
    expect(row!.responded_at).not.toBeNull();
    const page = await (await clients.newmember.get(`/camps/${camp.id}`)).text();
    expect(page).toContain(escape(T.status.accepted));
    expect(page).toContain(T.saveDays);

    // The same post again: the same answer, no error.
    expect((await answer("newmember", camp, { answer: "accept", days })).status).toBe(302);
    expect(await invitationOf(camp, "newmember")).toMatchObject({
      status: "accepted",
      available_days: [camp.days[0], camp.days[2]],
    });
  });

  it("declines (the days are cleared) and may accept again later", async () => {
    const camp = await makeCamp();
    await invite(camp, "newmember", "accepted", [camp.days[1]!]);
    const declined = await answer("newmember", camp, {
      answer: "decline",
      days: [camp.days[1]!],
    });
    expect(declined.status).toBe(302);
    expect(await invitationOf(camp, "newmember")).toMatchObject({
      status: "declined",
      available_days: [],
    });
    expect(
      (
        await answer("newmember", camp, {
          answer: "accept",
          days: [camp.days[0]!],
        })
      ).status,
    ).toBe(302);
    expect(await invitationOf(camp, "newmember")).toMatchObject({
      status: "accepted",
      available_days: [camp.days[0]],
    });
  });

  it("changing days leaves the sessions on the dropped days, after saying which, and bumps their revision", async () => {
    const camp = await makeCamp();
    await invite(camp, "member", "accepted", camp.days);
    const kept = await place(camp, "member", camp.days[0]!, 0, 0);
    const dropped = await place(camp, "member", camp.days[1]!, 1, 1);
    const keptRevision = await revisionOf(kept);
    const droppedRevision = await revisionOf(dropped);

    // First post: nothing changes, the confirmation step is shown.
    const first = await answer("member", camp, {
      answer: "accept",
      days: [camp.days[0]!, camp.days[2]!],
    });
    expect(first.status).toBe(302);
    const confirmAt = locationOf(first)!;
    expect(confirmAt).toBe(`/camps/${camp.id}?step=confirm&answer=accept&days=${camp.days[0]}&days=${camp.days[2]}`);
    expect(await invitationOf(camp, "member")).toMatchObject({
      available_days: camp.days,
    });
    expect(await seatsOf(camp, "member")).toHaveLength(2);
    const statement = await (await clients.member.get(confirmAt)).text();
    expect(statement).toContain(escape(T.confirmTitle));
    expect(statement).toContain("Room Two");
    expect(statement).toContain('name="confirm" value="leave"');
    // The GET changed nothing either.
    expect(await seatsOf(camp, "member")).toHaveLength(2);

    // Confirmed: the session on the dropped day is left and bumped; the other is untouched.
    const confirmed = await answer("member", camp, {
      answer: "accept",
      days: [camp.days[0]!, camp.days[2]!],
      confirm: "leave",
    });
    expect(confirmed.status).toBe(302);
    expect(locationOf(confirmed)).toBe(`/camps/${camp.id}`);
    expect(await seatsOf(camp, "member")).toEqual([kept]);
    expect(await invitationOf(camp, "member")).toMatchObject({
      status: "accepted",
      available_days: [camp.days[0], camp.days[2]],
    });
    expect(await revisionOf(dropped)).toBe(droppedRevision + 1);
    expect(await revisionOf(kept)).toBe(keptRevision);
  });

  it("declining with sessions leaves every one of them once confirmed", async () => {
    const camp = await makeCamp();
    await invite(camp, "member", "accepted", camp.days);
    const a = await place(camp, "member", camp.days[0]!);
    const b = await place(camp, "member", camp.days[2]!, 1, 1);
    const first = await answer("member", camp, {
      answer: "decline",
      back: "dashboard",
    });
    expect(locationOf(first)).toBe(`/camps/${camp.id}?step=confirm&answer=decline&back=dashboard`);
    expect(await seatsOf(camp, "member")).toHaveLength(2);
    const statement = await (await clients.member.get(locationOf(first)!)).text();
    expect(statement).toContain(escape(T.confirmDeclineLead));
    expect(statement).toContain('name="back" value="dashboard"');
    const confirmed = await answer("member", camp, {
      answer: "decline",
      confirm: "leave",
      back: "dashboard",
    });
    expect(locationOf(confirmed)).toBe("/dashboard");
    expect(await seatsOf(camp, "member")).toEqual([]);
    expect(await invitationOf(camp, "member")).toMatchObject({
      status: "declined",
      available_days: [],
    });
    expect(await revisionOf(a)).toBe(1);
    expect(await revisionOf(b)).toBe(1);
  });

  it("refuses a day outside the camp and an accept without days (400, nothing saved)", async () => {
    const camp = await makeCamp();
    await invite(camp, "newmember");
    const outside = await answer("newmember", camp, {
      answer: "accept",
      days: [camp.days[0]!, addDays(camp.days[2]!, 1)],
    });
    expect(outside.status).toBe(400);
    expect(await outside.text()).toContain(escape(T.errors.notCampDay));
    const notADate = await answer("newmember", camp, {
      answer: "accept",
      days: ["2026-02-30"],
    });
    expect(notADate.status).toBe(400);
    const none = await answer("newmember", camp, { answer: "accept" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(escape(T.errors.noDays));
    expect(await invitationOf(camp, "newmember")).toMatchObject({
      status: "invited",
      available_days: [],
      responded_at: null,
    });
  });

  it("refuses answers once the camp has ended (409) and shows no form", async () => {
    const camp = await makeCamp({ startsInDays: -6, days: 3 });
    await invite(camp, "newmember");
    const response = await answer("newmember", camp, {
      answer: "accept",
      days: [camp.days[0]!],
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(escape(T.errors.past));
    expect(await invitationOf(camp, "newmember")).toMatchObject({
      status: "invited",
    });
    const page = await (await clients.newmember.get(`/camps/${camp.id}`)).text();
    expect(page).toContain(escape(T.pastClosed));
    expect(page).not.toContain('name="intent" value="answer"');
  });

  it("a running camp can still be answered", async () => {
    const camp = await makeCamp({ startsInDays: -1, days: 3 });
    await invite(camp, "newmember");
    expect(
      (
        await answer("newmember", camp, {
          answer: "accept",
          days: [camp.days[2]!],
        })
      ).status,
    ).toBe(302);
    expect(await invitationOf(camp, "newmember")).toMatchObject({
      status: "accepted",
    });
  });

  it("someone else's invitation, an unknown camp and a malformed id are all 404, and change nothing", async () => {
    const camp = await makeCamp();
    await invite(camp, "member", "accepted", [camp.days[0]!]);
    for (const persona of ["newmember", "ar"] as const) {
      expect((await clients[persona].get(`/camps/${camp.id}`)).status).toBe(404);
      expect((await answer(persona, camp, { answer: "decline" })).status).toBe(404);
    }
    expect((await clients.member.post("/camps/00000000-0000-4000-8000-000000000000", { intent: "answer", answer: "decline" })).status).toBe(404);
    expect((await clients.member.get("/camps/not-a-camp")).status).toBe(404);
    expect(
      (
        await clients.member.post("/camps/not-a-camp", {
          intent: "answer",
          answer: "decline",
        })
      ).status,
    ).toBe(404);
    expect(await invitationOf(camp, "member")).toMatchObject({
      status: "accepted",
      available_days: [camp.days[0]],
    });
    // The function itself: another member's id never reaches the member's invitation.
    expect(
      await answerInvitation(database.db, { id: ids.newmember }, camp.id, {
        answer: "decline",
        days: [],
      }),
    ).toEqual({ status: "not-found" });
  });

  it("an admin opens any camp (no answer form unless invited) but answers only their own invitation", async () => {
    const camp = await makeCamp();
    await invite(camp, "member", "accepted", [camp.days[0]!]);
    await place(camp, "member", camp.days[0]!);
    const page = await clients.admin.get(`/camps/${camp.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(escape(T.notInvitedAdmin));
    expect(html).toContain("Maya Brooks");
    expect(html).not.toContain('name="intent" value="answer"');
    expect((await answer("admin", camp, { answer: "decline" })).status).toBe(404);
  });

  it("an applicant is sent to the dashboard; a visitor to sign in", async () => {
    const camp = await makeCamp();
    await invite(camp, "member");
    const get = await clients.applicant.get(`/camps/${camp.id}`);
    expect(locationOf(get)).toBe("/dashboard");
    const post = await answer("applicant", camp, { answer: "decline" });
    expect(locationOf(post)).toBe("/dashboard");
    expect(locationOf(await clients.applicant.get("/camps"))).toBe("/dashboard");
    expect(locationOf(await new TestClient(app).get(`/camps/${camp.id}`))).toMatch(/^\/auth\?redirect=/);
    expect(await invitationOf(camp, "member")).toMatchObject({
      status: "invited",
    });
  });

  it("refuses a field sent twice, a NUL byte, an unknown answer and a return address of the request's own", async () => {
    const camp = await makeCamp();
    await invite(camp, "newmember");
    expect(
      (
        await answer("newmember", camp, {
          answer: ["accept", "decline"],
          days: [camp.days[0]!],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await answer("newmember", camp, {
          answer: "accept",
          days: [`${camp.days[0]}\u0000`],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await answer("newmember", camp, {
          answer: "maybe",
          days: [camp.days[0]!],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await answer("newmember", camp, {
          answer: "accept",
          days: [camp.days[0]!],
          back: "https://evil.example/",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await answer("newmember", camp, {
          answer: "accept",
          days: [camp.days[0]!],
          back: "//evil.example",
        })
      ).status,
    ).toBe(400);
    expect(await invitationOf(camp, "newmember")).toMatchObject({
      status: "invited",
      responded_at: null,
    });
    // A day sent twice is one day.
    expect(
      (
        await answer("newmember", camp, {
          answer: "accept",
          days: [camp.days[1]!, camp.days[1]!],
          back: "camps",
        })
      ).status,
    ).toBe(302);
    expect(await invitationOf(camp, "newmember")).toMatchObject({
      status: "accepted",
      available_days: [camp.days[1]],
    });
  });
});

describe("what the member sees", () => {
  it("the dashboard shows the invitation with its answer form and the upcoming sessions in both zones", async () => {
    await database.db.updateTable("profiles").set({ time_zone: "Europe/Stockholm" }).where("user_id", "=", ids.newmember).execute();
    const waiting = await makeCamp({ startsInDays: 20 });
    await invite(waiting, "newmember");
    const coming = await makeCamp({ startsInDays: 2 });
    await invite(coming, "newmember", "accepted", coming.days);
    await invite(coming, "member", "accepted", coming.days);
    await place(coming, "newmember", coming.days[0]!, 1, 0);
    await place(coming, "member", coming.days[0]!, 1, 0);

    const html = await (await clients.newmember.get("/dashboard")).text();
    const start = html.indexOf('id="camps-title"');
    const section = html.slice(start, html.indexOf("</section>", start));
    expect(section).toContain(escape(DASHBOARD_TEXT.camps.invitations));
    expect(section).toContain(`action="/camps/${waiting.id}"`);
    expect(section).toContain('name="back" value="dashboard"');
    expect(section).toContain(escape(waiting.name));
    for (const day of waiting.days) expect(section).toContain(`value="${day}"`);
    expect(section).toContain(escape(DASHBOARD_TEXT.camps.upcoming));
    expect(section).toContain("Room Two");
    expect(section).toContain("Maya Brooks");
    // 10:00 in Chicago, and 17:00 in Stockholm (both on standard time or both on summer time).
    expect(section).toMatch(/10:00–13:00 (CST|CDT|GMT-6|GMT-5)/);
    expect(section).toMatch(/17:00–20:00 (CET|CEST|GMT\+1|GMT\+2)/);
    // "With": the others in the session, not the member themselves.
    expect(section).toMatch(/With(<!-- -->)?: (<!-- -->)?Maya Brooks \(Writer\)<\/p>/);
    expect(section).toContain('href="/camps"');
    expect(section).toContain('href="/calendar"');

    // Answered from the dashboard: back to the dashboard, and the invitation is gone from it.
    const response = await answer("newmember", waiting, {
      answer: "accept",
      days: [waiting.days[0]!],
      back: "dashboard",
    });
    expect(locationOf(response)).toBe("/dashboard");
    const after = await dashboardCamps(database.db, ids.newmember);
    expect(after.invitations.map((i) => i.camp.id)).not.toContain(waiting.id);
    expect(after.sessions.map((s) => s.campId)).toContain(coming.id);
  });

  it("the dashboard's camp section is for members and admins, not for A&R or applicants", async () => {
    for (const persona of ["ar", "applicant"] as const) {
      const html = await (await clients[persona].get("/dashboard")).text();
      expect(html).not.toContain('id="camps-title"');
    }
    expect(await (await clients.admin.get("/dashboard")).text()).toContain('id="camps-title"');
  });

  it("/camps lists waiting, coming, declined and past camps, each linking to its page; A&R see the empty state", async () => {
    const waiting = await makeCamp({ startsInDays: 30 });
    const coming = await makeCamp({ startsInDays: 31 });
    const declined = await makeCamp({ startsInDays: 32 });
    const past = await makeCamp({ startsInDays: -20 });
    const notMine = await makeCamp({ startsInDays: 33 });
    await invite(waiting, "newmember");
    await invite(coming, "newmember", "accepted", [coming.days[1]!]);
    await invite(declined, "newmember", "declined");
    await invite(past, "newmember", "accepted", [past.days[0]!]);
    await invite(notMine, "member");

    const html = await (await clients.newmember.get("/camps")).text();
    const group = (id: string) => {
      const start = html.indexOf(`data-testid="camps-${id}"`);
      expect(start).toBeGreaterThan(-1);
      return html.slice(start, html.indexOf("</section>", start));
    };
    expect(group("waiting")).toContain(`href="/camps/${waiting.id}"`);
    expect(group("waiting")).toContain(`action="/camps/${waiting.id}"`);
    expect(group("waiting")).toContain('name="back" value="camps"');
    expect(group("coming")).toContain(`href="/camps/${coming.id}"`);
    expect(group("declined")).toContain(`href="/camps/${declined.id}"`);
    expect(group("past")).toContain(`href="/camps/${past.id}"`);
    expect(group("past")).toContain(escape(T.pastStatus.accepted));
    expect(html).not.toContain(notMine.id);
    // The camp's name is text, never markup.
    expect(html).toContain(escape(waiting.name));
    expect(html).not.toContain(waiting.name);

    // Past camps: newest first.
    const listed = await listMemberCamps(database.db, ids.newmember);
    expect(listed.past.map((entry) => entry.camp.id)).toContain(past.id);
    const starts = listed.past.map((entry) => entry.camp.startsOn);
    expect(starts).toEqual([...starts].sort().reverse());

    const ar = await clients.ar.get("/camps");
    expect(ar.status).toBe(200);
    expect(await ar.text()).toContain(escape(T.empty));
  });

  it("the camp page shows the member's sessions, the schedule for participants and the links", async () => {
    const camp = await makeCamp({ startsInDays: 5 });
    await invite(camp, "member", "accepted", camp.days);
    await invite(camp, "newmember", "accepted", camp.days);
    const session = await place(camp, "member", camp.days[1]!, 0, 1);
    await place(camp, "newmember", camp.days[1]!, 0, 1);
    const html = await (await clients.member.get(`/camps/${camp.id}`)).text();
    expect(html).toContain("Test Studios");
    expect(html).toContain("America/Chicago");
    expect(html).toContain(escape(T.mySessionsTitle));
    expect(html).toContain("Noah Kim (Writer)");
    expect(html).toContain(`href="/camps/${camp.id}/sessions/${session}"`);
    expect(html).toContain(`href="/camps/${camp.id}/calendar.ics"`);
    expect(html).toContain(escape(T.scheduleTitle));
    // Upcoming: no review yet.
    expect(html).not.toContain(`href="/camps/${camp.id}/review"`);
    // "You are in 1 session" next to the day that has one.
    expect(html).toContain(T.sessionsOnDay(1));

    // An invitee who has not accepted sees the camp and the form, not the schedule or the sessions' links.
    const other = await makeCamp({ startsInDays: 5 });
    await invite(other, "member", "accepted", other.days);
    await invite(other, "newmember");
    await place(other, "member", other.days[0]!);
    const invitedView = await (await clients.newmember.get(`/camps/${other.id}`)).text();
    expect(invitedView).toContain('name="intent" value="answer"');
    expect(invitedView).not.toContain(escape(T.scheduleTitle));
    expect(invitedView).not.toContain("/sessions/");
    expect(invitedView).not.toContain("calendar.ics");

    // A past camp links to its review.
    const past = await makeCamp({ startsInDays: -10 });
    await invite(past, "member", "accepted", [past.days[0]!]);
    expect(await (await clients.member.get(`/camps/${past.id}`)).text()).toContain(`href="/camps/${past.id}/review"`);
  });
});

describe("answering while the camp runs", () => {
  it("keeps the sessions that have started (history and split sheets stay); leaves only the ones to come, and the member still opens a session they were in", async () => {
    // A running camp: it started yesterday in its zone, three days.
    const camp = await makeCamp({ startsInDays: -1, days: 3 });
    const [yesterday, today, tomorrow] = camp.days as [string, string, string];
    await invite(camp, "newmember", "accepted", camp.days);
    await place(camp, "newmember", yesterday, 0, 0);
    await place(camp, "newmember", tomorrow, 0, 0);
    const held = camp.sessions.get(`${yesterday} 0 0`)!;
    const coming = camp.sessions.get(`${tomorrow} 0 0`)!;
    const outcome = await answerInvitation(database.db, { id: ids.newmember }, camp.id, { answer: "decline", days: [] });
    expect(outcome).toMatchObject({ status: "saved", answer: "decline", removedFrom: [coming] });
    const seats = await database.db.selectFrom("camp_session_members").select("session_id").where("member_id", "=", ids.newmember).where("camp_id", "=", camp.id).execute();
    expect(seats.map((s) => s.session_id)).toEqual([held]);
    // Declined, yet still in yesterday's session: its page stays theirs (their split sheets are there).
    expect((await clients.newmember.get(`/camps/${camp.id}/sessions/${held}`)).status).toBe(200);
    expect((await clients.newmember.get(`/camps/${camp.id}/sessions/${coming}`)).status).toBe(404);
    expect(today).toBe(todayInZone("America/Chicago"));
  });
});
