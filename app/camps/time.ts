/**
 * Camp time (ADR 0086). A camp's days are calendar dates ('YYYY-MM-DD') and
 * its slots wall-clock times ('HH:MM') in the venue's IANA time zone; an
 * instant (a Date) exists only where something needs one: the calendars, the
 * member's own zone, "upcoming". Intl does the zone arithmetic, so daylight
 * saving changes in the camp's week come out right without a zone database of
 * our own. Pure: safe in the browser bundle.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export type CampPhase = "upcoming" | "running" | "past";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Whether `day` is a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(day: string): boolean {
  const match = DATE_RE.exec(day);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === day;
}

/** 'HH:MM' of a 'HH:MM' or 'HH:MM:SS' time (as the database returns `time`). */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}

/** Every date from `startsOn` to `endsOn`, both included. */
export function campDays(startsOn: string, endsOn: string): string[] {
  const days: string[] = [];
  const start = Date.parse(`${startsOn}T00:00:00Z`);
  const end = Date.parse(`${endsOn}T00:00:00Z`);
  for (let t = start; t <= end; t += DAY) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a zone. */
export function wallClock(instant: Date, zone: string): { day: string; time: string } {
  const parts = Object.fromEntries(partsFormatter(zone).formatToParts(instant).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function offsetAt(instant: number, zone: string): number {
  const parts = Object.fromEntries(partsFormatter(zone).formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the wall clock in `zone` reads `day` `time`. A time
 * that a daylight-saving change skips (02:30 on the spring-forward night)
 * comes out an hour later, as calendar programs place it; one that happens
 * twice takes the first.
 */
export function zonedWallTimeToUtc(day: string, time: string, zone: string): Date {
  const d = DATE_RE.exec(day);
  const t = TIME_RE.exec(time);
  if (!d || !t) throw new RangeError(`Not a date and time: ${day} ${time}`);
  const guess = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), Number(t[3] ?? 0));
  const first = offsetAt(guess - offsetAt(guess, zone), zone);
  const earlier = offsetAt(guess - first - 3 * 60 * MINUTE, zone);
  // Around a change the offset differs before and after; prefer the earlier reading when it also fits.
  for (const offset of [earlier, first]) {
    const candidate = guess - offset;
    if (offsetAt(candidate, zone) === offset) return new Date(candidate);
  }
  return new Date(guess - first);
}

/** Today's date in a zone. */
export function todayInZone(zone: string, now = new Date()): string {
  return wallClock(now, zone).day;
}

/** Whether a camp is still to come, running today (in its own zone), or over. */
export function campPhase(camp: { starts_on: string; ends_on: string; time_zone: string }, now = new Date()): CampPhase {
  const today = todayInZone(camp.time_zone, now);
  if (today < camp.starts_on) return "upcoming";
  if (today > camp.ends_on) return "past";
  return "running";
}

/** A session's start and end instants. */
export function sessionInstants(
  day: string,
  slot: { starts_at: string; ends_at: string },
  zone: string,
): { startsAt: Date; endsAt: Date } {
  return { startsAt: zonedWallTimeToUtc(day, slot.starts_at, zone), endsAt: zonedWallTimeToUtc(day, slot.ends_at, zone) };
}

/** "Mon 12 Oct, 10:00" of an instant in a zone (en-GB, as the rest of the app). */
export function formatInZone(instant: Date, zone: string, options: { withDate?: boolean } = {}): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hourCycle: "h23",
    ...(options.withDate === false ? {} : { weekday: "short", day: "numeric", month: "short" }),
    hour: "2-digit",
    minute: "2-digit",
  }).format(instant);
}

/** "Monday 12 October 2026" of a camp day. */
export function formatCampDay(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** The zone's short name at an instant ("CET", "GMT+1"). */
export function zoneAbbreviation(instant: Date, zone: string): string {
  const part = new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "short" }).formatToParts(instant).find((p) => p.type === "timeZoneName");
  return part?.value ?? zone;
}
