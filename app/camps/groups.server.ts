/**
 * The groups of a camp's sessions (issue 13 §2, ADR 0087): who is in which
 * room in which slot, placed by hand (placeMember, moveMember, removeMember)
 * or from a suggestion (suggestForCamp, then applyGroups). A session with
 * songs keeps its group: no hand change (add, move, remove) and no suggestion
 * touches it.
 *
 * Every change is ONE transaction that first locks the camp's row (changes to
 * one camp's groups run one after the other, so the checks below see every
 * earlier change), checks the rules with a sentence an admin understands
 * ("Maya Brooks is already in Studio A at 10:00 on Monday 12 October.",
 * "Studio B holds 4 people."), writes, bumps the changed sessions' revision
 * (touchSessions: the calendars follow), records the audit entry and puts one
 * notice in the inbox of each person whose sessions changed. The database
 * holds the same rules (no double booking, no over-full room, only the
 * roster): a refusal from it, from a writer that does not take the lock, is
 * turned into the same sentence, never a 500.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { recordAdminAction } from "~/audit/audit.server";
import { deliverNotice } from "~/inbox/inbox.server";
import type { DB } from "~/platform/db/schema";
import type { CampSchedule, ScheduleRoom, ScheduleSession, ScheduleSlot, SchedulePerson } from "./groups-view";

export type { CampSchedule, ScheduleRoom, ScheduleSession, ScheduleSlot, SchedulePerson };
import { GROUPS_LIMITS, GROUPS_TEXT, memberCampPath, scheduleDay } from "./groups-text";
import { pairKey, suggestGroups, type PairingInput, type PairingMetrics, type PairingSession } from "./pairing";
import { touchSessions } from "./sessions.server";
import { campDays, shortTime } from "./time";

type Executor = Kysely<DB> | Transaction<DB>;
type Actor = Pick<Viewer, "id" | "displayName">;

const E = GROUPS_TEXT.errors;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/** A refusal shown with the form (under `field` when given). */
export class GroupsError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 409,
    readonly field?: string,
  ) {
    super(message);
    this.name = "GroupsError";
  }
}

/** A camp's days, slots, rooms, roster and sessions with their groups; null for an unknown camp. */
export async function loadSchedule(db: Executor, campId: string): Promise<CampSchedule | null> {
  if (!isUuid(campId)) return null;
  const camp = await db.selectFrom("camps").select(["id", "name", "venue", "time_zone", "starts_on", "ends_on"]).where("id", "=", campId).executeTakeFirst();
  if (!camp) return null;
  const [slots, rooms, roster, sessions, seated] = await Promise.all([
    db.selectFrom("camp_slots").select(["id", "starts_at", "ends_at"]).where("camp_id", "=", campId).orderBy("starts_at").orderBy("id").execute(),
    db.selectFrom("camp_rooms").select(["id", "name", "capacity"]).where("camp_id", "=", campId).orderBy("position").orderBy("name").execute(),
    db
      .selectFrom("camp_invitations as i")
      .leftJoin("profiles as p", "p.user_id", "i.member_id")
      .select(["i.member_id", "i.camp_role", "i.status", "i.available_days", "p.display_name"])
      .where("i.camp_id", "=", campId)
      .orderBy("p.display_name")
      .orderBy("i.member_id")
      .execute(),
    db.selectFrom("camp_sessions").select(["id", "day", "slot_id", "room_id", "revision"]).where("camp_id", "=", campId).execute(),
    db.selectFrom("camp_session_members").select(["session_id", "member_id"]).where("camp_id", "=", campId).orderBy("added_at").orderBy("member_id").execute(),
  ]);
  const members = new Map<string, string[]>();
  for (const row of seated) members.set(row.session_id, [...(members.get(row.session_id) ?? []), row.member_id]);
  return {
    camp: { id: camp.id, name: camp.name, venue: camp.venue, timeZone: camp.time_zone, startsOn: camp.starts_on, endsOn: camp.ends_on },
    days: campDays(camp.starts_on, camp.ends_on),
    slots: slots.map((s) => ({ id: s.id, startsAt: shortTime(s.starts_at), endsAt: shortTime(s.ends_at) })),
    rooms: rooms.map((r) => ({ id: r.id, name: r.name, capacity: r.capacity })),
    people: roster.map((r) => ({
      id: r.member_id,
      name: r.display_name?.trim() || "Member",
      role: r.camp_role,
      status: r.status,
      availableDays: [...(r.available_days ?? [])].sort(),
    })),
    sessions: sessions.map((s) => ({ id: s.id, day: s.day, slotId: s.slot_id, roomId: s.room_id, revision: s.revision, memberIds: members.get(s.id) ?? [] })),
  };
}

