/**
 * Profile pictures (docs/decisions/0060-avatars.md).
 *
 * An upload is accepted by what its bytes are (JPEG, PNG or WebP magic
 * numbers, then sharp must decode it as that same format) and by size
 * (IMAGE_MAX_BYTES), never by its name or claimed type. sharp decodes it
 * (EXIF orientation applied, metadata dropped) and writes square WebP
 * renditions, one per AvatarSize, through the storage port:
 *
 *   bucket "avatars", paths "<userId>/<version>-<px>.webp"
 *   profiles.avatar_url = "avatars/<userId>/<version>"  (what avatarSrc reads)
 *
 * All or nothing, as in app/catalog/upload.server.ts: everything is checked
 * and rendered before anything is written; the files are written, then one
 * transaction swaps profiles.avatar_url and the storage_objects rows; if it
 * fails the new files are removed, and once it commits the old ones are.
 */
import crypto from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { IMAGE_MAX_BYTES } from "~/catalog/constants";
import { detectImageType } from "~/catalog/media-types";
import type { Database } from "~/platform/db/connect.server";
import type { StoragePort } from "~/platform/storage/port";
import { AVATAR_PIXELS, AVATAR_SIZES, avatarVersion, type AvatarSize } from "./avatar";
import { PROFILE_TEXT } from "./profile-text";

export const AVATAR_BUCKET = "avatars";
/** Decoding more pixels than this is refused (a small file can still decode to gigabytes). */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 82;

export class AvatarRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AvatarRejectedError";
  }
}

export type AvatarRenditions = Record<AvatarSize, Uint8Array>;

const SHARP_FORMAT: Record<string, string> = { "image/png": "png", "image/jpeg": "jpeg", "image/webp": "webp" };

/** Checks an upload and renders its square WebP renditions; throws AvatarRejectedError with the words to show. */
export async function renderAvatar(bytes: Uint8Array): Promise<AvatarRenditions> {
  if (!bytes || bytes.byteLength === 0) throw new AvatarRejectedError(PROFILE_TEXT.avatar.empty);
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw new AvatarRejectedError(PROFILE_TEXT.avatar.tooLarge);
  const type = detectImageType(bytes);
  if (!type) throw new AvatarRejectedError(PROFILE_TEXT.avatar.notImage);

  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const options = { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: "warning" as const };
  let metadata: Metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch {
    throw new AvatarRejectedError(PROFILE_TEXT.avatar.unreadable);
  }
  // The magic number and the decoder must agree (a PNG signature in front of something else is not a PNG).
  if (metadata.format !== SHARP_FORMAT[type.contentType]) throw new AvatarRejectedError(PROFILE_TEXT.avatar.notImage);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > AVATAR_MAX_INPUT_PIXELS) throw new AvatarRejectedError(PROFILE_TEXT.avatar.tooManyPixels);

  try {
    // Decode once (oriented by EXIF, one frame), then cut each size from that.
    const base = sharp(input, options).rotate().resize(AVATAR_PIXELS.lg, AVATAR_PIXELS.lg, { fit: "cover", position: "attention" });
    const largest = await base.clone().webp({ quality: WEBP_QUALITY }).toBuffer();
    const entries = await Promise.all(
      AVATAR_SIZES.map(async (size) => {
        if (size === "lg") return [size, new Uint8Array(largest)] as const;
        const out = await sharp(largest).resize(AVATAR_PIXELS[size], AVATAR_PIXELS[size]).webp({ quality: WEBP_QUALITY }).toBuffer();
        return [size, new Uint8Array(out)] as const;
      }),
    );
    return Object.fromEntries(entries) as AvatarRenditions;
  } catch {
    throw new AvatarRejectedError(PROFILE_TEXT.avatar.unreadable);
  }
}

