/**
 * The admin view of songs: how many are live and archived, the archived ones
 * to browse (by title or credited name), and one archived song in full.
 * Archived songs never appear in the public catalogue; here they stay
 * reachable for administrators.
 */
import { sql } from "kysely";
import { getSong, signedAudioUrl } from "~/catalog/songs.server";
import type { Song } from "~/catalog/types";
import type { Database } from "~/platform/db/connect.server";

import { ARCHIVE_PAGE_SIZE, ARCHIVE_SEARCH_MAX } from "./archive";

export interface SongCounts {
  catalogue: number;
  featured: number;
  archived: number;
}

export async function songCounts(db: Database): Promise<SongCounts> {
  const row = await db
    .selectFrom("songs")
    .select([
      sql<number>`(count(*) filter (where status = 'catalogue'))::int`.as("catalogue"),
      sql<number>`(count(*) filter (where status = 'catalogue' and featured))::int`.as("featured"),
      sql<number>`(count(*) filter (where status = 'archived'))::int`.as("archived"),
    ])
    .executeTakeFirstOrThrow();
  return { catalogue: Number(row.catalogue), featured: Number(row.featured), archived: Number(row.archived) };
}

export interface ArchivedSongRow {
  id: string;
  title: string;
  credits: string;
  genre: string;
  bpm: number;
  musicalKey: string;
  durationSeconds: number;
  /** The last change of an archived song is its archiving, as far as anything records. */
  archivedAt: string;
}

/** Escapes LIKE wildcards so a search for "100%" means the text, not a pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listArchivedSongs(db: Database, options: { search?: string; page?: number; limit?: number } = {}) {
  const page = options.page ?? 1;
  const limit = options.limit ?? ARCHIVE_PAGE_SIZE;
  const search = options.search?.trim().slice(0, ARCHIVE_SEARCH_MAX) ?? "";
  let query = db.selectFrom("songs").where("status", "=", "archived");
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) => eb.or([eb("title", "ilike", pattern), eb("credit_names", "ilike", pattern)]));
  }
  const rows = await query
    .select(["id", "title", "genre", "bpm", "musical_key", "duration_seconds", "updated_at"])
    // credit_names is a search column (names joined by spaces); show the names as a list.
    .select((eb) =>
      eb
        .selectFrom("song_credits as c")
        .whereRef("c.song_id", "=", "songs.id")
        .select(sql<string>`coalesce(string_agg(c.name, ', ' order by c.position, c.name), '')`.as("names"))
        .as("credit_list"),
    )
    .orderBy("updated_at", "desc")
    .orderBy("id")
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  const songs: ArchivedSongRow[] = rows.slice(0, limit).map((row) => ({
    id: row.id,
    title: row.title,
    credits: row.credit_list ?? "",
    genre: row.genre,
    bpm: row.bpm,
    musicalKey: row.musical_key,
    durationSeconds: Number(row.duration_seconds),
    archivedAt: new Date(row.updated_at).toISOString(),
  }));
  return { songs, page, search, hasNextPage: rows.length > limit };
}

/** An archived song with a signed audio URL, or null when the id is unknown or the song is live. */
export async function getArchivedSong(db: Database, id: string): Promise<{ song: Song; audioUrl: string } | null> {
  const song = await getSong(db, id);
  if (!song || song.status !== "archived") return null;
  return { song, audioUrl: await signedAudioUrl(song) };
}
