/**
 * The demo camps (issue 13, ADR 0086): one past camp with sessions, songs and
 * split sheets; one upcoming camp with invitations in every state. Dates are
 * relative to the seeding day so the demo stays "past" and "upcoming". The
 * seed modules in app/camps/seed-*.server.ts read these; tests derive their
 * expectations from them.
 */
export interface DemoCamp {
  key: "past" | "upcoming";
  name: string;
  venue: string;
  timeZone: string;
  description: string;
  /** First day, relative to the seeding day (negative: in the past). */
  startsInDays: number;
  days: number;
  rooms: readonly { name: string; capacity: number }[];
  /** 'HH:MM' wall-clock in the camp's zone. */
  slots: readonly { startsAt: string; endsAt: string }[];
}

export const DEMO_PAST_CAMP: DemoCamp = {
  key: "past",
  name: "Lisbon Writers' Camp",
  venue: "Estúdio Tejo, Lisbon",
  timeZone: "Europe/Lisbon",
  description: "Three days of co-writes by the river: pop, dance and R&B toplines for the spring pitching round.",
  startsInDays: -40,
  days: 3,
  rooms: [
    { name: "Studio A", capacity: 4 },
    { name: "Studio B", capacity: 4 },
    { name: "Writing Room", capacity: 3 },
  ],
  slots: [
    { startsAt: "10:00", endsAt: "13:00" },
    { startsAt: "14:30", endsAt: "18:00" },
  ],
};

export const DEMO_UPCOMING_CAMP: DemoCamp = {
  key: "upcoming",
  name: "Nashville Topline Week",
  venue: "Music Row House, Nashville",
  timeZone: "America/Chicago",
  description: "Country-pop and crossover toplines with the collective's Nashville producers.",
  startsInDays: 21,
  days: 3,
  rooms: [
    { name: "Front Room", capacity: 4 },
    { name: "Loft", capacity: 3 },
  ],
  slots: [
    { startsAt: "11:00", endsAt: "14:00" },
    { startsAt: "15:30", endsAt: "19:00" },
  ],
};

export const DEMO_CAMPS = [DEMO_PAST_CAMP, DEMO_UPCOMING_CAMP] as const;
