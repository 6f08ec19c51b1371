/**
 * The catalogue search engine (docs/decisions/0051-catalogue-search-engine.md,
 * amended by 0055-search-at-scale.md and 0056-postings.md).
 *
 *  1. The search box is parsed (search-query.ts) and compiled by Postgres:
 *     words stemmed, prefixes expanded to the vocabulary's words
 *     (catalog_words), "phrases" in order, -exclusions.
 *  2. One bare word (the most common search, and the broadest) is read from
 *     song_postings: index-only range scans per lexeme (searchPostings).
 *  3. Other text searches read song_search, a narrow trigger-kept copy of each
 *     catalogue song: its words without positions (GIN), facet and sort
 *     columns. Phrases and phrase exclusions are checked on songs.search_vector.
 *  4. When that finds fewer than FUZZY_FALLBACK_BELOW songs, each word may also
 *     be a title or name word spelt like it (findCorrections, on the vocabulary).
 *  5. Facets (declared in facets.ts, their SQL per kind in facet-sql.server.ts):
 *     each leaves out its own filter (see CatalogFacets). Text searches
 *     count them in one pass over the matches; listings without text read
 *     stored counts (catalog_facet_counts, catalog_facet_pairs) for up to two
 *     filters and count the songs beyond that.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import { FUZZY_CLOSEST_RATIO, FUZZY_MAX_CORRECTIONS, FUZZY_VOCABULARY_SIMILARITY, FUZZY_WORD_THRESHOLD } from "./constants";
import {
  allOf,
  boundName,
  choiceCounts,
  columnOf,
  countsName,
  distinctColumns,
  facetFilter,
  facetsOfRow,
  ident,
  noFacetColumns,
  pairedBound,
  pairedCounts,
  parseJson,
  storedBound,
  storedCounts,
  storedValueMatches,
  TRUE,
  type Fragment,
} from "./facet-sql.server";
import { CATALOG_FACETS, type ChoiceFacet, type Facet, type FacetSet, type RangeFacet } from "./facets";
import { WRITER_ROLES } from "./credits";
import { isEmptySearch, parseSearch, type ParsedSearch } from "./search-query";
import type { CatalogFacets, CatalogQuery, CatalogSort } from "./types";

export interface CompiledSearch {
  parsed: ParsedSearch;
  /** tsquery text of the bare words (prefixes); null when none, or only stop words. */
  terms: string | null;
  /** tsquery text of the quoted phrases; null when none. Phrases are never matched fuzzily. */
  phrases: string | null;
  /** Each phrase's words in any order (an AND), for the position-free song_search vectors. */
  phraseWords: string[];
  /** Both together, for ranking; null when neither. */
  positive: string | null;
  /** tsquery text matching any excluded word or phrase; null when none. */
  negative: string | null;
  /** The excluded single words (an OR), checked on song_search; null when none. */
  negativeWords: string | null;
  /** The excluded phrases (an OR), checked on songs.search_vector; null when none. */
  negativePhrases: string | null;
  /**
   * Each bare word: its tsquery text (null for a stop word), its stem (for
   * typo tolerance), and whether it is a prefix no word of any catalogue song
   * starts with (its query matches nothing).
   */
  words: { typed: string; query: string | null; stem: string | null; unknown: boolean }[];
  /** Bare words that full text ignores ("the", "down"): matched as whole words of titles when nothing else is asked. */
  stopWords: string[];
  /** The bare words as typed, for similarity of member names; null when none. */
  fuzzyText: string | null;
  /** The excluded single words as exact lexemes (null when none, or when one is not a plain lexeme list). */
  negativeLexemes: string[] | null;
}

/**
 * The lexemes of a tsquery that is a plain OR of exact lexemes ("'love' |
 * 'lover'"), as compileSearch builds for a word; null for anything else (a
 * prefix match, an AND, a phrase), which only the GIN index answers.
 */
export function lexemesOf(query: string | null): string[] | null {
  if (!query) return null;
  const lexemes = query.split(" | ").map((part) => /^'([^'\s]+)'$/u.exec(part)?.[1] ?? null);
  return lexemes.every((lexeme): lexeme is string => lexeme !== null) ? lexemes : null;
}

const CONFIG = sql.raw("'english'::regconfig");
const PREFIX_MIN_LENGTH = 3;
const PREFIX_MAX_EXPANSIONS = 30;

function tsqueryOf(words: string[], asPrefix: boolean): Fragment {
  // Words are letters and digits only (search-query.ts), so they are valid tsquery operands.
  if (words.length === 1) return sql`to_tsquery(${CONFIG}, ${asPrefix ? `${words[0]}:*` : words[0]})`;
  return sql`phraseto_tsquery(${CONFIG}, ${words.join(" ")})`;
}

function combine(parts: Fragment[], operator: "&&" | "||"): Fragment {
  return parts.length ? sql.join(parts, sql.raw(` ${operator} `)) : sql`''::tsquery`;
}

/**
 * `column` starts with `prefix`, as a range a b-tree on a "C"-collated column
 * reads (catalog_words, song_postings). LIKE would only use the index for a
 * pattern known when the statement is planned; prefixes here are computed in
 * the statement (stems). U+10FFFF is the greatest character, so every word
 * with the prefix sorts below prefix || U+10FFFF.
 */
