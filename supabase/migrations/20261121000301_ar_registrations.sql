-- A&R access requests from /ar/register (SPEC §2 names the page; storage is not
-- shown, so requests are kept here until an administrator answers them).
-- One open request per e-mail address: a second submission is recognised,
-- not stored twice.
create table if not exists public.ar_registrations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 100),
  company text not null check (char_length(company) between 1 and 120),
  email text not null check (char_length(email) between 3 and 254),
  message text not null default '' check (char_length(message) <= 1000),
  -- Set when a signed-in person sent the request.
  user_id uuid references auth.users (id) on delete set null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'declined')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index if not exists ar_registrations_open_email_key
  on public.ar_registrations (lower(email)) where status = 'pending';
create index if not exists ar_registrations_created_idx on public.ar_registrations (created_at desc);

alter table public.ar_registrations enable row level security;
