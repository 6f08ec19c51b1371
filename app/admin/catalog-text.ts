/**
 * /admin/catalog and /admin/catalog/{songId}: limits, choices and every string
 * the pages show, in one place (issue 12 §4, docs/decisions/0082-admin-catalogue.md).
 * Limits mirror the CHECKs of supabase/migrations/20261121001000_songs.sql and
 * 20261127000500_song_versions.sql. Plain values: safe in the browser bundle.
 */
import { AUDIO_MAX_BYTES, BPM_MAX, BPM_MIN, FACET_VALUE_MAX } from "~/catalog/constants";
import { CREDIT_ROLES, type CreditRole } from "~/catalog/types";

export const ADMIN_CATALOG_PATH = "/admin/catalog";
export const adminSongPath = (songId: string) => `${ADMIN_CATALOG_PATH}/${encodeURIComponent(songId)}`;

/** Every status a song can have (H7 adds drafts, ADR 0085); the listing filters on them. */
export const ADMIN_SONG_STATUSES = ["catalogue", "draft", "archived"] as const;
export type AdminSongStatus = (typeof ADMIN_SONG_STATUSES)[number];
export const STATUS_FILTERS = ["all", ...ADMIN_SONG_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const VERSION_KINDS = ["instrumental", "acappella", "clean", "stems"] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];
export const VERSION_LABELS: Record<VersionKind, string> = {
  instrumental: "Instrumental",
  acappella: "A cappella",
  clean: "Clean",
  stems: "Stems",
};

export const CATALOG_LIMITS = {
  title: 200,
  genre: FACET_VALUE_MAX,
  mood: FACET_VALUE_MAX,
  /** songs.moods: cardinality <= 12. */
  moods: 12,
  key: 20,
  lyrics: 20_000,
  creditName: 100,
  /** Credit rows a song may have (the form's most). */
  credits: 20,
  /** Empty rows the form adds below the filled ones (and per "Add a row"). */
  spareRows: 3,
  bpmMin: BPM_MIN,
  bpmMax: BPM_MAX,
  audioBytes: AUDIO_MAX_BYTES,
  search: 100,
  pageSize: 25,
} as const;

export const CREDIT_ROLE_LABELS: Record<CreditRole, string> = {
  writer: "Writer",
  producer: "Producer",
  topliner: "Topliner",
  artist: "Artist",
  composer: "Composer",
  lyricist: "Lyricist",
};
export { CREDIT_ROLES };

const megabytes = Math.round(AUDIO_MAX_BYTES / 1024 / 1024);

