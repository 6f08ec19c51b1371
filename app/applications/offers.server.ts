/**
 * Offers of membership (issue 11; docs/decisions/0071-review-and-offers.md).
 *
 * Accepting an application makes an offer: 32 random bytes, sent once by mail
 * as /accept?token=..., stored only as their SHA-256 hash, open for 14 days.
 * A newer offer revokes the older open one. The applicant's dashboard links
 * to /accept?offer=<id>, which works only for the signed-in owner. Taking an
 * offer (a POST; GET only shows it, since mail scanners prefetch links) makes
 * the person a member and starts their onboarding, in one transaction, once.
 *
 * No function here returns a token except createOffer's result, which only
 * the mail uses.
 */
import crypto from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { z } from "zod";
import { auditActor } from "~/audit/actor.server";
import { recordAdminAction } from "~/audit/audit.server";
import type { Database } from "~/platform/db/connect.server";
import type { DB } from "~/platform/db/schema";
import { getRuntime } from "~/platform/runtime.server";
import type { MessagePort } from "~/platform/messages/port";
import type { RateLimitRule } from "~/platform/rate-limit.server";
import { OFFER_LIFETIME_MS, REVIEW_TEXT } from "./review-text";

export interface OpenOffer {
  id: string;
  /** ISO timestamp. */
  expiresAt: string;
}

export interface CreatedOffer {
  id: string;
  /** The secret for the mail; never stored, never shown on a page. */
  token: string;
  expiresAt: Date;
}

/** Guessing tokens: per account and per network address. */
export const OFFER_RATE_LIMITS = {
  perUser: { name: "offer-token:user", limit: 20, windowMs: 15 * 60 * 1000, message: "Too many offer links tried." },
  perAddress: { name: "offer-token:address", limit: 60, windowMs: 15 * 60 * 1000, message: "Too many offer links tried from your network." },
} satisfies Record<string, RateLimitRule>;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const uuid = z.string().uuid();
export const isOfferId = (value: unknown): value is string => uuid.safeParse(value).success;
export const isTokenShaped = (value: unknown): value is string => typeof value === "string" && TOKEN_PATTERN.test(value);

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

type Db = Kysely<DB> | Transaction<DB>;

/** The site's configured address for links in messages, or null (ADR 0066: never the request's Host). */
export function publicOrigin(): string | null {
  const configured = getRuntime().env.PUBLIC_ORIGIN;
  return configured ? new URL(configured).origin : null;
}

/** The user's offer that is neither taken, revoked nor expired; null when none. */
export async function getOpenOffer(db: Database, userId: string): Promise<OpenOffer | null> {
  if (!uuid.safeParse(userId).success) return null;
  const row = await db
    .selectFrom("application_offers")
    .select(["id", "expires_at"])
    .where("user_id", "=", userId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", new Date())
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, expiresAt: new Date(row.expires_at).toISOString() } : null;
}

/**
 * A new offer for an accepted application; revokes the application's older
 * unanswered offer (with an event). Run it inside the decision's transaction.
 */
