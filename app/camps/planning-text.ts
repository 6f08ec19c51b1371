/**
 * The words of camp planning (/admin/camps and /admin/camps/:campId, ADR
 * 0086). SPEC names the page and nothing more, so these are ours; kept in one
 * place so tests and the pages read the same sentences. Browser-safe.
 */
import { formatCampDay } from "./time";

export const ADMIN_CAMPS_PATH = "/admin/camps";
export const adminCampPath = (campId: string) => `${ADMIN_CAMPS_PATH}/${campId}`;

/** Limits the database also holds (supabase/migrations/20261128000100_camps.sql). */
export const PLANNING_LIMITS = {
  name: 120,
  venue: 200,
  description: 2000,
  roomName: 80,
  capacityMin: 2,
  capacityMax: 12,
  maxDays: 14,
  /** How many rooms and slots one camp may have (a sanity bound: 12 x 8 x 14 sessions at most). */
  rooms: 12,
  slots: 8,
  /** Blank rows the create form shows without JavaScript. */
  roomRows: 3,
  slotRows: 3,
  /** Members listed to invite at once (the search narrows it). */
  invitable: 60,
  search: 100,
  /** Members invited in one post. */
  invitesPerPost: 200,
} as const;

const L = PLANNING_LIMITS;

export const PHASE_LABELS = { upcoming: "Upcoming", running: "Running now", past: "Past" } as const;
export const STATUS_LABELS = { invited: "Invited", accepted: "Accepted", declined: "Declined" } as const;

/** "Mon 12 Oct" of a camp day. */
export function shortCampDay(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" }).format(new Date(`${day}T12:00:00Z`));
}

/** "12 Oct 2026 to 14 Oct 2026" of a camp's dates. */
export function campDateRange(startsOn: string, endsOn: string): string {
  const f = (day: string) => new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(new Date(`${day}T12:00:00Z`));
  return startsOn === endsOn ? f(startsOn) : `${f(startsOn)} to ${f(endsOn)}`;
}

