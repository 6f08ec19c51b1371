-- GENERATED from the facet declaration (app/catalog/facets.ts) by
-- scripts/catalog-facets-migration.ts: do not edit. To add, change or remove a
-- facet, edit the declaration and generate a new migration; an applied
-- migration is never edited (docs/decisions/0057-facets-declared-once.md).
--
-- Facets:
--   genre        value  songs.genre
--   mood         array  songs.moods
--   key          value  songs.musical_key
--   bpm          range  songs.bpm
--   vocal_type   value  songs.vocal_type (may be null)
--   explicit     flag   songs.explicit
--
-- The tables derived from songs that hold facet values are dropped and
-- rebuilt from songs with the declared facet columns, and every function and
-- trigger keeping them is defined here: the current definitions, in one
-- place (earlier migrations are history). The vocabulary (catalog_words)
-- holds no facet values and stays as 20261121001200 made it.

-- 1. Songs: each facet's filter of a listing without text reads an index.
create index if not exists songs_catalogue_genre_idx on public.songs (lower(genre)) where status = 'catalogue';
create index if not exists songs_moods_idx on public.songs using gin (moods);
create index if not exists songs_catalogue_key_idx on public.songs (lower(musical_key)) where status = 'catalogue';
create index if not exists songs_catalogue_bpm_idx on public.songs (bpm, id) where status = 'catalogue';
create index if not exists songs_catalogue_vocal_type_idx on public.songs (lower(vocal_type)) where status = 'catalogue';
create index if not exists songs_catalogue_explicit_idx on public.songs (explicit) where status = 'catalogue';

-- 2. The derived tables, empty, with the declared facet columns.
drop table if exists public.song_postings;
drop table if exists public.song_search;
drop table if exists public.catalog_combos;
truncate public.catalog_facet_counts, public.catalog_facet_pairs;

-- Facet names of the stored counts: the declared ones (earlier checks, whatever their names, give way).
do $$
declare
  c record;
begin
  for c in select conrelid::regclass as tbl, conname from pg_constraint
           where conrelid in ('public.catalog_facet_counts'::regclass, 'public.catalog_facet_pairs'::regclass) and contype = 'c'
  loop
    execute format('alter table %s drop constraint %I', c.tbl, c.conname);
  end loop;
end
$$;
alter table public.catalog_facet_counts add constraint catalog_facet_counts_facet_declared
  check (facet in ('total', 'genre', 'mood', 'key', 'bpm', 'vocal_type', 'explicit'));
alter table public.catalog_facet_pairs add constraint catalog_facet_pairs_facets_declared
  check (facet in ('genre', 'mood', 'key', 'bpm', 'vocal_type', 'explicit') and other_facet in ('genre', 'mood', 'key', 'bpm', 'vocal_type', 'explicit') and other_facet <> facet);

-- A narrow copy of each catalogue song (status 'catalogue' only) holding what
-- a text search reads for every matching song: the facet and sort columns and
-- the song's words without positions (docs/decisions/0055-search-at-scale.md).
-- Phrases and exclusions, which need positions, are checked on songs.search_vector.
create table public.song_search (
  song_id uuid primary key references public.songs (id) on delete cascade,
  genre text not null,
  musical_key text not null,
  vocal_type text,
  explicit boolean not null,
  bpm integer not null,
  moods text[] not null,
  featured boolean not null,
  created_at timestamptz not null,
  title_key text not null,
  duration_seconds double precision not null,
  title_words tsvector not null,
  head tsvector not null,
  body tsvector not null
);
create index song_search_body_idx on public.song_search using gin (body);
create index song_search_head_idx on public.song_search using gin (head);
alter table public.song_search enable row level security;

-- The distinct combinations of the value, array and flag facets, numbered, so
-- a posting carries one integer for them and facets group on it
-- (docs/decisions/0056-postings.md). Never deleted.
create table public.catalog_combos (
  id integer generated always as identity primary key,
  genre text not null,
  musical_key text not null,
  vocal_type text,
  explicit boolean not null,
  moods text[] not null,
  unique nulls not distinct (genre, musical_key, vocal_type, explicit, moods)
);
alter table public.catalog_combos enable row level security;

