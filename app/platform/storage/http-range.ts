/**
 * HTTP Range and conditional-request rules (RFC 9110 §13, §14) for serving
 * stored files: what a media element needs to seek, and what Safari needs to
 * play at all (it probes with `bytes=0-1`).
 */
import type { ByteRange } from "./port";

export type RangeDecision =
  | { kind: "full" }
  | { kind: "partial"; range: ByteRange }
  | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Reads a Range header for an object of `size` bytes. A missing, malformed or
 * multi-range header is answered with the whole object (allowed by RFC 9110
 * §14.2); a well-formed range that starts past the end is unsatisfiable (416).
 */
export function decideRange(header: string | null, size: number): RangeDecision {
  if (!header) return { kind: "full" };
  const match = SINGLE_RANGE.exec(header.trim().replace(/\s+/g, ""));
  if (!match) return { kind: "full" };
  const [, first, last] = match;
  if (first === "" && last === "") return { kind: "full" };
  if (first === "") {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return { kind: "full" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", range: { start, end } };
}

/** RFC 9110 §13.1.2: weak comparison of an If-None-Match list with our entity tag. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const ours = etag.replace(/^W\//, "");
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || tag.replace(/^W\//, "") === ours);
}

/** HTTP dates have whole seconds. */
function toSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** True when the client's copy is current (answer 304). If-None-Match wins over If-Modified-Since. */
export function isNotModified(headers: Headers, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch) return etagMatches(ifNoneMatch, etag);
  const ifModifiedSince = headers.get("if-modified-since");
  if (ifModifiedSince) {
    const since = Date.parse(ifModifiedSince);
    return Number.isFinite(since) && toSeconds(lastModified) <= Math.floor(since / 1000);
  }
  return false;
}

/**
 * If-Range: a range is honoured only while the client's validator still
 * matches (strong comparison for entity tags); otherwise the whole object is sent.
 */
export function rangeStillValid(headers: Headers, etag: string, lastModified: Date): boolean {
  const ifRange = headers.get("if-range");
  if (!ifRange) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith("W/")) return !value.startsWith("W/") && value === etag;
  const date = Date.parse(value);
  return Number.isFinite(date) && toSeconds(lastModified) === Math.floor(date / 1000);
}
