/**
 * Camp planning for admins (issue 13 §1, ADR 0086): the list of camps,
 * creating one, editing its details, rooms and slots, and the roster
 * (invitations, camp roles, withdrawals) with who is coming.
 *
 * Every change runs in one transaction that first locks the camp's row, so two
 * admins editing one camp are applied one after the other, never interleaved;
 * it calls ensureCampSessions whenever dates, rooms or slots change (a session
 * per room x slot x day) and records its audit entry in the same transaction.
 * A change that would take people out of sessions is refused until the admin
 * confirms it (ConfirmationNeededError: the page shows what goes and a button
 * that posts again with confirm=yes); one that would delete sessions with
 * songs is refused outright.
 */
import { sql, type Transaction } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { recordAdminAction } from "~/audit/audit.server";
import { deliverNotice } from "~/inbox/inbox.server";
import { escapeLike, isUserId } from "~/members/members.server";
import type { Database } from "~/platform/db/connect.server";
import type { CampInvitationStatus, CampRole, DB } from "~/platform/db/schema";
import type { CreateCampInput, DetailsInput, RoomInput, SlotInput } from "./planning-schema";
import { slotsOverlap } from "./planning-schema";
import { campDateRange, PLANNING_LIMITS as L, PLANNING_TEXT } from "./planning-text";
import { campRoleFromSkills, campRoleLabel } from "./roles";
import { CampSessionsHaveSongsError, ensureCampSessions, touchSessions } from "./sessions.server";
import { campDays, campPhase, shortTime, type CampPhase } from "./time";

const T = PLANNING_TEXT;
const E = PLANNING_TEXT.errors;

type Tx = Transaction<DB>;
type Actor = Pick<Viewer, "id" | "displayName">;

/** A refusal shown with the form: under `field` when given, else over the form. */
export class PlanningError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 409,
    readonly field?: string,
  ) {
    super(message);
    this.name = "PlanningError";
  }
}

/** The change takes people out of sessions: shown on a confirmation step, then posted again with confirm=yes. */
export class ConfirmationNeededError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfirmationNeededError";
  }
}

export const isCampId = (value: string | null | undefined): value is string => isUserId(value);

/** Locks the camp's row for the rest of the transaction (planning edits of one camp run one at a time). */
async function lockCamp(tx: Tx, campId: string) {
  if (!isCampId(campId)) throw new PlanningError(E.notFound, 404);
  const camp = await tx.selectFrom("camps").selectAll().where("id", "=", campId).forUpdate().executeTakeFirst();
  if (!camp) throw new PlanningError(E.notFound, 404);
  return camp;
}

async function ensureSessions(tx: Tx, campId: string, songsMessage: string) {
  try {
    return await ensureCampSessions(tx, campId);
  } catch (error) {
    if (error instanceof CampSessionsHaveSongsError) throw new PlanningError(songsMessage, 409);
    throw error;
  }
}

/** A unique violation of the rooms' (camp, name) key: a race with another admin adding the same room. */
function isDuplicateRoom(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  return e?.code === "23505" && /camp_rooms/.test(`${e.constraint ?? ""} ${e.message ?? ""}`);
}

const slotLabel = (slot: { starts_at: string; ends_at: string }) => `${shortTime(slot.starts_at)}–${shortTime(slot.ends_at)}`;

// ---------------------------------------------------------------------------
// The list

export interface CampListItem {
  id: string;
  name: string;
  venue: string;
  timeZone: string;
  startsOn: string;
  endsOn: string;
  phase: CampPhase;
  invited: number;
  accepted: number;
  declined: number;
}

