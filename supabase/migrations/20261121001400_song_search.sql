-- A narrow copy of each catalogue song (status 'catalogue' only) holding what
-- a text search reads for every matching song: the facet and sort columns and
-- the song's words without positions (docs/decisions/0055-search-at-scale.md).
--
-- A broad search ("love": one song in six) visits every matching row to count
-- facets and to rank. A songs row carries lyrics, a positional search vector,
-- waveform peaks and paths; this one about a third of that, so the same search
-- reads far fewer pages, and never needs to detoast long lyrics' vectors.
-- Phrases and exclusions, which need positions, are checked on songs.search_vector.
-- Kept by statement-level triggers on songs; removed with its song (cascade).
create table if not exists public.song_search (
  song_id uuid primary key references public.songs (id) on delete cascade,
  genre text not null,
  musical_key text not null,
  bpm integer not null,
  moods text[] not null,
  featured boolean not null,
  created_at timestamptz not null,
  title_key text not null,
  duration_seconds double precision not null,
  -- Lexemes without positions: of the title; of the title and credit names; of everything searched.
  title_words tsvector not null,
  head tsvector not null,
  body tsvector not null
);

create index if not exists song_search_body_idx on public.song_search using gin (body);
create index if not exists song_search_head_idx on public.song_search using gin (head);

alter table public.song_search enable row level security;

-- Rewrites the rows of these songs from songs (and drops those no longer in the catalogue).
create or replace function public.song_search_refresh(ids uuid[]) returns void
language sql as $$
  delete from public.song_search where song_id = any (ids);
  insert into public.song_search (song_id, genre, musical_key, bpm, moods, featured, created_at, title_key, duration_seconds, title_words, head, body)
  select s.id, s.genre, s.musical_key, s.bpm, s.moods, s.featured, s.created_at, lower(s.title), s.duration_seconds,
         strip(ts_filter(s.search_vector, '{a}')), strip(ts_filter(s.search_vector, '{a,b}')), strip(s.search_vector)
  from public.songs s
  where s.id = any (ids) and s.status = 'catalogue';
$$;

create or replace function public.songs_search_after_insert() returns trigger
language plpgsql as $$
begin
  perform public.song_search_refresh(array(select id from new_songs where status = 'catalogue'));
  return null;
end
$$;

-- Only rows whose copied columns changed are rewritten (a waveform or path edit is not).
create or replace function public.songs_search_after_update() returns trigger
language plpgsql as $$
begin
  perform public.song_search_refresh(array(
    select n.id from old_songs o join new_songs n on n.id = o.id
    where (o.status, o.genre, o.musical_key, o.bpm, o.moods, o.featured, o.created_at, o.title, o.duration_seconds, o.search_vector)
          is distinct from
          (n.status, n.genre, n.musical_key, n.bpm, n.moods, n.featured, n.created_at, n.title, n.duration_seconds, n.search_vector)));
  return null;
end
$$;

drop trigger if exists songs_search_insert on public.songs;
create trigger songs_search_insert after insert on public.songs
  referencing new table as new_songs
  for each statement execute function public.songs_search_after_insert();

drop trigger if exists songs_search_update on public.songs;
create trigger songs_search_update after update on public.songs
  referencing old table as old_songs new table as new_songs
  for each statement execute function public.songs_search_after_update();

-- Songs stored before this migration.
select public.song_search_refresh(array(select id from public.songs where status = 'catalogue'));