/**
 * Pairs of these people who were in a session together in an earlier camp
 * (one that started before this one), with how often.
 */
export async function earlierPairs(db: Executor, campId: string, startsOn: string, memberIds: string[]): Promise<Map<string, number>> {
  const pairs = new Map<string, number>();
  if (memberIds.length < 2) return pairs;
  const rows = await sql<{ a: string; b: string; times: number }>`
    select a.member_id as a, b.member_id as b, count(*)::int as times
      from public.camp_session_members a
      join public.camp_session_members b on b.session_id = a.session_id and b.member_id > a.member_id
      join public.camps c on c.id = a.camp_id
     where c.id <> ${campId}::uuid and c.starts_on < ${startsOn}::date
       and a.member_id = any(${memberIds}::uuid[]) and b.member_id = any(${memberIds}::uuid[])
     group by a.member_id, b.member_id
  `.execute(db);
  for (const row of rows.rows) pairs.set(pairKey(row.a, row.b), Number(row.times));
  return pairs;
}

export type SuggestMode = "fill" | "replace";

/** The input of suggestGroups for a camp: its accepted people, rooms and slots, earlier pairs and (to fill) the groups already made. */
export async function suggestionInput(db: Executor, schedule: CampSchedule, mode: SuggestMode, seed: number): Promise<PairingInput> {
  const people = schedule.people.filter((p) => p.status === "accepted");
  const accepted = new Set(people.map((p) => p.id));
  const pastPairs = await earlierPairs(db, schedule.camp.id, schedule.camp.startsOn, people.map((p) => p.id));
  // To fill: every group made so far stays. To replace: only the groups of sessions with songs stay (applyGroups keeps them).
  const frozen = mode === "replace" ? await sessionsWithSongs(db, schedule.camp.id) : new Set<string>();
  const keep: PairingSession[] = schedule.sessions
    .filter((s) => s.memberIds.length > 0 && (mode === "fill" || frozen.has(s.id)))
    .map((s) => ({ day: s.day, slotId: s.slotId, roomId: s.roomId, memberIds: s.memberIds.filter((id) => accepted.has(id)) }));
  return {
    days: schedule.days,
    slots: schedule.slots,
    rooms: schedule.rooms,
    people: people.map((p) => ({ id: p.id, role: p.role, availableDays: p.availableDays })),
    keep,
    pastPairs,
    seed,
  };
}

export interface ProposedGroup {
  sessionId: string;
  memberIds: string[];
}

export interface Suggestion {
  mode: SuggestMode;
  seed: number;
  groups: ProposedGroup[];
  metrics: PairingMetrics;
  /** Where each new person goes (not already in that session). */
  added: number;
}

/** Suggested groups for the camp (nothing saved). */
export async function suggestForCamp(db: Executor, campId: string, mode: SuggestMode, seed: number): Promise<Suggestion> {
  const schedule = await loadSchedule(db, campId);
  if (!schedule) throw new GroupsError(E.campMissing, 404);
  const input = await suggestionInput(db, schedule, mode, seed);
  const result = suggestGroups(input);
  const byKey = new Map(schedule.sessions.map((s) => [`${s.day}|${s.slotId}|${s.roomId}`, s]));
  const groups: ProposedGroup[] = [];
  let added = 0;
  for (const session of result.sessions) {
    const row = byKey.get(`${session.day}|${session.slotId}|${session.roomId}`);
    if (!row || session.memberIds.length === 0) continue;
    groups.push({ sessionId: row.id, memberIds: session.memberIds });
    added += session.memberIds.filter((id) => !row.memberIds.includes(id)).length;
  }
  return { mode, seed, groups, metrics: result.metrics, added };
}

