/**
 * "Good morning, Maya": the greeting and the dates of the dashboard in the
 * member's own time zone (profiles.time_zone), UTC when they have none or it
 * is not one the runtime knows. Computed by the loader, so the server render
 * and the browser agree.
 */
import { DASHBOARD_TEXT } from "./dashboard-text";

export const FALLBACK_TIME_ZONE = "UTC";

/** The time zone if the runtime knows it (an IANA name), else UTC. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return FALLBACK_TIME_ZONE;
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone }).resolvedOptions().timeZone;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

/** The hour (0 to 23) on the wall clock of the time zone. */
export function localHour(now: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: safeTimeZone(timeZone) }).format(now);
  return Number(hour) % 24;
}

/** Morning from 05:00, afternoon from 12:00, evening from 18:00 until 04:59. */
export function greetingFor(now: Date, timeZone: string): string {
  const hour = localHour(now, timeZone);
  if (hour >= 5 && hour < 12) return DASHBOARD_TEXT.greeting.morning;
  if (hour >= 12 && hour < 18) return DASHBOARD_TEXT.greeting.afternoon;
  return DASHBOARD_TEXT.greeting.evening;
}

/** "24 November 2026" in the time zone. */
export function formatDay(value: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: safeTimeZone(timeZone) }).format(new Date(value));
}

/** "24 November 2026, 14:05 UTC" in the time zone, named so nobody reads it in their own. */
export function formatMoment(value: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
    timeZone: safeTimeZone(timeZone),
  }).format(new Date(value));
}
