/**
 * E-mail addresses and phone numbers as people type them, normalised once so
 * "Ada@Example.com" and "ada@example.com", or "+44 20 7946 0958" and
 * "+442079460958", name the same account. Shared by forms and adapters.
 */
export const PHONE_PATTERN = /^\+[1-9][0-9]{6,14}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** E.164 with a leading +; punctuation and spaces are dropped, a leading 00 becomes +. */
export function normalizePhone(value: string): string {
  let digits = value.trim().replace(/[\s().-]/g, "");
  if (digits.startsWith("00")) digits = `+${digits.slice(2)}`;
  if (!digits.startsWith("+")) digits = `+${digits}`;
  return digits;
}

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(value));
}

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(normalizeEmail(value));
}

export type ParsedIdentifier = { email: string } | { phone: string };

/** "Email or phone number" fields: an @ means e-mail, otherwise a phone number. */
export function parseIdentifier(value: string): ParsedIdentifier | null {
  const trimmed = value.trim();
  if (trimmed.includes("@")) return isValidEmail(trimmed) ? { email: normalizeEmail(trimmed) } : null;
  return isValidPhone(trimmed) ? { phone: normalizePhone(trimmed) } : null;
}

/** What a person sees when we say where a code went: "a***@example.com", "+44•••••0958". */
export function maskIdentifier(identifier: ParsedIdentifier): string {
  if ("email" in identifier) {
    const [local = "", domain = ""] = identifier.email.split("@");
    return `${local.slice(0, 1)}***@${domain}`;
  }
  const phone = identifier.phone;
  return `${phone.slice(0, 3)}${"•".repeat(Math.max(phone.length - 7, 1))}${phone.slice(-4)}`;
}
