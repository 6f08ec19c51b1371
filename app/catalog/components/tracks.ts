/**
 * Catalogue songs as player tracks. A song's track id is the song id, which
 * is a UUID: its second segment is never 'collab' or 'solo', so catalogue
 * playlists never trigger applicant navigation.
 */
import type { Track } from "~/player/logic";
import type { SongSummary } from "../types";

export function songTrack(song: Pick<SongSummary, "id" | "title" | "artist" | "audioUrl" | "artworkUrl">): Track | null {
  if (!song.audioUrl) return null;
  return {
    id: song.id,
    url: song.audioUrl,
    title: song.title,
    artist: song.artist,
    songId: song.id,
    artworkUrl: song.artworkUrl ?? null,
  };
}

/** What a result row shows and plays: a summary without the moods (facets show those). */
export type SongRowData = Omit<SongSummary, "moods">;

/** Only the fields a row renders, so a page's loader data carries nothing it does not use. */
export function songRowData({ id, title, artist, genre, bpm, musicalKey, durationSeconds, featured, artworkUrl, audioUrl }: SongSummary): SongRowData {
  return { id, title, artist, genre, bpm, musicalKey, durationSeconds, featured, artworkUrl, audioUrl };
}

/** The playable songs of a list, in order: next/previous in the player walk this. */
export function songPlaylist(songs: SongRowData[]): Track[] {
  return songs.map(songTrack).filter((track): track is Track => track !== null);
}

/** ISO 8601 duration for structured data, e.g. PT3M25S. */
export function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(total / 60);
  return `PT${minutes}M${total % 60}S`;
}
