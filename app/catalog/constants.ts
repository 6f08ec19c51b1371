/**
 * Catalogue limits that SPEC leaves open (SPEC's own constants live in
 * ~/shared/constants). Plain values: safe on the client.
 */

export const CATALOG_PAGE_SIZE = 24;
export const CATALOG_MAX_PAGE_SIZE = 100;
/** Deeper pages than this are refused: nobody pages that far, and OFFSET cost grows with it. */
export const CATALOG_MAX_PAGE = 1000;
export const SEARCH_TEXT_MAX = 200;
export const SEARCH_MAX_TERMS = 12;
export const FACET_VALUE_MAX = 60;
/** The writer filter: a member id or a credit name (credit names are at most 120 characters). */
export const WRITER_FILTER_MAX = 120;
export const BPM_MIN = 20;
export const BPM_MAX = 300;
/** Below this many exact (full-text) matches, titles and names spelt similarly are added. */
export const FUZZY_FALLBACK_BELOW = 3;
/** pg_trgm word similarity from which a member's name counts as "spelt alike" (default 0.6 misses one-letter typos in short names). */
export const FUZZY_WORD_THRESHOLD = 0.5;
/** pg_trgm similarity from which a title or name word (catalog_words) may be what a misspelt search word meant ("velvit" -> velvet: 0.4). */
export const FUZZY_VOCABULARY_SIMILARITY = 0.35;
/** Corrections kept: those at least this close, relative to the closest ("lindqvst": lindqvist 0.58 kept, lind 0.4 left). */
export const FUZZY_CLOSEST_RATIO = 0.8;
/** At most this many corrections per search word. */
export const FUZZY_MAX_CORRECTIONS = 3;
/** How many members and songs /search shows per kind. */
export const EVERYTHING_LIMIT = 10;

/** Storage buckets of the catalogue. */
export const AUDIO_BUCKET = "audio";
export const ARTWORK_BUCKET = "artwork";

/** Upload limits (checked on the bytes, not on the file name). */
export const AUDIO_MAX_BYTES = 50 * 1024 * 1024;
/**
 * The longest audio accepted (seconds): a song, a long mix or a demo medley, not an album.
 * Decoding for the waveform stops here, so a small file that expands to hours of samples (a
 * FLAC of constant frames) costs bounded CPU and memory, and is then refused.
 */
export const AUDIO_MAX_SECONDS = 30 * 60;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Number of waveform bars stored per song. */
export const WAVEFORM_PEAKS = 200;

/** The catalogue's tables, and those kept from them by triggers: what grows with it, and what searches read. */
export const CATALOGUE_TABLES = [
  "songs",
  "song_credits",
  "song_search",
  "song_postings",
  "catalog_combos",
  "catalog_words",
  "catalog_facet_counts",
  "catalog_facet_pairs",
] as const;
