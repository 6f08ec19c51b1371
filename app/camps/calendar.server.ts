/**
 * The camp calendars (issue 13 §3, ADR 0088): the member's /calendar page and
 * the three .ics answers (the member's own download, the private feed, a
 * whole camp). Everything is computed on request from the sessions as they
 * are, so a session changed or removed shows changed on the next fetch.
 */
import type { Viewer } from "~/auth/viewer";
import type { Database } from "~/platform/db/connect.server";
import { getRuntime } from "~/platform/runtime.server";
import { CALENDAR_TEXT as T } from "./calendar-text";
import { writeCalendar, type IcsEvent } from "./ics.server";
import { campRoleLabel } from "./roles";
import { memberSessions, sessionGroups, toMemberSession, type MemberSession, type SessionPerson } from "./sessions.server";
import { formatCampDay, formatInZone, wallClock, zoneAbbreviation } from "./time";
import { campsTakenPartIn } from "./participants.server";

/** The site's configured origin, else the request's (links inside the calendar files). */
export function calendarOrigin(request: Request): string {
  const configured = getRuntime().env.PUBLIC_ORIGIN;
  return configured ? new URL(configured).origin : new URL(request.url).origin;
}

export const sessionPath = (campId: string, sessionId: string) => `/camps/${campId}/sessions/${sessionId}`;
export const campPath = (campId: string) => `/camps/${campId}`;
/** UID of a session's event: the same in every calendar, whoever fetches it. */
export const sessionUid = (sessionId: string) => `camp-session-${sessionId}@hitfactory`;

/** A session as a calendar event (its group's names and roles; never contact details). */
export function sessionEvent(session: MemberSession, origin: string): IcsEvent {
  const url = `${origin}${sessionPath(session.campId, session.sessionId)}`;
  const group = session.group.map((person) => `${person.displayName} (${campRoleLabel(person.campRole)})`);
  return {
    uid: sessionUid(session.sessionId),
    day: session.day,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    timeZone: session.timeZone,
    sequence: session.revision,
    lastModified: new Date(session.updatedAt),
    summary: T.icsSummary(session.campName, session.roomName),
    location: T.icsLocation(session.venue, session.roomName),
    description: [`${T.icsGroup} ${group.join(", ")}`, `${T.icsSessionPage} ${url}`].join("\n"),
    url,
  };
}

/** The member's sessions as an iCalendar file. */
export async function memberCalendar(db: Database, memberId: string, origin: string, now = new Date()): Promise<string> {
  const sessions = await memberSessions(db, memberId);
  return writeCalendar({ name: T.icsMemberName, events: sessions.map((s) => sessionEvent(s, origin)), now });
}

/** Whether the viewer may have the camp's calendar: admins, and the camp's accepted participants. */
export async function mayReadCampCalendar(db: Database, viewer: Viewer, campId: string): Promise<boolean> {
  if (viewer.isAdmin) return true;
  const row = await campsTakenPartIn(db, viewer.id).where("camp_invitations.camp_id", "=", campId).executeTakeFirst();
  return row !== undefined;
}

/** Every session of a camp that has people in it, with its group, in time order (null: no such camp). */
export async function campSessions(db: Database, campId: string): Promise<{ name: string; sessions: MemberSession[] } | null> {
  const camp = await db.selectFrom("camps").select(["id", "name", "venue", "time_zone"]).where("id", "=", campId).executeTakeFirst();
  if (!camp) return null;
  const rows = await db
    .selectFrom("camp_sessions as s")
    .innerJoin("camp_rooms as r", "r.id", "s.room_id")
    .innerJoin("camp_slots as sl", "sl.id", "s.slot_id")
    .select(["s.id", "s.day", "sl.starts_at", "sl.ends_at", "r.id as roomId", "r.name as roomName", "s.revision", "s.updated_at"])
    .where("s.camp_id", "=", campId)
    .where((eb) => eb.exists(eb.selectFrom("camp_session_members as m").select("m.session_id").whereRef("m.session_id", "=", "s.id")))
    .orderBy("s.day")
    .orderBy("sl.starts_at")
    .orderBy("r.position")
    .orderBy("r.name")
    .execute();
  const groups = await sessionGroups(db, rows.map((row) => row.id));
  const sessions = rows.map((row) => toMemberSession(camp, row, groups.get(row.id) ?? []));
  return { name: camp.name, sessions };
}

/** A camp's calendar file, or null when there is no such camp. */
export async function campCalendar(db: Database, campId: string, origin: string, now = new Date()): Promise<{ name: string; body: string } | null> {
  const camp = await campSessions(db, campId);
  if (!camp) return null;
  return { name: camp.name, body: writeCalendar({ name: T.icsCampName(camp.name), events: camp.sessions.map((s) => sessionEvent(s, origin)), now }) };
}

// The /calendar page

export interface CalendarPerson {
  /** Only for a listed (public) profile: the page gives no more than the name of anyone else. */
  memberId: string | null;
  displayName: string;
  roleLabel: string;
  /** A listed (public) profile: the name links to /members/<id>. */
  linked: boolean;
  isViewer: boolean;
}

export interface CalendarSession {
  sessionId: string;
  campId: string;
  roomName: string;
  venue: string;
  startsAtUtc: string;
  endsAtUtc: string;
  /** 'HH:MM' in the venue's zone. */
  startsAt: string;
  endsAt: string;
  past: boolean;
  /** "Mon 12 Oct, 10:00–13:00 CDT" in the venue's zone. */
  venueTime: string;
  /** The same in the member's zone; null when it is the venue's. */
  memberTime: string | null;
  group: CalendarPerson[];
}