/** Every camp with its answers counted: upcoming and running first (soonest first), then past (latest first). */
export async function listCamps(db: Database, now = new Date()): Promise<{ current: CampListItem[]; past: CampListItem[] }> {
  const rows = await db
    .selectFrom("camps as c")
    .leftJoin("camp_invitations as i", "i.camp_id", "c.id")
    .select([
      "c.id",
      "c.name",
      "c.venue",
      "c.time_zone",
      "c.starts_on",
      "c.ends_on",
      sql<number>`count(i.member_id) filter (where i.status = 'invited')::int`.as("invited"),
      sql<number>`count(i.member_id) filter (where i.status = 'accepted')::int`.as("accepted"),
      sql<number>`count(i.member_id) filter (where i.status = 'declined')::int`.as("declined"),
    ])
    .groupBy("c.id")
    .orderBy("c.starts_on")
    .orderBy("c.id")
    .execute();
  const items = rows.map((row) => ({
    id: row.id,
    name: row.name,
    venue: row.venue,
    timeZone: row.time_zone,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    phase: campPhase(row, now),
    invited: Number(row.invited),
    accepted: Number(row.accepted),
    declined: Number(row.declined),
  }));
  return { current: items.filter((c) => c.phase !== "past"), past: items.filter((c) => c.phase === "past").reverse() };
}

// ---------------------------------------------------------------------------
// Creating a camp

async function insertRooms(tx: Tx, campId: string, rooms: RoomInput[], from = 0) {
  if (rooms.length === 0) return [];
  return tx
    .insertInto("camp_rooms")
    .values(rooms.map((room, index) => ({ camp_id: campId, name: room.name, capacity: room.capacity, position: from + index })))
    .returning(["id", "name", "capacity"])
    .execute();
}

async function insertSlots(tx: Tx, campId: string, slots: SlotInput[], from = 0) {
  if (slots.length === 0) return [];
  return tx
    .insertInto("camp_slots")
    .values(slots.map((slot, index) => ({ camp_id: campId, starts_at: slot.startsAt, ends_at: slot.endsAt, position: from + index })))
    .returning(["id", "starts_at", "ends_at"])
    .execute();
}

/** The camp, its rooms, its slots and every session, with the audit entry: all or nothing. */
export async function createCamp(db: Database, actor: Actor, input: CreateCampInput): Promise<{ id: string; name: string; sessions: number }> {
  return db.transaction().execute(async (tx) => {
    const camp = await tx
      .insertInto("camps")
      .values({
        name: input.name,
        venue: input.venue,
        time_zone: input.timeZone,
        starts_on: input.startsOn,
        ends_on: input.endsOn,
        description: input.description || null,
        created_by: actor.id,
      })
      .returning(["id", "name"])
      .executeTakeFirstOrThrow();
    await insertRooms(tx, camp.id, input.rooms);
    await insertSlots(tx, camp.id, input.slots);
    const { added } = await ensureCampSessions(tx, camp.id);
    await recordAdminAction(tx, {
      actor,
      action: "camp.created",
      target: { type: "camp", id: camp.id, label: camp.name },
      after: {
        name: input.name,
        venue: input.venue,
        timeZone: input.timeZone,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        rooms: input.rooms,
        slots: input.slots,
        sessions: added,
      },
    });
    return { id: camp.id, name: camp.name, sessions: added };
  });
}

// ---------------------------------------------------------------------------
// One camp's planning page

export interface PlanningRoom {
  id: string;
  name: string;
  capacity: number;
  /** People placed in this room's sessions, all told, and the most in any one session. */
  places: number;
  mostSeated: number;
}

export interface PlanningSlot {
  id: string;
  startsAt: string;
  endsAt: string;
  places: number;
}

export interface RosterEntry {
  memberId: string;
  displayName: string;
  campRole: CampRole;
  status: CampInvitationStatus;
  availableDays: string[];
  invitedAt: string;
  respondedAt: string | null;
  /** Sessions they are placed in. */
  places: number;
}

export interface InvitableMember {
  id: string;
  displayName: string;
  defaultRole: CampRole;
}

