/**
 * The member's side of camps (issue 13, ADR 0089): answering an invitation
 * (accept with days, decline, change days later), the member's camps, one
 * camp as its invitee sees it, and the dashboard's camp section.
 *
 * An invitation is only ever read by (camp id, the viewer's own id): another
 * member's invitation, a camp the viewer is not invited to and a camp that
 * does not exist are the same "not found", so nobody learns that a camp
 * exists. Admins may open any camp (they see everything; they answer only an
 * invitation of their own).
 */
import type { Kysely, Transaction } from "kysely";
import type { CampRole, DB } from "~/platform/db/schema";
import { safeTimeZone } from "~/dashboard/greeting";
import { memberSessions, sessionGroups, touchSessions, type MemberSession, type SessionPerson } from "./sessions.server";
import { campDays, campPhase, sessionInstants, shortTime, type CampPhase } from "./time";

type Executor = Kysely<DB> | Transaction<DB>;

export type InvitationStatus = "invited" | "accepted" | "declined";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isCampId = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

export interface AnswerInput {
  answer: "accept" | "decline";
  /** The days the member can come (accept); ignored for decline. */
  days: readonly string[];
  /**
   * When true, an answer that would take the member out of sessions changes
   * nothing and returns those sessions ('confirm'): the page states them
   * before the member confirms.
   */
  requireConfirmation?: boolean;
}

export type AnswerOutcome =
  | { status: "not-found" }
  | { status: "past" }
  | { status: "no-days" }
  | { status: "not-camp-days"; days: string[] }
  | { status: "confirm"; sessions: LostSession[] }
  | {
      status: "saved";
      answer: "accept" | "decline";
      previous: InvitationStatus;
      days: string[];
      removedFrom: string[];
    };

/** A session the member would leave (or left). */
export interface LostSession {
  sessionId: string;
  day: string;
  startsAt: string;
  endsAt: string;
  roomName: string;
}

/**
 * The member's sessions in a camp on days they can no longer come (every session when they decline),
 * that have not started yet: a session that took place stays in the history (and its split sheets).
 */
async function sessionsToLeave(tx: Executor, memberId: string, campId: string, keepDays: readonly string[], timeZone: string, now: Date): Promise<LostSession[]> {
  let query = tx
    .selectFrom("camp_session_members as m")
    .innerJoin("camp_sessions as s", "s.id", "m.session_id")
    .innerJoin("camp_rooms as r", "r.id", "s.room_id")
    .innerJoin("camp_slots as sl", "sl.id", "s.slot_id")
    .select(["s.id", "s.day", "sl.starts_at", "sl.ends_at", "r.name"])
    .where("m.member_id", "=", memberId)
    .where("m.camp_id", "=", campId);
  if (keepDays.length > 0) query = query.where("m.day", "not in", [...keepDays]);
  const rows = (await query.orderBy("s.day").orderBy("sl.starts_at").orderBy("r.position").execute()).filter(
    (row) => sessionInstants(row.day, row, timeZone).startsAt > now,
  );
  return rows.map((row) => ({
    sessionId: row.id,
    day: row.day,
    startsAt: shortTime(row.starts_at),
    endsAt: shortTime(row.ends_at),
    roomName: row.name,
  }));
}

/**
 * Answers the member's own invitation, in one transaction: accept with at
 * least one of the camp's days, decline (clears the days), or change the
 * days. Sessions on days the member can no longer come are left (their
 * revision bumped, so the calendars update). Refused once the camp has ended.
 */
export async function answerInvitation(db: Kysely<DB>, member: { id: string }, campId: string, input: AnswerInput, now = new Date()): Promise<AnswerOutcome> {
  if (!isCampId(campId)) return { status: "not-found" };
  return db.transaction().execute(async (tx): Promise<AnswerOutcome> => {
    // The camp row first, as every change of its groups does (app/camps/groups.server.ts): a placement
    // that read this invitation as accepted cannot commit after the answer that declines it.
    await tx.selectFrom("camps").select("id").where("id", "=", campId).forNoKeyUpdate().executeTakeFirst();
    // The invitation row is locked: two answers from two tabs are applied one after the other.
    const invitation = await tx
      .selectFrom("camp_invitations as i")
      .innerJoin("camps as c", "c.id", "i.camp_id")
      .select(["i.status", "c.starts_on", "c.ends_on", "c.time_zone"])
      .where("i.camp_id", "=", campId)
      .where("i.member_id", "=", member.id)
      .forUpdate("i")
      .executeTakeFirst();
    if (!invitation) return { status: "not-found" };
    if (campPhase(invitation, now) === "past") return { status: "past" };
    const campDaySet = new Set(campDays(invitation.starts_on, invitation.ends_on));
    let days: string[] = [];
    if (input.answer === "accept") {
      days = [...new Set(input.days)].sort();
      const outside = days.filter((day) => !campDaySet.has(day));
      if (outside.length > 0) return { status: "not-camp-days", days: outside };
      if (days.length === 0) return { status: "no-days" };
    }
    const leaving = await sessionsToLeave(tx, member.id, campId, input.answer === "accept" ? days : [], invitation.time_zone, now);
    if (leaving.length > 0 && input.requireConfirmation) return { status: "confirm", sessions: leaving };
    if (leaving.length > 0) {
      const sessionIds = leaving.map((s) => s.sessionId);
      await tx.deleteFrom("camp_session_members").where("member_id", "=", member.id).where("session_id", "in", sessionIds).execute();
      await touchSessions(tx, sessionIds, now);
    }
    await tx
      .updateTable("camp_invitations")
      .set({
        status: input.answer === "accept" ? "accepted" : "declined",
        available_days: days,
        responded_at: now,
      })
      .where("camp_id", "=", campId)
      .where("member_id", "=", member.id)
      .execute();
    return {
      status: "saved",
      answer: input.answer,
      previous: invitation.status,
      days,
      removedFrom: leaving.map((s) => s.sessionId),
    };
  });
}

