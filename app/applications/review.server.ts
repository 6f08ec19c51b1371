/**
 * Reviewing applications (admins): the queue with its status counts, one
 * application with its neighbours in the queue's order, each admin's rating,
 * decisions and the record of who did what when.
 * docs/decisions/0071-review-and-offers.md
 *
 * A decision is a conditional update on the status the admin saw: two admins
 * deciding at once, or one form posted twice, change the application once;
 * the other gets DecisionConflictError with the status it found.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { z } from "zod";
import { auditActor } from "~/audit/actor.server";
import { recordAdminAction } from "~/audit/audit.server";
import { deliverNotice } from "~/inbox/inbox.server";
import type { Database } from "~/platform/db/connect.server";
import type { ApplicationStatusValue, DB } from "~/platform/db/schema";
import type { MessagePort } from "~/platform/messages/port";
import type { AppStorage } from "~/platform/storage/index.server";
import { listApplicationTracks } from "./applications.server";
import { createOffer, sendOfferMessage, type CreatedOffer } from "./offers.server";
import type { QueueQuery } from "./review-query";
export { parseQueueQuery, queueSearch, type QueueQuery } from "./review-query";
import {
  DECIDABLE_STATUSES,
  DECISION_STATUS,
  QUEUE_PAGE_SIZE,
  REVIEW_FILTERS,
  REVIEW_TEXT,
  type Decision,
  type QueueOrder,
  type ReviewFilter,
} from "./review-text";

const uuid = z.string().uuid();
export const isApplicationId = (value: unknown): value is string => uuid.safeParse(value).success;

export interface QueueRow {
  id: string;
  name: string;
  kind: string | null;
  status: ApplicationStatusValue;
  submittedAt: string;
  collabCount: number;
  soloCount: number;
  /** The viewing admin's own rating, or null. */
  myRating: number | null;
  averageRating: number | null;
  ratingCount: number;
}

export interface Queue {
  rows: QueueRow[];
  counts: Record<ReviewFilter, number>;
  query: QueueQuery;
  hasNextPage: boolean;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** One page of submitted applications in a status, with the counts per status (two queries). */
export async function listQueue(db: Database, adminId: string, query: QueueQuery): Promise<Queue> {
  const direction = query.order === "oldest" ? "asc" : "desc";
  const [rows, countRows] = await Promise.all([
    db
      .selectFrom("applications as a")
      .where("a.status", "=", query.status)
      .where("a.submitted_at", "is not", null)
      .select((eb) => [
        "a.id",
        "a.name",
        "a.kind",
        "a.status",
        "a.submitted_at",
        eb
          .selectFrom("application_tracks as t")
          .whereRef("t.application_id", "=", "a.id")
          .where("t.mode", "=", "collab")
          .select(sql<number>`count(*)::int`.as("n"))
          .as("collab_count"),
        eb
          .selectFrom("application_tracks as t")
          .whereRef("t.application_id", "=", "a.id")
          .where("t.mode", "=", "solo")
          .select(sql<number>`count(*)::int`.as("n"))
          .as("solo_count"),
        eb
          .selectFrom("application_reviews as r")
          .whereRef("r.application_id", "=", "a.id")
          .where("r.admin_id", "=", adminId)
          .select("r.rating")
          .as("my_rating"),
        eb
          .selectFrom("application_reviews as r")
          .whereRef("r.application_id", "=", "a.id")
          .select(sql<string | null>`avg(r.rating)::text`.as("avg"))
          .as("average_rating"),
        eb
          .selectFrom("application_reviews as r")
          .whereRef("r.application_id", "=", "a.id")
          .select(sql<number>`count(*)::int`.as("n"))
          .as("rating_count"),
      ])
      .orderBy("a.submitted_at", direction)
      .orderBy("a.id", direction)
      .limit(QUEUE_PAGE_SIZE + 1)
      .offset((query.page - 1) * QUEUE_PAGE_SIZE)
      .execute(),
    db
      .selectFrom("applications")
      .where("status", "in", [...REVIEW_FILTERS])
      .where("submitted_at", "is not", null)
      .select(["status", sql<number>`count(*)::int`.as("n")])
      .groupBy("status")
      .execute(),
  ]);
  const counts = Object.fromEntries(REVIEW_FILTERS.map((s) => [s, 0])) as Record<ReviewFilter, number>;
  for (const row of countRows) counts[row.status as ReviewFilter] = Number(row.n);
  return {
    rows: rows.slice(0, QUEUE_PAGE_SIZE).map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      status: row.status,
      submittedAt: iso(row.submitted_at)!,
      collabCount: Number(row.collab_count ?? 0),
      soloCount: Number(row.solo_count ?? 0),
      myRating: row.my_rating ?? null,
      averageRating: row.average_rating == null ? null : Number(row.average_rating),
      ratingCount: Number(row.rating_count ?? 0),
    })),
    counts,
    query,
    hasNextPage: rows.length > QUEUE_PAGE_SIZE,
  };
}

