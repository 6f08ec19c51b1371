/**
 * The SQL of the catalogue's facet-derived tables, written from the facet
 * declaration (facets.ts) as a migration (docs/decisions/0057-facets-declared-once.md).
 *
 * The migration drops and rebuilds, from songs, every derived table holding
 * facet values (song_search, catalog_combos, song_postings, and the stored
 * counts catalog_facet_counts and catalog_facet_pairs), and defines every
 * function and trigger that keeps them. The SQL is static (no dynamic SQL at
 * run time): each facet's column is spelt out where the triggers copy and
 * compare it, so writes and searches plan exactly as hand-written SQL would.
 *
 * scripts/catalog-facets-migration.ts writes it to supabase/migrations; a
 * test checks that the newest such migration is what the declaration gives.
 */
import { CATALOG_FACETS, type Facet, type FacetSet } from "./facets";

/** File names of generated facet migrations end so (tests find the newest by it). */
export const FACET_MIGRATION_SUFFIX = "_catalog_facets.sql";

const SQL_TYPES: Record<Facet["kind"], string> = { value: "text", array: "text[]", flag: "boolean", range: "integer" };

/** Columns song_search holds whatever the facets: sorting (bpm is a sort as well as a facet), ranking, matching. */
const FIXED_SEARCH_COLUMNS: [string, string][] = [
  ["bpm", "integer not null"],
  ["featured", "boolean not null"],
  ["created_at", "timestamptz not null"],
  ["title_key", "text not null"],
  ["duration_seconds", "double precision not null"],
  ["title_words", "tsvector not null"],
  ["head", "tsvector not null"],
  ["body", "tsvector not null"],
];

/** What song_search_refresh copies into each fixed column, from songs (alias s). */
const FIXED_SEARCH_VALUES: Record<string, string> = {
  bpm: "s.bpm",
  featured: "s.featured",
  created_at: "s.created_at",
  title_key: "lower(s.title)",
  duration_seconds: "s.duration_seconds",
  title_words: "strip(ts_filter(s.search_vector, '{a}'))",
  head: "strip(ts_filter(s.search_vector, '{a,b}'))",
  body: "strip(s.search_vector)",
};

/** The songs columns a song_search row is copied from (a change to any rewrites the row). */
const FIXED_SOURCE_COLUMNS = ["status", "bpm", "featured", "created_at", "title", "duration_seconds", "search_vector"];

const unique = (values: string[]) => [...new Set(values)];
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const indent = (lines: string[], spaces: number) => lines.map((line) => " ".repeat(spaces) + line);

