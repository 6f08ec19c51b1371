/**
 * What leaves for Sentry, scrubbed (SPEC §8): every string an error event, a
 * transaction, a replay event or a breadcrumb carries goes through the same
 * scrubber as the error text people see (app/shared/sanitize.ts: IP addresses
 * -> [IP], e-mails -> [EMAIL], long alphanumeric strings -> [TOKEN], cut to
 * 200 characters), and what is personal by nature is dropped:
 *  - request: cookies, the body, the environment (the client's address) and
 *    the headers that carry credentials or addresses (Cookie, Authorization,
 *    X-Forwarded-For...); the URL, the query and the other headers scrubbed;
 *  - user: only the id is kept (no e-mail, name or IP address);
 *  - extra, contexts, tags, breadcrumbs' data, spans' data: scrubbed at any
 *    depth, keys that name a secret or an address dropped.
 * Sentry's own identifiers (trace, span, replay, event ids) are left alone:
 * they are random, and scrubbing them as "tokens" would break the links
 * between an error, its trace and its replay.
 *
 * Pure and browser-safe: the browser (sentry.client.ts) and the server
 * (sentry.server.ts) pass these as beforeSend, beforeSendTransaction and
 * beforeBreadcrumb. Nothing here mutates its input.
 */
import { scrubErrorText } from "~/shared/sanitize";

type Json = Record<string, unknown>;

/** Keys whose value is a secret or an address: dropped wherever they appear. */
const SECRET_KEY =
  /cookie|authori[sz]ation|password|passwd|secret|token|api[-_]?key|session|^x-forwarded-for$|^x-real-ip$|^forwarded$|connecting-ip|client-ip|^ip$|ip_address|^email$|^remote_addr$/i;

/** Sentry's random identifiers, which tie an error to its trace and replay. */
const SENTRY_ID_KEY = /^(?:trace_id|span_id|parent_span_id|event_id|replay_id|replayId|profile_id|segment_id|sid|__span|release|dist)$/;

/** Deeper than any event Sentry builds; what is below is dropped rather than walked. */
const MAX_DEPTH = 8;

/**
 * One string, scrubbed as SPEC §8 says; empty stays empty (it is not an error
 * text). Percent-encoding is decoded first, so "jane%40example.com" in a URL
 * is an e-mail like any other.
 */
export function scrubString(value: string): string {
  if (value.trim() === "") return value;
  return scrubErrorText(/%[0-9A-Fa-f]{2}/.test(value) ? decodeLeniently(value) : value);
}

