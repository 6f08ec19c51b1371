-- Reviewing applications and making offers (issue 11).
-- docs/decisions/0071-review-and-offers.md
--
-- application_reviews: each admin's own rating (1-5) and comment on an
-- application, one row per admin, editable. Ratings are opinions, not
-- decisions: they are not application_events.
--
-- application_offers: "accept" makes an offer. The link sent by mail carries a
-- random token (32 bytes); only its SHA-256 hash is stored, so a copy of the
-- database cannot take anyone's offer. An offer is open while it is neither
-- accepted, revoked nor expired; a new offer revokes the older open one (the
-- partial unique index keeps at most one unanswered offer per application).
create table if not exists public.application_reviews (
  application_id uuid not null references public.applications (id) on delete cascade,
  admin_id uuid not null references auth.users (id) on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  comment text not null default '' check (char_length(comment) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (application_id, admin_id)
);

-- "Everything this admin rated" (the queue shows the viewer's own rating).
create index if not exists application_reviews_admin_idx on public.application_reviews (admin_id, application_id);

alter table public.application_reviews enable row level security;

create table if not exists public.application_offers (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- hex SHA-256 of the token; the token itself is never stored.
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  revoked_at timestamptz,
  -- The admin who made it (null once that account is gone).
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  check (expires_at > created_at),
  -- Taken or withdrawn, never both.
  check (accepted_at is null or revoked_at is null)
);

-- At most one unanswered offer per application.
create unique index if not exists application_offers_one_open_idx
  on public.application_offers (application_id) where accepted_at is null and revoked_at is null;
-- The applicant's dashboard: their open offer.
create index if not exists application_offers_user_idx on public.application_offers (user_id, created_at desc);

alter table public.application_offers enable row level security;
