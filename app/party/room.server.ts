/**
 * Creating, starting and ending parties; being in the room (presence,
 * buffering); chat, reactions, ratings and the host's moderation (ADR 0092).
 */
import { sql } from "kysely";
import { isMember } from "~/auth/viewer";
import type { Database } from "~/platform/db/connect.server";
import type { PartyRating, PartyStatus, PartyVisibility } from "~/platform/db/schema";
import { isUuid } from "~/shared/ids";
import { sanitizeText } from "~/shared/sanitize";
import { LISTENER_STALE_MS, PARTY_CHAT_MAX, PARTY_INVITES_MAX, PARTY_REACTIONS, PARTY_TEXT, type PartyReaction } from "./constants";
import { PartyError, notFound, iso, ms, type ChatMessage, type Tx, type Db } from "./parties.server";
import { lockParty, requireGuest, requireHost, timelineOf, emitHosts, displayNameOf, type Actor, type Locked } from "./room-lock.server";
import { emitPartyEvent } from "./events.server";
import { rankOutcome } from "./outcome";
import { positionAt } from "./sync";
import { campsTakenPartIn } from "~/camps/participants.server";

// -- Creating and ending --------------------------------------------------------

export interface CreatePartyInput {
  title: string;
  visibility: PartyVisibility;
  briefId?: string | null;
  campId?: string | null;
  /** Absent: the party starts now. */
  scheduledFor?: Date | null;
  invitees?: string[];
  coHostId?: string | null;
}

/**
 * The briefs and camps a party may belong to: only what the host may already
 * read, since the party's page names them to everyone in the room. Open
 * briefs for members and admins, an A&R's own open briefs (A&R never read one
 * another's, ADR 0076); camps the host takes part in (accepted), every camp
 * for an admin. The form offers these, and createParty accepts nothing else.
 */
function attachableBriefs(db: Db, viewer: Actor) {
  return db
    .selectFrom("briefs")
    .where("status", "=", "open")
    .$if(viewer.role === "accepted_ar", (q) => q.where("ar_id", "=", viewer.id));
}

function attachableCamps(db: Db, viewer: Actor) {
  return db.selectFrom("camps").$if(viewer.role !== "admin", (q) => q.where("camps.id", "in", campsTakenPartIn(db, viewer.id)));
}

/** Briefs and camps a party may belong to, for the form (attachableBriefs, attachableCamps). */
export async function partyContexts(db: Database, viewer: Actor): Promise<{ briefs: { id: string; title: string }[]; camps: { id: string; name: string }[] }> {
  const [briefs, camps] = await Promise.all([
    attachableBriefs(db, viewer).select(["id", "title"]).orderBy("created_at", "desc").limit(50).execute(),
    attachableCamps(db, viewer).select(["id", "name"]).orderBy("starts_on", "desc").limit(50).execute(),
  ]);
  return { briefs, camps };
}

/** Members someone can invite (or make co-host): every member but the host. */
export async function invitableMembers(db: Database, hostId: string): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .selectFrom("profiles")
    .select(["user_id", "display_name"])
    .where("role", "is not", null)
    .where("display_name", "is not", null)
    .where("user_id", "<>", hostId)
    .orderBy(sql`lower(display_name)`)
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: r.user_id, name: r.display_name! }));
}

async function membersAmong(db: Db, ids: string[]): Promise<string[]> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return [];
  const rows = await db.selectFrom("profiles").select("user_id").where("user_id", "in", valid).where("role", "is not", null).execute();
  return rows.map((r) => r.user_id);
}

