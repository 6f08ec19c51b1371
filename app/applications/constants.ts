/**
 * The application's limits and every string the applicant sees (SPEC leaves
 * applications "not shown": these are ours, docs/decisions/0070-applications.md).
 * Plain values: safe in the browser bundle.
 */
import { AUDIO_MAX_BYTES } from "~/catalog/constants";
import type { TrackMode } from "./track-ids";

export type ApplicationKind = "writer" | "producer" | "both";
export const APPLICATION_KINDS: readonly { value: ApplicationKind; label: string; hint: string }[] = [
  { value: "writer", label: "Writer", hint: "You write songs: lyrics, melodies, toplines." },
  { value: "producer", label: "Producer", hint: "You make the records: beats, arrangements, production." },
  { value: "both", label: "Both", hint: "You write and you produce." },
];
export const APPLICATION_KIND_VALUES = ["writer", "producer", "both"] as const;
export const isApplicationKind = (value: unknown): value is ApplicationKind =>
  typeof value === "string" && (APPLICATION_KIND_VALUES as readonly string[]).includes(value);

export const APPLICATION_STATUSES = ["draft", "pending", "shortlisted", "waitlisted", "declined", "accepted", "withdrawn"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** The statuses that keep an application open (one per person: the database's partial unique index). */
export const OPEN_STATUSES: readonly ApplicationStatus[] = ["draft", "pending", "shortlisted", "waitlisted"];

/** Match the CHECK constraints in supabase/migrations/20261126000100_applications.sql. */
export const APPLICATION_LIMITS = {
  name: 100,
  location: 100,
  bio: 2000,
  links: 5,
  linkLabel: 40,
  linkUrl: 300,
  /** Tracks per group (collab, solo). */
  tracksPerMode: 3,
  /**
   * Tracks one person may hold across all their applications (a discarded
   * draft's are deleted; a withdrawn or declined submitted one keeps its own):
   * 5 full applications, at most 30 x the audio limit of storage per account.
   */
  tracksPerUser: 30,
  trackTitle: 100,
  /** The longest answer any question allows (each question has its own max_length). */
  answerHardMax: 4000,
} as const;

export const APPLICATION_AUDIO_MAX_BYTES = AUDIO_MAX_BYTES;
const megabytes = Math.round(APPLICATION_AUDIO_MAX_BYTES / 1024 / 1024);

/** Where the applicant applies (every form of the application posts here). */
export const APPLICATION_PATH = "/dashboard";

/** The dashboard's form intents for the application. */
export const APPLICATION_INTENTS = {
  save: "save-application",
  submit: "submit-application",
  addTrack: "add-application-track",
  removeTrack: "remove-application-track",
  withdraw: "withdraw-application",
} as const;

export const MODE_TEXT: Record<TrackMode, { title: string; lead: string; empty: string }> = {
  collab: {
    title: "Collaborations",
    lead: "Songs you wrote or produced with others. Up to 3.",
    empty: "No collaborations yet.",
  },
  solo: {
    title: "Solo work",
    lead: "Songs that are yours alone. Up to 3.",
    empty: "No solo tracks yet.",
  },
};

export const APPLICATION_TEXT = {
  formTitle: "Apply to join",
  formLead:
    "Tell us who you are and let us hear what you do. Save a draft whenever you like; when everything is in, submit it and our team will listen.",
  draftSaved: "Your draft was saved.",
  draftSince: (date: string) => `Draft saved on ${date}.`,

  tracksTitle: "Your sample tracks",
  tracksLead: "Upload up to 3 collaborations and up to 3 solo tracks. You need at least one track to submit.",
  tracksNoJsHint: "Each upload reloads the page: upload your tracks before you fill in the rest, or save your draft first.",
  uploadHint: `WAV, MP3, FLAC, OGG, M4A or AAC, up to ${megabytes} MB.`,
  titleLabel: "Title",
  titleHint: "Optional: left empty, the title comes from the file's tags, else its name.",
  audioLabel: "Audio file",
  uploadButton: (mode: TrackMode) => (mode === "collab" ? "Upload collaboration" : "Upload solo track"),
  uploading: "Uploading…",
  cancelUpload: "Cancel upload",
  uploadCancelled: "Upload cancelled. Nothing was saved.",
  uploadProgress: (percent: number) => `Uploaded ${percent}%`,
  processing: "Processing the audio…",
  uploadFailed: "The upload failed. Please try again.",
  audioRequired: "Choose an audio file to upload",
  audioTooLarge: `This audio file is too large: the limit is ${megabytes} MB.`,
  uploaded: (title: string) => `"${title}" was added to your application.`,
  uploadedAny: "Your track was added to your application.",
  groupFull: (mode: TrackMode) =>
    `You can add up to ${APPLICATION_LIMITS.tracksPerMode} ${mode === "collab" ? "collaborations" : "solo tracks"}. Remove one to add another.`,
  remove: "Remove",
  removeLabel: (title: string) => `Remove: ${title}`,
  removed: (title: string) => `"${title}" was removed from your application.`,
  trackNotFound: "That track is not in your application.",
  untitled: "Untitled track",
  play: "Play",

  aboutTitle: "About you",
  kindLabel: "I am applying as",
  kindRequired: "Choose writer, producer or both",
  nameLabel: "Name",
  nameHint: "Your name or the name you write under.",
  nameRequired: "Name is required",
  locationLabel: "Location",
  locationHint: "City and country.",
  locationRequired: "Location is required",
  bioLabel: "About your music",
  bioHint: "Who you are, what you make, who you have worked with.",
  bioRequired: "About your music is required",
  linksTitle: "Links",
  linksHint: "Your website, streaming or social pages: up to 5, each starting with http:// or https://.",
  linkLabel: "Label",
  linkUrl: "Address",
  linkRow: (n: number) => `Link ${n}`,
  questionsTitle: "Questions",
  requiredMark: "(required)",
  answerRequired: "Answer this question to submit",
  saveDraft: "Save draft",
  submit: "Submit application",
  submitting: "Submitting…",
  submitHint: "Required fields and answers are checked when you submit; a draft can be incomplete.",
  submitted: "Your application was submitted. We'll be in touch.",
  needsTrack: "Add at least one sample track before you submit",
  fixErrors: "Some answers need your attention: see the messages below.",

  withdrawTitle: "Withdraw your application",
  withdrawDraftTitle: "Discard this draft",
  withdrawLead: "Withdrawing removes your application from review. You can start a new one afterwards.",
  withdrawDraftLead: "Discarding your draft keeps nothing for review. You can start a new one afterwards.",
  withdraw: "Withdraw application",
  withdrawDraft: "Discard draft",
  withdrawConfirmTitle: "Withdraw this application?",
  withdrawConfirmText: "The team will no longer review it. This cannot be undone, but you can apply again.",
  withdrawConfirmButton: "Yes, withdraw",
  withdrawConfirmRequired: "Confirm that you want to withdraw your application",
  keep: "Keep it",
  withdrawn: "Your application was withdrawn. You can start a new one at any time.",
  withdrawnBefore: (date: string) => `You withdrew an application on ${date}.`,
  declinedBefore: "You can apply again below.",

  noOpenApplication: "You have no open application.",
  notEditable: "Your application was submitted and can no longer be changed. Withdraw it to start again.",
  openExists: "You already have an open application. Reload the page to see it.",
  notForMembers: "Members, A&R and admins do not apply: you are already in.",
  notForPendingAr: "Your A&R request is being reviewed: you cannot also apply as a member.",
  hasOffer: "Your application was accepted: take your offer of membership from your dashboard instead of starting a new application.",
  trackQuota: "You have uploaded as many sample tracks as one account may keep. Please contact us if you need to apply again.",
} as const;
