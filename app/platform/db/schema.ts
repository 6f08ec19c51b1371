/**
 * Kysely table types. Keep in step with supabase/migrations and db/local-auth.
 */
import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface AuthUsersTable {
  id: Generated<string>;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  raw_user_meta_data: ColumnType<Record<string, unknown>, string | Record<string, unknown> | undefined, string | Record<string, unknown>>;
  email_confirmed_at: NullableTimestamp;
  phone_confirmed_at: NullableTimestamp;
  banned_until: NullableTimestamp;
  last_sign_in_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProfilesTable {
  id: Generated<string>;
  user_id: string;
  role: "accepted_ar" | "accepted_member" | "admin" | null;
  display_name: string | null;
  public_profile: Generated<boolean>;
  is_admin: Generated<boolean>;
  has_seen_decision_banner: Generated<boolean>;
  onboarding_completed: Generated<boolean>;
  onboarding_skipped: Generated<boolean>;
  onboarding_current_step: Generated<number>;
  onboarding_started_at: NullableTimestamp;
  onboarding_completed_at: NullableTimestamp;
  first_login_after_acceptance: NullableTimestamp;
  /** The dashboard's latest view and the cutoff of "new since your last visit" (migration 20261125000600, ADR 0069). */
  dashboard_last_view_at: NullableTimestamp;
  dashboard_new_since: NullableTimestamp;
  bio: string | null;
  avatar_url: string | null;
  location: string | null;
  skills: Generated<string[]>;
  genres: Generated<string[]>;
  links: ColumnType<{ label: string; url: string }[], string | undefined, string>;
  /** An IANA time zone name (migration 20261125000100, app/profile/time-zones.ts). */
  time_zone: Generated<string>;
  /** When an admin featured the member; null = not featured (migration 20261127000400, ADR 0081). */
  featured_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// supabase/migrations/20261125000100_profile_settings.sql (app/profile/contact-change.server.ts).
export interface ContactChangesTable {
  user_id: string;
  channel: "email" | "phone";
  new_value: string;
  requested_at: Timestamp;
  expires_at: Timestamp;
}

export interface ArRegistrationsTable {
  id: Generated<string>;
  name: string;
  company: string;
  /** The account's e-mail when the request was made (null for a phone-only account). */
  email: string | null;
  message: Generated<string>;
  user_id: string | null;
  status: Generated<"pending" | "approved" | "declined">;
  /** Migration 20261126000300 (ADR 0072): what the A&R does, where, links; the decision. */
  title: Generated<string>;
  territory: Generated<string>;
  links: ColumnType<{ label: string; url: string }[], string | undefined, string>;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  decision_note: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SongsTable {
  id: Generated<string>;
  title: string;
  slug: string | null;
  genre: string;
  moods: Generated<string[]>;
  bpm: number;
  musical_key: string;
  duration_seconds: number;
  lyrics: string | null;
  /** Pitching metadata (migration 20261126000050): the vocal the song carries, and explicit lyrics. */
  vocal_type: ColumnType<"female" | "male" | "duet" | "group" | "instrumental" | null, "female" | "male" | "duet" | "group" | "instrumental" | null | undefined, "female" | "male" | "duet" | "group" | "instrumental" | null>;
  explicit: Generated<boolean>;
  audio_path: string;
  artwork_path: string | null;
  /** 'draft': uploaded on /admin/audio, not yet published (migration 20261127000800, ADR 0085). */
  status: Generated<"catalogue" | "archived" | "draft">;
  featured: Generated<boolean>;
  /** jsonb array of numbers 0..1; insert as JSON text. */
  peaks: ColumnType<number[], string | undefined, string>;
  /** Kept by triggers on song_credits. */
  credit_names: Generated<string>;
  /** Stored generated column: never written. */
  search_vector: ColumnType<string, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the song was archived; kept by a trigger (null unless archived; migration 20261127000600, ADR 0083). */
  archived_at: NullableTimestamp;
  /** The camp song it was written as, when it came from a camp's split sheet (migration 20261128000100, ADR 0086). */
  camp_song_id: ColumnType<string | null, string | null | undefined, string | null>;
}

// supabase/migrations/20261127000800_song_drafts.sql (app/audio-uploads, ADR 0085).
export interface SongDraftsTable {
  song_id: string;
  uploaded_by: string | null;
  uploaded_by_name: Generated<string>;
  source_file_name: string;
  tag_artist: string | null;
  /** Catalogue fields the file's tags did not give (placeholders until someone sets them). */
  missing: Generated<("genre" | "bpm" | "musical_key")[]>;
  created_at: Generated<Date>;
}

// supabase/migrations/20261127000500_song_versions.sql (app/catalog/versions.server.ts, ADR 0082).
export interface SongVersionsTable {
  id: Generated<string>;
  song_id: string;
  kind: "instrumental" | "acappella" | "clean" | "stems";
  /** Object path inside the audio bucket, with a storage_objects row. */
  audio_path: string;
  duration_seconds: number;
  size_bytes: ColumnType<number, number, number>;
  created_at: Timestamp;
}

export interface SongCreditsTable {
  id: Generated<string>;
  song_id: string;
  member_id: string | null;
  name: string;
  role: "writer" | "producer" | "topliner" | "artist" | "composer" | "lyricist";
  /** numeric(5,2): read as a string by the drivers. */
  split: ColumnType<string, number | string, number | string>;
  position: Generated<number>;
  created_at: Timestamp;
}

export interface CatalogFacetCountsTable {
  facet: "total" | "genre" | "mood" | "key" | "bpm";
  value: string;
  count: number;
}

export interface CatalogRevisionTable {
  id: Generated<boolean>;
  revision: number;
}

export interface StorageObjectsTable {
  bucket: string;
  path: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  kind: "audio" | "image";
  uploaded_by: string | null;
  created_at: Timestamp;
}

// supabase/migrations/20261125000300_showcase.sql (app/showcase).
export interface ShowcaseTracksTable {
  id: Generated<string>;
  user_id: string;
  title: string;
  audio_bucket: string;
  audio_path: string;
  content_type: string;
  size_bytes: ColumnType<number, number, number>;
  duration_seconds: number;
  peaks: ColumnType<number[], string | undefined, string>;
  /** 1..5; the insert trigger gives a new track the next free position. */
  position: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  /** Place on the landing page (1 = first), null when not on it; unique when set (migration 20261127000400, ADR 0081). */
  landing_position: ColumnType<number | null, number | null | undefined, number | null>;
  /** An admin hid the track: out of the public profile, the landing page and every listing. */
  hidden_at: NullableTimestamp;
  hidden_by: string | null;
}

// Embedded auth adapter (db/local-auth/0002) and session guards (supabase/migrations/2026112100020x).
export interface AuthSessionsTable {
  id: string;
  user_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  refreshed_at: NullableTimestamp;
  user_agent: string | null;
  /** aal1 by password or code; aal2 once a second factor was verified in this session (ADR 0099). */
  aal: Generated<"aal1" | "aal2">;
}

/** A TOTP authenticator (db/local-auth/0005_mfa_factors.sql): the secret encrypted, the last accepted step. */
export interface AuthMfaFactorsTable {
  id: string;
  user_id: string;
  factor_type: Generated<"totp">;
  friendly_name: string | null;
  status: "unverified" | "verified";
  secret_encrypted: string;
  last_step: ColumnType<string | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthMfaChallengesTable {
  id: string;
  factor_id: string;
  created_at: Timestamp;
  verified_at: NullableTimestamp;
}

/** Recovery codes of two-factor sign-in (supabase/migrations/20261202000100): SHA-256 only, used once. */
export interface MfaRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface MfaUsedCodesTable {
  factor_id: string;
  code_hash: string;
  used_at: Timestamp;
}

export interface AuthRefreshTokensTable {
  id: string;
  token_hash: string;
  session_id: string;
  user_id: string;
  parent_id: string | null;
  revoked: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthOneTimeCodesTable {
  id: Generated<string>;
  user_id: string;
  channel: "email" | "phone";
  recipient: string;
  purpose: "confirmation" | "login" | "recovery" | "email_change" | "phone_change";
  code_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  rule: string;
  subject_hash: string;
  hits: Generated<number>;
  window_started_at: Timestamp;
  expires_at: Timestamp;
}

export interface SessionActivityTable {
  session_id: string;
  user_id: string;
  started_at: Timestamp;
  last_active_at: Timestamp;
  /** Last time a one-time code (recovery or code sign-in) was verified in this session. */
  code_verified_at: NullableTimestamp;
  /** Onboarding in this session (20261125000500_onboarding.sql): the welcome shows once, the tour runs. */
  onboarding_welcome_shown_at: NullableTimestamp;
  onboarding_tour_active: Generated<boolean>;
  onboarding_requested_at: NullableTimestamp;
}

/** Counts of other_facet's values among catalogue songs with facet = value (kept by triggers). */
export interface CatalogFacetPairsTable {
  facet: "genre" | "mood" | "key" | "bpm";
  other_facet: "genre" | "mood" | "key" | "bpm";
  value: string;
  other_value: string;
  count: number;
}

/** The catalogue's vocabulary: songs using each word anywhere, and in a title or credit name (kept by triggers). */
export interface CatalogWordsTable {
  word: string;
  songs: number;
  title_songs: number;
}

/** A narrow copy of each catalogue song for text searches (kept by triggers). */
export interface SongSearchTable {
  song_id: string;
  genre: string;
  musical_key: string;
  bpm: number;
  moods: string[];
  featured: boolean;
  created_at: Timestamp;
  title_key: string;
  duration_seconds: number;
  title_words: string;
  head: string;
  body: string;
}

/** Each distinct (genre, key, moods) of the catalogue, numbered for song_postings (kept by triggers). */
export interface CatalogCombosTable {
  id: Generated<number>;
  genre: string;
  musical_key: string;
  moods: string[];
}

/** One row per (word, catalogue song) with what a one-word search reads of the song (kept by triggers). */
export interface SongPostingsTable {
  word: string;
  /** 3: the word is in the title; 1: in a credit name only; 0: elsewhere. */
  rank: number;
  featured: boolean;
  created_at: Timestamp;
  song_id: string;
  combo: number;
  bpm: number;
  title_length: number;
}

/** The inbox: notices that are not secrets, one row per recipient (supabase/migrations/20261125000400_inbox.sql). */
// supabase/migrations/20261126000650_briefs.sql (app/briefs, ADR 0076).
export interface BriefsTable {
  id: Generated<string>;
  ar_id: string;
  company: string;
  title: string;
  body: string;
  genre: string | null;
  /** A date column: read as "yyyy-mm-dd" text (briefs.server.ts casts it), written as that text. */
  deadline: string | null;
  status: Generated<"open" | "closed">;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BriefAnswersTable {
  id: Generated<string>;
  brief_id: string;
  member_id: string;
  song_id: string | null;
  submission_id: string | null;
  note: Generated<string>;
  rating: "keeper" | "maybe" | "needs_work" | "pass" | null;
  rated_at: NullableTimestamp;
  created_at: Timestamp;
}

// supabase/migrations/20261126000600_submissions.sql (app/submissions): songs members send for the catalogue.
export interface SubmissionsTable {
  id: Generated<string>;
  member_id: string;
  /** The brief it answers (no foreign key until the briefs migration adds one). */
  brief_id: string | null;
  title: string;
  genre: string;
  moods: Generated<string[]>;
  bpm: number;
  musical_key: string;
  vocal_type: "female" | "male" | "duet" | "group" | "instrumental" | null;
  explicit: Generated<boolean>;
  lyrics: string | null;
  audio_bucket: string;
  audio_path: string;
  content_type: string;
  size_bytes: ColumnType<number, number, number>;
  duration_seconds: number;
  peaks: ColumnType<number[], string | undefined, string>;
  /** jsonb [{name, memberId|null, role, split}]; insert as JSON text. */
  credits: ColumnType<{ name: string; memberId: string | null; role: "writer" | "producer" | "topliner" | "artist" | "composer" | "lyricist"; split: number }[], string, string>;
  status: Generated<"pending" | "accepted" | "declined" | "withdrawn">;
  decision_note: string | null;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  song_id: string | null;
  /** The camp song whose confirmed split sheet gave the credits (migration 20261128000100, ADR 0086). */
  camp_song_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NoticesTable {
  id: Generated<string>;
  recipient_id: string;
  sender_id: string | null;
  sender_name: string | null;
  kind: "contact" | "decision" | "offer" | "approval" | "brief" | "camp" | "system";
  subject: string;
  body: string;
  /** A path inside the app ("/..."), never another site. */
  link: string | null;
  dedupe_key: string | null;
  read_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Each admin's rating and comment on an application (supabase/migrations/20261126000200_application_review.sql). */
export interface ApplicationReviewsTable {
  application_id: string;
  admin_id: string;
  rating: number;
  comment: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An offer of membership: the mailed token is stored only as its SHA-256 hash (20261126000200). */
export interface ApplicationOffersTable {
  id: Generated<string>;
  application_id: string;
  user_id: string;
  token_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  accepted_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_by: string | null;
  created_at: Timestamp;
}

// supabase/migrations/20261126000100_applications.sql (app/applications).
export type ApplicationStatusValue = "draft" | "pending" | "shortlisted" | "waitlisted" | "declined" | "accepted" | "withdrawn";

export interface ApplicationQuestionsTable {
  id: Generated<string>;
  prompt: string;
  help: Generated<string>;
  required: Generated<boolean>;
  max_length: Generated<number>;
  position: Generated<number>;
  archived_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ApplicationsTable {
  id: Generated<string>;
  user_id: string;
  public_key: string;
  kind: "writer" | "producer" | "both" | null;
  name: Generated<string>;
  location: Generated<string>;
  bio: Generated<string>;
  /** [{label, url}] */
  links: ColumnType<{ label: string; url: string }[], string | undefined, string>;
  /** [{questionId, prompt, answer}] */
  answers: ColumnType<{ questionId: string; prompt: string; answer: string }[], string | undefined, string>;
  status: ColumnType<ApplicationStatusValue, ApplicationStatusValue | undefined, ApplicationStatusValue>;
  submitted_at: NullableTimestamp;
  decided_at: NullableTimestamp;
  decided_by: string | null;
  decision_note: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ApplicationTracksTable {
  id: Generated<string>;
  application_id: string;
  mode: "collab" | "solo";
  track_key: string;
  title: string;
  audio_bucket: string;
  audio_path: string;
  content_type: string;
  size_bytes: ColumnType<number, number, number>;
  duration_seconds: number;
  peaks: ColumnType<number[], string | undefined, string>;
  /** 1..3 within its group; the insert trigger gives the next free one. */
  position: ColumnType<number, number | undefined, number>;
  created_at: Generated<Date>;
}

/** Append-only (a trigger refuses update and delete). */
export interface ApplicationEventsTable {
  id: Generated<string>;
  application_id: string;
  actor_id: string | null;
  action: string;
  from_status: ApplicationStatusValue | null;
  to_status: ApplicationStatusValue | null;
  note: string | null;
  created_at: Generated<Date>;
}

// supabase/migrations/20261127000100_admin_audit_log.sql (app/audit, ADR 0078). Append-only.
export interface AdminAuditLogTable {
  id: Generated<string>;
  actor_id: string;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: Generated<string>;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  created_at: Generated<Date>;
}

// supabase/migrations/20261127000300_account_suspensions.sql (app/admin/users.server.ts, ADR 0080).
export interface AccountSuspensionsTable {
  user_id: string;
  reason: string;
  ends_at: NullableTimestamp;
  suspended_by: string | null;
  created_at: Generated<Date>;
}

// supabase/migrations/20261127000200_song_plays.sql (app/admin/plays.server.ts, ADR 0079).
export interface SongPlaysTable {
  id: Generated<string>;
  song_id: string;
  listener_id: string | null;
  /** "user:<id>" or "addr:<hmac>" (never an address in clear): the repeat window only. */
  listener_key: string;
  played_at: Timestamp;
  /** Generated: the UTC day of played_at. */
  day: ColumnType<string, never, never>;
}

/** Weekly counts kept by triggers (same migration): metric per Monday-starting UTC week. */
export interface AdminWeeklyCountsTable {
  metric: "applications" | "members" | "plays" | "catalogue";
  week: ColumnType<string, string, string>;
  count: number;
}

// supabase/migrations/20261126000500_shortlists.sql (app/shortlists, ADR 0074).
export interface ShortlistsTable {
  id: Generated<string>;
  owner_id: string;
  title: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShortlistItemsTable {
  id: Generated<string>;
  shortlist_id: string;
  song_id: string;
  note: Generated<string>;
  rating: "keeper" | "maybe" | "needs_work" | "pass" | null;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShortlistSharesTable {
  id: Generated<string>;
  shortlist_id: string;
  /** SHA-256 hex of the link's token; the token is never stored. */
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ShortlistPlaysTable {
  id: Generated<string>;
  share_id: string;
  song_id: string;
  /** SHA-256 hex of the listener cookie. */
  listener_key: string;
  /** UTC day, "YYYY-MM-DD" (date). */
  day: ColumnType<string, string, string>;
  fetched_at: Timestamp;
  counted_at: NullableTimestamp;
  /** HMAC (hex) of the address that reported the counted play, for the per-address cap (20261126000510). */
  address_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Holds on songs requested by approved A&R, answered by admins (supabase/migrations/20261126000400_song_holds.sql). */
export interface SongHoldsTable {
  id: Generated<string>;
  song_id: string;
  ar_id: string;
  status: ColumnType<"requested" | "granted" | "declined" | "released" | "expired", "requested" | "granted" | "declined" | "released" | "expired" | undefined, "requested" | "granted" | "declined" | "released" | "expired">;
  note: Generated<string>;
  response_note: string | null;
  requested_at: Timestamp;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  released_at: NullableTimestamp;
}

// ---------------------------------------------------------------------------
// Songwriting camps: supabase/migrations/20261128000100_camps.sql (app/camps, ADR 0086).

export type CampRole = "producer" | "writer" | "topliner";
export type CampInvitationStatus = "invited" | "accepted" | "declined";

export interface CampsTable {
  id: Generated<string>;
  name: string;
  venue: string;
  /** IANA zone of the venue: slot times are wall-clock times there. */
  time_zone: string;
  /** 'YYYY-MM-DD' (date columns are read as strings, app/platform/db/connect.server.ts). */
  starts_on: ColumnType<string, string, string>;
  ends_on: ColumnType<string, string, string>;
  description: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampRoomsTable {
  id: Generated<string>;
  camp_id: string;
  name: string;
  capacity: number;
  position: Generated<number>;
  created_at: Timestamp;
}

export interface CampSlotsTable {
  id: Generated<string>;
  camp_id: string;
  /** 'HH:MM:SS' wall-clock in the camp's zone. */
  starts_at: string;
  ends_at: string;
  position: Generated<number>;
  created_at: Timestamp;
}

export interface CampInvitationsTable {
  camp_id: string;
  member_id: string;
  camp_role: CampRole;
  status: Generated<CampInvitationStatus>;
  /** 'YYYY-MM-DD' strings. */
  available_days: ColumnType<string[], string[] | undefined, string[]>;
  invited_by: string | null;
  invited_at: Timestamp;
  responded_at: NullableTimestamp;
}

export interface CampSessionsTable {
  id: Generated<string>;
  camp_id: string;
  room_id: string;
  slot_id: string;
  day: ColumnType<string, string, string>;
  revision: Generated<number>;
  updated_at: Timestamp;
}

export interface CampSessionMembersTable {
  session_id: string;
  camp_id: string;
  day: ColumnType<string, string, string>;
  slot_id: string;
  member_id: string;
  added_by: string | null;
  added_at: Timestamp;
}

export interface CampSongsTable {
  id: Generated<string>;
  camp_id: string;
  session_id: string;
  working_title: string;
  notes: string | null;
  audio_bucket: string | null;
  audio_path: string | null;
  audio_content_type: string | null;
  audio_size_bytes: ColumnType<number | null, number | null | undefined, number | null>;
  /** numeric(10,3): read as a string by the drivers. */
  audio_duration_seconds: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Bumped by every save of the split sheet (20261128000400, ADR 0090). */
  split_version: Generated<number>;
}

export interface CampSplitSharesTable {
  id: Generated<string>;
  camp_song_id: string;
  position: number;
  member_id: string | null;
  name: string;
  role: "writer" | "producer" | "topliner" | "artist" | "composer" | "lyricist";
  /** numeric(5,2): read as a string by the drivers. */
  share: ColumnType<string, number | string, number | string>;
  confirmed_at: NullableTimestamp;
  confirmed_by: string | null;
  confirmed_as: "self" | "admin" | null;
}

// supabase/migrations/20261128000300_calendar_feeds.sql (app/camps/calendar-feeds.server.ts, ADR 0088).
export interface CalendarFeedsTable {
  member_id: string;
  /** base64url of 32 random bytes: the token is an HMAC of it (never stored). */
  seed: string;
  /** SHA-256 (hex) of the token. */
  token_hash: string;
  created_at: Timestamp;
  last_fetched_at: NullableTimestamp;
}

// ---------------------------------------------------------------------------
// The listening party: supabase/migrations/20261128000500_listening_parties.sql (app/party, ADR 0092).

export type PartyStatus = "scheduled" | "live" | "ended";
export type PartyVisibility = "members" | "invite";
export type PartyItemKind = "song" | "showcase" | "submission";
export type PartyRating = "keeper" | "maybe" | "pass";

export interface PartiesTable {
  id: Generated<string>;
  title: string;
  host_id: string | null;
  co_host_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string | null;
  brief_id: ColumnType<string | null, string | null | undefined, string | null>;
  camp_id: ColumnType<string | null, string | null | undefined, string | null>;
  visibility: PartyVisibility;
  status: PartyStatus;
  scheduled_for: NullableTimestamp;
  started_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  created_at: Timestamp;
  current_item_id: ColumnType<string | null, string | null | undefined, string | null>;
  playing: Generated<boolean>;
  position_ms: Generated<number>;
  anchor_at: Timestamp;
  host_away_since: NullableTimestamp;
  /** bigint, read as a number (the drivers' parser for int8). */
  event_seq: Generated<number>;
}

export interface PartyInvitationsTable {
  party_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface PartyQueueTable {
  id: Generated<string>;
  party_id: string;
  kind: PartyItemKind;
  song_id: string | null;
  showcase_track_id: string | null;
  submission_id: string | null;
  title: string;
  artist: Generated<string>;
  duration_ms: number;
  added_by: string | null;
  added_by_name: Generated<string>;
  round: number;
  position: number;
  added_at: Timestamp;
  started_at: NullableTimestamp;
  removed_at: NullableTimestamp;
}

export interface PartyListenersTable {
  party_id: string;
  user_id: string;
  display_name: Generated<string>;
  joined_at: Timestamp;
  last_seen_at: Timestamp;
  left_at: NullableTimestamp;
  playback: Generated<"ready" | "buffering">;
  removed_at: NullableTimestamp;
}

export interface PartyMessagesTable {
  id: Generated<string>;
  party_id: string;
  user_id: string;
  display_name: Generated<string>;
  kind: "chat" | "reaction";
  body: string;
  created_at: Timestamp;
  removed_at: NullableTimestamp;
}

export interface PartyRatingsTable {
  item_id: string;
  user_id: string;
  party_id: string;
  rating: PartyRating;
  rated_at: Timestamp;
}

export interface PartyResultsTable {
  party_id: string;
  item_id: string;
  rank: number;
  keepers: Generated<number>;
  maybes: Generated<number>;
  passes: Generated<number>;
  score: Generated<number>;
  shortlisted: Generated<boolean>;
}

export interface PartyEventsTable {
  party_id: string;
  /** bigint, read as a number. */
  seq: number;
  type: string;
  /** jsonb; insert as JSON text. */
  data: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
}

// supabase/migrations/20261128000600_web_vitals.sql (app/enhance/vitals/vitals.server.ts, ADR 0096):
// a route's id and a time (and a metric's value); no user, no address.
export interface WebPageViewsTable {
  /** bigint identity, read as a string. */
  id: Generated<string>;
  route_id: string;
  viewed_at: Timestamp;
}

export interface WebVitalsTable {
  id: Generated<string>;
  route_id: string;
  metric: "LCP" | "INP" | "CLS" | "TTFB";
  value: number;
  rating: "good" | "needs-improvement" | "poor";
  recorded_at: Timestamp;
}

export interface DB {
  "auth.sessions": AuthSessionsTable;
  "auth.mfa_factors": AuthMfaFactorsTable;
  "auth.mfa_challenges": AuthMfaChallengesTable;
  "auth.refresh_tokens": AuthRefreshTokensTable;
  "auth.one_time_codes": AuthOneTimeCodesTable;
  rate_limits: RateLimitsTable;
  session_activity: SessionActivityTable;
  "auth.users": AuthUsersTable;
  profiles: ProfilesTable;
  contact_changes: ContactChangesTable;
  ar_registrations: ArRegistrationsTable;
  songs: SongsTable;
  song_credits: SongCreditsTable;
  song_versions: SongVersionsTable;
  song_drafts: SongDraftsTable;
  storage_objects: StorageObjectsTable;
  showcase_tracks: ShowcaseTracksTable;
  catalog_facet_counts: CatalogFacetCountsTable;
  catalog_revision: CatalogRevisionTable;
  catalog_facet_pairs: CatalogFacetPairsTable;
  catalog_words: CatalogWordsTable;
  song_search: SongSearchTable;
  catalog_combos: CatalogCombosTable;
  song_postings: SongPostingsTable;
  notices: NoticesTable;
  song_holds: SongHoldsTable;
  submissions: SubmissionsTable;
  shortlists: ShortlistsTable;
  shortlist_items: ShortlistItemsTable;
  shortlist_shares: ShortlistSharesTable;
  shortlist_plays: ShortlistPlaysTable;
  application_questions: ApplicationQuestionsTable;
  applications: ApplicationsTable;
  application_tracks: ApplicationTracksTable;
  application_events: ApplicationEventsTable;
  admin_audit_log: AdminAuditLogTable;
  account_suspensions: AccountSuspensionsTable;
  song_plays: SongPlaysTable;
  admin_weekly_counts: AdminWeeklyCountsTable;
  application_reviews: ApplicationReviewsTable;
  application_offers: ApplicationOffersTable;
  briefs: BriefsTable;
  brief_answers: BriefAnswersTable;
  camps: CampsTable;
  camp_rooms: CampRoomsTable;
  camp_slots: CampSlotsTable;
  camp_invitations: CampInvitationsTable;
  camp_sessions: CampSessionsTable;
  camp_session_members: CampSessionMembersTable;
  camp_songs: CampSongsTable;
  camp_split_shares: CampSplitSharesTable;
  calendar_feeds: CalendarFeedsTable;
  parties: PartiesTable;
  party_invitations: PartyInvitationsTable;
  party_queue: PartyQueueTable;
  party_listeners: PartyListenersTable;
  party_messages: PartyMessagesTable;
  party_ratings: PartyRatingsTable;
  party_results: PartyResultsTable;
  party_events: PartyEventsTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  mfa_used_codes: MfaUsedCodesTable;
  web_page_views: WebPageViewsTable;
  web_vitals: WebVitalsTable;
}