export interface ReviewTrack {
  id: string;
  url: string;
  title: string;
  artist: string;
  mode: "collab" | "solo";
  durationSeconds: number;
  /** Where the player asks for a fresh signed URL after an audio error. */
  freshUrlEndpoint?: string;
}

export interface NeighbourView {
  id: string;
  name: string;
  publicKey: string;
  tracks: ReviewTrack[];
}

export interface ReviewEntry {
  adminId: string;
  adminName: string;
  rating: number;
  comment: string;
  updatedAt: string;
  mine: boolean;
}

export interface TimelineEntry {
  id: string;
  action: string;
  actorName: string | null;
  actorIsApplicant: boolean;
  fromStatus: string | null;
  toStatus: string | null;
  note: string | null;
  at: string;
}

export interface OfferSummary {
  id: string;
  expiresAt: string;
  acceptedAt: string | null;
  createdAt: string;
  state: "open" | "accepted" | "expired";
}

export interface ApplicationReview {
  application: {
    id: string;
    publicKey: string;
    name: string;
    kind: string | null;
    location: string;
    bio: string;
    links: { label: string; url: string }[];
    answers: { questionId: string; prompt: string; answer: string }[];
    status: ApplicationStatusValue;
    submittedAt: string | null;
    decidedAt: string | null;
    decisionNote: string | null;
  };
  tracks: ReviewTrack[];
  previous: NeighbourView | null;
  next: NeighbourView | null;
  playerPrevious: NeighbourView | null;
  playerNext: NeighbourView | null;
  reviews: ReviewEntry[];
  average: number | null;
  timeline: TimelineEntry[];
  offer: OfferSummary | null;
}

/** Display names of accounts, by id (profiles, else the e-mail's local part is NOT used: admins' names only). */
async function namesOf(db: Database, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom("profiles").select(["user_id", "display_name"]).where("user_id", "in", unique).execute();
  return new Map(rows.map((r) => [r.user_id, r.display_name?.trim() || "An admin"]));
}

/** The submitted application before or after this one in the queue's order (keyset on submitted_at, id). */
async function neighbour(
  db: Database,
  at: { id: string; submittedAt: Date },
  status: ReviewFilter,
  order: QueueOrder,
  side: "previous" | "next",
  player?: { mode: "collab" | "solo" },
) {
  // "next" in newest-first order is an older submission.
  const older = (order === "newest") === (side === "next");
  const query = (afterAt: boolean) => {
    let q = db
      .selectFrom("applications")
      .select(["id", "name", "public_key"])
      .where("status", "=", status)
      .where("submitted_at", "is not", null)
      .where("id", "!=", at.id);
    if (player) {
      // The player's neighbour: an applicant with a track in the mode being played, or the
      // player would step past them (or wrap onto the wrong applicant).
      const mode = player.mode;
      q = q.where((eb) =>
        eb.exists(eb.selectFrom("application_tracks").select("application_tracks.id").whereRef("application_tracks.application_id", "=", "applications.id").where("application_tracks.mode", "=", mode)),
      );
    }
    if (afterAt) {
      q = q.where((eb) =>
        older
          ? eb.or([eb("submitted_at", "<", at.submittedAt), eb.and([eb("submitted_at", "=", at.submittedAt), eb("id", "<", at.id)])])
          : eb.or([eb("submitted_at", ">", at.submittedAt), eb.and([eb("submitted_at", "=", at.submittedAt), eb("id", ">", at.id)])]),
      );
    }
    return q
      .orderBy("submitted_at", older ? "desc" : "asc")
      .orderBy("id", older ? "desc" : "asc")
      .limit(1)
      .executeTakeFirst();
  };
  const row = await query(true);
  // The player wraps last to first (SPEC §4): past the end of the queue its neighbour is the
  // other end's applicant. The page's own previous/next links do not wrap.
  if (!row && player) return (await query(false)) ?? null;
  return row ?? null;
}

