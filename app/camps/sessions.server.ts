/**
 * The sessions of a camp and a member's sessions (ADR 0086). Shared by the
 * planning, the groups, the calendars and the member's camp pages.
 *
 * Every (room, slot, day) of a camp has a camp_sessions row, created here
 * whenever the camp's dates, rooms or slots change, so a session has an id
 * (a page, a calendar UID) before anyone is in it. Sessions that fall outside
 * the camp are removed unless they have songs (a camp's history is not
 * deleted by an edit of its dates: the edit is refused instead).
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { CampRole, DB } from "~/platform/db/schema";
import { campDays, sessionInstants, shortTime } from "./time";

type Executor = Kysely<DB> | Transaction<DB>;

export class CampSessionsHaveSongsError extends Error {
  constructor() {
    super("Sessions that would be removed have songs");
    this.name = "CampSessionsHaveSongsError";
  }
}

/**
 * Makes camp_sessions hold exactly one row per room, slot and camp day. Run it
 * in the transaction that changed the camp's dates, rooms or slots. Throws
 * CampSessionsHaveSongsError (the caller rolls back) when a session that
 * would go has songs; a session that would go with people in it loses them
 * (the caller states that before confirming).
 */
export async function ensureCampSessions(tx: Executor, campId: string): Promise<{ added: number; removed: number }> {
  const camp = await tx.selectFrom("camps").select(["starts_on", "ends_on"]).where("id", "=", campId).executeTakeFirst();
  if (!camp) return { added: 0, removed: 0 };
  const days = campDays(camp.starts_on, camp.ends_on);
  const stale = await tx
    .selectFrom("camp_sessions as s")
    .select(["s.id"])
    .where("s.camp_id", "=", campId)
    .where((eb) => eb.or([eb("s.day", "not in", days), eb("s.day", "<", camp.starts_on), eb("s.day", ">", camp.ends_on)]))
    .execute();
  if (stale.length > 0) {
    const withSongs = await tx.selectFrom("camp_songs").select("id").where("session_id", "in", stale.map((s) => s.id)).limit(1).execute();
    if (withSongs.length > 0) throw new CampSessionsHaveSongsError();
    await tx.deleteFrom("camp_sessions").where("id", "in", stale.map((s) => s.id)).execute();
  }
  // Rooms and slots removed cascade to their sessions; add what is missing.
  const inserted = await sql<{ id: string }>`
    insert into public.camp_sessions (camp_id, room_id, slot_id, day)
    select ${campId}::uuid, r.id, sl.id, d.day
      from public.camp_rooms r
      cross join public.camp_slots sl
      cross join unnest(${days}::date[]) as d(day)
     where r.camp_id = ${campId}::uuid and sl.camp_id = ${campId}::uuid
    on conflict (room_id, slot_id, day) do nothing
    returning id
  `.execute(tx);
  return { added: inserted.rows.length, removed: stale.length };
}

export interface SessionPerson {
  memberId: string;
  displayName: string;
  campRole: CampRole;
}

export interface MemberSession {
  sessionId: string;
  campId: string;
  campName: string;
  venue: string;
  /** The venue's zone: the session's wall-clock times are there. */
  timeZone: string;
  day: string;
  /** 'HH:MM' in the venue's zone. */
  startsAt: string;
  endsAt: string;
  /** ISO instants. */
  startsAtUtc: string;
  endsAtUtc: string;
  roomId: string;
  roomName: string;
  revision: number;
  updatedAt: string;
  /** Everyone in the session, the member included, by name. */
  group: SessionPerson[];
}

export interface MemberSessionsOptions {
  /** Only sessions ending after this instant (the dashboard's "upcoming"). */
  endingAfter?: Date;
  campId?: string;
  limit?: number;
}

/**
 * The sessions a member is in, in time order, with their group. One query for
 * the sessions and one for the groups, whatever the count.
 */
