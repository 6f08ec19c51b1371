/**
 * The listening party's domain (issue 14, ADR 0092) on a real database, the
 * area functions called directly (the routes have tests of their own):
 *  - creating (live, scheduled, invite-only; the title SPEC §5 sanitised) and starting;
 *  - who sees what: /party's lists per persona, partyForViewer, a removed listener;
 *  - the queue: rounds, the guest's limit, duplicates, what may be heard, the
 *    host's reordering and removals, twenty guests adding at once;
 *  - the host's timeline with explicit clocks: play, pause, seek, skip, 'ended';
 *  - chat, reactions and ratings; ending and its saved, ranked outcome;
 *  - the sweeper: a song that ran out, an absent host, co-host and member
 *    takeovers, two sweeps at once;
 *  - every change wrote one event: each room's seq runs 1..n without a gap.
 */
import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { insertSongRecord } from "~/catalog/song-records.server";
import { HOST_TAKEOVER_MS, LISTENER_STALE_MS, PARTY_CHAT_MAX, PARTY_GUEST_WAITING_MAX, PARTY_TEXT, type PartyReaction } from "~/party/constants";
import { PartyError, catalogueSongsOfOutcome, listParties, partyForViewer, readMessages, readQueue, readResults, roomSnapshot, type PartyLists } from "~/party/parties.server";
import { ABANDONED_ROOM_MS, controlPlayback, sweepParties } from "~/party/playback.server";
import { addToQueue, itemAudio, moveQueueItem, removeQueueItem, type QueueSource } from "~/party/queue.server";
import type { Actor } from "~/party/room-lock.server";
import {
  createParty,
  endParty,
  joinParty,
  leaveParty,
  partyContexts,
  postMessage,
  rateItem,
  react,
  removeListener,
  removeMessage,
  setPlaybackState,
  startParty,
  touchListeners,
  type CreatePartyInput,
} from "~/party/room.server";
import type { Role } from "~/shared/constants";
import { newSong } from "../support/songs";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

let database: TestDatabase;
const db = () => database.db;

type Person = Actor & { role: Role | null };
const people: Record<string, Person> = {};
/** Catalogue songs by title, 60 s each. */
const songs: Record<string, string> = {};
let archivedSongId: string;

