/**
 * The catalogue's server functions: search, one song, the /search page, and
 * signed URLs for a song's files. Callers pass the database (db() in routes,
 * a test database in tests); storage comes from the runtime unless given.
 */
import { sql, type RawBuilder } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import { storage } from "~/platform/storage/index.server";
import type { StoragePort } from "~/platform/storage/port";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import { ARTWORK_BUCKET, AUDIO_BUCKET, CATALOG_PAGE_SIZE, EVERYTHING_LIMIT, FUZZY_FALLBACK_BELOW } from "./constants";
import { artistLine, isWriterRole } from "./credits";
import { CATALOG_FACETS, emptyFacets, hasAnyFacet, type FacetSet } from "./facets";
import { catalogQuerySchema, catalogQuerySchemaFor } from "./query-schema";
import { catalogRevision, readCached, writeCached } from "./search-cache.server";
import { compileSearch, findCorrections, searchWithText, searchWithoutText, textMatch, withSearchPlan, type CompiledSearch, type PageRow, type SearchRows, type TextMatch } from "./search.server";
import type { CatalogQuery, CatalogResult, Credit, EverythingResult, MemberHit, Song, SongSummary } from "./types";

export interface CatalogOptions {
  /** Adapter used to sign the page's audio and artwork URLs (default: the runtime's). */
  storage?: StoragePort;
  /** Leave out facets (the /search page does not show them). */
  facets?: boolean;
  /** Use the per-revision result cache (default true; benches measure with it off too). */
  cache?: boolean;
  /** The facets to read, filter and count (default: the catalogue's, facets.ts; tests declare others). */
  facetSet?: FacetSet;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isSongId(value: string | undefined | null): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** Normalises a query the way the GET form does (defaults, limits). */
function normalise(query: CatalogQuery, set: FacetSet) {
  const asStrings: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) asStrings[key] = String(value);
  return (set === CATALOG_FACETS ? catalogQuerySchema : catalogQuerySchemaFor(set)).parse(asStrings);
}

/** The public catalogue: archived songs never appear. */
export async function searchCatalog(db: Database, input: CatalogQuery, options: CatalogOptions = {}): Promise<CatalogResult> {
  const set = options.facetSet ?? CATALOG_FACETS;
  const query = normalise(input, set);
  const withFacets = options.facets ?? true;
  const useCache = options.cache ?? true;
  // Another facet set (tests) reads the same query differently.
  const cacheKey = JSON.stringify([query, withFacets, set === CATALOG_FACETS ? null : set.all.map((facet) => facet.name)]);
  // Read before computing: a write that lands meanwhile raises the revision, and the entry is never used.
  const revision = useCache ? await catalogRevision(db) : -1;
  let result = useCache ? readCached(db, cacheKey, revision) : undefined;
  if (!result) {
    result = await computeSearch(db, query, withFacets, set);
    if (useCache) writeCached(db, cacheKey, revision, result);
  }
  return {
    songs: await summaries(result.rows, options.storage),
    total: result.total,
    page: result.page,
    pageSize: query.pageSize,
    pageCount: result.pageCount,
    facets: withFacets ? result.facets : emptyFacets(set),
    fuzzy: result.fuzzy,
  };
}

