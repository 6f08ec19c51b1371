/** Dates and times as the shortlist pages show them (UTC, one format for server and browser). */
const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export const formatDateTime = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}
