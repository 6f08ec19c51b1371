/**
 * The catalogue search engine (docs/decisions/0051-catalogue-search-engine.md).
 *
 *  1. The search box is parsed (search-query.ts) and compiled by Postgres into
 *     a tsquery: words as prefixes, "phrases" in order, -exclusions.
 *  2. Songs match on songs.search_vector (GIN), weighted title A, credit names
 *     B, genre and moods C, lyrics D.
 *  3. When that finds fewer than FUZZY_FALLBACK_BELOW songs, titles and credit
 *     names spelt similarly are added (pg_trgm word similarity, GIN indexed).
 *  4. Facet counts, the total and the page come from the same conditions; each
 *     facet leaves out its own filter (see CatalogFacets).
 */
import { sql, type RawBuilder } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import { FUZZY_FALLBACK_BELOW, FUZZY_WORD_THRESHOLD } from "./constants";
import { isEmptySearch, parseSearch, type ParsedSearch } from "./search-query";
import type { CatalogFacets, CatalogQuery, CatalogSort, FacetCount } from "./types";

type Fragment = RawBuilder<unknown>;

export interface CompiledSearch {
  parsed: ParsedSearch;
  /** tsquery text of the bare words (prefixes); null when none, or only stop words. */
  terms: string | null;
  /** tsquery text of the quoted phrases; null when none. Phrases are never matched fuzzily. */
  phrases: string | null;
  /** Both together, for ranking; null when neither. */
  positive: string | null;
  /** tsquery text matching any excluded word or phrase; null when none. */
  negative: string | null;
  /** The bare words as typed, for similarity (typo tolerance); null when none. */
  fuzzyText: string | null;
}

const CONFIG = sql.raw("'english'::regconfig");
const PREFIX_MIN_LENGTH = 3;

function tsqueryOf(words: string[], asPrefix: boolean): Fragment {
  // Words are letters and digits only (search-query.ts), so they are valid tsquery operands.
  if (words.length === 1) return sql`to_tsquery(${CONFIG}, ${asPrefix ? `${words[0]}:*` : words[0]})`;
  return sql`phraseto_tsquery(${CONFIG}, ${words.join(" ")})`;
}

function combine(parts: Fragment[], operator: "&&" | "||"): Fragment {
  return parts.length ? sql.join(parts, sql.raw(` ${operator} `)) : sql`''::tsquery`;
}

/** Lets Postgres stem and combine the parsed words; one round trip, no table read. */
export async function compileSearch(db: Database, raw: string | undefined): Promise<CompiledSearch | null> {
  const parsed = parseSearch(raw);
  if (isEmptySearch(parsed)) return null;
  // One- and two-letter fragments match exactly: as prefixes they expand to a large part of the
  // vocabulary ("ci" -> city, cinema, circle...), which costs much and finds little.
  const terms = combine(parsed.terms.map((term) => tsqueryOf([term], [...term].length >= PREFIX_MIN_LENGTH)), "&&");
  const phrases = combine(parsed.phrases.map((phrase) => tsqueryOf(phrase, false)), "&&");
  const negative = combine(parsed.exclusions.map((words) => tsqueryOf(words, false)), "||");
  const { rows } = await sql<{ t: string; tn: number; p: string; pn: number; a: string; an: number; n: string; nn: number }>`
    select q.t::text as t, numnode(q.t) as tn, q.p::text as p, numnode(q.p) as pn,
           (q.t && q.p)::text as a, numnode(q.t && q.p) as an, q.n::text as n, numnode(q.n) as nn
    from (select (${terms}) as t, (${phrases}) as p, (${negative}) as n) q`.execute(db);
  const row = rows[0]!;
  return {
    parsed,
    terms: row.tn > 0 ? row.t : null,
    phrases: row.pn > 0 ? row.p : null,
    positive: row.an > 0 ? row.a : null,
    negative: row.nn > 0 ? row.n : null,
    fuzzyText: parsed.terms.length ? parsed.terms.join(" ") : null,
  };
}

/**
 * Runs a text search in a transaction with two planner settings, both
 * transaction-local (set_config(..., true)), so no pooled connection keeps them:
 *
 *  - enable_seqscan off: Postgres prices a tsvector or trigram test like a
 *    cheap comparison, so for a few percent of the table it prefers testing
 *    every row (10 ms at 20,000 songs, growing with the catalogue) to the GIN
 *    index (about 1 ms). Every scan here has an index to use instead.
 *  - with `fuzzy`, pg_trgm's word-similarity threshold FUZZY_WORD_THRESHOLD
 *    instead of the default 0.6, which misses one-letter typos in short words ("velvit").
 */
