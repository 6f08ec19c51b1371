/**
 * Avatar URLs, for the browser and the server alike (no server imports).
 *
 * profiles.avatar_url holds what the avatar store wrote (app/profile/avatar.server.ts):
 * "avatars/<userId>/<version>", a storage prefix whose files are
 * "<prefix>-<px>.webp" for each size below. The page never sees the storage
 * path: it links to the avatar route (/media/avatars/<userId>), which checks
 * who may see it, with the version in the query so a new picture gets a new
 * URL (and the old one can be cached for long).
 */
export type AvatarSize = "sm" | "md" | "lg";

/** Square WebP renditions, in CSS pixels x2 for sharp screens: sm 32, md 80, lg 160 shown. */
export const AVATAR_PIXELS: Record<AvatarSize, number> = { sm: 64, md: 160, lg: 320 };

export const AVATAR_SIZES = Object.keys(AVATAR_PIXELS) as AvatarSize[];

export function isAvatarSize(value: unknown): value is AvatarSize {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(AVATAR_PIXELS, value);
}

/** The version part of a stored avatar value (letters, digits, - and _), or null when it is not one. */
export function avatarVersion(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const match = /^avatars\/[0-9a-f-]{36}\/([A-Za-z0-9_-]{1,64})$/.exec(stored);
  return match ? match[1]! : null;
}

/** URL of the avatar image route, or null when the profile has no avatar. */
export function avatarSrc(userId: string, stored: string | null, size: AvatarSize = "md"): string | null {
  const version = avatarVersion(stored);
  if (!version) return null;
  return `/media/avatars/${encodeURIComponent(userId)}?${new URLSearchParams({ size, v: version })}`;
}
