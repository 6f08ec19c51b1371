/**
 * Song submissions: limits, choices and every string the area shows, in one
 * place (issue 11 item 6; docs/decisions/0075-song-submissions.md). Plain
 * values: safe in the browser bundle. The limits are mirrored by the CHECKs of
 * supabase/migrations/20261126000600_submissions.sql.
 */
import { AUDIO_MAX_BYTES, BPM_MAX, BPM_MIN, FACET_VALUE_MAX } from "~/catalog/constants";
import { CREDIT_ROLES, type CreditRole } from "~/catalog/types";
import { DASHBOARD_SUBMISSIONS_TEXT, SUBMISSIONS_PATH } from "./status";

export { STATUS_LABELS, SUBMISSION_STATUSES, SUBMISSIONS_PATH, submissionPath, type SubmissionStatus } from "./status";

export const ADMIN_SUBMISSIONS_PATH = "/admin/submissions";
export const adminSubmissionPath = (id: string) => `${ADMIN_SUBMISSIONS_PATH}/${encodeURIComponent(id)}`;
/** The JSON endpoint answering a fresh signed URL (the player's one retry): the submitter and admins only. */
export const submissionAudioUrlPath = (id: string) => `/api/submissions/${encodeURIComponent(id)}/audio-url`;

export const SUBMISSION_LIMITS = {
  title: 200,
  genre: FACET_VALUE_MAX,
  mood: FACET_VALUE_MAX,
  moods: 8,
  key: 20,
  lyrics: 20_000,
  creditName: 100,
  /** Credit rows: the form always shows this many (blank rows are ignored); the database allows as many. */
  credits: 12,
  creditRows: 6,
  note: 2000,
  bpmMin: BPM_MIN,
  bpmMax: BPM_MAX,
  audioBytes: AUDIO_MAX_BYTES,
} as const;


export const VOCAL_TYPES = ["female", "male", "duet", "group", "instrumental"] as const;
export type VocalType = (typeof VOCAL_TYPES)[number];
export const VOCAL_TYPE_LABELS: Record<VocalType, string> = {
  female: "Female vocal",
  male: "Male vocal",
  duet: "Duet",
  group: "Group vocal",
  instrumental: "Instrumental",
};

const MAJOR = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"];
const MINOR = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"];
/** The keys offered, as the catalogue writes them ("A minor", "F# major"). */
export const MUSICAL_KEYS: readonly string[] = [...MAJOR.map((note) => `${note} major`), ...MINOR.map((note) => `${note} minor`)];

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

