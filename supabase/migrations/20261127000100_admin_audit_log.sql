-- The admins' action log (issue 12 §8, ADR 0078): who did what to which
-- record, when, with the record before and after. Append-only: the app writes
-- one row per admin action in the same transaction as the change, and a
-- trigger refuses every UPDATE and DELETE, so no code path of the app (nor a
-- bug in one) can edit or erase history. The actor and target are kept as
-- plain ids, not foreign keys: an entry outlives a deleted account and keeps
-- its id (issue 12 §2).

create table if not exists public.admin_audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid not null,
  -- The actor's name when they acted (the account may be renamed or deleted later).
  actor_name text not null check (char_length(actor_name) between 1 and 200),
  -- A dotted verb from app/audit/actions.ts, e.g. 'user.banned', 'song.archived'.
  action text not null check (action ~ '^[a-z][a-z_]*(\.[a-z][a-z_]*)+$' and char_length(action) <= 80),
  target_type text not null check (target_type ~ '^[a-z][a-z_]*$' and char_length(target_type) <= 40),
  target_id text check (char_length(target_id) <= 200),
  -- What an admin reading the log recognises the record by (a song title, a person's name).
  target_label text not null default '' check (char_length(target_label) <= 300),
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);

create index if not exists admin_audit_log_newest_idx on public.admin_audit_log (created_at desc, id desc);
create index if not exists admin_audit_log_actor_idx on public.admin_audit_log (actor_id, created_at desc, id desc);
create index if not exists admin_audit_log_action_idx on public.admin_audit_log (action, created_at desc, id desc);
create index if not exists admin_audit_log_target_idx on public.admin_audit_log (target_type, target_id, created_at desc, id desc);

create or replace function public.admin_audit_log_append_only() returns trigger
language plpgsql as $$
begin
  raise exception 'admin_audit_log is append-only'
    using errcode = 'insufficient_privilege';
end
$$;

drop trigger if exists admin_audit_log_append_only on public.admin_audit_log;
create trigger admin_audit_log_append_only before update or delete on public.admin_audit_log
  for each row execute function public.admin_audit_log_append_only();

drop trigger if exists admin_audit_log_no_truncate on public.admin_audit_log;
create trigger admin_audit_log_no_truncate before truncate on public.admin_audit_log
  for each statement execute function public.admin_audit_log_append_only();

alter table public.admin_audit_log enable row level security;
