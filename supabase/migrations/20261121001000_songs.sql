-- The song catalogue: songs, their credits (writers, producers... with splits)
-- and the bookkeeping of stored files. Runs unchanged on PGlite (PG 18),
-- PostgreSQL 15 and Supabase.

-- Typo tolerance (similarity of titles and names). PGlite loads the contrib
-- module, Debian's postgresql ships it, Supabase has it.
create extension if not exists pg_trgm;

-- The weighted search document of a song: title A, credit names B, genre and
-- moods C, lyrics D. A function so that it can feed a stored generated column;
-- it only calls immutable text-search functions with a fixed configuration.
create or replace function public.song_search_document(
  title text, credit_names text, genre text, moods text[], lyrics text
) returns tsvector
language sql immutable parallel safe
as $$
  select setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(credit_names, '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(genre, '') || ' ' || coalesce(array_to_string(moods, ' '), '')), 'C')
      || setweight(to_tsvector('english'::regconfig, coalesce(lyrics, '')), 'D')
$$;

create table if not exists public.songs (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 200),
  slug text check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 120),
  genre text not null check (char_length(genre) between 1 and 60),
  moods text[] not null default '{}' check (cardinality(moods) <= 12),
  bpm integer not null check (bpm between 20 and 300),
  musical_key text not null check (char_length(musical_key) between 1 and 20),
  duration_seconds double precision not null check (duration_seconds > 0 and duration_seconds <= 3600),
  lyrics text check (char_length(lyrics) <= 20000),
  -- Object paths inside the audio and artwork buckets (never URLs: those are signed per request).
  audio_path text not null check (char_length(audio_path) between 1 and 500),
  artwork_path text check (char_length(artwork_path) between 1 and 500),
  status text not null default 'catalogue' check (status in ('catalogue', 'archived')),
  featured boolean not null default false,
  -- Waveform bars (about 200 numbers between 0 and 1); empty when the format was not decoded.
  peaks jsonb not null default '[]'::jsonb check (jsonb_typeof(peaks) = 'array'),
  -- Names of the song's credits, kept by the song_credits triggers below, so
  -- that one indexed table answers searches by title or by writer.
  credit_names text not null default '',
  search_vector tsvector generated always as
    (public.song_search_document(title, credit_names, genre, moods, lyrics)) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index if not exists songs_search_idx on public.songs using gin (search_vector);
create index if not exists songs_title_trgm_idx on public.songs using gin (title gin_trgm_ops);
create index if not exists songs_credit_names_trgm_idx on public.songs using gin (credit_names gin_trgm_ops);
create index if not exists songs_moods_idx on public.songs using gin (moods);
-- The listing orders (partial: the public catalogue never lists archived songs).
create index if not exists songs_catalogue_newest_idx on public.songs (created_at desc, id desc) where status = 'catalogue';
create index if not exists songs_catalogue_title_idx on public.songs (lower(title), id) where status = 'catalogue';
create index if not exists songs_catalogue_bpm_idx on public.songs (bpm, id) where status = 'catalogue';
create index if not exists songs_catalogue_duration_idx on public.songs (duration_seconds, id) where status = 'catalogue';
create index if not exists songs_catalogue_genre_idx on public.songs (lower(genre)) where status = 'catalogue';
create index if not exists songs_catalogue_key_idx on public.songs (lower(musical_key)) where status = 'catalogue';
create index if not exists songs_status_idx on public.songs (status);

create table if not exists public.song_credits (
  id uuid primary key default gen_random_uuid(),
  song_id uuid not null references public.songs (id) on delete cascade,
  -- A member of the collective (profiles.user_id), or null for an external co-writer.
  member_id uuid references auth.users (id) on delete set null,
  name text not null check (char_length(name) between 1 and 100),
  role text not null check (role in ('writer', 'producer', 'topliner', 'artist', 'composer', 'lyricist')),
  split numeric(5, 2) not null check (split >= 0 and split <= 100),
  position smallint not null default 0,
  created_at timestamptz not null default now()
);

