-- Songwriting camps (issue 13, ADR 0086): a camp with its venue and time
-- zone, its rooms and daily session slots, the roster (invitations and their
-- answers), the sessions (a room in a slot on a day) and who is in each, the
-- songs each session wrote and their split sheets, and the link from a camp
-- song to the submission and the catalogue song it became.
-- Runs unchanged on PGlite (PG 18), PostgreSQL 15 and Supabase.
--
-- The database holds the rules that must never break whatever the app does:
--   * nobody is in two rooms at once (a unique key on member, camp, day, slot);
--   * a room never holds more people than its capacity (a trigger that locks
--     the session row, so two concurrent additions are counted one after the
--     other);
--   * only people on the roster are placed in a session (a foreign key to the
--     invitation);
--   * a split share is confirmed by the person it names, or by an admin when it
--     names someone without an account (recorded as such).

create table if not exists public.camps (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 120),
  venue text not null check (char_length(venue) between 1 and 200),
  -- An IANA zone name (the venue's); session times are wall-clock times there.
  time_zone text not null check (char_length(time_zone) between 1 and 64),
  starts_on date not null,
  ends_on date not null,
  description text check (char_length(description) <= 2000),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_on >= starts_on),
  -- A camp is a few days: at most two weeks.
  check (ends_on - starts_on <= 13)
);

create index if not exists camps_starts_on_idx on public.camps (starts_on desc, id);

