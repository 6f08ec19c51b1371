/**
 * Demo plays (ADR 0079): a plausible, deterministic history of counted plays
 * of the demo catalogue over the past 12 weeks, so the overview's "Plays per
 * week" chart is not empty on a fresh start. Listeners are the demo accounts
 * and a handful of anonymous visitors; each play is at least the repeat
 * window after the same listener's previous play of that song, after the
 * song was created and before `now`. Plays only: the audit log is never
 * seeded (it holds real admin actions and nothing else).
 */
import type { Transaction } from "kysely";
import { createRandom } from "~/demo/songs-random";
import type { DB } from "~/platform/db/schema";
import { PLAY_REPEAT_WINDOW_MS } from "./statistics-plays.server";

const DAY = 24 * 60 * 60_000;
const DAYS = 84;
const ANONYMOUS_LISTENERS = 12;

export async function seedDemoPlays(tx: Transaction<DB>, options: { now: Date; log?: (line: string) => void }): Promise<number> {
  const songs = await tx.selectFrom("songs").select(["id", "created_at"]).where("status", "=", "catalogue").orderBy("title").orderBy("id").execute();
  if (songs.length === 0) return 0;
  const users = await tx.selectFrom("profiles").select("user_id").where("role", "is not", null).orderBy("created_at").orderBy("user_id").limit(40).execute();
  const listeners = [
    ...users.map((user) => ({ id: user.user_id as string | null, key: `user:${user.user_id}` })),
    ...Array.from({ length: ANONYMOUS_LISTENERS }, (_, i) => ({ id: null, key: `addr:demo-visitor-${i + 1}` })),
  ];
  const random = createRandom(20261127);
  const rows: { song_id: string; listener_id: string | null; listener_key: string; played_at: Date }[] = [];
  const lastPlay = new Map<string, number>();
  const now = options.now.getTime();
  for (let day = DAYS - 1; day >= 0; day--) {
    // The collective grows: later weeks are busier, weekends a little quieter.
    const date = new Date(now - day * DAY);
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
    const growth = 0.45 + 0.55 * ((DAYS - day) / DAYS);
    const plays = Math.round((6 + random() * 10) * growth * (weekend ? 0.7 : 1));
    for (let i = 0; i < plays; i++) {
      // Some songs are favourites: the draw leans towards the start of the list.
      const song = songs[Math.floor(random() ** 1.5 * songs.length)]!;
      const listener = listeners[Math.floor(random() * listeners.length)]!;
      const at = now - day * DAY - Math.floor(random() * DAY);
      const created = new Date(song.created_at).getTime();
      const pair = `${listener.key}|${song.id}`;
      // Nothing within the repeat window before now: a real play right after the seed always counts.
      if (at <= created || at >= now - PLAY_REPEAT_WINDOW_MS || at - (lastPlay.get(pair) ?? Number.NEGATIVE_INFINITY) < PLAY_REPEAT_WINDOW_MS) continue;
      lastPlay.set(pair, at);
      rows.push({ song_id: song.id, listener_id: listener.id, listener_key: listener.key, played_at: new Date(at) });
    }
  }
  for (let start = 0; start < rows.length; start += 500) {
    await tx.insertInto("song_plays").values(rows.slice(start, start + 500)).execute();
  }
  options.log?.(`seeded ${rows.length} demo plays`);
  return rows.length;
}
