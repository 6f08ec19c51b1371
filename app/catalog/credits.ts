/**
 * Credit rules that hold before anything is written: at least one credit, a
 * split for each between 0 and 100, and the splits of a song summing to 100
 * (the database checks the sum again at commit).
 */
import type { Credit, CreditRole } from "./types";

export const WRITER_ROLES: readonly CreditRole[] = ["writer", "topliner", "composer", "lyricist"];

export function isWriterRole(role: CreditRole): boolean {
  return WRITER_ROLES.includes(role);
}

/** Sum of splits in hundredths, so 33.33 + 33.33 + 33.34 is exactly 100. */
function hundredths(split: number): number {
  return Math.round(split * 100);
}

export function creditsProblem(credits: readonly Credit[]): string | null {
  if (credits.length === 0) return "A song needs at least one credit.";
  for (const credit of credits) {
    if (!Number.isFinite(credit.split) || credit.split < 0 || credit.split > 100) {
      return `The split of ${credit.name} must be between 0 and 100.`;
    }
    if (Math.abs(credit.split * 100 - hundredths(credit.split)) > 1e-6) {
      return `The split of ${credit.name} can have at most two decimals.`;
    }
  }
  const total = credits.reduce((sum, credit) => sum + hundredths(credit.split), 0);
  if (total !== 10_000) return `The splits add up to ${total / 100}%, not 100%.`;
  return null;
}

/** The credit line shown as a song's artist: artist credits if any, else the writers, else everyone. */
export function artistLine(credits: readonly Credit[]): string {
  const artists = credits.filter((c) => c.role === "artist");
  if (artists.length) return artists.map((c) => c.name).join(", ");
  const writers = credits.filter((c) => isWriterRole(c.role));
  return (writers.length ? writers : credits).map((c) => c.name).join(", ");
}
