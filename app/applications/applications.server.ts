/**
 * Applications, the applicant's side (issue 11): a signed-up person without a
 * role saves a draft, uploads sample tracks in two groups (collab, solo),
 * submits, and may withdraw. docs/decisions/0070-applications.md
 *
 * Every function here acts on the caller's own application, found by their
 * user id, never by an id a form sent: another person's application cannot
 * be named. One open application per person is the database's rule (a
 * partial unique index); a race between two tabs ends in
 * OpenApplicationExistsError, which the form turns into a clear message.
 *
 * Tracks go through the catalogue's all-or-nothing upload path
 * (app/catalog/upload.server.ts): checked by their bytes, written, then the
 * storage row and the track row in one transaction; a failure removes the
 * file again. At most 3 per group: the migration's insert trigger.
 */
import crypto from "node:crypto";
import { sql, type Transaction } from "kysely";
import { isAdmin, type Viewer } from "~/auth/viewer";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { storeUpload, UPLOAD_MESSAGES, UploadRejectedError } from "~/catalog/upload.server";
import type { Database } from "~/platform/db/connect.server";
import type { DB } from "~/platform/db/schema";
import type { StoragePort } from "~/platform/storage/port";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import type { ApplicationDetailsInput } from "./application-schema";
import { APPLICATION_LIMITS, APPLICATION_TEXT as T, OPEN_STATUSES, type ApplicationKind, type ApplicationStatus } from "./constants";
import { applicationTrackAudioUrlPath, applicationTrackKey, parseApplicationTrackKey, type TrackMode } from "./track-ids";
import { signObjects } from "~/platform/storage/sign-many";

export type { ApplicationStatus, ApplicationKind };

type Executor = Database | Transaction<DB>;

export interface ApplicationQuestion {
  id: string;
  prompt: string;
  help: string;
  required: boolean;
  maxLength: number;
}

export interface ApplicationAnswer {
  questionId: string;
  prompt: string;
  answer: string;
}

