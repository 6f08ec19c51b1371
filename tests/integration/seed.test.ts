import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { isDatabaseEmpty, seedDemoData } from "~/demo/seed.server";
import { DEMO_ACCOUNTS } from "~/demo/accounts";
import { DEMO_MEMBERS, demoMemberEmail } from "~/demo/members-data";
import { DEMO_APPLICANTS, demoApplicantEmail } from "~/applications/seed-applications.server";
import { verifyPassword } from "~/auth/users.server";
import { DEMO_SUSPENDED_EMAIL } from "~/admin/users-seed.server";
import { DEMO_AR_REGISTRANT_EMAILS } from "~/ar/registration-demo";
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