export interface CampPlanning {
  camp: {
    id: string;
    name: string;
    venue: string;
    timeZone: string;
    startsOn: string;
    endsOn: string;
    description: string | null;
    phase: CampPhase;
    days: string[];
  };
  rooms: PlanningRoom[];
  slots: PlanningSlot[];
  sessions: number;
  roster: RosterEntry[];
  counts: Record<CampInvitationStatus, number>;
  perDay: { day: string; total: number; byRole: Record<CampRole, number> }[];
  invitable: { query: string; members: InvitableMember[]; more: boolean; anyLeft: boolean };
}

/** Everything /admin/camps/:campId shows; null for an unknown or malformed id. */
export async function getCampPlanning(db: Database, campId: string, options: { query?: string; now?: Date } = {}): Promise<CampPlanning | null> {
  if (!isCampId(campId)) return null;
  const camp = await db.selectFrom("camps").selectAll().where("id", "=", campId).executeTakeFirst();
  if (!camp) return null;
  const query = (options.query ?? "").trim().slice(0, L.search);
  const [rooms, slots, sessions, roster, invitable, anyLeft] = await Promise.all([
    sql<{ id: string; name: string; capacity: number; places: number; most_seated: number }>`
      select r.id, r.name, r.capacity,
             coalesce(sum(seated.n), 0)::int as places, coalesce(max(seated.n), 0)::int as most_seated
        from public.camp_rooms r
        left join lateral (
          select count(m.member_id)::int as n from public.camp_sessions s
            join public.camp_session_members m on m.session_id = s.id
           where s.room_id = r.id group by s.id
        ) seated on true
       where r.camp_id = ${campId}::uuid
       group by r.id
       order by r.position, r.name`.execute(db),
    sql<{ id: string; starts_at: string; ends_at: string; places: number }>`
      select sl.id, sl.starts_at::text as starts_at, sl.ends_at::text as ends_at,
             (select count(*)::int from public.camp_session_members m where m.slot_id = sl.id) as places
        from public.camp_slots sl where sl.camp_id = ${campId}::uuid order by sl.starts_at`.execute(db),
    db.selectFrom("camp_sessions").select(sql<number>`count(*)::int`.as("n")).where("camp_id", "=", campId).executeTakeFirstOrThrow(),
    db
      .selectFrom("camp_invitations as i")
      .leftJoin("profiles as p", "p.user_id", "i.member_id")
      .select([
        "i.member_id",
        "p.display_name",
        "i.camp_role",
        "i.status",
        "i.available_days",
        "i.invited_at",
        "i.responded_at",
        sql<number>`(select count(*)::int from public.camp_session_members m where m.camp_id = i.camp_id and m.member_id = i.member_id)`.as("places"),
      ])
      .where("i.camp_id", "=", campId)
      .orderBy("p.display_name")
      .orderBy("i.member_id")
      .execute(),
    invitableQuery(db, campId, query).limit(L.invitable + 1).execute(),
    invitableQuery(db, campId, "").select("p.user_id").limit(1).execute(),
  ]);
  const days = campDays(camp.starts_on, camp.ends_on);
  const entries: RosterEntry[] = roster.map((row) => ({
    memberId: row.member_id,
    displayName: row.display_name?.trim() || "Member",
    campRole: row.camp_role,
    status: row.status,
    availableDays: [...row.available_days].sort(),
    invitedAt: new Date(row.invited_at).toISOString(),
    respondedAt: row.responded_at ? new Date(row.responded_at).toISOString() : null,
    places: Number(row.places),
  }));
  const counts = { invited: 0, accepted: 0, declined: 0 } satisfies Record<CampInvitationStatus, number>;
  for (const entry of entries) counts[entry.status] += 1;
  const perDay = days.map((day) => {
    const byRole: Record<CampRole, number> = { producer: 0, writer: 0, topliner: 0 };
    let total = 0;
    for (const entry of entries) {
      if (entry.status !== "accepted" || !entry.availableDays.includes(day)) continue;
      byRole[entry.campRole] += 1;
      total += 1;
    }
    return { day, total, byRole };
  });
  return {
    camp: {
      id: camp.id,
      name: camp.name,
      venue: camp.venue,
      timeZone: camp.time_zone,
      startsOn: camp.starts_on,
      endsOn: camp.ends_on,
      description: camp.description,
      phase: campPhase(camp, options.now),
      days,
    },
    rooms: rooms.rows.map((r) => ({ id: r.id, name: r.name, capacity: r.capacity, places: Number(r.places), mostSeated: Number(r.most_seated) })),
    slots: slots.rows.map((s) => ({ id: s.id, startsAt: shortTime(s.starts_at), endsAt: shortTime(s.ends_at), places: Number(s.places) })),
    sessions: Number(sessions.n),
    roster: entries,
    counts,
    perDay,
    invitable: {
      query,
      members: invitable.slice(0, L.invitable).map((row) => ({ id: row.user_id, displayName: row.display_name?.trim() || "Member", defaultRole: campRoleFromSkills(row.skills ?? []) })),
      more: invitable.length > L.invitable,
      anyLeft: anyLeft.length > 0,
    },
  };
}