export const CATALOG_TEXT = {
  listTitle: "Catalogue",
  listLead: "Every song: in the catalogue, drafts and archived. Edit a song's details, credits and versions, and choose the featured songs.",
  statusLabels: { all: "All", catalogue: "In the catalogue", draft: "Draft", archived: "Archived" } satisfies Record<StatusFilter, string>,
  statusBadge: { catalogue: "Catalogue", draft: "Draft", archived: "Archived" } satisfies Record<AdminSongStatus, string>,
  counts: { catalogue: "Songs in the catalogue", featured: "Featured", draft: "Drafts", archived: "Archived" },
  filterLegend: "Status",
  searchLabel: "Title or credited name",
  search: "Search",
  clear: "Clear",
  columns: { title: "Title", credits: "Credits", status: "Status", updated: "Last changed", featured: "Featured", actions: "Actions" },
  caption: (status: StatusFilter, search: string) =>
    `${status === "all" ? "All songs" : CATALOG_TEXT.statusLabels[status]}${search ? ` matching "${search}"` : ""}`,
  noCredits: "No credits",
  emptyTitle: "No songs here",
  empty: (search: string) => (search ? `No song has "${search}" in its title or credits.` : "No songs with this status yet."),
  edit: "Edit",
  editLabel: (title: string) => `Edit ${title}`,
  feature: "Feature",
  unfeature: "Unfeature",
  featureLabel: (title: string) => `Feature ${title}`,
  unfeatureLabel: (title: string) => `Unfeature ${title}`,
  featuredYes: "Featured",
  featuredNo: "Not featured",
  featured: (title: string) => `"${title}" is featured.`,
  unfeatured: (title: string) => `"${title}" is no longer featured.`,
  alreadyFeatured: "This song is already featured.",
  alreadyUnfeatured: "This song is not featured.",
  featureOnlyCatalogue: "Only songs in the catalogue can be featured.",
  pages: "Catalogue pages",
  previous: "Previous page",
  next: "Next page",
  pageOf: (page: number) => `Page ${page}`,
  openCatalogue: "Open the catalogue",

  // One song
  back: "All songs",
  notFoundTitle: "Song not found",
  notFound: "This song does not exist (or no longer does).",
  viewPublic: "View the song page",
  viewArchived: "View in the archive",
  detailsTitle: "Details",
  creditsTitle: "Credits and splits",
  versionsTitle: "Alternate versions",
  featureTitle: "Featuring and archive",
  labels: {
    title: "Title",
    genre: "Genre",
    moods: "Moods",
    bpm: "BPM",
    key: "Key",
    vocalType: "Vocal type",
    explicit: "Explicit lyrics",
    lyrics: "Lyrics",
    creditName: "Name",
    creditMember: "Member of the collective",
    creditRole: "Role",
    creditSplit: "Split (%)",
    versionKind: "Kind of version",
    versionAudio: "Audio file",
  },
  hints: {
    moods: `Up to ${CATALOG_LIMITS.moods}, separated by commas (for example: uplifting, summer).`,
    bpm: `A whole number from ${BPM_MIN} to ${BPM_MAX}.`,
    lyrics: "Leave empty for an instrumental.",
    credits: `Everyone credited on the song, with their share. The splits must add up to exactly 100%. Up to ${CATALOG_LIMITS.credits} rows; leave unused rows empty.`,
    explicit: "The lyrics contain explicit language.",
    versionAudio: `WAV, MP3, FLAC, OGG or M4A, up to ${megabytes} MB. One version of each kind per song.`,
  },
  notMember: "Not a member",
  noVocalType: "Not specified",
  chooseRole: "Choose a role",
  creditRow: (n: number) => `Credit ${n}`,
  addRow: "Add a row",
  saveDetails: "Save details",
  saveCredits: "Save credits",
  saving: "Saving…",
  detailsSaved: (title: string) => `The details of "${title}" were saved.`,
  creditsSaved: (title: string) => `The credits of "${title}" were saved.`,
  noChanges: "Nothing changed: there was nothing to save.",
  stale: "Someone else changed this song while you were editing. Reload the page to see their changes, then make yours again.",
  reload: "Reload the song",
  uploadVersion: "Upload version",
  uploading: "Uploading…",
  cancelUpload: "Cancel upload",
  uploadCancelled: "Upload cancelled. Nothing was saved.",
  uploadProgress: (percent: number) => `Uploaded ${percent}%`,
  processing: "Processing the audio…",
  uploadFailed: "The upload failed. Please try again.",
  versionAdded: (kind: string, title: string) => `The ${kind.toLowerCase()} version of "${title}" was added.`,
  versionAddedAny: "The version was added.",
  versionRemoved: (kind: string, title: string) => `The ${kind.toLowerCase()} version of "${title}" was removed.`,
  versionExists: (kind: string) => `This song already has a ${kind.toLowerCase()} version. Remove it first to upload another.`,
  versionMissing: "This version no longer exists.",
  noVersions: "No alternate versions yet.",
  removeVersion: "Remove",
  removeVersionLabel: (kind: string) => `Remove the ${kind.toLowerCase()} version`,
  allKindsTaken: "This song has every kind of version. Remove one to upload another.",
  archive: "Archive this song",
  archiveHint: "An archived song leaves the catalogue and the search at once; it can be restored from the archive.",
  archived: (title: string) => `"${title}" was archived.`,
  isArchived: "This song is archived: it is not in the catalogue or the search.",
  isDraft: "This song is a draft: it is not in the catalogue or the search until it is published.",
  versionsPublic: "Versions of a song in the catalogue are listed on its public page.",
  featureHint: "Featured songs are marked in the catalogue and come first where the site shows featured songs.",
  listen: (kind: string) => `Play the ${kind.toLowerCase()} version`,
  errors: {
    titleRequired: "Enter the song's title",
    genreRequired: "Enter the song's genre",
    bpm: `The BPM must be a whole number from ${BPM_MIN} to ${BPM_MAX}.`,
    keyRequired: "Enter the song's key",
    vocalType: "Choose one of the listed vocal types",
    tooManyMoods: `List at most ${CATALOG_LIMITS.moods} moods`,
    stamp: "Reload the page and save again.",
    creditsRequired: "Add at least one credit",
    tooManyCredits: `A song can have at most ${CATALOG_LIMITS.credits} credits`,
    creditNameRequired: "Enter a name for this credit",
    creditRoleRequired: "Choose a role for this credit",
    creditSplitRequired: "Enter this credit's split",
    creditSplit: "The split must be a number from 0 to 100 with at most two decimals",
    creditMember: "Choose a member of the collective from the list",
    duplicate: "This credit is listed twice: the same name (or member) with the same role",
    splitsSum: (total: string) => `The splits add up to ${total}%, not 100%.`,
    versionKind: "Choose the kind of version",
    audioRequired: "Choose an audio file to upload",
    audioTooLarge: `This audio file is too large: the limit is ${megabytes} MB.`,
    songId: "Choose a song from the list",
  },
} as const;
