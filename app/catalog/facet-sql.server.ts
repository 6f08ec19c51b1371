/**
 * The SQL of each facet kind (facets.ts), for the search engine
 * (search.server.ts): a facet's filter, its match on a stored value, and its
 * counts or bounds over a set of rows. Rows are aliased s and hold the facet's
 * column under its songs name: songs, song_search, catalog_combos and the
 * engine's own sets all do.
 */
import { sql, type RawBuilder } from "kysely";
import { choiceFilter, rangeFilter, type ChoiceFacet, type Facet, type FacetSet, type RangeFacet } from "./facets";
import type { CatalogQuery, FacetCount } from "./types";

export type Fragment = RawBuilder<unknown>;

export const TRUE = sql`true`;

export function allOf(conditions: (Fragment | null)[]): Fragment {
  const present = conditions.filter((c): c is Fragment => c !== null);
  return present.length ? sql.join(present, sql` and `) : TRUE;
}

/**
 * An identifier made of facet names and columns: facetSet() admits only plain
 * lower-case identifiers, so they are written into the statement as they are,
 * like the column names of hand-written SQL (no parsing and quoting per use).
 */
export const ident = (name: string): Fragment => sql.raw(name);

/** A facet's column of the rows aliased `alias`. */
export const columnOf = (facet: Facet, alias = "s"): Fragment => ident(`${alias}.${facet.column}`);

/** The facet's filter of a query as a condition on rows (alias s); null when the query does not filter it. */
export function facetFilter(facet: Facet, query: CatalogQuery): Fragment | null {
  const column = columnOf(facet);
  if (facet.kind === "range") {
    const { min, max } = rangeFilter(facet, query);
    if (min === undefined && max === undefined) return null;
    return allOf([min !== undefined ? sql`${column} >= ${min}` : null, max !== undefined ? sql`${column} <= ${max}` : null]);
  }
  const value = choiceFilter(facet, query);
  if (value === undefined) return null;
  switch (facet.kind) {
    case "value":
      return sql`lower(${column}) = ${String(value).toLowerCase()}`;
    case "array":
      return sql`${column} @> array[${String(value).toLowerCase()}]::text[]`;
    case "flag":
      return sql`${column} = ${value === true}`;
  }
}

/**
 * The facet's filter as a condition on a stored value (the text of
 * catalog_facet_counts.value or catalog_facet_pairs.value), matching the songs
 * facetFilter() matches.
 */
export function storedValueMatches(facet: Facet, query: CatalogQuery, column: Fragment): Fragment {
  if (facet.kind === "range") {
    const { min, max } = rangeFilter(facet, query);
    // Stored range values are integers as text; the CASE keeps the cast to this facet's rows.
    const number = sql`(case when ${column} ~ '^-?[0-9]+$' then ${column}::int end)`;
    return allOf([min !== undefined ? sql`${number} >= ${min}` : null, max !== undefined ? sql`${number} <= ${max}` : null]);
  }
  const value = choiceFilter(facet, query);
  switch (facet.kind) {
    case "value":
      return sql`lower(${column}) = ${String(value).toLowerCase()}`;
    case "array":
      return sql`${column} = ${String(value).toLowerCase()}`;
    case "flag":
      return sql`${column} = ${String(value === true)}`;
  }
}

const FACET_LIMIT = 50;

/** A facet's counts as JSON [{value, count}], most frequent first, from grouped rows. */
export function facetJson(grouped: Fragment): Fragment {
  return sql`(select coalesce(json_agg(json_build_object('value', g.value, 'count', g.count) order by g.count desc, g.value), '[]'::json)
    from (${grouped} order by count desc, value limit ${FACET_LIMIT}) g)`;
}

/**
 * Counts of a choice facet over `rows` (alias s) passing `where`, each row
 * counting `weight` (count(*) for songs, sum(s.n) for combinations), as JSON.
 */