/** Members (role accepted_member or admin) not on this camp's roster, by name. */
function invitableQuery(db: Database, campId: string, query: string) {
  let q = db
    .selectFrom("profiles as p")
    .select(["p.user_id", "p.display_name", "p.skills"])
    .where("p.role", "in", ["accepted_member", "admin"])
    .where((eb) => eb.not(eb.exists(eb.selectFrom("camp_invitations as i").select("i.member_id").where("i.camp_id", "=", campId).whereRef("i.member_id", "=", "p.user_id"))));
  if (query) q = q.where("p.display_name", "ilike", `%${escapeLike(query)}%`);
  return q.orderBy("p.display_name").orderBy("p.user_id");
}

// ---------------------------------------------------------------------------
// Details

/** Saves the camp's details. New dates that drop days with people placed need confirmed = true; days with songs are refused. */
export async function updateCampDetails(db: Database, actor: Actor, campId: string, input: DetailsInput): Promise<{ changed: boolean }> {
  return db.transaction().execute(async (tx) => {
    const camp = await lockCamp(tx, campId);
    const before = { name: camp.name, venue: camp.venue, timeZone: camp.time_zone, startsOn: camp.starts_on, endsOn: camp.ends_on, description: camp.description };
    const after = { name: input.name, venue: input.venue, timeZone: input.timeZone, startsOn: input.startsOn, endsOn: input.endsOn, description: input.description || null };
    const changedKeys = (Object.keys(after) as (keyof typeof after)[]).filter((key) => before[key] !== after[key]);
    if (changedKeys.length === 0) return { changed: false };
    const datesChanged = before.startsOn !== after.startsOn || before.endsOn !== after.endsOn;
    if (datesChanged) {
      const kept = new Set(campDays(after.startsOn, after.endsOn));
      const dropped = campDays(before.startsOn, before.endsOn).filter((day) => !kept.has(day));
      if (dropped.length > 0) {
        const withSongs = await tx
          .selectFrom("camp_songs as g")
          .innerJoin("camp_sessions as s", "s.id", "g.session_id")
          .select("g.id")
          .where("s.camp_id", "=", campId)
          .where("s.day", "in", dropped)
          .limit(1)
          .execute();
        if (withSongs.length > 0) throw new PlanningError(E.datesDropSongs, 409, "startsOn");
        const seated = await tx
          .selectFrom("camp_session_members")
          .select([sql<number>`count(*)::int`.as("n"), sql<string[]>`array_agg(distinct day::text order by day::text)`.as("days")])
          .where("camp_id", "=", campId)
          .where("day", "in", dropped)
          .executeTakeFirstOrThrow();
        if (Number(seated.n) > 0 && input.confirm !== "yes") throw new ConfirmationNeededError(T.confirmDates(Number(seated.n), seated.days ?? dropped));
      }
    }
    await tx
      .updateTable("camps")
      .set({ name: after.name, venue: after.venue, time_zone: after.timeZone, starts_on: after.startsOn, ends_on: after.endsOn, description: after.description, updated_at: new Date() })
      .where("id", "=", campId)
      .execute();
    if (datesChanged) {
      // Answers keep only the camp's days; an acceptance left without a day goes back to "invited".
      await sql`
        with trimmed as (
          select member_id, coalesce(array(select d from unnest(available_days) d where d between ${after.startsOn}::date and ${after.endsOn}::date order by d), '{}') as kept
            from public.camp_invitations where camp_id = ${campId}::uuid
        )
        update public.camp_invitations i
           set available_days = t.kept,
               status = case when i.status = 'accepted' and cardinality(t.kept) = 0 then 'invited' else i.status end,
               responded_at = case when i.status = 'accepted' and cardinality(t.kept) = 0 then null else i.responded_at end
          from trimmed t
         where i.camp_id = ${campId}::uuid and i.member_id = t.member_id and t.kept <> i.available_days`.execute(tx);
      await ensureSessions(tx, campId, E.datesDropSongs);
    }
    // The name, venue and zone are in every calendar event of the camp (the zone moves its times):
    // the events' SEQUENCE must go up for calendar programs to take the change.
    if (before.name !== after.name || before.venue !== after.venue || before.timeZone !== after.timeZone || datesChanged) {
      const sessions = await tx.selectFrom("camp_sessions").select("id").where("camp_id", "=", campId).execute();
      await touchSessions(tx, sessions.map((row) => row.id));
    }
    const pick = (o: typeof before) => Object.fromEntries(changedKeys.map((key) => [key, o[key]]));
    await recordAdminAction(tx, { actor, action: "camp.updated", target: { type: "camp", id: campId, label: after.name }, before: pick(before), after: pick(after) });
    return { changed: true };
  });
}

