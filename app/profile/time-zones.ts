/**
 * The time zones a member may pick: the IANA names this runtime knows
 * (Intl.supportedValuesOf('timeZone')), plus "UTC", the default. The server
 * validates against the same list the page renders (timeZoneSchema in
 * profile-forms.ts). Browser-safe.
 */
export const DEFAULT_TIME_ZONE = "UTC";

let cached: readonly string[] | undefined;

/** Every selectable zone, "UTC" first, then A-Z. */
export function timeZones(): readonly string[] {
  if (!cached) {
    const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    cached = [DEFAULT_TIME_ZONE, ...[...new Set(known)].filter((zone) => zone !== DEFAULT_TIME_ZONE).sort()];
  }
  return cached;
}

export function isTimeZone(value: unknown): value is string {
  return typeof value === "string" && timeZones().includes(value);
}

/** "Europe/Stockholm" -> "Europe / Stockholm", "America/Argentina/Buenos_Aires" -> "America / Argentina / Buenos Aires". */
export function timeZoneLabel(zone: string): string {
  return zone.replace(/_/g, " ").split("/").join(" / ");
}
