-- Facet counts of the whole public catalogue (songs with status 'catalogue'),
-- kept exact by statement-level triggers on songs, so the catalogue's first
-- page (no search, no filter) reads about a hundred small rows instead of
-- counting every song. Searches and filtered listings still count the rows
-- they match (app/catalog/search.server.ts).
create table if not exists public.catalog_facet_counts (
  facet text not null check (facet in ('total', 'genre', 'mood', 'key', 'bpm')),
  value text not null,
  -- No check on the sign: an upsert of a negative delta is checked before it meets its row.
  count integer not null,
  primary key (facet, value)
);

alter table public.catalog_facet_counts enable row level security;

-- Adds (sign = 1) or removes (sign = -1) the facet values of a set of songs,
-- given as a JSON array of rows (transition tables cannot be passed on).
create or replace function public.catalog_facet_counts_apply(changes jsonb) returns void
language sql as $$
  with rows as (
    select (r->>'sign')::int as sign, r->>'genre' as genre, r->>'musical_key' as musical_key,
           (r->>'bpm')::int as bpm, r->'moods' as moods
    from jsonb_array_elements(changes) r
    where r->>'status' = 'catalogue'
  ),
  deltas as (
    select 'total' as facet, 'catalogue' as value, sign from rows
    union all select 'genre', genre, sign from rows
    union all select 'key', musical_key, sign from rows
    union all select 'bpm', bpm::text, sign from rows
    union all select 'mood', mood, sign from rows cross join lateral jsonb_array_elements_text(moods) as mood
  )
  insert into public.catalog_facet_counts as c (facet, value, count)
  select facet, value, sum(sign)::int from deltas group by facet, value
  on conflict (facet, value) do update set count = c.count + excluded.count;
  delete from public.catalog_facet_counts where count = 0;
$$;

create or replace function public.songs_facets_after_insert() returns trigger
language plpgsql as $$
begin
  perform public.catalog_facet_counts_apply(coalesce(
    (select jsonb_agg(jsonb_build_object('sign', 1, 'status', status, 'genre', genre, 'musical_key', musical_key, 'bpm', bpm, 'moods', to_jsonb(moods))) from new_songs),
    '[]'::jsonb));
  return null;
end
$$;

create or replace function public.songs_facets_after_delete() returns trigger
language plpgsql as $$
begin
  perform public.catalog_facet_counts_apply(coalesce(
    (select jsonb_agg(jsonb_build_object('sign', -1, 'status', status, 'genre', genre, 'musical_key', musical_key, 'bpm', bpm, 'moods', to_jsonb(moods))) from old_songs),
    '[]'::jsonb));
  return null;
end
$$;

-- Only rows whose faceted columns changed count (credit and lyric edits do not).
create or replace function public.songs_facets_after_update() returns trigger
language plpgsql as $$
begin
  perform public.catalog_facet_counts_apply(coalesce(
    (select jsonb_agg(change) from (
       select jsonb_build_object('sign', -1, 'status', o.status, 'genre', o.genre, 'musical_key', o.musical_key, 'bpm', o.bpm, 'moods', to_jsonb(o.moods)) as change
         from old_songs o join new_songs n on n.id = o.id
        where (o.status, o.genre, o.musical_key, o.bpm, o.moods) is distinct from (n.status, n.genre, n.musical_key, n.bpm, n.moods)
       union all
       select jsonb_build_object('sign', 1, 'status', n.status, 'genre', n.genre, 'musical_key', n.musical_key, 'bpm', n.bpm, 'moods', to_jsonb(n.moods))
         from old_songs o join new_songs n on n.id = o.id
        where (o.status, o.genre, o.musical_key, o.bpm, o.moods) is distinct from (n.status, n.genre, n.musical_key, n.bpm, n.moods)
    ) changes),
    '[]'::jsonb));
  return null;
end
$$;

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

create or replace function public.songs_facets_after_truncate() returns trigger
language plpgsql as $$
begin
  delete from public.catalog_facet_counts;
  return null;
end
$$;

drop trigger if exists songs_facets_truncate on public.songs;
create trigger songs_facets_truncate after truncate on public.songs
  for each statement execute function public.songs_facets_after_truncate();

-- Songs already stored before this migration.
insert into public.catalog_facet_counts (facet, value, count)
select facet, value, count(*)::int from (
  select 'total' as facet, 'catalogue' as value from public.songs where status = 'catalogue'
  union all select 'genre', genre from public.songs where status = 'catalogue'
  union all select 'key', musical_key from public.songs where status = 'catalogue'
  union all select 'bpm', bpm::text from public.songs where status = 'catalogue'
  union all select 'mood', mood from public.songs cross join lateral unnest(moods) as mood where status = 'catalogue'
) d group by facet, value
on conflict (facet, value) do nothing;

-- A revision number of the catalogue, raised by every statement that changes
-- songs or credits. App servers cache search results under it
-- (app/catalog/search-cache.server.ts): a cached answer is only used while the
-- revision it was computed at is still current, on every server sharing the database.
create table if not exists public.catalog_revision (
  id boolean primary key default true check (id),
  revision bigint not null default 0
);
insert into public.catalog_revision (id, revision) values (true, 0) on conflict (id) do nothing;
alter table public.catalog_revision enable row level security;

create or replace function public.catalog_revision_bump() returns trigger
language plpgsql as $$
begin
  update public.catalog_revision set revision = revision + 1 where id;
  return null;
end
$$;

drop trigger if exists songs_revision on public.songs;
create trigger songs_revision after insert or update or delete or truncate on public.songs
  for each statement execute function public.catalog_revision_bump();

drop trigger if exists song_credits_revision on public.song_credits;
create trigger song_credits_revision after insert or update or delete or truncate on public.song_credits
  for each statement execute function public.catalog_revision_bump();
