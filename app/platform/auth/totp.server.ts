/**
 * TOTP for two-factor sign-in on the embedded adapter (RFC 6238: SHA-1, six
 * digits, 30-second steps, what every authenticator app reads from a QR code),
 * through otpauth (ADR 0099), and the secret's encryption at rest.
 *
 * A code is accepted for the step before, the step of and the step after now
 * (a phone's clock a little off, a code typed as it turns over), and once:
 * `verifyTotp` answers the step that matched, and the caller refuses any step
 * at or before the last one accepted for the factor.
 */
import crypto from "node:crypto";
import * as OTPAuth from "otpauth";
import { PRODUCT_NAME } from "~/shared/constants";
import { deriveKey } from "./tokens.server";

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count. */
export const TOTP_WINDOW = 1;

function totpFor(secretBase32: string, label = "account"): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret, in the base32 an authenticator app takes. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The otpauth:// URI the QR code carries: issuer, the account's label, the secret. */
export function totpUri(secretBase32: string, label: string): string {
  return totpFor(secretBase32, label).toString();
}

/** The code for a moment (tests, and the e2e fixtures that enrol a persona). */
export function totpCode(secretBase32: string, at: Date = new Date()): string {
  return totpFor(secretBase32).generate({ timestamp: at.getTime() });
}

/** The step a moment falls in. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S);
}

/** The step whose code `code` is, within the window around `at`; null when it is none of them. */
export function verifyTotp(secretBase32: string, code: string, at: Date): number | null {
  const token = code.replace(/\s+/g, "");
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
  const delta = totpFor(secretBase32).validate({ token, timestamp: at.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : totpStep(at) + delta;
}

/**
 * AES-256-GCM under a key of its own per label, derived from the session
 * secret: iv.tag.ciphertext in base64url. For what must be kept from anyone
 * holding a copy of the data (a factor's secret) or the cookie (a set-up in
 * progress): unreadable, and any change to it is refused.
 */
export function sealText(sessionSecret: string, label: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", deriveKey(sessionSecret, label), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

export function unsealText(sessionSecret: string, label: string, sealed: string): string | null {
  const [iv, tag, body, extra] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !body || extra || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", deriveKey(sessionSecret, label), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

const FACTOR_SECRET = "mfa-totp-secret";
export const encryptSecret = (sessionSecret: string, plain: string) => sealText(sessionSecret, FACTOR_SECRET, plain);
export const decryptSecret = (sessionSecret: string, sealed: string) => unsealText(sessionSecret, FACTOR_SECRET, sealed);
