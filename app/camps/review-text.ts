/**
 * The camp review and the split-sheet-to-credits path (issue 13 §4 second half
 * and §5, docs/decisions/0091-split-sheets-become-credits.md): every string
 * the area shows, in one place. Plain values: safe in the browser bundle.
 */

export const CAMP_SONG_STATUSES = ["demo", "submitted", "catalogue", "pitched"] as const;
export type CampSongStatus = (typeof CAMP_SONG_STATUSES)[number];

export const CAMP_SONG_STATUS_LABELS: Record<CampSongStatus, string> = {
  demo: "Demo",
  submitted: "Submitted",
  catalogue: "In the catalogue",
  pitched: "Pitched",
};

export const campReviewPath = (campId: string) => `/camps/${encodeURIComponent(campId)}/review`;
export const adminCampReviewPath = (campId: string) => `/admin/camps/${encodeURIComponent(campId)}/review`;
export const campSessionPath = (campId: string, sessionId: string) => `/camps/${encodeURIComponent(campId)}/sessions/${encodeURIComponent(sessionId)}`;
export const campSongSubmissionPath = (campSongId: string) => `/submissions?campSong=${encodeURIComponent(campSongId)}`;

export const REVIEW_TEXT = {
  eyebrow: "Camp review",
  adminEyebrow: "Admin · Camp review",
  title: (camp: string) => `${camp}: the review`,
  lead: "The songs each session wrote, where they are now, and the camp's totals.",
  notYetTitle: "Not available yet",
  notYet: (startsOn: string) => `The review opens when the camp starts on ${startsOn}. Come back then to see the songs each session wrote.`,
  running: "The camp is still running: the review grows as sessions add their songs.",
  totalsTitle: "The camp in numbers",
  totals: {
    sessions: "Sessions held",
    songs: "Songs written",
    perSession: "Songs per session",
    completeSheets: "Complete split sheets",
    submitted: "Submitted for the catalogue",
    catalogue: "In the catalogue",
    pitched: "Pitched",
    participants: "Participants",
  },
  totalsHint:
    "Sessions held are those with people in them. A song in the catalogue was submitted first, and a pitched song is in the catalogue, so each count includes the next.",
  dayTitle: (day: string) => day,
  session: (start: string, end: string, room: string) => `${start}–${end} · ${room}`,
  group: "Group",
  nobody: "Nobody was in this session.",
  noSongs: "No songs recorded in this session.",
  songsTitle: "Songs",
  columns: { title: "Working title", status: "Status", sheet: "Split sheet" },
  sheetComplete: "Complete",
  sheetIncomplete: "Not confirmed by everyone",
  sheetEmpty: "Not filled in",
  openSession: "Open the session",
  inCatalogue: (title: string) => `${title} in the catalogue`,
  editInCatalogue: "Edit in the catalogue",
  noSessions: "No sessions were held at this camp.",
  backToCamp: "Back to the camp",
  backToAdminCamp: "Back to the camp's planning",
  venueTime: (venue: string, zone: string) => `${venue} · times in ${zone}`,
} as const;

/** The camp song path of /submissions and what the catalogue editor says about a sheet's credits. */
export const CAMP_CREDITS_TEXT = {
  fromSheet: (camp: string, day: string, room: string) => `Credits from the split sheet of ${camp}, ${day}, ${room}`,
  fromSheetHint: "These credits are the session's confirmed split sheet. They become the song's credits as they are, so they cannot be changed here.",
  submittingCampSong: (title: string) => `Submitting the camp song "${title}"`,
  campSongHint:
    "Upload the finished recording of the song (the session's rough audio stays with the session). The credits come from the confirmed split sheet.",
  fromCampSong: (camp: string, title: string) => `This song comes from ${camp}: the camp song "${title}".`,
  adminFromSheet: "The credits come from the confirmed split sheet of the camp song: accepting writes them as they are.",
  campSongUnavailable: "That camp song cannot be submitted.",
  errors: {
    notComplete: "Everyone on the split sheet has to confirm their share first.",
    notInSession: "Only the people on the split sheet or in the session can submit this song.",
    alreadySubmitted: "This camp song has already been submitted.",
    unknown: "That camp song does not exist.",
    sheetChanged: "The split sheet of this camp song is no longer complete, so its credits cannot be written. Ask the group to confirm it again.",
  },
  editor: {
    title: "Credits from a confirmed split sheet",
    body: (camp: string) =>
      `These credits came from the split sheet confirmed at ${camp}. Saving credits that differ from the sheet is recorded in the audit log as an override of the split sheet.`,
    sheetLink: "See the camp's review",
  },
} as const;
