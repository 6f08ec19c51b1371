/**
 * Input that no page of this app can use is refused with a 4xx before it can
 * reach the database, a parser or a header (security review item 5; see
 * docs/decisions/0035-request-limits-and-input-hygiene.md):
 *
 * - `checkRequestInput`: the request line and type, before Remix sees the
 *   request. server.ts runs it as Express middleware (`refuseBadRequestInput`),
 *   tests/support/app-handler.ts runs the same check in-process.
 *   - a NUL anywhere in the path or query, raw or percent-encoded: 400
 *     (PostgreSQL text cannot hold one, so it would fail as a 500 deep inside);
 *   - percent-encoding that does not decode to UTF-8 ("%ZZ", "%E2%82"): 400;
 *   - a body on a request whose Content-Type is not a form: 415. Every action
 *     in this app takes an HTML form; none reads JSON or text.
 * - `readFormData`: the one way an action reads its form. It refuses what the
 *   check above cannot see without reading the body: a NUL in a field, field
 *   names too long or too deeply nested for the form parser (conform walks a
 *   name's path recursively: 20,000 levels overflow the stack) and too many
 *   fields. The start of the shared form pipeline.
 *
 * Each refusal is a short plain-text message saying what was wrong.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

export const INPUT_MESSAGES = {
  nulInUrl: "The address contains a NUL character, which no page accepts.",
  badEncoding: "The address contains invalid percent-encoding (it must decode to UTF-8).",
  notAForm: "This address only accepts form submissions (application/x-www-form-urlencoded or multipart/form-data).",
  unreadable: "The form could not be read.",
  nul: "The form contains a NUL character, which no field accepts.",
  nameTooLong: "The form has a field name that is too long.",
  nameTooDeep: "The form has a field name that is nested too deeply.",
  tooManyFields: "The form has too many fields.",
  badTarget: "The request line or Host header is not one this server answers.",
  indexTooLarge: "The form has a field name with a list position that is too large.",
} as const;

/** Bounds far above any form in this app (its deepest names are like `credits[0].role`). */
export const FORM_LIMITS = {
  maxFields: 1000,
  maxNameLength: 200,
  /** Segments of a name's path: `a.b[0].c` has 4. */
  maxNameSegments: 8,
  /**
   * The largest list position in a name (`links[99]`). conform builds a dense
   * array up to it: `x[100000000]` in a 70-byte post would allocate a hundred
   * million slots and take the process down.
   */
  maxListIndex: 999,
} as const;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The one path whose bodies are not forms: the tus resumable uploads (ADR 0085) send their
 * chunks as application/offset+octet-stream. Matched on the routed path (dot segments
 * resolved), so "/api/admin/audio/uploads/../../../auth" cannot borrow it.
 */
export const RAW_BODY_PATHS: readonly { prefix: string; contentType: string }[] = [
  { prefix: "/api/admin/audio/uploads", contentType: "application/offset+octet-stream" },
];

function acceptsRawBody(target: string, contentType: string | null | undefined): boolean {
  let pathname: string;
  try {
    pathname = new URL(target, "http://x").pathname;
  } catch {
    return false;
  }
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return RAW_BODY_PATHS.some((entry) => type === entry.contentType && (pathname === entry.prefix || pathname.startsWith(`${entry.prefix}/`)));
}
const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD"]);

export interface Refusal {
  status: 400 | 415;
  message: string;
}

export interface RequestInput {
  method: string;
  /** The request target as received: path and query, still percent-encoded. */
  target: string;
  contentType: string | null | undefined;
  /** Whether the request carries a non-empty body. */
  hasBody: boolean;
}

export function isFormContentType(contentType: string | null | undefined): boolean {
  return FORM_TYPES.has((contentType ?? "").split(";")[0]!.trim().toLowerCase());
}

/** Why this request must be refused before any route runs, or null. */
export function checkRequestInput({ method, target, contentType, hasBody }: RequestInput): Refusal | null {
  let decoded: string;
  try {
    // Throws on "%" not followed by two hex digits and on bytes that are not UTF-8.
    decoded = decodeURIComponent(target);
  } catch {
    return { status: 400, message: INPUT_MESSAGES.badEncoding };
  }
  if (decoded.includes("\0")) return { status: 400, message: INPUT_MESSAGES.nulInUrl };
  if (hasBody && !METHODS_WITHOUT_BODY.has(method.toUpperCase()) && !isFormContentType(contentType) && !acceptsRawBody(target, contentType)) {
    return { status: 415, message: INPUT_MESSAGES.notAForm };
  }
  return null;
}

