/**
 * Users in the embedded auth schema (local adapter). Passwords are argon2id.
 */
import { hashPassword } from "~/platform/auth/passwords.server";
import type { Database } from "~/platform/db/connect.server";
import { DEFAULT_USER_ROLE } from "~/shared/constants";

export interface NewUser {
  email?: string | null;
  phone?: string | null;
  password: string;
  displayName?: string;
  /** Metadata role (SPEC §3: default 'user'). */
  role?: string;
  confirmed?: boolean;
}

export { hashPassword, verifyPassword } from "~/platform/auth/passwords.server";

export async function createLocalUser(db: Database, user: NewUser) {
  const now = new Date();
  return db
    .insertInto("auth.users")
    .values({
      email: user.email?.toLowerCase() ?? null,
      phone: user.phone ?? null,
      encrypted_password: await hashPassword(user.password),
      raw_user_meta_data: JSON.stringify({
        display_name: user.displayName ?? null,
        role: user.role ?? DEFAULT_USER_ROLE,
      }),
      email_confirmed_at: user.confirmed && user.email ? now : null,
      phone_confirmed_at: user.confirmed && user.phone ? now : null,
    })
    .returning(["id", "email", "phone", "raw_user_meta_data", "created_at"])
    .executeTakeFirstOrThrow();
}
