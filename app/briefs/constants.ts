/**
 * Briefs (issue 11, item 5; ADR 0076): limits, paths and every user-visible
 * string of the area, in one place. Plain data: safe in the browser.
 */

export const BRIEF_LIMITS = {
  company: 120,
  titleMin: 3,
  title: 120,
  body: 2000,
  genre: 60,
  note: 1000,
  /** How far ahead a deadline may be set. */
  deadlineDaysAhead: 366,
} as const;

/** Briefs on the member's dashboard. */
export const DASHBOARD_BRIEFS_SHOWN = 3;
/** Open briefs on /briefs (soonest deadline first): a bound on the page, far above what a collective sees at once. */
export const MEMBER_BRIEFS_SHOWN = 100;

export const AR_BRIEFS_PATH = "/ar/briefs";
export const arBriefPath = (briefId: string) => `/ar/briefs/${briefId}`;
export const MEMBER_BRIEFS_PATH = "/briefs";
export const memberBriefPath = (briefId: string) => `/briefs/${briefId}`;
/** H6's submission form, answering this brief. */
export const submitForBriefPath = (briefId: string) => `/submissions?brief=${briefId}`;
/** H6's fresh-URL endpoint for a submission's audio (the player's one retry). */
export const submissionAudioUrlPath = (submissionId: string) => `/api/submissions/${submissionId}/audio-url`;

export const BRIEF_LABELS = {
  company: "Company or label",
  title: "Title",
  body: "What you are looking for",
  genre: "Genre (optional)",
  deadline: "Deadline (optional)",
  song: "Song",
  note: "Note to the A&R (optional)",
  rating: "Your rating",
} as const;

export const BRIEF_TEXT = {
  ar: {
    eyebrow: "A&R desk",
    pageTitle: "Briefs",
    lead: "Tell the collective what you are looking for. Members answer with songs from the catalogue or new submissions.",
    postTitle: "Post a brief",
    postHint: "For example: uptempo pop, female vocal, by Friday.",
    companyHint: "Who the brief is for, as members will read it. Your e-mail address is never shown.",
    titleHint: "One line members see first.",
    bodyHint: `The sound, references, the artist, what happens next. Up to ${BRIEF_LIMITS.body} characters.`,
    deadlineHint: "The last day you take answers. Leave empty to take answers until you close the brief.",
    post: "Post brief",
    posted: (title: string) => `Brief posted: ${title}`,
    listTitle: "Your briefs",
    empty: "You have not posted a brief yet. Briefs you post appear here with the songs members send in reply.",
    answers: (count: number) => (count === 1 ? "1 answer" : `${count} answers`),
    unrated: (count: number) => `${count} not rated yet`,
    close: "Close brief",
    reopen: "Reopen brief",
    closed: (title: string) => `Brief closed: ${title}. Members can no longer answer it.`,
    reopened: (title: string) => `Brief reopened: ${title}`,
    cannotReopenPastDeadline: "This brief's deadline has passed, so it cannot be reopened. Post a new brief instead.",
    notFound: "That brief was not found.",
    view: "View answers",
    answersTitle: "Answers",
    noAnswers: "No answers yet. Members see this brief on their dashboard and at Briefs.",
    rate: "Save rating",
    rated: (rating: string) => `Rated ${rating}`,
    answerNotFound: "That answer was not found on this brief.",
    submissionBadge: "New submission",
    catalogueBadge: "From the catalogue",
    noNote: "No note.",
    noAudio: "The audio of this song is no longer available.",
    notRated: "Not rated yet",
    back: "All your briefs",
  },
  member: {
    eyebrow: "Briefs",
    pageTitle: "Open briefs",
    lead: "Requests from A&R: answer with a song you are credited on, or submit a new one.",
    empty: "No open briefs right now. When an A&R posts one, it appears here and on your dashboard.",
    dueBy: (date: string) => `Answers by ${date}`,
    noDeadline: "No deadline",
    view: "Read and answer",
    answerTitle: "Answer this brief",
    answerHint: "Pick a song from the catalogue you are credited on.",
    noCreditedSongs: "You are not credited on a catalogue song yet. Submit a new song for this brief instead.",
    allSongsSent: "You have answered with every catalogue song you are credited on.",
    chooseSong: "Choose a song",
    send: "Send answer",
    sent: (title: string) => `Answer sent: ${title}`,
    submitNew: "Submit a new song for this brief",
    yourAnswers: "Your answers",
    noAnswersYet: "You have not answered this brief yet.",
    heard: "Heard by the A&R",
    waiting: "Waiting to be heard",
    closed: "This brief is closed: it no longer takes answers.",
    pastDeadline: "This brief's deadline has passed: it no longer takes answers.",
    notAnswerable: "This brief no longer takes answers.",
    notCredited: "You can only answer with a catalogue song you are credited on.",
    alreadySent: "You have already answered this brief with that song.",
    arCannotAnswer: "Briefs are answered by members of the collective.",
    back: "All open briefs",
    youAnswered: (count: number) => (count === 1 ? "You answered once" : `You answered ${count} times`),
  },
  dashboard: {
    title: "Open briefs",
    lead: "What A&R are looking for right now.",
    empty: "No open briefs right now. When an A&R posts one, it appears here.",
    all: "All open briefs",
  },
  notice: {
    subject: (title: string) => `New answer to your brief: ${title}`,
    body: (member: string, song: string, title: string) => `${member} answered your brief "${title}" with "${song}".`,
  },
} as const;
