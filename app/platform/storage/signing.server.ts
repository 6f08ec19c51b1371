/**
 * Signed object URLs of the local storage adapter:
 *
 *   /storage/v1/object/sign/<bucket>/<path>?token=<expiry>.<mac>
 *
 * <mac> is HMAC-SHA256 over the bucket, the path and the expiry (seconds since
 * the epoch) with a key derived from the session secret, so a URL cannot be
 * moved to another object or given a longer life. The layout matches Supabase
 * Storage's signed URLs, so parseStorageUrl reads both the same way.
 */
import crypto from "node:crypto";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import { assertValidObject, encodeObjectPath } from "./paths";

export const SIGNED_URL_PREFIX = "/storage/v1/object/sign/";

export type TokenCheck = "valid" | "expired" | "invalid";

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** A 32-byte signing key for storage URLs, separate from the one that signs session cookies. */
export function deriveStorageKey(sessionSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", sessionSecret, "hit-factory/storage", "signed-object-urls/v1", 32));
}

function mac(key: Buffer, bucket: string, path: string, expiresAt: number): string {
  return crypto.createHmac("sha256", key).update(`v1\n${bucket}\n${path}\n${expiresAt}`).digest("base64url");
}

export function signToken(key: Buffer, bucket: string, path: string, expiresAt: number): string {
  return `${expiresAt}.${mac(key, bucket, path, expiresAt)}`;
}

export function signObjectUrl(
  key: Buffer,
  bucket: string,
  path: string,
  expiresIn: number = SIGNED_URL_TTL_S,
  now: Date = new Date(),
): string {
  assertValidObject(bucket, path);
  if (!Number.isInteger(expiresIn) || expiresIn <= 0) throw new RangeError("expiresIn must be a positive whole number of seconds");
  const expiresAt = Math.floor(now.getTime() / 1000) + expiresIn;
  return `${SIGNED_URL_PREFIX}${encodeURIComponent(bucket)}/${encodeObjectPath(path)}?token=${signToken(key, bucket, path, expiresAt)}`;
}

/**
 * Checks a token for an object. The MAC is checked before the expiry, so
 * "expired" is only ever said about a URL this server really issued.
 */
export function verifyToken(key: Buffer, bucket: string, path: string, token: string | null, now: Date = new Date()): TokenCheck {
  if (!token) return "invalid";
  const match = TOKEN.exec(token);
  if (!match) return "invalid";
  const expiresAt = Number(match[1]);
  const expected = Buffer.from(mac(key, bucket, path, expiresAt));
  const given = Buffer.from(match[2]);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return "invalid";
  return Math.floor(now.getTime() / 1000) < expiresAt ? "valid" : "expired";
}

/** Seconds a token stays valid from `now` (0 when expired or malformed); bounds Cache-Control. */
export function tokenSecondsLeft(token: string | null, now: Date = new Date()): number {
  const match = token ? TOKEN.exec(token) : null;
  if (!match) return 0;
  return Math.max(0, Number(match[1]) - Math.floor(now.getTime() / 1000));
}
