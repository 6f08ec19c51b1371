-- The listening party (issue 14, ADR 0092): a room where the collective hears
-- songs together, in sync with the host's timeline, and that ends with a
-- ranked outcome an A&R can take into their shortlists.
--
-- Everything that matters lives here, not in a server's memory (DESIGN.md
-- §1.5): the room, its playback timeline, its queue, chat, listeners and
-- ratings, and an ordered log of the room's events. Every change to a room
-- takes the room's row lock, bumps `event_seq`, writes one party_events row
-- and NOTIFYs 'party_events' in the same transaction, so notifications of one
-- room arrive in commit order = seq order on every server instance, and a
-- browser that reconnects replays what it missed from the log.
-- Runs unchanged on PGlite (PG 18), PostgreSQL 15 and Supabase.

create table if not exists public.parties (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 120),
  -- Null only while nobody holds the room (the host's account was deleted):
  -- the next member present takes it over.
  host_id uuid references auth.users (id) on delete set null,
  co_host_id uuid references auth.users (id) on delete set null,
  created_by uuid references auth.users (id) on delete set null,
  brief_id uuid references public.briefs (id) on delete set null,
  camp_id uuid references public.camps (id) on delete set null,
  -- 'members': every member sees and may join it; 'invite': only the host,
  -- the co-host and the people invited.
  visibility text not null default 'members' check (visibility in ('members', 'invite')),
  status text not null default 'live' check (status in ('scheduled', 'live', 'ended')),
  scheduled_for timestamptz,
  started_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz not null default now(),
  -- The host's timeline: the item playing, whether it plays, and where it was
  -- (position_ms) at the server time anchor_at. Anyone's position at server
  -- time t is position_ms + (playing ? t - anchor_at : 0).
  current_item_id uuid,
  playing boolean not null default false,
  position_ms integer not null default 0 check (position_ms >= 0),
  anchor_at timestamptz not null default now(),
  -- When the host was last seen gone (no open event stream): playback pauses,
  -- the co-host takes over at once, else the next member after 60 s.
  host_away_since timestamptz,
  event_seq bigint not null default 0,
  check (status <> 'scheduled' or scheduled_for is not null),
  check (status <> 'ended' or ended_at is not null)
);

create index if not exists parties_status_idx on public.parties (status, coalesce(started_at, scheduled_for) desc);

create table if not exists public.party_invitations (
  party_id uuid not null references public.parties (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (party_id, user_id)
);
create index if not exists party_invitations_user_idx on public.party_invitations (user_id);

-- What the room may hear: a catalogue song, a public showcase track, or one
-- of the host's own submissions (nothing a listener could not otherwise hear).
-- Title, artist and duration are copied when added, so the queue and the
-- outcome read the same after the source changes.
create table if not exists public.party_queue (
  id uuid primary key default gen_random_uuid(),
  party_id uuid not null references public.parties (id) on delete cascade,
  kind text not null check (kind in ('song', 'showcase', 'submission')),
  song_id uuid references public.songs (id) on delete cascade,
  showcase_track_id uuid references public.showcase_tracks (id) on delete cascade,
  submission_id uuid references public.submissions (id) on delete cascade,
  title text not null,
  artist text not null default '',
  duration_ms integer not null check (duration_ms > 0),
  added_by uuid references auth.users (id) on delete set null,
  added_by_name text not null default '',
  -- Guests add in turn: a person's n-th song goes into round n (never a round
  -- already played), and the queue plays round by round.
  round integer not null check (round >= 1),
  position integer not null,
  added_at timestamptz not null default now(),
  started_at timestamptz,
  removed_at timestamptz,
  check (
    (kind = 'song' and song_id is not null and showcase_track_id is null and submission_id is null)
    or (kind = 'showcase' and showcase_track_id is not null and song_id is null and submission_id is null)
    or (kind = 'submission' and submission_id is not null and song_id is null and showcase_track_id is null)
  )
);
create index if not exists party_queue_party_idx on public.party_queue (party_id, position);

alter table public.parties
  add constraint parties_current_item_fkey foreign key (current_item_id) references public.party_queue (id) on delete set null;

create table if not exists public.party_listeners (
  party_id uuid not null references public.parties (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  display_name text not null default '',
  joined_at timestamptz not null default now(),
  -- Refreshed while the person has an event stream open; gone after a while without.
  last_seen_at timestamptz not null default now(),
  left_at timestamptz,
  -- 'buffering' while their audio waits for data (they tell the room, as SyncPlay's members do).
  playback text not null default 'ready' check (playback in ('ready', 'buffering')),
  -- The host removed them: they cannot come back to this party.
  removed_at timestamptz,
  primary key (party_id, user_id)
);

create table if not exists public.party_messages (
  id uuid primary key default gen_random_uuid(),
  party_id uuid not null references public.parties (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  display_name text not null default '',
  kind text not null check (kind in ('chat', 'reaction')),
  -- Chat: SPEC §5 sanitised text; reaction: one of the room's reaction names.
  body text not null check (char_length(body) between 1 and 1000),
  created_at timestamptz not null default now(),
  removed_at timestamptz
);
create index if not exists party_messages_party_idx on public.party_messages (party_id, created_at);

create table if not exists public.party_ratings (
  item_id uuid not null references public.party_queue (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  party_id uuid not null references public.parties (id) on delete cascade,
  rating text not null check (rating in ('keeper', 'maybe', 'pass')),
  rated_at timestamptz not null default now(),
  primary key (item_id, user_id)
);
create index if not exists party_ratings_party_idx on public.party_ratings (party_id);

-- The saved result of an ended party: every song heard, ranked by the room's
-- ratings; `shortlisted` marks the ones that make its shortlist.
create table if not exists public.party_results (
  party_id uuid not null references public.parties (id) on delete cascade,
  item_id uuid not null references public.party_queue (id) on delete cascade,
  rank integer not null check (rank >= 1),
  keepers integer not null default 0,
  maybes integer not null default 0,
  passes integer not null default 0,
  score integer not null default 0,
  shortlisted boolean not null default false,
  primary key (party_id, item_id),
  unique (party_id, rank)
);

-- The room's ordered event log: what every browser in the room is sent.
create table if not exists public.party_events (
  party_id uuid not null references public.parties (id) on delete cascade,
  seq bigint not null check (seq >= 1),
  type text not null,
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  primary key (party_id, seq)
);

alter table public.parties enable row level security;
alter table public.party_invitations enable row level security;
alter table public.party_queue enable row level security;
alter table public.party_listeners enable row level security;
alter table public.party_messages enable row level security;
alter table public.party_ratings enable row level security;
alter table public.party_results enable row level security;
alter table public.party_events enable row level security;