export const PLANNING_TEXT = {
  eyebrow: "Admin",
  listTitle: "Camps",
  listLead: "Songwriting camps: the venue, its rooms and daily sessions, who is invited and who is coming.",
  upcomingTitle: "Upcoming and running",
  pastTitle: "Past camps",
  noCamps: "No camps yet. Create the first one below.",
  noUpcoming: "No camp is coming up.",
  noPast: "No camp has ended yet.",
  columns: { name: "Camp", dates: "Dates", venue: "Venue", zone: "Time zone", invited: "Invited", accepted: "Accepted", declined: "Declined", phase: "Status" },

  createTitle: "Create a camp",
  createLead: "Times are wall-clock times at the venue, in its time zone. Rooms and slots left blank are ignored.",
  create: "Create the camp",
  creating: "Creating…",
  created: (name: string) => `Camp created: ${name}.`,

  labels: {
    name: "Name",
    venue: "Venue",
    timeZone: "The venue's time zone",
    startsOn: "First day",
    endsOn: "Last day",
    description: "Description (optional)",
    rooms: "Rooms",
    roomName: "Room name",
    capacity: "Capacity (people)",
    slots: "Daily session slots",
    startsAt: "Starts at",
    endsAt: "Ends at",
  },
  hints: {
    dates: `At most ${L.maxDays} days.`,
    rooms: `Each room holds ${L.capacityMin} to ${L.capacityMax} people.`,
    slots: "The same slots every day of the camp, in the venue's time zone; slots may not overlap.",
  },
  roomRow: (n: number) => `Room ${n}`,
  slotRow: (n: number) => `Slot ${n}`,
  addRoomRow: "Add a room",
  addSlotRow: "Add a slot",

  errors: {
    nameRequired: "Enter the camp's name.",
    venueRequired: "Enter the venue.",
    timeZone: "Choose a time zone from the list.",
    date: "Enter a date (YYYY-MM-DD).",
    endsBeforeStart: "The last day cannot be before the first day.",
    tooLong: `A camp lasts at most ${L.maxDays} days.`,
    roomsRequired: "Add at least one room.",
    tooManyRooms: `A camp has at most ${L.rooms} rooms.`,
    roomNameRequired: "Enter the room's name.",
    capacity: `Capacity must be a whole number from ${L.capacityMin} to ${L.capacityMax}.`,
    duplicateRoom: "Two rooms cannot have the same name.",
    slotsRequired: "Add at least one session slot.",
    tooManySlots: `A camp has at most ${L.slots} slots a day.`,
    time: "Enter a time (HH:MM).",
    endAfterStart: "A slot must end after it starts.",
    overlap: "Slots may not overlap.",
    notFound: "This camp does not exist.",
    roomMissing: "This room is no longer part of the camp.",
    slotMissing: "This slot is no longer part of the camp.",
    lastRoom: "A camp needs at least one room: add another before removing this one.",
    lastSlot: "A camp needs at least one slot: add another before removing this one.",
    datesDropSongs: "These dates would remove sessions that already have songs. Keep the days with songs in the camp.",
    roomHasSongs: "This room's sessions have songs: it cannot be removed.",
    slotHasSongs: "This slot's sessions have songs: it cannot be removed.",
    capacityBelowSeated: (room: string, seated: number) =>
      `${room} has ${seated} people in one of its sessions: move people out before lowering its capacity below ${seated}.`,
    roomExists: (room: string) => `There is already a room called ${room}.`,
    slotOverlaps: (start: string, end: string) => `This slot overlaps the ${start}–${end} slot.`,
    chooseMembers: "Choose at least one member to invite.",
    notMembers: "Only members can be invited to a camp. Reload the page and choose again.",
    tooManyInvites: `Invite at most ${L.invitesPerPost} people at once.`,
    notInvited: "This person is not on the camp's roster.",
    role: "Choose a role.",
    confirmRequired: "Confirm on the confirmation step.",
  },

  detailsTitle: "Details",
  saveDetails: "Save the details",
  saving: "Saving…",
  detailsSaved: "Details saved.",
  noChanges: "Nothing changed.",
  confirmDates: (places: number, days: string[]) =>
    `The new dates drop ${days.length === 1 ? "a day" : `${days.length} days`} (${days.map(shortCampDay).join(", ")}) with ${places} ${places === 1 ? "place" : "places"} in sessions: those people are taken out of them.`,
  confirmDatesButton: "Save and take them out",
  datesTrimAnswers: "Answers naming dropped days lose those days; someone left with no day is asked again.",

  roomsTitle: "Rooms",
  addRoom: "Add the room",
  newRoom: "New room",
  saveRoom: "Save",
  removeRoom: "Remove",
  roomAdded: (room: string) => `Room added: ${room}.`,
  roomSaved: (room: string) => `Room saved: ${room}.`,
  roomRemoved: (room: string) => `Room removed: ${room}.`,
  confirmRemoveRoom: (room: string, places: number) =>
    `${room} has ${places} ${places === 1 ? "place" : "places"} in sessions: removing it takes those people out of them.`,
  confirmRemoveRoomButton: (room: string) => `Remove ${room} and its sessions`,

  slotsTitle: "Daily session slots",
  addSlot: "Add the slot",
  newSlot: "New slot",
  removeSlot: "Remove",
  slotAdded: (slot: string) => `Slot added: ${slot}.`,
  slotRemoved: (slot: string) => `Slot removed: ${slot}.`,
  confirmRemoveSlot: (slot: string, places: number) =>
    `The ${slot} slot has ${places} ${places === 1 ? "place" : "places"} in sessions: removing it takes those people out of them.`,
  confirmRemoveSlotButton: (slot: string) => `Remove the ${slot} slot and its sessions`,
  cancel: "Cancel",
  sessionsCount: (n: number) => `${n} ${n === 1 ? "session" : "sessions"} (rooms × slots × days).`,

  links: { schedule: "Groups and schedule", review: "Camp review", calendar: "Camp calendar (.ics)", back: "All camps" },

  rosterTitle: "The roster",
  rosterEmpty: "Nobody is invited yet.",
  rosterColumns: { person: "Person", role: "Camp role", status: "Answer", days: "Days they can come", answered: "Answered", actions: "Actions" },
  notAnswered: "Not yet",
  allDays: "All days",
  changeRole: "Change",
  roleChanged: (name: string, role: string) => `${name}'s camp role is now ${role}.`,
  withdraw: "Withdraw",
  withdrawTitle: (name: string) => `Withdraw ${name}'s invitation?`,
  withdrawBody: (places: number) =>
    places > 0
      ? `They leave the roster and ${places} ${places === 1 ? "session" : "sessions"} they were placed in. They can be invited again.`
      : "They leave the roster. They can be invited again.",
  withdrawConfirm: "Withdraw the invitation",
  withdrawn: (name: string) => `Invitation withdrawn: ${name}.`,

  inviteTitle: "Invite members",
  inviteLead: "Each person is invited with a camp role from their profile's skills; change it on the roster.",
  searchLabel: "Search members by name",
  search: "Search",
  clearSearch: "Clear",
  inviteNone: "Every member is already invited.",
  inviteNoMatch: "No member by that name who is not invited yet.",
  inviteMore: (shown: number) => `Showing the first ${shown}. Search to find others.`,
  defaultRole: (role: string) => `as ${role}`,
  invite: "Invite the chosen members",
  inviting: "Inviting…",
  invited: (n: number) => `${n} ${n === 1 ? "person" : "people"} invited.`,
  invitedNone: "They were already invited: nothing changed.",

  comingTitle: "Who is coming",
  comingCounts: { invited: "Not answered", accepted: "Accepted", declined: "Declined" },
  perDayCaption: "Accepted people who can come, per day",
  perDayColumns: { day: "Day", total: "People" },

  notice: {
    subject: (camp: string) => `You're invited to ${camp}`,
    body: (camp: string, dates: string, venue: string) =>
      `You're invited to ${camp}, ${dates} at ${venue}. Open the camp to accept or decline and to say which days you can come.`,
  },

  notFoundTitle: "Camp not found",
} as const;

export { formatCampDay };