create table if not exists public.camp_rooms (
  id uuid primary key default gen_random_uuid(),
  camp_id uuid not null references public.camps (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  capacity integer not null check (capacity between 2 and 12),
  position integer not null default 0,
  created_at timestamptz not null default now(),
  unique (camp_id, name)
);

create table if not exists public.camp_slots (
  id uuid primary key default gen_random_uuid(),
  camp_id uuid not null references public.camps (id) on delete cascade,
  -- Wall-clock times in the camp's time zone, every day of the camp.
  starts_at time not null,
  ends_at time not null,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  check (ends_at > starts_at),
  unique (camp_id, starts_at)
);

create table if not exists public.camp_invitations (
  camp_id uuid not null references public.camps (id) on delete cascade,
  member_id uuid not null references auth.users (id) on delete cascade,
  -- What the member brings to a group (the pairing suggestions balance on it).
  camp_role text not null check (camp_role in ('producer', 'writer', 'topliner')),
  status text not null default 'invited' check (status in ('invited', 'accepted', 'declined')),
  -- The camp days the member can come (set when they accept).
  available_days date[] not null default '{}',
  invited_by uuid references auth.users (id) on delete set null,
  invited_at timestamptz not null default now(),
  responded_at timestamptz,
  primary key (camp_id, member_id),
  check (status <> 'accepted' or cardinality(available_days) > 0)
);

create index if not exists camp_invitations_member_idx on public.camp_invitations (member_id, camp_id);

-- A session: one room in one slot on one day. Every (room, slot, day) of a
-- camp has its row (app/camps/sessions.server.ts ensureCampSessions), so a
-- session has an id before anyone is in it.
create table if not exists public.camp_sessions (
  id uuid primary key default gen_random_uuid(),
  camp_id uuid not null references public.camps (id) on delete cascade,
  room_id uuid not null references public.camp_rooms (id) on delete cascade,
  slot_id uuid not null references public.camp_slots (id) on delete cascade,
  day date not null,
  -- Bumped whenever the group changes: the calendars' SEQUENCE.
  revision integer not null default 0,
  updated_at timestamptz not null default now(),
  unique (room_id, slot_id, day),
  -- The target of camp_session_members' composite key (below).
  unique (id, camp_id, day, slot_id)
);

create index if not exists camp_sessions_camp_idx on public.camp_sessions (camp_id, day, slot_id);

create table if not exists public.camp_session_members (
  session_id uuid not null,
  camp_id uuid not null,
  day date not null,
  slot_id uuid not null,
  member_id uuid not null,
  added_by uuid references auth.users (id) on delete set null,
  added_at timestamptz not null default now(),
  primary key (session_id, member_id),
  -- Copies of the session's camp, day and slot, kept honest by this key...
  foreign key (session_id, camp_id, day, slot_id) references public.camp_sessions (id, camp_id, day, slot_id) on delete cascade,
  -- ...so that this one means: nobody is in two rooms at once.
  constraint camp_session_members_no_double_booking unique (member_id, camp_id, day, slot_id),
  -- Only the camp's roster is placed (and leaving the roster leaves the sessions).
  foreign key (camp_id, member_id) references public.camp_invitations (camp_id, member_id) on delete cascade
);

create index if not exists camp_session_members_member_idx on public.camp_session_members (member_id, day);

-- A room never holds more than its capacity. The session row is locked first,
-- so concurrent additions to one session are counted one after the other.
create or replace function public.camp_session_capacity_check() returns trigger
language plpgsql as $$
declare
  room_capacity integer;
  seated integer;
begin
  select r.capacity into room_capacity
    from public.camp_sessions s
    join public.camp_rooms r on r.id = s.room_id
   where s.id = new.session_id
     for update of s;
  select count(*) into seated from public.camp_session_members where session_id = new.session_id;
  if seated >= room_capacity then
    raise exception 'camp room full' using errcode = 'check_violation', constraint = 'camp_session_members_room_capacity';
  end if;
  return new;
end;
$$;

drop trigger if exists camp_session_capacity on public.camp_session_members;
create trigger camp_session_capacity before insert on public.camp_session_members
  for each row execute function public.camp_session_capacity_check();

-- What a session wrote: a working title and a rough recording.
create table if not exists public.camp_songs (
  id uuid primary key default gen_random_uuid(),
  camp_id uuid not null references public.camps (id) on delete cascade,
  session_id uuid not null references public.camp_sessions (id) on delete cascade,
  working_title text not null check (char_length(working_title) between 1 and 120),
  notes text check (char_length(notes) <= 2000),
  -- The rough audio (bucket 'audio', a storage_objects row), when uploaded.
  audio_bucket text,
  audio_path text,
  audio_content_type text,
  audio_size_bytes bigint,
  audio_duration_seconds numeric(10, 3),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((audio_path is null) = (audio_bucket is null))
);

create index if not exists camp_songs_session_idx on public.camp_songs (session_id, created_at);
create index if not exists camp_songs_camp_idx on public.camp_songs (camp_id, created_at);

-- The split sheet: one row per share. Changing any share clears every
-- confirmation (the app does it in the same statement batch).
create table if not exists public.camp_split_shares (
  id uuid primary key default gen_random_uuid(),
  camp_song_id uuid not null references public.camp_songs (id) on delete cascade,
  position integer not null,
  -- The member it names; null for a co-writer without an account (and for a
  -- member whose account was deleted since: the name stays).
  member_id uuid references auth.users (id) on delete set null,
  name text not null check (char_length(name) between 1 and 100),
  role text not null check (role in ('writer', 'producer', 'topliner', 'artist', 'composer', 'lyricist')),
  share numeric(5, 2) not null check (share > 0 and share <= 100),
  confirmed_at timestamptz,
  confirmed_by uuid references auth.users (id) on delete set null,
  -- 'self': the named member confirmed from their own account; 'admin': an
  -- admin confirmed for a co-writer without an account.
  confirmed_as text check (confirmed_as in ('self', 'admin')),
  unique (camp_song_id, position),
  unique (camp_song_id, member_id),
  check ((confirmed_at is null) = (confirmed_as is null))
);

-- A camp song becomes a catalogue song through a submission: both remember it.
alter table public.submissions add column if not exists camp_song_id uuid references public.camp_songs (id) on delete set null;
alter table public.songs add column if not exists camp_song_id uuid references public.camp_songs (id) on delete set null;

-- One live submission per camp song (a declined or withdrawn one may be followed by another).
create unique index if not exists submissions_one_live_per_camp_song
  on public.submissions (camp_song_id) where camp_song_id is not null and status in ('pending', 'accepted');
create index if not exists songs_camp_song_idx on public.songs (camp_song_id) where camp_song_id is not null;

alter table public.camps enable row level security;
alter table public.camp_rooms enable row level security;
alter table public.camp_slots enable row level security;
alter table public.camp_invitations enable row level security;
alter table public.camp_sessions enable row level security;
alter table public.camp_session_members enable row level security;
alter table public.camp_songs enable row level security;
alter table public.camp_split_shares enable row level security;