export async function createParty(db: Database, viewer: Actor, input: CreatePartyInput, now = new Date()): Promise<{ id: string; status: PartyStatus }> {
  if (!isMember(viewer)) throw new PartyError(PARTY_TEXT.notFound, 403);
  const title = sanitizeText(input.title).slice(0, 120);
  if (!title) throw new PartyError("Give the party a title.", 400);
  return db.transaction().execute(async (tx) => {
    // Someone else's brief, a closed one, a camp the host is not part of: the same answer as an unknown id.
    const briefId = input.briefId && isUuid(input.briefId) ? ((await attachableBriefs(tx, viewer).select("id").where("id", "=", input.briefId).executeTakeFirst())?.id ?? null) : null;
    if (input.briefId && !briefId) throw new PartyError("That brief does not exist.", 404);
    const campId = input.campId && isUuid(input.campId) ? ((await attachableCamps(tx, viewer).select("id").where("camps.id", "=", input.campId).executeTakeFirst())?.id ?? null) : null;
    if (input.campId && !campId) throw new PartyError("That camp does not exist.", 404);
    const invitees = (await membersAmong(tx, input.invitees ?? [])).filter((id) => id !== viewer.id).slice(0, PARTY_INVITES_MAX);
    const coHost = input.coHostId ? (await membersAmong(tx, [input.coHostId]))[0] ?? null : null;
    if (input.coHostId && (!coHost || coHost === viewer.id)) throw new PartyError("Choose another member as co-host.", 400);
    const scheduled = input.scheduledFor && input.scheduledFor.getTime() > now.getTime() ? input.scheduledFor : null;
    const status: PartyStatus = scheduled ? "scheduled" : "live";
    const { id } = await tx
      .insertInto("parties")
      .values({
        title,
        host_id: viewer.id,
        co_host_id: coHost,
        created_by: viewer.id,
        brief_id: briefId,
        camp_id: campId,
        visibility: input.visibility,
        status,
        scheduled_for: scheduled,
        started_at: scheduled ? null : now,
        anchor_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const invited = input.visibility === "invite" ? [...new Set([...invitees, ...(coHost ? [coHost] : [])])] : [];
    // The host is in the room from the start (their page's stream keeps them there).
    const hostName = await displayNameOf(tx, viewer.id, viewer.displayName);
    await tx.insertInto("party_listeners").values({ party_id: id, user_id: viewer.id, display_name: hostName, joined_at: now, last_seen_at: now }).execute();
    if (invited.length) await tx.insertInto("party_invitations").values(invited.map((user_id) => ({ party_id: id, user_id }))).execute();
    await emitPartyEvent(tx, id, "status", { status, startedAt: iso(scheduled ? null : now) });
    return { id, status };
  });
}

/** A scheduled party goes live (its host, or co-host, opens the room). */
export async function startParty(db: Database, viewer: Actor, partyId: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const party = await lockParty(tx, partyId);
    await requireHost(tx, party, viewer);
    if (party.status === "ended") throw new PartyError(PARTY_TEXT.ended, 409);
    if (party.status === "live") return;
    await tx.updateTable("parties").set({ status: "live", started_at: now, anchor_at: now }).where("id", "=", party.id).execute();
    await emitPartyEvent(tx, party.id, "status", { status: "live", startedAt: now.toISOString() });
  });
}

/** Ends the party: playback stops and the outcome is ranked and saved, once. */
export async function endParty(db: Database, viewer: Actor, partyId: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const party = await lockParty(tx, partyId);
    await requireHost(tx, party, viewer);
    if (party.status === "ended") throw new PartyError(PARTY_TEXT.ended, 409);
    await finishParty(tx, party, now);
  });
}

/** In the caller's transaction, on the locked room: the outcome is ranked and saved, playback stops, the room is told. */
export async function finishParty(tx: Tx, party: Locked, now: Date): Promise<void> {
  await saveOutcome(tx, party.id);
  await tx
    .updateTable("parties")
    .set({ status: "ended", ended_at: now, playing: false, position_ms: party.playing ? positionAt(timelineOf(party), now.getTime()) : party.position_ms, anchor_at: now })
    .where("id", "=", party.id)
    .execute();
  await emitPartyEvent(tx, party.id, "status", { status: "ended", endedAt: now.toISOString() });
}

