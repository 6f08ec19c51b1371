/**
 * The catalogue's data contract, shared by the server functions in
 * songs.server.ts and the pages that render them. Plain types only: safe to
 * import from client code.
 */
import type { FacetQuery, FacetResults, VocalType } from "./facets";

/** 'draft': uploaded on /admin/audio and not yet published; never in public listings (ADR 0085). */
export const SONG_STATUSES = ["catalogue", "archived", "draft"] as const;
export type SongStatus = (typeof SONG_STATUSES)[number];

export const CREDIT_ROLES = ["writer", "producer", "topliner", "artist", "composer", "lyricist"] as const;
export type CreditRole = (typeof CREDIT_ROLES)[number];

export interface Credit {
  /** profiles.user_id of a member of the collective; null for an external co-writer. */
  memberId: string | null;
  name: string;
  role: CreditRole;
  /** Share of the song in percent; the splits of one song sum to 100. */
  split: number;
}

export interface Song {
  id: string;
  title: string;
  slug?: string;
  /** Credits with role writer, topliner, composer or lyricist. */
  writers: Credit[];
  /** Credits with role producer. */
  producers: Credit[];
  /** Every credit, in billing order. */
  credits: Credit[];
  genre: string;
  moods: string[];
  bpm: number;
  /** e.g. "A minor", "F# major". */
  musicalKey: string;
  /** Pitching facets: the vocal the song carries (null: not recorded), explicit lyrics. */
  vocalType: VocalType | null;
  explicit: boolean;
  durationSeconds: number;
  lyrics: string | null;
  /** Object path inside the audio bucket (not a URL: sign it with signedAudioUrl). */
  audioPath: string;
  /** Object path inside the artwork bucket, or null when the song has no artwork. */
  artworkPath: string | null;
  status: SongStatus;
  featured: boolean;
  /** Waveform: about 200 values between 0 and 1; empty when the format was not decoded. */
  peaks: number[];
  createdAt: string;
  updatedAt: string;
}

/** What a list row or card needs. */
export interface SongSummary {
  id: string;
  title: string;
  /** The credit line shown as the artist: artist credits if any, else the writers. */
  artist: string;
  genre: string;
  moods: string[];
  bpm: number;
  musicalKey: string;
  durationSeconds: number;
  featured: boolean;
  /** Signed, app-relative (local storage) or absolute (Supabase) URL; null without artwork. */
  artworkUrl?: string | null;
  /** Signed URL of the audio, valid SIGNED_URL_TTL_S seconds from the response. */
  audioUrl?: string;
}

export const CATALOG_SORTS = ["relevance", "newest", "title", "bpm", "duration"] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** A catalogue query: the search text, the facets' fields (FacetQuery, from FACETS in facets.ts), order and page. */
export type CatalogQuery = FacetQuery & {
  /** Free text: words match as prefixes, "quoted phrases" match in order, -word excludes. */
  search?: string;
  /**
   * Songs crediting this writer (writer, topliner, composer or lyricist): a
   * member's id, or a credit name (case-insensitive, whole name). A filter, not a
   * facet: it has no counts (see docs/decisions/0073-pitching-search-and-holds.md).
   */
  writer?: string;
  sort?: CatalogSort;
  /** 1-based. */
  page?: number;
  pageSize?: number;
};

export interface FacetCount {
  value: string;
  count: number;
}

/**
 * Per facet of FACETS (facets.ts), counts over the songs matching the search
 * text and every other filter, but not the facet's own filter, so a page can
 * offer switching genre (or mood, key, BPM range) without first clearing it:
 * value, array and flag facets as counts per value (genres, moods, keys), range
 * facets as the lowest and highest value in the same set (bpm; null when it is empty).
 */
export type CatalogFacets = FacetResults;

export interface CatalogResult {
  songs: SongSummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  facets: CatalogFacets;
  /**
   * True when few songs matched the words exactly and the result also holds
   * songs whose title or credits are spelt similarly (typo tolerance), so a page
   * can say "showing similar matches".
   */
  fuzzy: boolean;
}

export interface MemberHit {
  userId: string;
  displayName: string;
  skills: string[];
  location: string | null;
}

export interface EverythingResult {
  songs: SongSummary[];
  members: MemberHit[];
}