// ---------------------------------------------------------------------------
// Rooms

export async function addRoom(db: Database, actor: Actor, campId: string, room: RoomInput): Promise<void> {
  try {
    await db.transaction().execute(async (tx) => {
      const camp = await lockCamp(tx, campId);
      const existing = await tx.selectFrom("camp_rooms").select(["name", "position"]).where("camp_id", "=", campId).execute();
      if (existing.some((r) => r.name.toLowerCase() === room.name.toLowerCase())) throw new PlanningError(E.roomExists(room.name), 409, "name");
      if (existing.length >= L.rooms) throw new PlanningError(E.tooManyRooms, 409, "name");
      const [inserted] = await insertRooms(tx, campId, [room], Math.max(-1, ...existing.map((r) => r.position)) + 1);
      const { added } = await ensureCampSessions(tx, campId);
      await recordAdminAction(tx, {
        actor,
        action: "camp.room_added",
        target: { type: "camp", id: campId, label: camp.name },
        after: { roomId: inserted!.id, name: room.name, capacity: room.capacity, sessions: added },
      });
    });
  } catch (error) {
    if (isDuplicateRoom(error)) throw new PlanningError(E.roomExists(room.name), 409, "name");
    throw error;
  }
}

/** Renames a room or changes its capacity; never below the people already in one of its sessions. */
export async function updateRoom(db: Database, actor: Actor, campId: string, roomId: string, room: RoomInput): Promise<{ changed: boolean }> {
  try {
    return await db.transaction().execute(async (tx) => {
      const camp = await lockCamp(tx, campId);
      const current = await tx.selectFrom("camp_rooms").selectAll().where("id", "=", roomId).where("camp_id", "=", campId).executeTakeFirst();
      if (!current) throw new PlanningError(E.roomMissing, 404);
      if (current.name === room.name && current.capacity === room.capacity) return { changed: false };
      if (current.name.toLowerCase() !== room.name.toLowerCase()) {
        const clash = await tx.selectFrom("camp_rooms").select("id").where("camp_id", "=", campId).where(sql<boolean>`lower(name) = lower(${room.name})`).executeTakeFirst();
        if (clash) throw new PlanningError(E.roomExists(room.name), 409, "name");
      }
      if (room.capacity < current.capacity) {
        // The room's sessions are locked as the capacity trigger locks them: a placement racing this waits, then sees the new capacity.
        await tx.selectFrom("camp_sessions").select("id").where("room_id", "=", roomId).forUpdate().execute();
        const most = await sql<{ n: number }>`
          select coalesce(max(n), 0)::int as n from (
            select count(*) as n from public.camp_session_members m join public.camp_sessions s on s.id = m.session_id
             where s.room_id = ${roomId}::uuid group by s.id) counts`.execute(tx);
        const seated = Number(most.rows[0]?.n ?? 0);
        if (seated > room.capacity) throw new PlanningError(E.capacityBelowSeated(current.name, seated), 409, "capacity");
      }
      await tx.updateTable("camp_rooms").set({ name: room.name, capacity: room.capacity }).where("id", "=", roomId).execute();
      await ensureCampSessions(tx, campId);
      if (current.name !== room.name) {
        // The room's name is in its sessions' calendar events.
        const sessions = await tx.selectFrom("camp_sessions").select("id").where("room_id", "=", roomId).execute();
        await touchSessions(tx, sessions.map((row) => row.id));
      }
      await recordAdminAction(tx, {
        actor,
        action: "camp.updated",
        target: { type: "camp", id: campId, label: camp.name },
        before: { roomId, name: current.name, capacity: current.capacity },
        after: { roomId, name: room.name, capacity: room.capacity },
      });
      return { changed: true };
    });
  } catch (error) {
    if (isDuplicateRoom(error)) throw new PlanningError(E.roomExists(room.name), 409, "name");
    throw error;
  }
}

