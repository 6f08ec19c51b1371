/**
 * Same-site redirect targets only. remix-utils' safeRedirect lets paths such
 * as "/\t/evil.com" through; browsers strip tabs and newlines from URLs and
 * land on //evil.com. This refuses any control character or backslash outright
 * and then checks that the path resolves to the same origin.
 */
const FORBIDDEN = /[\x00-\x1f\x7f\\]/;
const BASE = "http://x";

export function safeSameSitePath(to: unknown, fallback = "/"): string {
  if (typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (FORBIDDEN.test(to)) return fallback;
  try {
    if (new URL(to, BASE).origin !== BASE) return fallback;
  } catch {
    return fallback;
  }
  return to;
}
