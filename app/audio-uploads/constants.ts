/**
 * /admin/audio (issue 12 §7, docs/decisions/0085-audio-uploads-tus-drafts.md):
 * limits and every user-visible string of the bulk audio upload and the
 * drafts. Plain values: safe on the client.
 */
import { AUDIO_MAX_BYTES, BPM_MAX, BPM_MIN, FACET_VALUE_MAX } from "~/catalog/constants";

const MiB = 1024 * 1024;

export const AUDIO_PAGE_PATH = "/admin/audio";
/** The tus endpoint (a splat route: the creation URL, and <id> under it for each upload). */
export const TUS_ENDPOINT = "/api/admin/audio/uploads";
/**
 * The largest file a resumable upload takes: a 30-minute (AUDIO_MAX_SECONDS) stereo WAV at 24 bit
 * and 48 kHz is about 520 MB, 16 bit / 44.1 kHz about 320 MB.
 */
export const TUS_MAX_BYTES = 500 * MiB;
/**
 * One PATCH carries at most this much (tus-js-client's chunkSize): a dropped connection loses at
 * most one chunk, and the body cap of the tus path (body-limit.server.ts) is this plus room.
 */
export const TUS_CHUNK_BYTES = 5 * MiB;
/** An unfinished upload left this long is removed (its staged bytes with it). */
export const TUS_STALE_AFTER_MS = 24 * 60 * 60 * 1000;
/** Retry waits of the browser's client after a dropped request (then it gives up and says so). */
export const TUS_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 20000] as const;
/** The form without JavaScript posts one file whole (read in memory under the path's body cap). */
export const PLAIN_UPLOAD_MAX_BYTES = AUDIO_MAX_BYTES;
/** Files picked at once on the JavaScript uploader. */
export const MAX_FILES_AT_ONCE = 50;
export const SOURCE_FILE_NAME_MAX = 255;
export const TITLE_MAX = 200;
export const GENRE_MAX = FACET_VALUE_MAX;
export const KEY_MAX = 20;
export { BPM_MAX, BPM_MIN };

/** Stored while the tags do not say (the song's columns are NOT NULL); asked for again before publishing. */
export const DRAFT_PLACEHOLDERS = { genre: "Unsorted", bpm: 120, musicalKey: "Unknown" } as const;

const mb = (bytes: number) => `${Math.round(bytes / MiB)} MB`;

export const AUDIO_TEXT = {
  pageTitle: "Audio uploads",
  eyebrow: "Admin",
  lead: "Upload audio files as draft songs. Drafts stay out of the catalogue and the search until you publish them.",
  section: { label: "Audio", summary: "Bulk audio uploads into draft songs, and publishing them." },
  uploadTitle: "Upload audio",
  uploadHint: `MP3, WAV, OGG, FLAC or M4A. Titles, artist, genre, tempo and key are read from the files' tags. Large WAV files resume after a dropped connection; files up to ${mb(TUS_MAX_BYTES)}.`,
  pickLabel: "Audio files",
  dropZone: "Drop audio files here, or choose them",
  chooseFiles: "Choose files",
  plainTitle: "Upload one file",
  plainHint: `Without JavaScript, one file at a time, up to ${mb(PLAIN_UPLOAD_MAX_BYTES)}.`,
  plainLabel: "Audio file",
  plainSubmit: "Upload as draft",
  fileRequired: "Choose an audio file",
  plainTooLarge: `This audio file is too large for the form: the limit is ${mb(PLAIN_UPLOAD_MAX_BYTES)} (with JavaScript, ${mb(TUS_MAX_BYTES)}).`,
  tooLarge: `This file is too large: the limit is ${mb(TUS_MAX_BYTES)}.`,
  tooMany: `Choose at most ${MAX_FILES_AT_ONCE} files at once.`,
  uploaded: (title: string) => `"${title}" was uploaded as a draft.`,
  status: {
    queued: "Queued",
    uploading: "Uploading",
    paused: "Paused",
    retrying: "Connection lost, retrying",
    processing: "Processing",
    done: "Draft created",
    failed: "Failed",
    cancelled: "Cancelled",
  },
  pause: "Pause",
  resume: "Resume",
  cancel: "Cancel",
  retry: "Try again",
  remove: "Remove from list",
  progressLabel: (name: string) => `Upload of ${name}`,
  uploadsListLabel: "Uploads",
  draftsTitle: "Drafts",
  draftsTableLabel: "Draft songs, newest first",
  draftsEmpty: "No drafts. Audio you upload here waits as a draft until you publish it.",
  draftsCount: (count: number) => (count === 1 ? "1 draft" : `${count} drafts`),
  columns: { title: "Title", duration: "Duration", format: "Format", uploaded: "Uploaded", actions: "Actions" },
  uploadedBy: (name: string, when: string) => `${name || "An admin"}, ${when}`,
  fromFile: (name: string) => `From ${name}`,
  artistHint: (artist: string) => `Artist in the tags: ${artist}`,
  missingHint: "Genre, BPM or key not in the tags: set them before publishing.",
  edit: "Edit",
  editLabel: (title: string) => `Edit ${title}`,
  publish: "Publish",
  publishLabel: (title: string) => `Publish ${title}`,
  publishTitle: (title: string) => `Publish "${title}"`,
  publishLead: "The song goes into the catalogue and the search at once. Check what the tags gave:",
  publishSubmit: "Publish to the catalogue",
  published: (title: string) => `"${title}" is now in the catalogue.`,
  deleteDraft: "Delete draft",
  deleteLabel: (title: string) => `Delete draft ${title}`,
  deleteTitle: (title: string) => `Delete the draft "${title}"?`,
  deleteText: "The draft and its audio file are removed for good.",
  deleteConfirm: "Delete the draft",
  keep: "Keep it",
  deleted: (title: string) => `The draft "${title}" was deleted.`,
  confirmRequired: "Confirm that the draft should be deleted",
  notFound: "This draft no longer exists.",
  notDraft: "This song is not a draft any more.",
  creditsProblem: (problem: string) => `Fix the credits in the editor first: ${problem}`,
  labels: { title: "Title", genre: "Genre", bpm: "BPM", key: "Key" },
  errors: {
    title: "Enter a title",
    genre: "Enter a genre",
    bpm: `BPM must be a whole number from ${BPM_MIN} to ${BPM_MAX}`,
    key: "Enter a key",
  },
  networkFailed: "The upload stopped: the server could not be reached.",
  failedGeneric: "The upload failed.",
} as const;
