-- Abuse limits kept in Postgres so they hold across server instances
-- (app/platform/rate-limit.server.ts). One fixed-window counter per rule and
-- subject; the subject (account, address, recipient) is stored as a hash.
create table if not exists public.rate_limits (
  rule text not null,
  subject_hash text not null,
  hits integer not null default 0,
  window_started_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (rule, subject_hash)
);
create index if not exists rate_limits_expires_idx on public.rate_limits (expires_at);

alter table public.rate_limits enable row level security;