export interface CalendarDay {
  day: string;
  /** "Monday 12 October 2026" (the venue's date). */
  label: string;
  sessions: CalendarSession[];
}

export interface CalendarCamp {
  campId: string;
  /** The whole camp's .ics is offered (the viewer is an accepted participant, or an admin). */
  campCalendar: boolean;
  campName: string;
  venue: string;
  timeZone: string;
  days: CalendarDay[];
}

export interface CalendarPage {
  /** The member's own zone (profile settings). */
  memberZone: string;
  upcoming: CalendarCamp[];
  past: CalendarCamp[];
  count: number;
}

/** "Mon 12 Oct, 10:00–13:00 CDT" of a span in a zone (the end's date too when it is another day there). */
export function formatSpan(startsAt: Date, endsAt: Date, zone: string): string {
  const sameDay = wallClock(startsAt, zone).day === wallClock(endsAt, zone).day;
  return `${formatInZone(startsAt, zone)}–${formatInZone(endsAt, zone, { withDate: !sameDay })} ${zoneAbbreviation(startsAt, zone)}`;
}

/** A valid IANA zone name, or UTC. */
export function validZone(zone: string | null | undefined): string {
  if (!zone) return "UTC";
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}

/** Whether two zone names are one zone (aliases included: "UTC" and "Etc/UTC"). */
export function sameZone(a: string, b: string): boolean {
  return validZone(a) === validZone(b);
}

function groupByCampAndDay(
  sessions: { campId: string; campName: string; venue: string; timeZone: string; day: string; session: CalendarSession }[],
  campCalendars: Set<string>,
): CalendarCamp[] {
  const camps: CalendarCamp[] = [];
  for (const item of sessions) {
    let camp = camps.find((c) => c.campId === item.campId);
    if (!camp) {
      camp = { campId: item.campId, campCalendar: campCalendars.has(item.campId), campName: item.campName, venue: item.venue, timeZone: item.timeZone, days: [] };
      camps.push(camp);
    }
    let day = camp.days.find((d) => d.day === item.day);
    if (!day) {
      day = { day: item.day, label: formatCampDay(item.day), sessions: [] };
      camp.days.push(day);
    }
    day.sessions.push(item.session);
  }
  return camps;
}

/**
 * The page's data: the member's sessions, upcoming (not yet ended) first in
 * time order, then past ones (the latest first), each grouped by camp and day.
 */
export async function calendarPage(db: Database, viewer: Viewer, now = new Date()): Promise<CalendarPage> {
  const [profile, sessions] = await Promise.all([
    db.selectFrom("profiles").select("time_zone").where("user_id", "=", viewer.id).executeTakeFirst(),
    memberSessions(db, viewer.id),
  ]);
  const peopleIds = [...new Set(sessions.flatMap((s) => s.group.map((p) => p.memberId)))];
  const listed = new Set(
    peopleIds.length === 0
      ? []
      : (
          await db
            .selectFrom("profiles")
            .select("user_id")
            .where("user_id", "in", peopleIds)
            .where("public_profile", "=", true)
            .where("role", "is not", null)
            .where("display_name", "is not", null)
            .execute()
        ).map((row) => row.user_id),
  );
  const person = (p: SessionPerson): CalendarPerson => ({
    memberId: listed.has(p.memberId) ? p.memberId : null,
    displayName: p.displayName,
    roleLabel: campRoleLabel(p.campRole),
    linked: listed.has(p.memberId),
    isViewer: p.memberId === viewer.id,
  });
  const memberZone = validZone(profile?.time_zone);
  const nowIso = now.toISOString();
  const items = sessions.map((s) => ({
    campId: s.campId,
    campName: s.campName,
    venue: s.venue,
    timeZone: s.timeZone,
    day: s.day,
    session: {
      sessionId: s.sessionId,
      campId: s.campId,
      roomName: s.roomName,
      venue: s.venue,
      startsAtUtc: s.startsAtUtc,
      endsAtUtc: s.endsAtUtc,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      past: s.endsAtUtc <= nowIso,
      venueTime: formatSpan(new Date(s.startsAtUtc), new Date(s.endsAtUtc), s.timeZone),
      memberTime: sameZone(s.timeZone, memberZone) ? null : formatSpan(new Date(s.startsAtUtc), new Date(s.endsAtUtc), memberZone),
      // The viewer first, then the others by name.
      group: s.group.map(person).sort((a, b) => Number(b.isViewer) - Number(a.isViewer)),
    },
  }));
  const campIds = [...new Set(sessions.map((s) => s.campId))];
  const accepted =
    viewer.isAdmin || campIds.length === 0
      ? campIds
      : (await campsTakenPartIn(db, viewer.id).where("camp_invitations.camp_id", "in", campIds).execute()).map((row) => row.camp_id);
  const campCalendars = new Set(accepted);
  const upcoming = items.filter((i) => !i.session.past);
  // Past camps and days the latest first; a day's sessions still in their order.
  const past = groupByCampAndDay(
    items.filter((i) => i.session.past),
    campCalendars,
  )
    .reverse()
    .map((camp) => ({ ...camp, days: camp.days.reverse() }));
  return { memberZone, upcoming: groupByCampAndDay(upcoming, campCalendars), past, count: sessions.length };
}