export function choiceCounts(facet: ChoiceFacet, rows: Fragment, where: Fragment, weight: Fragment): Fragment {
  const column = columnOf(facet);
  if (facet.kind === "array") {
    return facetJson(sql`select v.value, ${weight}::int as count from ${rows} cross join lateral unnest(${column}) as v(value) where ${where} group by v.value`);
  }
  const present = facet.nullable ? sql` and ${column} is not null` : sql``;
  const value = facet.kind === "flag" ? sql`${column}::text` : column;
  return facetJson(sql`select ${value} as value, ${weight}::int as count from ${rows} where ${where}${present} group by ${column}`);
}

/** Counts of a choice facet kept in catalog_facet_counts (the whole catalogue, no filter). */
export function storedCounts(facet: ChoiceFacet): Fragment {
  return facetJson(sql`select value, count from catalog_facet_counts where facet = ${facet.name} and count > 0`);
}

/** Counts of a choice facet among the songs passing one filter (`given`), from catalog_facet_pairs. */
export function pairedCounts(facet: ChoiceFacet, given: Facet, query: CatalogQuery): Fragment {
  return facetJson(sql`select p.other_value as value, sum(p.count)::int as count from catalog_facet_pairs p
    where p.facet = ${given.name} and p.other_facet = ${facet.name} and ${storedValueMatches(given, query, sql`p.value`)}
    group by p.other_value having sum(p.count) > 0`);
}

type Bound = "min" | "max";

/** Names of a range facet's bounds, in statements' output and combinations: bpm_min, bpm_max. */
export const boundName = (facet: RangeFacet, bound: Bound) => `${facet.name}_${bound}`;

/** A range facet's lowest or highest value over the whole catalogue, from catalog_facet_counts. */
export function storedBound(facet: RangeFacet, bound: Bound): Fragment {
  return sql`(select ${sql.raw(bound)}(value::int) from catalog_facet_counts where facet = ${facet.name} and count > 0)`;
}

/** A range facet's lowest or highest value among the songs passing one filter (`given`), from catalog_facet_pairs. */
export function pairedBound(facet: RangeFacet, bound: Bound, given: Facet, query: CatalogQuery): Fragment {
  return sql`(select ${sql.raw(bound)}(p.other_value::int) from catalog_facet_pairs p
    where p.facet = ${given.name} and p.other_facet = ${facet.name} and p.count > 0 and ${storedValueMatches(given, query, sql`p.value`)})`;
}

/** The output column of a choice facet's counts in the engine's statements. */
export const countsName = (facet: ChoiceFacet) => `facet_${facet.name}`;

/** Output columns standing for facets not computed (a page without facets). */
export function noFacetColumns(set: FacetSet): Fragment {
  return sql.join([
    ...set.choices.map((facet) => sql`null::json as ${ident(countsName(facet))}`),
    ...set.ranges.flatMap((facet) => (["min", "max"] as const).map((bound) => sql`null::int as ${ident(boundName(facet, bound))}`)),
  ]);
}

/** A statement's facet output columns, read back into the result's facets. */
export function facetsOfRow(set: FacetSet, row: Record<string, unknown>): Record<string, unknown> {
  const facets: Record<string, unknown> = {};
  const bound = (name: string) => (row[name] === null || row[name] === undefined ? null : Number(row[name]));
  // In declaration order, as the result's type lists them.
  for (const facet of set.all) {
    facets[facet.resultKey] =
      facet.kind === "range"
        ? { min: bound(boundName(facet, "min")), max: bound(boundName(facet, "max")) }
        : parseJson<FacetCount[]>(row[countsName(facet)] as FacetCount[] | string | null, []);
  }
  return facets;
}

export function parseJson<T>(value: T | string | null | undefined, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

/** The distinct columns of a list (a range facet over bpm shares the sort column, for one). */
export function distinctColumns(columns: string[]): string[] {
  return [...new Set(columns)];
}
