/**
 * The camp review (issue 13 §5, docs/decisions/0091-split-sheets-become-credits.md):
 * after a camp (and while it runs), per day and session, who was there and
 * the songs they wrote with where each song is now, and the camp's totals.
 *
 * A camp song's status (`campSongStatus`), from the furthest it got:
 *   demo       no live submission (none, or only declined / withdrawn ones)
 *   submitted  a pending submission
 *   catalogue  accepted: a song with songs.camp_song_id (or an accepted submission's song)
 *   pitched    that catalogue song is on an A&R shortlist, was held (a hold that was
 *              granted, whether still running, expired or released since), or answered
 *              a brief (itself, or through the submission it came from)
 * Everything is read in a fixed number of queries, whatever the camp's size.
 *
 * Who may read it: admins, and the camp's accepted participants. Anyone else
 * gets null (the route answers 404, as for an unknown camp: it never says
 * that a camp exists). Names only: no one's e-mail or phone is read here.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Viewer } from "~/auth/viewer";
import type { CampRole, DB } from "~/platform/db/schema";
import { sessionGroups, type SessionPerson } from "./sessions.server";
import { campPhase, shortTime, type CampPhase } from "./time";
import { CAMP_SONG_STATUSES, type CampSongStatus } from "./review-text";
import { campsTakenPartIn } from "./participants.server";

export { CAMP_SONG_STATUSES, type CampSongStatus };

type Executor = Kysely<DB> | Transaction<DB>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isCampUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

export interface CampSongOutcome {
  status: CampSongStatus;
  /** The catalogue song it became (status catalogue or pitched). */
  songId: string | null;
  /** Whether that song is in the public catalogue now (not archived): the review links it only then. */
  songLive: boolean;
  /** The live submission (pending or accepted), if any. */
  submissionId: string | null;
}

const DEMO: CampSongOutcome = { status: "demo", songId: null, songLive: false, submissionId: null };

/** The statuses of camp songs, by id (unknown ids are 'demo'). Four queries whatever the count. */
export async function campSongStatuses(db: Executor, campSongIds: readonly string[]): Promise<Map<string, CampSongOutcome>> {
  const ids = [...new Set(campSongIds.filter(isCampUuid))];
  const outcomes = new Map<string, CampSongOutcome>(ids.map((id) => [id, { ...DEMO }]));
  if (ids.length === 0) return outcomes;
  const [submissions, songs] = await Promise.all([
    db
      .selectFrom("submissions")
      .select(["id", "camp_song_id", "status", "song_id"])
      .where("camp_song_id", "in", ids)
      .where("status", "in", ["pending", "accepted"])
      .orderBy("created_at")
      .execute(),
    db.selectFrom("songs").select(["id", "camp_song_id", "status"]).where("camp_song_id", "in", ids).orderBy("created_at").execute(),
  ]);
  const songStatus = new Map<string, string>(songs.map((song) => [song.id, song.status]));
  for (const row of submissions) {
    const outcome = outcomes.get(row.camp_song_id!)!;
    outcome.submissionId = row.id;
    if (row.status === "pending" && outcome.status === "demo") outcome.status = "submitted";
    if (row.status === "accepted" && row.song_id) {
      outcome.status = "catalogue";
      outcome.songId = row.song_id;
    }
  }
  for (const song of songs) {
    const outcome = outcomes.get(song.camp_song_id!)!;
    outcome.status = "catalogue";
    outcome.songId = song.id;
  }
  const songIds = [...outcomes.values()].flatMap((o) => (o.songId ? [o.songId] : []));
  if (songIds.length > 0) {
    const missing = songIds.filter((id) => !songStatus.has(id));
    if (missing.length > 0) {
      const more = await db.selectFrom("songs").select(["id", "status"]).where("id", "in", missing).execute();
      for (const song of more) songStatus.set(song.id, song.status);
    }
    const pitched = await sql<{ id: string }>`
      select s.id from public.songs s
       where s.id = any(${songIds}::uuid[])
         and (exists (select 1 from public.shortlist_items i where i.song_id = s.id)
           or exists (select 1 from public.song_holds h
                       where h.song_id = s.id
                         and (h.status in ('granted', 'expired') or (h.status = 'released' and h.decided_at is not null)))
           or exists (select 1 from public.brief_answers a
                       where a.song_id = s.id
                          or a.submission_id in (select sub.id from public.submissions sub where sub.song_id = s.id)))
    `.execute(db);
    const pitchedIds = new Set(pitched.rows.map((row) => row.id));
    for (const outcome of outcomes.values()) {
      if (!outcome.songId) continue;
      outcome.songLive = songStatus.get(outcome.songId) === "catalogue";
      if (pitchedIds.has(outcome.songId)) outcome.status = "pitched";
    }
  }
  return outcomes;
}