/** The proposal as one hidden field: "sessionId=memberId,memberId;sessionId=...". */
export function encodeProposal(groups: readonly ProposedGroup[]): string {
  return groups
    .filter((g) => g.memberIds.length > 0)
    .map((g) => `${g.sessionId}=${g.memberIds.join(",")}`)
    .join(";");
}

/** Reads a proposal back; null when it is not one (the server then refuses it). */
export function decodeProposal(text: string): ProposedGroup[] | null {
  if (text.length > GROUPS_LIMITS.proposalChars) return null;
  if (text.trim() === "") return [];
  const groups: ProposedGroup[] = [];
  const seen = new Set<string>();
  for (const part of text.split(";")) {
    const [sessionId, list, ...rest] = part.split("=");
    if (rest.length > 0 || !isUuid(sessionId) || list === undefined) return null;
    const memberIds = list === "" ? [] : list.split(",");
    if (!memberIds.every(isUuid) || new Set(memberIds).size !== memberIds.length) return null;
    const key = sessionId.toLowerCase();
    if (seen.has(key)) return null;
    seen.add(key);
    groups.push({ sessionId: key, memberIds: memberIds.map((id) => id.toLowerCase()) });
  }
  return groups;
}

// ---- Changes ----------------------------------------------------------------

interface Context {
  schedule: CampSchedule;
  rooms: Map<string, ScheduleRoom>;
  slots: Map<string, ScheduleSlot>;
  people: Map<string, SchedulePerson>;
  sessions: Map<string, ScheduleSession>;
}

function contextOf(schedule: CampSchedule): Context {
  return {
    schedule,
    rooms: new Map(schedule.rooms.map((r) => [r.id, r])),
    slots: new Map(schedule.slots.map((s) => [s.id, s])),
    people: new Map(schedule.people.map((p) => [p.id, p])),
    sessions: new Map(schedule.sessions.map((s) => [s.id, s])),
  };
}

/** Locks the camp (one change to its groups at a time) and reads its schedule. */
async function lockedSchedule(tx: Transaction<DB>, campId: string): Promise<Context> {
  if (!isUuid(campId)) throw new GroupsError(E.campMissing, 404);
  const locked = await tx.selectFrom("camps").select("id").where("id", "=", campId).forNoKeyUpdate().executeTakeFirst();
  if (!locked) throw new GroupsError(E.campMissing, 404);
  const schedule = await loadSchedule(tx, campId);
  if (!schedule) throw new GroupsError(E.campMissing, 404);
  return contextOf(schedule);
}

const roomOf = (ctx: Context, session: ScheduleSession) => ctx.rooms.get(session.roomId)!;
const timeOf = (ctx: Context, session: ScheduleSession) => ctx.slots.get(session.slotId)?.startsAt ?? "";
const nameOf = (ctx: Context, memberId: string) => ctx.people.get(memberId)?.name ?? "Member";
export const sessionLabel = (room: string, time: string, day: string) => `${room} at ${time} on ${scheduleDay(day)}`;
const labelOf = (ctx: Context, session: ScheduleSession) => sessionLabel(roomOf(ctx, session).name, timeOf(ctx, session), session.day);

function sessionIn(ctx: Context, sessionId: string, field?: string): ScheduleSession {
  const session = isUuid(sessionId) ? ctx.sessions.get(sessionId.toLowerCase()) : undefined;
  if (!session) throw new GroupsError(E.sessionMissing, 404, field);
  return session;
}

