/**
 * The admins' catalogue (issue 12 §4, docs/decisions/0082-admin-catalogue.md):
 * every song whatever its status, counted and listed; one song's details and
 * credits edited; songs featured and unfeatured.
 *
 * Every change is one transaction holding the change and its audit entry
 * (ADR 0078). Edits carry the song's updated_at as the page showed it (to the
 * microsecond): the row is locked, and a stamp that no longer matches means
 * another admin saved meanwhile, so the save is refused (StaleSongError, 409)
 * instead of overwriting theirs. The search sees each change at once: every
 * statement on songs or song_credits raises catalog_revision (triggers), which
 * retires the cached search results (app/catalog/search-cache.server.ts), and
 * the song_search triggers rewrite the song's search row in the same transaction.
 */
import { sql } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { recordAdminAction } from "~/audit/audit.server";
import { getSplitSheet } from "~/camps/split-sheets.server";
import { creditsProblem } from "~/catalog/credits";
import { slugify } from "~/catalog/song-records.server";
import { isSongId } from "~/catalog/songs.server";
import type { Credit } from "~/catalog/types";
import { SongNotFoundError } from "~/catalog/versions.server";
import type { Database } from "~/platform/db/connect.server";
import { CATALOG_LIMITS, CATALOG_TEXT, type AdminSongStatus, type StatusFilter } from "./catalog-text";
import type { DetailsInput } from "./catalog-schema";
import { sameCredits, sheetCredits } from "~/submissions/camp-song.server";

export { SongNotFoundError };

type Actor = Pick<Viewer, "id" | "displayName">;

export class StaleSongError extends Error {
  constructor() {
    super(CATALOG_TEXT.stale);
    this.name = "StaleSongError";
  }
}

export class UnknownCreditMemberError extends Error {
  constructor(readonly indexes: number[]) {
    super(CATALOG_TEXT.errors.creditMember);
    this.name = "UnknownCreditMemberError";
  }
}

export class FeatureConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeatureConflictError";
  }
}

