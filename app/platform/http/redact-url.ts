/**
 * Secrets out of logged URLs (the request log, server.ts; docs/decisions/0077).
 *
 * Some URLs carry a capability: a shortlist share token in the path
 * (/listen/<token>, /api/listen/<token>/<songId>), a calendar subscription
 * (/calendar/feed/<token>), an offer token or a
 * signed-file token in the query (/accept?token=...), a one-time code
 * (?code=...), and the same again inside a percent-encoded redirect
 * (/auth?redirect=%2Faccept%3Ftoken%3D...). Anyone who can read the log could
 * use them. `redactUrl` replaces those values with "[redacted]" and leaves
 * the rest of the URL as it was, byte for byte, so the log still says which
 * page was asked for. Pure, no dependencies: used by the morgan tokens of
 * app/platform/http/request-log.server.ts.
 */

export const REDACTED = "[redacted]";

/** Query parameter names whose values are secrets (compared case-insensitively). */
const SECRET_PARAMS = new Set([
  "token",
  "code",
  "access_token",
  "refresh_token",
  "id_token",
  "token_hash",
  "signature",
  "sig",
  "password",
  "secret",
  "otp",
  "key",
  "apikey",
  "api_key",
]);

/** Any name ending in "token" or "secret" too (offerToken, share_token, client_secret). */
const SECRET_PARAM_SUFFIX = /(token|secret)$/i;

/** Path prefixes whose next segment is a capability (a shortlist share; a calendar subscription, ADR 0088). */
const SECRET_PATH = /^((?:\/api)?\/listen\/|\/calendar\/feed\/)[^/?#]+/i;

/** How deep redirects inside redirects are followed (each level is encoded once more). */
const MAX_DEPTH = 4;

export function isSecretParam(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_PARAMS.has(lower) || SECRET_PARAM_SUFFIX.test(lower);
}

/**
 * The URL (a path with query, or an absolute URL such as a Referer) with the
 * secrets in it replaced by "[redacted]". Never throws: a malformed part is
 * left as it was, or redacted when it cannot be read.
 */
export function redactUrl(url: string, depth = 0): string {
  if (!url) return url;
  // An absolute URL: keep scheme and host, redact the rest.
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? "";
  const rest = url.slice(origin.length);
  const hashAt = rest.indexOf("#");
  const beforeHash = hashAt < 0 ? rest : rest.slice(0, hashAt);
  const hash = hashAt < 0 ? "" : redactFragment(rest.slice(hashAt), depth);
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? null : beforeHash.slice(queryAt + 1);
  return origin + redactPath(path) + (query === null ? "" : "?" + redactQuery(query, depth)) + hash;
}

function redactPath(path: string): string {
  const redacted = path.replace(SECRET_PATH, `$1${REDACTED}`);
  if (redacted !== path || (!path.includes("%") && !path.includes("."))) return redacted;
  // The router matches the decoded path with its dot segments resolved (/calendar/f%65ed/<token> and
  // /calendar/x/../feed/<token> are the feed): so does this.
  let decoded: string;
  try {
    decoded = resolveDotSegments(decodeURIComponent(path));
  } catch {
    return path;
  }
  return SECRET_PATH.test(decoded) ? decoded.replace(SECRET_PATH, `$1${REDACTED}`) : path;
}

/** The path as URL parsing leaves it: "." and ".." segments (also encoded ones, decoded before) resolved. */
function resolveDotSegments(path: string): string {
  const out: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === ".") continue;
    if (segment === "..") {
      if (out.length > 1) out.pop();
      continue;
    }
    out.push(segment);
  }
  return out.join("/") || "/";
}

/** A fragment never reaches the server, but a Referer may hold one (#access_token=...). */
function redactFragment(fragment: string, depth: number): string {
  return fragment.includes("=") ? "#" + redactQuery(fragment.slice(1), depth) : fragment;
}

function redactQuery(query: string, depth: number): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals < 0) return pair;
      const rawName = pair.slice(0, equals);
      const rawValue = pair.slice(equals + 1);
      const name = decodeOrNull(rawName) ?? rawName;
      if (isSecretParam(name)) return rawValue === "" ? pair : `${rawName}=${REDACTED}`;
      return `${rawName}=${redactNestedValue(rawValue, depth)}`;
    })
    .join("&");
}

/** A value that is itself a URL (a redirect target): redacted inside, re-encoded only if something changed. */
function redactNestedValue(rawValue: string, depth: number): string {
  if (rawValue === "") return rawValue;
  const value = decodeOrNull(rawValue);
  if (value === null) {
    // Unreadable percent-encoding: it cannot be checked, so it is not logged.
    return /%/.test(rawValue) ? REDACTED : rawValue;
  }
  if (!looksLikeUrl(value)) return rawValue;
  if (depth >= MAX_DEPTH) return REDACTED;
  // "a=1&token=x" without a path is a query string of its own.
  const bareQuery = !value.startsWith("/") && !value.includes("?") && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  const redacted = bareQuery ? redactQuery(value, depth + 1) : redactUrl(value, depth + 1);
  return redacted === value ? rawValue : encodeURIComponent(redacted).replace(/%5B/g, "[").replace(/%5D/g, "]");
}

const looksLikeUrl = (value: string) => value.startsWith("/") || value.includes("?") || value.includes("=") || /^[a-z][a-z0-9+.-]*:\/\//i.test(value);

function decodeOrNull(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return null;
  }
}
