/**
 * Demo data of /admin/files (ADR 0084): two orphaned files a fresh database
 * shows, so "finds and removes an orphaned file" can be tried at once:
 *
 *  - an upload nothing uses any more (its storage_objects row is three days
 *    old: a take whose song was deleted): offered on every adapter;
 *  - a leftover cover image with no record at all, its file dated two days
 *    back on the local adapter (Supabase Storage keeps its own dates: there
 *    it is offered once the grace period has passed).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import type { Transaction } from "kysely";
import { ARTWORK_BUCKET, AUDIO_BUCKET } from "~/catalog/constants";
import type { DemoFiles } from "~/demo/songs.server";
import type { DB } from "~/platform/db/schema";
import { LocalStorage } from "~/platform/storage/local.server";

const DAY = 24 * 60 * 60 * 1000;
export const DEMO_ORPHANS = {
  unused: { bucket: AUDIO_BUCKET, path: "uploads/abandoned-demo-take.wav" },
  unrecorded: { bucket: ARTWORK_BUCKET, path: "leftovers/unused-cover.png" },
} as const;

/** Half a second of quiet 8 kHz mono 16-bit WAV. */
function quietWav(): Uint8Array {
  const samples = 4000;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write("RIFF", 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write("WAVEfmt ", 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(8000, 24);
  buffer.writeUInt32LE(16000, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write("data", 36);
  buffer.writeUInt32LE(samples * 2, 40);
  return new Uint8Array(buffer);
}

/** A 1×1 PNG. */
const PIXEL_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

export async function seedDemoOrphans(tx: Transaction<DB>, options: { now: Date; files: DemoFiles; log?: (line: string) => void }): Promise<void> {
  const { storage } = options.files;
  const uploader = await tx.selectFrom("auth.users").select("id").where("email", "=", "member@demo.hitfactory.test").executeTakeFirst();

  const take = quietWav();
  const { bucket, path } = DEMO_ORPHANS.unused;
  await storage.put(bucket, path, take, "audio/wav");
  options.files.record(bucket, path);
  await tx
    .insertInto("storage_objects")
    .values({
      bucket,
      path,
      content_type: "audio/wav",
      size_bytes: take.byteLength,
      sha256: crypto.createHash("sha256").update(take).digest("hex"),
      kind: "audio",
      uploaded_by: uploader?.id ?? null,
      created_at: new Date(options.now.getTime() - 3 * DAY),
    })
    .onConflict((conflict) => conflict.columns(["bucket", "path"]).doNothing())
    .execute();

  const cover = DEMO_ORPHANS.unrecorded;
  await storage.put(cover.bucket, cover.path, new Uint8Array(PIXEL_PNG), "image/png");
  options.files.record(cover.bucket, cover.path);
  if (storage instanceof LocalStorage) {
    const then = new Date(options.now.getTime() - 2 * DAY);
    await fs.promises.utimes(storage.filePath(cover.bucket, cover.path), then, then);
  }
  options.log?.("seeded 2 orphaned files for /admin/files");
}
