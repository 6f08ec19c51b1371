/**
 * Curating the members' showcase tracks (/admin/showcase, issue 12 §3,
 * docs/decisions/0081-member-featuring-and-showcase-curation.md).
 *
 *  - The landing page shows the tracks with a landing_position, in its order
 *    (1 first), at most LANDING_TRACKS_MAX, of members whose profile is public.
 *  - Every change to that list (feature, take off, reorder, hide, a membership
 *    ending) runs in one transaction that first takes the landing lock
 *    (public.showcase_landing_lock, an advisory transaction lock), so two
 *    admins acting at once are serialised, and ends by renumbering the list
 *    1..n in one statement (the unique constraint on landing_position is
 *    deferrable, checked at the statement's end, so renumbering never
 *    collides with itself).
 *  - A hidden track (hidden_at) is out of the public profile, the landing
 *    page and every listing; the database refuses a hidden track with a
 *    landing position.
 *  - Each action records one audit entry in the same transaction.
 */
import { sql, type Kysely, type SqlBool } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { recordAdminAction } from "~/audit/audit.server";
import type { Database } from "~/platform/db/connect.server";
import type { DB } from "~/platform/db/schema";
import type { StoragePort } from "~/platform/storage/port";
import { signObjects } from "~/platform/storage/sign-many";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import { escapeLike } from "~/members/members.server";
import { isTrackId } from "~/showcase/showcase.server";
import { ADMIN_SHOWCASE_PAGE_SIZE, LANDING_TRACKS_MAX, type ShowcaseFilter } from "./members-showcase-text";
import type { AdminShowcaseQuery } from "./members-showcase-query";

export { parseShowcaseQuery, showcaseSearch, type AdminShowcaseQuery } from "./members-showcase-query";

type Executor = Kysely<DB>;
type Actor = Pick<Viewer, "id" | "displayName">;

export interface AdminShowcaseRow {
  id: string;
  title: string;
  durationSeconds: number;
  /** A signed URL of the audio (admins may play any track, hidden ones included). */
  url: string;
  memberId: string;
  memberName: string;
  /** The member's profile is in the directory (public, a member, with a name): only then can visitors see the track. */
  listed: boolean;
  isMember: boolean;
  landingPosition: number | null;
  hiddenAt: string | null;
  hiddenByName: string | null;
  createdAt: string;
}

const LISTED = sql<SqlBool>`p.public_profile and p.role is not null and p.display_name is not null`;

function rowsQuery(db: Executor) {
  return db
    .selectFrom("showcase_tracks as t")
    .innerJoin("profiles as p", "p.user_id", "t.user_id")
    .leftJoin("profiles as h", "h.user_id", "t.hidden_by")
    .select([
      "t.id",
      "t.title",
      "t.duration_seconds",
      "t.audio_bucket",
      "t.audio_path",
      "t.user_id",
      "t.landing_position",
      "t.hidden_at",
      "t.created_at",
      "p.display_name",
      "p.role",
      LISTED.as("listed"),
      "h.display_name as hidden_by_name",
    ]);
}

type RawRow = Awaited<ReturnType<ReturnType<typeof rowsQuery>["execute"]>>[number];

