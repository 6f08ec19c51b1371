-- Applications (issue 11): how a signed-up person asks to join the collective.
-- docs/decisions/0070-applications.md
--
--   application_questions  the questions admins set (H2 edits them; three defaults below)
--   applications           one row per attempt; ONE open (draft, pending,
--                          shortlisted, waitlisted) per person, kept by a partial
--                          unique index, so however many tabs post at once
--   application_tracks     sample tracks in two groups, collab and solo; track_key
--                          is the player's track id `{public_key}-{mode}-{n}`
--   application_events     who did what when; append-only (a trigger refuses
--                          UPDATE and DELETE except the cascades of a deleted account)

create table if not exists public.application_questions (
  id uuid primary key default gen_random_uuid(),
  prompt text not null check (char_length(prompt) between 1 and 300),
  help text not null default '' check (char_length(help) <= 500),
  required boolean not null default false,
  max_length integer not null default 1000 check (max_length between 50 and 4000),
  position integer not null default 0,
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The form lists the live questions in order.
create index if not exists application_questions_live_idx on public.application_questions (position, created_at) where archived_at is null;

alter table public.application_questions enable row level security;

-- The three questions every collective starts with (admins edit them at /admin/applications/questions).
insert into public.application_questions (prompt, help, required, max_length, position)
select prompt, help, required, max_length, position
from (values
  ('What are you working on right now?', 'A project, a session, a song you cannot stop rewriting.', true, 1000, 1),
  ('Who would you most like to write with, and why?', 'Anyone, in the collective or not.', false, 1000, 2),
  ('Tell us about a song you''re proud of', 'What it is, who it was with, and what you did on it.', true, 1000, 3)
) as defaults (prompt, help, required, max_length, position)
where not exists (select 1 from public.application_questions);

create table if not exists public.applications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The applicant's part of the player's track ids: lowercase letters and digits,
  -- never a hyphen (the player reads the applicant as the part before the first one).
  public_key text not null unique check (public_key ~ '^[a-z0-9]{8,20}$'),
  -- Null only while a draft has not said yet.
  kind text check (kind in ('writer', 'producer', 'both')),
  name text not null default '' check (char_length(name) <= 100),
  location text not null default '' check (char_length(location) <= 100),
  bio text not null default '' check (char_length(bio) <= 2000),
  links jsonb not null default '[]'::jsonb check (jsonb_typeof(links) = 'array' and jsonb_array_length(links) <= 5),
  -- [{questionId, prompt, answer}]: the prompt as it read when the answer was given.
  answers jsonb not null default '[]'::jsonb check (jsonb_typeof(answers) = 'array' and jsonb_array_length(answers) <= 50),
  status text not null default 'draft'
    check (status in ('draft', 'pending', 'shortlisted', 'waitlisted', 'declined', 'accepted', 'withdrawn')),
  submitted_at timestamptz,
  decided_at timestamptz,
  decided_by uuid references auth.users (id) on delete set null,
  decision_note text check (decision_note is null or char_length(decision_note) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Anything past a draft was submitted complete.
  constraint applications_submitted_complete check (
    status in ('draft', 'withdrawn')
    or (submitted_at is not null and kind is not null and char_length(name) > 0 and char_length(bio) > 0)
  )
);

-- One open application per person: the last word on a race between two tabs.
create unique index if not exists applications_one_open_key on public.applications (user_id)
  where status in ('draft', 'pending', 'shortlisted', 'waitlisted');
-- The dashboard reads a person's latest application.
create index if not exists applications_user_created_idx on public.applications (user_id, created_at desc);
-- The admin queue: by status, oldest submission first.
create index if not exists applications_status_submitted_idx on public.applications (status, submitted_at);

alter table public.applications enable row level security;

create table if not exists public.application_tracks (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  mode text not null check (mode in ('collab', 'solo')),
  -- `{public_key}-{mode}-{n}` (app/applications/track-ids.ts).
  track_key text not null unique check (track_key ~ '^[a-z0-9]{8,20}-(collab|solo)-[1-9][0-9]{0,2}$'),
  title text not null check (char_length(title) between 1 and 100),
  audio_bucket text not null check (audio_bucket ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
  audio_path text not null check (char_length(audio_path) between 1 and 500),
  content_type text not null check (char_length(content_type) between 1 and 100),
  size_bytes bigint not null check (size_bytes > 0),
  duration_seconds double precision not null check (duration_seconds > 0 and duration_seconds <= 36000),
  peaks jsonb not null default '[]'::jsonb check (jsonb_typeof(peaks) = 'array'),
  position smallint not null check (position between 1 and 3),
  created_at timestamptz not null default now(),
  -- Deferrable (checked at the end of each statement), so one UPDATE can close a gap.
  constraint application_tracks_position_key unique (application_id, mode, position) deferrable initially immediate,
  constraint application_tracks_audio_key unique (audio_bucket, audio_path),
  constraint application_tracks_audio_object_fkey foreign key (audio_bucket, audio_path)
    references public.storage_objects (bucket, path)
);

create index if not exists application_tracks_application_idx on public.application_tracks (application_id, mode, position);

-- Serialises the changes to one application's tracks until the transaction ends
-- (the app takes it before choosing a new track's number; deletes take it too).
create or replace function public.application_tracks_lock(application uuid) returns void
language sql volatile as $$
  select pg_advisory_xact_lock(hashtextextended('application_tracks:' || application::text, 0));
$$;

-- At most 3 tracks per group, however many uploads arrive at once: the lock, a
-- count, and the next free position.
create or replace function public.application_tracks_before_insert() returns trigger
language plpgsql as $$
declare
  taken integer;
  last_position integer;
begin
  perform public.application_tracks_lock(new.application_id);
  select count(*), coalesce(max(position), 0) into taken, last_position
    from public.application_tracks where application_id = new.application_id and mode = new.mode;
  if taken >= 3 then
    raise exception 'An application holds at most 3 % tracks', new.mode
      using errcode = 'check_violation', constraint = 'application_tracks_limit';
  end if;
  if new.position is null then
    new.position := last_position + 1;
  end if;
  return new;
end
$$;

drop trigger if exists application_tracks_limit on public.application_tracks;
create trigger application_tracks_limit before insert on public.application_tracks
  for each row execute function public.application_tracks_before_insert();

alter table public.application_tracks enable row level security;

create table if not exists public.application_events (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  actor_id uuid references auth.users (id) on delete set null,
  action text not null check (action ~ '^[a-z_]{1,40}$'),
  from_status text check (from_status is null or from_status in ('draft', 'pending', 'shortlisted', 'waitlisted', 'declined', 'accepted', 'withdrawn')),
  to_status text check (to_status is null or to_status in ('draft', 'pending', 'shortlisted', 'waitlisted', 'declined', 'accepted', 'withdrawn')),
  note text check (note is null or char_length(note) <= 2000),
  created_at timestamptz not null default now()
);

create index if not exists application_events_application_idx on public.application_events (application_id, created_at, id);

-- Append-only: a record nobody edits. Only the foreign keys' own actions (a deleted
-- account's cascade, an actor set to null) pass, and they run one trigger level down.
create or replace function public.application_events_append_only() returns trigger
language plpgsql as $$
begin
  if pg_trigger_depth() > 1 then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  raise exception 'application_events is append-only'
    using errcode = 'insufficient_privilege';
end
$$;

drop trigger if exists application_events_append_only on public.application_events;
create trigger application_events_append_only before update or delete on public.application_events
  for each row execute function public.application_events_append_only();

alter table public.application_events enable row level security;
