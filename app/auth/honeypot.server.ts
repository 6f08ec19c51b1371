/**
 * Honeypot for the public auth forms: the browser side is remix-utils 7's
 * <HoneypotInputs> (a hidden field bots fill in, plus an encrypted "rendered
 * at" stamp). The server side speaks the same protocol as remix-utils'
 * `Honeypot` class (same field names, same checks) but encrypts with
 * node:crypto (AES-256-GCM), because remix-utils' class needs the optional
 * `crypto-js` package, which is not installed. The key is derived from the
 * session secret, so every server instance agrees on it.
 */
import crypto from "node:crypto";
import { getRuntime } from "~/platform/runtime.server";

export const HONEYPOT_NAME_FIELD = "name__confirm";
export const HONEYPOT_VALID_FROM_FIELD = "from__confirm";

/** The props <HoneypotProvider> expects (remix-utils' HoneypotInputProps). */
export interface HoneypotInputProps {
  nameFieldName: string;
  validFromFieldName: string;
  encryptedValidFrom: string;
}

export class SpamError extends Error {
  override name = "SpamError";
}

function key(): Buffer {
  return crypto.createHmac("sha256", getRuntime().sessionSecret).update("hit-factory:honeypot").digest();
}

function encrypt(text: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

function decrypt(value: string): string | null {
  try {
    const raw = Buffer.from(value, "base64url");
    const decipher = crypto.createDecipheriv("aes-256-gcm", key(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

export function honeypotInputProps(validFromTimestamp = Date.now()): HoneypotInputProps {
  return {
    nameFieldName: HONEYPOT_NAME_FIELD,
    validFromFieldName: HONEYPOT_VALID_FROM_FIELD,
    encryptedValidFrom: encrypt(String(validFromTimestamp)),
  };
}

/**
 * Throws SpamError for an automated-looking submission: a filled honeypot, a
 * missing or forged stamp, or a stamp from the future. Stricter than
 * remix-utils' check, which lets a post omitting both fields through: our
 * forms always send them.
 */
export function checkHoneypot(formData: FormData, now = Date.now()): void {
  if (!formData.has(HONEYPOT_NAME_FIELD)) throw new SpamError("Missing honeypot input");
  if (formData.get(HONEYPOT_NAME_FIELD) !== "") throw new SpamError("Honeypot input not empty");
  const stamp = formData.get(HONEYPOT_VALID_FROM_FIELD);
  if (typeof stamp !== "string" || !stamp) throw new SpamError("Missing honeypot valid from input");
  const time = Number(decrypt(stamp));
  if (!Number.isFinite(time) || time <= 0) throw new SpamError("Invalid honeypot valid from input");
  if (time > now) throw new SpamError("Honeypot valid from is in future");
}

export function isSpam(formData: FormData): boolean {
  try {
    checkHoneypot(formData);
    return false;
  } catch (error) {
    if (error instanceof SpamError) return true;
    throw error;
  }
}

/** The fields a rendered form carries (for tests that post like a browser). */
export function honeypotFormFields(): Record<string, string> {
  return { [HONEYPOT_NAME_FIELD]: "", [HONEYPOT_VALID_FROM_FIELD]: honeypotInputProps(Date.now() - 1000).encryptedValidFrom };
}
