/**
 * The camp rules the database itself holds (issue 13, ADR 0086), on a real
 * database: one session per room, slot and day (ensureCampSessions, also
 * after the dates change); nobody in two rooms at once; no room over its
 * capacity, also when two additions race; only the roster in sessions; dates
 * read back as 'YYYY-MM-DD' strings on both drivers; a member's sessions with
 * their groups and instants.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createLocalUser } from "~/auth/users.server";
import { CampSessionsHaveSongsError, ensureCampSessions, memberSessions } from "~/camps/sessions.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

let database: TestDatabase;
const ids: string[] = [];
let campId: string;

async function errorOf(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; constraint?: string; message: string };
    return { code: e.code, constraint: e.constraint, message: e.message };
  }
  throw new Error("expected the statement to be refused");
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  for (let i = 0; i < 4; i++) {
    const user = await createLocalUser(db, { email: `camper${i}@example.test`, password: "camp-schema-password-1", displayName: `Camper ${i}`, confirmed: true });
    ids.push(user.id);
    await db.insertInto("profiles").values({ user_id: user.id, display_name: `Camper ${i}`, role: "accepted_member" }).execute();
  }
  const camp = await db
    .insertInto("camps")
    .values({ name: "Schema camp", venue: "Studio", time_zone: "Europe/Lisbon", starts_on: "2026-07-01", ends_on: "2026-07-02" })
    .returning("id")
    .executeTakeFirstOrThrow();
  campId = camp.id;
  await db.insertInto("camp_rooms").values([
    { camp_id: campId, name: "Room A", capacity: 2, position: 0 },
    { camp_id: campId, name: "Room B", capacity: 3, position: 1 },
  ]).execute();
  await db.insertInto("camp_slots").values([
    { camp_id: campId, starts_at: "10:00", ends_at: "13:00", position: 0 },
    { camp_id: campId, starts_at: "14:00", ends_at: "17:00", position: 1 },
  ]).execute();
  await db
    .insertInto("camp_invitations")
    .values(ids.map((id, i) => ({ camp_id: campId, member_id: id, camp_role: (["producer", "writer", "topliner", "writer"] as const)[i]!, status: "accepted" as const, available_days: ["2026-07-01", "2026-07-02"] })))
    .execute();
});

afterAll(async () => {
  await database?.close();
});

async function session(room: string, day: string, start: string) {
  return database.db
    .selectFrom("camp_sessions as s")
    .innerJoin("camp_rooms as r", "r.id", "s.room_id")
    .innerJoin("camp_slots as sl", "sl.id", "s.slot_id")
    .select(["s.id", "s.camp_id", "s.day", "s.slot_id"])
    .where("r.name", "=", room)
    .where("s.day", "=", day)
    .where("sl.starts_at", "=", start)
    .where("s.camp_id", "=", campId)
    .executeTakeFirstOrThrow();
}

const seat = (s: { id: string; camp_id: string; day: string; slot_id: string }, memberId: string) =>
  database.db.insertInto("camp_session_members").values({ session_id: s.id, camp_id: s.camp_id, day: s.day, slot_id: s.slot_id, member_id: memberId }).execute();

describe("camp sessions in the database", () => {
  it("has one session per room, slot and day, and follows the dates", async () => {
    expect(await ensureCampSessions(database.db, campId)).toEqual({ added: 8, removed: 0 });
    expect(await ensureCampSessions(database.db, campId)).toEqual({ added: 0, removed: 0 });
    await database.db.updateTable("camps").set({ ends_on: "2026-07-03" }).where("id", "=", campId).execute();
    expect(await ensureCampSessions(database.db, campId)).toEqual({ added: 4, removed: 0 });
    await database.db.updateTable("camps").set({ ends_on: "2026-07-02" }).where("id", "=", campId).execute();
    expect(await ensureCampSessions(database.db, campId)).toEqual({ added: 0, removed: 4 });
    const row = await database.db.selectFrom("camps").select(["starts_on"]).where("id", "=", campId).executeTakeFirstOrThrow();
    expect(row.starts_on).toBe("2026-07-01");
    const invitation = await database.db.selectFrom("camp_invitations").select("available_days").where("member_id", "=", ids[0]!).executeTakeFirstOrThrow();
    expect(invitation.available_days).toEqual(["2026-07-01", "2026-07-02"]);
  });

  it("never puts one person in two rooms at once", async () => {
    const a = await session("Room A", "2026-07-01", "10:00:00");
    const b = await session("Room B", "2026-07-01", "10:00:00");
    await seat(a, ids[0]!);
    const refused = await errorOf(seat(b, ids[0]!));
    expect(refused.code).toBe("23505");
    expect(refused.constraint).toBe("camp_session_members_no_double_booking");
    // The same person in the afternoon is fine.
    await seat(await session("Room B", "2026-07-01", "14:00:00"), ids[0]!);
  });

  it("refuses a seat over the room's capacity, also when additions race", async () => {
    const a = await session("Room A", "2026-07-02", "10:00:00");
    const results = await Promise.allSettled([seat(a, ids[1]!), seat(a, ids[2]!), seat(a, ids[3]!)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const seated = await database.db.selectFrom("camp_session_members").select(sql<number>`count(*)::int`.as("n")).where("session_id", "=", a.id).executeTakeFirstOrThrow();
    expect(seated.n).toBe(2);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as { constraint?: string }).constraint).toBe("camp_session_members_room_capacity");
  });

  it("seats only the roster, and keeps a session with songs when the dates would drop it", async () => {
    const outsider = await createLocalUser(database.db, { email: "outsider@example.test", password: "camp-schema-password-1", confirmed: true });
    const refused = await errorOf(seat(await session("Room B", "2026-07-02", "14:00:00"), outsider.id));
    expect(refused.code).toBe("23503");
    const late = await session("Room B", "2026-07-02", "14:00:00");
    await database.db.insertInto("camp_songs").values({ camp_id: campId, session_id: late.id, working_title: "Late idea" }).execute();
    await database.db.updateTable("camps").set({ ends_on: "2026-07-01" }).where("id", "=", campId).execute();
    await expect(ensureCampSessions(database.db, campId)).rejects.toBeInstanceOf(CampSessionsHaveSongsError);
    await database.db.updateTable("camps").set({ ends_on: "2026-07-02" }).where("id", "=", campId).execute();
  });

  it("lists a member's sessions with their group, in the venue's time and as instants", async () => {
    const sessions = await memberSessions(database.db, ids[0]!);
    expect(sessions.map((s) => [s.day, s.startsAt, s.roomName])).toEqual([
      ["2026-07-01", "10:00", "Room A"],
      ["2026-07-01", "14:00", "Room B"],
    ]);
    expect(sessions[0]!.startsAtUtc).toBe("2026-07-01T09:00:00.000Z");
    expect(sessions[0]!.group.map((p) => p.displayName)).toEqual(["Camper 0"]);
    const upcoming = await memberSessions(database.db, ids[0]!, { endingAfter: new Date("2026-07-01T12:30:00Z") });
    expect(upcoming.map((s) => s.startsAt)).toEqual(["14:00"]);
    const second = await memberSessions(database.db, ids[1]!);
    expect(second[0]!.group).toHaveLength(2);
    expect(second[0]!.group.map((p) => p.displayName)).toContain("Camper 1");
    expect(second[0]!.group.find((p) => p.displayName === "Camper 1")?.campRole).toBe("writer");
  });
});
