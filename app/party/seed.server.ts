/**
 * Demo data of issue 14 (ADR 0092): two listening parties on /party.
 *
 *   past       hosted by the administrator, yesterday from 19:00 UTC: five
 *              catalogue songs heard (added in turn, round by round), chat and
 *              reactions from the demo member, the demo A&R and two of the
 *              collective, everyone's keeper / maybe / pass, and its saved
 *              outcome ranked by `rankOutcome` (app/party/outcome.ts), as
 *              endParty saves it;
 *   scheduled  the demo member's members' party, tomorrow at 19:00 UTC, with
 *              three songs already queued.
 *
 * Runs inside the demo seed's transaction, after the camps, so it writes the
 * rows itself (the room functions open transactions of their own). The past
 * party keeps no event log (nobody replays an ended room): its event_seq is 0.
 * The scheduled one's log is what createParty and addToQueue would have
 * written: its status, then the queue after each song (event_seq 4).
 * Without the demo accounts or enough catalogue songs it does nothing; a
 * second run adds nothing.
 */
import type { Transaction } from "kysely";
import { demoAccount } from "~/demo/accounts";
import { DEMO_MEMBERS, demoMemberEmail } from "~/demo/members-data";
import type { DB, PartyRating } from "~/platform/db/schema";
import type { PartyReaction } from "./constants";
import { emitPartyEvent } from "./events.server";
import { rankOutcome } from "./outcome";
import { emitQueue } from "./room-lock.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Who is in the demo rooms: demo account keys, or demo member keys (members-data.ts). */
type Who = "admin" | "ar" | "member" | "ellie.hart" | "zara.ahmed";

/** The songs the rooms hear, by title from the demo catalogue (others stand in for any that is missing). */
const PAST_SONGS = ["Midnight Avenue", "Golden Hour Drive", "Slow Burn", "Neon Heartbeat", "Paper Planes at Dawn"];
const SCHEDULED_SONGS = ["Velvet Static", "City of Glass", "Wildfire Season"];

export const DEMO_PAST_PARTY = {
  title: "Friday first listens",
  host: "admin" as Who,
  /** Who added each song, in the order they were added (rounds follow: each person's n-th song is in round n). */
  addedBy: ["admin", "member", "ellie.hart", "admin", "member"] as Who[],
  /** Everyone in the room, in the order they joined. */
  listeners: ["admin", "member", "ar", "ellie.hart", "zara.ahmed"] as Who[],
  /** Each song's ratings (by the order heard); a listener who did not rate a song is left out. */
  ratings: [
    { member: "keeper", ar: "keeper", "ellie.hart": "keeper", "zara.ahmed": "maybe" },
    { admin: "maybe", ar: "pass", "ellie.hart": "maybe", "zara.ahmed": "pass", member: "pass" },
    { admin: "keeper", ar: "keeper", "zara.ahmed": "keeper", member: "maybe" },
    { admin: "maybe", ar: "pass", "ellie.hart": "maybe", member: "pass" },
    { ar: "keeper", "ellie.hart": "maybe", "zara.ahmed": "maybe" },
  ] as Partial<Record<Who, PartyRating>>[],
  /** Chat and reactions: during which song (by the order heard), how far into it (s), who, what. */
  messages: [
    { song: 0, at: 3, who: "admin", kind: "chat", body: "Welcome in! Five new ones tonight, rate as they play." },
    { song: 0, at: 12, who: "ar", kind: "reaction", body: "fire" },
    { song: 0, at: 20, who: "ellie.hart", kind: "chat", body: "That pre-chorus lift though" },
    { song: 1, at: 8, who: "zara.ahmed", kind: "chat", body: "Not sure about the drop on this one" },
    { song: 2, at: 5, who: "member", kind: "reaction", body: "love" },
    { song: 2, at: 18, who: "ar", kind: "chat", body: "This could work for an artist I'm looking after. Keeper." },
    { song: 2, at: 24, who: "zara.ahmed", kind: "reaction", body: "dance" },
    { song: 4, at: 10, who: "ellie.hart", kind: "reaction", body: "clap" },
    { song: 4, at: 22, who: "admin", kind: "chat", body: "Thanks all, the outcome is on the party's page." },
  ] as { song: number; at: number; who: Who; kind: "chat" | "reaction"; body: string }[],
} as const;

export const DEMO_SCHEDULED_PARTY = {
  title: "Sunday writers' round: new demos",
  host: "member" as Who,
} as const;

