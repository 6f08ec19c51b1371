/**
 * The showcase's limits and every string it shows (SPEC section 3: "members
 * can upload up to 5 tracks"). Plain values: safe in the browser bundle.
 */
import { AUDIO_MAX_BYTES } from "~/catalog/constants";

export const SHOWCASE_LIMIT = 5;
export const SHOWCASE_TITLE_MAX = 100;
export const SHOWCASE_AUDIO_MAX_BYTES = AUDIO_MAX_BYTES;
export const SHOWCASE_PATH = "/showcase";

/** The JSON endpoint that answers a fresh signed URL for a track (the player's one retry, SPEC section 4). */
export const showcaseAudioUrlPath = (trackId: string) => `/api/showcase/${encodeURIComponent(trackId)}/audio-url`;

const megabytes = Math.round(SHOWCASE_AUDIO_MAX_BYTES / 1024 / 1024);

export const SHOWCASE_TEXT = {
  pageTitle: "Your showcase",
  lead: `Up to ${SHOWCASE_LIMIT} tracks on your profile, playable by everyone who can see it.`,
  count: (n: number) => `${n} of ${SHOWCASE_LIMIT} tracks`,
  listTitle: "Your tracks",
  empty: "No tracks yet. Upload your first one below.",
  emptyPublic: "No showcase tracks yet.",
  uploadTitle: "Upload a track",
  uploadHint: `WAV, MP3, FLAC, OGG, M4A or AAC, up to ${megabytes} MB.`,
  titleLabel: "Title",
  titleHint: "Optional: left empty, the title comes from the file's tags, else its name.",
  audioLabel: "Audio file",
  uploadButton: "Upload track",
  uploading: "Uploading…",
  cancelUpload: "Cancel upload",
  uploadCancelled: "Upload cancelled. Nothing was saved.",
  uploadProgress: (percent: number) => `Uploaded ${percent}%`,
  processing: "Processing the audio…",
  uploadFailed: "The upload failed. Please try again.",
  full: `You can upload up to ${SHOWCASE_LIMIT} tracks to your showcase. Delete one to upload another.`,
  fullHint: `Your showcase is full (${SHOWCASE_LIMIT} of ${SHOWCASE_LIMIT}). Delete a track to upload another.`,
  audioRequired: "Choose an audio file to upload",
  audioTooLarge: `This audio file is too large: the limit is ${megabytes} MB.`,
  uploaded: (title: string) => `"${title}" was added to your showcase.`,
  uploadedAny: "Your track was added to your showcase.",
  moved: (title: string) => `"${title}" was moved.`,
  moveUp: "Move up",
  moveDown: "Move down",
  delete: "Delete",
  deleteConfirmTitle: "Delete this track?",
  deleteConfirmText: (title: string) => `"${title}" will be removed from your showcase and its audio file deleted. This cannot be undone.`,
  deleteConfirmButton: "Delete track",
  keep: "Keep it",
  deleted: (title: string) => `"${title}" was deleted from your showcase.`,
  confirmRequired: "Confirm that you want to delete this track",
  notFound: "That track is not in your showcase.",
  untitled: "Untitled track",
  noWaveform: "No waveform for this format",
  play: "Play",
  hiddenBadge: "Hidden by an admin",
  hiddenNote: "Not on your public profile or anywhere else: an admin hid it. You can still delete it.",
  hiddenNoteAdmin: "Hidden: only the member and admins see it.",
} as const;