const startsWith = (column: Fragment, prefix: Fragment): Fragment => sql`(${column} >= ${prefix} and ${column} < ${prefix} || chr(1114111))`;

/** The stem of one typed word, as the search documents hold it ('' for a stop word). */
const stemOf = (term: string): Fragment => sql`array_to_string(tsvector_to_array(to_tsvector(${CONFIG}, ${term})), ' ')`;

function textArray(parts: Fragment[]): Fragment {
  return parts.length ? sql`array[${sql.join(parts)}]::text[]` : sql`'{}'::text[]`;
}

/** Lets Postgres stem and combine the parsed words, and expand prefixes from the vocabulary; one round trip. */
export async function compileSearch(db: Database, raw: string | undefined): Promise<CompiledSearch | null> {
  const parsed = parseSearch(raw);
  if (isEmptySearch(parsed)) return null;
  // One- and two-letter fragments match exactly: as prefixes they expand to a large part of the
  // vocabulary ("ci" -> city, cinema, circle...), which costs much and finds little.
  const termQueries = parsed.terms.map((term) => tsqueryOf([term], [...term].length >= PREFIX_MIN_LENGTH));
  const terms = combine(termQueries, "&&");
  const phrases = combine(parsed.phrases.map((phrase) => tsqueryOf(phrase, false)), "&&");
  const negative = combine(parsed.exclusions.map((words) => tsqueryOf(words, false)), "||");
  const negativeWords = combine(parsed.exclusions.filter((words) => words.length === 1).map((words) => tsqueryOf(words, false)), "||");
  const negativePhrases = combine(parsed.exclusions.filter((words) => words.length > 1).map((words) => tsqueryOf(words, false)), "||");
  // A prefix becomes the vocabulary's words starting with it ("lov" -> 'love' | 'lover'): exact
  // lexemes, which the GIN index answers without rechecking each row, unlike a prefix match.
  // More than PREFIX_MAX_EXPANSIONS (a very short prefix): the prefix match itself.
  const perWord = textArray(
    termQueries.map((query, index) => {
      const term = parsed.terms[index];
      if ([...term].length < PREFIX_MIN_LENGTH) return sql`case when numnode(${query}) > 0 then (${query})::text end`;
      const stem = stemOf(term);
      return sql`case when numnode(${query}) > 0 then coalesce(
          (select case when count(*) between 1 and ${PREFIX_MAX_EXPANSIONS} then string_agg(quote_literal(x.word), ' | ' order by x.word) end
             from (select w.word from catalog_words w where ${startsWith(sql`w.word`, stem)} order by w.word limit ${PREFIX_MAX_EXPANSIONS + 1}) x),
          (${query})::text) end`;
    }),
  );
  const stems = textArray(parsed.terms.map(stemOf));
  const unknown = parsed.terms.length
    ? sql`array[${sql.join(
        parsed.terms.map((term) =>
          // Postings hold every lexeme of the catalogue (the vocabulary only plain words), so
          // "www" still finds www.example.com in a lyric by the prefix match.
          [...term].length < PREFIX_MIN_LENGTH
            ? sql`false`
            : sql`not exists (select 1 from song_postings p where ${startsWith(sql`p.word`, stemOf(term))})`,
        ),
      )}]::boolean[]`
    : sql`'{}'::boolean[]`;
  const phraseWords = textArray(
    parsed.phrases.map((phrase) => sql`case when numnode(plainto_tsquery(${CONFIG}, ${phrase.join(" ")})) > 0 then plainto_tsquery(${CONFIG}, ${phrase.join(" ")})::text end`),
  );
  const { rows } = await sql<{ t: string; tn: number; p: string; pn: number; a: string; an: number; n: string; nn: number; w: (string | null)[]; s: string[]; u: boolean[]; pw: (string | null)[]; nw: string; nwn: number; np: string; npn: number}>`
    select q.t::text as t, numnode(q.t) as tn, q.p::text as p, numnode(q.p) as pn,
           (q.t && q.p)::text as a, numnode(q.t && q.p) as an, q.n::text as n, numnode(q.n) as nn,
           ${perWord} as w, ${stems} as s, ${unknown} as u, ${phraseWords} as pw,
           q.nw::text as nw, numnode(q.nw) as nwn, q.np::text as np, numnode(q.np) as npn
    from (select (${terms}) as t, (${phrases}) as p, (${negative}) as n, (${negativeWords}) as nw, (${negativePhrases}) as np) q`.execute(db);
  const row = rows[0]!;
  const words = parsed.terms.map((typed, index) => ({ typed, query: row.w[index] ?? null, stem: row.s[index] || null, unknown: Boolean(row.u[index]) }));
  return {
    parsed,
    terms: row.tn > 0 ? row.t : null,
    phrases: row.pn > 0 ? row.p : null,
    phraseWords: row.pw.filter((words): words is string => Boolean(words)),
    positive: row.an > 0 ? row.a : null,
    negative: row.nn > 0 ? row.n : null,
    negativeWords: row.nwn > 0 ? row.nw : null,
    negativePhrases: row.npn > 0 ? row.np : null,
    words,
    stopWords: words.filter((word) => word.query === null).map((word) => word.typed),
    fuzzyText: parsed.terms.length ? parsed.terms.join(" ") : null,
    negativeLexemes: row.nwn > 0 ? lexemesOf(row.nw) : null,
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
 *  - with `fuzzy`, pg_trgm's thresholds for typo tolerance: word similarity
 *    FUZZY_WORD_THRESHOLD (member names) and similarity FUZZY_VOCABULARY_SIMILARITY
 *    (the catalogue's vocabulary), instead of the defaults 0.6 and 0.3.
 */
export async function withSearchPlan<T>(db: Database, fuzzy: boolean, fn: (db: Database) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('enable_seqscan', 'off', true),
                     set_config('pg_trgm.word_similarity_threshold', ${fuzzy ? String(FUZZY_WORD_THRESHOLD) : "0.6"}, true),
                     set_config('pg_trgm.similarity_threshold', ${fuzzy ? String(FUZZY_VOCABULARY_SIMILARITY) : "0.3"}, true)`.execute(tx);
    return fn(tx);
  });
}

/** For each bare word (by index), the title and name words it may be a misspelling of. */
export type Corrections = string[][];

/**
 * Typo tolerance, step one: the words of titles and credit names
 * (catalog_words, a few thousand rows however large the catalogue) spelt like
 * each bare search word, best first. A word of one or two letters is read as
 * the start of a longer one ("ci" -> city). Only the closest spellings are
 * kept (within FUZZY_CLOSEST_RATIO of the best), so "lindqvst" finds
 * Lindqvist and not every Lind. Call inside withSearchPlan(db, true, ...).
 */
export async function findCorrections(db: Database, compiled: CompiledSearch): Promise<Corrections> {
  const searchable = compiled.words.filter((word) => word.query !== null);
  if (searchable.length === 0) return compiled.words.map(() => []);
  const { rows } = await sql<{ n: number; words: string[] | null }>`
    select t.n::int as n,
      case when char_length(t.typed) < ${PREFIX_MIN_LENGTH}
        then array(select w.word from catalog_words w where ${startsWith(sql`w.word`, sql`t.typed`)} and w.word <> t.typed and w.title_songs > 0
                   order by w.songs desc, w.word limit ${FUZZY_MAX_CORRECTIONS})
        else array(
          select c.word from (
            select w.word, w.songs, c0.score, max(c0.score) over () as best
            from catalog_words w
            cross join lateral (select greatest(similarity(w.word, t.typed), similarity(w.word, t.stem)) as score) c0
            where w.title_songs > 0 and (w.word % t.typed or w.word % t.stem)
          ) c
          where c.score >= ${FUZZY_CLOSEST_RATIO} * c.best
          order by c.score desc, c.songs desc, c.word limit ${FUZZY_MAX_CORRECTIONS})
      end as words
    from unnest(${textArray(compiled.words.map((word) => sql`${word.typed}`))}, ${textArray(compiled.words.map((word) => sql`${word.stem ?? word.typed}`))})
         with ordinality as t(typed, stem, n)`.execute(db);
  const corrections: Corrections = compiled.words.map(() => []);
  for (const row of rows) {
    const word = compiled.words[row.n - 1];
    if (word?.query) corrections[row.n - 1] = (row.words ?? []).filter((candidate) => candidate !== word.stem);
  }
  return corrections;
}

/** How search text restricts the catalogue: a condition and a rank on song_search (alias s). */
export interface TextMatch {
  condition: Fragment;
  rank: Fragment;
  /** The same match read from song_postings, when it is one word (see PostingsMatch); null otherwise. */
  postings: PostingsMatch | null;
  fuzzy: boolean;
}

/**
 * A one-word search, with or without corrections and exclusions, answered
 * from song_postings: the songs with one of `lexemes` anywhere, or one of
 * `corrections` in the title or names; none with an excluded lexeme or phrase.
 */
export interface PostingsMatch {
  lexemes: string[];
  corrections: string[];
  negativeLexemes: string[];
  negativePhrases: string | null;
}

/** The PostingsMatch of a search, when it is one bare word of plain lexemes, without phrases or excluded prefixes. */
function postingsMatchOf(compiled: CompiledSearch, corrections: Corrections | null): PostingsMatch | null {
  if (compiled.words.length !== 1 || compiled.phraseWords.length || compiled.phrases) return null;
  const word = compiled.words[0];
  // A prefix of no catalogue song's word: no lexemes.
  const lexemes = word.unknown && word.query ? [] : lexemesOf(word.query);
  if (!lexemes) return null;
  if (compiled.negativeWords && !compiled.negativeLexemes) return null;
  return {
    lexemes,
    corrections: corrections?.[0] ?? [],
    negativeLexemes: compiled.negativeLexemes ?? [],
    negativePhrases: compiled.negativePhrases,
  };
}

/** Songs (by id) whose positional search vector matches: for phrases and exclusions. */
const songIdsMatching = (query: string) => sql`select t.id from songs t where t.search_vector @@ ${query}::tsquery`;

/**
 * Exact (no corrections): every word (as a prefix) among the song's words,
 * and every phrase (its words on song_search, then its order on
 * songs.search_vector, for those songs only). When the only words are stop
 * words, titles holding them as whole words (trigram index), so "the" or
 * "down" still finds "Down by the Water". Exclusions: never a song whose
 * vector matches an excluded word or phrase.
 *
 * Typo-tolerant (with corrections): each bare word either as typed anywhere,
 * or as one of its corrections in the title or credit names (head). Still
 * GIN index lookups only. Null when no word has a correction.
 *
 * Rank: for each word (or phrase), 2 when the title has it and 1 more when the
 * title or names do, so title matches lead, then names, then genre, moods and
 * lyrics; typo-tolerant results put shorter titles first among equals.
 */
export function textMatch(compiled: CompiledSearch | null, corrections: Corrections | null = null): TextMatch | null {
  if (!compiled) return null;
  if (corrections && !corrections.some((list) => list.length > 0)) return null;
  const parts: Fragment[] = [];
  const rankWords: string[] = []; // per word or phrase: what counts as it in the title or names
  compiled.words.forEach((word, index) => {
    if (!word.query) return;
    const alternatives = corrections?.[index] ?? [];
    // Vocabulary words are letters and digits only: safe as quoted tsquery lexemes.
    const spellings = alternatives.map((w) => `'${w}'`).join(" | ");
    if (alternatives.length && word.unknown) {
      // The word as typed matches nothing (no vocabulary word starts with it): its corrections
      // alone, one indexed condition the planner can AND with the other words' bitmaps.
      parts.push(sql`s.head @@ ${spellings}::tsquery`);
      rankWords.push(spellings);
      return;
    }
    const head = alternatives.length ? `${word.query} | ${spellings}` : word.query;
    parts.push(alternatives.length ? sql`(s.body @@ ${word.query}::tsquery or s.head @@ ${head}::tsquery)` : sql`s.body @@ ${word.query}::tsquery`);
    rankWords.push(head);
  });
  for (const words of compiled.phraseWords) {
    parts.push(sql`s.body @@ ${words}::tsquery`);
    rankWords.push(words);
  }
  if (compiled.phrases) parts.push(sql`s.song_id in (${songIdsMatching(compiled.phrases)})`);
  if (!corrections && !compiled.terms && !compiled.phrases && compiled.stopWords.length) {
    // Words are letters and digits only, so they are safe inside the pattern.
    const titled = compiled.stopWords.map((word) => sql`t.title ~* ${`\\m${word}\\M`}`);
    parts.push(sql`s.song_id in (select t.id from songs t where ${sql.join(titled, sql` and `)})`);
  }
  if (compiled.negativeWords) parts.push(sql`not (s.body @@ ${compiled.negativeWords}::tsquery)`);
  if (compiled.negativePhrases) parts.push(sql`s.song_id not in (${songIdsMatching(compiled.negativePhrases)})`);

  let rank: Fragment = rankWords.length
    ? sql.join(
        // Most matches of a broad word are in lyrics: test the small head vector first, the title only on a hit.
        rankWords.map((head) => sql`(case when s.head @@ ${head}::tsquery then 1 + 2 * (s.title_words @@ ${head}::tsquery)::int else 0 end)`),
        sql` + `,
      )
    : sql`0`;
  // Typo-tolerant: among titles matching the same words, the shortest is the closest spelling
  // ("midnite avenue": Midnight Avenue before Midnight Avenue (Club Remix)).
  if (corrections) rank = sql`(${rank} + 1::float8 / (1 + char_length(s.title_key)))`;
  return {
    condition: parts.length ? sql.join(parts, sql` and `) : TRUE,
    rank: sql`(${rank})::real`,
    postings: postingsMatchOf(compiled, corrections),
    fuzzy: corrections !== null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The writing roles (credits.ts WRITER_ROLES) as SQL literals: the partial indexes of 20261126000400 are on this list. */
const WRITER_ROLES_SQL = sql.raw(`(${WRITER_ROLES.map((role) => `'${role}'`).join(", ")})`);

/**
 * The writer filter (CatalogQuery.writer) as a subquery of song ids: songs
 * crediting a member (by id) or a credit name (whole, case-insensitive) in a
 * writing role. Null when the query has none. Not a facet: writers are
 * thousands, so they are neither a combination column nor counted; a writer's
 * songs are few, so a search with one narrows to them first (indexes
 * song_credits_writer_member_idx, song_credits_writer_name_idx) and counts
 * every facet over them (docs/decisions/0073-pitching-search-and-holds.md).
 */
export function writerSongs(query: CatalogQuery): Fragment | null {
  const writer = query.writer?.trim();
  if (!writer) return null;
  return UUID.test(writer)
    ? sql`select c.song_id from song_credits c where c.member_id = ${writer.toLowerCase()}::uuid and c.role in ${WRITER_ROLES_SQL}`
    : sql`select c.song_id from song_credits c where lower(c.name) = lower(${writer}) and c.role in ${WRITER_ROLES_SQL}`;
}

/** Each facet's filter: a condition on rows (alias s), or null when the query sets none; by name, in declaration order. */
type Filters = Map<string, Fragment | null>;

/** The facet filters of a query. */
export function facetFilters(query: CatalogQuery, set: FacetSet = CATALOG_FACETS): Filters {
  return new Map(set.all.map((facet) => [facet.name, facetFilter(facet, query)]));
}

const activeNames = (filters: Filters, except: string | null = null) => [...filters].filter(([name, filter]) => filter !== null && name !== except).map(([name]) => name);

/**
 * Filters evaluated once per row, as boolean columns of a materialised set
 * (f_genre, f_mood...), so the facets that scan the set again and again test
 * a boolean instead of re-running array and text comparisons.
 */
function flagColumns(filters: Filters): Fragment {
  const active = activeNames(filters);
  if (active.length === 0) return sql``;
  return sql`, ${sql.join(active.map((name) => sql`coalesce(${filters.get(name)!}, false) as ${ident(`f_${name}`)}`))}`;
}

function flagsExcept(filters: Filters, name: string | null): Fragment {
  const active = activeNames(filters, name);
  return active.length ? sql.join(active.map((key) => ident(`s.f_${key}`)), sql` and `) : TRUE;
}

/** The columns a text search reads of each match for its facets and sorts: the facets' and bpm (a sort). */
function facetColumns(set: FacetSet, alias: string): Fragment {
  return sql.join(distinctColumns([...set.columnsOrder.map((facet) => facet.column), "bpm"]).map((column) => ident(`${alias}.${column}`)));
}

/** The columns of the range facets and bpm (a sort), as postings hold them. */
const postingColumns = (set: FacetSet) => distinctColumns([...set.ranges.map((facet) => facet.column), "bpm"]);

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
  /** The facets to filter and count (default: the catalogue's). */
  facetSet?: FacetSet;
}

/** The order of a sort; `fromSongs`: the rows are songs themselves (no title_key column). */
function orderBy(sort: CatalogSort, hasText: boolean, prefix: string, fromSongs = false): Fragment {
  // prefix "": the output columns of the select being ordered (id, rank...).
  const c = (column: string) => sql.raw(prefix ? `${prefix}.${column}` : column);
  const titleKey = fromSongs ? sql`lower(${c("title")})` : c("title_key");
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

/**
 * The page as JSON: `source` yields the ordered, limited candidate rows (alias
 * p, with the columns `order` names); everything shown is read for those only.
 */
function pageJson(source: Fragment, order: Fragment): Fragment {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', song.id, 'title', song.title, 'genre', song.genre, 'moods', song.moods, 'bpm', song.bpm, 'musical_key', song.musical_key,
      'duration_seconds', song.duration_seconds, 'featured', song.featured, 'artwork_path', song.artwork_path, 'audio_path', song.audio_path,
      'artists', (select string_agg(c.name, ', ' order by c.position, c.name) from song_credits c where c.song_id = p.id and c.role = 'artist'),
      'writers', (select string_agg(c.name, ', ' order by c.position, c.name) from song_credits c
                   where c.song_id = p.id and c.role in ('writer', 'topliner', 'composer', 'lyricist'))
    ) order by ${order}), '[]'::json)
    from (${source}) p join songs song on song.id = p.id)`;
}

/** A statement's row: the total, the page, and each facet's output columns (facet-sql.server.ts). */
interface StatementRow {
  total: number;
  page: PageRow[] | string;
  [facetColumn: string]: unknown;
}

function toResult(row: StatementRow, set: FacetSet): SearchRows {
  return {
    total: Number(row.total),
    facets: facetsOfRow(set, row) as CatalogFacets,
    rows: parseJson(row.page, []),
  };
}

const NO_FACETS = sql`null::json`;

/**
 * The total and every facet, summed from a CTE `combos` of rows (the choice
 * facets' columns, the flag columns f_*, n, and each range facet's bounds
 * <name>_min, <name>_max): each over the combinations passing every filter but its own.
 */
function facetColumnsFromCombos(f: Filters, set: FacetSet): Fragment {
  return sql.join([
    sql`(select coalesce(sum(s.n), 0)::int from combos s where ${flagsExcept(f, null)}) as total`,
    ...set.choices.map((facet) => sql`${choiceCounts(facet, sql`combos s`, flagsExcept(f, facet.name), sql`sum(s.n)`)} as ${ident(countsName(facet))}`),
    ...set.ranges.flatMap((facet) =>
      (["min", "max"] as const).map((bound) => {
        const name = ident(boundName(facet, bound));
        return sql`(select ${sql.raw(bound)}(${ident(`s.${boundName(facet, bound)}`)}) from combos s where ${flagsExcept(f, facet.name)}) as ${name}`;
      }),
    ),
  ]);
}

/** Each range facet's bounds over grouped rows (alias s): min(s.bpm) as bpm_min, max(s.bpm) as bpm_max. */
function rangeBounds(set: FacetSet): Fragment[] {
  return set.ranges.flatMap((facet) => (["min", "max"] as const).map((bound) => sql`${sql.raw(bound)}(${columnOf(facet)}) as ${ident(boundName(facet, bound))}`));
}

/** The facet columns of a set of rows (alias s) grouped into combinations, and the facets summed from them. */
function facetsFromCombos(f: Filters, set: FacetSet, rows: Fragment, flags: Fragment, groupFlags: Fragment[]): { combos: Fragment; columns: Fragment } {
  const choiceColumns = set.choices.map((facet) => columnOf(facet));
  return {
    combos: sql`combos as (
      select ${sql.join(choiceColumns)} ${flags}, ${sql.join([sql`count(*)::int as n`, ...rangeBounds(set)])}
      from ${rows}
      group by ${sql.join([...choiceColumns, ...groupFlags])}
    )`,
    columns: facetColumnsFromCombos(f, set),
  };
}

/**
 * A search with text, in one statement. Facets: a hash aggregate of the
 * matches into the distinct combinations of the choice facets (genre, key,
 * moods) and filter flags (a few hundred or thousand, however many songs
 * match), from which the total and every facet are summed, each over the
 * combinations passing every filter but its own (array values are unnested
 * there, not on every song). The page's display columns and credits are read
 * for its rows only.
 * The matches are read once into a materialised set with their rank and
 * flags, and both the facets and the page (a top-N sort) come from it. One
 * bare word goes to searchPostings instead.
 */
export async function searchWithText(db: Database, match: TextMatch, query: CatalogQuery, options: PageOptions): Promise<SearchRows> {
  const scope = writerSongs(query);
  // A writer's songs are few: the GIN path narrows to them; postings would read every song of the word.
  if (match.postings && !scope) return searchPostings(db, match.postings, match.fuzzy, query, options);
  const set = options.facetSet ?? CATALOG_FACETS;
  const f = facetFilters(query, set);
  const rank = options.sort === "relevance" ? match.rank : sql`0::real`;
  const sortColumn = options.sort === "title" ? sql`, s.title_key` : options.sort === "duration" ? sql`, s.duration_seconds` : sql``;
  const matched = sql`m as materialized (
      select s.song_id as id, ${facetColumns(set, "s")}, s.featured, s.created_at, ${rank} as rank ${sortColumn} ${flagColumns(f)}
      from song_search s where ${match.condition}${scope ? sql` and s.song_id in (${scope})` : sql``}
    )`;
  const page = pageJson(
    sql`select * from m s where ${flagsExcept(f, null)} order by ${orderBy(options.sort, true, "")} limit ${options.limit} offset ${options.offset}`,
    orderBy(options.sort, true, "p"),
  );
  if (!options.facets) {
    const { rows } = await sql<StatementRow>`
      with ${matched}
      select (select count(*)::int from m s where ${flagsExcept(f, null)}) as total, ${noFacetColumns(set)}, ${page} as page`.execute(db);
    return toResult(rows[0]!, set);
  }
  const flagRefs = activeNames(f).map((name) => ident(`s.f_${name}`));
  const facets = facetsFromCombos(f, set, sql`m s`, flagRefs.length ? sql`, ${sql.join(flagRefs)}` : sql``, flagRefs);
  const { rows } = await sql<StatementRow>`with ${matched}, ${facets.combos} select ${facets.columns}, ${page} as page`.execute(db);
  return toResult(rows[0]!, set);
}

/**
 * A one-word search from song_postings (PostingsMatch), in one statement:
 * index-only range scans of the word's postings instead of visiting each
 * matching song (docs/decisions/0056-postings.md).
 *
 *  - Facets: the postings counted per combination (and range filter flags),
 *    then joined to catalog_combos for the choice facets (genre, key, moods),
 *    whose filters are tested once per combination; summed by
 *    facetColumnsFromCombos. Range facets (BPM) are columns of each posting.
 *    A song with several of the lexemes (love, lover) is counted once.
 *  - The page by relevance: the postings index read backwards is each
 *    lexeme's relevance order (rank, featured, newest), so each lexeme
 *    yields its first `offset + limit` passing postings and the best of
 *    those lists are the page (a song's best posting is within its lexeme's
 *    list whenever the song is within the page). Typo-tolerant ranks (title
 *    length) and other orders sort the matching songs instead; title and
 *    duration orders read those two columns from song_search.
 */
async function searchPostings(db: Database, match: PostingsMatch, fuzzy: boolean, query: CatalogQuery, options: PageOptions): Promise<SearchRows> {
  const set = options.facetSet ?? CATALOG_FACETS;
  const f = facetFilters(query, set);
  const lexemes = sql`${match.lexemes}::text[]`;
  // Postings are aliased s throughout, as facetFilters' conditions (range columns) expect.
  const conditions: Fragment[] = [];
  if (match.negativeLexemes.length) {
    conditions.push(sql`s.song_id not in (select n.song_id from song_postings n where n.word = any (${sql`${match.negativeLexemes}::text[]`}))`);
  }
  if (match.negativePhrases) conditions.push(sql`s.song_id not in (${songIdsMatching(match.negativePhrases)})`);
  const excluded = allOf(conditions);
  // Choice facets are properties of the combination: the passing combinations, once.
  const activeRanges = set.ranges.filter((facet) => f.get(facet.name) !== null);
  const activeChoices = set.choices.filter((facet) => f.get(facet.name) !== null);
  const comboFilters = activeChoices.map((facet) => f.get(facet.name)!);
  const filtered = allOf([
    ...activeRanges.map((facet) => f.get(facet.name)!),
    comboFilters.length ? sql`s.combo in (select s.id from catalog_combos s where ${allOf(comboFilters)})` : null,
  ]);
  // The matching postings: the lexemes anywhere, the corrections in titles and names. Separate
  // range scans joined by UNION ALL: an OR of them would visit the table instead of the index alone.
  const parts: Fragment[] = [];
  if (match.lexemes.length) parts.push(sql`s.word = any (${lexemes})`);
  if (match.corrections.length) parts.push(sql`s.word = any (${sql`${match.corrections}::text[]`}) and s.rank > 0`);
  const matching = (columns: Fragment) =>
    parts.length
      ? sql.join(parts.map((part) => sql`(select ${columns} from song_postings s where ${part} and ${excluded})`), sql` union all `)
      : sql`(select ${columns} from song_postings s where false)`;
  const several = match.lexemes.length + match.corrections.length > 1;
  const perSong = postingColumns(set);

  // One row per matching song: its rank is its best posting's.
  const all = sql`s.song_id, s.rank, s.featured, s.created_at, s.combo, ${sql.join(perSong.map((column) => ident(`s.${column}`)))}, s.title_length`;
  const songs = several
    ? sql`select s.song_id, max(s.rank) as rank, bool_and(s.featured) as featured, min(s.created_at) as created_at,
                 min(s.combo) as combo, ${sql.join(perSong.map((column) => sql`min(${ident(`s.${column}`)}) as ${ident(column)}`))}, min(s.title_length) as title_length
          from (${matching(all)}) s group by s.song_id`
    : matching(all);
  const rank = fuzzy ? sql`(s.rank + 1::float8 / (1 + s.title_length))::real` : sql`s.rank::real`;

  let source: Fragment;
  if (options.sort === "relevance" && !fuzzy) {
    const end = options.offset + options.limit;
    source = sql`select x.song_id as id, max(x.rank)::real as rank, x.featured, x.created_at
      from unnest(${lexemes}) l(word)
      cross join lateral (
        select s.song_id, s.rank, s.featured, s.created_at from song_postings s
        where s.word = l.word and ${excluded} and ${filtered}
        order by s.rank desc, s.featured desc, s.created_at desc, s.song_id desc limit ${end}
      ) x
      group by x.song_id, x.featured, x.created_at
      order by ${orderBy("relevance", true, "")} limit ${options.limit} offset ${options.offset}`;
  } else {
    const sortColumn = options.sort === "title" ? "title_key" : options.sort === "duration" ? "duration_seconds" : null;
    source = sql`select s.song_id as id, ${rank} as rank, s.featured, s.created_at, s.bpm ${sortColumn ? sql`, ${sql.ref(`t.${sortColumn}`)}` : sql``}
      from (${songs}) s ${sortColumn ? sql`join song_search t on t.song_id = s.song_id` : sql``}
      where ${filtered}
      order by ${orderBy(options.sort, true, "")} limit ${options.limit} offset ${options.offset}`;
  }
  const page = pageJson(source, orderBy(options.sort, true, "p"));

  if (!options.facets) {
    const { rows } = await sql<StatementRow>`
      select (select count(*)::int from (${songs}) s where ${filtered}) as total, ${noFacetColumns(set)}, ${page} as page`.execute(db);
    return toResult(rows[0]!, set);
  }
  // A song's postings share its combination and range values; when several lexemes may repeat a song, it is counted once.
  const rangeColumns = set.ranges.map((facet) => columnOf(facet));
  const facetRows = matching(sql.join([...(several ? [sql`s.song_id`] : []), sql`s.combo`, ...rangeColumns]));
  const counted = several ? sql`count(distinct s.song_id)::int` : sql`count(*)::int`;
  const rangeFlags = activeRanges.map((facet) => sql`coalesce(${f.get(facet.name)!}, false) as ${ident(`f_${facet.name}`)}`);
  const combos = sql`combos as (
      select ${sql.join([
        ...set.choices.map((facet) => columnOf(facet)),
        ...activeChoices.map((facet) => sql`coalesce(${f.get(facet.name)!}, false) as ${ident(`f_${facet.name}`)}`),
        ...activeRanges.map((facet) => ident(`g.f_${facet.name}`)),
        sql`g.n`,
        ...set.ranges.flatMap((facet) => (["min", "max"] as const).map((bound) => ident(`g.${boundName(facet, bound)}`))),
      ])}
      from (select ${sql.join([sql`s.combo`, ...rangeFlags, sql`${counted} as n`, ...rangeBounds(set)])}
            from (${facetRows}) s group by ${sql.join([sql`s.combo`, ...activeRanges.map((_, index) => sql.raw(String(index + 2)))])}) g
      join catalog_combos s on s.id = g.combo
    )`;
  const { rows } = await sql<StatementRow>`with ${combos} select ${facetColumnsFromCombos(f, set)}, ${page} as page`.execute(db);
  return toResult(rows[0]!, set);
}

/**
 * A listing without text, in one statement. Each facet counts the songs that
 * pass every filter but its own, so with
 *  - no other filter: the whole catalogue's counts (catalog_facet_counts);
 *  - one other filter: the pair counts given that filter (catalog_facet_pairs);
 *  - two or more: counted over the songs, from one materialised set holding
 *    the rows each such facet needs (the songs passing all filters but at most one).
 * Both tables are kept exact by triggers. The total likewise (pairs serve two
 * filters). The page is read in index order.
 */
export async function searchWithoutText(db: Database, query: CatalogQuery, options: PageOptions): Promise<SearchRows> {
  const set = options.facetSet ?? CATALOG_FACETS;
  const f = facetFilters(query, set);
  const byName = new Map(set.all.map((facet) => [facet.name, facet]));
  const active = activeNames(f).map((name) => byName.get(name)!);
  const othersOf = (facet: Facet | null) => active.filter((other) => other !== facet);
  const all = allOf([...f.values()]);
  // A writer's songs (few): everything is counted over them, and the page read from them.
  const scope = writerSongs(query);
  // Counted from songs: facets with two or more other filters, and the total with three or more.
  const countsSongs = scope !== null || active.length >= 3 || (options.facets && set.all.some((facet) => othersOf(facet).length >= 2));
  const superset = scope
    ? sql`s.id in (${scope})`
    : active.length <= 2
      ? all
      : sql`(${sql.join(
          active.map((skip) => sql`(${allOf(othersOf(skip).map((facet) => f.get(facet.name)!))})`),
          sql` or `,
        )})`;

  const choiceColumn = (facet: ChoiceFacet): Fragment => {
    if (!options.facets) return NO_FACETS;
    const others = othersOf(facet);
    if (scope) return choiceCounts(facet, sql`s`, flagsExcept(f, facet.name), sql`count(*)`);
    if (others.length === 0) return storedCounts(facet);
    if (others.length === 1) return pairedCounts(facet, others[0], query);
    return choiceCounts(facet, sql`s`, flagsExcept(f, facet.name), sql`count(*)`);
  };
  const rangeBound = (facet: RangeFacet, bound: "min" | "max"): Fragment => {
    if (!options.facets) return sql`null::int`;
    const others = othersOf(facet);
    if (scope) return sql`(select ${sql.raw(bound)}(${columnOf(facet)}) from s where ${flagsExcept(f, facet.name)})`;
    if (others.length === 0) return storedBound(facet, bound);
    if (others.length === 1) return pairedBound(facet, bound, others[0], query);
    return sql`(select ${sql.raw(bound)}(${columnOf(facet)}) from s where ${flagsExcept(f, facet.name)})`;
  };
  const total = ((): Fragment => {
    if (scope) return sql`(select count(*)::int from s where ${flagsExcept(f, null)})`;
    if (active.length === 0) return sql`coalesce((select count from catalog_facet_counts where facet = 'total' and value = 'catalogue'), 0)`;
    if (active.length === 1) {
      return sql`coalesce((select sum(c.count)::int from catalog_facet_counts c where c.facet = ${active[0].name} and ${storedValueMatches(active[0], query, sql`c.value`)}), 0)`;
    }
    if (active.length === 2) {
      const [first, second] = active;
      return sql`coalesce((select sum(p.count)::int from catalog_facet_pairs p where p.facet = ${first.name} and p.other_facet = ${second.name}
        and ${storedValueMatches(first, query, sql`p.value`)} and ${storedValueMatches(second, query, sql`p.other_value`)}), 0)`;
    }
    return sql`(select count(*)::int from s where ${flagsExcept(f, null)})`;
  })();

  const { rows } = await sql<StatementRow>`
    with s as materialized (
      select ${scope ? sql`s.id, lower(s.title) as title_key, s.duration_seconds, s.featured, s.created_at, ` : sql``}${sql.join(
        distinctColumns([...set.columnsOrder.map((facet) => facet.column), ...(scope ? ["bpm"] : [])]).map((column) => ident(`s.${column}`)),
      )} ${flagColumns(f)} from songs s
      where s.status = 'catalogue' and ${countsSongs ? superset : sql`false`}
    )
    select
      ${total} as total,
      ${sql.join([
        ...set.choices.map((facet) => sql`${choiceColumn(facet)} as ${ident(countsName(facet))}`),
        ...set.ranges.flatMap((facet) => (["min", "max"] as const).map((bound) => sql`${rangeBound(facet, bound)} as ${ident(boundName(facet, bound))}`)),
      ])},
      ${pageJson(
        scope
          ? sql`select s.id, s.title_key, s.bpm, s.duration_seconds, s.featured, s.created_at
              from s where ${flagsExcept(f, null)}
              order by ${orderBy(options.sort, false, "s")} limit ${options.limit} offset ${options.offset}`
          : sql`select s.id, lower(s.title) as title_key, s.bpm, s.duration_seconds, s.featured, s.created_at
            from songs s where s.status = 'catalogue' and ${all}
            order by ${orderBy(options.sort, false, "s", true)} limit ${options.limit} offset ${options.offset}`,
        orderBy(options.sort, false, "p"),
      )} as page
  `.execute(db);
  return toResult(rows[0]!, set);
}
