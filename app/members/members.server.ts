/**
 * The member directory and member pages (issue 10, ADR 0062).
 *
 * Listed in the directory: profiles their owners made public, of people who
 * are members (SPEC §6: accepted_member, accepted_ar or admin), with a name.
 * Applicants never appear, even if they tick "public". Every query repeats
 * the `listed` predicate word for word, because the directory's indexes
 * (migration 20261125000200_member_directory.sql) are partial on it.
 */
import { sql, type SqlBool } from "kysely";
import { z } from "zod";
import type { Viewer } from "~/auth/viewer";
import { ARTWORK_BUCKET, AUDIO_BUCKET } from "~/catalog/constants";
import { artistLine } from "~/catalog/credits";
import type { Credit, CreditRole, SongSummary } from "~/catalog/types";
import type { Database } from "~/platform/db/connect.server";
import type { StoragePort } from "~/platform/storage/port";
import type { Skill } from "~/profile/profile-fields";
import { SIGNED_URL_TTL_S, type Role } from "~/shared/constants";
import { DIRECTORY_DEFAULT_SORT, DIRECTORY_FEATURED_MAX, DIRECTORY_PAGE_SIZE, GENRE_OPTIONS_LIMIT, NAME_SEARCH_MAX_WORDS, PROFILE_LINKS_MAX, type DirectorySort } from "./directory-constants";
import { hasDirectoryFilters, type DirectoryQuery } from "./directory-query";

export { DIRECTORY_PAGE_SIZE } from "./directory-constants";
export { directorySearch, hasDirectoryFilters, parseDirectoryQuery, type DirectoryQuery } from "./directory-query";

export interface MemberSummary {
  userId: string;
  displayName: string;
  role: Role;
  location: string | null;
  skills: string[];
  genres: string[];
  /** profiles.avatar_url as stored (a storage path): turn it into a URL with avatarSrc. */
  avatar: string | null;
  /** An admin featured them (ADR 0081): a badge, and first on the directory's first page. */
  featured: boolean;
}

export interface MemberLink {
  label: string;
  url: string;
}

export interface MemberProfile extends MemberSummary {
  bio: string | null;
  links: MemberLink[];
  memberSince: string;
  publicProfile: boolean;
}

export interface DirectoryResult {
  members: MemberSummary[];
  total: number;
  /** The page shown: the one asked for, or the last one when that lies past the end. */
  page: number;
  pageCount: number;
}

// ---------------------------------------------------------------------------
// The directory

/** LIKE wildcards typed by a person are plain characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The rows the directory may show; the same words as the partial indexes' predicate. */
const LISTED = sql<SqlBool>`public_profile and role is not null and display_name is not null`;

/**
 * The filters as SQL. Name search: a query of three characters or more
 * matches each of its words anywhere in the name (pg_trgm's GIN index; "brook
 * maya" finds Maya Brooks); a shorter one matches the start of the name (the
 * text_pattern_ops btree), since one or two letters anywhere would match
 * nearly everyone.
 */
export function directoryConditions(query: Pick<DirectoryQuery, "q" | "skill" | "genre" | "location">) {
  const conditions = [LISTED];
  if (query.q) {
    const text = query.q.toLowerCase();
    const words = text.split(" ").filter(Boolean).slice(0, NAME_SEARCH_MAX_WORDS);
    if (words.some((word) => word.length >= 3)) {
      for (const word of words) conditions.push(sql<SqlBool>`lower(display_name) like ${`%${escapeLike(word)}%`}`);
    } else {
      conditions.push(sql<SqlBool>`lower(display_name) like ${`${escapeLike(text)}%`}`);
    }
  }
  if (query.skill) conditions.push(sql<SqlBool>`skills @> array[${query.skill}]::text[]`);
  if (query.genre) conditions.push(sql<SqlBool>`genres @> array[${query.genre}]::text[]`);
  if (query.location) conditions.push(sql<SqlBool>`lower(location) like ${`%${escapeLike(query.location.toLowerCase())}%`}`);
  return sql.join(conditions, sql` and `);
}

const ORDER: Record<DirectorySort, ReturnType<typeof sql>> = {
  name: sql`lower(display_name), user_id`,
  newest: sql`created_at desc, user_id desc`,
  oldest: sql`created_at, user_id`,
};

export interface SummaryRow {
  user_id: string;
  display_name: string | null;
  role: Role;
  location: string | null;
  skills: string[];
  genres: string[];
  avatar_url: string | null;
  featured_at?: Date | string | null;
}

