-- Postings: one row per (word, catalogue song), carrying what a one-word
-- search needs of the song, so that search reads a b-tree range instead of
-- visiting each matching song's row (docs/decisions/0056-postings.md).
--
-- A broad word ("love": one song in six) matched through the GIN index on
-- song_search still visits every matching row to count its facets and rank
-- it: about 9 ms per 16,000 songs here, whatever is read from the row. An
-- index-only scan of those songs' postings reads the same in about 1.5 ms.
--
-- catalog_combos numbers the distinct (genre, key, moods) of the catalogue, so
-- a posting carries one integer for its facets, and facets group on it.
-- Both are kept by statement-level triggers on song_search, itself kept from
-- songs; a song's postings go with its song_search row.
create table if not exists public.catalog_combos (
  id integer generated always as identity primary key,
  genre text not null,
  musical_key text not null,
  moods text[] not null,
  unique (genre, musical_key, moods)
);

alter table public.catalog_combos enable row level security;

create table if not exists public.song_postings (
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

-- The postings of song_search rows (as a set, for the triggers and the backfill).
create or replace function public.song_posting_rank(lexeme text, head text[], title text[]) returns smallint
language sql immutable parallel safe
as $$ select (case when lexeme = any (title) then 3 when lexeme = any (head) then 1 else 0 end)::smallint $$;

-- Adds the combinations and postings of these song_search rows (the triggers
-- and the backfill below).
create or replace function public.song_postings_add(ids uuid[]) returns void
language sql as $$
  -- "where not exists" first, so known combinations do not use up identity values.
  insert into public.catalog_combos (genre, musical_key, moods)
  select distinct n.genre, n.musical_key, n.moods from public.song_search n
  where n.song_id = any (ids)
    and not exists (select 1 from public.catalog_combos c where c.genre = n.genre and c.musical_key = n.musical_key and c.moods = n.moods)
  on conflict do nothing;
  insert into public.song_postings (word, rank, featured, created_at, song_id, combo, bpm, title_length)
  select w.lexeme, public.song_posting_rank(w.lexeme, a.head, a.title), n.featured, n.created_at, n.song_id, c.id, n.bpm, char_length(n.title_key)
  from public.song_search n
  join public.catalog_combos c on c.genre = n.genre and c.musical_key = n.musical_key and c.moods = n.moods
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
-- function must rebuild song_postings (truncate, then song_postings_add for
-- every song_search row), or deletes would miss the postings ranked before.
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

-- Emptying song_search (truncate songs cascade, in resets) empties the postings.
create or replace function public.song_postings_truncate() returns trigger
language plpgsql as $$
begin
  truncate public.song_postings;
  return null;
end
$$;

drop trigger if exists song_search_postings_truncate on public.song_search;
create trigger song_search_postings_truncate after truncate on public.song_search
  for each statement execute function public.song_postings_truncate();

-- Songs stored before this migration.
select public.song_postings_add(array(select song_id from public.song_search));