async function toRows(storage: StoragePort, rows: RawRow[]): Promise<AdminShowcaseRow[]> {
  if (rows.length === 0) return [];
  const urlOf = await signObjects(storage, rows.map((row) => ({ bucket: row.audio_bucket, path: row.audio_path })), SIGNED_URL_TTL_S);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    durationSeconds: Number(row.duration_seconds),
    url: urlOf({ bucket: row.audio_bucket, path: row.audio_path }),
    memberId: row.user_id,
    memberName: row.display_name ?? "Member",
    listed: Boolean(row.listed),
    isMember: row.role !== null,
    landingPosition: row.landing_position === null ? null : Number(row.landing_position),
    hiddenAt: row.hidden_at ? new Date(row.hidden_at).toISOString() : null,
    hiddenByName: row.hidden_by_name ?? null,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** The landing page's list as admins curate it (every track with a position, in order, visible to the public or not). */
export async function listLandingQueue(db: Executor, storage: StoragePort): Promise<AdminShowcaseRow[]> {
  const rows = await rowsQuery(db).where("t.landing_position", "is not", null).orderBy("t.landing_position").execute();
  return toRows(storage, rows);
}

export interface AdminShowcaseList {
  rows: AdminShowcaseRow[];
  total: number;
  page: number;
  pageCount: number;
  counts: Record<ShowcaseFilter, number>;
}

/** One page of every member's tracks, searched by title or member name and filtered. */
export async function listAdminShowcase(db: Executor, storage: StoragePort, query: AdminShowcaseQuery): Promise<AdminShowcaseList> {
  const search = query.q ? `%${escapeLike(query.q.toLowerCase())}%` : null;
  const matches = search ? sql<SqlBool>`(lower(t.title) like ${search} or lower(p.display_name) like ${search})` : sql<SqlBool>`true`;
  const countsRow = await db
    .selectFrom("showcase_tracks as t")
    .innerJoin("profiles as p", "p.user_id", "t.user_id")
    .where(matches)
    .select([
      sql<number>`count(*)::int`.as("all"),
      sql<number>`(count(*) filter (where t.landing_position is not null))::int`.as("landing"),
      sql<number>`(count(*) filter (where t.hidden_at is not null))::int`.as("hidden"),
    ])
    .executeTakeFirstOrThrow();
  const counts = { all: Number(countsRow.all), landing: Number(countsRow.landing), hidden: Number(countsRow.hidden) };
  const total = counts[query.filter];
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_SHOWCASE_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  let rows = rowsQuery(db).where(matches);
  if (query.filter === "landing") rows = rows.where("t.landing_position", "is not", null).orderBy("t.landing_position");
  else if (query.filter === "hidden") rows = rows.where("t.hidden_at", "is not", null).orderBy("t.hidden_at", "desc").orderBy("t.id");
  else rows = rows.orderBy("t.created_at", "desc").orderBy("t.id");
  const found = await rows.limit(ADMIN_SHOWCASE_PAGE_SIZE).offset((page - 1) * ADMIN_SHOWCASE_PAGE_SIZE).execute();
  return { rows: await toRows(storage, found), total, page, pageCount, counts };
}

// ---------------------------------------------------------------------------
// Actions

export type CurationRefusal =
  | "not-found"
  | "already-on-landing"
  | "not-on-landing"
  | "landing-full"
  | "hidden"
  | "private"
  | "not-member"
  | "already-hidden"
  | "not-hidden"
  | "order-stale";

/** An action refused: the page says why (409, or 404 for "not-found"). */
export class CurationError extends Error {
  constructor(
    readonly reason: CurationRefusal,
    readonly track: { title: string; memberName: string } | null = null,
  ) {
    super(reason);
    this.name = "CurationError";
  }
}

async function lockLanding(tx: Executor) {
  await sql`select public.showcase_landing_lock()`.execute(tx);
}

/** Closes the landing list's gaps (a member deleted a featured track): 1..n in the current order, one statement. */
export async function renumberLanding(tx: Executor): Promise<void> {
  await sql`
    update showcase_tracks t set landing_position = r.n
      from (select id, row_number() over (order by landing_position, id)::smallint as n
              from showcase_tracks where landing_position is not null) r
     where t.id = r.id and t.landing_position <> r.n`.execute(tx);
}

async function landingOrder(tx: Executor): Promise<{ id: string; title: string }[]> {
  return tx.selectFrom("showcase_tracks").select(["id", "title"]).where("landing_position", "is not", null).orderBy("landing_position").orderBy("id").execute();
}

/** The track with its member, its row locked until the transaction ends; null when unknown. */
async function lockedTrack(tx: Executor, trackId: string) {
  if (!isTrackId(trackId)) return null;
  const row = await tx
    .selectFrom("showcase_tracks as t")
    .leftJoin("profiles as p", "p.user_id", "t.user_id")
    .select(["t.id", "t.title", "t.user_id", "t.landing_position", "t.hidden_at", "p.display_name", "p.role", LISTED.as("listed")])
    .where("t.id", "=", trackId)
    .forUpdate("t")
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, memberName: row.display_name ?? "Member", listed: Boolean(row.listed) };
}

const labelOf = (track: { title: string; memberName: string }) => `"${track.title}" by ${track.memberName}`;

export interface CurationResult {
  title: string;
  memberName: string;
}

/** Puts a track last on the landing page. */
export async function featureOnLanding(db: Database, actor: Actor, trackId: string): Promise<CurationResult & { position: number }> {
  return db.transaction().execute(async (tx) => {
    await lockLanding(tx);
    const track = await lockedTrack(tx, trackId);
    if (!track) throw new CurationError("not-found");
    if (track.role === null) throw new CurationError("not-member", track);
    if (track.hidden_at !== null) throw new CurationError("hidden", track);
    if (!track.listed) throw new CurationError("private", track);
    if (track.landing_position !== null) throw new CurationError("already-on-landing", track);
    await renumberLanding(tx);
    const order = await landingOrder(tx);
    if (order.length >= LANDING_TRACKS_MAX) throw new CurationError("landing-full", track);
    const position = order.length + 1;
    await tx.updateTable("showcase_tracks").set({ landing_position: position }).where("id", "=", track.id).execute();
    await recordAdminAction(tx, {
      actor,
      action: "showcase.featured",
      target: { type: "showcase_track", id: track.id, label: labelOf(track) },
      before: { landingPosition: null },
      after: { landingPosition: position },
    });
    return { title: track.title, memberName: track.memberName, position };
  });
}