export async function withSearchPlan<T>(db: Database, fuzzy: boolean, fn: (db: Database) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('enable_seqscan', 'off', true),
                     set_config('pg_trgm.word_similarity_threshold', ${fuzzy ? String(FUZZY_WORD_THRESHOLD) : "0.6"}, true)`.execute(tx);
    return fn(tx);
  });
}

/** How search text restricts songs (alias s). */
export interface TextMatch {
  condition: Fragment;
  rank: Fragment;
  fuzzy: boolean;
}

const TRUE = sql`true`;

/**
 * Exact: every phrase and every word (as a prefix) in the search document.
 * Fuzzy: phrases still exact, but the bare words may instead be spelt like a
 * title or the credit names (pg_trgm word similarity, GIN indexed).
 */
export function textMatch(compiled: CompiledSearch | null, fuzzy: boolean): TextMatch | null {
  if (!compiled) return null;
  const vectorMatches = (query: string) => sql`s.search_vector @@ ${query}::tsquery`;
  const parts: Fragment[] = [];
  if (compiled.phrases) parts.push(vectorMatches(compiled.phrases));
  const text = compiled.fuzzyText;
  // Bare words that are all stop words ("the") leave full text nothing to hold on to.
  const useSimilarity = Boolean(text) && (fuzzy || !compiled.terms);
  let similarity: Fragment | null = null;
  if (useSimilarity && text) {
    // One indexed lookup per way of matching, united: an OR of these in one
    // WHERE lets the planner fall back to evaluating similarity on every row.
    const ways = [sql`select t.id from songs t where ${text} <% t.title`, sql`select t.id from songs t where ${text} <% t.credit_names`];
    if (compiled.terms) ways.unshift(sql`select t.id from songs t where t.search_vector @@ ${compiled.terms}::tsquery`);
    parts.push(sql`s.id in (${sql.join(ways, sql` union `)})`);
    similarity = sql`greatest(word_similarity(${text}, s.title), 0.8 * word_similarity(${text}, s.credit_names))`;
  } else if (compiled.terms) {
    parts.push(vectorMatches(compiled.terms));
  }
  if (compiled.negative) parts.push(sql`not (${vectorMatches(compiled.negative)})`);

  const ftsRank = compiled.positive ? sql`ts_rank(s.search_vector, ${compiled.positive}::tsquery)` : null;
  let rank: Fragment = ftsRank ?? sql`0`;
  if (similarity) {
    // Exact matches first, then by how alike the spelling is.
    rank = ftsRank
      ? sql`(case when ${vectorMatches(compiled.positive!)} then 1 + ${ftsRank} else 0 end + ${similarity})`
      : similarity;
  }
  return { condition: parts.length ? sql.join(parts, sql` and `) : TRUE, rank, fuzzy: useSimilarity };
}

type FacetName = "genre" | "mood" | "key" | "bpm";
type Filters = Record<FacetName, Fragment | null>;

/** The facet filters of a query, each a condition on songs (alias s), keyed by facet. */
export function facetFilters(query: CatalogQuery): Filters {
  const bpm: Fragment[] = [];
  if (query.bpmMin !== undefined) bpm.push(sql`s.bpm >= ${query.bpmMin}`);
  if (query.bpmMax !== undefined) bpm.push(sql`s.bpm <= ${query.bpmMax}`);
  return {
    genre: query.genre ? sql`lower(s.genre) = ${query.genre.toLowerCase()}` : null,
    mood: query.mood ? sql`s.moods @> array[${query.mood.toLowerCase()}]::text[]` : null,
    key: query.key ? sql`lower(s.musical_key) = ${query.key.toLowerCase()}` : null,
    bpm: bpm.length ? sql.join(bpm, sql` and `) : null,
  };
}

function allOf(conditions: (Fragment | null)[]): Fragment {
  const present = conditions.filter((c): c is Fragment => c !== null);
  return present.length ? sql.join(present, sql` and `) : TRUE;
}

/**
 * Filters evaluated once per row, as boolean columns of a materialised set
 * (f_genre, f_mood...), so the facets that scan the set again and again test
 * a boolean instead of re-running array and text comparisons.
 */
function flagColumns(filters: Filters): Fragment {
  const active = (Object.keys(filters) as FacetName[]).filter((key) => filters[key] !== null);
  if (active.length === 0) return sql``;
  return sql`, ${sql.join(active.map((key) => sql`coalesce(${filters[key]}, false) as ${sql.ref(`f_${key}`)}`))}`;
}

function flagsExcept(filters: Filters, name: FacetName | null): Fragment {
  const active = (Object.keys(filters) as FacetName[]).filter((key) => filters[key] !== null && key !== name);
  return active.length ? sql.join(active.map((key) => sql.ref(`s.f_${key}`)), sql` and `) : TRUE;
}

const FACET_LIMIT = 50;

/** A facet's counts as JSON [{value, count}], most frequent first, from grouped rows. */
function facetJson(grouped: Fragment): Fragment {
  return sql`(select coalesce(json_agg(json_build_object('value', g.value, 'count', g.count) order by g.count desc, g.value), '[]'::json)
    from (${grouped} order by count desc, value limit ${FACET_LIMIT}) g)`;
}

/** Counts of one facet kept in catalog_facet_counts (the whole catalogue, no filter). */
function storedFacet(facet: "genre" | "mood" | "key"): Fragment {
  return facetJson(sql`select value, count from catalog_facet_counts where facet = ${facet} and count > 0`);
}

export interface PageRow {
  id: string;
  title: string;
  genre: string;
  moods: string[];
  bpm: number;
  musical_key: string;
  duration_seconds: number;
  featured: boolean;
  artwork_path: string | null;
  audio_path: string;
  artists: string | null;
  writers: string | null;
}

export interface SearchRows {
  total: number;
  facets: CatalogFacets;
  rows: PageRow[];
}

export interface PageOptions {
  sort: CatalogSort;
  limit: number;
  offset: number;
  facets: boolean;
}

function orderBy(sort: CatalogSort, hasText: boolean, prefix: string): Fragment {
  const c = (column: string) => sql.raw(`${prefix}.${column}`);
  const titleKey = prefix === "s" ? sql`lower(s.title)` : c("title_key");
  switch (sort) {
    case "title":
      return sql`${titleKey} asc, ${c("id")} asc`;
    case "bpm":
      return sql`${c("bpm")} asc, ${c("id")} asc`;
    case "duration":
      return sql`${c("duration_seconds")} asc, ${c("id")} asc`;
    case "newest":
      return sql`${c("created_at")} desc, ${c("id")} desc`;
    case "relevance":
      return hasText
        ? sql`${c("rank")} desc, ${c("featured")} desc, ${c("created_at")} desc, ${c("id")} desc`
        : sql`${c("featured")} desc, ${c("created_at")} desc, ${c("id")} desc`;
  }
}

/** The page as JSON: `source` yields the ordered, limited candidate rows (alias p); the rest is read for those only. */
function pageJson(source: Fragment, order: Fragment): Fragment {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', p.id, 'title', p.title, 'genre', p.genre, 'moods', p.moods, 'bpm', p.bpm, 'musical_key', p.musical_key,
      'duration_seconds', p.duration_seconds, 'featured', p.featured, 'artwork_path', song.artwork_path, 'audio_path', song.audio_path,
      'artists', (select string_agg(c.name, ', ' order by c.position, c.name) from song_credits c where c.song_id = p.id and c.role = 'artist'),
      'writers', (select string_agg(c.name, ', ' order by c.position, c.name) from song_credits c
                   where c.song_id = p.id and c.role in ('writer', 'topliner', 'composer', 'lyricist'))
    ) order by ${order}), '[]'::json)
    from (${source}) p join songs song on song.id = p.id)`;
}

