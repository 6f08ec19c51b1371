-- Song submissions (issue 11 item 6): members send songs for the catalogue;
-- admins accept them (the song is created from the submission) or decline
-- them with a note. docs/decisions/0075-song-submissions.md
--
-- The limits mirror the form's zod schema (app/submissions/schema.ts and
-- constants.ts). brief_id has no foreign key here: the briefs table comes in
-- a later migration (20261126000650_briefs.sql), which adds it.

-- The credits' splits, in hundredths, summed (100 % = 10000): immutable, so a CHECK may call it.
create or replace function public.submission_credit_splits(credits jsonb) returns bigint
language sql immutable as $$
  select coalesce(sum(round((c ->> 'split')::numeric * 100)), 0)::bigint
    from jsonb_array_elements(case when jsonb_typeof(credits) = 'array' then credits else '[]'::jsonb end) as c
$$;

-- Every credit an object with a name (1..100), a role, a split 0..100 and a member id or null.
create or replace function public.submission_credits_valid(credits jsonb) returns boolean
language sql immutable as $$
  select jsonb_typeof(credits) = 'array'
    and jsonb_array_length(credits) between 1 and 12
    and not exists (
      select 1 from jsonb_array_elements(credits) as c
       where jsonb_typeof(c) <> 'object'
          or jsonb_typeof(c -> 'name') <> 'string'
          or char_length(c ->> 'name') not between 1 and 100
          or (c ->> 'role') is null
          or (c ->> 'role') not in ('writer', 'producer', 'topliner', 'artist', 'composer', 'lyricist')
          or jsonb_typeof(c -> 'split') <> 'number'
          or (c ->> 'split')::numeric < 0
          or (c ->> 'split')::numeric > 100
          or (jsonb_typeof(c -> 'memberId') is distinct from 'null'
              and (jsonb_typeof(c -> 'memberId') <> 'string'
                   or (c ->> 'memberId') !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'))
    )
$$;

create table if not exists public.submissions (
  id uuid primary key default gen_random_uuid(),
  member_id uuid not null references auth.users (id) on delete cascade,
  -- The brief this submission answers, if any (the foreign key comes with the briefs table).
  brief_id uuid,
  title text not null check (char_length(title) between 1 and 200),
  genre text not null check (char_length(genre) between 1 and 60),
  moods text[] not null default '{}' check (cardinality(moods) <= 8 and array_position(moods, null) is null),
  bpm integer not null check (bpm between 20 and 300),
  musical_key text not null check (char_length(musical_key) between 1 and 20),
  vocal_type text check (vocal_type in ('female', 'male', 'duet', 'group', 'instrumental')),
  explicit boolean not null default false,
  lyrics text check (char_length(lyrics) between 1 and 20000),
  -- Where the audio is (never a URL: those are signed per request); one row of storage_objects.
  audio_bucket text not null check (audio_bucket ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
  audio_path text not null check (char_length(audio_path) between 1 and 500),
  content_type text not null check (char_length(content_type) between 1 and 100),
  size_bytes bigint not null check (size_bytes > 0),
  duration_seconds double precision not null check (duration_seconds > 0 and duration_seconds <= 36000),
  peaks jsonb not null default '[]'::jsonb check (jsonb_typeof(peaks) = 'array'),
  -- [{name, memberId|null, role, split}], splits summing to exactly 100.
  credits jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'declined', 'withdrawn')),
  decision_note text check (char_length(decision_note) between 1 and 2000),
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz,
  song_id uuid references public.songs (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint submissions_credits_valid check (public.submission_credits_valid(credits)),
  constraint submissions_splits_sum_100 check (public.submission_credit_splits(credits) = 10000),
  -- A decision has a time; a pending or withdrawn submission has none.
  constraint submissions_decided check ((status in ('accepted', 'declined')) = (decided_at is not null)),
  -- A declined submission says why.
  constraint submissions_declined_note check (status <> 'declined' or decision_note is not null),
  -- Only an accepted submission became a song (the song may be deleted later: then null).
  constraint submissions_song_only_accepted check (song_id is null or status = 'accepted'),
  constraint submissions_audio_key unique (audio_bucket, audio_path),
  constraint submissions_audio_object_fkey foreign key (audio_bucket, audio_path)
    references public.storage_objects (bucket, path)
);

-- A member's own list, newest first.
create index if not exists submissions_member_idx on public.submissions (member_id, created_at desc);
-- The admins' queue: per status, oldest first (and the counts per status).
create index if not exists submissions_status_idx on public.submissions (status, created_at);
-- A brief's answers.
create index if not exists submissions_brief_idx on public.submissions (brief_id) where brief_id is not null;
create index if not exists submissions_song_idx on public.submissions (song_id) where song_id is not null;

alter table public.submissions enable row level security;