export async function createOffer(tx: Db, input: { applicationId: string; userId: string; adminId: string | null; now?: Date }): Promise<CreatedOffer> {
  const now = input.now ?? new Date();
  const revoked = await tx
    .updateTable("application_offers")
    .set({ revoked_at: now })
    .where("application_id", "=", input.applicationId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .returning("id")
    .execute();
  for (const _ of revoked) {
    await tx.insertInto("application_events").values({ application_id: input.applicationId, actor_id: input.adminId, action: "offer_revoked", created_at: sql<Date>`clock_timestamp()` }).execute();
  }
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + OFFER_LIFETIME_MS);
  const { id } = await tx
    .insertInto("application_offers")
    .values({
      application_id: input.applicationId,
      user_id: input.userId,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      created_by: input.adminId,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // After every earlier event of the application, strictly: a revocation just above can share its
  // microsecond with this insert, and the history (ordered by time) must say revoked, then sent.
  const after = sql<Date>`greatest(clock_timestamp(), (select max(e.created_at) + interval '1 microsecond' from public.application_events e where e.application_id = ${input.applicationId}::uuid))`;
  await tx.insertInto("application_events").values({ application_id: input.applicationId, actor_id: input.adminId, action: "offer_sent", created_at: after }).execute();
  return { id, token, expiresAt };
}

export class OfferNotResendableError extends Error {}

/** Admin: a fresh link for an accepted application whose offer was not taken (the old link stops working). */
export async function resendOffer(
  db: Database,
  messages: MessagePort,
  input: { applicationId: string; adminId: string; origin: string | null },
): Promise<CreatedOffer> {
  const result = await db.transaction().execute(async (tx) => {
    const application = await tx
      .selectFrom("applications")
      .select(["status", "user_id", "decision_note", "name"])
      .where("id", "=", input.applicationId)
      .forUpdate()
      .executeTakeFirst();
    if (!application || application.status !== "accepted") throw new OfferNotResendableError();
    const taken = await tx.selectFrom("application_offers").select("id").where("application_id", "=", input.applicationId).where("accepted_at", "is not", null).executeTakeFirst();
    if (taken) throw new OfferNotResendableError();
    const offer = await createOffer(tx, { applicationId: input.applicationId, userId: application.user_id, adminId: input.adminId });
    // The audit entry (ADR 0078): when the new offer runs out, never its token.
    await recordAdminAction(tx, {
      actor: await auditActor(tx, input.adminId),
      action: "application.offer_resent",
      target: { type: "application", id: input.applicationId, label: application.name },
      after: { offerExpiresAt: offer.expiresAt },
    });
    return { offer, userId: application.user_id, note: application.decision_note };
  });
  await sendOfferMessage(db, messages, { userId: result.userId, token: result.offer.token, expiresAt: result.offer.expiresAt, note: result.note, origin: input.origin });
  return result.offer;
}

const mailDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

/**
 * The offer link, to the applicant's own address (e-mail, else SMS). A failure
 * is logged, not shown: the offer is on their dashboard and in their inbox too.
 */
export async function sendOfferMessage(
  db: Database,
  messages: MessagePort,
  input: { userId: string; token: string; expiresAt: Date; note: string | null; origin: string | null },
): Promise<void> {
  const user = await db.selectFrom("auth.users").select(["email", "phone"]).where("id", "=", input.userId).executeTakeFirst();
  const channel = user?.email ? "email" : user?.phone ? "phone" : null;
  if (!user || !channel) return;
  // Without PUBLIC_ORIGIN the path alone: the applicant can still paste it after the site's address.
  const link = `${input.origin ?? ""}/accept?token=${input.token}`;
  const expires = `${mailDate.format(input.expiresAt)} UTC`;
  try {
    await messages.send({
      channel,
      recipient: (channel === "email" ? user.email : user.phone)!,
      subject: REVIEW_TEXT.offerMailSubject,
      body: channel === "email" ? REVIEW_TEXT.offerMailBody(link, expires, input.note) : REVIEW_TEXT.offerSms(link),
    });
  } catch (error) {
    console.error("offers: the offer message could not be sent", error instanceof Error ? error.message : error);
  }
}

// ---------------------------------------------------------------------------
// /accept

export type OfferState = "open" | "accepted" | "expired" | "revoked";
export type OfferLookup =
  | { kind: "found"; state: OfferState; offer: OfferView }
  | { kind: "unknown" }
  /** A real offer, made to someone else: nothing about it is shown. */
  | { kind: "not-yours" };

export interface OfferView {
  id: string;
  expiresAt: string;
  name: string;
  applicationKind: string | null;
  note: string | null;
}

async function loadOffer(db: Database, where: { tokenHash: string } | { id: string }) {
  let query = db
    .selectFrom("application_offers as o")
    .innerJoin("applications as a", "a.id", "o.application_id")
    .select(["o.id", "o.user_id", "o.expires_at", "o.accepted_at", "o.revoked_at", "a.name", "a.kind", "a.decision_note", "a.status"]);
  query = "tokenHash" in where ? query.where("o.token_hash", "=", where.tokenHash) : query.where("o.id", "=", where.id);
  return query.executeTakeFirst();
}

/** An offer as the /accept page may show it to `viewerId`. */
export async function lookupOffer(db: Database, viewerId: string, by: { token: string } | { offerId: string }, now = new Date()): Promise<OfferLookup> {
  if ("token" in by && !isTokenShaped(by.token)) return { kind: "unknown" };
  if ("offerId" in by && !isOfferId(by.offerId)) return { kind: "unknown" };
  const row = await loadOffer(db, "token" in by ? { tokenHash: hashToken(by.token) } : { id: by.offerId });
  if (!row) return { kind: "unknown" };
  // An offer id is only ever shown to its owner: someone else's reads as unknown.
  if (row.user_id !== viewerId) return "offerId" in by ? { kind: "unknown" } : { kind: "not-yours" };
  const state: OfferState = row.accepted_at
    ? "accepted"
    : row.revoked_at || row.status !== "accepted"
      ? "revoked"
      : new Date(row.expires_at).getTime() <= now.getTime()
        ? "expired"
        : "open";
  return {
    kind: "found",
    state,
    offer: { id: row.id, expiresAt: new Date(row.expires_at).toISOString(), name: row.name, applicationKind: row.kind, note: row.decision_note },
  };
}

export type TakeResult =
  | { kind: "accepted" }
  | { kind: "unknown" }
  | { kind: "not-yours" }
  /** The account has a role already (an approved A&R, say): taking the offer would silently switch it. The offer stays open. */
  | { kind: "has-role" }
  | { kind: "found"; state: Exclude<OfferState, "open"> };

/**
 * Takes the viewer's open offer: role accepted_member, the onboarding window
 * opened (first_login_after_acceptance and onboarding_started_at now, progress
 * reset so the welcome and the tour follow), the decision banner shown again,
 * the offer marked accepted and the event written, in one transaction. The
 * offer's conditional update makes a second take (a replay, two tabs) a no-op.
 */
export async function takeOffer(db: Database, viewerId: string, offerId: string, now = new Date()): Promise<TakeResult> {
  const seen = await lookupOffer(db, viewerId, { offerId }, now);
  if (seen.kind !== "found") return seen;
  if (seen.state !== "open") return { kind: "found", state: seen.state };
  return db.transaction().execute(async (tx): Promise<TakeResult> => {
    // Locked: an A&R approval running now waits, then this sees its role (and the approval sees ours).
    const current = await tx.selectFrom("profiles").select("role").where("user_id", "=", viewerId).forUpdate().executeTakeFirst();
    if (current?.role) {
      // A replay that waited for the first take: that offer is accepted now.
      const again = await lookupOffer(tx as unknown as Database, viewerId, { offerId }, now);
      return again.kind === "found" && again.state !== "open" ? { kind: "found", state: again.state } : { kind: "has-role" };
    }
    const taken = await tx
      .updateTable("application_offers")
      .set({ accepted_at: now })
      .where("id", "=", offerId)
      .where("user_id", "=", viewerId)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now)
      .returning(["application_id"])
      .executeTakeFirst();
    if (!taken) {
      const again = await lookupOffer(tx as unknown as Database, viewerId, { offerId }, now);
      return again.kind === "found" && again.state !== "open" ? { kind: "found", state: again.state } : { kind: "found", state: "accepted" };
    }
    const profile = await tx
      .updateTable("profiles")
      .set({
        role: "accepted_member",
        first_login_after_acceptance: now,
        onboarding_started_at: now,
        onboarding_completed: false,
        onboarding_skipped: false,
        onboarding_current_step: 0,
        onboarding_completed_at: null,
        has_seen_decision_banner: false,
        updated_at: now,
      })
      .where("user_id", "=", viewerId)
      .returning("id")
      .executeTakeFirst();
    if (!profile) {
      await tx
        .insertInto("profiles")
        .values({ user_id: viewerId, role: "accepted_member", first_login_after_acceptance: now, onboarding_started_at: now })
        .execute();
    }
    // The welcome shows once per session: this session has not shown it to a member yet.
    await tx
      .updateTable("session_activity")
      .set({ onboarding_welcome_shown_at: null, onboarding_tour_active: false, onboarding_requested_at: null })
      .where("user_id", "=", viewerId)
      .execute();
    await tx
      .insertInto("application_events")
      .values({ application_id: taken.application_id, actor_id: viewerId, action: "offer_accepted", from_status: "accepted", to_status: "accepted", created_at: sql<Date>`clock_timestamp()` })
      .execute();
    return { kind: "accepted" };
  });
}
