/**
 * Cookie plumbing shared by the auth adapters: a per-request jar that reads
 * the request's cookies, records what the request sets, and shows later reads
 * the values set earlier (so an action that refreshed a session and a loader
 * running after it in the same request agree).
 */
import crypto from "node:crypto";
import type { CookieJar, CookieOptions, CookieToSet } from "./port";

export function parseCookieHeader(header: string | null | undefined): { name: string; value: string }[] {
  if (!header) return [];
  const cookies: { name: string; value: string }[] = [];
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name) continue;
    let value = part.slice(index + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // Keep the raw value: a cookie we did not write may use any encoding.
    }
    cookies.push({ name, value });
  }
  return cookies;
}

export function serializeCookie({ name, value, options }: CookieToSet): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  parts.push(`Path=${options.path ?? "/"}`);
  if (options.domain) parts.push(`Domain=${options.domain}`);
  if (options.maxAge !== undefined) {
    parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
    const expires = options.expires ?? new Date(Date.now() + Math.floor(options.maxAge) * 1000);
    parts.push(`Expires=${(options.maxAge <= 0 ? new Date(0) : expires).toUTCString()}`);
  } else if (options.expires) {
    parts.push(`Expires=${options.expires.toUTCString()}`);
  }
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  if (options.sameSite) {
    const sameSite = options.sameSite === true ? "Strict" : options.sameSite;
    parts.push(`SameSite=${sameSite[0]!.toUpperCase()}${sameSite.slice(1)}`);
  }
  return parts.join("; ");
}

/** Name of the cookie a Set-Cookie header sets. */
export function setCookieName(header: string): string {
  return header.slice(0, header.indexOf("=")).trim();
}

/** HttpOnly, SameSite=Lax, Secure in production: the options of every auth cookie. */
export function authCookieOptions(maxAgeSeconds?: number): CookieOptions {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: process.env.NODE_ENV === "production",
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  };
}

export interface RecordingCookieJar extends CookieJar {
  /** Set-Cookie header values, the last one per cookie name. */
  setCookieHeaders(): string[];
}

export function createCookieJar(cookieHeader: string | null | undefined): RecordingCookieJar {
  const current = new Map(parseCookieHeader(cookieHeader).map((c) => [c.name, c.value]));
  const pending = new Map<string, string>();
  return {
    getAll: () => [...current].map(([name, value]) => ({ name, value })),
    get: (name) => current.get(name),
    set(cookie) {
      const removed = cookie.value === "" || (cookie.options.maxAge !== undefined && cookie.options.maxAge <= 0);
      if (removed) current.delete(cookie.name);
      else current.set(cookie.name, cookie.value);
      pending.set(cookie.name, serializeCookie(cookie));
    },
    setCookieHeaders: () => [...pending.values()],
  };
}

/** An HMAC-signed cookie value: base64url(JSON) + "." + signature. */
export function signValue(payload: unknown, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  return `${body}.${hmac(secret, body)}`;
}

export function unsignValue<T>(value: string | undefined, secret: string): T | null {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 0) return null;
  const body = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(hmac(secret, body));
  if (signature.length !== expected.length || !crypto.timingSafeEqual(signature, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as T;
  } catch {
    return null;
  }
}

function hmac(secret: string, data: string): string {
  return crypto.createHmac("sha256", secret).update(data).digest("base64url");
}
