/**
 * The schedule page's data and what the page derives from it (ADR 0087):
 * who is free in a slot, where a person may move. Browser-safe.
 */
import type { CampInvitationStatus, CampRole } from "~/platform/db/schema";

export interface ScheduleRoom {
  id: string;
  name: string;
  capacity: number;
}
export interface ScheduleSlot {
  id: string;
  /** 'HH:MM' at the venue. */
  startsAt: string;
  endsAt: string;
}
export interface SchedulePerson {
  id: string;
  name: string;
  role: CampRole;
  status: CampInvitationStatus;
  availableDays: string[];
}
export interface ScheduleSession {
  id: string;
  day: string;
  slotId: string;
  roomId: string;
  revision: number;
  memberIds: string[];
}
export interface CampSchedule {
  camp: { id: string; name: string; venue: string; timeZone: string; startsOn: string; endsOn: string };
  days: string[];
  slots: ScheduleSlot[];
  rooms: ScheduleRoom[];
  /** The whole roster (any answer); only the accepted are placed. */
  people: SchedulePerson[];
  sessions: ScheduleSession[];
}

export const sessionKey = (day: string, slotId: string, roomId: string) => `${day}|${slotId}|${roomId}`;

/** Accepted people available on `day` and in no room of that slot, by name. */
export function freeInSlot(schedule: CampSchedule, day: string, slotId: string): SchedulePerson[] {
  const placed = new Set(schedule.sessions.filter((s) => s.day === day && s.slotId === slotId).flatMap((s) => s.memberIds));
  return schedule.people.filter((p) => p.status === "accepted" && p.availableDays.includes(day) && !placed.has(p.id));
}

/** Accepted people not available on `day`. */
export function unavailableOn(schedule: CampSchedule, day: string): SchedulePerson[] {
  return schedule.people.filter((p) => p.status === "accepted" && !p.availableDays.includes(day));
}