/** The sessions an answer would take the member out of (the confirmation step), without changing anything. */
export async function sessionsLostByAnswer(
  db: Executor,
  memberId: string,
  campId: string,
  input: Pick<AnswerInput, "answer" | "days">,
  now = new Date(),
): Promise<LostSession[]> {
  if (!isCampId(campId)) return [];
  const camp = await db.selectFrom("camps").select("time_zone").where("id", "=", campId).executeTakeFirst();
  if (!camp) return [];
  return sessionsToLeave(db, memberId, campId, input.answer === "accept" ? [...new Set(input.days)] : [], camp.time_zone, now);
}

// ---------------------------------------------------------------------------
// Reading

export interface CampSummary {
  id: string;
  name: string;
  venue: string;
  timeZone: string;
  startsOn: string;
  endsOn: string;
  description: string | null;
  phase: CampPhase;
  /** Every day of the camp, in order. */
  days: string[];
}

export interface MemberInvitation {
  status: InvitationStatus;
  campRole: CampRole;
  availableDays: string[];
  respondedAt: string | null;
}

export interface MemberCampEntry {
  camp: CampSummary;
  invitation: MemberInvitation;
}

export interface MemberCamps {
  /** Invitations waiting for an answer, the camp not over. */
  waiting: MemberCampEntry[];
  /** Accepted, upcoming or running. */
  coming: MemberCampEntry[];
  /** Declined, the camp not over (they may still change their mind). */
  declined: MemberCampEntry[];
  /** Camps that have ended, whatever the answer, newest first. */
  past: MemberCampEntry[];
}

type CampRow = {
  id: string;
  name: string;
  venue: string;
  time_zone: string;
  starts_on: string;
  ends_on: string;
  description: string | null;
};

function summary(row: CampRow, now: Date): CampSummary {
  return {
    id: row.id,
    name: row.name,
    venue: row.venue,
    timeZone: row.time_zone,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    description: row.description,
    phase: campPhase(row, now),
    days: campDays(row.starts_on, row.ends_on),
  };
}

async function invitationsOf(db: Executor, memberId: string, now: Date, options: { status?: InvitationStatus } = {}): Promise<MemberCampEntry[]> {
  let query = db
    .selectFrom("camp_invitations as i")
    .innerJoin("camps as c", "c.id", "i.camp_id")
    .select([
      "c.id",
      "c.name",
      "c.venue",
      "c.time_zone",
      "c.starts_on",
      "c.ends_on",
      "c.description",
      "i.status",
      "i.camp_role",
      "i.available_days",
      "i.responded_at",
    ])
    .where("i.member_id", "=", memberId);
  if (options.status) query = query.where("i.status", "=", options.status);
  const rows = await query.orderBy("c.starts_on").orderBy("c.name").execute();
  return rows.map((row) => ({
    camp: summary(row, now),
    invitation: {
      status: row.status,
      campRole: row.camp_role,
      availableDays: [...row.available_days].sort(),
      respondedAt: row.responded_at ? new Date(row.responded_at).toISOString() : null,
    },
  }));
}

/** The member's camps, grouped for /camps. */
export async function listMemberCamps(db: Executor, memberId: string, now = new Date()): Promise<MemberCamps> {
  const entries = await invitationsOf(db, memberId, now);
  const result: MemberCamps = {
    waiting: [],
    coming: [],
    declined: [],
    past: [],
  };
  for (const entry of entries) {
    if (entry.camp.phase === "past") result.past.unshift(entry);
    else if (entry.invitation.status === "invited") result.waiting.push(entry);
    else if (entry.invitation.status === "accepted") result.coming.push(entry);
    else result.declined.push(entry);
  }
  return result;
}

export interface DashboardCamps {
  /** Invitations waiting for an answer (camps not over), each answerable right there. */
  invitations: MemberCampEntry[];
  /** The next few sessions the member is in (each group: the others in it). */
  sessions: MemberSession[];
  /** Whether the member has been invited to any camp at all (else the section says what will come). */
  anyCamp: boolean;
}

export const DASHBOARD_SESSION_LIMIT = 5;