/** One camp song's status (see the module comment). */
export async function campSongStatus(db: Executor, campSongId: string): Promise<CampSongOutcome> {
  return (await campSongStatuses(db, [campSongId])).get(campSongId) ?? { ...DEMO };
}

export interface ReviewCamp {
  id: string;
  name: string;
  venue: string;
  timeZone: string;
  startsOn: string;
  endsOn: string;
  phase: CampPhase;
}

/**
 * The camp when the viewer may read its review: admins, and the camp's
 * accepted participants. Null otherwise (unknown, malformed, or not theirs).
 */
export async function reviewableCamp(db: Executor, campId: string, viewer: Pick<Viewer, "id" | "isAdmin">, now = new Date()): Promise<ReviewCamp | null> {
  if (!isCampUuid(campId)) return null;
  let query = db
    .selectFrom("camps as c")
    .select(["c.id", "c.name", "c.venue", "c.time_zone", "c.starts_on", "c.ends_on"])
    .where("c.id", "=", campId);
  if (!viewer.isAdmin) query = query.where("c.id", "in", campsTakenPartIn(db, viewer.id));
  const camp = await query.executeTakeFirst();
  if (!camp) return null;
  return {
    id: camp.id,
    name: camp.name,
    venue: camp.venue,
    timeZone: camp.time_zone,
    startsOn: camp.starts_on,
    endsOn: camp.ends_on,
    phase: campPhase(camp, now),
  };
}

export interface ReviewSong {
  id: string;
  workingTitle: string;
  status: CampSongStatus;
  songId: string | null;
  songLive: boolean;
  sheet: "complete" | "incomplete" | "empty";
}

export interface ReviewSession {
  id: string;
  day: string;
  startsAt: string;
  endsAt: string;
  roomName: string;
  group: { memberId: string; displayName: string; campRole: CampRole }[];
  songs: ReviewSong[];
}

export interface ReviewTotals {
  sessionsHeld: number;
  songsWritten: number;
  /** Songs written per session held, to one decimal (0 when no session was held). */
  songsPerSession: number;
  completeSheets: number;
  /** Songs submitted for the catalogue: submitted, in the catalogue or pitched. */
  submitted: number;
  /** In the catalogue or pitched. */
  catalogue: number;
  pitched: number;
  /** Accepted invitations. */
  participants: number;
}

export interface CampReview {
  camp: ReviewCamp;
  /** Days with at least one session held or one song, in order, each with those sessions in time and room order. */
  days: { day: string; sessions: ReviewSession[] }[];
  totals: ReviewTotals;
}

