/**
 * Every sentence of the member's side of camps (issue 13, ADR 0089): /camps,
 * /camps/:campId and the dashboard's camp section. SPEC shows none of these
 * pages, so the words are ours. Browser-safe: no server imports.
 */

export const ANSWER_INTENT = "answer";

/** Where an answer comes back to: a fixed list, never an address from the request. */
export const ANSWER_BACK = ["camp", "camps", "dashboard"] as const;
export type AnswerBack = (typeof ANSWER_BACK)[number];

export const MEMBER_CAMP_TEXT = {
  listTitle: "Your camps",
  listLead: "The songwriting camps you are invited to: answer an invitation, pick your days and see your sessions.",
  waitingTitle: "Invitations waiting for your answer",
  comingTitle: "Coming up",
  declinedTitle: "Declined",
  declinedLead: "You can still change your mind until the camp ends.",
  pastTitle: "Past camps",
  emptyTitle: "No camps yet",
  empty: "When the team invites you to a songwriting camp, the invitation shows here and on your dashboard.",
  openCamp: (name: string) => `Open ${name}`,
  running: "Happening now",

  status: {
    invited: "Waiting for your answer",
    accepted: "You're coming",
    declined: "You declined",
  } as const,
  pastStatus: {
    invited: "Not answered",
    accepted: "You took part",
    declined: "You declined",
  } as const,
  daysCount: (n: number) => (n === 1 ? "1 day" : `${n} days`),
  yourDays: (days: string) => `Your days: ${days}`,

  // The camp page.
  campEyebrow: "Songwriting camp",
  venue: "Venue",
  dates: "Dates",
  timeZone: "Venue time zone",
  yourRole: "Your role",
  answerTerm: "Answer",
  daysTerm: "Your days",
  backToDashboard: "Back to your dashboard",
  backToList: "All your camps",
  notInvitedAdmin: "You are not on this camp's roster: you see it as an admin.",
  manageAsAdmin: "Manage this camp",

  invitationTitle: "Your invitation",
  answerLead: "Tick the days you can come and accept, or decline. You can change your answer until the camp ends.",
  daysLegend: "Which days can you come?",
  accept: "Accept invitation",
  saveDays: "Save my days",
  decline: "Decline invitation",
  declineAgain: "Keep declining",
  pastClosed: "This camp has ended: answers are closed.",
  sessionsOnDay: (n: number) => (n === 1 ? "you are in 1 session" : `you are in ${n} sessions`),
  dropWarning: "Unticking a day, or declining, takes you out of your sessions on those days.",

  confirmTitle: "Leave these sessions?",
  confirmDeclineLead: "Declining takes you out of every session you are in at this camp:",
  confirmDropLead: "You can no longer come on some days you are booked. Saving takes you out of these sessions:",
  confirmSubmit: "Leave these sessions",
  confirmCancel: "Keep my sessions",

  accepted: "You accepted the invitation. See you at the camp.",
  daysSaved: "Your days are saved.",
  declined: "You declined the invitation.",
  removedFrom: (n: number) => (n === 1 ? " You left 1 session." : ` You left ${n} sessions.`),

  errors: {
    answer: "Choose accept or decline.",
    noDays: "Choose at least one day you can come.",
    notCampDay: "Choose days of the camp only.",
    past: "This camp has ended: answers are closed.",
  },

  mySessionsTitle: "Your sessions",
  mySessionsEmpty: "You are not in a session yet. When the organisers put the groups together, your sessions show here.",
  mySessionsNotAccepted: "Accept the invitation to be placed in sessions.",
  scheduleTitle: "The camp's schedule",
  scheduleLead: "Every session with its group, for the camp's participants.",
  scheduleEmpty: "The groups are not set yet.",
  room: "Room",
  with: "With",
  venueTime: (zone: string) => `Venue time (${zone})`,
  yourTime: (zone: string) => `Your time (${zone})`,
  openSession: "Open session",
  sessionLink: (room: string, time: string) => `Open the session in ${room} at ${time}`,
  review: "The camp review",
  calendarFile: "Download the camp's calendar (.ics)",
  yourCalendar: "Open your calendar",
  nobody: "Nobody else yet",

  // The dashboard.
  dashboardTitle: "Your camps",
  dashboardInvitations: "Invitations to answer",
  dashboardSessions: "Your upcoming sessions",
  dashboardNoSessions: "No upcoming sessions. When you're placed in a camp session, it shows here.",
  dashboardEmpty: "No camp sessions yet. When you're invited to a camp, your sessions show here.",
  allCamps: "All your camps",
  calendar: "Open your calendar",
} as const;