export async function memberSessions(db: Executor, memberId: string, options: MemberSessionsOptions = {}): Promise<MemberSession[]> {
  let query = db
    .selectFrom("camp_session_members as m")
    .innerJoin("camp_sessions as s", "s.id", "m.session_id")
    .innerJoin("camps as c", "c.id", "s.camp_id")
    .innerJoin("camp_rooms as r", "r.id", "s.room_id")
    .innerJoin("camp_slots as sl", "sl.id", "s.slot_id")
    .select([
      "s.id as sessionId",
      "c.id as campId",
      "c.name as campName",
      "c.venue",
      "c.time_zone as timeZone",
      "s.day",
      "sl.starts_at",
      "sl.ends_at",
      "r.id as roomId",
      "r.name as roomName",
      "s.revision",
      "s.updated_at",
    ])
    .where("m.member_id", "=", memberId);
  if (options.campId) query = query.where("c.id", "=", options.campId);
  if (options.endingAfter) {
    // Coarse filter by date (a day either side covers every zone); the exact instant is checked below.
    const from = new Date(options.endingAfter.getTime() - 36 * 3600_000).toISOString().slice(0, 10);
    query = query.where("s.day", ">=", from);
  }
  const rows = await query.orderBy("s.day").orderBy("sl.starts_at").execute();
  let sessions = rows.map((row) =>
    toMemberSession({ id: row.campId, name: row.campName, venue: row.venue, time_zone: row.timeZone }, { ...row, id: row.sessionId }, []),
  );
  if (options.endingAfter) {
    const after = options.endingAfter.toISOString();
    sessions = sessions.filter((s) => s.endsAtUtc > after);
  }
  sessions.sort((a, b) => a.startsAtUtc.localeCompare(b.startsAtUtc));
  if (options.limit !== undefined) sessions = sessions.slice(0, options.limit);
  if (sessions.length === 0) return sessions;
  const groups = await sessionGroups(db, sessions.map((s) => s.sessionId));
  for (const session of sessions) session.group = groups.get(session.sessionId) ?? [];
  return sessions;
}

/** A session row (its day, slot times, room, revision) of a camp as a MemberSession with its group. */
export function toMemberSession(
  camp: { id: string; name: string; venue: string; time_zone: string },
  row: { id: string; day: string; starts_at: string; ends_at: string; roomId: string; roomName: string; revision: number; updated_at: Date | string },
  group: SessionPerson[],
): MemberSession {
  const { startsAt, endsAt } = sessionInstants(row.day, row, camp.time_zone);
  return {
    sessionId: row.id,
    campId: camp.id,
    campName: camp.name,
    venue: camp.venue,
    timeZone: camp.time_zone,
    day: row.day,
    startsAt: shortTime(row.starts_at),
    endsAt: shortTime(row.ends_at),
    startsAtUtc: startsAt.toISOString(),
    endsAtUtc: endsAt.toISOString(),
    roomId: row.roomId,
    roomName: row.roomName,
    revision: row.revision,
    updatedAt: new Date(row.updated_at).toISOString(),
    group,
  };
}

/** The people in each of the given sessions, by name (display name, else 'Member'). */
export async function sessionGroups(db: Executor, sessionIds: string[]): Promise<Map<string, SessionPerson[]>> {
  const groups = new Map<string, SessionPerson[]>();
  if (sessionIds.length === 0) return groups;
  const rows = await db
    .selectFrom("camp_session_members as m")
    .innerJoin("camp_invitations as i", (join) => join.onRef("i.camp_id", "=", "m.camp_id").onRef("i.member_id", "=", "m.member_id"))
    .leftJoin("profiles as p", "p.user_id", "m.member_id")
    .select(["m.session_id", "m.member_id", "p.display_name", "i.camp_role"])
    .where("m.session_id", "in", sessionIds)
    .orderBy("p.display_name")
    .execute();
  for (const row of rows) {
    const list = groups.get(row.session_id) ?? [];
    list.push({ memberId: row.member_id, displayName: row.display_name?.trim() || "Member", campRole: row.camp_role });
    groups.set(row.session_id, list);
  }
  return groups;
}

/** Marks sessions changed (their group): the calendars' SEQUENCE and LAST-MODIFIED follow. */
export async function touchSessions(tx: Executor, sessionIds: string[], now = new Date()): Promise<void> {
  if (sessionIds.length === 0) return;
  await tx
    .updateTable("camp_sessions")
    .set((eb) => ({ revision: eb("revision", "+", 1), updated_at: now }))
    .where("id", "in", [...new Set(sessionIds)])
    .execute();
}
