-- A&R registration and its review (issue 11, ADR 0072; amends 0023).
--
-- A request now belongs to an account (user_id): a new one made by the
-- /ar/register form, or the signed-in visitor's own. It carries what the A&R
-- tells us about their work (title, territory, up to 5 links), and the
-- administrators' decision: who, when and a note. Approving gives the account
-- the role accepted_ar (app/ar/registrations.server.ts).
--
-- Old requests from ADR 0023 have no account (user_id null) and no title or
-- territory: they stay readable and can be declined, never approved.

alter table public.ar_registrations
  add column if not exists title text not null default '' check (char_length(title) <= 100),
  add column if not exists territory text not null default '' check (char_length(territory) <= 100),
  add column if not exists links jsonb not null default '[]'::jsonb
    check (jsonb_typeof(links) = 'array' and jsonb_array_length(links) <= 5),
  add column if not exists decided_by uuid references auth.users (id) on delete set null,
  add column if not exists decided_at timestamptz,
  add column if not exists decision_note text check (decision_note is null or char_length(decision_note) <= 1000);

-- A phone-only account has no e-mail: the request then has no address of its
-- own (the answer goes to the account's phone). A request always has either.
alter table public.ar_registrations alter column email drop not null;

alter table public.ar_registrations drop constraint if exists ar_registrations_email_or_account;
alter table public.ar_registrations
  add constraint ar_registrations_email_or_account check (email is not null or user_id is not null);

-- A decision has a time (and a decider, unless that admin's account is gone);
-- a pending request has neither.
alter table public.ar_registrations drop constraint if exists ar_registrations_decision_shape;
alter table public.ar_registrations
  add constraint ar_registrations_decision_shape check ((status = 'pending') = (decided_at is null));

-- One open request per account (the e-mail index of 0023 keeps one per address).
create unique index if not exists ar_registrations_open_user_key
  on public.ar_registrations (user_id) where status = 'pending';

-- The admins' queue: by status, newest first; a person's latest request.
create index if not exists ar_registrations_status_created_idx
  on public.ar_registrations (status, created_at desc);
create index if not exists ar_registrations_user_created_idx
  on public.ar_registrations (user_id, created_at desc) where user_id is not null;