async function computeSearch(db: Database, query: ReturnType<typeof normalise>, withFacets: boolean, set: FacetSet) {
  const compiled = await compileSearch(db, query.search);
  const run = async (database: Database, match: TextMatch | null, page: number): Promise<SearchRows> => {
    const pageOptions = { sort: query.sort, limit: query.pageSize, offset: (page - 1) * query.pageSize, facets: withFacets, facetSet: set };
    return match ? searchWithText(database, match, query, pageOptions) : searchWithoutText(database, query, pageOptions);
  };
  /** Runs a match, asking again for the last page when the requested one lies past the end. */
  const runClamped = async (database: Database, match: TextMatch | null) => {
    const first = await run(database, match, query.page);
    const pageCount = Math.max(1, Math.ceil(first.total / query.pageSize));
    if (query.page <= pageCount) return { ...first, page: query.page, pageCount, fuzzy: Boolean(match?.fuzzy) };
    return { ...(await run(database, match, pageCount)), page: pageCount, pageCount, fuzzy: Boolean(match?.fuzzy) };
  };

  const exact = textMatch(compiled);
  let result = await runExact(exact);

  if (compiled && result.total < FUZZY_FALLBACK_BELOW) {
    // Few exact matches: let each word also be a title or name word spelt like it (typo tolerance).
    const widened = await withSearchPlan(db, true, async (tx) => {
      const match = textMatch(compiled, await findCorrections(tx, compiled));
      return match ? runClamped(tx, match) : null;
    });
    // Typo-tolerant matches include the exact ones, so they replace them when they find more; or
    // when neither passes the filters and only they have facets ("nigt" filtered to nothing):
    // those show where the spelt-alike songs are, so the filters can be changed.
    if (widened && (widened.total > result.total || (result.total === 0 && !hasAnyFacet(result.facets, set) && hasAnyFacet(widened.facets, set)))) result = widened;
  }
  return result;

  async function runExact(match: TextMatch | null) {
    if (!match) return runClamped(db, null);
    // A word that no word of the catalogue starts with matches nothing exactly.
    if (match.postings?.lexemes.length === 0) return { total: 0, facets: emptyFacets(set), rows: [], page: 1, pageCount: 1, fuzzy: false };
    // Postings are read by index-only scans, which plan well as they are; the GIN paths need
    // withSearchPlan's settings, as do excluded phrases (checked on songs' GIN index).
    // A writer filter takes the GIN path (searchWithText), planned with those settings too.
    if (match.postings && !match.postings.negativePhrases && !query.writer) return runClamped(db, match);
    return withSearchPlan(db, false, (tx) => runClamped(tx, match));
  }
  return result;
}

async function summaries(rows: PageRow[], store: StoragePort | undefined): Promise<SongSummary[]> {
  if (rows.length === 0) return [];
  const adapter = store ?? storage();
  const withArtwork = rows.filter((row) => row.artwork_path);
  const [audioUrls, artworkUrls] = await Promise.all([
    adapter.createSignedUrls(AUDIO_BUCKET, rows.map((row) => row.audio_path), SIGNED_URL_TTL_S),
    adapter.createSignedUrls(ARTWORK_BUCKET, withArtwork.map((row) => row.artwork_path!), SIGNED_URL_TTL_S),
  ]);
  const artworkById = new Map(withArtwork.map((row, index) => [row.id, artworkUrls[index]]));
  return rows.map((row, index) => ({
    id: row.id,
    title: row.title,
    artist: row.artists || row.writers || "",
    genre: row.genre,
    moods: row.moods,
    bpm: row.bpm,
    musicalKey: row.musical_key,
    durationSeconds: Number(row.duration_seconds),
    featured: row.featured,
    artworkUrl: artworkById.get(row.id) ?? null,
    audioUrl: audioUrls[index],
  }));
}

