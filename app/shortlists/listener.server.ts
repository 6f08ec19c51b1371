/**
 * Who is listening to a shared shortlist: a random id in an httpOnly cookie,
 * set by the share page and SIGNED by the server (HMAC-SHA256 with a key
 * derived from the session secret), so a script cannot invent listeners: an
 * unsigned or forged cookie is no listener at all (nothing is counted; the
 * share page issues a fresh, signed one). The database keeps only the
 * SHA-256 of the id (listener_key), so the plays table cannot be joined back
 * to a browser's cookie. Also the rate limits of the share pages (guessed
 * tokens, play reports) and the key of the per-address play cap.
 * docs/decisions/0074-shortlists-and-share-links.md
 */
import crypto from "node:crypto";
import type { RateLimitRule } from "~/platform/rate-limit.server";
import { parseCookieHeader } from "~/platform/auth/cookies.server";
import { getRuntime } from "~/platform/runtime.server";
import { requestContext } from "~/auth/request-context.server";
import { LISTENER_COOKIE, LISTENER_COOKIE_MAX_AGE_S } from "./constants";
import { newRandomToken, sha256Hex } from "./shortlists.server";

/** `<43-char random id>.<43-char HMAC of it>` (both base64url). */
const SIGNED_LISTENER_SHAPE = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

const derivedKey = (secret: string, label: string) => crypto.createHmac("sha256", secret).update(`hit-factory:${label}`).digest();

function listenerSignature(id: string, secret = getRuntime().sessionSecret): string {
  return crypto.createHmac("sha256", derivedKey(secret, "shortlist-listener/v1")).update(id).digest("base64url");
}

/** A new listener cookie value, signed by this server. */
export function signListenerId(id: string = newRandomToken(), secret?: string): string {
  return `${id}.${listenerSignature(id, secret)}`;
}

/** The listener id of a cookie value this server signed, or null (unsigned, forged, malformed). */
export function verifyListenerValue(value: string | undefined, secret?: string): string | null {
  const match = value ? SIGNED_LISTENER_SHAPE.exec(value) : null;
  if (!match) return null;
  const [, id, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(listenerSignature(id, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null;
}

/** The listener's key (hash of the signed cookie's id), or null without a valid signed cookie. */
export function listenerKey(request: Request): string | null {
  const value = parseCookieHeader(request.headers.get("cookie")).find((cookie) => cookie.name === LISTENER_COOKIE)?.value;
  const id = verifyListenerValue(value);
  return id ? sha256Hex(id) : null;
}

/**
 * The share page: keeps the listener's valid cookie, or sets a new signed one
 * (replacing a missing, unsigned or forged one) through the request's cookie
 * jar (server.ts sends it with the response and marks the response private,
 * no-store). Returns the listener's key.
 */
export function ensureListener(request: Request): string {
  const known = listenerKey(request);
  if (known) return known;
  const id = newRandomToken();
  requestContext(request).jar.set({
    name: LISTENER_COOKIE,
    value: signListenerId(id),
    options: { path: "/", httpOnly: true, sameSite: "lax", secure: process.env.NODE_ENV === "production", maxAge: LISTENER_COOKIE_MAX_AGE_S },
  });
  return sha256Hex(id);
}

/**
 * The key under which plays count against the per-address cap: an HMAC of
 * the network address (hex), so the plays table holds no address in clear
 * (a plain hash of an IPv4 address is reversed by trying them all).
 */
export function addressKey(address: string, secret = getRuntime().sessionSecret): string {
  return crypto.createHmac("sha256", derivedKey(secret, "shortlist-play-address/v1")).update(address).digest("hex");
}

/** The client's network address (the per-request scope knows it; a direct call in a test may not). */
export function clientAddress(request: Request): string {
  try {
    return requestContext(request).clientAddress;
  } catch {
    return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
  }
}

export const LISTEN_LIMITS = {
  /** Unknown tokens tried from one address: a guesser of a 256-bit token gets nowhere anyway; this keeps the noise down. */
  tokenGuesses: { name: "listen-token:address", limit: 20, windowMs: 15 * 60_000, message: "Too many unknown links." },
  /** Play reports from one address (each must follow 30 s of listening: far above what people do). */
  playReports: { name: "listen-report:address", limit: 300, windowMs: 60 * 60_000, message: "Too many play reports." },
} as const satisfies Record<string, RateLimitRule>;