export const SUBMISSION_TEXT = {
  pageTitle: "Your submissions",
  eyebrow: "Submissions",
  lead: "Send a song for the catalogue. The admins listen to every submission and accept it into the catalogue or tell you why not.",
  listTitle: "Submitted songs",
  empty: "You have not submitted a song yet. Use the form below to send your first one.",
  emptyTitle: "No submissions yet",
  formTitle: "Submit a song",
  answering: (title: string) => `Answering: ${title}`,
  briefUnavailable: "That brief is no longer open to answers. You can still submit the song for the catalogue.",
  briefClosed: "This brief is no longer open to answers.",
  labels: {
    title: "Title",
    audio: "Audio file",
    genre: "Genre",
    moods: "Moods",
    bpm: "BPM",
    key: "Key",
    vocalType: "Vocal type",
    explicit: "Explicit lyrics",
    lyrics: "Lyrics",
    credits: "Credits and splits",
    creditName: "Name",
    creditMember: "Member of the collective",
    creditRole: "Role",
    creditSplit: "Split (%)",
    note: "Note",
  },
  hints: {
    audio: `WAV, MP3, FLAC, OGG, M4A or AAC, up to ${megabytes} MB.`,
    moods: `Up to ${SUBMISSION_LIMITS.moods}, separated by commas (for example: uplifting, summer).`,
    bpm: `A whole number from ${BPM_MIN} to ${BPM_MAX}.`,
    lyrics: "Optional. Leave empty for an instrumental.",
    credits: "Everyone who wrote or produced the song, with their share. The splits must add up to 100%. Leave unused rows empty.",
    creditMember: "Link the credit to a member's profile, if they are in the collective.",
    explicit: "The lyrics contain explicit language.",
  },
  notMember: "Not a member",
  noVocalType: "Not specified",
  chooseKey: "Choose a key",
  chooseRole: "Choose a role",
  creditRow: (n: number) => `Credit ${n}`,
  addCredit: "Add a credit",
  removeCredit: (n: number) => `Remove credit ${n}`,
  submit: "Submit song",
  submitting: "Submitting…",
  cancelUpload: "Cancel upload",
  uploadCancelled: "Upload cancelled. Nothing was saved.",
  uploadProgress: (percent: number) => `Uploaded ${percent}%`,
  processing: "Processing the audio…",
  uploadFailed: "The upload failed. Please try again.",
  submitted: (title: string) => `"${title}" was submitted for review.`,
  submittedAny: "Your song was submitted for review.",
  withdraw: "Withdraw submission",
  withdrawn: (title: string) => `"${title}" was withdrawn.`,
  notFound: "That submission is not yours or no longer pending.",
  view: "View",
  submittedOn: "Submitted",
  status: "Status",
  decisionNote: "Note from the admins",
  inCatalogue: "See it in the catalogue",
  back: "All your submissions",
  listen: "Listen",
  details: "Details",
  lyricsNone: "No lyrics were submitted (it may be an instrumental).",
  explicitYes: "Explicit",
  explicitNo: "Clean",
  errors: {
    titleRequired: "Enter the song's title",
    audioRequired: "Choose an audio file to upload",
    audioTooLarge: `This audio file is too large: the limit is ${megabytes} MB.`,
    genreRequired: "Enter the song's genre",
    bpmRequired: "Enter the song's BPM",
    bpm: `The BPM must be a whole number from ${BPM_MIN} to ${BPM_MAX}.`,
    keyRequired: "Choose the song's key",
    key: "Choose one of the listed keys",
    vocalType: "Choose one of the listed vocal types",
    tooManyMoods: `List at most ${SUBMISSION_LIMITS.moods} moods`,
    creditsRequired: "Add at least one credit",
    tooManyCredits: `At most ${SUBMISSION_LIMITS.credits} credits`,
    creditNameRequired: "Enter a name for this credit",
    creditRoleRequired: "Choose a role for this credit",
    creditSplitRequired: "Enter this credit's split",
    creditSplit: "The split must be a number from 0 to 100 with at most two decimals",
    creditMember: "Choose a member from the list",
    splitsSum: (total: string) => `The splits add up to ${total}%, not 100%.`,
    noteRequired: "Write a note saying why the song is declined",
  },
  admin: {
    pageTitle: "Submissions",
    lead: "Songs members send for the catalogue. Listen, check the credits and accept a song into the catalogue or decline it with a note.",
    filters: "Filter by status",
    all: "All",
    empty: (status: string) => `No submissions with the status "${status}".`,
    emptyAll: "No submissions yet. Songs members submit are listed here for review.",
    emptyTitle: "Nothing here",
    columns: { title: "Song", member: "Member", submitted: "Submitted", status: "Status", brief: "Brief" },
    answersBrief: "Answers a brief",
    briefLabel: "Brief",
    briefOpen: (title: string) => `Answers the brief "${title}"`,
    briefOther: "Answers a brief that is no longer open",
    member: "Submitted by",
    decide: "Decision",
    accept: "Accept into the catalogue",
    acceptNoteHint: "Optional: a note for the member.",
    decline: "Decline",
    declineNoteHint: "Required: the member reads this note.",
    accepted: (title: string) => `"${title}" was accepted and is now in the catalogue.`,
    declined: (title: string) => `"${title}" was declined.`,
    alreadyDecided: "This submission has already been decided or withdrawn.",
    decidedBy: "Decided by",
    back: "All submissions",
    count: (n: number) => `${n} ${n === 1 ? "submission" : "submissions"}`,
  },
  dashboard: DASHBOARD_SUBMISSIONS_TEXT,
  notice: {
    acceptedSubject: (title: string) => `"${title}" is in the catalogue`,
    acceptedBody: (title: string, note: string | null) =>
      `Your submission "${title}" was accepted into the catalogue.${note ? ` Note from the admins: ${note}` : ""}`,
    declinedSubject: (title: string) => `"${title}" was not accepted`,
    declinedBody: (title: string, note: string) => `Your submission "${title}" was declined. Note from the admins: ${note}`,
  },
} as const;
