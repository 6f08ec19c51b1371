-- Recovery codes for two-factor sign-in (issue 16, ADR 0099). The provider
-- keeps the authenticator (auth.mfa_factors, on Supabase and on the embedded
-- adapter alike); a recovery code is ours: ten per set, each stored as an
-- HMAC-SHA256 of the account and the code under a key derived from the session
-- secret (a copy of the database alone cannot test guesses), used once. Using one removes the lost authenticator
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

-- Authenticator codes already accepted, per factor, for two minutes (every
-- code the providers would still take): a code is good once, on both
-- adapters. GoTrue checks a code against the clock only, so without this one
-- code could open a second session within its 90 seconds. HMAC of the code,
-- not the code; rows older than two minutes are pruned as new ones arrive.
create table if not exists public.mfa_used_codes (
  factor_id text not null,
  code_hash text not null,
  used_at timestamptz not null default now(),
  primary key (factor_id, code_hash)
);

alter table public.mfa_used_codes enable row level security;
