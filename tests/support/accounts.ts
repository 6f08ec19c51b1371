/**
 * A confirmed account with a password and an onboarded profile, written the
 * way sign-up and acceptance leave one: for tests that sign people in through
 * the real pages (two-factor sign-in, an admin's recovery entry).
 */
import { createLocalUser } from "~/auth/users.server";
import type { Database } from "~/platform/db/connect.server";

let counter = 0;

export async function createAccount(db: Database, options: { prefix: string; key: string; password: string; isAdmin?: boolean }) {
  counter += 1;
  const email = `${options.prefix}-${options.key}-${counter}@example.test`;
  const user = await createLocalUser(db, { email, phone: null, password: options.password, displayName: options.key, confirmed: true });
  await db
    .insertInto("profiles")
    .values({
      user_id: user.id,
      role: options.isAdmin ? "admin" : "accepted_member",
      is_admin: options.isAdmin ?? false,
      display_name: options.key,
      onboarding_completed: true,
      links: "[]",
    })
    .execute();
  return { id: user.id, email };
}
