-- The catalogue's vocabulary: every word (lexeme) of the songs' search
-- documents, with how many songs use it anywhere and how many in a title or
-- credit name (weights A and B). Search uses it twice
-- (app/catalog/search.server.ts, docs/decisions/0055-search-at-scale.md):
--  - prefixes: "lov" becomes love | lover | lovely, exact lexemes the GIN index
--    answers without rechecking rows, instead of a prefix match (twice as slow
--    on a broad word);
--  - typo tolerance: a misspelt word is matched against the title and name
--    words (a few thousand rows) and the corrections searched in the index,
--    instead of comparing it with the title and names of every song.
-- Kept exact by statement-level triggers on songs.
create table if not exists public.catalog_words (
  -- "C" collation: a plain b-tree on it answers prefix searches (word like 'ci%').
  word text collate "C" primary key,
  songs integer not null,
  title_songs integer not null
);

-- Typo tolerance compares only title and name words.
create index if not exists catalog_words_title_trgm_idx on public.catalog_words using gin (word gin_trgm_ops) where title_songs > 0;

alter table public.catalog_words enable row level security;

-- The words of a document: whole words of letters and digits (hyphenated
-- lexemes also yield their parts), at least two characters; and whether the
-- title or a credit name has it.
create or replace function public.catalog_document_words(document tsvector) returns table (word text, in_title boolean)
language sql immutable parallel safe
as $$
  select u.lexeme, u.weights && array['A', 'B'] from unnest(document) u
  where char_length(u.lexeme) >= 2 and u.lexeme ~ '^[[:alnum:]]+$'
$$;

-- Adds the words of new documents and removes those of old ones, in one upsert.
create or replace function public.catalog_words_apply(added tsvector[], removed tsvector[]) returns void
language sql as $$
  with deltas as (
    select w.word, w.in_title, 1 as delta from unnest(added) d cross join lateral public.catalog_document_words(d) w
    union all
    select w.word, w.in_title, -1 from unnest(removed) d cross join lateral public.catalog_document_words(d) w
  ),
  summed as (
    select word, sum(delta)::int as delta, sum(delta) filter (where in_title)::int as title_delta
    from deltas group by word
  )
  insert into public.catalog_words as c (word, songs, title_songs)
  select word, delta, coalesce(title_delta, 0) from summed where delta <> 0 or coalesce(title_delta, 0) <> 0
  on conflict (word) do update set songs = c.songs + excluded.songs, title_songs = c.title_songs + excluded.title_songs;
  delete from public.catalog_words where songs <= 0;
$$;

create or replace function public.songs_words_after_insert() returns trigger
language plpgsql as $$
begin
  perform public.catalog_words_apply(array(select search_vector from new_songs), '{}');
  return null;
end
$$;

create or replace function public.songs_words_after_delete() returns trigger
language plpgsql as $$
begin
  perform public.catalog_words_apply('{}', array(select search_vector from old_songs));
  return null;
end
$$;

-- Only rows whose document changed (a title, credit or lyric edit) count.
create or replace function public.songs_words_after_update() returns trigger
language plpgsql as $$
begin
  perform public.catalog_words_apply(
    array(select n.search_vector from old_songs o join new_songs n on n.id = o.id where o.search_vector is distinct from n.search_vector),
    array(select o.search_vector from old_songs o join new_songs n on n.id = o.id where o.search_vector is distinct from n.search_vector));
  return null;
end
$$;

drop trigger if exists songs_words_insert on public.songs;
create trigger songs_words_insert after insert on public.songs
  referencing new table as new_songs
  for each statement execute function public.songs_words_after_insert();

drop trigger if exists songs_words_delete on public.songs;
create trigger songs_words_delete after delete on public.songs
  referencing old table as old_songs
  for each statement execute function public.songs_words_after_delete();

drop trigger if exists songs_words_update on public.songs;
create trigger songs_words_update after update on public.songs
  referencing old table as old_songs new table as new_songs
  for each statement execute function public.songs_words_after_update();

create or replace function public.songs_words_after_truncate() returns trigger
language plpgsql as $$
begin
  delete from public.catalog_words;
  return null;
end
$$;

drop trigger if exists songs_words_truncate on public.songs;
create trigger songs_words_truncate after truncate on public.songs
  for each statement execute function public.songs_words_after_truncate();

-- Songs stored before this migration.
insert into public.catalog_words (word, songs, title_songs)
select w.word, count(*)::int, (count(*) filter (where w.in_title))::int
from public.songs s cross join lateral public.catalog_document_words(s.search_vector) w group by w.word
on conflict (word) do nothing;
