/**
 * Demo profile pictures (issue 10): every seeded profile with a role gets an
 * avatar, its initials in white on a colour of its own, rendered by sharp
 * from an SVG into the same square WebP sizes an upload gets
 * (app/profile/avatar.server.ts), except the new member and the last extra
 * member by name, so initials-only avatars show too.
 *
 * Runs inside seedDemoData's transaction, after seedDemoMembers. Files are
 * written through DemoFiles (removed again if the seed fails). One SVG
 * render per profile, all in parallel on sharp's thread pool: about 0.3 s
 * for 35 profiles.
 */
import crypto from "node:crypto";
import type { Transaction } from "kysely";
import sharp from "sharp";
import { initials } from "~/members/initials";
import type { DB } from "~/platform/db/schema";
import { AVATAR_PIXELS, AVATAR_SIZES, type AvatarSize } from "~/profile/avatar";
import { AVATAR_BUCKET, avatarObject } from "~/profile/avatar.server";
import { demoAccount } from "./accounts";
import type { DemoFiles } from "./songs.server";

export interface AvatarSeedOptions {
  files: DemoFiles;
  log?: (line: string) => void;
}

/** A colour pair per person, from their id (stable across seeds). */
function hues(userId: string): [number, number] {
  const hash = crypto.createHash("sha256").update(userId).digest();
  const hue = hash.readUInt16BE(0) % 360;
  return [hue, (hue + 40) % 360];
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function initialsSvg(name: string, userId: string, px = AVATAR_PIXELS.lg): string {
  const [from, to] = hues(userId);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 320 320">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${from},62%,38%)"/><stop offset="1" stop-color="hsl(${to},70%,28%)"/>` +
    `</linearGradient></defs><rect width="320" height="320" fill="url(#g)"/>` +
    `<text x="160" y="160" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="120" fill="#fff">` +
    `${escapeXml(initials(name))}</text></svg>`
  );
}

async function renderInitials(name: string, userId: string): Promise<Record<AvatarSize, Uint8Array>> {
  const raw = await sharp(Buffer.from(initialsSvg(name, userId))).raw().toBuffer({ resolveWithObject: true });
  const sizes = await Promise.all(
    AVATAR_SIZES.map(async (size) => {
      const out = await sharp(raw.data, { raw: raw.info })
        .resize(AVATAR_PIXELS[size], AVATAR_PIXELS[size])
        .webp({ quality: 82, effort: 2 })
        .toBuffer();
      return [size, new Uint8Array(out)] as const;
    }),
  );
  return Object.fromEntries(sizes) as Record<AvatarSize, Uint8Array>;
}

export async function seedDemoAvatars(tx: Transaction<DB>, { files, log }: AvatarSeedOptions): Promise<{ avatars: number }> {
  const started = Date.now();
  const profiles = await tx
    .selectFrom("profiles")
    .innerJoin("auth.users", "auth.users.id", "profiles.user_id")
    .select(["profiles.user_id as userId", "profiles.display_name as name", "auth.users.email as email"])
    .where("profiles.role", "is not", null)
    .where("profiles.display_name", "is not", null)
    .orderBy("profiles.display_name")
    .execute();
  const newMember = demoAccount("newmember").email;
  // Two without a picture: the new member (just joined) and the last extra member by name.
  const withoutPicture = new Set([profiles.find((p) => p.email === newMember)?.userId, profiles.filter((p) => p.email !== newMember).at(-1)?.userId]);
  const chosen = profiles.filter((p) => !withoutPicture.has(p.userId));

  const rendered = await Promise.all(
    chosen.map(async (profile) => {
      const version = `demo${crypto.createHash("sha256").update(`avatar-v1:${profile.userId}`).digest("base64url").slice(0, 10)}`;
      const stored = `${AVATAR_BUCKET}/${profile.userId}/${version}`;
      const renditions = await renderInitials(profile.name!, profile.userId);
      const objects = AVATAR_SIZES.map((size) => ({ ...avatarObject(profile.userId, stored, size)!, bytes: renditions[size] }));
      for (const object of objects) {
        await files.storage.put(object.bucket, object.path, object.bytes, "image/webp");
        files.record(object.bucket, object.path);
      }
      return { userId: profile.userId, stored, objects };
    }),
  );

  for (const { userId, stored } of rendered) {
    await tx.updateTable("profiles").set({ avatar_url: stored }).where("user_id", "=", userId).execute();
  }
  const rows = rendered.flatMap(({ userId, objects }) =>
    objects.map((object) => ({
      bucket: object.bucket,
      path: object.path,
      content_type: "image/webp",
      size_bytes: object.bytes.byteLength,
      sha256: crypto.createHash("sha256").update(object.bytes).digest("hex"),
      kind: "image" as const,
      uploaded_by: userId,
    })),
  );
  if (rows.length > 0) await tx.insertInto("storage_objects").values(rows).onConflict((oc) => oc.columns(["bucket", "path"]).doNothing()).execute();
  log?.(`seeded ${rendered.length} demo avatars in ${Date.now() - started} ms`);
  return { avatars: rendered.length };
}
