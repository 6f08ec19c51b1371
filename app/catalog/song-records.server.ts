/**
 * Writing songs and their credits. Always called inside a transaction (the
 * upload flow's, or the demo seeder's): the credits' split rule is checked
 * here first, and again by the database at commit.
 */
import type { Transaction } from "kysely";
import type { DB } from "~/platform/db/schema";
import { sanitizeText } from "~/shared/sanitize";
import { BPM_MAX, BPM_MIN, FACET_VALUE_MAX } from "./constants";
import { creditsProblem } from "./credits";
import type { VocalType } from "./facets";
import type { Credit, SongStatus } from "./types";

export interface NewSong {
  id?: string;
  title: string;
  genre: string;
  moods: string[];
  bpm: number;
  musicalKey: string;
  durationSeconds: number;
  lyrics?: string | null;
  audioPath: string;
  artworkPath?: string | null;
  status?: SongStatus;
  featured?: boolean;
  peaks?: number[];
  credits: Credit[];
  slug?: string | null;
  createdAt?: Date;
  /** Pitching metadata (facets): the vocal the song carries (null: not recorded) and explicit lyrics. */
  vocalType?: VocalType | null;
  explicit?: boolean;
}

export class InvalidSongError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidSongError";
  }
}

const LYRICS_MAX = 20_000;

export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120)
    .replace(/-+$/g, "");
}

function clean(song: NewSong) {
  const title = sanitizeText(song.title, 200);
  const genre = sanitizeText(song.genre, FACET_VALUE_MAX);
  const musicalKey = sanitizeText(song.musicalKey, 20);
  if (!title) throw new InvalidSongError("A song needs a title.");
  if (!genre) throw new InvalidSongError("A song needs a genre.");
  if (!musicalKey) throw new InvalidSongError("A song needs a key.");
  if (!Number.isInteger(song.bpm) || song.bpm < BPM_MIN || song.bpm > BPM_MAX) {
    throw new InvalidSongError(`The BPM must be a whole number from ${BPM_MIN} to ${BPM_MAX}.`);
  }
  if (!(song.durationSeconds > 0)) throw new InvalidSongError("The song's duration is unknown.");
  // Moods are matched case-insensitively by storing them in lower case.
  const moods = [...new Set(song.moods.map((m) => sanitizeText(m, FACET_VALUE_MAX).toLowerCase()).filter(Boolean))];
  const credits = song.credits.map((c) => ({ ...c, name: sanitizeText(c.name, 100) }));
  if (credits.some((c) => !c.name)) throw new InvalidSongError("Every credit needs a name.");
  // A draft (ADR 0085) may have no credits yet; any it has follow the split rule.
  const problem = song.status === "draft" && credits.length === 0 ? null : creditsProblem(credits);
  if (problem) throw new InvalidSongError(problem);
  const lyrics = song.lyrics ? sanitizeText(song.lyrics, LYRICS_MAX) || null : null;
  return { title, genre, musicalKey, moods, credits, lyrics };
}

/** Inserts a song and its credits; returns the song's id. */
export async function insertSongRecord(tx: Transaction<DB>, song: NewSong): Promise<string> {
  const { title, genre, musicalKey, moods, credits, lyrics } = clean(song);
  const createdAt = song.createdAt ?? new Date();
  const { id } = await tx
    .insertInto("songs")
    .values({
      ...(song.id ? { id: song.id } : {}),
      title,
      slug: song.slug === undefined ? slugify(title) || null : song.slug,
      genre,
      moods,
      bpm: song.bpm,
      musical_key: musicalKey,
      duration_seconds: Math.round(song.durationSeconds * 100) / 100,
      lyrics,
      audio_path: song.audioPath,
      artwork_path: song.artworkPath ?? null,
      status: song.status ?? "catalogue",
      featured: song.featured ?? false,
      vocal_type: song.vocalType ?? null,
      explicit: song.explicit ?? false,
      peaks: JSON.stringify(song.peaks ?? []),
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (credits.length === 0) return id;
  await tx
    .insertInto("song_credits")
    .values(
      credits.map((credit, position) => ({
        song_id: id,
        member_id: credit.memberId,
        name: credit.name,
        role: credit.role,
        split: credit.split.toFixed(2),
        position,
      })),
    )
    .execute();
  return id;
}
