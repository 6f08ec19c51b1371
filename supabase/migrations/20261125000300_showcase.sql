-- The showcase (issue 10, SPEC section 3: "members can upload up to 5 tracks").
-- docs/decisions/0064-showcase.md
--
-- The limit of 5 is the database's, not only the app's, so it holds however
-- many uploads arrive at once:
--   * position is 1..5 and unique per member: a sixth row has nowhere to go;
--   * a BEFORE INSERT trigger takes a per-member transaction lock, counts the
--     member's tracks and refuses a sixth with a check_violation on the named
--     constraint showcase_tracks_limit (the app turns that into the message),
--     and gives the new track the next free position;
--   * deletes and reorders take the same lock (public.showcase_lock), so
--     positions stay 1..n while inserts count them.

create table if not exists public.showcase_tracks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 100),
  -- Where the audio is (never a URL: those are signed per request); one row of storage_objects.
  audio_bucket text not null check (audio_bucket ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
  audio_path text not null check (char_length(audio_path) between 1 and 500),
  content_type text not null check (char_length(content_type) between 1 and 100),
  size_bytes bigint not null check (size_bytes > 0),
  duration_seconds double precision not null check (duration_seconds > 0 and duration_seconds <= 36000),
  -- Waveform bars (about 200 numbers between 0 and 1); empty when the format was not decoded.
  peaks jsonb not null default '[]'::jsonb check (jsonb_typeof(peaks) = 'array'),
  position smallint not null check (position between 1 and 5),
  created_at timestamptz not null default now(),
  -- Deferrable (checked at the end of each statement, not per row), so one UPDATE can swap two positions.
  constraint showcase_tracks_position_key unique (user_id, position) deferrable initially immediate,
  constraint showcase_tracks_audio_key unique (audio_bucket, audio_path),
  constraint showcase_tracks_audio_object_fkey foreign key (audio_bucket, audio_path)
    references public.storage_objects (bucket, path)
);

-- Serialises the changes to one member's showcase until the transaction ends.
create or replace function public.showcase_lock(member uuid) returns void
language sql volatile as $$
  select pg_advisory_xact_lock(hashtextextended('showcase_tracks:' || member::text, 0));
$$;

create or replace function public.showcase_tracks_before_insert() returns trigger
language plpgsql as $$
declare
  taken integer;
  last_position integer;
begin
  perform public.showcase_lock(new.user_id);
  -- Read after the lock: under READ COMMITTED this sees every track committed before it was granted.
  select count(*), coalesce(max(position), 0) into taken, last_position
    from public.showcase_tracks where user_id = new.user_id;
  if taken >= 5 then
    raise exception 'A showcase holds at most 5 tracks'
      using errcode = 'check_violation', constraint = 'showcase_tracks_limit';
  end if;
  if new.position is null then
    new.position := last_position + 1;
  end if;
  return new;
end
$$;

drop trigger if exists showcase_tracks_limit on public.showcase_tracks;
create trigger showcase_tracks_limit before insert on public.showcase_tracks
  for each row execute function public.showcase_tracks_before_insert();

alter table public.showcase_tracks enable row level security;