/** updated_at to the microsecond, UTC, as the forms carry it (STAMP_PATTERN). */
const stampOf = sql<string>`to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** Always later than the stamp it replaces, even within one microsecond. */
const nextStamp = sql<Date>`greatest(clock_timestamp(), updated_at + interval '1 microsecond')`;

export interface StatusCounts {
  catalogue: number;
  featured: number;
  draft: number;
  archived: number;
}

export async function catalogStatusCounts(db: Database): Promise<StatusCounts> {
  const row = await db
    .selectFrom("songs")
    .select([
      sql<number>`(count(*) filter (where status = 'catalogue'))::int`.as("catalogue"),
      sql<number>`(count(*) filter (where status = 'catalogue' and featured))::int`.as("featured"),
      sql<number>`(count(*) filter (where status = 'draft'))::int`.as("draft"),
      sql<number>`(count(*) filter (where status = 'archived'))::int`.as("archived"),
    ])
    .executeTakeFirstOrThrow();
  return { catalogue: Number(row.catalogue), featured: Number(row.featured), draft: Number(row.draft), archived: Number(row.archived) };
}

export interface AdminSongRow {
  id: string;
  title: string;
  status: AdminSongStatus;
  featured: boolean;
  credits: string;
  genre: string;
  updatedAt: string;
}

/** Escapes LIKE wildcards so a search for "100%" means the text, not a pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function parseListQuery(params: URLSearchParams): { status: StatusFilter; search: string; page: number } {
  const status = params.get("status");
  const page = Number(params.get("page"));
  return {
    status: status === "catalogue" || status === "draft" || status === "archived" ? status : "all",
    search: (params.get("q") ?? "").trim().slice(0, CATALOG_LIMITS.search),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** Songs of a status (or all), newest change first, by title or credited name; one page and whether another follows. */
export async function listAdminSongs(db: Database, options: { status: StatusFilter; search: string; page: number }) {
  const limit = CATALOG_LIMITS.pageSize;
  let query = db.selectFrom("songs");
  if (options.status !== "all") query = query.where(sql<boolean>`status = ${options.status}`);
  if (options.search) {
    const pattern = likePattern(options.search);
    query = query.where((eb) => eb.or([eb("title", "ilike", pattern), eb("credit_names", "ilike", pattern)]));
  }
  const rows = await query
    .select(["id", "title", "status", "featured", "genre", "updated_at"])
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
    .offset((options.page - 1) * limit)
    .execute();
  const songs: AdminSongRow[] = rows.slice(0, limit).map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status as AdminSongStatus,
    featured: row.featured,
    credits: row.credit_list ?? "",
    genre: row.genre,
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
  return { songs, hasNextPage: rows.length > limit };
}

export interface MemberOption {
  id: string;
  name: string;
}

/**
 * Who a credit may be linked to: members of the collective (accepted members
 * and admins), by name. Everyone is listed, public profile or not: the page is
 * for admins only.
 */
export async function creditMemberOptions(db: Database): Promise<MemberOption[]> {
  const rows = await db
    .selectFrom("profiles")
    .select(["user_id", "display_name"])
    .where("role", "in", ["accepted_member", "admin"])
    .orderBy("display_name")
    .orderBy("user_id")
    .execute();
  return rows.map((row) => ({ id: row.user_id, name: row.display_name || "Member" }));
}

/** A song as its editor needs it; null when the id is unknown. */
export async function getEditableSong(db: Database, songId: string) {
  if (!isSongId(songId)) return null;
  const row = await db
    .selectFrom("songs")
    .select([
      "id",
      "title",
      "genre",
      "moods",
      "bpm",
      "musical_key",
      "vocal_type",
      "explicit",
      "lyrics",
      "status",
      "featured",
      "duration_seconds",
      "created_at",
      "camp_song_id",
      stampOf.as("stamp"),
    ])
    .where("id", "=", songId)
    .executeTakeFirst();
  if (!row) return null;
  const [credits, splitSheet] = await Promise.all([readCredits(db, songId), splitSheetOrigin(db, row.camp_song_id)]);
  return {
    id: row.id,
    title: row.title,
    genre: row.genre,
    moods: row.moods,
    bpm: row.bpm,
    musicalKey: row.musical_key,
    vocalType: row.vocal_type,
    explicit: row.explicit,
    lyrics: row.lyrics,
    status: row.status as AdminSongStatus,
    featured: row.featured,
    durationSeconds: Number(row.duration_seconds),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: row.stamp,
    credits,
    /** The camp whose confirmed split sheet the credits came from (ADR 0091), or null. */
    splitSheet,
  };
}

/** The camp of the camp song a song came from, when it has one. */
async function splitSheetOrigin(db: Database, campSongId: string | null): Promise<{ campId: string; campName: string } | null> {
  if (!campSongId) return null;
  const row = await db
    .selectFrom("camp_songs as cs")
    .innerJoin("camps as c", "c.id", "cs.camp_id")
    .select(["c.id", "c.name"])
    .where("cs.id", "=", campSongId)
    .executeTakeFirst();
  return row ? { campId: row.id, campName: row.name } : null;
}

/**
 * The credits a song from a camp song got from its split sheet, as accepting
 * wrote them (a member who has left the collective since keeps the name
 * without the link); null when the song did not come from a camp song.
 */
async function sheetCreditsOfSong(tx: Database, campSongId: string | null): Promise<Credit[] | null> {
  if (!campSongId) return null;
  const sheet = await getSplitSheet(tx, campSongId);
  if (!sheet || sheet.rows.length === 0) return null;
  const credits = sheetCredits(sheet);
  const linked = credits.flatMap((c) => (c.memberId ? [c.memberId] : []));
  const members = linked.length
    ? await tx.selectFrom("profiles").select("user_id").where("user_id", "in", linked).where("role", "in", ["accepted_member", "admin"]).execute()
    : [];
  const still = new Set(members.map((m) => m.user_id));
  return credits.map((c) => ({ ...c, memberId: c.memberId && still.has(c.memberId) ? c.memberId : null }));
}
export type EditableSong = NonNullable<Awaited<ReturnType<typeof getEditableSong>>>;

async function readCredits(db: Database, songId: string): Promise<Credit[]> {
  const rows = await db
    .selectFrom("song_credits")
    .select(["member_id", "name", "role", "split"])
    .where("song_id", "=", songId)
    .orderBy("position")
    .orderBy("name")
    .execute();
  return rows.map((c) => ({ memberId: c.member_id, name: c.name, role: c.role, split: Number(c.split) }));
}

/** Locks the song's row and checks the stamp the form carried. */
async function lockSong(tx: Database, songId: string, expectedStamp: string) {
  if (!isSongId(songId)) throw new SongNotFoundError();
  const row = await tx
    .selectFrom("songs")
    .select(["id", "title", "genre", "moods", "bpm", "musical_key", "vocal_type", "explicit", "lyrics", stampOf.as("stamp")])
    .where("id", "=", songId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new SongNotFoundError();
  if (row.stamp !== expectedStamp) throw new StaleSongError();
  return row;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves the details form. Returns the fields that changed (none: nothing was
 * written and nothing recorded) and the song's title after the save.
 */
export async function updateSongDetails(db: Database, viewer: Actor, songId: string, expectedStamp: string, input: Omit<DetailsInput, "intent" | "updatedAt">) {
  return db.transaction().execute(async (tx) => {
    const row = await lockSong(tx, songId, expectedStamp);
    const before = {
      title: row.title,
      genre: row.genre,
      moods: row.moods,
      bpm: row.bpm,
      musicalKey: row.musical_key,
      vocalType: row.vocal_type,
      explicit: row.explicit,
      lyrics: row.lyrics,
    };
    const after = {
      title: input.title,
      genre: input.genre,
      moods: input.moods,
      bpm: input.bpm,
      musicalKey: input.musicalKey,
      vocalType: input.vocalType ?? null,
      explicit: input.explicit,
      lyrics: input.lyrics ? input.lyrics : null,
    };
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((key) => !same(before[key], after[key]));
    if (changed.length === 0) return { changed, title: row.title };
    await tx
      .updateTable("songs")
      .set({
        title: after.title,
        slug: changed.includes("title") ? slugify(after.title) || null : undefined,
        genre: after.genre,
        moods: after.moods,
        bpm: after.bpm,
        musical_key: after.musicalKey,
        vocal_type: after.vocalType,
        explicit: after.explicit,
        lyrics: after.lyrics,
        updated_at: nextStamp,
      })
      .where("id", "=", songId)
      .execute();
    await recordAdminAction(tx, {
      actor: viewer,
      action: "song.updated",
      target: { type: "song", id: songId, label: after.title },
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, after[key]])),
    });
    return { changed, title: after.title };
  });
}

/**
 * Replaces the song's credits. A credit may link to a member of the
 * collective, or keep a link it already had (a member whose role has since
 * changed stays linked on their songs). The splits are checked here and by
 * the database at commit.
 */
export async function updateSongCredits(db: Database, viewer: Actor, songId: string, expectedStamp: string, credits: Credit[]) {
  const problem = creditsProblem(credits);
  if (problem) throw new Error(problem);
  if (credits.length > CATALOG_LIMITS.credits) throw new Error(CATALOG_TEXT.errors.tooManyCredits);
  return db.transaction().execute(async (tx) => {
    const row = await lockSong(tx, songId, expectedStamp);
    const before = await readCredits(tx, songId);
    const campSong = await tx.selectFrom("songs").select("camp_song_id").where("id", "=", songId).executeTakeFirstOrThrow();
    const linked = [...new Set(credits.map((c) => c.memberId).filter((id): id is string => id !== null))];
    if (linked.length > 0) {
      const members = await tx
        .selectFrom("profiles")
        .select("user_id")
        .where("user_id", "in", linked)
        .where("role", "in", ["accepted_member", "admin"])
        .execute();
      const allowed = new Set([...members.map((m) => m.user_id), ...before.map((c) => c.memberId).filter(Boolean)]);
      const wrong = credits.map((c, index) => (c.memberId && !allowed.has(c.memberId) ? index : -1)).filter((index) => index >= 0);
      if (wrong.length > 0) throw new UnknownCreditMemberError(wrong);
    }
    if (same(before, credits)) return { changed: false, title: row.title, overridden: false };
    await tx.deleteFrom("song_credits").where("song_id", "=", songId).execute();
    await tx
      .insertInto("song_credits")
      .values(credits.map((credit, position) => ({ song_id: songId, member_id: credit.memberId, name: credit.name, role: credit.role, split: credit.split.toFixed(2), position })))
      .execute();
    await tx.updateTable("songs").set({ updated_at: nextStamp }).where("id", "=", songId).execute();
    // Credits that came from a confirmed split sheet (ADR 0091): saving others overrides the sheet, and the
    // log says so, with the credits that were there as "before" and the sheet's beside them (a second
    // override's "before" is the first override's result, not the sheet). One entry per save.
    const fromSheet = await sheetCreditsOfSong(tx, campSong.camp_song_id);
    const overrides = fromSheet !== null && !sameCredits(fromSheet, credits);
    await recordAdminAction(tx, {
      actor: viewer,
      action: overrides ? "song.split_sheet_overridden" : "song.credits_updated",
      target: { type: "song", id: songId, label: row.title },
      before: overrides ? { credits: before, splitSheet: fromSheet } : { credits: before },
      after: { credits },
    });
    return { changed: true, title: row.title, overridden: overrides };
  });
}

/**
 * Features or unfeatures a song. Only a song in the catalogue can be featured
 * (a featured draft or archived song would show nowhere); unfeaturing works
 * whatever the status. Not an edit of the song's details: the stamp the edit
 * forms carry is left alone, so an admin editing meanwhile is not refused.
 */
export async function setSongFeatured(db: Database, viewer: Actor, songId: string, featured: boolean): Promise<{ title: string }> {
  if (!isSongId(songId)) throw new SongNotFoundError();
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom("songs").select(["title", "status", "featured"]).where("id", "=", songId).forUpdate().executeTakeFirst();
    if (!row) throw new SongNotFoundError();
    if (row.featured === featured) throw new FeatureConflictError(featured ? CATALOG_TEXT.alreadyFeatured : CATALOG_TEXT.alreadyUnfeatured);
    if (featured && row.status !== "catalogue") throw new FeatureConflictError(CATALOG_TEXT.featureOnlyCatalogue);
    await tx.updateTable("songs").set({ featured }).where("id", "=", songId).execute();
    await recordAdminAction(tx, {
      actor: viewer,
      action: featured ? "song.featured" : "song.unfeatured",
      target: { type: "song", id: songId, label: row.title },
      before: { featured: row.featured },
      after: { featured },
    });
    return { title: row.title };
  });
}

/** The deferred splits trigger's refusal at commit (the backstop behind the form's check). */
export function isSplitsViolation(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  return e?.code === "23514" && (e.constraint === "song_credits_splits_sum_100" || /splits of song/.test(e.message ?? ""));
}
