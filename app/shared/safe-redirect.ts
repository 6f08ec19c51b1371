/**
 * Same-site redirect targets only. remix-utils' safeRedirect lets paths such
 * as "/\t/evil.com" through; browsers strip tabs and newlines from URLs and
 * land on //evil.com. This refuses any control character or backslash outright
 * and then checks that the path resolves to the same origin.
 *
 * The path is returned as the URL parser serialises it: anything above U+007F
 * (and spaces, quotes...) percent-encoded, dot segments resolved. A Location
 * header can hold only bytes up to U+00FF, so a raw "/€" would fail as a 500
 * where the redirect is written; the encoded form leads to the same page.
 */
const FORBIDDEN = /[\x00-\x1f\x7f\\]/;
const BASE = "http://x";

export function safeSameSitePath(to: unknown, fallback = "/"): string {
  if (typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (FORBIDDEN.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  // Resolving dot segments can turn "/.//evil.com" into "//evil.com", which a
  // browser reads as another host: refused like any "//" path.
  if (path.startsWith("//")) return fallback;
  return path;
}
