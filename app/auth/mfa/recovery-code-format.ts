/** The shape of a recovery code, browser-safe (the forms validate it before the server does). */
export const RECOVERY_CODE_COUNT = 10;
/** Lower-case letters and digits without 0, 1, l and o: read off paper without doubt. */
export const RECOVERY_CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
export const RECOVERY_CODE_PATTERN = /^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/;

/** What a person may type for a code: any case, spaces, the dash or none. */
export function normalizeRecoveryCode(typed: string): string {
  const bare = typed.toLowerCase().replace(/[\s-]+/g, "");
  return bare.length === 10 ? `${bare.slice(0, 5)}-${bare.slice(5)}` : bare;
}
