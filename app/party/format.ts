/** Dates and times of parties, in a zone the page names (the viewer's, from their profile). Browser-safe. */

export function formatWhen(iso: string | null, zone: string): string {
  if (!iso) return "";
  const text = new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: zone,
  }).format(new Date(iso));
  return `${text} (${zone})`;
}

/** 125000 -> "2:05". */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}