async function tracksOf(db: Database, storage: AppStorage, applicationId: string): Promise<ReviewTrack[]> {
  const tracks = await listApplicationTracks(db, storage, applicationId);
  return tracks.map((t) => ({
    id: t.id,
    url: t.url,
    title: t.title,
    artist: t.artist,
    mode: t.mode,
    durationSeconds: t.durationSeconds,
    freshUrlEndpoint: t.freshUrlEndpoint,
  }));
}

/** Everything the applicant's page shows an admin; null for an unknown id or a draft nobody submitted. */
export async function getApplicationReview(
  db: Database,
  storage: AppStorage,
  applicationId: string,
  adminId: string,
  context: Pick<QueueQuery, "status" | "order"> & { mode?: "collab" | "solo" },
): Promise<ApplicationReview | null> {
  if (!isApplicationId(applicationId)) return null;
  const row = await db.selectFrom("applications").selectAll().where("id", "=", applicationId).executeTakeFirst();
  // A draft is the applicant's own business until they submit it.
  if (!row || !row.submitted_at) return null;
  const at = { id: row.id, submittedAt: new Date(row.submitted_at) };
  const player = { mode: context.mode ?? "collab" } as const;
  const [tracks, previousRow, nextRow, playerPreviousRow, playerNextRow, reviewRows, eventRows, offerRow] = await Promise.all([
    tracksOf(db, storage, row.id),
    neighbour(db, at, context.status, context.order, "previous"),
    neighbour(db, at, context.status, context.order, "next"),
    neighbour(db, at, context.status, context.order, "previous", player),
    neighbour(db, at, context.status, context.order, "next", player),
    db.selectFrom("application_reviews").selectAll().where("application_id", "=", row.id).orderBy("updated_at", "desc").execute(),
    db.selectFrom("application_events").selectAll().where("application_id", "=", row.id).orderBy("created_at").orderBy("id").execute(),
    db
      .selectFrom("application_offers")
      .select(["id", "expires_at", "accepted_at", "created_at"])
      .where("application_id", "=", row.id)
      .where("revoked_at", "is", null)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const [playerPreviousTracks, playerNextTracks, names] = await Promise.all([
    playerPreviousRow ? tracksOf(db, storage, playerPreviousRow.id) : [],
    playerNextRow ? tracksOf(db, storage, playerNextRow.id) : [],
    namesOf(db, [...reviewRows.map((r) => r.admin_id), ...eventRows.flatMap((e) => (e.actor_id ? [e.actor_id] : []))]),
  ]);
  const ratings = reviewRows.map((r) => r.rating);
  const now = Date.now();
  return {
    application: {
      id: row.id,
      publicKey: row.public_key,
      name: row.name,
      kind: row.kind,
      location: row.location,
      bio: row.bio,
      links: Array.isArray(row.links) ? row.links : [],
      answers: Array.isArray(row.answers) ? row.answers : [],
      status: row.status,
      submittedAt: iso(row.submitted_at),
      decidedAt: iso(row.decided_at),
      decisionNote: row.decision_note,
    },
    tracks,
    // The queue's neighbours, for the page's links (no tracks needed).
    previous: previousRow ? { id: previousRow.id, name: previousRow.name, publicKey: previousRow.public_key, tracks: [] } : null,
    next: nextRow ? { id: nextRow.id, name: nextRow.name, publicKey: nextRow.public_key, tracks: [] } : null,
    // The player's neighbours: the nearest applicants with tracks in the mode, wrapping at the ends.
    playerPrevious: playerPreviousRow
      ? { id: playerPreviousRow.id, name: playerPreviousRow.name, publicKey: playerPreviousRow.public_key, tracks: playerPreviousTracks }
      : null,
    playerNext: playerNextRow ? { id: playerNextRow.id, name: playerNextRow.name, publicKey: playerNextRow.public_key, tracks: playerNextTracks } : null,
    reviews: reviewRows.map((r) => ({
      adminId: r.admin_id,
      adminName: names.get(r.admin_id) ?? "An admin",
      rating: r.rating,
      comment: r.comment,
      updatedAt: iso(r.updated_at)!,
      mine: r.admin_id === adminId,
    })),
    average: ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : null,
    timeline: eventRows.map((e) => ({
      id: e.id,
      action: e.action,
      actorIsApplicant: e.actor_id !== null && e.actor_id === row.user_id,
      actorName: e.actor_id === null ? null : e.actor_id === row.user_id ? null : (names.get(e.actor_id) ?? null),
      fromStatus: e.from_status,
      toStatus: e.to_status,
      note: e.note,
      at: iso(e.created_at)!,
    })),
    offer: offerRow
      ? {
          id: offerRow.id,
          expiresAt: iso(offerRow.expires_at)!,
          acceptedAt: iso(offerRow.accepted_at),
          createdAt: iso(offerRow.created_at)!,
          state: offerRow.accepted_at ? "accepted" : new Date(offerRow.expires_at).getTime() <= now ? "expired" : "open",
        }
      : null,
  };
}

// ---------------------------------------------------------------------------
// Ratings

/** The admin's own rating and comment: created, or replaced. Returns false for an unknown or unsubmitted application. */
export async function saveReview(db: Database, input: { applicationId: string; adminId: string; rating: number; comment: string }): Promise<boolean> {
  if (!isApplicationId(input.applicationId)) return false;
  // One transaction with its audit entry (ADR 0078): the rating and the record of it stand or fall together.
  return db.transaction().execute(async (tx) => {
    const application = await tx.selectFrom("applications").select(["submitted_at", "name"]).where("id", "=", input.applicationId).executeTakeFirst();
    if (!application?.submitted_at) return false;
    const previous = await tx
      .selectFrom("application_reviews")
      .select(["rating", "comment"])
      .where("application_id", "=", input.applicationId)
      .where("admin_id", "=", input.adminId)
      .executeTakeFirst();
    await tx
      .insertInto("application_reviews")
      .values({ application_id: input.applicationId, admin_id: input.adminId, rating: input.rating, comment: input.comment })
      .onConflict((oc) => oc.columns(["application_id", "admin_id"]).doUpdateSet({ rating: input.rating, comment: input.comment, updated_at: new Date() }))
      .execute();
    await recordAdminAction(tx, {
      actor: await auditActor(tx, input.adminId),
      action: "application.reviewed",
      target: { type: "application", id: input.applicationId, label: application.name },
      before: previous ? { rating: previous.rating, comment: previous.comment } : null,
      after: { rating: input.rating, comment: input.comment },
    });
    return true;
  });
}

// ---------------------------------------------------------------------------
// Decisions

export class DecisionConflictError extends Error {
  constructor(
    readonly reason: "not-found" | "not-decidable" | "final" | "same" | "changed",
    readonly status: ApplicationStatusValue | null,
  ) {
    super(reason);
  }
}

export interface DecisionResult {
  applicationId: string;
  status: ApplicationStatusValue;
  offer: CreatedOffer | null;
}

/** Writes an event (append-only record). */
export function recordEvent(
  db: Kysely<DB> | Transaction<DB>,
  event: { applicationId: string; actorId: string | null; action: string; from?: ApplicationStatusValue | null; to?: ApplicationStatusValue | null; note?: string | null },
) {
  return db
    .insertInto("application_events")
    .values({
      application_id: event.applicationId,
      actor_id: event.actorId,
      action: event.action,
      from_status: event.from ?? null,
      to_status: event.to ?? null,
      note: event.note || null,
      // Several events in one transaction keep their order (now() is the transaction's start).
      created_at: sql<Date>`clock_timestamp()`,
    })
    .execute();
}

/**
 * Shortlist, waitlist, decline or accept (= make an offer), in one
 * transaction: the status (only if it still is `expectedStatus`), the event,
 * the decision banner reset, the inbox notice and, for accept, the offer.
 * The offer's e-mail goes out after the commit.
 */
export async function decide(
  db: Database,
  messages: MessagePort,
  input: { applicationId: string; adminId: string; decision: Decision; note: string; expectedStatus: ApplicationStatusValue; origin: string | null },
): Promise<DecisionResult> {
  if (!isApplicationId(input.applicationId)) throw new DecisionConflictError("not-found", null);
  const to = DECISION_STATUS[input.decision];
  const note = input.note.trim() || null;
  const result = await db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom("applications").select(["status", "user_id", "submitted_at", "name", "decision_note"]).where("id", "=", input.applicationId).forUpdate().executeTakeFirst();
    if (!current || !current.submitted_at) throw new DecisionConflictError("not-found", null);
    if (current.status !== input.expectedStatus) throw new DecisionConflictError("changed", current.status);
    if (current.status === to) throw new DecisionConflictError("same", current.status);
    if (current.status === "accepted" || current.status === "declined") throw new DecisionConflictError("final", current.status);
    if (!(DECIDABLE_STATUSES as readonly string[]).includes(current.status)) throw new DecisionConflictError("not-decidable", current.status);
    const now = new Date();
    const updated = await tx
      .updateTable("applications")
      .set({ status: to, decided_at: now, decided_by: input.adminId, decision_note: note, updated_at: now })
      .where("id", "=", input.applicationId)
      .where("status", "=", input.expectedStatus)
      .returning("id")
      .executeTakeFirst();
    if (!updated) throw new DecisionConflictError("changed", null);
    await recordEvent(tx, { applicationId: input.applicationId, actorId: input.adminId, action: "status_changed", from: current.status, to, note });
    // The applicant never learns of a shortlisting (ADR 0070): to them it is still in review, so no banner and no notice.
    const { decision } = input;
    if (decision !== "shortlist") await tx.updateTable("profiles").set({ has_seen_decision_banner: false, updated_at: now }).where("user_id", "=", current.user_id).execute();
    let offer: CreatedOffer | null = null;
    if (input.decision === "accept") {
      offer = await createOffer(tx, { applicationId: input.applicationId, userId: current.user_id, adminId: input.adminId, now });
    }
    if (decision !== "shortlist") {
      await deliverNotice(tx, {
        recipientId: current.user_id,
        kind: decision === "accept" ? "offer" : "decision",
        subject: REVIEW_TEXT.noticeSubject[decision],
        body: [REVIEW_TEXT.noticeBody[decision], note ? REVIEW_TEXT.noteFromTeam(note) : null].filter(Boolean).join("\n\n"),
        link: offer ? `/accept?offer=${offer.id}` : "/dashboard",
      });
    }
    // The audit entry (ADR 0078). Never the offer's token: only that an offer was made and until when.
    await recordAdminAction(tx, {
      actor: await auditActor(tx, input.adminId),
      action: "application.decided",
      target: { type: "application", id: input.applicationId, label: current.name },
      before: { status: current.status, note: current.decision_note },
      after: { status: to, note, ...(offer ? { offerExpiresAt: offer.expiresAt } : {}) },
    });
    return { applicationId: input.applicationId, status: to, offer, userId: current.user_id };
  });
  if (result.offer) await sendOfferMessage(db, messages, { userId: result.userId, token: result.offer.token, expiresAt: result.offer.expiresAt, note, origin: input.origin });
  return { applicationId: result.applicationId, status: result.status, offer: result.offer };
}

/** The app's public address for links in messages (PUBLIC_ORIGIN), or null. */
export { publicOrigin } from "./offers.server";