interface StatementRow {
  total: number;
  genres: FacetCount[] | string | null;
  moods: FacetCount[] | string | null;
  keys: FacetCount[] | string | null;
  bpm_min: number | null;
  bpm_max: number | null;
  page: PageRow[] | string;
}

function parseJson<T>(value: T | string | null, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

function toResult(row: StatementRow): SearchRows {
  return {
    total: Number(row.total),
    facets: {
      genres: parseJson(row.genres, []),
      moods: parseJson(row.moods, []),
      keys: parseJson(row.keys, []),
      bpm: { min: row.bpm_min === null ? null : Number(row.bpm_min), max: row.bpm_max === null ? null : Number(row.bpm_max) },
    },
    rows: parseJson(row.page, []),
  };
}

const NO_FACETS = sql`null::json`;

/**
 * A search with text, in one statement: the songs matching the text are found
 * once (a materialised CTE, with what sorting and faceting need), then the
 * total, every facet (each without its own filter) and the page come from it.
 */
export async function searchWithText(db: Database, match: TextMatch, query: CatalogQuery, options: PageOptions): Promise<SearchRows> {
  const f = facetFilters(query);
  const rank = options.sort === "relevance" ? match.rank : sql`0`;
  const facets = options.facets;
  const { rows } = await sql<StatementRow>`
    with s as materialized (
      select s.id, s.title, lower(s.title) as title_key, s.genre, s.moods, s.musical_key, s.bpm,
             s.duration_seconds, s.featured, s.created_at, ${rank} as rank ${flagColumns(f)}
      from songs s
      where s.status = 'catalogue' and ${match.condition}
    ),
    filtered as (select * from s where ${flagsExcept(f, null)})
    select
      (select count(*)::int from filtered) as total,
      ${facets ? facetJson(sql`select s.genre as value, count(*)::int as count from s where ${flagsExcept(f, "genre")} group by s.genre`) : NO_FACETS} as genres,
      ${facets ? facetJson(sql`select mood as value, count(*)::int as count from s cross join lateral unnest(s.moods) as mood where ${flagsExcept(f, "mood")} group by mood`) : NO_FACETS} as moods,
      ${facets ? facetJson(sql`select s.musical_key as value, count(*)::int as count from s where ${flagsExcept(f, "key")} group by s.musical_key`) : NO_FACETS} as keys,
      ${facets ? sql`(select min(s.bpm) from s where ${flagsExcept(f, "bpm")})` : sql`null::int`} as bpm_min,
      ${facets ? sql`(select max(s.bpm) from s where ${flagsExcept(f, "bpm")})` : sql`null::int`} as bpm_max,
      ${pageJson(sql`select * from filtered order by ${orderBy(options.sort, true, "filtered")} limit ${options.limit} offset ${options.offset}`, orderBy(options.sort, true, "p"))} as page
  `.execute(db);
  return toResult(rows[0]!);
}

/**
 * A listing without text, in one statement. Facets whose other filters are
 * all unset are the whole catalogue's, read from catalog_facet_counts (kept by
 * triggers). The others count rows of one materialised set: the songs that
 * pass all filters but at most one, which holds every facet's rows (each
 * facet ignores its own filter). The page is read in index order.
 */
export async function searchWithoutText(db: Database, query: CatalogQuery, options: PageOptions): Promise<SearchRows> {
  const f = facetFilters(query);
  const active = (Object.keys(f) as FacetName[]).filter((key) => f[key] !== null);
  const othersUnset = (name: FacetName) => active.every((key) => key === name);
  const all = allOf(Object.values(f));

  // Rows passing all active filters but one (with one filter: that filter).
  const superset =
    active.length <= 1
      ? all
      : sql`(${sql.join(
          active.map((skip) => sql`(${allOf(active.filter((key) => key !== skip).map((key) => f[key]))})`),
          sql` or `,
        )})`;

  const columnFacet = (name: "genre" | "key", column: "genre" | "musical_key") =>
    !options.facets
      ? NO_FACETS
      : othersUnset(name)
        ? storedFacet(name)
        : facetJson(sql`select ${sql.ref(`s.${column}`)} as value, count(*)::int as count from s where ${flagsExcept(f, name)} group by ${sql.ref(`s.${column}`)}`);
  const moodFacet = !options.facets
    ? NO_FACETS
    : othersUnset("mood")
      ? storedFacet("mood")
      : facetJson(sql`select mood as value, count(*)::int as count from s cross join lateral unnest(s.moods) as mood where ${flagsExcept(f, "mood")} group by mood`);
  const bpmBound = (fn: "min" | "max") =>
    !options.facets
      ? sql`null::int`
      : othersUnset("bpm")
        ? sql`(select ${sql.raw(fn)}(value::int) from catalog_facet_counts where facet = 'bpm' and count > 0)`
        : sql`(select ${sql.raw(fn)}(s.bpm) from s where ${flagsExcept(f, "bpm")})`;
  const total =
    active.length === 0
      ? sql`coalesce((select count from catalog_facet_counts where facet = 'total' and value = 'catalogue'), 0)`
      : sql`(select count(*)::int from s where ${flagsExcept(f, null)})`;

  const { rows } = await sql<StatementRow>`
    with s as materialized (
      select s.genre, s.moods, s.musical_key, s.bpm ${flagColumns(f)} from songs s
      where s.status = 'catalogue' and ${active.length === 0 ? sql`false` : superset}
    )
    select
      ${total} as total,
      ${columnFacet("genre", "genre")} as genres,
      ${moodFacet} as moods,
      ${columnFacet("key", "musical_key")} as keys,
      ${bpmBound("min")} as bpm_min,
      ${bpmBound("max")} as bpm_max,
      ${pageJson(
        sql`select s.id, s.title, lower(s.title) as title_key, s.genre, s.moods, s.bpm, s.musical_key, s.duration_seconds,
                   s.featured, s.created_at
            from songs s where s.status = 'catalogue' and ${all}
            order by ${orderBy(options.sort, false, "s")} limit ${options.limit} offset ${options.offset}`,
        orderBy(options.sort, false, "p"),
      )} as page
  `.execute(db);
  return toResult(rows[0]!);
}

export { FUZZY_FALLBACK_BELOW };