/** The camp's review (see the module comment); null for an unknown camp. Access is the caller's (reviewableCamp). */
export async function campReview(db: Executor, campId: string, now = new Date()): Promise<CampReview | null> {
  const camp = await reviewableCamp(db, campId, { id: "", isAdmin: true }, now);
  if (!camp) return null;
  const [sessionRows, songRows, sheetRows, participants] = await Promise.all([
    db
      .selectFrom("camp_sessions as s")
      .innerJoin("camp_rooms as r", "r.id", "s.room_id")
      .innerJoin("camp_slots as sl", "sl.id", "s.slot_id")
      .select(["s.id", "s.day", "sl.starts_at", "sl.ends_at", "r.name as room_name"])
      .where("s.camp_id", "=", campId)
      .orderBy("s.day")
      .orderBy("sl.starts_at")
      .orderBy("r.position")
      .orderBy("r.name")
      .execute(),
    db
      .selectFrom("camp_songs")
      .select(["id", "session_id", "working_title"])
      .where("camp_id", "=", campId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("camp_split_shares as sh")
      .innerJoin("camp_songs as cs", "cs.id", "sh.camp_song_id")
      .select([
        "sh.camp_song_id",
        sql<number>`count(*)::int`.as("rows"),
        sql<number>`count(sh.confirmed_at)::int`.as("confirmed"),
        sql<boolean>`sum(sh.share) = 100`.as("sums_to_100"),
      ])
      .where("cs.camp_id", "=", campId)
      .groupBy("sh.camp_song_id")
      .execute(),
    db
      .selectFrom("camp_invitations")
      .select(sql<number>`count(*)::int`.as("count"))
      .where("camp_id", "=", campId)
      .where("status", "=", "accepted")
      .executeTakeFirstOrThrow(),
  ]);
  const [groups, statuses] = await Promise.all([
    sessionGroups(db, sessionRows.map((s) => s.id)),
    campSongStatuses(
      db,
      songRows.map((s) => s.id),
    ),
  ]);
  const sheets = new Map(sheetRows.map((row) => [row.camp_song_id, row]));
  const songsBySession = new Map<string, ReviewSong[]>();
  for (const row of songRows) {
    const sheet = sheets.get(row.id);
    const outcome = statuses.get(row.id)!;
    const list = songsBySession.get(row.session_id) ?? [];
    list.push({
      id: row.id,
      workingTitle: row.working_title,
      status: outcome.status,
      songId: outcome.songId,
      songLive: outcome.songLive,
      sheet: !sheet || Number(sheet.rows) === 0 ? "empty" : Number(sheet.confirmed) === Number(sheet.rows) && sheet.sums_to_100 ? "complete" : "incomplete",
    });
    songsBySession.set(row.session_id, list);
  }
  const days: CampReview["days"] = [];
  let sessionsHeld = 0;
  for (const row of sessionRows) {
    const group: SessionPerson[] = groups.get(row.id) ?? [];
    const songs = songsBySession.get(row.id) ?? [];
    if (group.length > 0) sessionsHeld++;
    if (group.length === 0 && songs.length === 0) continue;
    let day = days[days.length - 1];
    if (!day || day.day !== row.day) {
      day = { day: row.day, sessions: [] };
      days.push(day);
    }
    day.sessions.push({
      id: row.id,
      day: row.day,
      startsAt: shortTime(row.starts_at),
      endsAt: shortTime(row.ends_at),
      roomName: row.room_name,
      group: group.map((p) => ({ memberId: p.memberId, displayName: p.displayName, campRole: p.campRole })),
      songs,
    });
  }
  const all = days.flatMap((d) => d.sessions.flatMap((s) => s.songs));
  const count = (statusesCounted: CampSongStatus[]) => all.filter((song) => statusesCounted.includes(song.status)).length;
  const songsWritten = all.length;
  return {
    camp,
    days,
    totals: {
      sessionsHeld,
      songsWritten,
      songsPerSession: sessionsHeld === 0 ? 0 : Math.round((songsWritten / sessionsHeld) * 10) / 10,
      completeSheets: all.filter((song) => song.sheet === "complete").length,
      submitted: count(["submitted", "catalogue", "pitched"]),
      catalogue: count(["catalogue", "pitched"]),
      pitched: count(["pitched"]),
      participants: Number(participants.count),
    },
  };
}

/**
 * What both review pages load (admins' and participants'): the camp, and its review once the
 * camp has started (null before). Throws a 404 Response when the viewer may not read it.
 */
export async function loadCampReviewPage(db: Executor, campId: string, viewer: Pick<Viewer, "id" | "isAdmin">) {
  const camp = await reviewableCamp(db, campId, viewer);
  if (!camp) throw new Response(null, { status: 404 });
  if (camp.phase === "upcoming") return { camp, review: null };
  const review = await campReview(db, camp.id);
  if (!review) throw new Response(null, { status: 404 });
  return { camp, review: { days: review.days, totals: review.totals } };
}