/** Whether a Node request announces a body (HTTP/1.1: a non-zero Content-Length or a Transfer-Encoding). */
export function announcesBody(headers: { "content-length"?: string; "transfer-encoding"?: string }): boolean {
  return headers["transfer-encoding"] !== undefined || Number(headers["content-length"] ?? 0) > 0;
}

function refusalResponse({ status, message }: Refusal): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** Whether a target is a path (origin-form) under a Host header the URL parser accepts as host[:port]. */
export function isOriginForm(target: string, host: string | undefined): boolean {
  if (!target.startsWith("/") || target.startsWith("//")) return false;
  if (!host) return false;
  try {
    const url = new URL(`http://${host}${target}`);
    return url.host.toLowerCase() === host.toLowerCase() || url.host === host.toLowerCase().replace(/:80$/, "");
  } catch {
    return false;
  }
}

/** Express middleware (server.ts): answers `checkRequestInput`'s refusals before Remix sees the request. */
export function refuseBadRequestInput() {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    // Remix builds the request URL from the Host header and the target: a Host with
    // spaces or a bad port, or an absolute-form target, would fail there as a 500.
    if (!isOriginForm(req.originalUrl, req.get("host"))) {
      res.status(400).set("Content-Type", "text/plain; charset=utf-8").set("Cache-Control", "no-store").send(INPUT_MESSAGES.badTarget);
      return;
    }
    const refusal = checkRequestInput({
      method: req.method,
      target: req.originalUrl,
      contentType: req.get("content-type"),
      hasBody: announcesBody(req.headers),
    });
    if (!refusal) return next();
    res.status(refusal.status).set("Content-Type", "text/plain; charset=utf-8").set("Cache-Control", "no-store").send(refusal.message);
  };
}

/** Segments of a form field name's path as conform reads it: `a.b[0].c` -> 4. */
function nameSegments(name: string): number {
  let segments = 1;
  for (const char of name) if (char === "." || char === "[") segments += 1;
  return segments;
}

/** The largest `[n]` in a field name (-1 when it has none). */
function largestListIndex(name: string): number {
  let largest = -1;
  for (const match of name.matchAll(/\[(\d+)\]/g)) largest = Math.max(largest, match[1]!.length > 6 ? Infinity : Number(match[1]));
  return largest;
}

function refuseForm(message: string, status: Refusal["status"] = 400): never {
  throw refusalResponse({ status, message });
}

/**
 * The request's form, checked: the one way an action reads its form.
 *
 * Throws a Response (Remix answers it as is: the route's error boundary for a
 * page, the plain message for a resource route):
 * - 415 for a body that is not a form (same answer as the request check, for
 *   callers that run without server.ts); an empty body without a type is an
 *   empty form, as a bodiless POST means nothing was filled in;
 * - 400 for a form that cannot be parsed, a NUL in any field name, value or
 *   file name, a field name longer than FORM_LIMITS.maxNameLength or with more
 *   than FORM_LIMITS.maxNameSegments path segments, more than
 *   FORM_LIMITS.maxFields fields.
 *
 * The body's size is bounded before this runs (body-limit.server.ts), so
 * reading it whole here is safe.
 */
export async function readFormData(request: Request): Promise<FormData> {
  if (!isFormContentType(request.headers.get("content-type"))) {
    const body = await request.text().catch(() => refuseForm(INPUT_MESSAGES.unreadable));
    if (body.length > 0) refuseForm(INPUT_MESSAGES.notAForm, 415);
    return new FormData();
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    refuseForm(INPUT_MESSAGES.unreadable);
  }
  let fields = 0;
  for (const [name, value] of form) {
    fields += 1;
    if (fields > FORM_LIMITS.maxFields) refuseForm(INPUT_MESSAGES.tooManyFields);
    if (name.includes("\0")) refuseForm(INPUT_MESSAGES.nul);
    if (name.length > FORM_LIMITS.maxNameLength) refuseForm(INPUT_MESSAGES.nameTooLong);
    if (nameSegments(name) > FORM_LIMITS.maxNameSegments) refuseForm(INPUT_MESSAGES.nameTooDeep);
    if (largestListIndex(name) > FORM_LIMITS.maxListIndex) refuseForm(INPUT_MESSAGES.indexTooLarge);
    if ((typeof value === "string" ? value : value.name).includes("\0")) refuseForm(INPUT_MESSAGES.nul);
  }
  return form;
}