/** Takes a track off the landing page; the ones after it move up. */
export async function takeOffLanding(db: Database, actor: Actor, trackId: string): Promise<CurationResult> {
  return db.transaction().execute(async (tx) => {
    await lockLanding(tx);
    const track = await lockedTrack(tx, trackId);
    if (!track) throw new CurationError("not-found");
    if (track.landing_position === null) throw new CurationError("not-on-landing", track);
    await tx.updateTable("showcase_tracks").set({ landing_position: null }).where("id", "=", track.id).execute();
    await renumberLanding(tx);
    await recordAdminAction(tx, {
      actor,
      action: "showcase.unfeatured",
      target: { type: "showcase_track", id: track.id, label: labelOf(track) },
      before: { landingPosition: Number(track.landing_position) },
      after: { landingPosition: null },
    });
    return { title: track.title, memberName: track.memberName };
  });
}

/**
 * Sets the landing page's order: `order` must list exactly the tracks on it
 * now, each once (the form sends the whole list as the admin saw it, moved).
 * A list that names another set of tracks (someone changed the page
 * meanwhile, or a forged one) is refused with "order-stale" and changes
 * nothing.
 */
export async function reorderLanding(db: Database, actor: Actor, order: readonly string[]): Promise<{ changed: boolean }> {
  return db.transaction().execute(async (tx) => {
    await lockLanding(tx);
    const current = await landingOrder(tx);
    const wanted = new Set(order);
    if (wanted.size !== order.length || order.length !== current.length || !current.every((track) => wanted.has(track.id))) {
      throw new CurationError("order-stale");
    }
    if (current.every((track, index) => track.id === order[index])) return { changed: false };
    await sql`update showcase_tracks set landing_position = array_position(${sql.val(order)}::uuid[], id)
               where landing_position is not null`.execute(tx);
    const titles = new Map(current.map((track) => [track.id, track.title]));
    await recordAdminAction(tx, {
      actor,
      action: "showcase.reordered",
      target: { type: "showcase_track", id: null, label: "The landing page" },
      before: { order: current.map((track) => ({ id: track.id, title: track.title })) },
      after: { order: order.map((id) => ({ id, title: titles.get(id) ?? "" })) },
    });
    return { changed: true };
  });
}

/** Hides a track: out of the public profile, the landing page (its place closes up) and every listing. */
export async function hideTrack(db: Database, actor: Actor, trackId: string): Promise<CurationResult> {
  return db.transaction().execute(async (tx) => {
    await lockLanding(tx);
    const track = await lockedTrack(tx, trackId);
    if (!track) throw new CurationError("not-found");
    if (track.hidden_at !== null) throw new CurationError("already-hidden", track);
    const hiddenAt = new Date();
    await tx.updateTable("showcase_tracks").set({ hidden_at: hiddenAt, hidden_by: actor.id, landing_position: null }).where("id", "=", track.id).execute();
    if (track.landing_position !== null) await renumberLanding(tx);
    await recordAdminAction(tx, {
      actor,
      action: "showcase.hidden",
      target: { type: "showcase_track", id: track.id, label: labelOf(track) },
      before: { hidden: false, landingPosition: track.landing_position === null ? null : Number(track.landing_position) },
      after: { hidden: true, hiddenAt, landingPosition: null },
    });
    return { title: track.title, memberName: track.memberName };
  });
}

/** Shows a hidden track again (on the profile; not back on the landing page: featuring it is a decision of its own). */
export async function unhideTrack(db: Database, actor: Actor, trackId: string): Promise<CurationResult> {
  return db.transaction().execute(async (tx) => {
    const track = await lockedTrack(tx, trackId);
    if (!track) throw new CurationError("not-found");
    if (track.hidden_at === null) throw new CurationError("not-hidden", track);
    await tx.updateTable("showcase_tracks").set({ hidden_at: null, hidden_by: null }).where("id", "=", track.id).execute();
    await recordAdminAction(tx, {
      actor,
      action: "showcase.unhidden",
      target: { type: "showcase_track", id: track.id, label: labelOf(track) },
      before: { hidden: true, hiddenAt: track.hidden_at },
      after: { hidden: false },
    });
    return { title: track.title, memberName: track.memberName };
  });
}

/**
 * Inside a transaction that ends a membership: takes the member's tracks off
 * the landing page (under the landing lock) and closes the gaps. Answers the
 * titles taken off, for the audit entry.
 */
export async function takeMemberOffLanding(tx: Executor, userId: string): Promise<string[]> {
  await lockLanding(tx);
  const removed = await tx
    .updateTable("showcase_tracks")
    .set({ landing_position: null })
    .where("user_id", "=", userId)
    .where("landing_position", "is not", null)
    .returning(["title"])
    .execute();
  if (removed.length > 0) await renumberLanding(tx);
  return removed.map((row) => row.title);
}
