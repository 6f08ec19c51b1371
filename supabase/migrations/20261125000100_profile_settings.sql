-- Profile settings of issue 10 (H1): the member's time zone, and e-mail or
-- phone changes waiting for their code (docs/decisions/0061-contact-change.md).

-- An IANA zone name ("Europe/Stockholm"), checked against the runtime's list
-- (Intl.supportedValuesOf('timeZone')) by the form; the column only bounds it.
alter table public.profiles
  add column if not exists time_zone text not null default 'UTC'
  check (char_length(time_zone) between 1 and 64 and time_zone ~ '^[A-Za-z0-9_+/-]+$');

-- One pending change per account: the new address or number a code was sent
-- to. It is shown to its owner only, and becomes the account's only once the
-- code sent there is entered (the code itself lives with the auth provider).
create table if not exists public.contact_changes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  channel text not null check (channel in ('email', 'phone')),
  new_value text not null check (char_length(new_value) between 3 and 320),
  requested_at timestamptz not null default now(),
  expires_at timestamptz not null
);

alter table public.contact_changes enable row level security;
