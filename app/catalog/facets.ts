/**
 * The catalogue's search facets, declared once (docs/decisions/0057-facets-declared-once.md).
 *
 * Everything else about a facet is derived from its entry in FACETS: the
 * query's fields and their URL parameters (query-schema.ts), the filters and
 * counts of every search path (facet-sql.server.ts, search.server.ts), the
 * form fields (components/CatalogFilters.tsx), the result's facets (types.ts),
 * and the derived tables and triggers that keep counts and postings
 * (facet-migration.ts writes them as a migration). Plain data: safe on the client.
 *
 * Adding a facet: its songs column (a migration, and whatever sets it), one
 * entry below, then a migration generated from the declaration:
 *
 *   node --import tsx scripts/catalog-facets-migration.ts
 */
import { BPM_MAX, BPM_MIN } from "./constants";
import type { FacetCount } from "./types";

/** songs.vocal_type's values (its CHECK, 20261126000050), in the form's order, with their labels. */
export const VOCAL_TYPES = [
  { value: "female", label: "Female vocal" },
  { value: "male", label: "Male vocal" },
  { value: "duet", label: "Duet" },
  { value: "group", label: "Group vocal" },
  { value: "instrumental", label: "Instrumental" },
] as const;
export type VocalType = (typeof VOCAL_TYPES)[number]["value"];
export const VOCAL_TYPE_VALUES = VOCAL_TYPES.map((type) => type.value) as [VocalType, ...VocalType[]];

/**
 * How a facet's songs column is filtered and counted.
 *  - value: one text per song (genre); filtered case-insensitively; counts per value.
 *  - array: a text[] of lower-case values (moods); a song passes when it has the value; counts per value.
 *  - flag: a boolean (explicit); filtered on true or false; counts of "true" and "false".
 *  - range: an integer (BPM); filtered on a min..max range; reports the lowest and highest value.
 * A range in buckets (slow, mid, fast) is a value facet over a generated column.
 *
 * value, array and flag facets ("choices") are properties of a song's facet
 * combination (catalog_combos), which postings carry as one integer: keep
 * their distinct values few (tens, not thousands), or combinations multiply.
 */
export type FacetKind = "value" | "array" | "flag" | "range";

interface FacetBase {
  /** The facet's name where it is stored (catalog_facet_counts.facet) and in SQL names (f_<name>). */
  name: string;
  /** The songs column holding the facet's value; the derived tables hold it under the same name. */
  column: string;
  /** The form's label. */
  label: string;
  /** The column may be null: such a song has no value of this facet (it passes no filter of it, is in no count). */
  nullable?: boolean;
}

export interface ChoiceFacet extends FacetBase {
  kind: "value" | "array" | "flag";
  /** URL parameter, and field of CatalogQuery. */
  param: string;
  /** Field of CatalogFacets holding the counts. */
  resultKey: string;
  /** The form's "no filter" option. */
  allLabel: string;
  /**
   * The values the column may hold (its CHECK), in the form's order, with what
   * the form shows for each; without it, values are shown as stored.
   */
  values?: readonly { value: string; label: string }[];
}

export interface RangeFacet extends FacetBase {
  kind: "range";
  /** URL parameters (and CatalogQuery fields) of the lower and upper bound. */
  params: readonly [min: string, max: string];
  /** Field of CatalogFacets holding the lowest and highest value. */
  resultKey: string;
  /** Unit of the bound fields ("Minimum BPM"). */
  unit: string;
  /** Bounds are clamped to min..max. */
  min: number;
  max: number;
}

export type Facet = ChoiceFacet | RangeFacet;

/** The catalogue's facets, in the order the form shows them. */
export const FACETS = [
  { name: "genre", kind: "value", column: "genre", param: "genre", resultKey: "genres", label: "Genre", allLabel: "All genres" },
  { name: "mood", kind: "array", column: "moods", param: "mood", resultKey: "moods", label: "Mood", allLabel: "All moods" },
  { name: "key", kind: "value", column: "musical_key", param: "key", resultKey: "keys", label: "Key", allLabel: "All keys" },
  { name: "bpm", kind: "range", column: "bpm", params: ["bpmMin", "bpmMax"], resultKey: "bpm", label: "Tempo (BPM)", unit: "BPM", min: BPM_MIN, max: BPM_MAX },
  // The A&R desk's pitching facets (issue 11; songs columns from 20261126000050_song_pitch_fields.sql).
  { name: "vocal_type", kind: "value", column: "vocal_type", nullable: true, param: "vocalType", resultKey: "vocalTypes", label: "Vocal type", allLabel: "Any vocal", values: VOCAL_TYPES },
  { name: "explicit", kind: "flag", column: "explicit", param: "explicit", resultKey: "explicit", label: "Explicit lyrics", allLabel: "Explicit or clean" },
] as const satisfies readonly Facet[];

type Declared = (typeof FACETS)[number];
type ChoiceOf<F> = Extract<F, { kind: "value" | "array" | "flag" }>;
type RangeOf<F> = Extract<F, { kind: "range" }>;

/** A query's facet fields, typed from FACETS: genre?: string, bpmMin?: number... */
export type FacetQuery = { [F in ChoiceOf<Declared> as F["param"]]?: F["kind"] extends "flag" ? boolean : string } & {
  [F in RangeOf<Declared> as F["params"][number]]?: number;
};