/** The dashboard's camp section. */
export async function dashboardCamps(db: Executor, memberId: string, now = new Date()): Promise<DashboardCamps> {
  const [all, sessions] = await Promise.all([
    invitationsOf(db, memberId, now),
    memberSessions(db, memberId, {
      endingAfter: now,
      limit: DASHBOARD_SESSION_LIMIT,
    }),
  ]);
  return {
    invitations: all.filter((entry) => entry.invitation.status === "invited" && entry.camp.phase !== "past"),
    sessions: withoutMember(sessions, memberId),
    anyCamp: all.length > 0,
  };
}

/** The member's sessions with "who else": each group without the member themselves. */
function withoutMember(sessions: MemberSession[], memberId: string): MemberSession[] {
  return sessions.map((session) => ({
    ...session,
    group: session.group.filter((person) => person.memberId !== memberId),
  }));
}

/** A session of the camp's schedule, with its group (names and roles only). */
export interface ScheduleSession {
  sessionId: string;
  day: string;
  startsAt: string;
  endsAt: string;
  startsAtUtc: string;
  endsAtUtc: string;
  roomName: string;
  group: SessionPerson[];
}

export interface MemberCampView {
  camp: CampSummary;
  /** The viewer's own invitation (null: an admin not on the roster). */
  invitation: MemberInvitation | null;
  /** May see the schedule, the sessions and the camp's calendar: an accepted participant or an admin. */
  participant: boolean;
  /** The viewer's own sessions in this camp (each group: the others in it). */
  mySessions: MemberSession[];
  /** Sessions with people in them (participants and admins only; empty otherwise). */
  schedule: ScheduleSession[];
  /** Sessions per camp day the viewer is in (for the "you are in n sessions" next to each day). */
  sessionsPerDay: Record<string, number>;
  /** The viewer's own zone (profiles.time_zone, UTC when unknown). */
  viewerTimeZone: string;
}

/**
 * One camp as the viewer may see it: its invitee (any status) or an admin;
 * null for anyone else, and for unknown or malformed ids alike.
 */
export async function getMemberCamp(db: Executor, viewer: { id: string; isAdmin: boolean }, campId: string, now = new Date()): Promise<MemberCampView | null> {
  if (!isCampId(campId)) return null;
  const [camp, invitation, profile] = await Promise.all([
    db.selectFrom("camps").select(["id", "name", "venue", "time_zone", "starts_on", "ends_on", "description"]).where("id", "=", campId).executeTakeFirst(),
    db
      .selectFrom("camp_invitations")
      .select(["status", "camp_role", "available_days", "responded_at"])
      .where("camp_id", "=", campId)
      .where("member_id", "=", viewer.id)
      .executeTakeFirst(),
    db.selectFrom("profiles").select("time_zone").where("user_id", "=", viewer.id).executeTakeFirst(),
  ]);
  if (!camp || (!invitation && !viewer.isAdmin)) return null;
  const participant = invitation?.status === "accepted" || viewer.isAdmin;
  const [mySessions, schedule] = await Promise.all([
    invitation ? memberSessions(db, viewer.id, { campId }).then((sessions) => withoutMember(sessions, viewer.id)) : Promise.resolve([]),
    participant ? campSchedule(db, campId, camp.time_zone) : Promise.resolve([]),
  ]);
  const sessionsPerDay: Record<string, number> = {};
  for (const session of mySessions) sessionsPerDay[session.day] = (sessionsPerDay[session.day] ?? 0) + 1;
  return {
    camp: summary(camp, now),
    invitation: invitation
      ? {
          status: invitation.status,
          campRole: invitation.camp_role,
          availableDays: [...invitation.available_days].sort(),
          respondedAt: invitation.responded_at ? new Date(invitation.responded_at).toISOString() : null,
        }
      : null,
    participant,
    mySessions,
    schedule,
    sessionsPerDay,
    viewerTimeZone: safeTimeZone(profile?.time_zone),
  };
}

/** The camp's sessions that have people in them, in time order, with their groups. */
async function campSchedule(db: Executor, campId: string, zone: string): Promise<ScheduleSession[]> {
  const rows = await db
    .selectFrom("camp_sessions as s")
    .innerJoin("camp_rooms as r", "r.id", "s.room_id")
    .innerJoin("camp_slots as sl", "sl.id", "s.slot_id")
    .select(["s.id", "s.day", "sl.starts_at", "sl.ends_at", "r.name"])
    .where("s.camp_id", "=", campId)
    .where((eb) => eb.exists(eb.selectFrom("camp_session_members as m").select("m.member_id").whereRef("m.session_id", "=", "s.id")))
    .orderBy("s.day")
    .orderBy("sl.starts_at")
    .orderBy("r.position")
    .orderBy("r.name")
    .execute();
  const groups = await sessionGroups(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const { startsAt, endsAt } = sessionInstants(row.day, row, zone);
    return {
      sessionId: row.id,
      day: row.day,
      startsAt: shortTime(row.starts_at),
      endsAt: shortTime(row.ends_at),
      startsAtUtc: startsAt.toISOString(),
      endsAtUtc: endsAt.toISOString(),
      roomName: row.name,
      group: groups.get(row.id) ?? [],
    };
  });
}
