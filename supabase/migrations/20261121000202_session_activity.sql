-- Server-enforced session timeouts (SPEC section 4 and 9): when each session
-- started (absolute limit) and when its user was last active (idle limit).
-- Keyed by the auth session id, so it works for the embedded and the
-- Supabase auth adapters alike.
create table if not exists public.session_activity (
  session_id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  started_at timestamptz not null default now(),
  last_active_at timestamptz not null default now()
);
create index if not exists session_activity_user_idx on public.session_activity (user_id);
create index if not exists session_activity_started_idx on public.session_activity (started_at);

alter table public.session_activity enable row level security;