/** Where one size of a stored avatar lives, or null when `stored` is not an avatar value of this user. */
export function avatarObject(userId: string, stored: string | null | undefined, size: AvatarSize): { bucket: string; path: string } | null {
  const version = avatarVersion(stored);
  if (!version || stored !== `${AVATAR_BUCKET}/${userId}/${version}`) return null;
  return { bucket: AVATAR_BUCKET, path: `${userId}/${version}-${AVATAR_PIXELS[size]}.webp` };
}

function objectsOf(userId: string, stored: string | null | undefined) {
  return AVATAR_SIZES.map((size) => avatarObject(userId, stored, size)).filter((o): o is { bucket: string; path: string } => o !== null);
}

async function removeFiles(store: StoragePort, files: { bucket: string; path: string }[]) {
  await Promise.all(files.map((file) => store.remove(file.bucket, file.path).catch(() => undefined)));
}

export interface AvatarDeps {
  db: Database;
  storage: StoragePort;
}

/**
 * Stores already-rendered renditions as `userId`'s avatar (all or nothing) and
 * removes the previous one's files. Returns the new stored value.
 */
export async function storeAvatar({ db, storage }: AvatarDeps, userId: string, renditions: AvatarRenditions): Promise<string> {
  const version = crypto.randomBytes(9).toString("base64url");
  const stored = `${AVATAR_BUCKET}/${userId}/${version}`;
  const files = AVATAR_SIZES.map((size) => ({ ...avatarObject(userId, stored, size)!, bytes: renditions[size] }));
  const written: { bucket: string; path: string }[] = [];
  let previous: string | null = null;
  try {
    for (const file of files) {
      await storage.put(file.bucket, file.path, file.bytes, "image/webp");
      written.push(file);
    }
    previous = await db.transaction().execute(async (tx) => {
      // Locks the row: two uploads at once each remove exactly the files they replaced.
      const row = await tx.selectFrom("profiles").select("avatar_url").where("user_id", "=", userId).forUpdate().executeTakeFirst();
      if (row) await tx.updateTable("profiles").set({ avatar_url: stored, updated_at: new Date() }).where("user_id", "=", userId).execute();
      else await tx.insertInto("profiles").values({ user_id: userId, avatar_url: stored }).execute();
      const old = objectsOf(userId, row?.avatar_url);
      for (const file of old) await tx.deleteFrom("storage_objects").where("bucket", "=", file.bucket).where("path", "=", file.path).execute();
      await tx
        .insertInto("storage_objects")
        .values(
          files.map((file) => ({
            bucket: file.bucket,
            path: file.path,
            content_type: "image/webp",
            size_bytes: file.bytes.byteLength,
            sha256: crypto.createHash("sha256").update(file.bytes).digest("hex"),
            kind: "image" as const,
            uploaded_by: userId,
          })),
        )
        .execute();
      return row?.avatar_url ?? null;
    });
  } catch (error) {
    await removeFiles(storage, written);
    throw error;
  }
  await removeFiles(storage, objectsOf(userId, previous));
  return stored;
}

/** Checks, renders and stores an uploaded picture as the user's avatar. */
export async function setAvatar(deps: AvatarDeps, userId: string, bytes: Uint8Array): Promise<string> {
  return storeAvatar(deps, userId, await renderAvatar(bytes));
}

/** Removes the user's avatar (row first, then files); a profile without one is left as it is. */
export async function removeAvatar({ db, storage }: AvatarDeps, userId: string): Promise<boolean> {
  const previous = await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom("profiles").select("avatar_url").where("user_id", "=", userId).forUpdate().executeTakeFirst();
    if (!row?.avatar_url) return null;
    await tx.updateTable("profiles").set({ avatar_url: null, updated_at: new Date() }).where("user_id", "=", userId).execute();
    for (const file of objectsOf(userId, row.avatar_url)) {
      await tx.deleteFrom("storage_objects").where("bucket", "=", file.bucket).where("path", "=", file.path).execute();
    }
    return row.avatar_url;
  });
  if (!previous) return false;
  await removeFiles(storage, objectsOf(userId, previous));
  return true;
}
