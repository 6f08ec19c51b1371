-- The words of song titles and credit names (the lexemes of weight A and B in
-- songs.search_vector), with how many songs use each: the vocabulary that
-- typo tolerance corrects misspelt search words against
-- (app/catalog/search.server.ts, docs/decisions/0055-typo-tolerance-vocabulary.md).
--
-- Matching a misspelt word against a few thousand distinct words and then
-- searching the full-text index for the corrections costs a millisecond or
-- two; comparing it with the title and names of every song costs tens of
-- milliseconds at 100,000 songs. Kept exact by statement-level triggers on songs.
create table if not exists public.catalog_words (
  -- "C" collation: a plain b-tree on it answers prefix searches (word like 'ci%').
  word text collate "C" primary key,
  songs integer not null
);

create index if not exists catalog_words_trgm_idx on public.catalog_words using gin (word gin_trgm_ops);

alter table public.catalog_words enable row level security;

-- The title and name words of a tsvector: whole words of letters and digits
-- (hyphenated lexemes also yield their parts), at least two characters.
create or replace function public.catalog_title_words(document tsvector) returns setof text
language sql immutable parallel safe
as $$
  select u.lexeme from unnest(document) u
  where u.weights && array['A', 'B'] and char_length(u.lexeme) >= 2 and u.lexeme ~ '^[[:alnum:]]+$'
$$;

-- Adds the words of new documents and removes those of old ones, in one upsert.
create or replace function public.catalog_words_apply(added tsvector[], removed tsvector[]) returns void
language sql as $$
  with deltas as (
    select w as word, 1 as delta from unnest(added) d cross join lateral public.catalog_title_words(d) w
    union all
    select w, -1 from unnest(removed) d cross join lateral public.catalog_title_words(d) w
  ),
  summed as (select word, sum(delta)::int as delta from deltas group by word having sum(delta) <> 0)
  insert into public.catalog_words as c (word, songs)
  select word, delta from summed
  on conflict (word) do update set songs = c.songs + excluded.songs;
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
insert into public.catalog_words (word, songs)
select w, count(*)::int from public.songs s cross join lateral public.catalog_title_words(s.search_vector) w group by w
on conflict (word) do nothing;