/** What the seed adds, for tests that count demo rows. */
export const DEMO_PARTY_COUNTS = {
  parties: 2,
  /** The past party's five songs and the scheduled one's three. */
  queue: PAST_SONGS.length + SCHEDULED_SONGS.length,
  messages: DEMO_PAST_PARTY.messages.length,
  ratings: DEMO_PAST_PARTY.ratings.reduce((sum, r) => sum + Object.keys(r).length, 0),
  results: PAST_SONGS.length,
  /** Listeners: everyone in the past room, and the scheduled party's host. */
  listeners: DEMO_PAST_PARTY.listeners.length + 1,
  /** The scheduled party's log: status, then the queue after each song. */
  events: 1 + SCHEDULED_SONGS.length,
} as const;

/** 19:00 UTC on the day `days` from `now`'s (UTC) day. */
function evening(now: Date, days: number): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY;
  return new Date(day + 19 * 60 * MINUTE);
}

export async function seedDemoParties(tx: Transaction<DB>, options: { now: Date; log?: (line: string) => void }): Promise<number> {
  const { now } = options;
  const existing = await tx.selectFrom("parties").select("id").where("title", "in", [DEMO_PAST_PARTY.title, DEMO_SCHEDULED_PARTY.title]).executeTakeFirst();
  if (existing) return 0;

  const emails: Record<Who, string> = {
    admin: demoAccount("admin").email,
    ar: demoAccount("ar").email,
    member: demoAccount("member").email,
    "ellie.hart": demoMemberEmail({ key: "ellie.hart" }),
    "zara.ahmed": demoMemberEmail({ key: "zara.ahmed" }),
  };
  const people = await tx
    .selectFrom("auth.users as u")
    .innerJoin("profiles as p", "p.user_id", "u.id")
    .select(["u.id", "u.email", "p.display_name"])
    .where("u.email", "in", Object.values(emails))
    .where("p.role", "is not", null)
    .execute();
  const byEmail = new Map(people.map((row) => [row.email, row]));
  const person = (who: Who) => byEmail.get(emails[who]);
  if ((Object.keys(emails) as Who[]).some((who) => !person(who))) return 0;
  const id = (who: Who) => person(who)!.id;
  const name = (who: Who) => person(who)!.display_name ?? DEMO_MEMBERS.find((m) => m.key === who)?.displayName ?? "Member";

  const wanted = [...PAST_SONGS, ...SCHEDULED_SONGS];
  const catalogue = await tx
    .selectFrom("songs")
    .select(["id", "title", "credit_names", "duration_seconds"])
    .where("status", "=", "catalogue")
    .orderBy("title")
    .orderBy("id")
    .execute();
  const named = wanted.map((title) => catalogue.find((song) => song.title === title));
  const spare = catalogue.filter((song) => !named.includes(song));
  const chosen = named.map((song) => song ?? spare.shift());
  if (chosen.some((song) => !song)) return 0;
  const songs = chosen as NonNullable<(typeof chosen)[number]>[];
  const pastSongs = songs.slice(0, PAST_SONGS.length);
  const scheduledSongs = songs.slice(PAST_SONGS.length);
  const durationMs = (song: (typeof songs)[number]) => Math.round(Number(song.duration_seconds) * 1000);

  // -- The past party ----------------------------------------------------------------
  const past = DEMO_PAST_PARTY;
  const startedAt = evening(now, -1);
  const createdAt = new Date(startedAt.getTime() - 3 * DAY);
  // The songs one after another, a short pause between them; the party ends a minute after the last.
  const starts: Date[] = [];
  let clock = startedAt.getTime() + MINUTE;
  for (const song of pastSongs) {
    starts.push(new Date(clock));
    clock += durationMs(song) + 20_000;
  }
  const endedAt = new Date(clock + MINUTE);
  const { id: pastId } = await tx
    .insertInto("parties")
    .values({
      title: past.title,
      host_id: id(past.host),
      created_by: id(past.host),
      visibility: "members",
      status: "scheduled",
      scheduled_for: startedAt,
      created_at: createdAt,
      anchor_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  // Added before the start, in turn: each person's n-th song in round n, the queue round by round.
  const rounds = new Map<Who, number>();
  const added = past.addedBy.map((who, index) => {
    const round = (rounds.get(who) ?? 0) + 1;
    rounds.set(who, round);
    return { who, round, index };
  });
  const order = [...added].sort((a, b) => a.round - b.round || a.index - b.index);
  const itemIds: string[] = [];
  for (const [position, entry] of order.entries()) {
    const song = pastSongs[position]!;
    const { id: itemId } = await tx
      .insertInto("party_queue")
      .values({
        party_id: pastId,
        kind: "song",
        song_id: song.id,
        title: song.title,
        artist: song.credit_names.slice(0, 200),
        duration_ms: durationMs(song),
        added_by: id(entry.who),
        added_by_name: name(entry.who),
        round: entry.round,
        position: position + 1,
        added_at: new Date(startedAt.getTime() - (past.addedBy.length - entry.index) * 5 * MINUTE),
        started_at: starts[position]!,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    itemIds.push(itemId);
  }
  const lastSong = pastSongs[pastSongs.length - 1]!;
  await tx
    .updateTable("parties")
    .set({
      status: "ended",
      started_at: startedAt,
      ended_at: endedAt,
      // As endParty leaves it: the last song heard to its end, stopped.
      current_item_id: itemIds[itemIds.length - 1]!,
      playing: false,
      position_ms: durationMs(lastSong),
      anchor_at: endedAt,
    })
    .where("id", "=", pastId)
    .execute();

  await tx
    .insertInto("party_listeners")
    .values(
      past.listeners.map((who, index) => ({
        party_id: pastId,
        user_id: id(who),
        display_name: name(who),
        joined_at: new Date(startedAt.getTime() + index * 15_000),
        last_seen_at: endedAt,
        left_at: endedAt,
      })),
    )
    .execute();

  await tx
    .insertInto("party_messages")
    .values(
      past.messages.map((message) => ({
        party_id: pastId,
        user_id: id(message.who),
        display_name: name(message.who),
        kind: message.kind,
        body: message.kind === "reaction" ? (message.body as PartyReaction) : message.body,
        created_at: new Date(starts[message.song]!.getTime() + message.at * 1000),
      })),
    )
    .execute();

  const ratingRows = past.ratings.flatMap((ratings, index) =>
    (Object.entries(ratings) as [Who, PartyRating][]).map(([who, rating], n) => ({
      item_id: itemIds[index]!,
      user_id: id(who),
      party_id: pastId,
      rating,
      rated_at: new Date(starts[index]!.getTime() + (10 + 3 * n) * 1000),
    })),
  );
  await tx.insertInto("party_ratings").values(ratingRows).execute();

  // The outcome, as endParty ranks and saves it.
  const ranked = rankOutcome(
    itemIds.map((itemId, index) => {
      const ratings = Object.values(past.ratings[index]!);
      return {
        itemId,
        position: index + 1,
        keepers: ratings.filter((r) => r === "keeper").length,
        maybes: ratings.filter((r) => r === "maybe").length,
        passes: ratings.filter((r) => r === "pass").length,
      };
    }),
  );
  await tx
    .insertInto("party_results")
    .values(ranked.map((r) => ({ party_id: pastId, item_id: r.itemId, rank: r.rank, keepers: r.keepers, maybes: r.maybes, passes: r.passes, score: r.score, shortlisted: r.shortlisted })))
    .execute();

  // -- The scheduled party -----------------------------------------------------------
  const scheduledFor = evening(now, 1);
  const scheduledCreated = new Date(now.getTime() - 2 * 60 * MINUTE);
  const host = DEMO_SCHEDULED_PARTY.host;
  const { id: scheduledId } = await tx
    .insertInto("parties")
    .values({
      title: DEMO_SCHEDULED_PARTY.title,
      host_id: id(host),
      created_by: id(host),
      visibility: "members",
      status: "scheduled",
      scheduled_for: scheduledFor,
      created_at: scheduledCreated,
      anchor_at: scheduledCreated,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // As createParty: the host is in the room from the start (long gone from the page since).
  await tx
    .insertInto("party_listeners")
    .values({ party_id: scheduledId, user_id: id(host), display_name: name(host), joined_at: scheduledCreated, last_seen_at: scheduledCreated })
    .execute();
  await emitPartyEvent(tx, scheduledId, "status", { status: "scheduled", startedAt: null });
  for (const [index, song] of scheduledSongs.entries()) {
    await tx
      .insertInto("party_queue")
      .values({
        party_id: scheduledId,
        kind: "song",
        song_id: song.id,
        title: song.title,
        artist: song.credit_names.slice(0, 200),
        duration_ms: durationMs(song),
        added_by: id(host),
        added_by_name: name(host),
        // The host's songs, one per round, as addToQueue places them.
        round: index + 1,
        position: index + 1,
        added_at: new Date(scheduledCreated.getTime() + (index + 1) * MINUTE),
      })
      .execute();
    await emitQueue(tx, scheduledId, null);
  }

  const shortlisted = ranked.filter((r) => r.shortlisted).length;
  options.log?.(`seeded 2 demo listening parties: "${past.title}" (ended, ${shortlisted} of ${ranked.length} songs shortlisted) and "${DEMO_SCHEDULED_PARTY.title}" (tomorrow)`);
  return 2;
}