let userCounter = 0;
async function person(name: string, role: Role | null = "accepted_member", options: { publicProfile?: boolean; isAdmin?: boolean } = {}): Promise<Person> {
  const n = ++userCounter;
  const { id } = await db()
    .insertInto("auth.users")
    .values({ email: `party-${n}@example.test`, raw_user_meta_data: JSON.stringify({ display_name: name, role: role ?? "user" }), email_confirmed_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("profiles")
    .values({ user_id: id, role, display_name: name, is_admin: options.isAdmin ?? false, public_profile: options.publicProfile ?? role !== null, onboarding_completed: role !== null, links: "[]" })
    .execute();
  return { id, role, displayName: name };
}

let fileCounter = 0;
async function storedAudio(ownerId: string, bucket: string): Promise<string> {
  const path = `${ownerId}/party-test-${++fileCounter}.wav`;
  await db().insertInto("storage_objects").values({ bucket, path, content_type: "audio/wav", size_bytes: 100, sha256: "0".repeat(64), kind: "audio", uploaded_by: ownerId }).execute();
  return path;
}

async function showcaseTrack(owner: Person, title: string, hidden = false): Promise<string> {
  const path = await storedAudio(owner.id, "showcase");
  const { id } = await db()
    .insertInto("showcase_tracks")
    .values({ user_id: owner.id, title, audio_bucket: "showcase", audio_path: path, content_type: "audio/wav", size_bytes: 100, duration_seconds: 42, ...(hidden ? { hidden_at: new Date() } : {}) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function submission(member: Person, title: string, status: "pending" | "withdrawn" = "pending"): Promise<string> {
  const path = await storedAudio(member.id, AUDIO_BUCKET);
  const { id } = await db()
    .insertInto("submissions")
    .values({
      member_id: member.id,
      brief_id: null,
      title,
      genre: "Pop",
      bpm: 120,
      musical_key: "C major",
      vocal_type: "female",
      lyrics: null,
      audio_bucket: AUDIO_BUCKET,
      audio_path: path,
      content_type: "audio/wav",
      size_bytes: 100,
      duration_seconds: 30,
      credits: JSON.stringify([{ name: member.displayName, memberId: member.id, role: "writer", split: 100 }]),
      status,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

const song = (title: string): QueueSource => ({ kind: "song", id: songs[title]! });
const songTitle = (i: number) => `Party Song ${String(i).padStart(2, "0")}`;

/** A refusal: a PartyError with this status (and message), nothing else. */
async function refused(promise: Promise<unknown>, status: number, message?: string): Promise<PartyError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "expected a refusal").toBeInstanceOf(PartyError);
  expect((error as PartyError).status).toBe(status);
  if (message !== undefined) expect((error as PartyError).message).toBe(message);
  return error as PartyError;
}

const partyRow = (id: string) => db().selectFrom("parties").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const eventsOf = (id: string) => db().selectFrom("party_events").select(["seq", "type", "data"]).where("party_id", "=", id).orderBy("seq").execute();
const typesOf = async (id: string) => (await eventsOf(id)).map((e) => e.type);

/** Every change wrote one event: seq 1..n, n the party's event_seq. */
async function expectContiguous(id: string) {
  const seqs = (await eventsOf(id)).map((e) => Number(e.seq));
  expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  expect(Number((await partyRow(id)).event_seq)).toBe(seqs.length);
}

async function party(host: Person, input: Partial<CreatePartyInput> = {}, now = new Date()): Promise<string> {
  const { id } = await createParty(db(), host, { title: "Friday listening", visibility: "members", ...input }, now);
  return id;
}

async function queueSongs(id: string, who: Person, titles: string[]): Promise<string[]> {
  const items: string[] = [];
  for (const title of titles) items.push((await addToQueue(db(), who, id, song(title))).itemId);
  return items;
}

const idsOf = (list: PartyLists[keyof PartyLists]) => list.map((p) => p.id);
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const SECOND = 1_000;

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  people.host = await person("Hattie Host");
  people.a = await person("Alma Guest");
  people.b = await person("Bo Guest");
  people.co = await person("Cora Cohost");
  people.stranger = await person("Sam Stranger");
  people.applicant = await person("Appy Applicant", null);
  people.ar = await person("Arlo AR", "accepted_ar");
  people.admin = await person("Ada Admin", "admin", { isAdmin: true });
  people.private = await person("Pia Private", "accepted_member", { publicProfile: false });
  await db()
    .transaction()
    .execute(async (tx) => {
      for (let i = 1; i <= 30; i += 1) songs[songTitle(i)] = await insertSongRecord(tx, newSong(songTitle(i), { durationSeconds: 60 }));
      archivedSongId = await insertSongRecord(tx, newSong("Party Archived", { durationSeconds: 60, status: "archived" }));
    });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe("creating and starting parties", () => {
  it("starts a live party with the host in the room and its title sanitised", async () => {
    const now = new Date();
    const { id, status } = await createParty(db(), people.host!, { title: "  <b>Hi</b>  ", visibility: "members" }, now);
    expect(status).toBe("live");
    const row = await partyRow(id);
    expect(row).toMatchObject({ title: "Hi", status: "live", host_id: people.host!.id, created_by: people.host!.id, visibility: "members", playing: false, position_ms: 0 });
    expect(new Date(row.started_at!).getTime()).toBe(now.getTime());
    expect(row.scheduled_for).toBeNull();
    const listeners = await db().selectFrom("party_listeners").select(["user_id", "display_name"]).where("party_id", "=", id).execute();
    expect(listeners).toEqual([{ user_id: people.host!.id, display_name: "Hattie Host" }]);
    expect(await typesOf(id)).toEqual(["status"]);
    await expectContiguous(id);
  });

  it("schedules a party for later and starts it when the host opens it", async () => {
    const now = new Date();
    const tomorrow = at(now, 24 * 3_600 * SECOND);
    const { id, status } = await createParty(db(), people.host!, { title: "Tomorrow", visibility: "members", scheduledFor: tomorrow }, now);
    expect(status).toBe("scheduled");
    let row = await partyRow(id);
    expect(row.started_at).toBeNull();
    expect(new Date(row.scheduled_for!).getTime()).toBe(tomorrow.getTime());
    // Not live: nothing plays yet.
    await addToQueue(db(), people.host!, id, song(songTitle(1)));
    await refused(controlPlayback(db(), people.host!, id, { kind: "play" }), 409, PARTY_TEXT.notLive);
    await refused(startParty(db(), people.a!, id), 403, PARTY_TEXT.hostOnly);
    const later = at(now, 60 * SECOND);
    await startParty(db(), people.host!, id, later);
    row = await partyRow(id);
    expect(row.status).toBe("live");
    expect(new Date(row.started_at!).getTime()).toBe(later.getTime());
    // Starting twice changes nothing.
    const seq = Number(row.event_seq);
    await startParty(db(), people.host!, id, at(later, SECOND));
    expect(Number((await partyRow(id)).event_seq)).toBe(seq);
    // A date already past is a party that starts now.
    const past = await createParty(db(), people.host!, { title: "Already", visibility: "members", scheduledFor: at(now, -SECOND) }, now);
    expect(past.status).toBe("live");
    await expectContiguous(id);
  });

  it("invites members only (the co-host among them), never the host, an applicant or a bad id", async () => {
    const id = await party(people.host!, {
      visibility: "invite",
      invitees: [people.a!.id, people.a!.id, people.host!.id, people.applicant!.id, "not-a-uuid", crypto.randomUUID()],
      coHostId: people.co!.id,
    });
    const invited = await db().selectFrom("party_invitations").select("user_id").where("party_id", "=", id).execute();
    expect(invited.map((r) => r.user_id).sort()).toEqual([people.a!.id, people.co!.id].sort());
    expect((await partyRow(id)).co_host_id).toBe(people.co!.id);
    // A members' party keeps no invitations.
    const open = await party(people.host!, { invitees: [people.a!.id] });
    expect(await db().selectFrom("party_invitations").select("user_id").where("party_id", "=", open).execute()).toEqual([]);
  });

  it("refuses an empty title, a non-member host and the host as co-host, writing nothing", async () => {
    const before = await db().selectFrom("parties").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    await refused(createParty(db(), people.host!, { title: "<b></b>  ", visibility: "members" }), 400);
    await refused(createParty(db(), people.applicant!, { title: "Mine", visibility: "members" }), 403);
    await refused(createParty(db(), people.host!, { title: "Self", visibility: "members", coHostId: people.host!.id }), 400);
    await refused(createParty(db(), people.host!, { title: "Nobody", visibility: "members", coHostId: people.applicant!.id }), 400);
    await refused(createParty(db(), people.host!, { title: "No brief", visibility: "members", briefId: crypto.randomUUID() }), 404);
    const after = await db().selectFrom("parties").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe("the brief or camp a party belongs to", () => {
  // The party's page names its brief or camp to everyone in the room: a host attaches only what they may read.
  it("offers and takes open briefs (an A&R only their own) and camps the host takes part in (an admin any); refuses the rest as unknown", async () => {
    const otherAr = await person("Ona Other AR", "accepted_ar");
    const brief = async (ar: Person, title: string, status: "open" | "closed" = "open") =>
      (await db().insertInto("briefs").values({ ar_id: ar.id, company: "Label", title, body: "A brief.", genre: null, deadline: null, status }).returning("id").executeTakeFirstOrThrow()).id;
    const camp = async (name: string, invitations: [Person, "invited" | "accepted" | "declined"][]) => {
      const { id } = await db()
        .insertInto("camps")
        .values({ name, venue: "Studio", time_zone: "Europe/Lisbon", starts_on: "2027-03-01", ends_on: "2027-03-03", description: null, created_by: people.admin!.id })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [who, status] of invitations) {
        await db()
          .insertInto("camp_invitations")
          .values({ camp_id: id, member_id: who.id, camp_role: "writer", status, available_days: status === "accepted" ? ["2027-03-01"] : [], invited_by: people.admin!.id })
          .execute();
      }
      return id;
    };
    const arOpen = await brief(people.ar!, "Arlo's open brief");
    const arClosed = await brief(people.ar!, "Arlo's closed brief", "closed");
    const othersOpen = await brief(otherAr, "Ona's open brief");
    const hostsCamp = await camp("Hattie's camp", [[people.host!, "accepted"]]);
    const invitedOnly = await camp("A camp Hattie has not answered", [[people.host!, "invited"]]);
    const declined = await camp("A camp Hattie declined", [[people.host!, "declined"]]);
    const strangers = await camp("Someone else's camp", [[people.stranger!, "accepted"]]);

    const offered = async (viewer: Person) => {
      const { briefs, camps } = await partyContexts(db(), viewer);
      return { briefs: briefs.map((b) => b.id), camps: camps.map((c) => c.id) };
    };
    const forHost = await offered(people.host!);
    expect(forHost.briefs).toEqual(expect.arrayContaining([arOpen, othersOpen]));
    expect(forHost.briefs).not.toContain(arClosed);
    expect(forHost.camps).toContain(hostsCamp);
    for (const hidden of [invitedOnly, declined, strangers]) expect(forHost.camps).not.toContain(hidden);
    const forAr = await offered(people.ar!);
    expect(forAr.briefs).toContain(arOpen);
    expect(forAr.briefs).not.toContain(othersOpen);
    expect(forAr.briefs).not.toContain(arClosed);
    expect((await offered(people.admin!)).camps).toEqual(expect.arrayContaining([hostsCamp, invitedOnly, declined, strangers]));

    // Taken: what is offered.
    const { id } = await createParty(db(), people.host!, { title: "For the brief and the camp", visibility: "members", briefId: othersOpen, campId: hostsCamp });
    expect(await db().selectFrom("parties").select(["brief_id", "camp_id"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ brief_id: othersOpen, camp_id: hostsCamp });
    await createParty(db(), people.ar!, { title: "My brief", visibility: "members", briefId: arOpen });
    await createParty(db(), people.admin!, { title: "Any camp", visibility: "members", campId: strangers });

    // Refused as unknown, writing nothing: a closed brief, another A&R's, a camp the host is not part of.
    const before = await db().selectFrom("parties").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    await refused(createParty(db(), people.host!, { title: "Closed", visibility: "members", briefId: arClosed }), 404);
    await refused(createParty(db(), people.ar!, { title: "Not mine", visibility: "members", briefId: othersOpen }), 404);
    for (const campId of [invitedOnly, declined, strangers]) await refused(createParty(db(), people.host!, { title: "Not my camp", visibility: "members", campId }), 404);
    const after = await db().selectFrom("parties").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe("who sees what", () => {
  const p: Record<string, string> = {};

  beforeAll(async () => {
    const now = new Date();
    p.live = await party(people.host!, { title: "Members live" }, now);
    p.scheduled = await party(people.host!, { title: "Members later", scheduledFor: at(now, 48 * 3_600 * SECOND) }, now);
    p.ended = await party(people.host!, { title: "Members ended" }, now);
    await endParty(db(), people.host!, p.ended, at(now, SECOND));
    p.invite = await party(people.host!, { title: "Invite only", visibility: "invite", invitees: [people.a!.id], coHostId: people.co!.id }, now);
    p.inviteLater = await party(people.host!, { title: "Invite later", visibility: "invite", invitees: [people.a!.id], scheduledFor: at(now, 72 * 3_600 * SECOND) }, now);
  });

  it("shows visitors and applicants the members' parties that are on, and nothing else", async () => {
    for (const viewer of [null, people.applicant!]) {
      const lists = await listParties(db(), viewer);
      expect(idsOf(lists.live)).toContain(p.live);
      expect(idsOf(lists.upcoming)).toContain(p.scheduled);
      expect(lists.past).toEqual([]);
      const all = [...idsOf(lists.live), ...idsOf(lists.upcoming)];
      for (const hidden of [p.ended, p.invite, p.inviteLater]) expect(all).not.toContain(hidden);
      const rows = await db().selectFrom("parties").select(["id", "visibility", "status"]).where("id", "in", all).execute();
      expect(rows.every((r) => r.visibility === "members" && r.status !== "ended")).toBe(true);
    }
  });

  it("shows members the members' parties, past ones too, and an invite-only one only to its host, co-host and guests", async () => {
    for (const viewer of [people.host!, people.co!, people.a!]) {
      const lists = await listParties(db(), viewer);
      expect(idsOf(lists.live), viewer.displayName).toContain(p.invite);
      expect(idsOf(lists.live)).toContain(p.live);
      expect(idsOf(lists.past)).toContain(p.ended);
    }
    expect(idsOf((await listParties(db(), people.a!)).upcoming)).toContain(p.inviteLater);
    for (const viewer of [people.stranger!, people.b!, people.ar!, people.admin!]) {
      const lists = await listParties(db(), viewer);
      const all = [...idsOf(lists.live), ...idsOf(lists.upcoming), ...idsOf(lists.past)];
      expect(all, viewer.displayName).not.toContain(p.invite);
      expect(all).not.toContain(p.inviteLater);
      expect(idsOf(lists.live)).toContain(p.live);
      expect(idsOf(lists.upcoming)).toContain(p.scheduled);
      expect(idsOf(lists.past)).toContain(p.ended);
    }
    // Upcoming: soonest first.
    const upcoming = (await listParties(db(), people.a!)).upcoming;
    const times = upcoming.map((u) => new Date(u.scheduledFor!).getTime());
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it("gives partyForViewer's access to members who may see the party, and null to anyone else", async () => {
    expect(await partyForViewer(db(), null, p.live!)).toBeNull();
    expect(await partyForViewer(db(), people.applicant!, p.live!)).toBeNull();
    expect(await partyForViewer(db(), people.stranger!, p.invite!)).toBeNull();
    expect(await partyForViewer(db(), people.admin!, p.invite!)).toBeNull();
    expect(await partyForViewer(db(), people.stranger!, "not-a-uuid")).toBeNull();
    expect(await partyForViewer(db(), people.stranger!, crypto.randomUUID())).toBeNull();
    expect(await partyForViewer(db(), people.stranger!, p.live!)).toMatchObject({ role: "guest", removed: false, party: { id: p.live, title: "Members live" } });
    expect(await partyForViewer(db(), people.host!, p.invite!)).toMatchObject({ role: "host", removed: false });
    expect(await partyForViewer(db(), people.co!, p.invite!)).toMatchObject({ role: "cohost", party: { coHostName: "Cora Cohost", hostName: "Hattie Host" } });
    expect(await partyForViewer(db(), people.a!, p.invite!)).toMatchObject({ role: "guest", removed: false });
    // Refused changes for someone who may not see it: a 404, as for a party that does not exist.
    await refused(addToQueue(db(), people.stranger!, p.invite!, song(songTitle(1))), 404, PARTY_TEXT.notFound);
    await refused(joinParty(db(), people.applicant!, p.live!), 404);
    await refused(postMessage(db(), people.stranger!, crypto.randomUUID(), "hello"), 404);
  });

  it("marks a removed listener removed and keeps them out", async () => {
    const id = await party(people.host!, { title: "Removal" });
    await joinParty(db(), people.b!, id);
    await refused(removeListener(db(), people.b!, id, people.host!.id), 403, PARTY_TEXT.hostOnly);
    await refused(removeListener(db(), people.host!, id, people.host!.id), 409, PARTY_TEXT.cannotRemoveHost);
    await refused(removeListener(db(), people.host!, id, people.stranger!.id), 404, PARTY_TEXT.listenerGone);
    await removeListener(db(), people.host!, id, people.b!.id);
    expect(await partyForViewer(db(), people.b!, id)).toMatchObject({ role: "guest", removed: true });
    expect(await partyForViewer(db(), people.a!, id)).toMatchObject({ removed: false });
    await refused(joinParty(db(), people.b!, id), 403, PARTY_TEXT.removedFromParty);
    await refused(postMessage(db(), people.b!, id, "let me back"), 403, PARTY_TEXT.removedFromParty);
    await refused(addToQueue(db(), people.b!, id, song(songTitle(2))), 403, PARTY_TEXT.removedFromParty);
    await refused(removeListener(db(), people.host!, id, people.b!.id), 404);
    const access = await partyForViewer(db(), people.b!, id);
    expect(await itemAudio(db(), access!, crypto.randomUUID())).toBeNull();
    expect(await typesOf(id)).toEqual(["status", "listener", "listener-removed"]);
    await expectContiguous(id);
  });

  it("removing the co-host takes the role away too", async () => {
    const id = await party(people.host!, { title: "Co-host removal", coHostId: people.co!.id });
    await joinParty(db(), people.co!, id);
    await removeListener(db(), people.host!, id, people.co!.id);
    expect((await partyRow(id)).co_host_id).toBeNull();
    expect(await partyForViewer(db(), people.co!, id)).toMatchObject({ role: "guest", removed: true });
    await expectContiguous(id);
  });
});

describe("the room: presence and buffering", () => {
  it("announces joining, buffering and leaving, once each", async () => {
    const now = new Date();
    const id = await party(people.host!, { title: "Presence" }, now);
    await joinParty(db(), people.a!, id, at(now, SECOND));
    await joinParty(db(), people.a!, id, at(now, 2 * SECOND)); // still there: no second announcement
    await setPlaybackState(db(), people.a!, id, "buffering");
    await setPlaybackState(db(), people.a!, id, "buffering"); // no change: nothing
    await setPlaybackState(db(), people.a!, id, "ready");
    await leaveParty(db(), people.a!.id, id, at(now, 3 * SECOND));
    await leaveParty(db(), people.a!.id, id, at(now, 4 * SECOND));
    expect(await typesOf(id)).toEqual(["status", "listener", "listener", "listener", "listener"]);
    const data = (await eventsOf(id)).slice(1).map((e) => e.data.listener);
    expect(data).toEqual([
      { userId: people.a!.id, name: "Alma Guest", playback: "ready", present: true },
      { userId: people.a!.id, name: "Alma Guest", playback: "buffering", present: true },
      { userId: people.a!.id, name: "Alma Guest", playback: "ready", present: true },
      { userId: people.a!.id, name: "Alma Guest", playback: "ready", present: false },
    ]);
    // Back after a while: announced again; touching keeps them present.
    await joinParty(db(), people.a!, id, at(now, 5 * SECOND));
    await touchListeners(db(), id, [people.a!.id, people.host!.id], at(now, 100 * SECOND));
    const access = await partyForViewer(db(), people.host!, id);
    const snapshot = await roomSnapshot(db(), access!, people.host!.id, at(now, 101 * SECOND));
    expect(snapshot.listeners.map((l) => l.userId).sort()).toEqual([people.a!.id, people.host!.id].sort());
    const stale = await roomSnapshot(db(), access!, people.host!.id, at(now, 100 * SECOND + LISTENER_STALE_MS + 1));
    expect(stale.listeners).toEqual([]);
    await expectContiguous(id);
  });
});

describe("the queue", () => {
  it("plays guests' songs in turn: one per person per round", async () => {
    const id = await party(people.host!, { title: "Rounds" });
    const [h1, h2, h3] = await queueSongs(id, people.host!, [songTitle(1), songTitle(2), songTitle(3)]);
    const [a1, a2] = await queueSongs(id, people.a!, [songTitle(4), songTitle(5)]);
    const [b1] = await queueSongs(id, people.b!, [songTitle(6)]);
    const { upNext } = await readQueue(db(), id, null);
    expect(upNext.map((item) => item.id)).toEqual([h1, a1, b1, h2, a2, h3]);
    expect(upNext.map((item) => item.round)).toEqual([1, 1, 1, 2, 2, 3]);
    expect(upNext.map((item) => item.addedBy)).toEqual(["Hattie Host", "Alma Guest", "Bo Guest", "Hattie Host", "Alma Guest", "Hattie Host"]);
    expect(new Set(upNext.map((item) => item.position)).size).toBe(6);
    expect(upNext[0]).toMatchObject({ kind: "song", sourceId: songs[songTitle(1)], title: songTitle(1), artist: "Ellie Hart", durationMs: 60_000, startedAt: null });

    // The room plays them in that order.
    const now = new Date();
    const heard: string[] = [];
    let timeline = await controlPlayback(db(), people.host!, id, { kind: "play" }, now);
    for (let i = 1; timeline.itemId; i += 1) {
      heard.push(timeline.itemId);
      timeline = await controlPlayback(db(), people.host!, id, { kind: "skip" }, at(now, i * SECOND));
    }
    expect(heard).toEqual([h1, a1, b1, h2, a2, h3]);

    // Once round 1 has played, a newcomer's first song is not pushed behind everyone's later rounds.
    const room = await party(people.host!, { title: "Rounds while playing" });
    const [r1, r2] = await queueSongs(room, people.host!, [songTitle(1), songTitle(2)]);
    await controlPlayback(db(), people.host!, room, { kind: "play" }); // r1 plays (round 1); r2 waits in round 2
    const [ra] = await queueSongs(room, people.a!, [songTitle(3)]);
    const next = await readQueue(db(), room, r1!);
    expect(next.current?.id).toBe(r1);
    expect(next.upNext.map((item) => [item.id, item.round])).toEqual([
      [ra, 1],
      [r2, 2],
    ]);
    await expectContiguous(id);
  });

  it(`holds a guest to ${PARTY_GUEST_WAITING_MAX} waiting songs (not the host), and refuses a song already waiting`, async () => {
    const id = await party(people.host!, { title: "Limits", coHostId: people.co!.id });
    await queueSongs(id, people.a!, [songTitle(1), songTitle(2), songTitle(3)]);
    const seq = Number((await partyRow(id)).event_seq);
    await refused(addToQueue(db(), people.a!, id, song(songTitle(4))), 409, PARTY_TEXT.guestWaitingFull);
    expect(Number((await partyRow(id)).event_seq)).toBe(seq);
    // The host and the co-host are not held to it.
    await queueSongs(id, people.host!, [songTitle(4), songTitle(5), songTitle(6), songTitle(7)]);
    await queueSongs(id, people.co!, [songTitle(8), songTitle(9), songTitle(10), songTitle(11)]);
    // Already waiting: refused, whoever adds it.
    await refused(addToQueue(db(), people.b!, id, song(songTitle(1))), 409, PARTY_TEXT.alreadyQueued);
    await refused(addToQueue(db(), people.host!, id, song(songTitle(4))), 409, PARTY_TEXT.alreadyQueued);
    // Once a guest's song has played they may add another.
    await controlPlayback(db(), people.host!, id, { kind: "play" });
    const { current } = await readQueue(db(), id, (await partyRow(id)).current_item_id);
    expect(current?.addedById).toBe(people.a!.id);
    await addToQueue(db(), people.a!, id, song(songTitle(12)));
    await refused(addToQueue(db(), people.a!, id, song(songTitle(13))), 409, PARTY_TEXT.guestWaitingFull);
    // The song playing is no longer waiting: it may be queued again.
    await addToQueue(db(), people.b!, id, song(songTitle(1)));
    await expectContiguous(id);
  });

  it("takes only what a listener could hear anyway", async () => {
    const id = await party(people.host!, { title: "Sources" });
    const publicTrack = await showcaseTrack(people.b!, "Public demo");
    const privateTrack = await showcaseTrack(people.private!, "Private demo");
    const hiddenTrack = await showcaseTrack(people.b!, "Hidden demo", true);
    const applicantTrack = await showcaseTrack(people.applicant!, "Applicant demo");
    const hostSubmission = await submission(people.host!, "Host's new song");
    const hostWithdrawn = await submission(people.host!, "Host's withdrawn song", "withdrawn");
    const guestSubmission = await submission(people.a!, "Guest's new song");

    const added = await addToQueue(db(), people.a!, id, { kind: "showcase", id: publicTrack });
    expect(added.title).toBe("Public demo");
    const item = await db().selectFrom("party_queue").selectAll().where("id", "=", added.itemId).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ kind: "showcase", showcase_track_id: publicTrack, song_id: null, artist: "Bo Guest", duration_ms: 42_000, added_by: people.a!.id, added_by_name: "Alma Guest" });
    const seq = Number((await partyRow(id)).event_seq);
    for (const source of [
      { kind: "showcase", id: privateTrack },
      { kind: "showcase", id: hiddenTrack },
      { kind: "showcase", id: applicantTrack },
      { kind: "song", id: archivedSongId },
      { kind: "song", id: crypto.randomUUID() },
      { kind: "song", id: "not-a-uuid" },
      { kind: "song", id: publicTrack }, // the right id of the wrong kind
      { kind: "submission", id: guestSubmission }, // another member's submission, even its own member's
      { kind: "submission", id: hostWithdrawn },
    ] as QueueSource[]) {
      await refused(addToQueue(db(), people.host!, id, source), 404, PARTY_TEXT.sourceNotAllowed);
    }
    await refused(addToQueue(db(), people.a!, id, { kind: "submission", id: guestSubmission }), 404, PARTY_TEXT.sourceNotAllowed);
    expect(Number((await partyRow(id)).event_seq)).toBe(seq);
    // The host's own submission: the host may play it to the room.
    const own = await addToQueue(db(), people.host!, id, { kind: "submission", id: hostSubmission });
    expect(own.title).toBe("Host's new song");
    const ownItem = await db().selectFrom("party_queue").select(["kind", "submission_id", "duration_ms", "artist"]).where("id", "=", own.itemId).executeTakeFirstOrThrow();
    expect(ownItem).toEqual({ kind: "submission", submission_id: hostSubmission, duration_ms: 30_000, artist: "Hattie Host" });
    // Its audio is served to the room, and not once the track is hidden.
    const access = (await partyForViewer(db(), people.b!, id))!;
    expect(await itemAudio(db(), access, own.itemId)).toMatchObject({ bucket: AUDIO_BUCKET });
    expect(await itemAudio(db(), access, added.itemId)).toMatchObject({ bucket: "showcase" });
    await db().updateTable("showcase_tracks").set({ hidden_at: new Date() }).where("id", "=", publicTrack).execute();
    expect(await itemAudio(db(), access, added.itemId)).toBeNull();
    // Nor once the host has taken it out of the queue; nor another room's item.
    await removeQueueItem(db(), people.host!, id, own.itemId);
    expect(await itemAudio(db(), access, own.itemId)).toBeNull();
    const other = await party(people.host!, { title: "Other sources" });
    const otherItem = await addToQueue(db(), people.host!, other, song(songTitle(1)));
    expect(await itemAudio(db(), access, otherItem.itemId)).toBeNull();
    expect(await itemAudio(db(), (await partyForViewer(db(), people.b!, other))!, otherItem.itemId)).toMatchObject({ bucket: AUDIO_BUCKET, path: `x/${songTitle(1)}.wav` });
    await expectContiguous(id);
  });

  it("lets only the host and co-host reorder, and a guest remove only their own waiting song", async () => {
    const id = await party(people.host!, { title: "Reorder", coHostId: people.co!.id });
    const [h1, h2] = await queueSongs(id, people.host!, [songTitle(1), songTitle(2)]);
    const [a1] = await queueSongs(id, people.a!, [songTitle(3)]);
    const [b1] = await queueSongs(id, people.b!, [songTitle(4)]);
    const order = async () => (await readQueue(db(), id, (await partyRow(id)).current_item_id)).upNext.map((item) => item.id);
    expect(await order()).toEqual([h1, a1, b1, h2]);

    await refused(moveQueueItem(db(), people.a!, id, a1!, "up"), 403, PARTY_TEXT.hostOnly);
    await moveQueueItem(db(), people.host!, id, b1!, "up");
    expect(await order()).toEqual([h1, b1, a1, h2]);
    await moveQueueItem(db(), people.co!, id, h1!, "down");
    expect(await order()).toEqual([b1, h1, a1, h2]);
    // At the ends: nothing moves, nothing is announced.
    const seq = Number((await partyRow(id)).event_seq);
    await moveQueueItem(db(), people.host!, id, b1!, "up");
    await moveQueueItem(db(), people.host!, id, h2!, "down");
    expect(Number((await partyRow(id)).event_seq)).toBe(seq);
    expect(await order()).toEqual([b1, h1, a1, h2]);
    await refused(moveQueueItem(db(), people.host!, id, crypto.randomUUID(), "up"), 404, PARTY_TEXT.itemGone);

    await refused(removeQueueItem(db(), people.a!, id, b1!), 403, PARTY_TEXT.hostOnly);
    await refused(removeQueueItem(db(), people.a!, id, h2!), 403);
    await removeQueueItem(db(), people.a!, id, a1!);
    await refused(removeQueueItem(db(), people.a!, id, a1!), 404, PARTY_TEXT.itemGone);
    await removeQueueItem(db(), people.host!, id, b1!);
    expect(await order()).toEqual([h1, h2]);
    // The song playing cannot be removed (nor moved).
    await controlPlayback(db(), people.host!, id, { kind: "play" });
    await refused(removeQueueItem(db(), people.host!, id, h1!), 404, PARTY_TEXT.itemGone);
    await refused(moveQueueItem(db(), people.host!, id, h1!, "down"), 404);
    expect(await order()).toEqual([h2]);
    await expectContiguous(id);
  });

  it("keeps positions unique when twenty guests add at once", async () => {
    const id = await party(people.host!, { title: "Crowd" });
    const guests = await Promise.all(Array.from({ length: 20 }, (_, i) => person(`Crowd Guest ${i + 1}`)));
    const results = await Promise.allSettled(guests.map((guest, i) => addToQueue(db(), guest, id, song(songTitle(i + 1)))));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const items = await db().selectFrom("party_queue").select(["position", "round", "added_by"]).where("party_id", "=", id).execute();
    expect(items).toHaveLength(20);
    expect(new Set(items.map((i) => i.position)).size).toBe(20);
    expect(items.every((i) => i.round === 1)).toBe(true);
    expect(new Set(items.map((i) => i.added_by)).size).toBe(20);
    expect(await typesOf(id)).toEqual(["status", ...Array(20).fill("queue")]);
    await expectContiguous(id);
    // And the same guests adding their second songs at once go into round 2, after all of round 1.
    await Promise.all(guests.slice(0, 5).map((guest, i) => addToQueue(db(), guest, id, song(songTitle(21 + i)))));
    const { upNext } = await readQueue(db(), id, null);
    expect(upNext.map((item) => item.round)).toEqual([...Array(20).fill(1), ...Array(5).fill(2)]);
    expect(new Set(upNext.map((item) => item.position)).size).toBe(25);
    await expectContiguous(id);
  });
});

describe("playback: the host's timeline", () => {
  it("plays, pauses, seeks, skips and follows the end of a song, for the host only", async () => {
    const t0 = new Date(Date.now() - 3_600 * SECOND);
    const id = await party(people.host!, { title: "Playback", coHostId: people.co!.id }, t0);
    await refused(controlPlayback(db(), people.host!, id, { kind: "play" }, t0), 409, PARTY_TEXT.nothingToPlay);
    await refused(controlPlayback(db(), people.host!, id, { kind: "seek", positionMs: 5_000 }, t0), 409, PARTY_TEXT.nothingToPlay);
    const [first, second, third] = await queueSongs(id, people.host!, [songTitle(1), songTitle(2), songTitle(3)]);
    await refused(controlPlayback(db(), people.a!, id, { kind: "play" }, t0), 403, PARTY_TEXT.hostOnly);
    await refused(controlPlayback(db(), people.stranger!, crypto.randomUUID(), { kind: "play" }, t0), 404);
    const seqBefore = Number((await partyRow(id)).event_seq);

    // Play: the first song from its start.
    let timeline = await controlPlayback(db(), people.host!, id, { kind: "play" }, at(t0, SECOND));
    expect(timeline).toEqual({ itemId: first, playing: true, positionMs: 0, anchorMs: at(t0, SECOND).getTime() });
    let row = await partyRow(id);
    expect(row).toMatchObject({ current_item_id: first, playing: true, position_ms: 0 });
    expect(new Date(row.anchor_at).getTime()).toBe(at(t0, SECOND).getTime());
    const started = await db().selectFrom("party_queue").select("started_at").where("id", "=", first!).executeTakeFirstOrThrow();
    expect(new Date(started.started_at!).getTime()).toBe(at(t0, SECOND).getTime());
    // Play while playing: nothing changes.
    expect(await controlPlayback(db(), people.host!, id, { kind: "play" }, at(t0, 5 * SECOND))).toEqual(timeline);

    // Pause ten seconds in: the position is kept, whatever the time.
    timeline = await controlPlayback(db(), people.host!, id, { kind: "pause" }, at(t0, 11 * SECOND));
    expect(timeline).toMatchObject({ itemId: first, playing: false, positionMs: 10_000 });
    expect(await controlPlayback(db(), people.host!, id, { kind: "pause" }, at(t0, 50 * SECOND))).toMatchObject({ playing: false, positionMs: 10_000 });
    // The co-host resumes much later: from where it paused.
    timeline = await controlPlayback(db(), people.co!, id, { kind: "play" }, at(t0, 100 * SECOND));
    expect(timeline).toEqual({ itemId: first, playing: true, positionMs: 10_000, anchorMs: at(t0, 100 * SECOND).getTime() });

    // Seek: held within the song.
    timeline = await controlPlayback(db(), people.host!, id, { kind: "seek", positionMs: 999_999 }, at(t0, 101 * SECOND));
    expect(timeline).toMatchObject({ itemId: first, playing: true, positionMs: 60_000 });
    timeline = await controlPlayback(db(), people.host!, id, { kind: "seek", positionMs: -5_000 }, at(t0, 102 * SECOND));
    expect(timeline).toMatchObject({ playing: true, positionMs: 0 });
    expect((await partyRow(id)).position_ms).toBe(0);

    // 'ended' far from the end, or for another song: ignored, nothing announced.
    const seqMid = Number((await partyRow(id)).event_seq);
    expect(await controlPlayback(db(), people.host!, id, { kind: "ended", itemId: first! }, at(t0, 112 * SECOND))).toMatchObject({ itemId: first, positionMs: 0 });
    expect(await controlPlayback(db(), people.host!, id, { kind: "ended", itemId: second! }, at(t0, 200 * SECOND))).toMatchObject({ itemId: first });
    expect(Number((await partyRow(id)).event_seq)).toBe(seqMid);
    // At the end: the next song starts.
    timeline = await controlPlayback(db(), people.host!, id, { kind: "ended", itemId: first! }, at(t0, 161 * SECOND));
    expect(timeline).toEqual({ itemId: second, playing: true, positionMs: 0, anchorMs: at(t0, 161 * SECOND).getTime() });
    // Two listeners' 'ended' for the same song: the second is stale and ignored.
    expect(await controlPlayback(db(), people.host!, id, { kind: "ended", itemId: first! }, at(t0, 161 * SECOND))).toMatchObject({ itemId: second });

    // Skip while paused keeps the room paused; skip past the last song stops.
    await controlPlayback(db(), people.host!, id, { kind: "pause" }, at(t0, 170 * SECOND));
    timeline = await controlPlayback(db(), people.host!, id, { kind: "skip" }, at(t0, 171 * SECOND));
    expect(timeline).toMatchObject({ itemId: third, playing: false, positionMs: 0 });
    timeline = await controlPlayback(db(), people.host!, id, { kind: "skip" }, at(t0, 172 * SECOND));
    expect(timeline).toMatchObject({ itemId: null, playing: false });
    await refused(controlPlayback(db(), people.host!, id, { kind: "play" }, at(t0, 173 * SECOND)), 409, PARTY_TEXT.nothingToPlay);

    const { played, current, upNext } = await readQueue(db(), id, null);
    expect(current).toBeNull();
    expect(upNext).toEqual([]);
    expect(played.map((item) => item.id)).toEqual([third, second, first]);
    const reasons = (await eventsOf(id)).filter((e) => Number(e.seq) > seqBefore && e.type === "timeline").map((e) => e.data.reason);
    expect(reasons).toEqual(["play", "pause", "play", "seek", "seek", "advance", "pause", "skip", "queue-ended"]);
    await expectContiguous(id);
  });

  it("refuses playback in an ended party", async () => {
    const id = await party(people.host!, { title: "Over" });
    await queueSongs(id, people.host!, [songTitle(1)]);
    await endParty(db(), people.host!, id);
    await refused(controlPlayback(db(), people.host!, id, { kind: "play" }), 409, PARTY_TEXT.ended);
  });
});

describe("chat, reactions and ratings", () => {
  it("sanitises chat as SPEC §5 says and refuses an empty message", async () => {
    const id = await party(people.host!, { title: "Chat" });
    const message = await postMessage(db(), people.a!, id, "<script>alert(1)</script>hi");
    expect(message).toMatchObject({ userId: people.a!.id, name: "Alma Guest", kind: "chat", body: "alert(1)hi" });
    const stored = await db().selectFrom("party_messages").select(["body", "kind", "display_name"]).where("id", "=", message.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ body: "alert(1)hi", kind: "chat", display_name: "Alma Guest" });
    expect(stored.body).not.toMatch(/[<>]/);
    expect((await postMessage(db(), people.a!, id, 'a <a href="javascript:alert(1)">link</a> > b')).body).toBe("a link  b");
    expect((await postMessage(db(), people.a!, id, "x".repeat(5_000))).body).toHaveLength(PARTY_CHAT_MAX);
    const seq = Number((await partyRow(id)).event_seq);
    await refused(postMessage(db(), people.a!, id, "   "), 400, PARTY_TEXT.chatEmpty);
    await refused(postMessage(db(), people.a!, id, "<b></b>"), 400, PARTY_TEXT.chatEmpty);
    expect(Number((await partyRow(id)).event_seq)).toBe(seq);
    const events = (await eventsOf(id)).filter((e) => e.type === "message");
    expect((events[0]!.data.message as { body: string }).body).toBe("alert(1)hi");
    await expectContiguous(id);
  });

  it("takes the room's reactions only, and lets the host remove a message", async () => {
    const id = await party(people.host!, { title: "Reactions" });
    const fire = await react(db(), people.b!, id, "fire");
    expect(fire).toMatchObject({ kind: "reaction", body: "fire" });
    for (const bad of ["boom", "toString", "__proto__", ""]) await refused(react(db(), people.b!, id, bad as PartyReaction), 400);
    const chat = await postMessage(db(), people.b!, id, "nice");
    await refused(removeMessage(db(), people.b!, id, chat.id), 403, PARTY_TEXT.hostOnly);
    await removeMessage(db(), people.host!, id, chat.id);
    await refused(removeMessage(db(), people.host!, id, chat.id), 404, PARTY_TEXT.messageGone);
    await refused(removeMessage(db(), people.host!, id, "nope"), 404);
    expect((await readMessages(db(), id)).map((m) => m.id)).toEqual([fire.id]);
    expect(await typesOf(id)).toEqual(["status", "message", "message", "message-removed"]);
    await expectContiguous(id);
  });

  it("rates a song once it has started, one rating per listener (the latest)", async () => {
    const id = await party(people.host!, { title: "Ratings" });
    const [first, second] = await queueSongs(id, people.host!, [songTitle(1), songTitle(2)]);
    await refused(rateItem(db(), people.a!, id, first!, "keeper"), 409, PARTY_TEXT.notPlayed);
    await controlPlayback(db(), people.host!, id, { kind: "play" });
    await refused(rateItem(db(), people.a!, id, second!, "keeper"), 409, PARTY_TEXT.notPlayed);
    await refused(rateItem(db(), people.a!, id, crypto.randomUUID(), "keeper"), 404, PARTY_TEXT.itemGone);
    await rateItem(db(), people.a!, id, first!, "pass");
    await rateItem(db(), people.a!, id, first!, "keeper");
    await rateItem(db(), people.b!, id, first!, "maybe");
    const ratings = await db().selectFrom("party_ratings").select(["user_id", "rating"]).where("item_id", "=", first!).orderBy("rating").execute();
    expect(ratings).toEqual([
      { user_id: people.a!.id, rating: "keeper" },
      { user_id: people.b!.id, rating: "maybe" },
    ]);
    // A song from another party is not this room's.
    const other = await party(people.host!, { title: "Other ratings" });
    await refused(rateItem(db(), people.a!, other, first!, "keeper"), 404, PARTY_TEXT.itemGone);
    // The viewer sees their own ratings only.
    const access = (await partyForViewer(db(), people.a!, id))!;
    expect((await roomSnapshot(db(), access, people.a!.id)).myRatings).toEqual({ [first!]: "keeper" });
  });
});

describe("the outcome", () => {
  it("ends the party once, saving every song heard ranked by the room's ratings", async () => {
    const t0 = new Date(Date.now() - 3_600 * SECOND);
    const id = await party(people.host!, { title: "Outcome", coHostId: people.co!.id }, t0);
    const track = await showcaseTrack(people.b!, "Outcome showcase");
    const [s1, s2] = await queueSongs(id, people.host!, [songTitle(1), songTitle(2)]);
    const { itemId: s3 } = await addToQueue(db(), people.host!, id, { kind: "showcase", id: track });
    const [s4, unheard] = await queueSongs(id, people.host!, [songTitle(4), songTitle(5)]);
    // Heard: s1, s2, s3 and s4 (playing when the party ends); s5 never started.
    await controlPlayback(db(), people.host!, id, { kind: "play" }, at(t0, SECOND));
    for (let i = 2; i <= 4; i += 1) await controlPlayback(db(), people.host!, id, { kind: "skip" }, at(t0, i * 10 * SECOND));
    const rate = (who: Person, item: string, rating: "keeper" | "maybe" | "pass") => rateItem(db(), who, id, item, rating);
    // s1: 3 keepers (6); s2: a maybe and two passes (-1); s3: keeper + maybe (3); s4: nothing (0).
    for (const who of [people.a!, people.b!, people.co!]) await rate(who, s1!, "keeper");
    await rate(people.a!, s2!, "maybe");
    await rate(people.b!, s2!, "pass");
    await rate(people.co!, s2!, "pass");
    await rate(people.a!, s3, "keeper");
    await rate(people.host!, s3, "maybe");

    await refused(endParty(db(), people.a!, id), 403, PARTY_TEXT.hostOnly);
    const endedAt = at(t0, 45 * SECOND);
    await endParty(db(), people.host!, id, endedAt);
    const row = await partyRow(id);
    expect(row).toMatchObject({ status: "ended", playing: false });
    expect(new Date(row.ended_at!).getTime()).toBe(endedAt.getTime());
    // s4 started at 40 s and played 5 s: the position is where it stopped.
    expect(row.position_ms).toBe(5_000);

    const results = await readResults(db(), id);
    expect(results.map((r) => [r.itemId, r.rank, r.score, r.shortlisted])).toEqual([
      [s1, 1, 6, true],
      [s3, 2, 3, true],
      [s4, 3, 0, false],
      [s2, 4, -1, false],
    ]);
    expect(results[0]).toMatchObject({ keepers: 3, maybes: 0, passes: 0, kind: "song", sourceId: songs[songTitle(1)], title: songTitle(1) });
    expect(results[1]).toMatchObject({ keepers: 1, maybes: 1, passes: 0, kind: "showcase", sourceId: track, title: "Outcome showcase" });
    expect(results[3]).toMatchObject({ keepers: 0, maybes: 1, passes: 2 });
    expect(results.map((r) => r.itemId)).not.toContain(unheard);

    // Only shortlisted catalogue songs go into an A&R's shortlist.
    expect(await catalogueSongsOfOutcome(db(), id)).toEqual([{ songId: songs[songTitle(1)], note: "Party rank 1: 3 keeper, 0 maybe, 0 pass" }]);
    // The room page shows the results once it has ended.
    const access = (await partyForViewer(db(), people.ar!, id))!;
    expect((await roomSnapshot(db(), access, people.ar!.id)).results).toEqual(results);

    // Ending again, or anything else in an ended room: 409, nothing written.
    const seq = Number(row.event_seq);
    await refused(endParty(db(), people.host!, id), 409, PARTY_TEXT.ended);
    await refused(endParty(db(), people.co!, id), 409, PARTY_TEXT.ended);
    await refused(postMessage(db(), people.a!, id, "still here?"), 409, PARTY_TEXT.ended);
    await refused(react(db(), people.a!, id, "fire"), 409, PARTY_TEXT.ended);
    await refused(rateItem(db(), people.a!, id, s4!, "keeper"), 409, PARTY_TEXT.ended);
    await refused(addToQueue(db(), people.a!, id, song(songTitle(9))), 409, PARTY_TEXT.ended);
    expect(Number((await partyRow(id)).event_seq)).toBe(seq);
    expect((await readResults(db(), id)).length).toBe(4);
    expect((await eventsOf(id)).at(-1)).toMatchObject({ type: "status", data: { status: "ended", endedAt: endedAt.toISOString() } });
    await expectContiguous(id);
  });

  it("saves an empty outcome for a party that heard nothing", async () => {
    const id = await party(people.host!, { title: "Silent" });
    await queueSongs(id, people.host!, [songTitle(1)]);
    await endParty(db(), people.host!, id);
    expect(await readResults(db(), id)).toEqual([]);
    expect(await catalogueSongsOfOutcome(db(), id)).toEqual([]);
  });
});

describe("the sweeper", () => {
  /** Other tests' rooms are left alone: only the room under test is live. */
  async function onlyLive(id: string) {
    await db().updateTable("parties").set({ status: "ended", ended_at: new Date(), playing: false }).where("status", "<>", "ended").where("id", "<>", id).execute();
  }
  const hostsEvents = async (id: string) => (await eventsOf(id)).filter((e) => e.type === "hosts");

  let t0: Date;
  beforeEach(() => {
    t0 = new Date(Date.now() - 24 * 3_600 * SECOND);
  });

  it("moves the room on when the song has run out", async () => {
    const id = await party(people.host!, { title: "Runs out" }, t0);
    const [first, second] = await queueSongs(id, people.host!, [songTitle(1), songTitle(2)]);
    await onlyLive(id);
    await controlPlayback(db(), people.host!, id, { kind: "play" }, t0);
    await touchListeners(db(), id, [people.host!.id], at(t0, 55 * SECOND));
    // Not yet over: nothing to do.
    expect(await sweepParties(db(), at(t0, 59 * SECOND))).toBe(0);
    expect((await partyRow(id)).current_item_id).toBe(first);
    expect(await sweepParties(db(), at(t0, 61 * SECOND))).toBe(1);
    const row = await partyRow(id);
    expect(row).toMatchObject({ current_item_id: second, playing: true, position_ms: 0, host_away_since: null, host_id: people.host!.id });
    expect(new Date(row.anchor_at).getTime()).toBe(at(t0, 61 * SECOND).getTime());
    // A paused room is left where it is, however long ago it paused.
    await controlPlayback(db(), people.host!, id, { kind: "pause" }, at(t0, 62 * SECOND));
    await touchListeners(db(), id, [people.host!.id], at(t0, 500 * SECOND));
    expect(await sweepParties(db(), at(t0, 501 * SECOND))).toBe(0);
    expect((await partyRow(id)).current_item_id).toBe(second);
    await expectContiguous(id);
  });

  it("pauses the room for a host who has gone quiet, and hands it back when they return", async () => {
    const id = await party(people.host!, { title: "Host away" }, t0);
    await queueSongs(id, people.host!, [songTitle(1)]);
    await onlyLive(id);
    await controlPlayback(db(), people.host!, id, { kind: "play" }, t0);
    // The host's stream was last seen at t0; 50 s later they are stale.
    const away = at(t0, 50 * SECOND);
    expect(await sweepParties(db(), away)).toBe(1);
    const row = await partyRow(id);
    expect(row).toMatchObject({ playing: false, position_ms: 50_000, host_id: people.host!.id });
    expect(new Date(row.host_away_since!).getTime()).toBe(away.getTime());
    expect((await eventsOf(id)).filter((e) => e.type === "timeline").at(-1)!.data).toMatchObject({ reason: "host-away", timeline: { playing: false, positionMs: 50_000 } });
    expect(await hostsEvents(id)).toHaveLength(1);
    // Nobody else is there: the host stays host, and sweeping again changes nothing.
    expect(await sweepParties(db(), at(t0, 50 * SECOND + HOST_TAKEOVER_MS + SECOND))).toBe(0);
    expect((await partyRow(id)).host_id).toBe(people.host!.id);
    // The host comes back: the away mark goes.
    await joinParty(db(), people.host!, id, at(t0, 200 * SECOND));
    expect((await partyRow(id)).host_away_since).toBeNull();
    expect(await hostsEvents(id)).toHaveLength(2);
    await expectContiguous(id);
  });

  it("hands the room to a present co-host at once", async () => {
    const id = await party(people.host!, { title: "Co-host takes over", coHostId: people.co!.id }, t0);
    await queueSongs(id, people.host!, [songTitle(1)]);
    await onlyLive(id);
    await controlPlayback(db(), people.host!, id, { kind: "play" }, t0);
    await joinParty(db(), people.co!, id, at(t0, 40 * SECOND));
    await leaveParty(db(), people.host!.id, id, at(t0, 45 * SECOND));
    expect(await sweepParties(db(), at(t0, 46 * SECOND))).toBe(1);
    const row = await partyRow(id);
    expect(row).toMatchObject({ host_id: people.co!.id, co_host_id: null, host_away_since: null, playing: false, position_ms: 46_000 });
    expect((await hostsEvents(id)).at(-1)!.data).toMatchObject({ hostId: people.co!.id, hostName: "Cora Cohost", coHostId: null, hostAwaySince: null });
    expect(await partyForViewer(db(), people.co!, id)).toMatchObject({ role: "host" });
    expect(await partyForViewer(db(), people.host!, id)).toMatchObject({ role: "guest" });
    await refused(controlPlayback(db(), people.host!, id, { kind: "play" }, at(t0, 47 * SECOND)), 403);
    expect(await controlPlayback(db(), people.co!, id, { kind: "play" }, at(t0, 47 * SECOND))).toMatchObject({ playing: true, positionMs: 46_000 });
    await expectContiguous(id);
  });

  it(`without a co-host, gives the room to the earliest-joined present member after ${HOST_TAKEOVER_MS / 1000} s`, async () => {
    const id = await party(people.host!, { title: "Member takes over" }, t0);
    await queueSongs(id, people.host!, [songTitle(1)]);
    await onlyLive(id);
    await controlPlayback(db(), people.host!, id, { kind: "play" }, t0);
    // The stranger joined first but left; B joined before A; both stay.
    await joinParty(db(), people.stranger!, id, at(t0, SECOND));
    await leaveParty(db(), people.stranger!.id, id, at(t0, 2 * SECOND));
    await joinParty(db(), people.b!, id, at(t0, 5 * SECOND));
    await joinParty(db(), people.a!, id, at(t0, 10 * SECOND));
    const away = at(t0, 50 * SECOND);
    await touchListeners(db(), id, [people.a!.id, people.b!.id], away);
    expect(await sweepParties(db(), away)).toBe(1);
    expect((await partyRow(id)).host_id).toBe(people.host!.id);
    // Just short of the wait: still the host's room.
    const almost = at(away, HOST_TAKEOVER_MS - SECOND);
    await touchListeners(db(), id, [people.a!.id, people.b!.id], almost);
    expect(await sweepParties(db(), almost)).toBe(0);
    expect((await partyRow(id)).host_id).toBe(people.host!.id);
    const takeover = at(away, HOST_TAKEOVER_MS);
    await touchListeners(db(), id, [people.a!.id, people.b!.id], takeover);
    expect(await sweepParties(db(), takeover)).toBe(1);
    const row = await partyRow(id);
    expect(row).toMatchObject({ host_id: people.b!.id, host_away_since: null, playing: false });
    expect(await hostsEvents(id)).toHaveLength(2);
    expect(await partyForViewer(db(), people.b!, id)).toMatchObject({ role: "host" });
    await expectContiguous(id);
  });

  it(`ends a room nobody has been in for ${ABANDONED_ROOM_MS / 60_000} minutes, its outcome saved`, async () => {
    const id = await party(people.host!, { title: "Abandoned" }, t0);
    const [first] = await queueSongs(id, people.host!, [songTitle(1), songTitle(2)]);
    await onlyLive(id);
    await controlPlayback(db(), people.host!, id, { kind: "play" }, t0);
    await rateItem(db(), people.a!, id, first!, "keeper", at(t0, 5 * SECOND));
    await leaveParty(db(), people.host!.id, id, at(t0, 10 * SECOND));
    const away = at(t0, 20 * SECOND);
    expect(await sweepParties(db(), away)).toBe(1);
    expect(await partyRow(id)).toMatchObject({ status: "live", playing: false, position_ms: 20_000 });
    expect(await sweepParties(db(), at(away, ABANDONED_ROOM_MS - SECOND))).toBe(0);
    expect((await partyRow(id)).status).toBe("live");
    expect(await sweepParties(db(), at(away, ABANDONED_ROOM_MS))).toBe(1);
    const row = await partyRow(id);
    expect(row).toMatchObject({ status: "ended", playing: false, position_ms: 20_000 });
    expect(new Date(row.ended_at!).getTime()).toBe(at(away, ABANDONED_ROOM_MS).getTime());
    expect((await readResults(db(), id)).map((r) => [r.itemId, r.rank, r.shortlisted])).toEqual([[first, 1, true]]);
    expect((await eventsOf(id)).at(-1)).toMatchObject({ type: "status", data: { status: "ended" } });
    // Ended: no longer swept.
    expect(await sweepParties(db(), at(away, 2 * ABANDONED_ROOM_MS))).toBe(0);
    await expectContiguous(id);
  });

  it("changes each room once when sweeps run at the same moment", async () => {
    // Five rooms whose host went quiet, swept by four sweepers at once (as four server instances would).
    const rooms: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const id = await party(people.host!, { title: `Sweepers ${i + 1}` }, t0);
      await queueSongs(id, people.host!, [songTitle(1)]);
      await controlPlayback(db(), people.host!, id, { kind: "play" }, t0);
      rooms.push(id);
    }
    await db().updateTable("parties").set({ status: "ended", ended_at: new Date(), playing: false }).where("status", "<>", "ended").where("id", "not in", rooms).execute();
    const now = at(t0, 50 * SECOND);
    const changed = await Promise.all([sweepParties(db(), now), sweepParties(db(), now), sweepParties(db(), now), sweepParties(db(), now)]);
    expect(changed.reduce((sum, n) => sum + n, 0)).toBe(rooms.length);
    for (const id of rooms) {
      expect(await hostsEvents(id)).toHaveLength(1);
      expect((await eventsOf(id)).filter((e) => e.type === "timeline" && e.data.reason === "host-away")).toHaveLength(1);
      expect(await partyRow(id)).toMatchObject({ playing: false, position_ms: 50_000 });
      await expectContiguous(id);
    }
  });
});

describe("the event log", () => {
  it("numbers every room's events 1..n without a gap, n its event_seq", async () => {
    const { rows } = await sql<{ id: string; event_seq: number; seqs: number[] | null }>`
      select p.id, p.event_seq, array_agg(e.seq::int order by e.seq) filter (where e.seq is not null) as seqs
      from parties p left join party_events e on e.party_id = p.id
      group by p.id, p.event_seq
    `.execute(db());
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      const seqs = (row.seqs ?? []).map(Number);
      expect(seqs, row.id).toEqual(seqs.map((_, i) => i + 1));
      expect(Number(row.event_seq), row.id).toBe(seqs.length);
    }
  });
});