-- Postings: one row per (word, catalogue song), carrying what a one-word
-- search needs of the song, so that search reads a b-tree range instead of
-- visiting each matching song's row (docs/decisions/0056-postings.md).
create table public.song_postings (
  -- "C" like catalog_words: the lexemes compare bytewise.
  word text collate "C" not null,
  -- The word's rank in this song: 3 in the title, 1 in a credit name only, 0 elsewhere.
  rank smallint not null,
  featured boolean not null,
  created_at timestamptz not null,
  song_id uuid not null,
  -- catalog_combos.id; no foreign key: combinations are never deleted, and a
  -- key check per posting would slow every catalogue write for nothing.
  combo integer not null,
  bpm integer not null,
  title_length integer not null,
  -- Read backwards, a word's postings come in relevance order (rank, featured,
  -- newest), so its first page is the first rows of the index; and everything
  -- a one-word search reads is in the index (index-only scans).
  primary key (word, rank, featured, created_at, song_id) include (combo, bpm, title_length)
);
alter table public.song_postings enable row level security;

-- 3. Stored facet counts: of the whole catalogue (catalog_facet_counts) and
-- given one other facet value (catalog_facet_pairs), kept exact by
-- statement-level triggers on songs.

-- The per-column signature of 20261121001300, replaced by one taking the song as JSON.
drop function if exists public.catalog_song_facet_values(text, text, integer, jsonb);

-- The facet values of one song (its status and facet columns as JSON), one row each.
create or replace function public.catalog_song_facet_values(song jsonb)
returns table (facet text, value text)
language sql immutable parallel safe
as $$
  select 'genre', song->>'genre'
  union all select distinct 'mood', v from jsonb_array_elements_text(coalesce(song->'moods', '[]'::jsonb)) v
  union all select 'key', song->>'musical_key'
  union all select 'bpm', song->>'bpm'
  union all select 'vocal_type', song->>'vocal_type' where song->>'vocal_type' is not null
  union all select 'explicit', song->>'explicit'
$$;

-- Adds (sign 1) or removes (sign -1) the facet values of a set of songs, given
-- as a JSON array of rows (transition tables cannot be passed on): the
-- catalogue's counts, and the counts of each facet value given another.
create or replace function public.catalog_facet_counts_apply(changes jsonb) returns void
language sql as $$
  with rows as (
    select n, (r->>'sign')::int as sign, r as song
    from jsonb_array_elements(changes) with ordinality as e(r, n)
    where r->>'status' = 'catalogue'
  ),
  items as (
    select r.n, r.sign, v.facet, v.value
    from rows r cross join lateral public.catalog_song_facet_values(r.song) v
  ),
  singles as (
    select 'total' as facet, 'catalogue' as value, sum(sign)::int as delta from rows
    union all
    select facet, value, sum(sign)::int from items group by facet, value
  ),
  upsert_singles as (
    insert into public.catalog_facet_counts as c (facet, value, count)
    select facet, value, delta from singles where delta <> 0
    on conflict (facet, value) do update set count = c.count + excluded.count
  )
  insert into public.catalog_facet_pairs as p (facet, other_facet, value, other_value, count)
  select a.facet, b.facet, a.value, b.value, sum(a.sign)::int
  from items a join items b on b.n = a.n and b.facet <> a.facet
  group by a.facet, b.facet, a.value, b.value
  having sum(a.sign) <> 0
  on conflict (facet, other_facet, value, other_value) do update set count = p.count + excluded.count;

  delete from public.catalog_facet_counts where count = 0;
  delete from public.catalog_facet_pairs where count = 0;
$$;

create or replace function public.songs_facets_after_insert() returns trigger
language plpgsql as $$
begin
  perform public.catalog_facet_counts_apply(coalesce(
    (select jsonb_agg(jsonb_build_object('sign', 1, 'status', n.status, 'genre', n.genre, 'musical_key', n.musical_key, 'vocal_type', n.vocal_type, 'explicit', n.explicit, 'bpm', n.bpm, 'moods', n.moods)) from new_songs n),
    '[]'::jsonb));
  return null;
end
$$;

create or replace function public.songs_facets_after_delete() returns trigger
language plpgsql as $$
begin
  perform public.catalog_facet_counts_apply(coalesce(
    (select jsonb_agg(jsonb_build_object('sign', -1, 'status', o.status, 'genre', o.genre, 'musical_key', o.musical_key, 'vocal_type', o.vocal_type, 'explicit', o.explicit, 'bpm', o.bpm, 'moods', o.moods)) from old_songs o),
    '[]'::jsonb));
  return null;
end
$$;

