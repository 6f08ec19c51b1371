-- A member's private calendar subscription (issue 13 §3, ADR 0088): the
-- secret link /calendar/feed/<token> a calendar program polls for the
-- member's camp sessions. One live link per member (the primary key):
-- replacing it overwrites the row, so the old token stops matching at once;
-- revoking deletes the row.
--
-- The token itself is never stored. It is an HMAC (a key derived from the
-- server's session secret) of `seed`, 32 random bytes made for each link, so
-- the member's own page can show the link again; the feed looks the token up
-- by its SHA-256 (`token_hash`): nothing is compared in the clear, and the
-- table alone (a backup, a read replica) opens no feed.
-- Runs unchanged on PGlite (PG 18), PostgreSQL 15 and Supabase.

create table if not exists public.calendar_feeds (
  member_id uuid primary key references auth.users (id) on delete cascade,
  -- base64url of 32 random bytes (43 characters).
  seed text not null check (seed ~ '^[A-Za-z0-9_-]{43}$'),
  -- SHA-256 (hex) of the token in the link.
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  -- The last time a calendar program fetched the feed (shown to the member).
  last_fetched_at timestamptz,
  constraint calendar_feeds_token_key unique (token_hash)
);

alter table public.calendar_feeds enable row level security;
