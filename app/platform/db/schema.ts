/**
 * Kysely table types. Keep in step with supabase/migrations and db/local-auth.
 */
import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface AuthUsersTable {
  id: Generated<string>;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  raw_user_meta_data: ColumnType<Record<string, unknown>, string | Record<string, unknown> | undefined, string | Record<string, unknown>>;
  email_confirmed_at: NullableTimestamp;
  phone_confirmed_at: NullableTimestamp;
  banned_until: NullableTimestamp;
  last_sign_in_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProfilesTable {
  id: Generated<string>;
  user_id: string;
  role: "accepted_ar" | "accepted_member" | "admin" | null;
  display_name: string | null;
  public_profile: Generated<boolean>;
  is_admin: Generated<boolean>;
  has_seen_decision_banner: Generated<boolean>;
  onboarding_completed: Generated<boolean>;
  onboarding_skipped: Generated<boolean>;
  onboarding_current_step: Generated<number>;
  onboarding_started_at: NullableTimestamp;
  onboarding_completed_at: NullableTimestamp;
  first_login_after_acceptance: NullableTimestamp;
  bio: string | null;
  avatar_url: string | null;
  location: string | null;
  skills: Generated<string[]>;
  genres: Generated<string[]>;
  links: ColumnType<{ label: string; url: string }[], string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DB {
  "auth.users": AuthUsersTable;
  profiles: ProfilesTable;
}
