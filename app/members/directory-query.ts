/**
 * The directory's state in the query string (browser-safe): read leniently
 * on the server, written back for links and pagination.
 */
import { isSkill, PROFILE_LIMITS, type Skill } from "~/profile/profile-fields";
import { DIRECTORY_DEFAULT_SORT, DIRECTORY_MAX_PAGE, DIRECTORY_SORTS, NAME_SEARCH_MAX, type DirectorySort } from "./directory-constants";

export interface DirectoryQuery {
  /** Name search as typed (trimmed), or null. */
  q: string | null;
  skill: Skill | null;
  /** A genre as profiles store them (lower case), or null. */
  genre: string | null;
  /** Part of a location, or null. */
  location: string | null;
  sort: DirectorySort;
  page: number;
}

/** Control characters and the like never reach SQL or the page (they could only be typos or attacks). */
function cleanText(value: string | null, max: number): string | null {
  if (value === null) return null;
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim().slice(0, max).trim();
  return text === "" ? null : text;
}

const isSort = (value: string | null): value is DirectorySort => value !== null && (DIRECTORY_SORTS as readonly string[]).includes(value);

/**
 * Reads the directory's query string leniently: an unknown skill or sort, a
 * bad page number or an over-long text means "no filter", the default sort,
 * page 1 or the text cut to its limit, never an error page. A field given
 * twice counts once (the first).
 */
export function parseDirectoryQuery(searchParams: URLSearchParams): DirectoryQuery {
  const skill = searchParams.get("skill");
  const sort = searchParams.get("sort");
  const pageText = searchParams.get("page") ?? "1";
  const page = /^\d{1,7}$/.test(pageText.trim()) ? Number.parseInt(pageText, 10) : 1;
  const genre = cleanText(searchParams.get("genre"), PROFILE_LIMITS.genre + 1);
  return {
    q: cleanText(searchParams.get("q"), NAME_SEARCH_MAX),
    skill: isSkill(skill) ? skill : null,
    // Profiles store genres in lower case (splitGenres); a longer one cannot match anything.
    genre: genre && genre.length <= PROFILE_LIMITS.genre ? genre.toLowerCase() : null,
    location: cleanText(searchParams.get("location"), PROFILE_LIMITS.location),
    sort: isSort(sort) ? sort : DIRECTORY_DEFAULT_SORT,
    page: page >= 1 ? Math.min(page, DIRECTORY_MAX_PAGE) : 1,
  };
}

/** The query string of a directory state: defaults left out, so URLs stay short and shareable. */
export function directorySearch(query: DirectoryQuery, changes: Partial<DirectoryQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.skill) params.set("skill", next.skill);
  if (next.genre) params.set("genre", next.genre);
  if (next.location) params.set("location", next.location);
  if (next.sort !== DIRECTORY_DEFAULT_SORT) params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function hasDirectoryFilters(query: DirectoryQuery): boolean {
  return Boolean(query.q || query.skill || query.genre || query.location);
}

