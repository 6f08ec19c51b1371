-- Facet counts of the public catalogue given one other facet value: among the
-- songs with genre Pop, how many have each mood, key and BPM; among songs at
-- 124 BPM, how many of each genre... (docs/decisions/0055-search-at-scale.md).
--
-- A listing filtered on one facet (or two) then reads its facets from here:
-- each facet counts the songs passing every filter but its own, which with one
-- or two filters is at most one other filter, so a few hundred small rows
-- replace counting thousands of songs. Kept exact by the same statement-level
-- triggers as catalog_facet_counts, whose apply function now maintains both.
create table if not exists public.catalog_facet_pairs (
  facet text not null check (facet in ('genre', 'mood', 'key', 'bpm')),
  other_facet text not null check (other_facet in ('genre', 'mood', 'key', 'bpm') and other_facet <> facet),
  value text not null,
  other_value text not null,
  count integer not null,
  -- Read as "facet = value, counts of other_facet": this order keeps each read one index range.
  primary key (facet, other_facet, value, other_value)
);

alter table public.catalog_facet_pairs enable row level security;

-- The facet values of one song, one row each (a song has one genre, key and BPM, and its moods).
create or replace function public.catalog_song_facet_values(genre text, musical_key text, bpm integer, moods jsonb)
returns table (facet text, value text)
language sql immutable parallel safe
as $$
  select 'genre', genre
  union all select 'key', musical_key
  union all select 'bpm', bpm::text
  union all select distinct 'mood', m from jsonb_array_elements_text(coalesce(moods, '[]'::jsonb)) m
$$;

create or replace function public.catalog_facet_counts_apply(changes jsonb) returns void
language sql as $$
  with rows as (
    select n, (r->>'sign')::int as sign, r->>'genre' as genre, r->>'musical_key' as musical_key,
           (r->>'bpm')::int as bpm, r->'moods' as moods
    from jsonb_array_elements(changes) with ordinality as e(r, n)
    where r->>'status' = 'catalogue'
  ),
  items as (
    select r.n, r.sign, v.facet, v.value
    from rows r cross join lateral public.catalog_song_facet_values(r.genre, r.musical_key, r.bpm, r.moods) v
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

create or replace function public.songs_facets_after_truncate() returns trigger
language plpgsql as $$
begin
  delete from public.catalog_facet_counts;
  delete from public.catalog_facet_pairs;
  return null;
end
$$;

-- Songs stored before this migration.
insert into public.catalog_facet_pairs (facet, other_facet, value, other_value, count)
select a.facet, b.facet, a.value, b.value, count(*)::int
from public.songs s
cross join lateral public.catalog_song_facet_values(s.genre, s.musical_key, s.bpm, to_jsonb(s.moods)) a
cross join lateral public.catalog_song_facet_values(s.genre, s.musical_key, s.bpm, to_jsonb(s.moods)) b
where s.status = 'catalogue' and a.facet <> b.facet
group by a.facet, b.facet, a.value, b.value
on conflict do nothing;