function decodeLeniently(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // Broken encoding somewhere: decode what can be decoded, piece by piece.
    return value.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

function isPlainObject(value: unknown): value is Json {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Any JSON-like value, scrubbed at every depth; secret keys dropped, Sentry's ids kept. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubString(value);
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  if (isPlainObject(value)) {
    const out: Json = {};
    for (const [key, item] of Object.entries(value)) {
      if (SECRET_KEY.test(key)) continue;
      out[key] = SENTRY_ID_KEY.test(key) ? item : scrubValue(item, depth + 1);
    }
    return out;
  }
  // Numbers, booleans, null, undefined; anything else (a Date, an Error) as its scrubbed text.
  if (value === null || value === undefined || typeof value === "number" || typeof value === "boolean") return value;
  return scrubString(String(value));
}

function scrubHeaders(headers: unknown): Json | undefined {
  if (!isPlainObject(headers)) return undefined;
  return scrubValue(headers) as Json;
}

function scrubQuery(query: unknown): unknown {
  if (typeof query === "string") return scrubString(query);
  // [[name, value], ...] or { name: value }
  return scrubValue(query);
}

function scrubRequest(request: unknown): Json | undefined {
  if (!isPlainObject(request)) return undefined;
  const out: Json = {};
  if (typeof request.method === "string") out.method = request.method;
  if (typeof request.url === "string") out.url = scrubString(request.url);
  if (request.query_string !== undefined) out.query_string = scrubQuery(request.query_string);
  const headers = scrubHeaders(request.headers);
  if (headers) out.headers = headers;
  // cookies, data (a form's fields: passwords among them) and env (REMOTE_ADDR) never leave.
  return out;
}

function scrubException(exception: unknown): unknown {
  if (!isPlainObject(exception) || !Array.isArray(exception.values)) return exception;
  return {
    ...exception,
    values: exception.values.map((entry) => {
      if (!isPlainObject(entry)) return entry;
      const out: Json = { ...entry };
      if (typeof entry.value === "string") out.value = scrubString(entry.value);
      if (isPlainObject(entry.stacktrace) && Array.isArray(entry.stacktrace.frames)) {
        // A frame's local variables could hold anything a function had in hand: never sent.
        out.stacktrace = {
          ...entry.stacktrace,
          frames: entry.stacktrace.frames.map((frame) => {
            if (!isPlainObject(frame)) return frame;
            const { vars: _vars, ...rest } = frame;
            return rest;
          }),
        };
      }
      if (isPlainObject(entry.mechanism) && entry.mechanism.data !== undefined) {
        out.mechanism = { ...entry.mechanism, data: scrubValue(entry.mechanism.data) };
      }
      return out;
    }),
  };
}

function scrubSpans(spans: unknown): unknown {
  if (!Array.isArray(spans)) return spans;
  return spans.map((span) => {
    if (!isPlainObject(span)) return span;
    const out: Json = { ...span };
    if (typeof span.description === "string") out.description = scrubString(span.description);
    if (span.data !== undefined) out.data = scrubValue(span.data);
    return out;
  });
}

/** A breadcrumb (a console line, a fetch, a navigation), scrubbed. */
export function scrubBreadcrumb<T extends object>(breadcrumb: T): T {
  const crumb = breadcrumb as Json;
  const out: Json = { ...crumb };
  if (typeof crumb.message === "string") out.message = scrubString(crumb.message);
  if (crumb.data !== undefined) out.data = scrubValue(crumb.data);
  return out as T;
}

/**
 * An event (error, message, transaction or replay event), scrubbed before it
 * leaves. Returns a copy; the fields this module does not know are copied as
 * they are only when they cannot hold text a person wrote or an address.
 */
export function scrubEvent<T extends object>(event: T): T {
  const source = event as Json;
  const out: Json = { ...source };
  if (typeof source.message === "string") out.message = scrubString(source.message);
  if (isPlainObject(source.logentry)) {
    out.logentry = {
      ...source.logentry,
      message: typeof source.logentry.message === "string" ? scrubString(source.logentry.message) : source.logentry.message,
      params: scrubValue(source.logentry.params),
    };
  }
  if (source.exception !== undefined) out.exception = scrubException(source.exception);
  if (typeof source.transaction === "string") out.transaction = scrubString(source.transaction);
  if (source.request !== undefined) {
    const request = scrubRequest(source.request);
    if (request) out.request = request;
    else delete out.request;
  }
  if (source.user !== undefined) {
    const id = isPlainObject(source.user) ? source.user.id : undefined;
    if (typeof id === "string" || typeof id === "number") out.user = { id };
    else delete out.user;
  }
  for (const key of ["extra", "contexts", "tags"] as const) {
    if (source[key] !== undefined) out[key] = scrubValue(source[key]);
  }
  if (Array.isArray(source.breadcrumbs)) {
    out.breadcrumbs = source.breadcrumbs.map((crumb) => (isPlainObject(crumb) ? scrubBreadcrumb(crumb) : crumb));
  }
  if (source.spans !== undefined) out.spans = scrubSpans(source.spans);
  // A replay event lists the pages it saw (shared links carry their token in the path).
  if (Array.isArray(source.urls)) out.urls = source.urls.map((url) => (typeof url === "string" ? scrubString(url) : url));
  return out as T;
}