export interface ApplicationView {
  id: string;
  publicKey: string;
  kind: ApplicationKind | null;
  name: string;
  location: string;
  bio: string;
  links: { label: string; url: string }[];
  answers: ApplicationAnswer[];
  status: ApplicationStatus;
  submittedAt: string | null;
  decidedAt: string | null;
  /** The admins' note to the applicant, shown with a decline or a waitlist. */
  decisionNote: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A track ready for the floating player (`id` is the player's track id) and for the lists. */
export interface ApplicationTrackView {
  /** `{public_key}-{mode}-{n}`: what the player reads the applicant and the mode from. */
  id: string;
  /** The row's id (forms name it). */
  trackId: string;
  url: string;
  title: string;
  artist: string;
  mode: TrackMode;
  durationSeconds: number;
  peaks: number[];
  position: number;
  /** The player's one retry asks here for a fresh signed URL. */
  freshUrlEndpoint: string;
}

export class OpenApplicationExistsError extends Error {
  constructor() {
    super(T.openExists);
    this.name = "OpenApplicationExistsError";
  }
}

export class ApplicationNotEditableError extends Error {
  constructor() {
    super(T.notEditable);
    this.name = "ApplicationNotEditableError";
  }
}

export class TrackGroupFullError extends Error {
  constructor(readonly mode: TrackMode) {
    super(T.groupFull(mode));
    this.name = "TrackGroupFullError";
  }
}

/** Submitting was refused: field errors (answers, tracks) to show with the form; nothing was written. */
export class ApplicationIncompleteError extends Error {
  constructor(
    readonly fieldErrors: Record<string, string[]>,
    readonly formErrors: string[] = [],
  ) {
    super("The application is incomplete");
    this.name = "ApplicationIncompleteError";
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
/** 12 random lowercase letters and digits (60 bits): no hyphen, nothing to guess from. */
export function generatePublicKey(length = 12): string {
  const bytes = crypto.randomBytes(length);
  let key = "";
  // 256 is a multiple of 32: every character is equally likely.
  for (const byte of bytes) key += BASE32[byte & 31];
  return key;
}

const toDate = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

const parseJson = <V>(value: unknown, fallback: V): V => {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return (parsed ?? fallback) as V;
};

const toPeaks = (value: unknown): number[] => {
  const parsed = parseJson<unknown>(value, []);
  return Array.isArray(parsed) ? parsed.map((peak) => (typeof peak === "number" && Number.isFinite(peak) ? peak : 0)) : [];
};

const APPLICATION_COLUMNS = [
  "id",
  "public_key",
  "kind",
  "name",
  "location",
  "bio",
  "links",
  "answers",
  "status",
  "submitted_at",
  "decided_at",
  "decision_note",
  "created_at",
  "updated_at",
] as const;

interface ApplicationRow {
  id: string;
  public_key: string;
  kind: ApplicationKind | null;
  name: string;
  location: string;
  bio: string;
  links: unknown;
  answers: unknown;
  status: ApplicationStatus;
  submitted_at: Date | string | null;
  decided_at: Date | string | null;
  decision_note: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export function toApplicationView(row: ApplicationRow): ApplicationView {
  return {
    id: row.id,
    publicKey: row.public_key,
    kind: row.kind,
    name: row.name,
    location: row.location,
    bio: row.bio,
    links: parseJson(row.links, []),
    answers: parseJson(row.answers, []),
    status: row.status,
    submittedAt: toDate(row.submitted_at),
    decidedAt: toDate(row.decided_at),
    decisionNote: row.decision_note,
    createdAt: toDate(row.created_at)!,
    updatedAt: toDate(row.updated_at)!,
  };
}

/** The person's latest application (their open one when they have one), or null. */
export async function getApplicationForUser(db: Executor, userId: string): Promise<ApplicationView | null> {
  if (!isUuid(userId)) return null;
  const row = await db
    .selectFrom("applications")
    .select(APPLICATION_COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toApplicationView(row as ApplicationRow) : null;
}

async function openApplicationRow(db: Executor, userId: string, { lock = false } = {}) {
  const query = db
    .selectFrom("applications")
    .select(["id", "public_key", "status"])
    .where("user_id", "=", userId)
    .where("status", "in", [...OPEN_STATUSES]);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** The questions the form asks, in order (archived ones are not asked any more). */
export async function listQuestions(db: Executor): Promise<ApplicationQuestion[]> {
  const rows = await db
    .selectFrom("application_questions")
    .select(["id", "prompt", "help", "required", "max_length"])
    .where("archived_at", "is", null)
    .orderBy("position")
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({ id: row.id, prompt: row.prompt, help: row.help, required: row.required, maxLength: Number(row.max_length) }));
}

/** Whether a database error is the one-open-application index. */
export function isOpenApplicationConflict(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === "23505" && constraint === "applications_one_open_key";
}

/** The answers as stored (prompt snapshotted), and what is wrong with them. */
export function checkAnswers(
  questions: ApplicationQuestion[],
  typed: Record<string, string | undefined>,
  { requireRequired }: { requireRequired: boolean },
): { answers: ApplicationAnswer[]; errors: Record<string, string[]> } {
  const answers: ApplicationAnswer[] = [];
  const errors: Record<string, string[]> = {};
  // Only the live questions count: an id nobody asked is dropped.
  for (const question of questions) {
    const raw = (typed[question.id] ?? "").trim();
    if (raw.length > question.maxLength) {
      errors[`answers.${question.id}`] = [lengthMessage("Your answer", question.maxLength)];
      continue;
    }
    const answer = sanitizeText(raw, question.maxLength);
    if (!answer) {
      if (requireRequired && question.required) errors[`answers.${question.id}`] = [T.answerRequired];
      continue;
    }
    answers.push({ questionId: question.id, prompt: question.prompt, answer });
  }
  return { answers, errors };
}

async function recordEvent(
  tx: Executor,
  event: { applicationId: string; actorId: string | null; action: string; from: ApplicationStatus | null; to: ApplicationStatus | null; note?: string | null },
) {
  await tx
    .insertInto("application_events")
    .values({
      application_id: event.applicationId,
      actor_id: event.actorId,
      action: event.action,
      from_status: event.from,
      to_status: event.to,
      note: event.note ?? null,
    })
    .execute();
}

/**
 * The person's open application, made as an empty draft when they have none.
 * Throws ApplicationNotEditableError when the open one was already submitted,
 * OpenApplicationExistsError when another request made one at the same moment.
 */
async function draftFor(tx: Transaction<DB>, userId: string, kind?: ApplicationKind | null): Promise<{ id: string; publicKey: string; created: boolean }> {
  const open = await openApplicationRow(tx, userId, { lock: true });
  if (open) {
    if (open.status !== "draft") throw new ApplicationNotEditableError();
    return { id: open.id, publicKey: open.public_key, created: false };
  }
  // ON CONFLICT DO NOTHING: a race with another request's insert must not abort the transaction.
  const created = await tx
    .insertInto("applications")
    .values({ user_id: userId, public_key: generatePublicKey(), kind: kind ?? null, status: "draft" })
    .onConflict((oc) => oc.column("user_id").where("status", "in", [...OPEN_STATUSES]).doNothing())
    .returning(["id", "public_key"])
    .executeTakeFirst();
  // Another request made the open application first (the index is the last word).
  if (!created) throw new OpenApplicationExistsError();
  await recordEvent(tx, { applicationId: created.id, actorId: userId, action: "created", from: null, to: "draft" });
  return { id: created.id, publicKey: created.public_key, created: true };
}

function detailsValues(input: ApplicationDetailsInput, answers: ApplicationAnswer[]) {
  return {
    kind: input.kind ?? null,
    name: input.name,
    location: input.location,
    bio: input.bio,
    links: JSON.stringify(input.links.slice(0, APPLICATION_LIMITS.links)),
    answers: JSON.stringify(answers),
    updated_at: sql<Date>`now()`,
  };
}

/**
 * Saves the draft's fields (creating the draft on first save). Answers over
 * their question's limit are refused (ApplicationIncompleteError) before
 * anything is written; required answers are not asked for yet.
 */
export async function saveDraft(db: Database, userId: string, input: ApplicationDetailsInput): Promise<ApplicationView> {
  const questions = await listQuestions(db);
  const { answers, errors } = checkAnswers(questions, input.answers, { requireRequired: false });
  if (Object.keys(errors).length > 0) throw new ApplicationIncompleteError(errors);
  return db.transaction().execute(async (tx) => {
    const draft = await draftFor(tx, userId, input.kind);
    const row = await tx
      .updateTable("applications")
      .set(detailsValues(input, answers))
      .where("id", "=", draft.id)
      .where("status", "=", "draft")
      .returning(APPLICATION_COLUMNS)
      .executeTakeFirst();
    if (!row) throw new ApplicationNotEditableError();
    return toApplicationView(row as ApplicationRow);
  });
}

/**
 * Submits the person's draft with these fields: every required answer and at
 * least one track, else ApplicationIncompleteError and nothing written. The
 * answers keep each prompt as it read at this moment.
 */
export async function submitApplication(db: Database, userId: string, input: ApplicationDetailsInput): Promise<ApplicationView> {
  const questions = await listQuestions(db);
  const { answers, errors } = checkAnswers(questions, input.answers, { requireRequired: true });
  return db.transaction().execute(async (tx) => {
    const open = await openApplicationRow(tx, userId, { lock: true });
    if (open && open.status !== "draft") throw new ApplicationNotEditableError();
    // The row is locked until the commit: an upload or a second submit waits for this one.
    const tracks = open
      ? await tx
          .selectFrom("application_tracks")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("application_id", "=", open.id)
          .executeTakeFirstOrThrow()
      : { n: 0 };
    if (Number(tracks.n) === 0) errors.tracks = [T.needsTrack];
    if (Object.keys(errors).length > 0) throw new ApplicationIncompleteError(errors);
    const row = await tx
      .updateTable("applications")
      .set({ ...detailsValues(input, answers), status: "pending", submitted_at: sql<Date>`now()` })
      .where("id", "=", open!.id)
      .where("status", "=", "draft")
      .returning(APPLICATION_COLUMNS)
      .executeTakeFirst();
    if (!row) throw new ApplicationNotEditableError();
    await recordEvent(tx, { applicationId: row.id, actorId: userId, action: "submitted", from: "draft", to: "pending" });
    return toApplicationView(row as ApplicationRow);
  });
}

/**
 * Withdraws the person's open application (a draft is discarded the same way);
 * false when they have none. A discarded DRAFT loses its tracks, their storage
 * rows and (after the commit) their files: nobody reviews a draft, and a new
 * draft may open at once. A withdrawn SUBMITTED application keeps its tracks,
 * the admins' record of what was sent (ADR 0070, "Storage").
 */
export async function withdrawApplication(db: Database, storage: StoragePort, userId: string): Promise<boolean> {
  const outcome = await db.transaction().execute(async (tx) => {
    const open = await openApplicationRow(tx, userId, { lock: true });
    if (!open) return null;
    const row = await tx
      .updateTable("applications")
      .set({ status: "withdrawn", updated_at: sql<Date>`now()` })
      .where("id", "=", open.id)
      .where("status", "=", open.status)
      .returning("id")
      .executeTakeFirst();
    if (!row) return null;
    await recordEvent(tx, { applicationId: open.id, actorId: userId, action: "withdrawn", from: open.status, to: "withdrawn" });
    if (open.status !== "draft") return { files: [] };
    const files = await tx.deleteFrom("application_tracks").where("application_id", "=", open.id).returning(["audio_bucket", "audio_path"]).execute();
    for (const file of files) {
      await tx.deleteFrom("storage_objects").where("bucket", "=", file.audio_bucket).where("path", "=", file.audio_path).execute();
    }
    return { files };
  });
  if (!outcome) return false;
  // After the commit: a failed removal leaves an unreferenced file, never a row without its file.
  for (const file of outcome.files) await storage.remove(file.audio_bucket, file.audio_path).catch(() => undefined);
  return true;
}

export class TrackQuotaError extends Error {
  constructor() {
    super(T.trackQuota);
    this.name = "TrackQuotaError";
  }
}

/** Tracks kept on all of a person's applications (a withdrawn or declined submitted one keeps its own). */
async function countUserTracks(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom("application_tracks as t")
    .innerJoin("applications as a", "a.id", "t.application_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("a.user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The title a new track gets: what was typed, else the file's title tag, else its name, else "Untitled track". */
export function resolveTrackTitle(typed: string, tagTitle: string | null | undefined, fileName: string | null | undefined): string {
  if (typed) return typed;
  const fromTag = sanitizeText(tagTitle ?? "", APPLICATION_LIMITS.trackTitle);
  if (fromTag) return fromTag;
  const stem = (fileName ?? "").replace(/\.[A-Za-z0-9]{1,5}$/, "").replace(/[_]+/g, " ");
  return sanitizeText(stem, APPLICATION_LIMITS.trackTitle) || T.untitled;
}

function isTrackLimitError(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: string; constraint?: string; message?: string };
  if (code === "23514" && (constraint === "application_tracks_limit" || constraint === "application_tracks_position_check")) return true;
  return typeof message === "string" && message.includes("An application holds at most");
}

export interface AddTrackInput {
  db: Database;
  storage: StoragePort;
  userId: string;
  mode: TrackMode;
  /** Sanitised; empty to use the file's tags. */
  title: string;
  audio: Uint8Array;
  fileName?: string | null;
  /** The kind a new draft starts with (the page's preselection). */
  kind?: ApplicationKind | null;
}

async function countTracks(db: Executor, applicationId: string, mode: TrackMode): Promise<number> {
  const row = await db
    .selectFrom("application_tracks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("application_id", "=", applicationId)
    .where("mode", "=", mode)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Adds a sample track to the person's draft (made when they have none), all or
 * nothing. Throws UploadRejectedError (bytes, size, length), TrackGroupFullError,
 * ApplicationNotEditableError or OpenApplicationExistsError.
 */
export async function addApplicationTrack(input: AddTrackInput): Promise<{ id: string; trackKey: string; title: string }> {
  const open = await openApplicationRow(input.db, input.userId);
  if (open && open.status !== "draft") throw new ApplicationNotEditableError();
  // A cheap early answer; the trigger decides.
  if (open && (await countTracks(input.db, open.id, input.mode)) >= APPLICATION_LIMITS.tracksPerMode) throw new TrackGroupFullError(input.mode);
  if ((await countUserTracks(input.db, input.userId)) >= APPLICATION_LIMITS.tracksPerUser) throw new TrackQuotaError();
  const fileId = crypto.randomUUID();
  try {
    const { result } = await storeUpload({
      db: input.db,
      storage: input.storage,
      bucket: AUDIO_BUCKET,
      path: `applications/${input.userId}/${fileId}`,
      bytes: input.audio,
      kind: "audio",
      uploadedBy: input.userId,
      withRows: async (tx, [file]) => {
        const duration = file.audio?.durationSeconds;
        if (!duration || duration <= 0) throw new UploadRejectedError(UPLOAD_MESSAGES.noDuration);
        const draft = await draftFor(tx, input.userId, input.kind);
        await sql`select public.application_tracks_lock(${draft.id}::uuid)`.execute(tx);
        // Numbers are never reused while their track exists; the highest + 1.
        const keys = await tx
          .selectFrom("application_tracks")
          .select("track_key")
          .where("application_id", "=", draft.id)
          .where("mode", "=", input.mode)
          .execute();
        if (keys.length >= APPLICATION_LIMITS.tracksPerMode) throw new TrackGroupFullError(input.mode);
        // Under the draft's lock: uploads of this person wait for each other here (their other applications are closed).
        if ((await countUserTracks(tx, input.userId)) >= APPLICATION_LIMITS.tracksPerUser) throw new TrackQuotaError();
        const n = keys.reduce((max, row) => Math.max(max, parseApplicationTrackKey(row.track_key)?.n ?? 0), 0) + 1;
        const title = resolveTrackTitle(input.title, file.audio?.tags.title, input.fileName);
        const row = await tx
          .insertInto("application_tracks")
          .values({
            application_id: draft.id,
            mode: input.mode,
            track_key: applicationTrackKey(draft.publicKey, input.mode, n),
            title,
            audio_bucket: file.bucket,
            audio_path: file.path,
            content_type: file.contentType,
            size_bytes: file.size,
            duration_seconds: duration,
            peaks: JSON.stringify(file.audio?.peaks ?? []),
          })
          .returning(["id", "track_key", "title"])
          .executeTakeFirstOrThrow();
        await tx.updateTable("applications").set({ updated_at: sql<Date>`now()` }).where("id", "=", draft.id).execute();
        return { id: row.id, trackKey: row.track_key, title: row.title };
      },
    });
    return result;
  } catch (error) {
    if (isTrackLimitError(error)) throw new TrackGroupFullError(input.mode);
    if (isOpenApplicationConflict(error)) throw new OpenApplicationExistsError();
    throw error;
  }
}

/**
 * Removes one of the tracks of the person's draft, its storage row and its
 * file; the group's later tracks move up. Null when the track is not in
 * their draft (someone else's, a submitted application's, or none at all).
 */
export async function removeApplicationTrack(db: Database, storage: StoragePort, userId: string, trackId: string): Promise<{ title: string } | null> {
  if (!isUuid(trackId)) return null;
  const removed = await db.transaction().execute(async (tx) => {
    // Lock the draft first, as submit does: a submit running now either sees this track gone or makes this removal find no draft.
    const draft = await tx
      .selectFrom("applications")
      .select("id")
      .where("user_id", "=", userId)
      .where("status", "=", "draft")
      .forUpdate()
      .executeTakeFirst();
    if (!draft) return null;
    const track = await tx
      .selectFrom("application_tracks as t")
      .innerJoin("applications as a", "a.id", "t.application_id")
      .select(["t.id", "t.application_id", "t.mode"])
      .where("t.id", "=", trackId)
      .where("a.id", "=", draft.id)
      .where("a.status", "=", "draft")
      .executeTakeFirst();
    if (!track) return null;
    await sql`select public.application_tracks_lock(${track.application_id}::uuid)`.execute(tx);
    const deleted = await tx
      .deleteFrom("application_tracks")
      .where("id", "=", track.id)
      .returning(["title", "audio_bucket", "audio_path", "position"])
      .executeTakeFirst();
    if (!deleted) return null;
    await tx
      .updateTable("application_tracks")
      .set({ position: sql<number>`position - 1` })
      .where("application_id", "=", track.application_id)
      .where("mode", "=", track.mode)
      .where("position", ">", Number(deleted.position))
      .execute();
    await tx.deleteFrom("storage_objects").where("bucket", "=", deleted.audio_bucket).where("path", "=", deleted.audio_path).execute();
    return deleted;
  });
  if (!removed) return null;
  // After the commit: a failed removal leaves an unreferenced file, never a row without its file.
  await storage.remove(removed.audio_bucket, removed.audio_path).catch(() => undefined);
  return { title: removed.title };
}

/**
 * An application's tracks, collab first then solo, each in its order, with a
 * fresh signed URL: ready for the floating player (`id` is the track key) and
 * for the review page. The caller decides who may see them.
 */
export async function listApplicationTracks(db: Executor, storage: StoragePort, applicationId: string): Promise<ApplicationTrackView[]> {
  if (!isUuid(applicationId)) return [];
  const rows = await db
    .selectFrom("application_tracks as t")
    .innerJoin("applications as a", "a.id", "t.application_id")
    .select(["t.id", "t.track_key", "t.mode", "t.title", "t.duration_seconds", "t.peaks", "t.audio_bucket", "t.audio_path", "t.position", "a.name"])
    .where("t.application_id", "=", applicationId)
    .orderBy(sql`case when t.mode = 'collab' then 0 else 1 end`)
    .orderBy("t.position")
    .execute();
  if (rows.length === 0) return [];
  const urlOf = await signObjects(storage, rows.map((row) => ({ bucket: row.audio_bucket, path: row.audio_path })), SIGNED_URL_TTL_S);
  return rows.map((row) => ({
    id: row.track_key,
    trackId: row.id,
    url: urlOf({ bucket: row.audio_bucket, path: row.audio_path }),
    title: row.title,
    artist: row.name || "Applicant",
    mode: row.mode,
    durationSeconds: Number(row.duration_seconds),
    peaks: toPeaks(row.peaks),
    position: Number(row.position),
    freshUrlEndpoint: applicationTrackAudioUrlPath(row.track_key),
  }));
}

/**
 * A track's audio for a viewer: the applicant's own tracks and, for admins,
 * anyone's. `trackId` is the track's key (the player's id) or its row id.
 * Null otherwise, so the answer does not tell whether the track exists.
 */
export async function applicationTrackAudioFor(
  db: Database,
  trackId: string,
  viewer: Pick<Viewer, "id" | "isAdmin"> | null,
): Promise<{ bucket: string; path: string } | null> {
  if (!viewer) return null;
  const byKey = parseApplicationTrackKey(trackId) !== null;
  if (!byKey && !isUuid(trackId)) return null;
  const row = await db
    .selectFrom("application_tracks as t")
    .innerJoin("applications as a", "a.id", "t.application_id")
    .select(["a.user_id", "t.audio_bucket", "t.audio_path"])
    .where(byKey ? "t.track_key" : "t.id", "=", trackId)
    .executeTakeFirst();
  if (!row) return null;
  return row.user_id === viewer.id || isAdmin(viewer) ? { bucket: row.audio_bucket, path: row.audio_path } : null;
}

export async function signedApplicationTrackUrl(storage: StoragePort, audio: { bucket: string; path: string }): Promise<string> {
  return storage.createSignedUrl(audio.bucket, audio.path, SIGNED_URL_TTL_S);
}