export function facetMigrationSql(set: FacetSet = CATALOG_FACETS): string {
  const facetColumns = unique(set.columnsOrder.map((facet) => facet.column));
  const choiceColumns = set.choices.map((facet) => facet.column);
  // Postings carry each song's range values (filtered per posting) and bpm (a sort).
  const postingColumns = unique([...set.ranges.map((facet) => facet.column), "bpm"]);
  const facetOf = new Map(set.all.map((facet) => [facet.column, facet]));
  const columnDefinition = (column: string) => {
    const facet = facetOf.get(column)!;
    return `${column} ${SQL_TYPES[facet.kind]}${facet.nullable ? "" : " not null"}`;
  };
  const searchColumns: [string, string][] = [
    ...facetColumns.map((column): [string, string] => [column, columnDefinition(column).slice(column.length + 1)]),
    ...FIXED_SEARCH_COLUMNS.filter(([column]) => !facetColumns.includes(column)),
  ];
  const searchValue = (column: string) => FIXED_SEARCH_VALUES[column] ?? `s.${column}`;
  const postingDefinition = (column: string) => (facetOf.has(column) ? columnDefinition(column) : `${column} integer not null`);
  // Nullable choice columns: a combination's null is a value like any other.
  const nullableChoices = set.choices.some((facet) => facet.nullable);
  const sameCombo = (a: string, b: string) =>
    set.choices.map((facet) => (facet.nullable ? `${a}.${facet.column} is not distinct from ${b}.${facet.column}` : `${a}.${facet.column} = ${b}.${facet.column}`)).join(" and ");
  const names = set.all.map((facet) => quote(facet.name)).join(", ");
  // A song's status and facet columns as JSON: what the stored counts read of it.
  const songJson = (alias: string, sign: string) =>
    `jsonb_build_object('sign', ${sign}, 'status', ${alias}.status, ${facetColumns.map((column) => `'${column}', ${alias}.${column}`).join(", ")})`;
  const tuple = (alias: string, columns: string[]) => `(${columns.map((column) => `${alias}.${column}`).join(", ")})`;
  const countedColumns = ["status", ...facetColumns];
  const searchSourceColumns = unique(["status", ...facetColumns, ...FIXED_SOURCE_COLUMNS]);

  const facetValueRows = set.all.map((facet, index) => {
    const lead = index === 0 ? "select" : "union all select";
    const value = `song->>${quote(facet.column)}`;
    if (facet.kind === "array") {
      return `${lead} distinct ${quote(facet.name)}, v from jsonb_array_elements_text(coalesce(song->${quote(facet.column)}, '[]'::jsonb)) v`;
    }
    return `${lead} ${quote(facet.name)}, ${value}${facet.nullable ? ` where ${value} is not null` : ""}`;
  });

  const describe = (facet: Facet) => `--   ${facet.name.padEnd(12)} ${facet.kind.padEnd(6)} songs.${facet.column}${facet.nullable ? " (may be null)" : ""}`;

  return `-- GENERATED from the facet declaration (app/catalog/facets.ts) by
-- scripts/catalog-facets-migration.ts: do not edit. To add, change or remove a
-- facet, edit the declaration and generate a new migration; an applied
-- migration is never edited (docs/decisions/0057-facets-declared-once.md).
--
-- Facets:
${set.all.map(describe).join("\n")}
--
-- The tables derived from songs that hold facet values are dropped and
-- rebuilt from songs with the declared facet columns, and every function and
-- trigger keeping them is defined here: the current definitions, in one
-- place (earlier migrations are history). The vocabulary (catalog_words)
-- holds no facet values and stays as 20261121001200 made it.

-- 1. Songs: each facet's filter of a listing without text reads an index.
${set.all.map(songsIndex).join("\n")}

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
  check (facet in ('total', ${names}));
alter table public.catalog_facet_pairs add constraint catalog_facet_pairs_facets_declared
  check (facet in (${names}) and other_facet in (${names}) and other_facet <> facet);

-- A narrow copy of each catalogue song (status 'catalogue' only) holding what
-- a text search reads for every matching song: the facet and sort columns and
-- the song's words without positions (docs/decisions/0055-search-at-scale.md).
-- Phrases and exclusions, which need positions, are checked on songs.search_vector.
create table public.song_search (
  song_id uuid primary key references public.songs (id) on delete cascade,
${indent(searchColumns.map(([column, type]) => `${column} ${type},`), 2).join("\n").replace(/,$/, "")}
);
create index song_search_body_idx on public.song_search using gin (body);
create index song_search_head_idx on public.song_search using gin (head);
alter table public.song_search enable row level security;

-- The distinct combinations of the value, array and flag facets, numbered, so
-- a posting carries one integer for them and facets group on it
-- (docs/decisions/0056-postings.md). Never deleted.
create table public.catalog_combos (
  id integer generated always as identity primary key,
${indent(choiceColumns.map((column) => `${columnDefinition(column)},`), 2).join("\n")}
  unique ${nullableChoices ? "nulls not distinct " : ""}(${choiceColumns.join(", ")})
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
${indent(postingColumns.map((column) => `${postingDefinition(column)},`), 2).join("\n")}
  title_length integer not null,
  -- Read backwards, a word's postings come in relevance order (rank, featured,
  -- newest), so its first page is the first rows of the index; and everything
  -- a one-word search reads is in the index (index-only scans).
  primary key (word, rank, featured, created_at, song_id) include (combo, ${postingColumns.join(", ")}, title_length)
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
${indent(facetValueRows, 2).join("\n")}
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
    (select jsonb_agg(${songJson("n", "1")}) from new_songs n),
    '[]'::jsonb));
  return null;
end
$$;

create or replace function public.songs_facets_after_delete() returns trigger
language plpgsql as $$
begin
  perform public.catalog_facet_counts_apply(coalesce(
    (select jsonb_agg(${songJson("o", "-1")}) from old_songs o),
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
       select ${songJson("o", "-1")} as change
         from old_songs o join new_songs n on n.id = o.id
        where ${tuple("o", countedColumns)} is distinct from ${tuple("n", countedColumns)}
       union all
       select ${songJson("n", "1")}
         from old_songs o join new_songs n on n.id = o.id
        where ${tuple("o", countedColumns)} is distinct from ${tuple("n", countedColumns)}
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
  insert into public.song_search (song_id, ${searchColumns.map(([column]) => column).join(", ")})
  select s.id, ${searchColumns.map(([column]) => searchValue(column)).join(", ")}
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
    where ${tuple("o", searchSourceColumns)}
          is distinct from
          ${tuple("n", searchSourceColumns)}));
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
  insert into public.catalog_combos (${choiceColumns.join(", ")})
  select distinct ${choiceColumns.map((column) => `n.${column}`).join(", ")} from public.song_search n
  where n.song_id = any (ids)
    and not exists (select 1 from public.catalog_combos c where ${sameCombo("c", "n")})
  on conflict do nothing;
  insert into public.song_postings (word, rank, featured, created_at, song_id, combo, ${postingColumns.join(", ")}, title_length)
  select w.lexeme, public.song_posting_rank(w.lexeme, a.head, a.title), n.featured, n.created_at, n.song_id, c.id, ${postingColumns.map((column) => `n.${column}`).join(", ")}, char_length(n.title_key)
  from public.song_search n
  join public.catalog_combos c on ${sameCombo("c", "n")}
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
${trigger("songs_facets_insert", "songs", "after insert", "referencing new table as new_songs", "songs_facets_after_insert")}
${trigger("songs_facets_delete", "songs", "after delete", "referencing old table as old_songs", "songs_facets_after_delete")}
${trigger("songs_facets_update", "songs", "after update", "referencing old table as old_songs new table as new_songs", "songs_facets_after_update")}
${trigger("songs_facets_truncate", "songs", "after truncate", null, "songs_facets_after_truncate")}
${trigger("songs_search_insert", "songs", "after insert", "referencing new table as new_songs", "songs_search_after_insert")}
${trigger("songs_search_update", "songs", "after update", "referencing old table as old_songs new table as new_songs", "songs_search_after_update")}
${trigger("song_search_postings_insert", "song_search", "after insert", "referencing new table as new_rows", "song_postings_sync")}
${trigger("song_search_postings_update", "song_search", "after update", "referencing old table as old_rows new table as new_rows", "song_postings_sync")}
${trigger("song_search_postings_delete", "song_search", "after delete", "referencing old table as old_rows", "song_postings_sync")}
${trigger("song_search_postings_truncate", "song_search", "after truncate", null, "song_postings_truncate")}

-- 8. The songs already stored: their counts, then their search rows (whose
-- triggers add the combinations and postings).
select public.catalog_facet_counts_apply(coalesce(
  (select jsonb_agg(${songJson("s", "1")}) from public.songs s where s.status = 'catalogue'),
  '[]'::jsonb));
select public.song_search_refresh(array(select id from public.songs where status = 'catalogue'));
`;
}

/** The index a facet's filter reads on songs (listings without text); the names earlier migrations gave today's facets. */
function songsIndex(facet: Facet): string {
  switch (facet.kind) {
    case "value":
      return `create index if not exists songs_catalogue_${facet.name}_idx on public.songs (lower(${facet.column})) where status = 'catalogue';`;
    case "array":
      return `create index if not exists songs_${facet.column}_idx on public.songs using gin (${facet.column});`;
    case "flag":
      return `create index if not exists songs_catalogue_${facet.name}_idx on public.songs (${facet.column}) where status = 'catalogue';`;
    case "range":
      return `create index if not exists songs_catalogue_${facet.name}_idx on public.songs (${facet.column}, id) where status = 'catalogue';`;
  }
}

function trigger(name: string, table: string, event: string, referencing: string | null, fn: string): string {
  return `drop trigger if exists ${name} on public.${table};
create trigger ${name} ${event} on public.${table}${referencing ? `\n  ${referencing}` : ""}
  for each statement execute function public.${fn}();`;
}
