/**
 * The catalogue's query string: /music-catalog?search=...&genre=...&page=2.
 * The facets' parameters come from their declaration (facets.ts).
 *
 * A GET form must never answer 400 because somebody edited the URL, so every
 * field falls back to its default instead of failing: an unknown sort becomes
 * the default sort, a page of "abc" becomes 1, a page size of 10000 becomes the
 * maximum.
 */
import { z } from "zod";
import { CATALOG_MAX_PAGE, CATALOG_MAX_PAGE_SIZE, CATALOG_PAGE_SIZE, FACET_VALUE_MAX, SEARCH_TEXT_MAX, WRITER_FILTER_MAX } from "./constants";
import { CATALOG_FACETS, choiceFilter, filtersFacet, rangeFilter, type FacetFields, type FacetSet } from "./facets";
import { CATALOG_SORTS, type CatalogQuery } from "./types";

/** Empty or whitespace-only means "not given". */
const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => {
      const trimmed = value?.trim().replace(/\s+/g, " ");
      return trimmed ? trimmed.slice(0, max) : undefined;
    })
    .catch(undefined);

const clampedInt = (min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value) => {
      if (value === undefined || value.trim() === "") return undefined;
      const number = Number(value);
      if (!Number.isFinite(number)) return undefined;
      return Math.min(max, Math.max(min, Math.round(number)));
    })
    .catch(undefined);

/** "true" or "false" (as the flag's form field sends); anything else is "not given". */
const optionalFlag = z
  .string()
  .optional()
  .transform((value) => (value?.trim() === "true" ? true : value?.trim() === "false" ? false : undefined))
  .catch(undefined);

export type ParsedCatalogQuery = Required<Pick<CatalogQuery, "sort" | "page" | "pageSize">> & CatalogQuery;

/** The schema of a catalogue query whose facets are `set`. */
export function catalogQuerySchemaFor(set: FacetSet) {
  const facetFields: Record<string, z.ZodTypeAny> = {};
  for (const facet of set.all) {
    if (facet.kind === "range") {
      for (const param of facet.params) facetFields[param] = clampedInt(facet.min, facet.max);
    } else {
      facetFields[facet.param] = facet.kind === "flag" ? optionalFlag : optionalText(FACET_VALUE_MAX);
    }
  }
  return z
    .object({
      search: optionalText(SEARCH_TEXT_MAX),
      writer: optionalText(WRITER_FILTER_MAX),
      ...facetFields,
      sort: z.enum(CATALOG_SORTS).optional().catch(undefined),
      page: clampedInt(1, CATALOG_MAX_PAGE),
      pageSize: clampedInt(1, CATALOG_MAX_PAGE_SIZE),
    })
    .transform((input): ParsedCatalogQuery => {
      const fields = input as FacetFields;
      const facets: FacetFields = {};
      for (const facet of set.all) {
        if (facet.kind !== "range") {
          facets[facet.param] = fields[facet.param];
          continue;
        }
        let { min, max } = rangeFilter(facet, fields);
        // "120 to 90" is read as "90 to 120" rather than as an empty range.
        if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
        facets[facet.params[0]] = min;
        facets[facet.params[1]] = max;
      }
      return {
        search: input.search,
        ...(input.writer ? { writer: input.writer } : {}),
        ...facets,
        // Relevance only means something with search text; a plain listing shows the newest first.
        sort: input.sort ?? (input.search ? "relevance" : "newest"),
        page: input.page ?? 1,
        pageSize: input.pageSize ?? CATALOG_PAGE_SIZE,
      };
    });
}

export const catalogQuerySchema = catalogQuerySchemaFor(CATALOG_FACETS);

/** Reads a catalogue query from a URL's search params (or a GET form's fields). */
export function parseCatalogQuery(params: URLSearchParams | Record<string, string | undefined>, set: FacetSet = CATALOG_FACETS): ParsedCatalogQuery {
  const source: Record<string, string | undefined> = {};
  if (params instanceof URLSearchParams) {
    // The first value wins when a parameter repeats, as in a plain form.
    for (const [name, value] of params) if (!(name in source)) source[name] = value;
  } else {
    Object.assign(source, params);
  }
  return (set === CATALOG_FACETS ? catalogQuerySchema : catalogQuerySchemaFor(set)).parse(source);
}

/** The facet fields of a query as form field values ("" when not set), by parameter. */
export function facetFieldValues(query: CatalogQuery, set: FacetSet = CATALOG_FACETS): Record<string, string> {
  const values: Record<string, string> = {};
  for (const facet of set.all) {
    if (facet.kind === "range") {
      const { min, max } = rangeFilter(facet, query);
      values[facet.params[0]] = min !== undefined ? String(min) : "";
      values[facet.params[1]] = max !== undefined ? String(max) : "";
    } else {
      const value = choiceFilter(facet, query);
      values[facet.param] = value !== undefined ? String(value) : "";
    }
  }
  return values;
}

/** Whether the query filters any facet. */
export function hasFacetFilters(query: CatalogQuery, set: FacetSet = CATALOG_FACETS): boolean {
  return set.all.some((facet) => filtersFacet(facet, query));
}

/** The query string for a catalogue query, leaving out defaults (for links: pages, facets). */
export function catalogQueryString(query: CatalogQuery, set: FacetSet = CATALOG_FACETS): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.writer) params.set("writer", query.writer);
  for (const [name, value] of Object.entries(facetFieldValues(query, set))) if (value !== "") params.set(name, value);
  const defaultSort = query.search ? "relevance" : "newest";
  if (query.sort && query.sort !== defaultSort) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.pageSize && query.pageSize !== CATALOG_PAGE_SIZE) params.set("pageSize", String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : "";
}