/** Ranks every song the room heard (app/party/outcome.ts) and stores it. */
async function saveOutcome(tx: Tx, partyId: string) {
  const heard = await tx
    .selectFrom("party_queue as q")
    .leftJoin("party_ratings as r", "r.item_id", "q.id")
    .select([
      "q.id",
      "q.started_at",
      sql<number>`count(*) filter (where r.rating = 'keeper')::int`.as("keepers"),
      sql<number>`count(*) filter (where r.rating = 'maybe')::int`.as("maybes"),
      sql<number>`count(*) filter (where r.rating = 'pass')::int`.as("passes"),
    ])
    .where("q.party_id", "=", partyId)
    .where("q.removed_at", "is", null)
    .where("q.started_at", "is not", null)
    .groupBy(["q.id", "q.started_at"])
    .execute();
  const order = [...heard].sort((a, b) => ms(a.started_at!) - ms(b.started_at!));
  const ranked = rankOutcome(order.map((row, index) => ({ itemId: row.id, position: index + 1, keepers: Number(row.keepers), maybes: Number(row.maybes), passes: Number(row.passes) })));
  await tx.deleteFrom("party_results").where("party_id", "=", partyId).execute();
  if (ranked.length) {
    await tx
      .insertInto("party_results")
      .values(ranked.map((r) => ({ party_id: partyId, item_id: r.itemId, rank: r.rank, keepers: r.keepers, maybes: r.maybes, passes: r.passes, score: r.score, shortlisted: r.shortlisted })))
      .execute();
  }
}

// -- Being in the room -----------------------------------------------------------

/**
 * Opens (or reopens) the viewer's place in the room when their event stream
 * opens. A host coming back ends the "host away" pause window.
 */
export async function joinParty(db: Database, viewer: Actor, partyId: string, now = new Date()): Promise<void> {
  // Already in the room (a reconnect, a reload): refresh presence without taking the room's lock,
  // so a wave of reconnecting listeners does not queue the host's actions behind it.
  if (isUuid(partyId)) {
    const refreshed = await db
      .updateTable("party_listeners")
      .set({ last_seen_at: now })
      .where("party_id", "=", partyId)
      .where("user_id", "=", viewer.id)
      .where("left_at", "is", null)
      .where("removed_at", "is", null)
      .where("last_seen_at", ">", new Date(now.getTime() - LISTENER_STALE_MS))
      .where((eb) => eb.not(eb.exists(eb.selectFrom("parties").select("id").where("id", "=", partyId).where("host_id", "=", viewer.id).where("host_away_since", "is not", null))))
      .returning("user_id")
      .executeTakeFirst();
    if (refreshed) return;
  }
  await db.transaction().execute(async (tx) => {
    const party = await lockParty(tx, partyId);
    const role = await requireGuest(tx, party, viewer);
    if (party.status === "ended") return;
    const name = await displayNameOf(tx, viewer.id, viewer.displayName);
    const existing = await tx
      .selectFrom("party_listeners")
      .select(["left_at", "last_seen_at"])
      .where("party_id", "=", party.id)
      .where("user_id", "=", viewer.id)
      .executeTakeFirst();
    await tx
      .insertInto("party_listeners")
      .values({ party_id: party.id, user_id: viewer.id, display_name: name, joined_at: now, last_seen_at: now, left_at: null, playback: "ready" })
      .onConflict((oc) => oc.columns(["party_id", "user_id"]).doUpdateSet({ display_name: name, last_seen_at: now, left_at: null, playback: "ready" }))
      .execute();
    const wasPresent = existing && !existing.left_at && ms(existing.last_seen_at) > now.getTime() - LISTENER_STALE_MS;
    if (!wasPresent) await emitPartyEvent(tx, party.id, "listener", { listener: { userId: viewer.id, name, playback: "ready", present: true } });
    if (role === "host" && party.host_away_since) {
      await tx.updateTable("parties").set({ host_away_since: null }).where("id", "=", party.id).execute();
      await emitHosts(tx, party.id);
    }
  });
}