/** A result's facets, typed from FACETS: genres: FacetCount[], bpm: { min, max }... */
export type FacetResults = { [F in ChoiceOf<Declared> as F["resultKey"]]: FacetCount[] } & {
  [F in RangeOf<Declared> as F["resultKey"]]: { min: number | null; max: number | null };
};

/** A checked list of facets, split by kind (the engine takes one; tests build their own). */
export interface FacetSet {
  /** In declaration order: the form's and the URL's. */
  all: readonly Facet[];
  /** Value, array and flag facets: single values first, arrays last (SQL groups and compares them in this order, cheapest first). */
  choices: readonly ChoiceFacet[];
  ranges: readonly RangeFacet[];
  /** Every facet in the order SQL lists their columns: single values, ranges, arrays. */
  columnsOrder: readonly Facet[];
}

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
/** Columns the derived tables hold whatever the facets (sorting, ranking): a facet may use bpm, not the others. */
const RESERVED_COLUMNS = ["id", "song_id", "featured", "created_at", "title_key", "duration_seconds", "title_words", "head", "body", "combo", "n", "word", "rank", "title_length", "status"];

/** Checks a declaration: names and columns become SQL identifiers, params and result keys must not collide. */
export function facetSet(facets: readonly Facet[]): FacetSet {
  const seen = new Map<string, string>();
  const claim = (space: string, key: string, owner: string) => {
    if (seen.has(`${space}:${key}`)) throw new Error(`Facet ${owner}: ${space} "${key}" is already used by ${seen.get(`${space}:${key}`)}`);
    seen.set(`${space}:${key}`, owner);
  };
  for (const facet of facets) {
    for (const identifier of [facet.name, facet.column]) {
      if (!IDENTIFIER.test(identifier)) throw new Error(`Facet ${facet.name}: "${identifier}" is not a lower-case SQL identifier`);
    }
    if (RESERVED_COLUMNS.includes(facet.column)) throw new Error(`Facet ${facet.name}: column "${facet.column}" is reserved`);
    // catalog_facet_counts keeps the catalogue's size under the facet name "total".
    if (facet.name === "total") throw new Error('Facet "total": the name is reserved');
    claim("name", facet.name, facet.name);
    claim("column", facet.column, facet.name);
    claim("result key", facet.resultKey, facet.name);
    for (const param of facet.kind === "range" ? facet.params : [facet.param]) {
      if (["search", "writer", "sort", "page", "pageSize"].includes(param)) throw new Error(`Facet ${facet.name}: parameter "${param}" is reserved`);
      claim("parameter", param, facet.name);
    }
  }
  const singles = facets.filter((facet): facet is ChoiceFacet => facet.kind === "value" || facet.kind === "flag");
  const arrays = facets.filter((facet): facet is ChoiceFacet => facet.kind === "array");
  const ranges = facets.filter((facet): facet is RangeFacet => facet.kind === "range");
  // catalog_combos is keyed on the choice columns: it needs one at least.
  if (singles.length + arrays.length === 0) throw new Error("The catalogue needs at least one value, array or flag facet");
  return { all: facets, choices: [...singles, ...arrays], ranges, columnsOrder: [...singles, ...ranges, ...arrays] };
}

/** The catalogue's facets, checked. */
export const CATALOG_FACETS: FacetSet = facetSet(FACETS);

/** A query's facet fields, read generically. */
export type FacetFields = Record<string, string | number | boolean | undefined>;

/** The filter a query sets on a choice facet (its value as given), or undefined. */
export function choiceFilter(facet: ChoiceFacet, query: object): string | boolean | undefined {
  const value = (query as FacetFields)[facet.param];
  if (facet.kind === "flag") return typeof value === "boolean" ? value : undefined;
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The bounds a query sets on a range facet (either may be undefined). */
export function rangeFilter(facet: RangeFacet, query: object): { min: number | undefined; max: number | undefined } {
  const fields = query as FacetFields;
  const bound = (value: unknown) => (typeof value === "number" ? value : undefined);
  return { min: bound(fields[facet.params[0]]), max: bound(fields[facet.params[1]]) };
}

/** Whether the query filters this facet. */
export function filtersFacet(facet: Facet, query: object): boolean {
  if (facet.kind !== "range") return choiceFilter(facet, query) !== undefined;
  const { min, max } = rangeFilter(facet, query);
  return min !== undefined || max !== undefined;
}

/** Facets with nothing in them: no counts, no bounds. */
export function emptyFacets(set: FacetSet = CATALOG_FACETS): FacetResults {
  const facets: Record<string, unknown> = {};
  for (const facet of set.all) facets[facet.resultKey] = facet.kind === "range" ? { min: null, max: null } : [];
  return facets as FacetResults;
}

/** Whether any facet has a count or a bound. */
export function hasAnyFacet(facets: object, set: FacetSet = CATALOG_FACETS): boolean {
  const results = facets as Record<string, FacetCount[] | { min: number | null } | undefined>;
  return (
    set.choices.some((facet) => ((results[facet.resultKey] as FacetCount[] | undefined) ?? []).length > 0) ||
    set.ranges.some((facet) => ((results[facet.resultKey] as { min: number | null } | undefined)?.min ?? null) !== null)
  );
}