/** Removes a room and its sessions. People placed in them: confirmed = true needed; songs: refused. */
export async function removeRoom(db: Database, actor: Actor, campId: string, roomId: string, confirmed: boolean): Promise<{ name: string }> {
  return db.transaction().execute(async (tx) => {
    const camp = await lockCamp(tx, campId);
    const rooms = await tx.selectFrom("camp_rooms").select(["id", "name", "capacity"]).where("camp_id", "=", campId).execute();
    const room = rooms.find((r) => r.id === roomId);
    if (!room) throw new PlanningError(E.roomMissing, 404);
    if (rooms.length <= 1) throw new PlanningError(E.lastRoom, 409);
    const songs = await tx.selectFrom("camp_songs as g").innerJoin("camp_sessions as s", "s.id", "g.session_id").select("g.id").where("s.room_id", "=", roomId).limit(1).execute();
    if (songs.length > 0) throw new PlanningError(E.roomHasSongs, 409);
    const places = await tx
      .selectFrom("camp_session_members as m")
      .innerJoin("camp_sessions as s", "s.id", "m.session_id")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("s.room_id", "=", roomId)
      .executeTakeFirstOrThrow();
    if (Number(places.n) > 0 && !confirmed) throw new ConfirmationNeededError(T.confirmRemoveRoom(room.name, Number(places.n)));
    await tx.deleteFrom("camp_rooms").where("id", "=", roomId).execute();
    await ensureCampSessions(tx, campId);
    await recordAdminAction(tx, {
      actor,
      action: "camp.room_removed",
      target: { type: "camp", id: campId, label: camp.name },
      before: { roomId, name: room.name, capacity: room.capacity, places: Number(places.n) },
    });
    return { name: room.name };
  });
}

// ---------------------------------------------------------------------------
// Slots

