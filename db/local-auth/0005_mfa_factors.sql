-- Two-factor sign-in on the embedded auth adapter (issue 16, ADR 0099), in the
-- shape of Supabase's auth.mfa_factors and the `aal` of a session.
--
-- A factor's TOTP secret is stored encrypted (AES-256-GCM, a key derived from
-- the session secret): a copy of the database alone does not yield codes.
-- `last_step` is the 30-second step of the last code accepted: a code is
-- accepted once (RFC 6238 section 5.2), and never one of an earlier step.
create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  factor_type text not null default 'totp' check (factor_type = 'totp'),
  friendly_name text,
  status text not null check (status in ('unverified', 'verified')),
  secret_encrypted text not null,
  last_step bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists mfa_factors_user_idx on auth.mfa_factors (user_id, status);

-- A challenge is one attempt to prove a factor: verified once, within 5 minutes.
create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz
);

-- The assurance level a session has reached: aal1 by password or code, aal2
-- once a factor's code was verified in it.
alter table auth.sessions add column if not exists aal text not null default 'aal1' check (aal in ('aal1', 'aal2'));
