/**
 * A member's showcase: up to SHOWCASE_LIMIT tracks on their profile (SPEC
 * section 3), uploaded, reordered and deleted by the member, played by whoever
 * may see the profile. docs/decisions/0064-showcase.md
 *
 * The limit is the database's (supabase/migrations/20261125000300_showcase.sql):
 * positions 1..5, unique per member, and an insert trigger that takes a
 * per-member lock, counts and refuses a sixth. Uploads go through the
 * catalogue's all-or-nothing path (app/catalog/upload.server.ts): the file is
 * checked by content and size, written, then its storage row and the track
 * row are inserted in one transaction; when that transaction fails (the
 * trigger refused it) the file is removed again. So a refused upload leaves
 * neither a file nor a row.
 */
import crypto from "node:crypto";
import { sql } from "kysely";
import { isAdmin, type Viewer } from "~/auth/viewer";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { storeUpload, UPLOAD_MESSAGES, UploadRejectedError } from "~/catalog/upload.server";
import type { Database } from "~/platform/db/connect.server";
import type { StoragePort } from "~/platform/storage/port";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import { sanitizeText } from "~/shared/sanitize";
import { SHOWCASE_LIMIT, SHOWCASE_TEXT, SHOWCASE_TITLE_MAX } from "./constants";
import { signObjects } from "~/platform/storage/sign-many";

export { SHOWCASE_LIMIT };

export interface ShowcaseTrackView {
  id: string;
  title: string;
  durationSeconds: number;
  peaks: number[];
  /** A signed URL of the audio (valid SIGNED_URL_TTL_S). */
  url: string;
  position: number;
  /** An admin hid it (ADR 0081): only its member and admins are shown it, marked. */
  hidden: boolean;
}

/** The database refused a track because the member's showcase is full. */
export class ShowcaseFullError extends Error {
  constructor() {
    super(SHOWCASE_TEXT.full);
    this.name = "ShowcaseFullError";
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isTrackId = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

const toPeaks = (value: unknown): number[] => {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.map((peak) => (typeof peak === "number" && Number.isFinite(peak) ? peak : 0)) : [];
};

/**
 * The member's tracks in their order, each with a fresh signed audio URL.
 * Tracks an admin hid (ADR 0081) are left out unless `includeHidden` (the
 * member's own pages and the admin pages, which mark them).
 */
export async function listShowcase(
  db: Database,
  storage: StoragePort,
  userId: string,
  options: { includeHidden?: boolean } = {},
): Promise<ShowcaseTrackView[]> {
  if (!isTrackId(userId)) return [];
  let query = db
    .selectFrom("showcase_tracks")
    .select(["id", "title", "duration_seconds", "peaks", "audio_bucket", "audio_path", "position", "hidden_at"])
    .where("user_id", "=", userId);
  if (!options.includeHidden) query = query.where("hidden_at", "is", null);
  const rows = await query.orderBy("position").execute();
  if (rows.length === 0) return [];
  const urlOf = await signObjects(storage, rows.map((row) => ({ bucket: row.audio_bucket, path: row.audio_path })), SIGNED_URL_TTL_S);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    durationSeconds: Number(row.duration_seconds),
    peaks: toPeaks(row.peaks),
    url: urlOf({ bucket: row.audio_bucket, path: row.audio_path }),
    position: Number(row.position),
    hidden: row.hidden_at !== null,
  }));
}

export async function countShowcase(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("showcase_tracks")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The title a new track gets: what was typed, else the file's title tag, else its name, else "Untitled track". */
export function resolveTitle(typed: string, tagTitle: string | null | undefined, fileName: string | null | undefined): string {
  if (typed) return typed;
  const fromTag = sanitizeText(tagTitle ?? "", SHOWCASE_TITLE_MAX);
  if (fromTag) return fromTag;
  const stem = (fileName ?? "").replace(/\.[A-Za-z0-9]{1,5}$/, "").replace(/[_]+/g, " ");
  const fromName = sanitizeText(stem, SHOWCASE_TITLE_MAX);
  return fromName || SHOWCASE_TEXT.untitled;
}

/** Whether a database error is the showcase's limit (the trigger's, or the position constraints behind it). */
export function isShowcaseLimitError(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: string; constraint?: string; message?: string };
  if (code === "23514" && (constraint === "showcase_tracks_limit" || constraint === "showcase_tracks_position_check")) return true;
  if (code === "23505" && constraint === "showcase_tracks_position_key") return true;
  return typeof message === "string" && message.includes("A showcase holds at most");
}

export interface AddTrackInput {
  db: Database;
  storage: StoragePort;
  userId: string;
  /** Sanitised; empty to use the file's tags. */
  title: string;
  audio: Uint8Array;
  fileName?: string | null;
}

/**
 * Adds a track: all or nothing. Throws UploadRejectedError (content, size,
 * unreadable length) or ShowcaseFullError (the sixth, however many arrive at once).
 */