export async function addSlot(db: Database, actor: Actor, campId: string, slot: SlotInput): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const camp = await lockCamp(tx, campId);
    const existing = await tx.selectFrom("camp_slots").select(["starts_at", "ends_at", "position"]).where("camp_id", "=", campId).execute();
    const clash = existing.find((other) => slotsOverlap({ startsAt: shortTime(other.starts_at), endsAt: shortTime(other.ends_at) }, slot));
    if (clash) throw new PlanningError(E.slotOverlaps(shortTime(clash.starts_at), shortTime(clash.ends_at)), 409, "startsAt");
    if (existing.length >= L.slots) throw new PlanningError(E.tooManySlots, 409, "startsAt");
    const [inserted] = await insertSlots(tx, campId, [slot], Math.max(-1, ...existing.map((s) => s.position)) + 1);
    const { added } = await ensureCampSessions(tx, campId);
    await recordAdminAction(tx, {
      actor,
      action: "camp.slot_added",
      target: { type: "camp", id: campId, label: camp.name },
      after: { slotId: inserted!.id, startsAt: slot.startsAt, endsAt: slot.endsAt, sessions: added },
    });
  });
}

/** Removes a slot and its sessions, with the same care as a room. */
export async function removeSlot(db: Database, actor: Actor, campId: string, slotId: string, confirmed: boolean): Promise<{ label: string }> {
  return db.transaction().execute(async (tx) => {
    const camp = await lockCamp(tx, campId);
    const slots = await tx.selectFrom("camp_slots").select(["id", "starts_at", "ends_at"]).where("camp_id", "=", campId).execute();
    const slot = slots.find((s) => s.id === slotId);
    if (!slot) throw new PlanningError(E.slotMissing, 404);
    if (slots.length <= 1) throw new PlanningError(E.lastSlot, 409);
    const label = slotLabel(slot);
    const songs = await tx.selectFrom("camp_songs as g").innerJoin("camp_sessions as s", "s.id", "g.session_id").select("g.id").where("s.slot_id", "=", slotId).limit(1).execute();
    if (songs.length > 0) throw new PlanningError(E.slotHasSongs, 409);
    const places = await tx.selectFrom("camp_session_members").select(sql<number>`count(*)::int`.as("n")).where("slot_id", "=", slotId).executeTakeFirstOrThrow();
    if (Number(places.n) > 0 && !confirmed) throw new ConfirmationNeededError(T.confirmRemoveSlot(label, Number(places.n)));
    await tx.deleteFrom("camp_slots").where("id", "=", slotId).execute();
    await ensureCampSessions(tx, campId);
    await recordAdminAction(tx, {
      actor,
      action: "camp.slot_removed",
      target: { type: "camp", id: campId, label: camp.name },
      before: { slotId, startsAt: shortTime(slot.starts_at), endsAt: shortTime(slot.ends_at), places: Number(places.n) },
    });
    return { label };
  });
}

// ---------------------------------------------------------------------------
// The roster

/**
 * Invites members (role accepted_member or admin; anyone else refuses the
 * whole post) with the camp role their skills suggest, and sends each newly
 * invited person an inbox notice. Someone already on the roster is left as
 * they are and gets no second notice (the insert skips them, also when two
 * admins invite at once).
 */
