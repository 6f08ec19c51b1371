/**
 * The iCalendar (RFC 5545) writer of the camp calendars (ADR 0088): a small
 * one of our own, because every event here is the same simple shape (a
 * session: a venue-local start and end, a summary, a location, a description,
 * a URL) and the times must be written exactly as the camp stores them, a day
 * and a wall-clock time in the venue's zone, never round-tripped through a
 * Date. The zone's VTIMEZONE comes from timezones-ical-library (the IANA
 * database as iCalendar blocks); a zone it does not know is written in UTC
 * instead (DTSTART:...Z), which is still the right instant.
 *
 * What the tests check with a real parser (ical.js): each event's start and
 * end in UTC equal sessionInstants; TZID is the venue's zone; SEQUENCE and
 * LAST-MODIFIED follow the session's revision; text is escaped (\\ ; , and
 * newlines) and lines are folded at 75 octets without splitting a UTF-8
 * character.
 */
import { tzlib_get_ical_block } from "timezones-ical-library";
import { sessionInstants } from "./time";

const CRLF = "\r\n";
/** RFC 5545 §3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break. */
const MAX_OCTETS = 75;
const PRODID = "-//The Hit Factory//Camp calendars//EN";

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines escaped; other control characters dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\n/g, "\\n");
}

/** Folds one content line at 75 octets (continuations start with a space, which counts), never inside a character. */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, "utf8") <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** 20261025T100000Z of an instant. */
export function utcStamp(instant: Date): string {
  return `${instant.getUTCFullYear()}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`;
}

/** 20261025T100000 of a day and a wall-clock 'HH:MM' or 'HH:MM:SS'. */
export function localStamp(day: string, time: string): string {
  const [hours = "00", minutes = "00", seconds = "00"] = time.split(":");
  return `${day.replace(/-/g, "")}T${hours}${minutes}${seconds}`;
}

/** The VTIMEZONE block of an IANA zone with its TZID set to that name, or null when the library does not know it. */
export function vtimezone(zone: string): string | null {
  let block: string | string[];
  try {
    block = tzlib_get_ical_block(zone);
  } catch {
    return null;
  }
  const text = Array.isArray(block) ? block[0] : null;
  if (!text || !text.startsWith("BEGIN:VTIMEZONE")) return null;
  // The library names some zones by their canonical name (UTC -> Etc/UTC): the events say the venue's.
  return text
    .split(/\r?\n/)
    .map((line) => (line.startsWith("TZID:") ? `TZID:${zone}` : line.startsWith("X-LIC-LOCATION:") ? `X-LIC-LOCATION:${zone}` : line))
    .join(CRLF);
}

export interface IcsEvent {
  /** Stable, member-independent (camp-session-<id>@hitfactory). */
  uid: string;
  /** The session's date and wall-clock times in `timeZone` (the venue's). */
  day: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  sequence: number;
  lastModified: Date;
  summary: string;
  location: string;
  description: string;
  url: string;
}

export interface IcsCalendar {
  /** X-WR-CALNAME: the name calendar programs show for a subscription. */
  name: string;
  events: IcsEvent[];
  /** DTSTAMP: when this copy was made. */
  now?: Date;
}

const line = (name: string, value: string) => foldLine(`${name}:${value}`);

/** The whole VCALENDAR, CRLF line ends, folded. */
export function writeCalendar({ name, events, now = new Date() }: IcsCalendar): string {
  const lines: string[] = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${PRODID}`, "CALSCALE:GREGORIAN", "METHOD:PUBLISH", line("X-WR-CALNAME", escapeText(name))];
  const zones = new Map<string, string | null>();
  for (const event of events) if (!zones.has(event.timeZone)) zones.set(event.timeZone, vtimezone(event.timeZone));
  for (const block of zones.values()) if (block) lines.push(block);
  const stamp = utcStamp(now);
  for (const event of events) {
    const block = zones.get(event.timeZone);
    lines.push("BEGIN:VEVENT", line("UID", event.uid), `DTSTAMP:${stamp}`);
    if (block) {
      const tzid = `TZID=${event.timeZone}`;
      lines.push(line(`DTSTART;${tzid}`, localStamp(event.day, event.startsAt)), line(`DTEND;${tzid}`, localStamp(event.day, event.endsAt)));
    } else {
      const { startsAt, endsAt } = sessionInstants(event.day, { starts_at: event.startsAt, ends_at: event.endsAt }, event.timeZone);
      lines.push(`DTSTART:${utcStamp(startsAt)}`, `DTEND:${utcStamp(endsAt)}`);
    }
    lines.push(
      `SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`,
      `LAST-MODIFIED:${utcStamp(event.lastModified)}`,
      line("SUMMARY", escapeText(event.summary)),
      line("LOCATION", escapeText(event.location)),
      line("DESCRIPTION", escapeText(event.description)),
      line("URL;VALUE=URI", event.url.replace(/[\r\n]/g, "")),
      "STATUS:CONFIRMED",
      "TRANSP:OPAQUE",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.join(CRLF) + CRLF;
}

/** A file name safe in Content-Disposition: ASCII letters, digits and dashes, ending in .ics. */
export function icsFileName(base: string): string {
  const slug = base
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return `${slug || "calendar"}.ics`;
}

/** The response of every calendar endpoint. */
export function icsResponse(body: string, options: { fileName: string; cacheControl: string; inline?: boolean; headers?: HeadersInit }): Response {
  const headers = new Headers(options.headers);
  headers.set("Content-Type", "text/calendar; charset=utf-8");
  headers.set("Content-Disposition", `${options.inline ? "inline" : "attachment"}; filename="${icsFileName(options.fileName.replace(/\.ics$/i, ""))}"`);
  headers.set("Cache-Control", options.cacheControl);
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(body, { status: 200, headers });
}
