-- Account suspensions (issue 12 §2, ADR 0080): an admin's ban of an account,
-- with the reason and end date the suspended person is shown. The session
-- layer reads this table on every signed-in request (one join in the viewer's
-- profile query), so a suspension refuses an open session on its very next
-- request on both auth adapters, even while the provider's access token is
-- still valid. A row whose ends_at has passed no longer applies; lifting a
-- suspension deletes its row (the audit log keeps the history).
create table if not exists public.account_suspensions (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- Sanitised (SPEC §5) before it is stored; shown to the suspended person.
  reason text not null check (char_length(reason) between 1 and 500),
  -- Null: until an admin lifts it.
  ends_at timestamptz,
  -- The admin who suspended the account (a plain id: the admin may be deleted later).
  suspended_by uuid,
  created_at timestamptz not null default now()
);

-- The filter "suspended" of /admin/users and the ends_at check.
create index if not exists account_suspensions_ends_at_idx on public.account_suspensions (ends_at);

alter table public.account_suspensions enable row level security;
