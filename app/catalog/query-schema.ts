/**
 * The catalogue's query string: /music-catalog?search=...&genre=...&page=2.
 *
 * A GET form must never answer 400 because somebody edited the URL, so every
 * field falls back to its default instead of failing: an unknown sort becomes
 * the default sort, a page of "abc" becomes 1, a page size of 10000 becomes the
 * maximum.
 */
import { z } from "zod";
import {
  BPM_MAX,
  BPM_MIN,
  CATALOG_MAX_PAGE,
  CATALOG_MAX_PAGE_SIZE,
  CATALOG_PAGE_SIZE,
  FACET_VALUE_MAX,
  SEARCH_TEXT_MAX,
} from "./constants";
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

export const catalogQuerySchema = z
  .object({
    search: optionalText(SEARCH_TEXT_MAX),
    genre: optionalText(FACET_VALUE_MAX),
    mood: optionalText(FACET_VALUE_MAX),
    key: optionalText(FACET_VALUE_MAX),
    bpmMin: clampedInt(BPM_MIN, BPM_MAX),
    bpmMax: clampedInt(BPM_MIN, BPM_MAX),
    sort: z.enum(CATALOG_SORTS).optional().catch(undefined),
    page: clampedInt(1, CATALOG_MAX_PAGE),
    pageSize: clampedInt(1, CATALOG_MAX_PAGE_SIZE),
  })
  .transform((input): Required<Pick<CatalogQuery, "sort" | "page" | "pageSize">> & CatalogQuery => {
    let { bpmMin, bpmMax } = input;
    // "120 to 90" is read as "90 to 120" rather than as an empty range.
    if (bpmMin !== undefined && bpmMax !== undefined && bpmMin > bpmMax) [bpmMin, bpmMax] = [bpmMax, bpmMin];
    return {
      search: input.search,
      genre: input.genre,
      mood: input.mood,
      key: input.key,
      bpmMin,
      bpmMax,
      // Relevance only means something with search text; a plain listing shows the newest first.
      sort: input.sort ?? (input.search ? "relevance" : "newest"),
      page: input.page ?? 1,
      pageSize: input.pageSize ?? CATALOG_PAGE_SIZE,
    };
  });

export type ParsedCatalogQuery = z.output<typeof catalogQuerySchema>;

/** Reads a catalogue query from a URL's search params (or a GET form's fields). */
export function parseCatalogQuery(params: URLSearchParams | Record<string, string | undefined>): ParsedCatalogQuery {
  const source: Record<string, string | undefined> = {};
  if (params instanceof URLSearchParams) {
    // The first value wins when a parameter repeats, as in a plain form.
    for (const [name, value] of params) if (!(name in source)) source[name] = value;
  } else {
    Object.assign(source, params);
  }
  return catalogQuerySchema.parse(source);
}

/** The query string for a catalogue query, leaving out defaults (for links: pages, facets). */
export function catalogQueryString(query: CatalogQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.genre) params.set("genre", query.genre);
  if (query.mood) params.set("mood", query.mood);
  if (query.key) params.set("key", query.key);
  if (query.bpmMin !== undefined) params.set("bpmMin", String(query.bpmMin));
  if (query.bpmMax !== undefined) params.set("bpmMax", String(query.bpmMax));
  const defaultSort = query.search ? "relevance" : "newest";
  if (query.sort && query.sort !== defaultSort) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.pageSize && query.pageSize !== CATALOG_PAGE_SIZE) params.set("pageSize", String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : "";
}