function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** One song with its credits, archived or not (the route decides who may see it); null when unknown. */
export async function getSong(db: Database, id: string): Promise<Song | null> {
  if (!isSongId(id)) return null;
  const row = await db.selectFrom("songs").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const creditRows = await db
    .selectFrom("song_credits")
    .select(["member_id", "name", "role", "split"])
    .where("song_id", "=", id)
    .orderBy("position")
    .orderBy("name")
    .execute();
  const credits: Credit[] = creditRows.map((c) => ({ memberId: c.member_id, name: c.name, role: c.role, split: Number(c.split) }));
  const peaks = typeof row.peaks === "string" ? (JSON.parse(row.peaks) as number[]) : row.peaks;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug ?? undefined,
    writers: credits.filter((c) => isWriterRole(c.role)),
    producers: credits.filter((c) => c.role === "producer"),
    credits,
    genre: row.genre,
    moods: row.moods,
    bpm: row.bpm,
    musicalKey: row.musical_key,
    vocalType: row.vocal_type,
    explicit: row.explicit,
    durationSeconds: Number(row.duration_seconds),
    lyrics: row.lyrics,
    audioPath: row.audio_path,
    artworkPath: row.artwork_path,
    status: row.status,
    featured: row.featured,
    peaks,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** The artist line of a full song (same rule as the lists). */
export function songArtist(song: Pick<Song, "credits">): string {
  return artistLine(song.credits);
}

/** A fresh signed URL of the song's audio (SPEC §7: valid 3600 s). */
export async function signedAudioUrl(song: Pick<Song, "audioPath">, store: StoragePort = storage()): Promise<string> {
  return store.createSignedUrl(AUDIO_BUCKET, song.audioPath, SIGNED_URL_TTL_S);
}

/** A signed URL of the song's artwork, or null when it has none. */
export async function signedArtworkUrl(song: Pick<Song, "artworkPath">, store: StoragePort = storage()): Promise<string | null> {
  return song.artworkPath ? store.createSignedUrl(ARTWORK_BUCKET, song.artworkPath, SIGNED_URL_TTL_S) : null;
}

/** The audio of a song the public may play: in the catalogue (not archived). */
export async function playableSongAudio(db: Database, id: string): Promise<{ id: string; audioPath: string; status: Song["status"] } | null> {
  if (!isSongId(id)) return null;
  const row = await db.selectFrom("songs").select(["id", "audio_path", "status"]).where("id", "=", id).executeTakeFirst();
  return row ? { id: row.id, audioPath: row.audio_path, status: row.status } : null;
}

/**
 * /search: songs (the catalogue engine) and members with a public profile,
 * matched with the same parsed query on name, skills, genres and location,
 * with the same typo tolerance on display names.
 */
export async function searchEverything(db: Database, q: string, limit: number = EVERYTHING_LIMIT, options: CatalogOptions = {}): Promise<EverythingResult> {
  const compiled = await compileSearch(db, q);
  if (!compiled) return { songs: [], members: [] };
  const [catalog, members] = await Promise.all([
    searchCatalog(db, { search: q, pageSize: Math.min(limit, CATALOG_PAGE_SIZE * 4), sort: "relevance" }, { ...options, facets: false }),
    searchMembers(db, compiled, limit),
  ]);
  return { songs: catalog.songs, members };
}

async function searchMembers(db: Database, compiled: CompiledSearch, limit: number): Promise<MemberHit[]> {
  const document = sql`(
    setweight(to_tsvector('english'::regconfig, coalesce(p.display_name, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, array_to_string(p.skills, ' ') || ' ' || array_to_string(p.genres, ' ')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(p.location, '')), 'C'))`;
  const matches = (query: string) => sql`${document} @@ ${query}::tsquery`;
  const text = compiled.fuzzyText;
  const similar = text ? sql`${text} <% coalesce(p.display_name, '')` : null;
  const conditions: RawBuilder<unknown>[] = [];
  // As for songs: phrases exactly, bare words exactly or spelt like the name, exclusions never.
  if (compiled.phrases) conditions.push(matches(compiled.phrases));
  if (compiled.terms && similar) conditions.push(sql`(${matches(compiled.terms)} or ${similar})`);
  else if (compiled.terms ?? similar) conditions.push(compiled.terms ? matches(compiled.terms) : similar!);
  if (compiled.negative) conditions.push(sql`not (${matches(compiled.negative)})`);
  if (conditions.length === 0) return [];
  const rank = sql`${compiled.positive ? sql`(case when ${matches(compiled.positive)} then 1 + ts_rank(${document}, ${compiled.positive}::tsquery) else 0 end)` : sql`0`}
    + ${text ? sql`word_similarity(${text}, coalesce(p.display_name, ''))` : sql`0`}`;
  const { rows } = await withSearchPlan(db, true, (tx) =>
    sql<{ user_id: string; display_name: string | null; skills: string[]; location: string | null }>`
      select p.user_id, p.display_name, p.skills, p.location
      from profiles p
      where p.public_profile and p.role is not null and ${sql.join(conditions, sql` and `)}
      order by ${rank} desc, p.display_name asc
      limit ${limit}`.execute(tx),
  );
  return rows.map((row) => ({
    userId: row.user_id,
    displayName: row.display_name ?? "Member",
    skills: row.skills,
    location: row.location,
  }));
}
