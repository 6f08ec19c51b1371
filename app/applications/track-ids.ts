/**
 * The ids the floating player knows an application's tracks by (SPEC section
 * 3: "the prefix before a hyphen identifies the applicant; the second segment
 * may be 'collab' or 'solo'"): `{public_key}-{collab|solo}-{n}`.
 *
 * The applicant part is the application's public key, random lowercase
 * letters and digits made on the server (applications.server.ts), never a
 * UUID: a UUID has four hyphens, so the player would read only its first
 * eight characters as the applicant. Browser-safe.
 */
export type TrackMode = "collab" | "solo";
export const TRACK_MODES: readonly TrackMode[] = ["collab", "solo"] as const;

/** 8 to 20 lowercase letters and digits: the migration's CHECK says the same. */
export const PUBLIC_KEY_PATTERN = /^[a-z0-9]{8,20}$/;
const TRACK_KEY_PATTERN = /^([a-z0-9]{8,20})-(collab|solo)-([1-9][0-9]{0,2})$/;

export function applicationTrackKey(publicKey: string, mode: TrackMode, n: number): string {
  if (!PUBLIC_KEY_PATTERN.test(publicKey)) throw new Error("An application's public key is 8 to 20 lowercase letters and digits");
  if (!Number.isInteger(n) || n < 1 || n > 999) throw new Error("A track number is 1 to 999");
  return `${publicKey}-${mode}-${n}`;
}

/** The parts of a track key, or null for anything else. */
export function parseApplicationTrackKey(value: unknown): { publicKey: string; mode: TrackMode; n: number } | null {
  if (typeof value !== "string") return null;
  const match = TRACK_KEY_PATTERN.exec(value);
  if (!match) return null;
  return { publicKey: match[1]!, mode: match[2] as TrackMode, n: Number(match[3]) };
}

/** The JSON endpoint answering a fresh signed URL for one track (the player's one retry), for the applicant and admins only. */
export const applicationTrackAudioUrlPath = (trackId: string) => `/api/applications/tracks/${encodeURIComponent(trackId)}/audio-url`;
