/**
 * SPEC §5 text sanitising and §8 error scrubbing. Pure functions, used on the
 * server before anything untrusted is stored or shown, and unit-tested.
 */
import { ERROR_TEXT_MAX, SANITISED_TEXT_MAX, TEXT } from "./constants";

const TAG = /<\/?[a-zA-Z!][^<>]*>/g;
const DANGEROUS_SCHEMES = /(?:javascript|data|vbscript)\s*:/gi;

/**
 * Trim, cut to 1000 characters, strip HTML tags keeping their text, then
 * remove `<`, `>` and the javascript:, data: and vbscript: schemes.
 */
export function sanitizeText(input: unknown, max = SANITISED_TEXT_MAX): string {
  if (input === null || input === undefined) return "";
  let text = String(input).trim().slice(0, max);
  text = text.replace(TAG, "");
  text = text.replace(/[<>]/g, "");
  // Removing one scheme can join the halves of another ("javajavascript:script:"),
  // so repeat until nothing changes.
  let previous: string;
  do {
    previous = text;
    text = text.replace(DANGEROUS_SCHEMES, "");
  } while (text !== previous);
  return text;
}

/** '{label} must be no more than {max} characters' */
export function lengthMessage(label: string, max: number): string {
  return TEXT.lengthMessage(label, max);
}

const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;
// Full form (8 groups) or compressed with "::". Not "12:30:45", a clock time.
const IPV6 =
  /\b(?:[0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}\b|\b(?:[0-9a-fA-F]{1,4}:){1,6}:(?:[0-9a-fA-F]{1,4}(?::[0-9a-fA-F]{1,4})*\b)?|::(?:[0-9a-fA-F]{1,4}:){0,6}[0-9a-fA-F]{1,4}\b/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** Long runs of letters and digits look like keys, tokens or hashes. */
const LONG_TOKEN = /\b[A-Za-z0-9_\-]{24,}\b/g;

/**
 * SPEC §8: error text shown to users has IP addresses replaced by [IP],
 * e-mails by [EMAIL], long alphanumeric strings by [TOKEN], and is cut to 200.
 */
export function scrubErrorText(input: unknown): string {
  const text = input instanceof Error ? input.message : String(input ?? "");
  if (!text.trim()) return TEXT.genericError;
  return text
    .replace(EMAIL, "[EMAIL]")
    .replace(IPV4, "[IP]")
    .replace(IPV6, "[IP]")
    .replace(LONG_TOKEN, (match) => (/[A-Za-z]/.test(match) && /\d/.test(match) ? "[TOKEN]" : match.length >= 32 ? "[TOKEN]" : match))
    .slice(0, ERROR_TEXT_MAX);
}

export const GENERIC_ERROR_MESSAGE = TEXT.genericError;