/** Who may sit in `session`: an accepted participant, available that day. */
function checkPerson(ctx: Context, memberId: string, session: ScheduleSession, field?: string): SchedulePerson {
  const person = ctx.people.get(memberId);
  if (!person) throw new GroupsError(E.notOnRoster, 409, field);
  if (person.status !== "accepted") throw new GroupsError(E.notAccepted(person.name), 409, field);
  if (!person.availableDays.includes(session.day)) throw new GroupsError(E.unavailable(person.name, session.day), 409, field);
  return person;
}

/** The session this person is already in at that day and slot (besides `except`). */
function bookedElsewhere(ctx: Context, memberId: string, session: ScheduleSession, except?: string): ScheduleSession | undefined {
  return ctx.schedule.sessions.find((s) => s.id !== session.id && s.id !== except && s.day === session.day && s.slotId === session.slotId && s.memberIds.includes(memberId));
}

function checkSeat(ctx: Context, memberId: string, session: ScheduleSession, options: { except?: string; field?: string } = {}) {
  const person = checkPerson(ctx, memberId, session, options.field);
  const room = roomOf(ctx, session);
  if (session.memberIds.includes(memberId)) throw new GroupsError(E.alreadyThere(person.name, room.name), 409, options.field);
  const other = bookedElsewhere(ctx, memberId, session, options.except);
  if (other) throw new GroupsError(E.doubleBooked(person.name, roomOf(ctx, other).name, timeOf(ctx, other), other.day), 409, options.field);
  if (session.memberIds.length >= room.capacity) throw new GroupsError(E.roomFull(room.name, room.capacity), 409, options.field);
}

interface DbError {
  code?: string;
  constraint?: string;
  message?: string;
}
const dbError = (error: unknown): DbError => (error && typeof error === "object" ? (error as DbError) : {});
const names = (e: DbError, name: string) => e.constraint === name || (e.message ?? "").includes(name);

/**
 * The database refused a seat: the same sentence the checks give. Reads where
 * the person is now (after the refusal, outside the failed transaction).
 */
export async function refusalMessage(db: Executor, error: unknown, seat: { campId: string; memberId: string; sessionId: string }): Promise<GroupsError | null> {
  const e = dbError(error);
  if (e.code !== "23505" && e.code !== "23514" && e.code !== "23503") return null;
  const schedule = await loadSchedule(db, seat.campId);
  if (!schedule) return new GroupsError(E.campMissing, 404);
  const ctx = contextOf(schedule);
  const session = ctx.sessions.get(seat.sessionId);
  if (!session) return new GroupsError(E.sessionMissing, 404);
  const person = ctx.people.get(seat.memberId);
  const room = roomOf(ctx, session);
  if (e.code === "23505" && names(e, "camp_session_members_no_double_booking")) {
    const other = bookedElsewhere(ctx, seat.memberId, session);
    const where = other ?? session;
    return new GroupsError(E.doubleBooked(nameOf(ctx, seat.memberId), roomOf(ctx, where).name, timeOf(ctx, where), where.day), 409);
  }
  if (e.code === "23505") return new GroupsError(E.alreadyThere(nameOf(ctx, seat.memberId), room.name), 409);
  if (e.code === "23514" && names(e, "camp_session_members_room_capacity")) return new GroupsError(E.roomFull(room.name, room.capacity), 409);
  if (e.code === "23503") return new GroupsError(person ? E.notAccepted(person.name) : E.notOnRoster, 409);
  return null;
}

async function seatRows(tx: Transaction<DB>, campId: string, actorId: string, seats: { session: ScheduleSession; memberId: string }[]) {
  if (seats.length === 0) return;
  await tx
    .insertInto("camp_session_members")
    .values(seats.map(({ session, memberId }) => ({ session_id: session.id, camp_id: campId, day: session.day, slot_id: session.slotId, member_id: memberId, added_by: actorId })))
    .execute();
}

