/**
 * The dashboard's "new in the catalogue": songs in the catalogue (not
 * archived) added after the visit's cutoff, newest first, at most
 * NEW_SONGS_SHOWN of them, playable like the catalogue's rows. On a first
 * visit (no cutoff) the newest songs, labelled as such by the page.
 *
 * Both queries walk songs_catalogue_newest_idx (created_at desc, id desc
 * where status = 'catalogue') from the top: the page reads 6 entries, the
 * count at most NEW_SONGS_COUNT_CAP + 1, however old the cutoff or large the
 * catalogue.
 */
import { sql } from "kysely";
import { ARTWORK_BUCKET, AUDIO_BUCKET } from "~/catalog/constants";
import type { SongRowData } from "~/catalog/components/tracks";
import type { Database } from "~/platform/db/connect.server";
import type { StoragePort } from "~/platform/storage/port";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import { NEW_SONGS_COUNT_CAP, NEW_SONGS_SHOWN } from "./constants";


export interface NewSongs {
  /** Null on the first visit: `songs` are then simply the newest. */
  since: string | null;
  songs: SongRowData[];
  /** Songs added since the cutoff, up to NEW_SONGS_COUNT_CAP + 1 (null on a first visit). */
  count: number | null;
}

export async function newInCatalogue(db: Database, store: StoragePort, since: Date | null): Promise<NewSongs> {
  const inCatalogue = db
    .selectFrom("songs as s")
    .where("s.status", "=", "catalogue")
    .$if(since !== null, (query) => query.where("s.created_at", ">", since!));
  const [rows, counted] = await Promise.all([
    inCatalogue
      .select([
        "s.id",
        "s.title",
        "s.genre",
        "s.bpm",
        "s.musical_key",
        "s.duration_seconds",
        "s.featured",
        "s.audio_path",
        "s.artwork_path",
        // The catalogue's artist line: artist credits if any, else the writers (as its rows show it).
        sql<string | null>`(select string_agg(c.name, ', ' order by c.position, c.name) from song_credits c where c.song_id = s.id and c.role = 'artist')`.as(
          "artists",
        ),
        sql<string | null>`(select string_agg(c.name, ', ' order by c.position, c.name) from song_credits c
          where c.song_id = s.id and c.role in ('writer', 'topliner', 'composer', 'lyricist'))`.as("writers"),
      ])
      .orderBy("s.created_at", "desc")
      .orderBy("s.id", "desc")
      .limit(NEW_SONGS_SHOWN)
      .execute(),
    since === null
      ? Promise.resolve(null)
      : db
          .selectFrom(inCatalogue.select(sql`1`.as("one")).limit(NEW_SONGS_COUNT_CAP + 1).as("capped"))
          .select((eb) => eb.fn.countAll<string | number>().as("count"))
          .executeTakeFirstOrThrow(),
  ]);
  const withArtwork = rows.filter((row) => row.artwork_path);
  const [audioUrls, artworkUrls] = rows.length
    ? await Promise.all([
        store.createSignedUrls(AUDIO_BUCKET, rows.map((row) => row.audio_path), SIGNED_URL_TTL_S),
        store.createSignedUrls(ARTWORK_BUCKET, withArtwork.map((row) => row.artwork_path!), SIGNED_URL_TTL_S),
      ])
    : [[], []];
  const artworkById = new Map(withArtwork.map((row, index) => [row.id, artworkUrls[index] ?? null]));
  return {
    since: since ? since.toISOString() : null,
    songs: rows.map((row, index) => ({
      id: row.id,
      title: row.title,
      artist: row.artists || row.writers || "",
      genre: row.genre,
      bpm: row.bpm,
      musicalKey: row.musical_key,
      durationSeconds: Number(row.duration_seconds),
      featured: row.featured,
      artworkUrl: artworkById.get(row.id) ?? null,
      audioUrl: audioUrls[index],
    })),
    count: counted === null ? null : Number(counted.count),
  };
}