export async function inviteMembers(db: Database, actor: Actor, campId: string, memberIds: string[]): Promise<{ invited: string[] }> {
  return db.transaction().execute(async (tx) => {
    const camp = await lockCamp(tx, campId);
    const members = await tx
      .selectFrom("profiles")
      .select(["user_id", "display_name", "skills"])
      .where("user_id", "in", memberIds)
      .where("role", "in", ["accepted_member", "admin"])
      .execute();
    if (members.length !== memberIds.length) throw new PlanningError(E.notMembers, 400, "memberId");
    const inserted = await tx
      .insertInto("camp_invitations")
      .values(members.map((m) => ({ camp_id: campId, member_id: m.user_id, camp_role: campRoleFromSkills(m.skills ?? []), invited_by: actor.id })))
      .onConflict((oc) => oc.columns(["camp_id", "member_id"]).doNothing())
      .returning(["member_id", "camp_role"])
      .execute();
    if (inserted.length === 0) return { invited: [] };
    const names = new Map(members.map((m) => [m.user_id, m.display_name?.trim() || "Member"]));
    const dates = campDateRange(camp.starts_on, camp.ends_on);
    for (const row of inserted) {
      await deliverNotice(tx, {
        recipientId: row.member_id,
        senderId: actor.id,
        senderName: actor.displayName,
        kind: "camp",
        subject: T.notice.subject(camp.name),
        body: T.notice.body(camp.name, dates, camp.venue),
        link: `/camps/${campId}`,
      });
    }
    await recordAdminAction(tx, {
      actor,
      action: "camp.invited",
      target: { type: "camp", id: campId, label: camp.name },
      after: { invited: inserted.map((row) => ({ memberId: row.member_id, name: names.get(row.member_id), campRole: row.camp_role })) },
    });
    return { invited: inserted.map((row) => row.member_id) };
  });
}

async function rosterEntry(tx: Tx, campId: string, memberId: string) {
  if (!isUserId(memberId)) throw new PlanningError(E.notInvited, 404);
  const entry = await tx
    .selectFrom("camp_invitations as i")
    .leftJoin("profiles as p", "p.user_id", "i.member_id")
    .select(["i.member_id", "i.camp_role", "i.status", "p.display_name"])
    .where("i.camp_id", "=", campId)
    .where("i.member_id", "=", memberId)
    .forUpdate("i")
    .executeTakeFirst();
  if (!entry) throw new PlanningError(E.notInvited, 404);
  return { ...entry, name: entry.display_name?.trim() || "Member" };
}

export async function changeCampRole(db: Database, actor: Actor, campId: string, memberId: string, role: CampRole): Promise<{ name: string; changed: boolean }> {
  return db.transaction().execute(async (tx) => {
    const camp = await lockCamp(tx, campId);
    const entry = await rosterEntry(tx, campId, memberId);
    if (entry.camp_role === role) return { name: entry.name, changed: false };
    await tx.updateTable("camp_invitations").set({ camp_role: role }).where("camp_id", "=", campId).where("member_id", "=", memberId).execute();
    // Roles are in the events' descriptions of the member's sessions.
    const seats = await tx.selectFrom("camp_session_members").select("session_id").where("camp_id", "=", campId).where("member_id", "=", memberId).execute();
    await touchSessions(tx, seats.map((row) => row.session_id));
    await recordAdminAction(tx, {
      actor,
      action: "camp.role_changed",
      target: { type: "camp", id: campId, label: camp.name },
      before: { memberId, name: entry.name, campRole: campRoleLabel(entry.camp_role) },
      after: { memberId, name: entry.name, campRole: campRoleLabel(role) },
    });
    return { name: entry.name, changed: true };
  });
}

/** Takes someone off the roster: out of every session of the camp too (the calendars see those sessions change). */
export async function withdrawInvitation(db: Database, actor: Actor, campId: string, memberId: string): Promise<{ name: string; sessions: number }> {
  return db.transaction().execute(async (tx) => {
    const camp = await lockCamp(tx, campId);
    const entry = await rosterEntry(tx, campId, memberId);
    const sessions = await tx.selectFrom("camp_session_members").select("session_id").where("camp_id", "=", campId).where("member_id", "=", memberId).execute();
    await tx.deleteFrom("camp_invitations").where("camp_id", "=", campId).where("member_id", "=", memberId).execute();
    await touchSessions(tx, sessions.map((s) => s.session_id));
    await recordAdminAction(tx, {
      actor,
      action: "camp.invitation_withdrawn",
      target: { type: "camp", id: campId, label: camp.name },
      before: { memberId, name: entry.name, status: entry.status, campRole: campRoleLabel(entry.camp_role), sessions: sessions.length },
    });
    return { name: entry.name, sessions: sessions.length };
  });
}