/** One notice per person whose sessions changed in this save. */
async function notify(tx: Transaction<DB>, ctx: Context, actor: Actor, changes: Map<string, string[]>) {
  for (const [memberId, lines] of changes) {
    if (lines.length === 0) continue;
    await deliverNotice(tx, {
      recipientId: memberId,
      senderId: actor.id,
      senderName: actor.displayName,
      kind: "camp",
      subject: GROUPS_TEXT.notice.subject(ctx.schedule.camp.name),
      body: GROUPS_TEXT.notice.body(ctx.schedule.camp.name, lines),
      link: memberCampPath(ctx.schedule.camp.id),
    });
  }
}

const groupNames = (ctx: Context, memberIds: string[]) => memberIds.map((id) => nameOf(ctx, id));

/** Runs a change; a refusal from the database comes back as the sentence the checks give. */
async function run<T>(db: Kysely<DB>, seat: { campId: string; memberId: string; sessionId: string } | null, work: (tx: Transaction<DB>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (error instanceof GroupsError) throw error;
    const e = dbError(error);
    if (seat) {
      const refusal = await refusalMessage(db, error, seat);
      if (refusal) throw refusal;
    } else if (e.code === "23505" || e.code === "23514" || e.code === "23503") {
      throw new GroupsError(E.proposalSessions, 409);
    }
    throw error;
  }
}

export interface SeatInput {
  campId: string;
  sessionId: string;
  memberId: string;
}

/** Puts an accepted participant in a session's group. */
export async function placeMember(db: Kysely<DB>, admin: Actor, input: SeatInput): Promise<{ name: string; room: string }> {
  return run(db, input, async (tx) => {
    const ctx = await lockedSchedule(tx, input.campId);
    const session = sessionIn(ctx, input.sessionId, "sessionId");
    if (!isUuid(input.memberId)) throw new GroupsError(E.notOnRoster, 409, "memberId");
    const memberId = input.memberId.toLowerCase();
    checkSeat(ctx, memberId, session, { field: "memberId" });
    // A session with songs keeps the group that wrote them, as moves, removals and suggestions do: someone
    // added now would make its split sheets incomplete, and a sheet held by a submission could not be fixed.
    if ((await sessionsWithSongs(tx, input.campId)).has(session.id)) throw new GroupsError(E.hasSongs(roomOf(ctx, session).name, timeOf(ctx, session)), 409, "memberId");
    const before = groupNames(ctx, session.memberIds);
    await seatRows(tx, input.campId, admin.id, [{ session, memberId }]);
    await touchSessions(tx, [session.id]);
    await recordAdminAction(tx, {
      actor: admin,
      action: "camp.session_changed",
      target: { type: "camp", id: input.campId, label: ctx.schedule.camp.name },
      before: { session: labelOf(ctx, session), group: before },
      after: { session: labelOf(ctx, session), group: [...before, nameOf(ctx, memberId)] },
    });
    await notify(tx, ctx, admin, new Map([[memberId, [GROUPS_TEXT.notice.added(roomOf(ctx, session).name, timeOf(ctx, session), session.day)]]]));
    return { name: nameOf(ctx, memberId), room: roomOf(ctx, session).name };
  });
}