function toSummary(row: SummaryRow): MemberSummary {
  return {
    userId: row.user_id,
    displayName: row.display_name ?? "",
    role: row.role,
    location: row.location,
    skills: row.skills,
    genres: row.genres,
    avatar: row.avatar_url,
    featured: row.featured_at != null,
  };
}

/**
 * Runs directory queries the way ADR 0062 measured them: in a transaction
 * with two transaction-local planner settings (set_config(..., true), so no
 * pooled connection keeps them), as the catalogue's withSearchPlan does.
 *
 *  - enable_seqscan off: Postgres prices an array containment or trigram test
 *    like a cheap comparison and, at 10,000 members, prefers testing every
 *    row to the GIN indexes. Every directory query has a partial index to use.
 *  - random_page_cost 1.1: the profiles table is small enough to stay in
 *    memory (PGlite always is), so reading rows in index order costs little;
 *    with the default 4 a deep page sorts the whole directory instead.
 */
export async function withDirectoryPlan<T>(db: Database, fn: (db: Database) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('enable_seqscan', 'off', true), set_config('random_page_cost', '1.1', true)`.execute(tx);
    return fn(tx);
  });
}

const COLUMNS = sql`user_id, display_name, role, location, skills, genres, avatar_url, featured_at`;

/**
 * One page of the directory and its total, without planner settings (the
 * benchmark runs it with index scans off as its baseline; pages call
 * listDirectory).
 *
 * Browsing (no filter): the page's ids read in the sort's index order by an
 * index-only scan, then those rows; the total by an index-only scan. With a filter: the matches first (a MATERIALIZED
 * CTE, so the filters' indexes find them instead of the sort index walking
 * the directory past non-matches: "maya" sorts in the middle of the
 * alphabet), then the page and the total from those, in one statement.
 */
export async function queryDirectory(db: Database, query: DirectoryQuery): Promise<{ rows: SummaryRow[]; total: number }> {
  const statement = directoryStatement(query);
  if (statement.count) {
    const page = await statement.page.execute(db);
    const counted = await statement.count.execute(db);
    return { rows: page.rows, total: Number(counted.rows[0]?.total ?? 0) };
  }
  const { rows } = await statement.page.execute(db);
  const total = Number(rows[0]?.total ?? 0);
  return { rows: rows.filter((row) => row.user_id !== null), total };
}

/** The statements queryDirectory runs: a page and a count when browsing, one statement with a filter. */
export function directoryStatement(query: DirectoryQuery) {
  const where = directoryConditions(query);
  const limit = DIRECTORY_PAGE_SIZE;
  const offset = (query.page - 1) * DIRECTORY_PAGE_SIZE;
  if (!hasDirectoryFilters(query)) {
    return {
      // The page's ids by an index-only scan (the offset skips index entries, not table rows), then their rows.
      page: sql<SummaryRow & { total?: number }>`
        select ${COLUMNS} from profiles
         where user_id in (select user_id from profiles where ${where} order by ${ORDER[query.sort]} limit ${limit} offset ${offset})
         order by ${ORDER[query.sort]}`,
      count: sql<{ total: number }>`select count(*)::int as total from profiles where ${where}`,
    };
  }
  return {
    page: sql<SummaryRow & { total?: number }>`
      with matches as materialized (select ${COLUMNS}, created_at from profiles where ${where})
      select page.*, counted.total
        from (select count(*)::int as total from matches) counted
        left join lateral (select ${COLUMNS} from matches order by ${ORDER[query.sort]} limit ${limit} offset ${offset}) page on true`,
    count: null,
  };
}

/** The plan of a directory query's main statement, with listDirectory's planner settings (benchmark, tests). */
export async function explainDirectory(db: Database, query: DirectoryQuery, analyze = false): Promise<string[]> {
  const { page } = directoryStatement(query);
  const { rows } = await withDirectoryPlan(db, (tx) =>
    (analyze
      ? sql<{ "QUERY PLAN": string }>`explain (analyze, costs off, timing off, summary off) ${page}`
      : sql<{ "QUERY PLAN": string }>`explain (costs off) ${page}`
    ).execute(tx),
  );
  return rows.map((row) => row["QUERY PLAN"]);
}

/** One page of the directory, its total and page count (a page past the end shows the last one). */
export async function listDirectory(db: Database, query: DirectoryQuery): Promise<DirectoryResult> {
  return withDirectoryPlan(db, async (tx) => {
    const first = await queryDirectory(tx, query);
    const pageCount = Math.max(1, Math.ceil(first.total / DIRECTORY_PAGE_SIZE));
    const page = Math.min(query.page, pageCount);
    const rows = page === query.page ? first.rows : (await queryDirectory(tx, { ...query, page })).rows;
    return { members: rows.map(toSummary), total: first.total, page, pageCount };
  });
}

/**
 * The featured members matching the directory's filters, most recently
 * featured first (ADR 0081): shown before everyone else on the first page.
 * A handful of rows, found by profiles_featured_idx (partial on featured and
 * listed profiles).
 */
export async function listFeaturedMembers(db: Database, query: DirectoryQuery): Promise<MemberSummary[]> {
  const { rows } = await sql<SummaryRow>`
    select ${COLUMNS} from profiles
     where ${directoryConditions(query)} and featured_at is not null
     order by featured_at desc, user_id
     limit ${DIRECTORY_FEATURED_MAX}`.execute(db);
  return rows.map(toSummary);
}

/** Kept for callers of the first directory (skill and page only). */
export async function listPublicMembers(db: Database, query: Partial<DirectoryQuery> & { skill: Skill | null; page: number }) {
  return listDirectory(db, { q: null, genre: null, location: null, sort: DIRECTORY_DEFAULT_SORT, ...query });
}

export interface GenreOption {
  value: string;
  count: number;
}

/** How long the genre menu is reused before it is counted again. */
const GENRE_MENU_TTL_MS = 60_000;
const genreMenus = new WeakMap<Database, { at: number; limit: number; options: Promise<GenreOption[]> }>();

/**
 * The genres listed members name most, for the genre filter. Genres are free
 * text, so the menu is built from what profiles say; a genre not offered
 * still works in the URL. Counting them reads every listed profile (tens of
 * milliseconds at 10,000 members), so the menu is kept for a minute per
 * database: a new genre shows in the menu within a minute, filtering by it
 * works at once.
 */
export async function listDirectoryGenres(db: Database, options: { limit?: number; fresh?: boolean } = {}): Promise<GenreOption[]> {
  const limit = options.limit ?? GENRE_OPTIONS_LIMIT;
  const cached = genreMenus.get(db);
  if (!options.fresh && cached && cached.limit === limit && Date.now() - cached.at < GENRE_MENU_TTL_MS) return cached.options;
  const counting = countGenres(db, limit);
  genreMenus.set(db, { at: Date.now(), limit, options: counting });
  // A failed count is not kept.
  counting.catch(() => genreMenus.delete(db));
  return counting;
}

async function countGenres(db: Database, limit: number): Promise<GenreOption[]> {
  const { rows } = await sql<{ value: string; count: number }>`
    select g as value, count(*)::int as count
      from profiles, unnest(genres) as g
     where ${LISTED}
     group by g
     order by count(*) desc, g
     limit ${limit}`.execute(db);
  return rows.map((row) => ({ value: row.value, count: Number(row.count) }));
}

// ---------------------------------------------------------------------------
// A member's page

const userIdSchema = z.string().uuid();

export function isUserId(value: string | null | undefined): value is string {
  return typeof value === "string" && userIdSchema.safeParse(value).success;
}

/** Only http(s) links with a host are shown (a stored javascript: or data: URL never becomes a link). */
export function safeLinks(value: unknown): MemberLink[] {
  const list = typeof value === "string" ? safeParse(value) : value;
  if (!Array.isArray(list)) return [];
  const links: MemberLink[] = [];
  for (const item of list) {
    if (!item || typeof item !== "object") continue;
    const { url, label } = item as { url?: unknown; label?: unknown };
    if (typeof url !== "string" || url.length > 2000) continue;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      continue;
    }
    if ((parsed.protocol !== "http:" && parsed.protocol !== "https:") || !parsed.hostname) continue;
    // Credentials in a link would only be there to mislead.
    if (parsed.username || parsed.password) continue;
    const text = typeof label === "string" ? label.replace(/\s+/g, " ").trim().slice(0, 100) : "";
    links.push({ label: text || parsed.hostname.replace(/^www\./, ""), url: parsed.toString() });
    if (links.length === PROFILE_LINKS_MAX) break;
  }
  return links;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export type ProfileAccess = "public" | "owner" | "admin";

/**
 * A member's page as the viewer may see it: a public profile for everyone; a
 * private one only for its owner and for admins (`access` says which, so the
 * page can say it is private). Null (404) for malformed or unknown ids, for
 * private profiles seen by anyone else, and for people without a member role:
 * an applicant has no member page, even for themselves.
 */
export async function getMemberPage(
  db: Database,
  userId: string,
  viewer: Pick<Viewer, "id" | "isAdmin"> | null,
): Promise<{ member: MemberProfile; access: ProfileAccess } | null> {
  if (!isUserId(userId)) return null;
  const row = await db
    .selectFrom("profiles")
    .where("user_id", "=", userId)
    .where("role", "is not", null)
    .select(["user_id", "display_name", "role", "location", "skills", "genres", "avatar_url", "bio", "links", "created_at", "public_profile"])
    .executeTakeFirst();
  if (!row || row.role === null) return null;
  const listed = row.public_profile && row.display_name !== null;
  const access: ProfileAccess | null = listed ? "public" : viewer?.id === row.user_id ? "owner" : viewer?.isAdmin ? "admin" : null;
  if (!access) return null;
  return {
    access,
    member: {
      ...toSummary({ ...row, role: row.role }),
      displayName: row.display_name ?? "Member",
      bio: row.bio,
      links: safeLinks(row.links),
      memberSince: new Date(row.created_at).toISOString(),
      publicProfile: listed,
    },
  };
}

/** A public profile, or null when the id is malformed, unknown, private or not a member's (what anyone may see). */
export async function getPublicMember(db: Database, userId: string): Promise<MemberProfile | null> {
  const found = await getMemberPage(db, userId, null);
  return found?.member ?? null;
}

// ---------------------------------------------------------------------------
// Songs that credit a member

export interface CreditedSong extends Omit<SongSummary, "moods"> {
  /** How the member is credited on it, e.g. ["topliner", "writer"]. */
  memberRoles: CreditRole[];
}

/** Catalogue songs (never archived ones) that credit the member, newest first, with signed audio and artwork URLs. */
export async function listCreditedSongs(db: Database, store: StoragePort, memberId: string, limit = 50): Promise<CreditedSong[]> {
  if (!isUserId(memberId)) return [];
  const songs = await db
    .selectFrom("songs as s")
    .where("s.status", "=", "catalogue")
    .where((eb) => eb.exists(eb.selectFrom("song_credits as c").select(sql`1`.as("one")).whereRef("c.song_id", "=", "s.id").where("c.member_id", "=", memberId)))
    .select(["s.id", "s.title", "s.genre", "s.bpm", "s.musical_key", "s.duration_seconds", "s.featured", "s.audio_path", "s.artwork_path", "s.created_at"])
    .orderBy("s.created_at", "desc")
    .orderBy("s.id")
    .limit(limit)
    .execute();
  if (songs.length === 0) return [];
  const credits = await db
    .selectFrom("song_credits")
    .where(
      "song_id",
      "in",
      songs.map((s) => s.id),
    )
    .select(["song_id", "member_id", "name", "role", "split"])
    .orderBy("position")
    .orderBy("name")
    .execute();
  const creditsBySong = new Map<string, Credit[]>();
  for (const c of credits) {
    const list = creditsBySong.get(c.song_id) ?? [];
    list.push({ memberId: c.member_id, name: c.name, role: c.role, split: Number(c.split) });
    creditsBySong.set(c.song_id, list);
  }
  const withArtwork = songs.filter((s) => s.artwork_path);
  const [audioUrls, artworkUrls] = await Promise.all([
    store.createSignedUrls(AUDIO_BUCKET, songs.map((s) => s.audio_path), SIGNED_URL_TTL_S),
    store.createSignedUrls(ARTWORK_BUCKET, withArtwork.map((s) => s.artwork_path!), SIGNED_URL_TTL_S),
  ]);
  const artworkById = new Map(withArtwork.map((s, index) => [s.id, artworkUrls[index]]));
  return songs.map((s, index) => {
    const songCredits = creditsBySong.get(s.id) ?? [];
    return {
      id: s.id,
      title: s.title,
      artist: artistLine(songCredits),
      genre: s.genre,
      bpm: s.bpm,
      musicalKey: s.musical_key,
      durationSeconds: Number(s.duration_seconds),
      featured: s.featured,
      artworkUrl: artworkById.get(s.id) ?? null,
      audioUrl: audioUrls[index],
      memberRoles: [...new Set(songCredits.filter((c) => c.memberId === memberId).map((c) => c.role))],
    };
  });
}
