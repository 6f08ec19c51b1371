-- Recovery codes for two-factor sign-in (issue 16, ADR 0099). The provider
-- keeps the authenticator (auth.mfa_factors, on Supabase and on the embedded
-- adapter alike); a recovery code is ours: ten per set, each stored as a
-- SHA-256 of the code, used once. Using one removes the lost authenticator
-- (admins then set up a new one before anything else).
create table if not exists public.mfa_recovery_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index if not exists mfa_recovery_codes_user_idx on public.mfa_recovery_codes (user_id) where used_at is null;

alter table public.mfa_recovery_codes enable row level security;
