-- Shortlists (issue 11, item 5): an approved A&R's working lists of catalogue
-- songs, each song with a note and a keeper / maybe / needs work / pass
-- rating, in the A&R's order; read-only share links that need no account and
-- expire; and the plays those links get.
-- docs/decisions/0074-shortlists-and-share-links.md
--
-- Limits mirror app/shortlists/constants.ts (the zod schemas).

create table if not exists public.shortlists (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 120),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- An A&R's lists, most recently changed first.
create index if not exists shortlists_owner_idx on public.shortlists (owner_id, updated_at desc, id);

create table if not exists public.shortlist_items (
  id uuid primary key default gen_random_uuid(),
  shortlist_id uuid not null references public.shortlists (id) on delete cascade,
  song_id uuid not null references public.songs (id) on delete cascade,
  note text not null default '' check (char_length(note) <= 1000),
  -- app/shortlists/ratings.ts (FEEDBACK_RATINGS); null until the A&R rates the song.
  rating text check (rating is null or rating in ('keeper', 'maybe', 'needs_work', 'pass')),
  -- 1..n in the A&R's order; deferrable so one UPDATE can swap two neighbours.
  position integer not null check (position between 1 and 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- A song is on a shortlist once.
  constraint shortlist_items_song_key unique (shortlist_id, song_id),
  constraint shortlist_items_position_key unique (shortlist_id, position) deferrable initially immediate
);

-- "On your shortlists" on a song page.
create index if not exists shortlist_items_song_idx on public.shortlist_items (song_id);

create table if not exists public.shortlist_shares (
  id uuid primary key default gen_random_uuid(),
  shortlist_id uuid not null references public.shortlists (id) on delete cascade,
  -- SHA-256 (hex) of the random token in the link; the token itself is never stored.
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  constraint shortlist_shares_token_key unique (token_hash),
  constraint shortlist_shares_expiry_check check (expires_at > created_at and expires_at <= created_at + interval '366 days'),
  constraint shortlist_shares_revoked_check check (revoked_at is null or revoked_at >= created_at)
);

create index if not exists shortlist_shares_shortlist_idx on public.shortlist_shares (shortlist_id, created_at desc);

-- One row per listener, song, share and (UTC) day: created when the listener's
-- browser first fetches the song's audio that day (fetched_at: the earliest a
-- play can have started), counted when the browser reports 30 s of playback (or
-- the whole song) no earlier than that allows. The unique key makes a count
-- idempotent: a listener's second play of a song on the same day adds nothing.
create table if not exists public.shortlist_plays (
  id uuid primary key default gen_random_uuid(),
  share_id uuid not null references public.shortlist_shares (id) on delete cascade,
  song_id uuid not null references public.songs (id) on delete cascade,
  -- SHA-256 (hex) of the listener's random cookie; the cookie itself is never stored.
  listener_key text not null check (listener_key ~ '^[0-9a-f]{64}$'),
  day date not null,
  fetched_at timestamptz not null,
  counted_at timestamptz,
  constraint shortlist_plays_listener_day_key unique (share_id, song_id, listener_key, day),
  constraint shortlist_plays_counted_check check (counted_at is null or counted_at >= fetched_at)
);

-- The A&R's figures: counted plays per share and song.
create index if not exists shortlist_plays_counted_idx on public.shortlist_plays (share_id, song_id) where counted_at is not null;
create index if not exists shortlist_plays_song_idx on public.shortlist_plays (song_id);

alter table public.shortlists enable row level security;
alter table public.shortlist_items enable row level security;
alter table public.shortlist_shares enable row level security;
alter table public.shortlist_plays enable row level security;