create index if not exists song_credits_song_idx on public.song_credits (song_id, position);
create index if not exists song_credits_member_idx on public.song_credits (member_id) where member_id is not null;
create index if not exists song_credits_name_trgm_idx on public.song_credits using gin (name gin_trgm_ops);

-- songs.credit_names follows the credits, once per statement (a bulk insert of
-- many credits updates each song once), and only where the names changed.
create or replace function public.song_credits_refresh_names(song_ids uuid[]) returns void
language sql as $$
  update public.songs s
     set credit_names = n.names
    from (select c.song_id, string_agg(c.name, ' ' order by c.position, c.name) as names
            from public.song_credits c
           where c.song_id = any (song_ids)
           group by c.song_id) n
   where s.id = n.song_id and s.credit_names is distinct from n.names;
  update public.songs s
     set credit_names = ''
   where s.id = any (song_ids) and s.credit_names <> ''
     and not exists (select 1 from public.song_credits c where c.song_id = s.id);
$$;

create or replace function public.song_credits_names_after_insert_or_delete() returns trigger
language plpgsql as $$
begin
  perform public.song_credits_refresh_names(array(select distinct song_id from changed_credits));
  return null;
end
$$;

create or replace function public.song_credits_names_after_update() returns trigger
language plpgsql as $$
begin
  perform public.song_credits_refresh_names(array(select song_id from new_credits union select song_id from old_credits));
  return null;
end
$$;

drop trigger if exists song_credits_names_insert on public.song_credits;
create trigger song_credits_names_insert after insert on public.song_credits
  referencing new table as changed_credits
  for each statement execute function public.song_credits_names_after_insert_or_delete();

drop trigger if exists song_credits_names_delete on public.song_credits;
create trigger song_credits_names_delete after delete on public.song_credits
  referencing old table as changed_credits
  for each statement execute function public.song_credits_names_after_insert_or_delete();

drop trigger if exists song_credits_names_update on public.song_credits;
create trigger song_credits_names_update after update on public.song_credits
  referencing new table as new_credits old table as old_credits
  for each statement execute function public.song_credits_names_after_update();

-- The splits of a song's credits sum to 100, checked at commit so a
-- transaction may replace credits in several statements. The app checks the
-- same rule before writing (songs.server.ts); this is the backstop.
create or replace function public.song_splits_assert(target uuid) returns void
language plpgsql as $$
declare
  credit_count integer;
  total numeric;
begin
  select count(*), coalesce(sum(split), 0) into credit_count, total
    from public.song_credits where song_id = target;
  if credit_count > 0 and total <> 100 then
    raise exception 'The splits of song % add up to %, not 100', target, total
      using errcode = '23514', constraint = 'song_credits_splits_sum_100';
  end if;
end
$$;

create or replace function public.song_credits_check_splits() returns trigger
language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform public.song_splits_assert(new.song_id);
  end if;
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.song_id is distinct from new.song_id) then
    perform public.song_splits_assert(old.song_id);
  end if;
  return null;
end
$$;

drop trigger if exists song_credits_splits_sum_100 on public.song_credits;
create constraint trigger song_credits_splits_sum_100
  after insert or update or delete on public.song_credits
  deferrable initially deferred
  for each row execute function public.song_credits_check_splits();

-- Files the app stored (audio, artwork), with the type found in their bytes.
-- A file is written first and its row inserted in the same transaction as the
-- rows that use it; a failed transaction removes the file again.
create table if not exists public.storage_objects (
  bucket text not null check (bucket ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
  path text not null check (char_length(path) between 1 and 500),
  content_type text not null,
  size_bytes bigint not null check (size_bytes >= 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  kind text not null check (kind in ('audio', 'image')),
  uploaded_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (bucket, path)
);

-- Member search on /search uses the same typo tolerance on display names.
create index if not exists profiles_display_name_trgm_idx on public.profiles using gin (display_name gin_trgm_ops);

alter table public.songs enable row level security;
alter table public.song_credits enable row level security;
alter table public.storage_objects enable row level security;