export async function addShowcaseTrack(input: AddTrackInput): Promise<{ id: string; title: string; position: number }> {
  // A cheap early answer; the database decides (a concurrent upload may fill the last place meanwhile).
  if ((await countShowcase(input.db, input.userId)) >= SHOWCASE_LIMIT) throw new ShowcaseFullError();
  const id = crypto.randomUUID();
  try {
    const { result } = await storeUpload({
      db: input.db,
      storage: input.storage,
      bucket: AUDIO_BUCKET,
      path: `showcase/${input.userId}/${id}`,
      bytes: input.audio,
      kind: "audio",
      uploadedBy: input.userId,
      withRows: async (tx, [file]) => {
        const duration = file.audio?.durationSeconds;
        if (!duration || duration <= 0) throw new UploadRejectedError(UPLOAD_MESSAGES.noDuration);
        const title = resolveTitle(input.title, file.audio?.tags.title, input.fileName);
        const row = await tx
          .insertInto("showcase_tracks")
          .values({
            id,
            user_id: input.userId,
            title,
            audio_bucket: file.bucket,
            audio_path: file.path,
            content_type: file.contentType,
            size_bytes: file.size,
            duration_seconds: duration,
            peaks: JSON.stringify(file.audio?.peaks ?? []),
          })
          .returning(["id", "title", "position"])
          .executeTakeFirstOrThrow();
        return { id: row.id, title: row.title, position: Number(row.position) };
      },
    });
    return result;
  } catch (error) {
    if (isShowcaseLimitError(error)) throw new ShowcaseFullError();
    throw error;
  }
}

/** Moves one of the member's tracks up or down one place; null when it is not theirs. */
export async function moveShowcaseTrack(db: Database, userId: string, trackId: string, direction: "up" | "down"): Promise<{ title: string } | null> {
  if (!isTrackId(trackId)) return null;
  return db.transaction().execute(async (tx) => {
    await sql`select public.showcase_lock(${userId}::uuid)`.execute(tx);
    const track = await tx
      .selectFrom("showcase_tracks")
      .select(["id", "title", "position"])
      .where("id", "=", trackId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!track) return null;
    const target = Number(track.position) + (direction === "up" ? -1 : 1);
    const neighbour = await tx
      .selectFrom("showcase_tracks")
      .select(["id", "position"])
      .where("user_id", "=", userId)
      .where("position", "=", target)
      .executeTakeFirst();
    // Already first or last: nothing to do.
    if (!neighbour) return { title: track.title };
    // One statement swaps both (the unique constraint is checked at its end).
    await tx
      .updateTable("showcase_tracks")
      .set({
        position: sql<number>`case when id = ${track.id}::uuid then ${target}::smallint else ${Number(track.position)}::smallint end`,
      })
      .where("user_id", "=", userId)
      .where("id", "in", [track.id, neighbour.id])
      .execute();
    return { title: track.title };
  });
}

/**
 * Deletes one of the member's tracks, its storage row and its file; the
 * tracks after it move up. Null when the track is not theirs.
 */
export async function deleteShowcaseTrack(db: Database, storage: StoragePort, userId: string, trackId: string): Promise<{ title: string } | null> {
  if (!isTrackId(trackId)) return null;
  const removed = await db.transaction().execute(async (tx) => {
    await sql`select public.showcase_lock(${userId}::uuid)`.execute(tx);
    const track = await tx
      .deleteFrom("showcase_tracks")
      .where("id", "=", trackId)
      .where("user_id", "=", userId)
      .returning(["title", "audio_bucket", "audio_path", "position"])
      .executeTakeFirst();
    if (!track) return null;
    await tx
      .updateTable("showcase_tracks")
      .set({ position: sql<number>`position - 1` })
      .where("user_id", "=", userId)
      .where("position", ">", Number(track.position))
      .execute();
    await tx.deleteFrom("storage_objects").where("bucket", "=", track.audio_bucket).where("path", "=", track.audio_path).execute();
    return track;
  });
  if (!removed) return null;
  // After the commit: a failed removal leaves an unreferenced file, never a row without its file.
  await storage.remove(removed.audio_bucket, removed.audio_path);
  return { title: removed.title };
}

/**
 * A track's audio for a viewer: only when they may see its member's profile
 * (public, or their own, or they are an admin), and, for a track an admin hid
 * (ADR 0081), only for its member and admins. Null otherwise, so the answer
 * does not tell whether the track exists.
 */
export async function showcaseAudioFor(
  db: Database,
  trackId: string,
  viewer: Pick<Viewer, "id" | "isAdmin"> | null,
): Promise<{ bucket: string; path: string } | null> {
  if (!isTrackId(trackId)) return null;
  const row = await db
    .selectFrom("showcase_tracks as t")
    .leftJoin("profiles as p", "p.user_id", "t.user_id")
    .select(["t.user_id", "t.audio_bucket", "t.audio_path", "t.hidden_at", "p.public_profile", "p.role"])
    .where("t.id", "=", trackId)
    .executeTakeFirst();
  if (!row) return null;
  const privileged = viewer?.id === row.user_id || isAdmin(viewer);
  const visible = privileged || (row.hidden_at === null && row.public_profile === true && row.role !== null);
  return visible ? { bucket: row.audio_bucket, path: row.audio_path } : null;
}

export async function signedShowcaseUrl(storage: StoragePort, audio: { bucket: string; path: string }): Promise<string> {
  return storage.createSignedUrl(audio.bucket, audio.path, SIGNED_URL_TTL_S);
}