/** Moves a person from one session's group to another's (any day or slot of the camp). */
export async function moveMember(
  db: Kysely<DB>,
  admin: Actor,
  input: { campId: string; memberId: string; fromSessionId: string; toSessionId: string },
): Promise<{ name: string; room: string }> {
  return run(db, { campId: input.campId, memberId: input.memberId, sessionId: input.toSessionId }, async (tx) => {
    const ctx = await lockedSchedule(tx, input.campId);
    const from = sessionIn(ctx, input.fromSessionId);
    const to = sessionIn(ctx, input.toSessionId, "toSessionId");
    if (!isUuid(input.memberId)) throw new GroupsError(E.notOnRoster, 409);
    const memberId = input.memberId.toLowerCase();
    if (!from.memberIds.includes(memberId)) throw new GroupsError(E.notThere(nameOf(ctx, memberId), roomOf(ctx, from).name), 409);
    if (from.id === to.id) throw new GroupsError(E.sameSession, 400, "toSessionId");
    const frozen = await sessionsWithSongs(tx, input.campId);
    for (const session of [from, to]) if (frozen.has(session.id)) throw new GroupsError(E.hasSongs(roomOf(ctx, session).name, timeOf(ctx, session)), 409);
    checkSeat(ctx, memberId, to, { except: from.id, field: "toSessionId" });
    const beforeFrom = groupNames(ctx, from.memberIds);
    const beforeTo = groupNames(ctx, to.memberIds);
    await tx.deleteFrom("camp_session_members").where("session_id", "=", from.id).where("member_id", "=", memberId).execute();
    await seatRows(tx, input.campId, admin.id, [{ session: to, memberId }]);
    await touchSessions(tx, [from.id, to.id]);
    await recordAdminAction(tx, {
      actor: admin,
      action: "camp.session_changed",
      target: { type: "camp", id: input.campId, label: ctx.schedule.camp.name },
      before: { [labelOf(ctx, from)]: beforeFrom, [labelOf(ctx, to)]: beforeTo },
      after: { [labelOf(ctx, from)]: groupNames(ctx, from.memberIds.filter((id) => id !== memberId)), [labelOf(ctx, to)]: [...beforeTo, nameOf(ctx, memberId)] },
    });
    await notify(
      tx,
      ctx,
      admin,
      new Map([
        [
          memberId,
          [
            GROUPS_TEXT.notice.removed(roomOf(ctx, from).name, timeOf(ctx, from), from.day),
            GROUPS_TEXT.notice.added(roomOf(ctx, to).name, timeOf(ctx, to), to.day),
          ],
        ],
      ]),
    );
    return { name: nameOf(ctx, memberId), room: roomOf(ctx, to).name };
  });
}

/**
 * Sessions that have songs on record: their group is who wrote them (the split sheets name
 * everyone in the session), so an admin's hand or a suggestion leaves them as they are.
 */
async function sessionsWithSongs(tx: Kysely<DB> | Transaction<DB>, campId: string): Promise<Set<string>> {
  const rows = await tx.selectFrom("camp_songs").select("session_id").distinct().where("camp_id", "=", campId).execute();
  return new Set(rows.map((row) => row.session_id));
}

/** Takes a person out of a session's group. */
export async function removeMember(db: Kysely<DB>, admin: Actor, input: SeatInput): Promise<{ name: string; room: string }> {
  return run(db, null, async (tx) => {
    const ctx = await lockedSchedule(tx, input.campId);
    const session = sessionIn(ctx, input.sessionId);
    const memberId = isUuid(input.memberId) ? input.memberId.toLowerCase() : "";
    if (!session.memberIds.includes(memberId)) throw new GroupsError(E.notThere(nameOf(ctx, memberId), roomOf(ctx, session).name), 409);
    if ((await sessionsWithSongs(tx, input.campId)).has(session.id)) throw new GroupsError(E.hasSongs(roomOf(ctx, session).name, timeOf(ctx, session)), 409);
    const before = groupNames(ctx, session.memberIds);
    await tx.deleteFrom("camp_session_members").where("session_id", "=", session.id).where("member_id", "=", memberId).execute();
    await touchSessions(tx, [session.id]);
    await recordAdminAction(tx, {
      actor: admin,
      action: "camp.session_changed",
      target: { type: "camp", id: input.campId, label: ctx.schedule.camp.name },
      before: { session: labelOf(ctx, session), group: before },
      after: { session: labelOf(ctx, session), group: groupNames(ctx, session.memberIds.filter((id) => id !== memberId)) },
    });
    await notify(tx, ctx, admin, new Map([[memberId, [GROUPS_TEXT.notice.removed(roomOf(ctx, session).name, timeOf(ctx, session), session.day)]]]));
    return { name: nameOf(ctx, memberId), room: roomOf(ctx, session).name };
  });
}

/**
 * Saves a proposal (a suggestion from the preview, sent back by the browser:
 * checked again whole, as anything from a form). `replace`: the sessions get
 * exactly these groups (everyone else is taken out); otherwise the people
 * already placed stay and the proposal only adds people to free seats.
 */
