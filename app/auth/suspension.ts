/**
 * What a suspended person reads (ADR 0080): the reason an admin gave and when
 * the suspension ends. Browser-safe (no server imports): the sign-in page and
 * the toast use the same words.
 */
export const SUSPENSION_TEXT = {
  title: "Account suspended",
  /** Supabase checks a ban before the password: the page cannot know the password was right, so no details. */
  withoutDetails: "This account is suspended. Contact the team if you think this is a mistake.",
  contact: "Contact the team if you think this is a mistake.",
} as const;

export interface SuspensionNotice {
  reason: string;
  /** ISO date-time; null = until an admin lifts it. */
  endsAt: string | null;
}

const endFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

export function formatSuspensionEnd(endsAt: string | null): string {
  return endsAt ? `until ${endFormat.format(new Date(endsAt))} UTC` : "until an admin lifts it";
}

/** "Your account is suspended until 12 December 2026 at 14:00 UTC. Reason: …" */
export function suspensionMessage(notice: SuspensionNotice): string {
  return `Your account is suspended ${formatSuspensionEnd(notice.endsAt)}. Reason: ${notice.reason}`;
}
