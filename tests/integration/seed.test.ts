import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { isDatabaseEmpty, seedDemoData } from "~/demo/seed.server";
import { DEMO_ACCOUNTS } from "~/demo/accounts";
import { DEMO_MEMBERS, demoMemberEmail } from "~/demo/members-data";
import { DEMO_APPLICANTS, demoApplicantEmail } from "~/applications/seed-applications.server";
import { verifyPassword } from "~/auth/users.server";
import { DEMO_SUSPENDED_EMAIL } from "~/admin/users-seed.server";
import { DEMO_AR_REGISTRANT_EMAILS } from "~/ar/registration-demo";
import { PARTY_REACTION_NAMES } from "~/party/constants";
import { rankOutcome } from "~/party/outcome";
import { catalogueSongsOfOutcome, listParties, readResults } from "~/party/parties.server";
import { DEMO_PARTY_COUNTS, DEMO_PAST_PARTY, DEMO_SCHEDULED_PARTY } from "~/party/seed.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

let database: TestDatabase;
const PASSWORD = "demo-password-123";

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("demo data", () => {
  it("seeds the five accounts of DESIGN section 4 with profiles and the demo password", async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    await seedDemoData(database.db, { password: PASSWORD });
    expect(await isDatabaseEmpty(database.db)).toBe(false);

    const rows = await database.db
      .selectFrom("auth.users as u")
      .innerJoin("profiles as p", "p.user_id", "u.id")
      .select(["u.email", "u.encrypted_password", "u.raw_user_meta_data", "p.role", "p.is_admin", "p.onboarding_completed", "p.first_login_after_acceptance", "u.created_at"])
      .where("u.email", "in", DEMO_ACCOUNTS.map((a) => a.email))
      .execute();
    expect(rows.map((r) => r.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());

    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(byEmail["admin@demo.hitfactory.test"]).toMatchObject({ role: "admin", is_admin: true });
    expect(byEmail["ar@demo.hitfactory.test"]).toMatchObject({ role: "accepted_ar", is_admin: false });
    expect(byEmail["member@demo.hitfactory.test"]).toMatchObject({ role: "accepted_member", onboarding_completed: true });
    expect(byEmail["newmember@demo.hitfactory.test"]).toMatchObject({ role: "accepted_member", onboarding_completed: false, first_login_after_acceptance: null });
    expect(byEmail["applicant@demo.hitfactory.test"]).toMatchObject({ role: null, is_admin: false });
    // Accepted today: created within the last minute.
    expect(Date.now() - new Date(byEmail["newmember@demo.hitfactory.test"].created_at).getTime()).toBeLessThan(60_000);

    for (const row of rows) {
      expect(row.encrypted_password).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row.encrypted_password!, PASSWORD)).toBe(true);
      expect(await verifyPassword(row.encrypted_password!, "wrong-password")).toBe(false);
    }
    expect(byEmail["applicant@demo.hitfactory.test"].raw_user_meta_data).toMatchObject({ role: "user" });

    // The demo applicants (issue 11, ADR 0070): real accounts without a role, one application each.
    const applicants = await database.db
      .selectFrom("auth.users as u")
      .innerJoin("profiles as p", "p.user_id", "u.id")
      .select(["u.email", "u.encrypted_password", "p.role"])
      .where("u.email", "in", DEMO_APPLICANTS.map(demoApplicantEmail))
      .execute();
    expect(applicants).toHaveLength(DEMO_APPLICANTS.length);
    for (const row of applicants) expect(row.role).toBeNull();
    expect(await verifyPassword(applicants[0]!.encrypted_password!, PASSWORD)).toBe(true);

    // The demo A&R registrants (issue 11, ADR 0072): real accounts without a role, the demo password.
    const registrants = await database.db
      .selectFrom("auth.users as u")
      .innerJoin("profiles as p", "p.user_id", "u.id")
      .select(["u.email", "u.encrypted_password", "p.role"])
      .where("u.email", "in", DEMO_AR_REGISTRANT_EMAILS)
      .execute();
    expect(registrants).toHaveLength(DEMO_AR_REGISTRANT_EMAILS.length);
    for (const row of registrants) {
      expect(row.role).toBeNull();
      expect(await verifyPassword(row.encrypted_password!, PASSWORD)).toBe(true);
    }

    // The demo collective (issue 10): every other account is one of DEMO_MEMBERS, with the demo
    // password (hashed once for all of them), confirmed, a member role and a full profile.
    const others = await database.db
      .selectFrom("auth.users as u")
      .innerJoin("profiles as p", "p.user_id", "u.id")
      .select(["u.email", "u.encrypted_password", "u.email_confirmed_at", "p.role", "p.bio", "p.public_profile"])
      .where("u.email", "not in", [...DEMO_ACCOUNTS.map((a) => a.email), ...DEMO_APPLICANTS.map(demoApplicantEmail), ...DEMO_AR_REGISTRANT_EMAILS, DEMO_SUSPENDED_EMAIL])
      .execute();
    expect(others.map((r) => r.email).sort()).toEqual(DEMO_MEMBERS.map(demoMemberEmail).sort());
    expect(await verifyPassword(others[0]!.encrypted_password!, PASSWORD)).toBe(true);
    for (const row of others) {
      expect(row.role).toMatch(/^accepted_(member|ar)$/);
      expect(row.bio).toBeTruthy();
      expect(row.email_confirmed_at).not.toBeNull();
    }
    expect(others.filter((r) => !r.public_profile).length).toBeGreaterThanOrEqual(3);

    // The one suspended demo account of /admin/users (ADR 0080): a private member, suspended with a reason and an end date.
    const suspended = await database.db
      .selectFrom("auth.users as u")
      .innerJoin("profiles as p", "p.user_id", "u.id")
      .innerJoin("account_suspensions as s", "s.user_id", "u.id")
      .select(["u.email", "p.role", "p.public_profile", "s.reason", "s.ends_at"])
      .execute();
    expect(suspended).toEqual([
      expect.objectContaining({ email: DEMO_SUSPENDED_EMAIL, role: "accepted_member", public_profile: false, reason: expect.any(String) }),
    ]);
    expect(new Date(suspended[0]!.ends_at!).getTime()).toBeGreaterThan(Date.now());
    // The whole seed (audio, argon2 hashes) takes most of the default 30 s on a busy machine.
  }, 120_000);

  it("seeds a past listening party with its ranked outcome and one scheduled for tomorrow (issue 14)", async () => {
    if (await isDatabaseEmpty(database.db)) await seedDemoData(database.db, { password: PASSWORD });
    const db = database.db;
    const count = async (table: "parties" | "party_queue" | "party_messages" | "party_ratings" | "party_results" | "party_listeners" | "party_events") =>
      Number((await db.selectFrom(table).select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow()).n);
    expect(await count("parties")).toBe(DEMO_PARTY_COUNTS.parties);
    expect(await count("party_queue")).toBe(DEMO_PARTY_COUNTS.queue);
    expect(await count("party_messages")).toBe(DEMO_PARTY_COUNTS.messages);
    expect(await count("party_ratings")).toBe(DEMO_PARTY_COUNTS.ratings);
    expect(await count("party_results")).toBe(DEMO_PARTY_COUNTS.results);
    expect(await count("party_listeners")).toBe(DEMO_PARTY_COUNTS.listeners);
    expect(await count("party_events")).toBe(DEMO_PARTY_COUNTS.events);

    const party = (title: string) =>
      db
        .selectFrom("parties as p")
        .innerJoin("auth.users as u", "u.id", "p.host_id")
        .select(["p.id", "u.email", "p.status", "p.visibility", "p.started_at", "p.ended_at", "p.scheduled_for", "p.current_item_id", "p.playing", "p.event_seq"])
        .where("p.title", "=", title)
        .executeTakeFirstOrThrow();
    const utcDay = (value: Date | string, days = 0) => new Date(new Date(value).getTime() + days * 86_400_000).toISOString().slice(0, 10);

    // The past party: the admin's, ended yesterday, five songs heard one after another.
    const past = await party(DEMO_PAST_PARTY.title);
    expect(past).toMatchObject({ email: "admin@demo.hitfactory.test", status: "ended", visibility: "members", playing: false, event_seq: 0 });
    expect(utcDay(past.started_at!)).toBe(utcDay(new Date(), -1));
    expect(utcDay(past.ended_at!)).toBe(utcDay(new Date(), -1));
    const heard = await db.selectFrom("party_queue").select(["id", "kind", "song_id", "round", "position", "started_at"]).where("party_id", "=", past.id).orderBy("position").execute();
    expect(heard).toHaveLength(5);
    expect(heard.every((item) => item.kind === "song" && item.started_at !== null)).toBe(true);
    const starts = heard.map((item) => new Date(item.started_at!).getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts[0]).toBeGreaterThanOrEqual(new Date(past.started_at!).getTime());
    expect(new Date(past.ended_at!).getTime()).toBeGreaterThan(starts[4]!);
    expect(past.current_item_id).toBe(heard[4]!.id);
    const catalogue = await db.selectFrom("songs").select("id").where("id", "in", heard.map((item) => item.song_id!)).where("status", "=", "catalogue").execute();
    expect(catalogue).toHaveLength(5);
    // Members and the A&R talked, reacted and rated.
    const messages = await db.selectFrom("party_messages as m").innerJoin("auth.users as u", "u.id", "m.user_id").select(["u.email", "m.kind", "m.body"]).where("m.party_id", "=", past.id).execute();
    const talkers = new Set(messages.map((m) => m.email));
    for (const email of ["member@demo.hitfactory.test", "ar@demo.hitfactory.test"]) expect(talkers).toContain(email);
    expect(talkers.size).toBeGreaterThanOrEqual(4);
    for (const m of messages.filter((m) => m.kind === "reaction")) expect(PARTY_REACTION_NAMES).toContain(m.body);
    expect(messages.some((m) => m.kind === "chat")).toBe(true);
    const ratings = await db.selectFrom("party_ratings").select(["item_id", "user_id", "rating"]).where("party_id", "=", past.id).execute();
    expect(new Set(ratings.map((r) => r.user_id)).size).toBeGreaterThanOrEqual(4);
    // Its outcome is what endParty would have saved: rankOutcome over the ratings, in the order heard.
    const expected = rankOutcome(
      heard.map((item, index) => {
        const mine = ratings.filter((r) => r.item_id === item.id);
        return { itemId: item.id, position: index + 1, keepers: mine.filter((r) => r.rating === "keeper").length, maybes: mine.filter((r) => r.rating === "maybe").length, passes: mine.filter((r) => r.rating === "pass").length };
      }),
    );
    const results = await readResults(db, past.id);
    expect(results.map((r) => ({ itemId: r.itemId, rank: r.rank, keepers: r.keepers, maybes: r.maybes, passes: r.passes, score: r.score, shortlisted: r.shortlisted }))).toEqual(
      expected.map(({ itemId, rank, keepers, maybes, passes, score, shortlisted }) => ({ itemId, rank, keepers, maybes, passes, score, shortlisted })),
    );
    const shortlisted = results.filter((r) => r.shortlisted).length;
    expect(shortlisted).toBeGreaterThan(0);
    expect(shortlisted).toBeLessThan(results.length);
    expect((await catalogueSongsOfOutcome(db, past.id)).length).toBe(shortlisted);

    // The scheduled party: the member's, tomorrow at 19:00 UTC, three songs waiting, its log as the room functions write it.
    const scheduled = await party(DEMO_SCHEDULED_PARTY.title);
    expect(scheduled).toMatchObject({ email: "member@demo.hitfactory.test", status: "scheduled", visibility: "members", started_at: null, current_item_id: null, event_seq: 4 });
    expect(new Date(scheduled.scheduled_for!).toISOString()).toBe(`${utcDay(new Date(), 1)}T19:00:00.000Z`);
    const waiting = await db.selectFrom("party_queue").select(["started_at", "round", "position"]).where("party_id", "=", scheduled.id).orderBy("position").execute();
    expect(waiting.map((item) => [item.started_at, item.round, item.position])).toEqual([
      [null, 1, 1],
      [null, 2, 2],
      [null, 3, 3],
    ]);
    const events = await db.selectFrom("party_events").select(["seq", "type"]).where("party_id", "=", scheduled.id).orderBy("seq").execute();
    expect(events.map((e) => [Number(e.seq), e.type])).toEqual([
      [1, "status"],
      [2, "queue"],
      [3, "queue"],
      [4, "queue"],
    ]);

    // /party: a visitor sees the scheduled one; a member also the past one.
    const visitor = await listParties(db, null);
    expect(visitor.upcoming.map((p) => p.id)).toEqual([scheduled.id]);
    expect(visitor.past).toEqual([]);
    const memberId = (await db.selectFrom("auth.users").select("id").where("email", "=", "member@demo.hitfactory.test").executeTakeFirstOrThrow()).id;
    const member = await listParties(db, { id: memberId, role: "accepted_member" });
    expect(member.upcoming.map((p) => p.id)).toEqual([scheduled.id]);
    expect(member.past.map((p) => p.id)).toEqual([past.id]);
    expect(member.past[0]).toMatchObject({ title: DEMO_PAST_PARTY.title, hostName: "Avery Admin" });
  });

  it("rolls back completely when seeding fails part-way", async () => {
    const fresh = await createTestDatabase();
    try {
      // A duplicate e-mail makes the second account fail inside the transaction.
      await sql`create unique index dup_guard on auth.users ((raw_user_meta_data->>'role'))`.execute(fresh.db);
      await expect(seedDemoData(fresh.db, { password: PASSWORD })).rejects.toThrow();
      expect(await isDatabaseEmpty(fresh.db)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
