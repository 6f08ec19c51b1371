/**
 * The camp calendars (issue 13 §3, ADR 0088) against a real database and the
 * app's real request handler: /calendar in the venue's zone and the member's
 * own, the three .ics answers read with a real iCalendar parser (Mozilla's
 * ical.js: each event's instants, TZID, SEQUENCE after a schedule change, a
 * camp across the end of summer time), who may fetch what, the private
 * subscription link (create, replace, revoke: the old token dead at once; one
 * member's token never shows another's sessions; malformed and huge tokens;
 * guessing limited per address) and the token kept out of the request log.
 * The camps are this file's own (made through the database), so it does not
 * depend on the demo seed.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import express from "express";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalUser } from "~/auth/users.server";
import { CALENDAR_FEED_LIMITS } from "~/camps/calendar-feeds.server";
import { CALENDAR_TEXT } from "~/camps/calendar-text";
import { escapeText, foldLine } from "~/camps/ics.server";
import { ensureCampSessions, touchSessions } from "~/camps/sessions.server";
import { addDays, formatCampDay, sessionInstants, todayInZone } from "~/camps/time";
import { CALENDAR } from "~/onboarding/copy";
import type { Database } from "~/platform/db/connect.server";
import { redactUrl } from "~/platform/http/redact-url";
import { requestLogger } from "~/platform/http/request-log.server";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "calendar-password-1";
let database: TestDatabase;
let db: Database;
let app: AppHandler;

type Person = { id: string; email: string; name: string };
const people: Record<string, Person> = {};

async function makeUser(key: string, options: { name: string; zone?: string; role?: "accepted_member" | "accepted_ar" | "admin"; isAdmin?: boolean; isPublic?: boolean }) {
  const email = `${key}@calendars.test`;
  const role = options.role ?? "accepted_member";
  const user = await createLocalUser(db, { email, password: PASSWORD, displayName: options.name, role, confirmed: true });
  await db
    .insertInto("profiles")
    .values({
      user_id: user.id,
      role,
      is_admin: options.isAdmin ?? false,
      display_name: options.name,
      time_zone: options.zone ?? "UTC",
      public_profile: options.isPublic ?? true,
      onboarding_completed: true,
      links: JSON.stringify([]),
    })
    .execute();
  people[key] = { id: user.id, email, name: options.name };
  return people[key]!;
}

async function makeCamp(camp: { name: string; venue: string; zone: string; startsOn: string; endsOn: string; rooms: { name: string; capacity: number }[]; slots: [string, string][] }) {
  const { id } = await db
    .insertInto("camps")
    .values({ name: camp.name, venue: camp.venue, time_zone: camp.zone, starts_on: camp.startsOn, ends_on: camp.endsOn })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [position, room] of camp.rooms.entries()) await db.insertInto("camp_rooms").values({ camp_id: id, name: room.name, capacity: room.capacity, position }).execute();
  for (const [position, [startsAt, endsAt]] of camp.slots.entries()) await db.insertInto("camp_slots").values({ camp_id: id, starts_at: startsAt, ends_at: endsAt, position }).execute();
  await ensureCampSessions(db, id);
  return id;
}

async function invite(campId: string, person: Person, status: "invited" | "accepted" | "declined", days: string[], role: "producer" | "writer" | "topliner" = "writer") {
  await db
    .insertInto("camp_invitations")
    .values({ camp_id: campId, member_id: person.id, camp_role: role, status, available_days: status === "accepted" ? days : [] })
    .execute();
}

async function sessionAt(campId: string, room: string, day: string, startsAt: string) {
  return db
    .selectFrom("camp_sessions as s")
    .innerJoin("camp_rooms as r", "r.id", "s.room_id")
    .innerJoin("camp_slots as sl", "sl.id", "s.slot_id")
    .select(["s.id", "s.slot_id", "s.day"])
    .where("s.camp_id", "=", campId)
    .where("r.name", "=", room)
    .where("s.day", "=", day)
    .where("sl.starts_at", "=", startsAt)
    .executeTakeFirstOrThrow();
}

async function seat(campId: string, sessionId: string, members: Person[]) {
  const session = await db.selectFrom("camp_sessions").select(["day", "slot_id"]).where("id", "=", sessionId).executeTakeFirstOrThrow();
  for (const member of members) {
    await db.insertInto("camp_session_members").values({ session_id: sessionId, camp_id: campId, day: session.day, slot_id: session.slot_id, member_id: member.id }).execute();
  }
}

async function signedIn(person: Person, address?: string): Promise<TestClient> {
  const client = new TestClient(app, address ? { address } : {});
  await client.signIn(person.email, PASSWORD);
  return client;
}

// Parsing with ical.js: the file's own VTIMEZONE blocks are the only zone data the parser has.
type ParsedEvent = { uid: string; start: string; end: string; tzid: string | null; sequence: number; lastModified: string; summary: string; location: string; description: string; url: string };
function parseCalendar(text: string): { name: string; events: ParsedEvent[]; zones: string[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.reset();
  const zones = calendar.getAllSubcomponents("vtimezone").map((zone) => {
    ICAL.TimezoneService.register(zone);
    return String(zone.getFirstPropertyValue("tzid"));
  });
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    const dtstart = vevent.getFirstProperty("dtstart")!;
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      tzid: (dtstart.getParameter("tzid") as string | undefined) ?? null,
      sequence: Number(vevent.getFirstPropertyValue("sequence")),
      lastModified: (vevent.getFirstPropertyValue("last-modified") as ICAL.Time).toJSDate().toISOString(),
      summary: event.summary,
      location: event.location,
      description: event.description,
      url: String(vevent.getFirstPropertyValue("url")),
    };
  });
  return { name: String(calendar.getFirstPropertyValue("x-wr-calname")), events, zones };
}

function expectWellFormed(text: string) {
  expect(text.endsWith("\r\n")).toBe(true);
  // Every line break is CRLF, and no line is longer than 75 octets.
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
}

/** A page's text as a reader gets it: React's text separators gone, entities decoded. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const feedTokenIn = (html: string) => /\/calendar\/feed\/([A-Za-z0-9_-]{43})\.ics/.exec(html)?.[1] ?? null;

// The data: a camp in Berlin across the end of summer time (25 October 2026), one to come in Chicago.
const BERLIN = { name: 'Autumn Camp; Berlin, "Spree" \\ Edition', venue: "Funkhaus Berlin, Nalepastraße 18 — Großer Saal und Studios Ü, Köpenick (Ostberlin)" };
const ROOM_A = "Studio A";
const ROOM_B = "Saal Ü; 2, \\B";
let berlinId: string;
let chicagoId: string;
let chicagoDay: string;
const sessions: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  useTestRuntime(database);
  app = await createAppHandler();

  await makeUser("ana", { name: "Ana Åkesson-Łukasiewicz", zone: "Europe/London" });
  await makeUser("ben", { name: "Ben Private", zone: "Europe/Berlin", isPublic: false });
  await makeUser("cleo", { name: "Cleo Nova", zone: "America/New_York" });
  await makeUser("dev", { name: "Dev Declined" });
  await makeUser("eve", { name: "Eve Invited" });
  await makeUser("stranger", { name: "Sam Stranger" });
  await makeUser("fresh", { name: "Fresh Member" });
  await makeUser("ar", { name: "Ari Anders", role: "accepted_ar" });
  await makeUser("admin", { name: "Ada Admin", role: "admin", isAdmin: true });

  const days = ["2026-10-24", "2026-10-25", "2026-10-26"];
  berlinId = await makeCamp({
    ...BERLIN,
    zone: "Europe/Berlin",
    startsOn: days[0]!,
    endsOn: days[2]!,
    rooms: [
      { name: ROOM_A, capacity: 4 },
      { name: ROOM_B, capacity: 3 },
    ],
    slots: [
      ["10:00", "13:00"],
      ["14:00", "17:00"],
    ],
  });
  await invite(berlinId, people.ana!, "accepted", days, "topliner");
  await invite(berlinId, people.ben!, "accepted", days, "producer");
  await invite(berlinId, people.cleo!, "accepted", days, "writer");
  await invite(berlinId, people.dev!, "declined", []);
  await invite(berlinId, people.eve!, "invited", []);
  sessions.before = (await sessionAt(berlinId, ROOM_A, days[0]!, "10:00")).id;
  sessions.after = (await sessionAt(berlinId, ROOM_A, days[2]!, "10:00")).id;
  sessions.benCleo = (await sessionAt(berlinId, ROOM_B, days[1]!, "14:00")).id;
  await seat(berlinId, sessions.before, [people.ana!, people.ben!]);
  await seat(berlinId, sessions.after, [people.ana!, people.cleo!]);
  await seat(berlinId, sessions.benCleo, [people.ben!, people.cleo!]);

  chicagoDay = addDays(todayInZone("America/Chicago"), 10);
  chicagoId = await makeCamp({
    name: "Chicago Topline Days",
    venue: "Fulton Street Studios",
    zone: "America/Chicago",
    startsOn: chicagoDay,
    endsOn: addDays(chicagoDay, 1),
    rooms: [{ name: "Room 1", capacity: 4 }],
    slots: [["09:00", "12:00"]],
  });
  await invite(chicagoId, people.ana!, "accepted", [chicagoDay]);
  await invite(chicagoId, people.cleo!, "accepted", [chicagoDay]);
  sessions.chicago = (await sessionAt(chicagoId, "Room 1", chicagoDay, "09:00")).id;
  await seat(chicagoId, sessions.chicago, [people.ana!, people.cleo!]);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("the iCalendar writer", () => {
  it("escapes text and folds lines at 75 octets without splitting a character", () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    const long = `DESCRIPTION:${"Ü€😀".repeat(40)}`;
    const folded = foldLine(long);
    for (const line of folded.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    // Unfolding (drop CRLF + one space) gives the line back, every character whole.
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    expect(folded).not.toContain("\uFFFD");
  });
});

describe("/calendar", () => {
  it("shows the member's sessions by camp and day, upcoming first, at the venue and in the member's zone", async () => {
    const ana = await signedIn(people.ana!);
    const response = await ana.get("/calendar");
    expect(response.status).toBe(200);
    const html = textOf(await response.text());
    expect(html).toContain(CALENDAR.title);
    expect(html).toContain(CALENDAR.lead);
    expect(html).not.toContain(CALENDAR.emptyTitle);
    // Upcoming (Chicago) before past (Berlin).
    const upcomingAt = html.indexOf('data-testid="calendar-upcoming"');
    const pastAt = html.indexOf('data-testid="calendar-past"');
    expect(upcomingAt).toBeGreaterThan(0);
    expect(pastAt).toBeGreaterThan(upcomingAt);
    expect(html.indexOf("Chicago Topline Days")).toBeGreaterThan(upcomingAt);
    expect(html.indexOf("Chicago Topline Days")).toBeLessThan(pastAt);
    expect(html.indexOf("Autumn Camp; Berlin")).toBeGreaterThan(pastAt);
    // Before the change: 10:00 CEST at the venue is 09:00 BST in London; after it, 10:00 CET is 09:00 GMT.
    expect(html).toContain("Sat 24 Oct, 10:00–13:00 CEST");
    expect(html).toContain("Sat 24 Oct, 09:00–12:00 BST");
    expect(html).toContain("Mon 26 Oct, 10:00–13:00 CET");
    expect(html).toContain("Mon 26 Oct, 09:00–12:00 GMT");
    expect(html).toContain("(Europe/Berlin)");
    expect(html).toContain(CALENDAR_TEXT.yourZoneNote("Europe/London"));
    // The day headings (the venue's date), the room, the links to the session and the camp.
    expect(html).toContain(formatCampDay("2026-10-24"));
    expect(html).toContain(`href="/camps/${berlinId}/sessions/${sessions.before}"`);
    expect(html).toContain(`href="/camps/${berlinId}"`);
    expect(html).toContain(`href="/camps/${berlinId}/calendar.ics"`);
    expect(html).toContain('href="/calendar/sessions.ics"');
    expect(html).toContain(`href="/camps/${chicagoId}/sessions/${sessions.chicago}"`);
    // Ana is not in the Ben + Cleo session.
    expect(html).not.toContain(sessions.benCleo);
    // The group: Cleo's public profile is linked, Ben's private one is a name only.
    expect(html).toContain(`href="/members/${people.cleo!.id}"`);
    expect(html).toContain("Ben Private");
    expect(html).not.toContain(`href="/members/${people.ben!.id}"`);
    expect(html).toContain("(Producer)");
    // Never anyone else's e-mail address (the viewer's own is in the page's header data).
    for (const person of Object.values(people)) if (person !== people.ana) expect(html).not.toContain(person.email);
  });

  it("says so when the member's zone is the venue's, and shows one time", async () => {
    const ben = await signedIn(people.ben!);
    const html = textOf(await (await ben.get("/calendar")).text());
    expect(html).toContain(CALENDAR_TEXT.sameZone("Europe/Berlin"));
    expect(html).toContain("Sat 24 Oct, 10:00–13:00 CEST");
    expect(html).not.toContain('data-testid="member-time"');
    // Ana's public profile is linked from Ben's page.
    expect(html).toContain(`href="/members/${people.ana!.id}"`);
  });

  it("keeps the honest empty state for a member without sessions, and the way to the community", async () => {
    const fresh = await signedIn(people.fresh!);
    const html = await (await fresh.get("/calendar")).text();
    expect(html).toContain(CALENDAR.emptyTitle);
    expect(html).toContain(CALENDAR.emptyText);
    expect(html).toContain('href="/members"');
    expect(html).toContain(CALENDAR_TEXT.subscriptionNone);
  });

  it("sends visitors to sign in", async () => {
    const response = await new TestClient(app).get("/calendar");
    expect(response.status).toBe(302);
    expect(locationOf(response)).toMatch(/^\/auth\?redirect=/);
  });
});

describe("/calendar/sessions.ics", () => {
  it("is the member's own sessions, with the venue's TZID and the right instants across the change of time", async () => {
    const ana = await signedIn(people.ana!);
    const response = await ana.get("/calendar/sessions.ics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z0-9-]+\.ics"$/);
    expect(response.headers.get("cache-control")).toMatch(/private/);
    const text = await response.text();
    expectWellFormed(text);
    const calendar = parseCalendar(text);
    expect(calendar.zones.sort()).toEqual(["America/Chicago", "Europe/Berlin"]);
    expect(calendar.events.map((e) => e.uid).sort()).toEqual([sessions.after, sessions.before, sessions.chicago].map((id) => `camp-session-${id}@hitfactory`).sort());

    const before = calendar.events.find((e) => e.uid.includes(sessions.before!))!;
    const after = calendar.events.find((e) => e.uid.includes(sessions.after!))!;
    // Fixed figures, not only the app's own arithmetic: CEST is UTC+2, CET UTC+1.
    expect([before.start, before.end]).toEqual(["2026-10-24T08:00:00.000Z", "2026-10-24T11:00:00.000Z"]);
    expect([after.start, after.end]).toEqual(["2026-10-26T09:00:00.000Z", "2026-10-26T12:00:00.000Z"]);
    for (const [event, day] of [[before, "2026-10-24"], [after, "2026-10-26"]] as const) {
      const instants = sessionInstants(day, { starts_at: "10:00", ends_at: "13:00" }, "Europe/Berlin");
      expect(event.start).toBe(instants.startsAt.toISOString());
      expect(event.end).toBe(instants.endsAt.toISOString());
      expect(event.tzid).toBe("Europe/Berlin");
    }
    const chicago = calendar.events.find((e) => e.uid.includes(sessions.chicago!))!;
    expect(chicago.tzid).toBe("America/Chicago");
    expect(chicago.start).toBe(sessionInstants(chicagoDay, { starts_at: "09:00", ends_at: "12:00" }, "America/Chicago").startsAt.toISOString());

    // The text comes back exactly (escaping undone by the parser), with the group's names and roles.
    expect(before.summary).toBe(`${BERLIN.name}: ${ROOM_A}`);
    expect(before.location).toBe(`${BERLIN.venue}, ${ROOM_A}`);
    expect(before.description).toContain("Ana Åkesson-Łukasiewicz (Topliner)");
    expect(before.description).toContain("Ben Private (Producer)");
    expect(before.url).toBe(`http://hitfactory.test/camps/${berlinId}/sessions/${sessions.before}`);
    expect(before.sequence).toBe(0);
    for (const person of Object.values(people)) expect(text).not.toContain(person.email);
  });

  it("sends visitors to sign in", async () => {
    const response = await new TestClient(app).get("/calendar/sessions.ics");
    expect(response.status).toBe(302);
  });
});

describe("/camps/:campId/calendar.ics", () => {
  it("gives every session with people, with its group, to the camp's participants and admins", async () => {
    for (const key of ["ana", "admin"]) {
      const client = await signedIn(people[key]!);
      const response = await client.get(`/camps/${berlinId}/calendar.ics`);
      expect(response.status, key).toBe(200);
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="autumn-camp-berlin-spree-edition.ics"');
      const text = await response.text();
      expectWellFormed(text);
      const calendar = parseCalendar(text);
      expect(calendar.zones).toEqual(["Europe/Berlin"]);
      // Three sessions have people (of 12).
      expect(calendar.events.map((e) => e.uid).sort()).toEqual([sessions.after, sessions.before, sessions.benCleo].map((id) => `camp-session-${id}@hitfactory`).sort());
      const benCleo = calendar.events.find((e) => e.uid.includes(sessions.benCleo!))!;
      expect(benCleo.summary).toBe(`${BERLIN.name}: ${ROOM_B}`);
      // 25 October 14:00 in Berlin is after the change: CET, 13:00 UTC.
      expect(benCleo.start).toBe("2026-10-25T13:00:00.000Z");
      expect(benCleo.description).toContain("Cleo Nova (Writer)");
    }
  });

  it("is 404 for a declined invitee, an invitee who has not answered, another member, an A&R, an unknown or malformed camp; visitors sign in", async () => {
    for (const key of ["dev", "eve", "stranger", "ar"]) {
      const client = await signedIn(people[key]!);
      const response = await client.get(`/camps/${berlinId}/calendar.ics`);
      expect(response.status, key).toBe(404);
      expect(await response.text()).not.toContain("BEGIN:VCALENDAR");
    }
    const admin = await signedIn(people.admin!);
    expect((await admin.get("/camps/00000000-0000-4000-8000-000000000000/calendar.ics")).status).toBe(404);
    expect((await admin.get("/camps/not-a-camp/calendar.ics")).status).toBe(404);
    const visitor = await new TestClient(app).get(`/camps/${berlinId}/calendar.ics`);
    expect(visitor.status).toBe(302);
    expect(locationOf(visitor)).toMatch(/^\/auth\?redirect=/);
  });

  it("shows a schedule change on the next fetch: SEQUENCE and LAST-MODIFIED follow the session, a removed person is gone", async () => {
    const admin = await signedIn(people.admin!);
    const first = parseCalendar(await (await admin.get(`/camps/${berlinId}/calendar.ics`)).text());
    const was = first.events.find((e) => e.uid.includes(sessions.benCleo!))!;
    // Ben leaves the session (as H2's removeMember does: the change and touchSessions together).
    const later = new Date(Date.now() + 60_000);
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom("camp_session_members").where("session_id", "=", sessions.benCleo!).where("member_id", "=", people.ben!.id).execute();
      await touchSessions(tx, [sessions.benCleo!], later);
    });
    const second = parseCalendar(await (await admin.get(`/camps/${berlinId}/calendar.ics`)).text());
    const now = second.events.find((e) => e.uid.includes(sessions.benCleo!))!;
    expect(now.uid).toBe(was.uid);
    expect(now.sequence).toBe(was.sequence + 1);
    expect(new Date(now.lastModified).getTime()).toBe(Math.floor(later.getTime() / 1000) * 1000);
    expect(now.description).not.toContain("Ben Private");
    expect(now.description).toContain("Cleo Nova");
    // Ben's own calendar no longer has it.
    const ben = await signedIn(people.ben!);
    const bens = parseCalendar(await (await ben.get("/calendar/sessions.ics")).text());
    expect(bens.events.map((e) => e.uid)).not.toContain(was.uid);
  });
});

describe("the private subscription link", () => {
  it("is created, fetched without a session, replaced (the old link dead at once) and revoked", async () => {
    const ana = await signedIn(people.ana!);
    const created = await ana.post("/calendar", { intent: "create" });
    expect(created.status).toBe(302);
    expect(locationOf(created)).toBe("/calendar");
    const page = await (await ana.get("/calendar")).text();
    const token = feedTokenIn(page)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(page).toContain(`webcal://hitfactory.test/calendar/feed/${token}.ics`);
    // The database holds its SHA-256 only.
    const row = await db.selectFrom("calendar_feeds").selectAll().where("member_id", "=", people.ana!.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    // The page shows it again later.
    expect(feedTokenIn(await (await ana.get("/calendar")).text())).toBe(token);

    // Fetched by a calendar program: no cookie, "<token>.ics" or "<token>".
    const visitor = new TestClient(app, { address: "198.51.100.7" });
    for (const path of [`/calendar/feed/${token}.ics`, `/calendar/feed/${token}`]) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("private, max-age=300");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z0-9-]+\.ics"$/);
      expect(response.headers.getSetCookie()).toEqual([]);
      const calendar = parseCalendar(await response.text());
      expect(calendar.events.map((e) => e.uid).sort()).toEqual([sessions.after, sessions.before, sessions.chicago].map((id) => `camp-session-${id}@hitfactory`).sort());
    }
    // A signed-in browser's cookies are not read, nor refreshed.
    const withCookies = await ana.get(`/calendar/feed/${token}.ics`);
    expect(withCookies.status).toBe(200);
    expect(withCookies.headers.getSetCookie()).toEqual([]);

    // A second "create" is refused: replacing is its own, deliberate step.
    const again = await ana.post("/calendar", { intent: "create" });
    expect(again.status).toBe(409);

    const replaced = await ana.post("/calendar", { intent: "replace" });
    expect(replaced.status).toBe(302);
    const fresh = feedTokenIn(await (await ana.get("/calendar")).text())!;
    expect(fresh).not.toBe(token);
    expect((await visitor.get(`/calendar/feed/${token}.ics`)).status).toBe(404);
    expect((await visitor.get(`/calendar/feed/${fresh}.ics`)).status).toBe(200);

    const revoked = await ana.post("/calendar", { intent: "revoke" });
    expect(revoked.status).toBe(302);
    expect((await visitor.get(`/calendar/feed/${fresh}.ics`)).status).toBe(404);
    const after = await (await ana.get("/calendar")).text();
    expect(feedTokenIn(after)).toBeNull();
    expect(after).toContain(CALENDAR_TEXT.subscriptionNone);
    // Revoking twice: nothing to revoke.
    const twice = await ana.post("/calendar", { intent: "revoke" });
    expect(twice.status).toBe(404);
    expect(await twice.text()).toContain(CALENDAR_TEXT.nothingToRevoke);
  });

  it("of one member never shows another's sessions, and never appears on another's page", async () => {
    const ana = await signedIn(people.ana!);
    const cleo = await signedIn(people.cleo!);
    await ana.post("/calendar", { intent: "replace" });
    await cleo.post("/calendar", { intent: "create" });
    const anaToken = feedTokenIn(await (await ana.get("/calendar")).text())!;
    const cleoPage = await (await cleo.get("/calendar")).text();
    const cleoToken = feedTokenIn(cleoPage)!;
    expect(cleoToken).not.toBe(anaToken);
    expect(cleoPage).not.toContain(anaToken);
    const visitor = new TestClient(app, { address: "198.51.100.8" });
    const anas = parseCalendar(await (await visitor.get(`/calendar/feed/${anaToken}.ics`)).text());
    const cleos = parseCalendar(await (await visitor.get(`/calendar/feed/${cleoToken}.ics`)).text());
    expect(anas.events.map((e) => e.uid)).not.toContain(`camp-session-${sessions.benCleo}@hitfactory`);
    expect(cleos.events.map((e) => e.uid)).toContain(`camp-session-${sessions.benCleo}@hitfactory`);
    expect(cleos.events.map((e) => e.uid)).not.toContain(`camp-session-${sessions.before}@hitfactory`);
    // Nobody's other page carries the token: the admin's view of the member, the member's profile.
    const admin = await signedIn(people.admin!);
    for (const path of [`/admin/users/${people.ana!.id}`, `/members/${people.ana!.id}`, "/calendar"]) {
      const html = await (await admin.get(path)).text();
      expect(html, path).not.toContain(anaToken);
    }
  });

  it("answers 404 to malformed and huge tokens without a lookup, and limits guessing per address", async () => {
    const visitor = new TestClient(app, { address: "203.0.113.9" });
    for (const path of ["/calendar/feed/abc", "/calendar/feed/abc.ics", `/calendar/feed/${"a".repeat(42)}!`, "/calendar/feed/%00", `/calendar/feed/${"A".repeat(43)}.ics.ics`, "/calendar/feed/%3Cscript%3E"]) {
      const response = await visitor.get(path);
      // A NUL in the address is refused by the input checks before routing (400).
      expect(path.includes("%00") ? [400, 404] : [404], path).toContain(response.status);
      expect(await response.text()).not.toContain("BEGIN:VCALENDAR");
    }
    const huge = await visitor.get(`/calendar/feed/${"x".repeat(20_000)}.ics`);
    expect([400, 404, 414]).toContain(huge.status);
    // Well-formed guesses: counted per address; past the limit, 429 before any lookup.
    const guesser = new TestClient(app, { address: "203.0.113.10" });
    const limit = CALENDAR_FEED_LIMITS.unknownTokens.limit;
    for (let i = 0; i < limit; i++) {
      const guess = `${String(i).padStart(3, "0")}${"G".repeat(40)}`;
      expect((await guesser.get(`/calendar/feed/${guess}.ics`)).status).toBe(404);
    }
    const refused = await guesser.get(`/calendar/feed/${"H".repeat(43)}.ics`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // Others are not affected.
    const ana = await signedIn(people.ana!);
    const token = feedTokenIn(await (await ana.get("/calendar")).text())!;
    expect((await new TestClient(app, { address: "203.0.113.11" }).get(`/calendar/feed/${token}.ics`)).status).toBe(200);
  });

  it("stops while its owner is suspended or no longer a member, and works again when they are back", async () => {
    const cleo = await signedIn(people.cleo!);
    const token = feedTokenIn(await (await cleo.get("/calendar")).text())!;
    const app_ = new TestClient(app, { address: "198.51.100.20" });
    const status = async () => (await app_.get(`/calendar/feed/${token}.ics`)).status;
    expect(await status()).toBe(200);
    await db.insertInto("account_suspensions").values({ user_id: people.cleo!.id, reason: "Test", ends_at: new Date(Date.now() + 3_600_000) }).execute();
    expect(await status()).toBe(404);
    await db.deleteFrom("account_suspensions").where("user_id", "=", people.cleo!.id).execute();
    expect(await status()).toBe(200);
    await db.updateTable("profiles").set({ role: null }).where("user_id", "=", people.cleo!.id).execute();
    expect(await status()).toBe(404);
    await db.updateTable("profiles").set({ role: "accepted_member" }).where("user_id", "=", people.cleo!.id).execute();
    expect(await status()).toBe(200);
  });

  it("an A&R (never invited to camps) has the page with its empty state", async () => {
    const ar = await signedIn(people.ar!);
    const page = await ar.get("/calendar");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(CALENDAR.emptyTitle);
  });
});

describe("the request log", () => {
  it("never holds a calendar token, encoded or not", async () => {
    const token = "Zyxwvutsrqponmlkjihgfedcba9876543210_-ZYXWV";
    expect(redactUrl(`/calendar/feed/${token}.ics`)).toBe("/calendar/feed/[redacted]");
    expect(redactUrl(`/calendar/feed/${token}`)).toBe("/calendar/feed/[redacted]");
    expect(redactUrl(`/Calendar/Feed/${token}.ics?x=1`)).toBe("/Calendar/Feed/[redacted]?x=1");
    expect(redactUrl(`/calendar/f%65ed/${token}.ics`)).not.toContain(token);
    expect(redactUrl(`https://hitfactory.test/calendar/feed/${token}.ics`)).toBe("https://hitfactory.test/calendar/feed/[redacted]");
    // The other calendar paths stay as they are.
    expect(redactUrl("/calendar/sessions.ics")).toBe("/calendar/sessions.ics");

    // As server.ts mounts it: a real request through morgan, URL and Referer.
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
    const server = express();
    server.use(requestLogger({ production: true, stream }));
    server.all("*", (_req, res) => res.status(200).send("ok"));
    const listening = http.createServer(server);
    await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
      await (await fetch(`${base}/calendar/feed/${token}.ics`, { headers: { referer: `${base}/calendar/feed/${token}` } })).text();
      for (let i = 0; i < 50 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(lines.length).toBe(1);
      expect(lines[0]).toContain("GET /calendar/feed/[redacted]");
      expect(lines[0]).not.toContain(token);
    } finally {
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    }
  });
});
