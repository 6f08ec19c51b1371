/**
 * Reads the catalogue's search box the way people type into search engines:
 *
 *   midnight avenue        songs with words starting "midnight" and "avenue"
 *   "midnight avenue"      the words in this order (a phrase)
 *   -remix  -"live take"   leave out songs with this word or phrase
 *
 * Words are reduced to letters and digits (in any script), lower-cased; a
 * token such as "r&b" or "don't" becomes a phrase of its pieces. The result
 * feeds both the full-text query and the typo-tolerant fallback.
 */
import { SEARCH_MAX_TERMS, SEARCH_TEXT_MAX } from "./constants";

export interface ParsedSearch {
  /** Single words that must all appear (matched as prefixes). */
  terms: string[];
  /** Word sequences that must appear in order. */
  phrases: string[][];
  /** Words or word sequences that must not appear. */
  exclusions: string[][];
  /** Every word that must appear (terms and phrase words), in the order typed. */
  positive: string[];
}

const WORD = /[\p{L}\p{N}]+/gu;

export function words(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().match(WORD) ?? [];
}

/** Splits the raw text into tokens: bare words, "quoted phrases", each maybe prefixed by '-'. */
function tokenize(text: string): { negated: boolean; quoted: boolean; text: string }[] {
  const tokens: { negated: boolean; quoted: boolean; text: string }[] = [];
  let index = 0;
  const input = text.replace(/[\u201c\u201d\u201e\u00ab\u00bb]/g, '"');
  while (index < input.length) {
    while (index < input.length && /\s/.test(input[index])) index++;
    if (index >= input.length) break;
    let negated = false;
    if (input[index] === "-" && index + 1 < input.length && !/\s/.test(input[index + 1])) {
      negated = true;
      index++;
    }
    if (input[index] === '"') {
      // An unclosed quote runs to the end of the text.
      const close = input.indexOf('"', index + 1);
      const end = close === -1 ? input.length : close;
      tokens.push({ negated, quoted: true, text: input.slice(index + 1, end) });
      index = end + 1;
    } else {
      let end = index;
      while (end < input.length && !/\s/.test(input[end]) && input[end] !== '"') end++;
      tokens.push({ negated, quoted: false, text: input.slice(index, end) });
      index = end;
    }
  }
  return tokens;
}

export function parseSearch(raw: string | undefined | null): ParsedSearch {
  const result: ParsedSearch = { terms: [], phrases: [], exclusions: [], positive: [] };
  if (!raw) return result;
  let budget = SEARCH_MAX_TERMS;
  for (const token of tokenize(raw.slice(0, SEARCH_TEXT_MAX))) {
    const pieces = words(token.text);
    if (pieces.length === 0 || budget <= 0) continue;
    budget--;
    if (token.negated) {
      result.exclusions.push(pieces);
    } else if (pieces.length > 1 || token.quoted) {
      // A quoted single word is matched exactly, not as a prefix.
      result.phrases.push(pieces);
      result.positive.push(...pieces);
    } else if (!result.terms.includes(pieces[0])) {
      result.terms.push(pieces[0]);
      result.positive.push(pieces[0]);
    }
  }
  return result;
}

export function isEmptySearch(search: ParsedSearch): boolean {
  return search.terms.length === 0 && search.phrases.length === 0 && search.exclusions.length === 0;
}

/** The words that must match, in typed order, as one string (for similarity). */
export function positiveText(search: ParsedSearch): string {
  return search.positive.join(" ");
}