export async function applyGroups(
  db: Kysely<DB>,
  admin: Actor,
  campId: string,
  proposal: readonly ProposedGroup[],
  options: { replace: boolean },
): Promise<{ sessions: number; people: number }> {
  return run(db, null, async (tx) => {
    const ctx = await lockedSchedule(tx, campId);
    const final = new Map<string, string[]>();
    const frozen = await sessionsWithSongs(tx, campId);
    for (const session of ctx.schedule.sessions) final.set(session.id, options.replace && !frozen.has(session.id) ? [] : [...session.memberIds]);
    for (const group of proposal) {
      const session = ctx.sessions.get(group.sessionId);
      if (!session) throw new GroupsError(E.proposalSessions, 409);
      // A session with songs keeps the group that wrote them (replace and fill alike).
      if (frozen.has(session.id)) continue;
      const members = final.get(session.id)!;
      for (const memberId of group.memberIds) if (!members.includes(memberId)) members.push(memberId);
    }
    // Every rule, on the groups as they would be.
    const seen = new Map<string, ScheduleSession>();
    const current = (memberId: string, session: ScheduleSession) => bookedElsewhere(ctx, memberId, session);
    for (const session of ctx.schedule.sessions) {
      const members = final.get(session.id)!;
      const room = roomOf(ctx, session);
      const added = members.filter((id) => !session.memberIds.includes(id));
      for (const memberId of added) checkPerson(ctx, memberId, session);
      if (members.length > room.capacity) throw new GroupsError(E.roomFull(room.name, room.capacity), 409);
      for (const memberId of members) {
        const key = `${memberId}|${session.day}|${session.slotId}`;
        const other = seen.get(key);
        if (other) {
          // Name the place they already hold (before this save) when there is one.
          const held = options.replace ? other : (current(memberId, session) ?? other);
          throw new GroupsError(E.doubleBooked(nameOf(ctx, memberId), roomOf(ctx, held).name, timeOf(ctx, held), held.day), 409);
        }
        seen.set(key, session);
      }
    }
    // The differences, written: out first, then in.
    const changedSessions: string[] = [];
    const lines = new Map<string, string[]>();
    const note = (memberId: string, line: string) => lines.set(memberId, [...(lines.get(memberId) ?? []), line]);
    const before: Record<string, string[]> = {};
    const after: Record<string, string[]> = {};
    const seats: { session: ScheduleSession; memberId: string }[] = [];
    for (const session of ctx.schedule.sessions) {
      const members = final.get(session.id)!;
      const out = session.memberIds.filter((id) => !members.includes(id));
      const into = members.filter((id) => !session.memberIds.includes(id));
      if (out.length === 0 && into.length === 0) continue;
      changedSessions.push(session.id);
      before[labelOf(ctx, session)] = groupNames(ctx, session.memberIds);
      after[labelOf(ctx, session)] = groupNames(ctx, members);
      const room = roomOf(ctx, session).name;
      for (const id of out) note(id, GROUPS_TEXT.notice.removed(room, timeOf(ctx, session), session.day));
      for (const id of into) note(id, GROUPS_TEXT.notice.added(room, timeOf(ctx, session), session.day));
      if (out.length > 0) await tx.deleteFrom("camp_session_members").where("session_id", "=", session.id).where("member_id", "in", out).execute();
      for (const memberId of into) seats.push({ session, memberId });
    }
    if (changedSessions.length === 0) return { sessions: 0, people: 0 };
    await seatRows(tx, campId, admin.id, seats);
    await touchSessions(tx, changedSessions);
    await recordAdminAction(tx, {
      actor: admin,
      action: "camp.groups_applied",
      target: { type: "camp", id: campId, label: ctx.schedule.camp.name },
      before: { mode: options.replace ? "replace" : "fill", groups: before },
      after: { mode: options.replace ? "replace" : "fill", groups: after },
    });
    await notify(tx, ctx, admin, lines);
    return { sessions: changedSessions.length, people: lines.size };
  });
}