/** Refreshes presence for everyone whose stream this server holds open (one statement per room). */
export async function touchListeners(db: Database, partyId: string, userIds: string[], now = new Date()): Promise<void> {
  if (userIds.length === 0 || !isUuid(partyId)) return;
  await db
    .updateTable("party_listeners")
    .set({ last_seen_at: now, left_at: null })
    .where("party_id", "=", partyId)
    .where("user_id", "in", [...new Set(userIds)])
    .where("removed_at", "is", null)
    .execute();
}

/** The viewer's stream closed (they left, or their network did): they leave the list; a host's leaving pauses the room. */
export async function leaveParty(db: Database, userId: string, partyId: string, now = new Date()): Promise<void> {
  if (!isUuid(partyId)) return;
  await db.transaction().execute(async (tx) => {
    const party = await lockParty(tx, partyId).catch(() => null);
    if (!party) return;
    const updated = await tx
      .updateTable("party_listeners")
      .set({ left_at: now })
      .where("party_id", "=", party.id)
      .where("user_id", "=", userId)
      .where("left_at", "is", null)
      .where("removed_at", "is", null)
      .returning("display_name")
      .executeTakeFirst();
    if (updated) await emitPartyEvent(tx, party.id, "listener", { listener: { userId, name: updated.display_name, playback: "ready", present: false } });
  });
}

/** A listener's audio is waiting for data, or has caught up: the room sees it (SyncPlay's Buffering / Ready). */
export async function setPlaybackState(db: Database, viewer: Actor, partyId: string, playback: "ready" | "buffering"): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const party = await lockParty(tx, partyId);
    await requireGuest(tx, party, viewer);
    const row = await tx
      .updateTable("party_listeners")
      .set({ playback })
      .where("party_id", "=", party.id)
      .where("user_id", "=", viewer.id)
      .where("playback", "<>", playback)
      .returning("display_name")
      .executeTakeFirst();
    if (row) await emitPartyEvent(tx, party.id, "listener", { listener: { userId: viewer.id, name: row.display_name, playback, present: true } });
  });
}


// -- Chat, reactions, ratings, moderation ------------------------------------------

export async function postMessage(db: Database, viewer: Actor, partyId: string, text: string): Promise<ChatMessage> {
  const body = sanitizeText(text).slice(0, PARTY_CHAT_MAX).trim();
  if (!body) throw new PartyError(PARTY_TEXT.chatEmpty, 400);
  return insertMessage(db, viewer, partyId, "chat", body);
}

export async function react(db: Database, viewer: Actor, partyId: string, reaction: PartyReaction): Promise<ChatMessage> {
  if (!Object.hasOwn(PARTY_REACTIONS, reaction)) throw new PartyError("Unknown reaction.", 400);
  return insertMessage(db, viewer, partyId, "reaction", reaction);
}

async function insertMessage(db: Database, viewer: Actor, partyId: string, kind: "chat" | "reaction", body: string): Promise<ChatMessage> {
  return db.transaction().execute(async (tx) => {
    const party = await lockParty(tx, partyId);
    await requireGuest(tx, party, viewer);
    if (party.status === "ended") throw new PartyError(PARTY_TEXT.ended, 409);
    const name = await displayNameOf(tx, viewer.id, viewer.displayName);
    const row = await tx
      .insertInto("party_messages")
      .values({ party_id: party.id, user_id: viewer.id, display_name: name, kind, body })
      .returning(["id", "created_at"])
      .executeTakeFirstOrThrow();
    const message: ChatMessage = { id: row.id, userId: viewer.id, name, kind, body, at: iso(row.created_at)! };
    await emitPartyEvent(tx, party.id, "message", { message });
    return message;
  });
}