-- Only rows whose status or facet columns changed count (credit and lyric edits do not).
create or replace function public.songs_facets_after_update() returns trigger
language plpgsql as $$
begin
  perform public.catalog_facet_counts_apply(coalesce(
    (select jsonb_agg(change) from (
       select jsonb_build_object('sign', -1, 'status', o.status, 'genre', o.genre, 'musical_key', o.musical_key, 'vocal_type', o.vocal_type, 'explicit', o.explicit, 'bpm', o.bpm, 'moods', o.moods) as change
         from old_songs o join new_songs n on n.id = o.id
        where (o.status, o.genre, o.musical_key, o.vocal_type, o.explicit, o.bpm, o.moods) is distinct from (n.status, n.genre, n.musical_key, n.vocal_type, n.explicit, n.bpm, n.moods)
       union all
       select jsonb_build_object('sign', 1, 'status', n.status, 'genre', n.genre, 'musical_key', n.musical_key, 'vocal_type', n.vocal_type, 'explicit', n.explicit, 'bpm', n.bpm, 'moods', n.moods)
         from old_songs o join new_songs n on n.id = o.id
        where (o.status, o.genre, o.musical_key, o.vocal_type, o.explicit, o.bpm, o.moods) is distinct from (n.status, n.genre, n.musical_key, n.vocal_type, n.explicit, n.bpm, n.moods)
    ) changes),
    '[]'::jsonb));
  return null;
end
$$;

create or replace function public.songs_facets_after_truncate() returns trigger
language plpgsql as $$
begin
  delete from public.catalog_facet_counts;
  delete from public.catalog_facet_pairs;
  return null;
end
$$;

-- 4. song_search, kept from songs.

-- Rewrites the rows of these songs from songs (and drops those no longer in the catalogue).
create or replace function public.song_search_refresh(ids uuid[]) returns void
language sql as $$
  delete from public.song_search where song_id = any (ids);
  insert into public.song_search (song_id, genre, musical_key, vocal_type, explicit, bpm, moods, featured, created_at, title_key, duration_seconds, title_words, head, body)
  select s.id, s.genre, s.musical_key, s.vocal_type, s.explicit, s.bpm, s.moods, s.featured, s.created_at, lower(s.title), s.duration_seconds, strip(ts_filter(s.search_vector, '{a}')), strip(ts_filter(s.search_vector, '{a,b}')), strip(s.search_vector)
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
    where (o.status, o.genre, o.musical_key, o.vocal_type, o.explicit, o.bpm, o.moods, o.featured, o.created_at, o.title, o.duration_seconds, o.search_vector)
          is distinct from
          (n.status, n.genre, n.musical_key, n.vocal_type, n.explicit, n.bpm, n.moods, n.featured, n.created_at, n.title, n.duration_seconds, n.search_vector)));
  return null;
end
$$;

-- 5. Combinations and postings, kept from song_search.

create or replace function public.song_posting_rank(lexeme text, head text[], title text[]) returns smallint
language sql immutable parallel safe
as $$ select (case when lexeme = any (title) then 3 when lexeme = any (head) then 1 else 0 end)::smallint $$;

-- Adds the combinations and postings of these song_search rows.
create or replace function public.song_postings_add(ids uuid[]) returns void
language sql as $$
  -- "where not exists" first, so known combinations do not use up identity values.
  insert into public.catalog_combos (genre, musical_key, vocal_type, explicit, moods)
  select distinct n.genre, n.musical_key, n.vocal_type, n.explicit, n.moods from public.song_search n
  where n.song_id = any (ids)
    and not exists (select 1 from public.catalog_combos c where c.genre = n.genre and c.musical_key = n.musical_key and c.vocal_type is not distinct from n.vocal_type and c.explicit = n.explicit and c.moods = n.moods)
  on conflict do nothing;
  insert into public.song_postings (word, rank, featured, created_at, song_id, combo, bpm, title_length)
  select w.lexeme, public.song_posting_rank(w.lexeme, a.head, a.title), n.featured, n.created_at, n.song_id, c.id, n.bpm, char_length(n.title_key)
  from public.song_search n
  join public.catalog_combos c on c.genre = n.genre and c.musical_key = n.musical_key and c.vocal_type is not distinct from n.vocal_type and c.explicit = n.explicit and c.moods = n.moods
  cross join lateral (select tsvector_to_array(n.head) as head, tsvector_to_array(n.title_words) as title) a
  cross join lateral unnest(tsvector_to_array(n.body)) w(lexeme)
  where n.song_id = any (ids);
