/**
 * Counting by hand, for any declared facet (app/catalog/facets.ts): which
 * songs pass a facet's filter, what its counts or bounds are, and what the
 * stored counts (catalog_facet_counts, catalog_facet_pairs) should hold. It
 * reads only the songs' columns, so it knows nothing of the engine's tables.
 */
import { choiceFilter, rangeFilter, type Facet, type FacetSet } from "~/catalog/facets";
import type { FacetCount } from "~/catalog/types";

/** A song as the oracle sees it: its columns by name (facet columns included). */
export type SongRow = { id: string; title: string; status: string } & Record<string, unknown>;

export function passes(row: SongRow, facet: Facet, query: object): boolean {
  const value = row[facet.column];
  if (value === null || value === undefined) return false;
  if (facet.kind === "range") {
    const { min, max } = rangeFilter(facet, query);
    return (min === undefined || (value as number) >= min) && (max === undefined || (value as number) <= max);
  }
  const wanted = choiceFilter(facet, query);
  switch (facet.kind) {
    case "value":
      return String(value).toLowerCase() === String(wanted).toLowerCase();
    case "array":
      return (value as string[]).includes(String(wanted).toLowerCase());
    case "flag":
      return value === wanted;
  }
}

/** A song's values of a facet, as stored counts hold them (text; an array's values once each). */
export function valuesOf(row: SongRow, facet: Facet): string[] {
  const value = row[facet.column];
  if (value === null || value === undefined) return [];
  return facet.kind === "array" ? [...new Set(value as string[])] : [String(value)];
}

export function tally(values: string[]): FacetCount[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/** What a result's facets should be: each facet over the rows passing every other filter. */
export function expectedFacets(set: FacetSet, rows: SongRow[], query: object, active: Facet[]): Record<string, unknown> {
  const passingAllBut = (skip: Facet) => rows.filter((row) => active.every((facet) => facet === skip || passes(row, facet, query)));
  const facets: Record<string, unknown> = {};
  for (const facet of set.choices) facets[facet.resultKey] = tally(passingAllBut(facet).flatMap((row) => valuesOf(row, facet)));
  for (const facet of set.ranges) {
    const values = passingAllBut(facet).flatMap((row) => valuesOf(row, facet)).map(Number);
    facets[facet.resultKey] = values.length ? { min: Math.min(...values), max: Math.max(...values) } : { min: null, max: null };
  }
  return facets;
}

/** A result's facets with counts in value order, to compare with expectedFacets. */
export function byValue(set: FacetSet, facets: Record<string, unknown>): Record<string, unknown> {
  const sorted: Record<string, unknown> = { ...facets };
  for (const facet of set.choices) sorted[facet.resultKey] = [...(facets[facet.resultKey] as FacetCount[])].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return sorted;
}

/** The stored counts as they should be: the catalogue's total, each facet value's songs, and each pair of values of two facets. */
export function expectedStoredCounts(set: FacetSet, rows: SongRow[]) {
  const catalogue = rows.filter((row) => row.status === "catalogue");
  const singles = new Map<string, number>();
  const pairs = new Map<string, number>();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  if (catalogue.length) singles.set(JSON.stringify(["total", "catalogue"]), catalogue.length);
  for (const row of catalogue) {
    const items = set.all.flatMap((facet) => valuesOf(row, facet).map((value) => [facet.name, value] as const));
    for (const [facet, value] of items) add(singles, JSON.stringify([facet, value]));
    for (const [facet, value] of items) {
      for (const [other, otherValue] of items) if (other !== facet) add(pairs, JSON.stringify([facet, other, value, otherValue]));
    }
  }
  const sortedEntries = (map: Map<string, number>) => [...map].map(([key, count]) => [...(JSON.parse(key) as string[]), count]).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  return { singles: sortedEntries(singles), pairs: sortedEntries(pairs) };
}

/** A filter value of each facet that some songs pass (the commonest value; the middle half of a range), as query fields. */
export function sampleFilters(set: FacetSet, rows: SongRow[]): Map<Facet, Record<string, unknown>> {
  const catalogue = rows.filter((row) => row.status === "catalogue");
  const filters = new Map<Facet, Record<string, unknown>>();
  for (const facet of set.all) {
    if (facet.kind === "range") {
      const values = catalogue.flatMap((row) => valuesOf(row, facet)).map(Number).sort((a, b) => a - b);
      filters.set(facet, { [facet.params[0]]: values[Math.floor(values.length / 4)], [facet.params[1]]: values[Math.floor((values.length * 3) / 4)] });
      continue;
    }
    const commonest = [...tally(catalogue.flatMap((row) => valuesOf(row, facet)))].sort((a, b) => b.count - a.count)[0].value;
    // Text filters in another case than stored: they match case-insensitively.
    const value = facet.kind === "flag" ? commonest === "true" : commonest.toUpperCase();
    filters.set(facet, { [facet.param]: value });
  }
  return filters;
}