export async function removeMessage(db: Database, viewer: Actor, partyId: string, messageId: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const party = await lockParty(tx, partyId);
    await requireHost(tx, party, viewer);
    if (!isUuid(messageId)) throw new PartyError(PARTY_TEXT.messageGone, 404);
    const row = await tx
      .updateTable("party_messages")
      .set({ removed_at: now })
      .where("id", "=", messageId)
      .where("party_id", "=", party.id)
      .where("removed_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!row) throw new PartyError(PARTY_TEXT.messageGone, 404);
    await emitPartyEvent(tx, party.id, "message-removed", { messageId });
  });
}

/** The host removes a listener: they are out of the room and cannot come back to this party. */
export async function removeListener(db: Database, viewer: Actor, partyId: string, userId: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const party = await lockParty(tx, partyId);
    await requireHost(tx, party, viewer);
    if (!isUuid(userId)) throw new PartyError(PARTY_TEXT.listenerGone, 404);
    if (userId === party.host_id || userId === viewer.id) throw new PartyError(PARTY_TEXT.cannotRemoveHost, 409);
    const row = await tx
      .updateTable("party_listeners")
      .set({ removed_at: now, left_at: now })
      .where("party_id", "=", party.id)
      .where("user_id", "=", userId)
      .where("removed_at", "is", null)
      .returning("display_name")
      .executeTakeFirst();
    if (!row) throw new PartyError(PARTY_TEXT.listenerGone, 404);
    if (party.co_host_id === userId) {
      await tx.updateTable("parties").set({ co_host_id: null }).where("id", "=", party.id).execute();
      await emitHosts(tx, party.id);
    }
    await emitPartyEvent(tx, party.id, "listener-removed", { userId, name: row.display_name });
  });
}

/** The host names a co-host (or none): they share the host's controls and take over at once if the host leaves. */
export async function setCoHost(db: Database, viewer: Actor, partyId: string, userId: string | null): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const party = await lockParty(tx, partyId);
    const role = await requireHost(tx, party, viewer);
    if (role !== "host") throw new PartyError(PARTY_TEXT.hostOnly, 403);
    let coHost: string | null = null;
    if (userId) {
      const listener = await tx
        .selectFrom("party_listeners")
        .select("user_id")
        .where("party_id", "=", party.id)
        .where("user_id", "=", userId)
        .where("removed_at", "is", null)
        .executeTakeFirst();
      if (!listener || userId === party.host_id) throw new PartyError(PARTY_TEXT.listenerGone, 404);
      coHost = listener.user_id;
    }
    await tx.updateTable("parties").set({ co_host_id: coHost }).where("id", "=", party.id).execute();
    await emitHosts(tx, party.id);
  });
}

/** A listener's keeper / maybe / pass on a song the room has started to hear (one each; a new one replaces it). */
export async function rateItem(db: Database, viewer: Actor, partyId: string, itemId: string, rating: PartyRating, now = new Date()): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const party = await lockParty(tx, partyId);
    await requireGuest(tx, party, viewer);
    if (party.status === "ended") throw new PartyError(PARTY_TEXT.ended, 409);
    if (!isUuid(itemId)) throw new PartyError(PARTY_TEXT.itemGone, 404);
    const item = await tx.selectFrom("party_queue").select(["id", "started_at"]).where("id", "=", itemId).where("party_id", "=", party.id).where("removed_at", "is", null).executeTakeFirst();
    if (!item) throw new PartyError(PARTY_TEXT.itemGone, 404);
    if (!item.started_at) throw new PartyError(PARTY_TEXT.notPlayed, 409);
    await tx
      .insertInto("party_ratings")
      .values({ item_id: item.id, user_id: viewer.id, party_id: party.id, rating, rated_at: now })
      .onConflict((oc) => oc.columns(["item_id", "user_id"]).doUpdateSet({ rating, rated_at: now }))
      .execute();
  });
}
