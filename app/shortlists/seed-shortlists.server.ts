/**
 * Demo shortlists (issue 11): the demo A&R (ar@demo.hitfactory.test) keeps two
 * shortlists of catalogue songs, rated and annotated. The first has a live
 * share link with plays from a few listeners (and an older, expired link with
 * one play), so its page shows plays per song per link. The links' tokens are
 * random and thrown away here: only their hashes are stored, so, like any
 * link, they cannot be shown again (nothing is printed).
 */
import crypto from "node:crypto";
import type { Transaction } from "kysely";
import { demoAccount } from "~/demo/accounts";
import type { DB } from "~/platform/db/schema";
import type { FeedbackRating } from "./ratings";
import { newRandomToken, sha256Hex, utcDay } from "./shortlists.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Pick = { note: string; rating: FeedbackRating | null };

const FIRST: { title: string; picks: Pick[] } = {
  title: "Nova: summer single, uptempo pop",
  picks: [
    { rating: "keeper", note: "Chorus lands in the first 40 seconds. Play this one first." },
    { rating: "keeper", note: "Strong hook; ask the writers about a cleaner second verse." },
    { rating: "maybe", note: "Great energy, but the key may sit low for Nova." },
    { rating: "needs_work", note: "Bridge drags. Would love a shorter edit." },
    { rating: "pass", note: "Too close to her last single." },
  ],
};

const SECOND: { title: string; picks: Pick[] } = {
  title: "Late-night R&B ideas",
  picks: [
    { rating: "maybe", note: "Moody, works for the label's new duo." },
    { rating: null, note: "" },
    { rating: "keeper", note: "" },
    { rating: null, note: "Check the splits with the publisher." },
  ],
};

/** A fake listener's key: the hash of a random cookie nobody has. */
const listener = () => sha256Hex(crypto.randomBytes(32).toString("base64url"));

export async function seedDemoShortlists(tx: Transaction<DB>, options: { now: Date; log?: (line: string) => void }): Promise<number> {
  const owner = await tx.selectFrom("auth.users").select("id").where("email", "=", demoAccount("ar").email).executeTakeFirst();
  const songs = await tx.selectFrom("songs").select(["id", "title"]).where("status", "=", "catalogue").orderBy("created_at").orderBy("id").limit(FIRST.picks.length + SECOND.picks.length).execute();
  if (!owner || songs.length < FIRST.picks.length + SECOND.picks.length) return 0;
  const { now } = options;

  const lists = [
    { ...FIRST, songs: songs.slice(0, FIRST.picks.length), updatedAt: new Date(now.getTime() - 2 * DAY) },
    { ...SECOND, songs: songs.slice(FIRST.picks.length), updatedAt: new Date(now.getTime() - 5 * DAY) },
  ];
  const ids: string[] = [];
  for (const list of lists) {
    const created = new Date(list.updatedAt.getTime() - 3 * DAY);
    const { id } = await tx
      .insertInto("shortlists")
      .values({ owner_id: owner.id, title: list.title, created_at: created, updated_at: list.updatedAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(id);
    await tx
      .insertInto("shortlist_items")
      .values(
        list.songs.map((song, index) => ({
          shortlist_id: id,
          song_id: song.id,
          note: list.picks[index]!.note,
          rating: list.picks[index]!.rating,
          position: index + 1,
          created_at: created,
          updated_at: list.updatedAt,
        })),
      )
      .execute();
  }

  // The first list's links: one live (30 days, made two days ago), one expired.
  const shareOf = async (createdAt: Date, days: number) =>
    (
      await tx
        .insertInto("shortlist_shares")
        .values({ shortlist_id: ids[0]!, token_hash: sha256Hex(newRandomToken()), created_at: createdAt, expires_at: new Date(createdAt.getTime() + days * DAY) })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const live = await shareOf(new Date(now.getTime() - 2 * DAY), 30);
  const expired = await shareOf(new Date(now.getTime() - 20 * DAY), 7);

  const first = lists[0]!.songs;
  const [ana, ben, cy] = [listener(), listener(), listener()];
  // [share, song index, listener, days ago, counted]
  const plays: [string, number, string, number, boolean][] = [
    [live, 0, ana, 1, true],
    [live, 0, ana, 0, true],
    [live, 0, ben, 1, true],
    [live, 0, cy, 0, true],
    [live, 1, ana, 1, true],
    [live, 1, ben, 1, true],
    [live, 2, cy, 0, true],
    // Fetched but stopped before 30 s: not a play.
    [live, 3, ben, 1, false],
    [expired, 0, listener(), 15, true],
  ];
  await tx
    .insertInto("shortlist_plays")
    .values(
      plays.map(([shareId, index, key, daysAgo, counted]) => {
        const fetched = new Date(now.getTime() - daysAgo * DAY - 10 * MINUTE);
        return {
          share_id: shareId,
          song_id: first[index]!.id,
          listener_key: key,
          day: utcDay(fetched),
          fetched_at: fetched,
          counted_at: counted ? new Date(fetched.getTime() + MINUTE) : null,
        };
      }),
    )
    .execute();
  options.log?.(`seeded ${lists.length} demo shortlists`);
  return lists.length;
}
