-- Sessions, rotating refresh tokens, one-time codes and the message outbox of
-- the embedded auth adapter (app/platform/auth/local.server.ts). Names follow
-- Supabase's `auth` schema where it has an equivalent.

-- One row per signed-in device. Signing out deletes the row; its refresh
-- tokens go with it, and access tokens naming it stop being accepted.
create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  user_agent text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- Refresh tokens rotate: each use revokes the token and issues a child. Only a
-- hash is stored. Presenting a revoked token after the reuse interval revokes
-- the whole session (the token was stolen or replayed).
create table if not exists auth.refresh_tokens (
  id uuid primary key,
  token_hash text not null unique,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  parent_id uuid,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_idx on auth.refresh_tokens (session_id, revoked);

-- Codes sent by e-mail or SMS (sign-in, sign-up confirmation, recovery).
-- Stored as an HMAC of the code, never the code itself.
create table if not exists auth.one_time_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  channel text not null check (channel in ('email', 'phone')),
  recipient text not null,
  purpose text not null check (purpose in ('confirmation', 'login', 'recovery')),
  code_hash text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index if not exists one_time_codes_recipient_idx on auth.one_time_codes (recipient, expires_at);

-- Messages the embedded default would have sent: logged and listed at /auth/outbox.
create table if not exists auth.outbox (
  id uuid primary key default gen_random_uuid(),
  channel text not null check (channel in ('email', 'phone')),
  recipient text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index if not exists outbox_created_idx on auth.outbox (created_at desc);
