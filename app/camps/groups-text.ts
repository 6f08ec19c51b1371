/**
 * Every string of the camp groups (/admin/camps/:campId/schedule, ADR 0087),
 * in one place. Browser-safe.
 */
import { campRoleLabel, type CampRole } from "./roles";

export const adminCampSchedulePath = (campId: string) => `/admin/camps/${campId}/schedule`;
export const memberCampPath = (campId: string) => `/camps/${campId}`;

/** "Monday 12 October" of a camp day (the error sentences name the day this way). */
export function scheduleDay(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" }).format(new Date(`${day}T12:00:00Z`));
}

export const GROUPS_LIMITS = {
  /** The proposal's hidden field: every seat of the largest camp (12 rooms x 8 slots x 14 days x 4) fits. */
  proposalChars: 400_000,
} as const;

export const GROUP_INTENTS = {
  add: "add",
  move: "move",
  remove: "remove",
  suggest: "suggest",
  apply: "apply",
} as const;

export const GROUPS_TEXT = {
  eyebrow: "Admin · Camps",
  title: (camp: string) => `Groups: ${camp}`,
  lead: "Every session is a room in a slot on a day. Place people by hand, or ask for suggested groups and adjust them.",
  timesNote: (zone: string) => `Times are at the venue (${zone}).`,
  back: "Camp details",
  allCamps: "All camps",
  notFoundTitle: "Camp not found",
  notFoundText: "This camp does not exist, or it was deleted.",

  summaryTitle: "At a glance",
  summary: (participants: number, groups: number, sessions: number) =>
    `${participants} ${participants === 1 ? "participant" : "participants"} · ${groups} of ${sessions} sessions have a group`,
  noParticipants: "Nobody has accepted the invitation yet: groups can be made once people say they are coming.",

  dayTitle: (day: string) => scheduleDay(day),
  slotHeader: "Slot",
  roomHeader: (room: string, capacity: number) => `${room} (holds ${capacity})`,
  seatsUsed: (used: number, capacity: number) => `${used} of ${capacity} seats`,
  emptySession: "Nobody yet.",
  roleOf: (role: CampRole) => campRoleLabel(role),
  notPlaced: "Not placed in this slot",
  nobodyFree: "Everyone available is placed.",
  unavailableCount: (n: number) => `${n} not available this day`,

  moveLabel: (name: string) => `Move ${name} to`,
  moveSubmit: "Move",
  removeSubmit: "Remove",
  removeLabel: (name: string) => `Remove ${name} from this group`,
  addLabel: (room: string, time: string) => `Add someone to ${room} at ${time}`,
  addSubmit: "Add",
  addNobody: "Nobody free to add.",
  sameSlotGroup: "This slot",
  otherSlotsGroup: "Other sessions",
  sessionOption: (room: string, day: string, time: string) => `${room}, ${time} on ${day}`,
  roomFullOption: "full",

  suggestTitle: "Suggested groups",
  suggestLead:
    "Suggestions put 2 to 4 people in each room, with a producer and a topliner in each group where the roster allows, only on days people can come, never one person in two rooms at once, no pairing twice in this camp and as few as possible from earlier camps.",
  modeLegend: "What to do with the groups already made",
  modeFill: "Keep everyone already placed and fill the empty seats",
  modeReplace: "Start again: suggest every group from scratch (replaces the current groups)",
  suggestSubmit: "Suggest groups",
  suggestAgain: "Suggest again",
  previewTitle: "Preview of the suggestion",
  previewNothingSaved: "Nothing is saved yet.",
  previewFill: "Using these groups keeps everyone already placed and only fills empty seats.",
  previewReplace: "Using these groups replaces the current groups: everyone already placed is taken out first.",
  metricsTitle: "The suggestion in figures",
  metrics: {
    groups: "Sessions with a group",
    repeatsThisCamp: "Repeat pairings in this camp",
    repeatsEarlier: "Pairings who met in earlier camps",
    balanced: "Groups with a producer and a topliner",
    seatsPerPerson: "Sessions per person",
  },
  ofTotal: (n: number, total: number) => `${n} of ${total}`,
  range: (min: number, max: number) => (min === max ? String(min) : `${min} to ${max}`),
  applyFill: "Use these groups (fill the empty seats)",
  applyReplace: "Use these groups (replace the current groups)",
  confirmReplace: "I understand: this replaces the groups already made.",
  addedBy: "New",
  pickUp: (name: string) => `Pick up ${name}`,
  putBack: "Put back",
  dropHere: (name: string, room: string) => `Move ${name} to ${room}`,
  dragHint: "With JavaScript you may also drag a person onto another group of the same day, or pick them up and move them with the keyboard; the Move forms do the same.",

  placed: (name: string, room: string) => `${name} is now in ${room}.`,
  moved: (name: string, room: string) => `${name} moved to ${room}.`,
  removed: (name: string, room: string) => `${name} was taken out of ${room}.`,
  applied: (sessions: number, people: number) =>
    `Groups saved: ${sessions} ${sessions === 1 ? "session" : "sessions"} changed for ${people} ${people === 1 ? "person" : "people"}.`,
  appliedNothing: "These groups are already in place: nothing changed.",

  errors: {
    doubleBooked: (name: string, room: string, time: string, day: string) => `${name} is already in ${room} at ${time} on ${scheduleDay(day)}.`,
    roomFull: (room: string, capacity: number) => `${room} holds ${capacity} people.`,
    unavailable: (name: string, day: string) => `${name} is not available on ${scheduleDay(day)}.`,
    notAccepted: (name: string) => `${name} has not accepted the invitation to this camp.`,
    notOnRoster: "This person is not on the camp's roster.",
    alreadyThere: (name: string, room: string) => `${name} is already in ${room}.`,
    notThere: (name: string, room: string) => `${name} is not in ${room}.`,
    hasSongs: (room: string, time: string) => `${room} at ${time} has songs on record: its group stays as it wrote them.`,
    sessionMissing: "This session is no longer part of the camp. Reload the page.",
    sameSession: "Choose another session to move to.",
    choosePerson: "Choose someone to add.",
    chooseSession: "Choose a session to move to.",
    campMissing: "This camp does not exist.",
    proposal: "This suggestion cannot be read. Suggest groups again.",
    proposalSessions: "This suggestion no longer matches the camp's sessions. Suggest groups again.",
    confirmReplace: "Tick the box to confirm that these groups replace the current ones.",
    tooManyInGroup: (room: string, limit: number) => `${room} holds ${limit} people.`,
    unknownMode: "Choose whether to fill the empty seats or replace the current groups.",
  },

  notice: {
    subject: (camp: string) => `Your sessions at ${camp} changed`,
    body: (camp: string, lines: string[]) =>
      `An organiser changed your sessions at ${camp}: ${lines.join("; ")}. Open the camp to see your schedule.`,
    added: (room: string, time: string, day: string) => `added to ${room} at ${time} on ${scheduleDay(day)}`,
    removed: (room: string, time: string, day: string) => `taken out of ${room} at ${time} on ${scheduleDay(day)}`,
  },
} as const;
