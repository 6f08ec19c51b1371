/**
 * Demo data of /admin/users (ADR 0080): one suspended member, so the list's
 * "Suspended" filter and status column and the account page's "Lift
 * suspension" show real rows on a fresh start. suspended@demo.hitfactory.test
 * signs in with the demo password and is refused with the reason and end date
 * (the suspension ends 30 days after seeding). No other demo account is
 * suspended: tests and newcomers rely on them (DESIGN §4).
 *
 * Runs inside seedDemoData's transaction (embedded default: the local auth
 * schema's banned_until is set with the app's suspension, as a ban does), with
 * an audit entry by the demo admin so the account's history has a row.
 */
import type { Transaction } from "kysely";
import { recordAdminAction } from "~/audit/audit.server";
import { hashPassword } from "~/auth/users.server";
import type { DB } from "~/platform/db/schema";

export const DEMO_SUSPENDED_EMAIL = "suspended@demo.hitfactory.test";
export const DEMO_SUSPENSION_REASON = "Repeatedly shared other members' unreleased demos outside the collective.";
export const DEMO_SUSPENSION_DAYS = 30;
const DAY = 24 * 60 * 60_000;

export async function seedDemoSuspension(tx: Transaction<DB>, options: { password: string; now: Date; log?: (line: string) => void }) {
  const endsAt = new Date(Date.UTC(options.now.getUTCFullYear(), options.now.getUTCMonth(), options.now.getUTCDate()) + DEMO_SUSPENSION_DAYS * DAY);
  const joined = new Date(options.now.getTime() - 200 * DAY);
  const suspendedAt = new Date(options.now.getTime() - 2 * DAY);
  const user = await tx
    .insertInto("auth.users")
    .values({
      email: DEMO_SUSPENDED_EMAIL,
      encrypted_password: await hashPassword(options.password),
      raw_user_meta_data: JSON.stringify({ display_name: "Sol Suspended", role: "accepted_member" }),
      email_confirmed_at: joined,
      banned_until: endsAt,
      created_at: joined,
      last_sign_in_at: suspendedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await tx
    .insertInto("profiles")
    .values({
      user_id: user.id,
      role: "accepted_member",
      display_name: "Sol Suspended",
      // Out of the public directory: a suspended member is not shown to others.
      public_profile: false,
      has_seen_decision_banner: true,
      onboarding_completed: true,
      onboarding_completed_at: joined,
      first_login_after_acceptance: joined,
      links: JSON.stringify([]),
      created_at: joined,
      updated_at: joined,
    })
    .execute();
  const admin = await tx
    .selectFrom("profiles")
    .select(["user_id", "display_name"])
    .where("is_admin", "=", true)
    .orderBy("created_at")
    .executeTakeFirst();
  await tx
    .insertInto("account_suspensions")
    .values({ user_id: user.id, reason: DEMO_SUSPENSION_REASON, ends_at: endsAt, suspended_by: admin?.user_id ?? null, created_at: suspendedAt })
    .execute();
  if (admin) {
    await recordAdminAction(tx, {
      actor: { id: admin.user_id, displayName: admin.display_name ?? "Admin" },
      action: "user.banned",
      target: { type: "user", id: user.id, label: "Sol Suspended" },
      before: { suspended: false },
      after: { suspended: true, reason: DEMO_SUSPENSION_REASON, endsAt: endsAt.toISOString() },
    });
  }
  options.log?.(`seeded a suspended demo account (${DEMO_SUSPENDED_EMAIL})`);
}
