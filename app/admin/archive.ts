/**
 * The archive's limits, words and browse query (issue 12 §5, ADR 0083),
 * shared by the pages (browser) and their queries (server). Browser-safe.
 */
export const ARCHIVE_PAGE_SIZE = 25;
/** Longer searches are cut to this (a title is at most 200 characters; a credited name 100). */
export const ARCHIVE_SEARCH_MAX = 200;
/** Entries of one song's history shown at most (a song has a handful in practice). */
export const ARCHIVE_HISTORY_MAX = 200;

export const ARCHIVED_WHEN = ["all", "30d", "year"] as const;
export type ArchivedWhen = (typeof ARCHIVED_WHEN)[number];
export const ARCHIVE_SORTS = ["newest", "oldest", "title"] as const;
export type ArchiveSort = (typeof ARCHIVE_SORTS)[number];

export const ARCHIVE_TEXT = {
  overviewTitle: "Archive",
  overviewLead: "Songs taken out of the catalogue, kept with their credits and audio for reference. Only administrators see them.",
  browseTitle: "Browse the archive",
  browseLead: "Every archived song. Search by title or by a credited name, and narrow by genre, key or when it was archived.",
  browse: "Browse the archive",
  whenLabels: { all: "Any time", "30d": "In the last 30 days", year: "This year" } satisfies Record<ArchivedWhen, string>,
  sortLabels: { newest: "Newest archived first", oldest: "Oldest archived first", title: "Title (A to Z)" } satisfies Record<ArchiveSort, string>,
  anyGenre: "Any genre",
  anyKey: "Any key",
  restore: "Restore to the catalogue",
  restoreHint: "The song goes back into the public catalogue and search at once. It can be archived again from the catalogue.",
  restored: (title: string) => `"${title}" is back in the catalogue.`,
  notArchivedTitle: "This song is no longer archived",
  notFoundTitle: "This song isn't in the archive",
  alreadyRestored: "This song is no longer archived: someone restored it meanwhile. Reload the page to see its history.",
  notRestorable: "Only archived songs can be restored from here.",
  noSuchSong: "No song has this id.",
  reloadAndRetry: "Reload the page and try again.",
} as const;

export interface ArchiveQuery {
  q: string;
  genre: string;
  key: string;
  when: ArchivedWhen;
  sort: ArchiveSort;
  page: number;
}

const pick = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Reads the browse form's query leniently: anything unknown falls back to its default, overlong text is cut. */
export function parseArchiveQuery(params: URLSearchParams): ArchiveQuery {
  const text = (name: string, max: number) => (params.get(name) ?? "").replace(/\0/g, "").trim().slice(0, max).trim();
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: text("q", ARCHIVE_SEARCH_MAX),
    genre: text("genre", 100),
    key: text("key", 20),
    when: pick(ARCHIVED_WHEN, params.get("when"), "all"),
    sort: pick(ARCHIVE_SORTS, params.get("sort"), "newest"),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

/** The browse address for a query, leaving defaults out so links stay short. */
export function archiveBrowseHref(query: Partial<ArchiveQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.genre) params.set("genre", query.genre);
  if (query.key) params.set("key", query.key);
  if (query.when && query.when !== "all") params.set("when", query.when);
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/admin/archive/browse?${search}` : "/admin/archive/browse";
}