$$;

-- Removes the postings of old song_search rows and adds those of new ones.
-- One function for the three triggers: a branch reads only the transition
-- tables its operation has (PL/pgSQL plans each statement when it first runs).
-- A delete names every key column, so each posting is one index probe; the
-- old rows are gone from song_search by now, so it reads the transition table.
-- It recomputes each posting's rank with song_posting_rank: a change to that
-- function must rebuild song_postings (as this migration does).
create or replace function public.song_postings_sync() returns trigger
language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    delete from public.song_postings p
    using old_rows o
    cross join lateral (select tsvector_to_array(o.head) as head, tsvector_to_array(o.title_words) as title) a
    cross join lateral unnest(tsvector_to_array(o.body)) w(lexeme)
    where p.word = w.lexeme and p.rank = public.song_posting_rank(w.lexeme, a.head, a.title)
      and p.featured = o.featured and p.created_at = o.created_at and p.song_id = o.song_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform public.song_postings_add(array(select n.song_id from new_rows n));
  end if;
  return null;
end
$$;

-- Emptying song_search (truncate songs cascade, in resets) empties the postings.
create or replace function public.song_postings_truncate() returns trigger
language plpgsql as $$
begin
  truncate public.song_postings;
  return null;
end
$$;

-- 6. The catalogue's revision (app/catalog/search-cache.server.ts), raised and
-- announced (NOTIFY catalog_revision) by every statement changing songs or
-- credits; defined here too so that its one current definition sits with the others.
create or replace function public.catalog_revision_bump() returns trigger
language plpgsql as $$
declare
  current bigint;
begin
  update public.catalog_revision set revision = revision + 1 where id returning revision into current;
  perform pg_notify('catalog_revision', current::text);
  return null;
end
$$;

-- 7. Triggers (statement-level: a bulk insert runs each once).
drop trigger if exists songs_facets_insert on public.songs;
create trigger songs_facets_insert after insert on public.songs
  referencing new table as new_songs
  for each statement execute function public.songs_facets_after_insert();
drop trigger if exists songs_facets_delete on public.songs;
create trigger songs_facets_delete after delete on public.songs
  referencing old table as old_songs
  for each statement execute function public.songs_facets_after_delete();
drop trigger if exists songs_facets_update on public.songs;
create trigger songs_facets_update after update on public.songs
  referencing old table as old_songs new table as new_songs
  for each statement execute function public.songs_facets_after_update();
drop trigger if exists songs_facets_truncate on public.songs;
create trigger songs_facets_truncate after truncate on public.songs
  for each statement execute function public.songs_facets_after_truncate();
drop trigger if exists songs_search_insert on public.songs;
create trigger songs_search_insert after insert on public.songs
  referencing new table as new_songs
  for each statement execute function public.songs_search_after_insert();
drop trigger if exists songs_search_update on public.songs;
create trigger songs_search_update after update on public.songs
  referencing old table as old_songs new table as new_songs
  for each statement execute function public.songs_search_after_update();
drop trigger if exists song_search_postings_insert on public.song_search;
create trigger song_search_postings_insert after insert on public.song_search
  referencing new table as new_rows
  for each statement execute function public.song_postings_sync();
drop trigger if exists song_search_postings_update on public.song_search;
create trigger song_search_postings_update after update on public.song_search
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.song_postings_sync();
drop trigger if exists song_search_postings_delete on public.song_search;
create trigger song_search_postings_delete after delete on public.song_search
  referencing old table as old_rows
  for each statement execute function public.song_postings_sync();
drop trigger if exists song_search_postings_truncate on public.song_search;
create trigger song_search_postings_truncate after truncate on public.song_search
  for each statement execute function public.song_postings_truncate();

-- 8. The songs already stored: their counts, then their search rows (whose
-- triggers add the combinations and postings).
select public.catalog_facet_counts_apply(coalesce(
  (select jsonb_agg(jsonb_build_object('sign', 1, 'status', s.status, 'genre', s.genre, 'musical_key', s.musical_key, 'vocal_type', s.vocal_type, 'explicit', s.explicit, 'bpm', s.bpm, 'moods', s.moods)) from public.songs s where s.status = 'catalogue'),
  '[]'::jsonb));
select public.song_search_refresh(array(select id from public.songs where status = 'catalogue'));
