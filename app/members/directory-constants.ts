/**
 * The member directory's limits and sort orders (ADR 0062). Plain values:
 * safe on the client.
 */

export const DIRECTORY_PAGE_SIZE = 24;
/** Deeper pages than this are read as this one: 24,000 members is far past any real page. */
export const DIRECTORY_MAX_PAGE = 1000;
/** A name search longer than a display name (100) can only be noise. */
export const NAME_SEARCH_MAX = 100;
export const NAME_SEARCH_MAX_WORDS = 5;
/** How many genres the genre menu offers (the most named first). */
export const GENRE_OPTIONS_LIMIT = 60;
/** How many links a member page shows. */
export const PROFILE_LINKS_MAX = 10;
/** How many featured members the directory's first page shows before everyone else (ADR 0081). */
export const DIRECTORY_FEATURED_MAX = 6;
/** How many credited songs a member page lists. */
export const CREDITED_SONGS_MAX = 50;

export const DIRECTORY_SORTS = ["name", "newest", "oldest"] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const DIRECTORY_DEFAULT_SORT: DirectorySort = "name";
