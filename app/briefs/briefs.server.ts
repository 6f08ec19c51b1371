/**
 * Briefs (ADR 0076): what the A&R pages and the members' pages read and
 * write. Every read names who is asking: an A&R reads only their own briefs
 * and answers (admins any), a member only their own answers and never the
 * A&R's e-mail address (the brief carries the company the A&R named).
 */
import { sql } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { isMember } from "~/auth/viewer";
import { AUDIO_BUCKET } from "~/catalog/constants";
import type { Database } from "~/platform/db/connect.server";
import type { StoragePort } from "~/platform/storage/port";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import type { FeedbackRating } from "~/shortlists/ratings";
import { closedReason, isUuid, type BriefClosedReason } from "./answers.server";
import { todayUtc, type PostBriefInput } from "./brief-schema";
import { DASHBOARD_BRIEFS_SHOWN } from "./constants";

export interface BriefSummary {
  id: string;
  title: string;
  company: string;
  body: string;
  genre: string | null;
  deadline: string | null;
  status: "open" | "closed";
  /** Why it takes no answers now (closed, or its deadline passed), or null. */
  closedReason: BriefClosedReason;
  createdAt: string;
}

const briefColumns = [
  "b.id",
  "b.title",
  "b.company",
  "b.body",
  "b.genre",
  "b.status",
  "b.created_at",
  sql<string | null>`b.deadline::text`.as("deadline"),
] as const;

type BriefRow = { id: string; title: string; company: string; body: string; genre: string | null; status: "open" | "closed"; created_at: Date; deadline: string | null };

function summary(row: BriefRow, now: Date): BriefSummary {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    body: row.body,
    genre: row.genre,
    deadline: row.deadline,
    status: row.status,
    closedReason: closedReason(row, now),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

// ---------------------------------------------------------------------------
// The A&R's side

/** Who answers briefs: members and admins (A&R post them). */
export const answersBriefs = (viewer: Pick<Viewer, "role"> | null) => isMember(viewer) && viewer?.role !== "accepted_ar";

/** The company the A&R named on their latest brief, else on their A&R request: the post form's default. */
export async function defaultCompany(db: Database, arId: string): Promise<string> {
  const [brief, registration] = await Promise.all([
    db.selectFrom("briefs").select("company").where("ar_id", "=", arId).orderBy("created_at", "desc").limit(1).executeTakeFirst(),
    db.selectFrom("ar_registrations").select("company").where("user_id", "=", arId).orderBy("created_at", "desc").limit(1).executeTakeFirst(),
  ]);
  return brief?.company ?? registration?.company ?? "";
}

export async function createBrief(db: Database, arId: string, input: PostBriefInput): Promise<{ id: string; title: string }> {
  return db
    .insertInto("briefs")
    .values({ ar_id: arId, company: input.company, title: input.title, body: input.body, genre: input.genre, deadline: input.deadline })
    .returning(["id", "title"])
    .executeTakeFirstOrThrow();
}

export interface ArBriefListItem extends BriefSummary {
  answers: number;
  unrated: number;
}

/** The A&R's own briefs, newest first, with their answer counts (one query). */
export async function listArBriefs(db: Database, arId: string, now = new Date()): Promise<ArBriefListItem[]> {
  const rows = await db
    .selectFrom("briefs as b")
    .select([
      ...briefColumns,
      sql<number>`(select count(*)::int from brief_answers a where a.brief_id = b.id)`.as("answers"),
      sql<number>`(select count(*)::int from brief_answers a where a.brief_id = b.id and a.rating is null)`.as("unrated"),
    ])
    .where("b.ar_id", "=", arId)
    .orderBy("b.created_at", "desc")
    .orderBy("b.id", "desc")
    .execute();
  return rows.map((row) => ({ ...summary(row, now), answers: Number(row.answers), unrated: Number(row.unrated) }));
}

/** A brief the viewer may manage: their own, or any for an admin. Null otherwise (the page answers 404). */
export async function getArBrief(db: Database, viewer: Pick<Viewer, "id" | "isAdmin">, briefId: string, now = new Date()): Promise<BriefSummary | null> {
  if (!isUuid(briefId)) return null;
  const row = await db
    .selectFrom("briefs as b")
    .select(briefColumns)
    .where("b.id", "=", briefId)
    .$if(!viewer.isAdmin, (query) => query.where("b.ar_id", "=", viewer.id))
    .executeTakeFirst();
  return row ? summary(row, now) : null;
}

export type StatusChange = { ok: true; title: string } | { ok: false; reason: "not-found" | "past-deadline" };

/** Closes or reopens the viewer's brief (admins: any). A brief past its deadline is not reopened. */
export async function setBriefStatus(
  db: Database,
  viewer: Pick<Viewer, "id" | "isAdmin">,
  briefId: string,
  status: "open" | "closed",
  now = new Date(),
): Promise<StatusChange> {
  if (!isUuid(briefId)) return { ok: false, reason: "not-found" };
  let query = db
    .updateTable("briefs")
    .set({ status, updated_at: now })
    .where("id", "=", briefId)
    .$if(!viewer.isAdmin, (q) => q.where("ar_id", "=", viewer.id));
  if (status === "open") query = query.where((eb) => eb.or([eb("deadline", "is", null), eb("deadline", ">=", todayUtc(now))]));
  const row = await query.returning("title").executeTakeFirst();
  if (row) return { ok: true, title: row.title };
  const exists = await getArBrief(db, viewer, briefId, now);
  return { ok: false, reason: exists ? "past-deadline" : "not-found" };
}

export interface BriefAnswerView {
  id: string;
  memberName: string;
  /** The member's public page, when their profile is public. */
  memberHref: string | null;
  source: "song" | "submission";
  /** The catalogue song or the submission. */
  title: string;
  /** The song's artist or writers line ("" for a submission). */
  artist: string;
  songId: string | null;
  submissionId: string | null;
  note: string;
  rating: FeedbackRating | null;
  ratedAt: string | null;
  createdAt: string;
  /** A signed URL, valid SIGNED_URL_TTL_S; null when the audio cannot be played (an archived song). */
  audioUrl: string | null;
}

/** The answers to one brief, in the order they came, each playable. The caller has checked the viewer may see them. */
export async function listBriefAnswers(db: Database, store: StoragePort, briefId: string): Promise<BriefAnswerView[]> {
  const rows = await db
    .selectFrom("brief_answers as a")
    .leftJoin("profiles as p", "p.user_id", "a.member_id")
    .leftJoin("songs as s", "s.id", "a.song_id")
    .leftJoin("submissions as sub", "sub.id", "a.submission_id")
    .select([
      "a.id",
      "a.member_id",
      "a.song_id",
      "a.submission_id",
      "a.note",
      "a.rating",
      "a.rated_at",
      "a.created_at",
      "p.display_name",
      "p.public_profile",
      "s.title as song_title",
      "s.status as song_status",
      "s.audio_path as song_audio_path",
      "sub.title as submission_title",
      "sub.audio_bucket as submission_bucket",
      "sub.audio_path as submission_path",
      sql<string | null>`(select string_agg(c.name, ', ' order by c.position, c.name) from song_credits c
        where c.song_id = a.song_id and c.role = 'artist')`.as("artists"),
      sql<string | null>`(select string_agg(c.name, ', ' order by c.position, c.name) from song_credits c
        where c.song_id = a.song_id and c.role in ('writer', 'topliner', 'composer', 'lyricist'))`.as("writers"),
    ])
    .where("a.brief_id", "=", briefId)
    .orderBy("a.created_at")
    .orderBy("a.id")
    .execute();
  const playableSongs = rows.filter((row) => row.song_id && row.song_status === "catalogue" && row.song_audio_path);
  const songUrls = playableSongs.length
    ? await store.createSignedUrls(AUDIO_BUCKET, playableSongs.map((row) => row.song_audio_path!), SIGNED_URL_TTL_S)
    : [];
  const songUrlById = new Map(playableSongs.map((row, index) => [row.id, songUrls[index] ?? null]));
  return Promise.all(
    rows.map(async (row): Promise<BriefAnswerView> => {
      const isSong = row.song_id !== null;
      const audioUrl = isSong
        ? (songUrlById.get(row.id) ?? null)
        : row.submission_bucket && row.submission_path
          ? await store.createSignedUrl(row.submission_bucket, row.submission_path, SIGNED_URL_TTL_S)
          : null;
      return {
        id: row.id,
        memberName: row.display_name ?? "A member",
        memberHref: row.public_profile ? `/members/${row.member_id}` : null,
        source: isSong ? "song" : "submission",
        title: (isSong ? row.song_title : row.submission_title) ?? "",
        artist: isSong ? row.artists || row.writers || "" : "",
        songId: row.song_id,
        submissionId: row.submission_id,
        note: row.note,
        rating: row.rating,
        ratedAt: row.rated_at ? new Date(row.rated_at).toISOString() : null,
        createdAt: new Date(row.created_at).toISOString(),
        audioUrl,
      };
    }),
  );
}

/** Rates an answer to the viewer's brief (admins: any brief). False when the answer is not on a brief they manage. */
export async function rateAnswer(
  db: Database,
  viewer: Pick<Viewer, "id" | "isAdmin">,
  briefId: string,
  answerId: string,
  rating: FeedbackRating,
  now = new Date(),
): Promise<boolean> {
  if (!isUuid(briefId) || !isUuid(answerId)) return false;
  const row = await db
    .updateTable("brief_answers as a")
    .set({ rating, rated_at: now })
    .where("a.id", "=", answerId)
    .where("a.brief_id", "=", briefId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("briefs as b")
          .select(sql`1`.as("one"))
          .whereRef("b.id", "=", "a.brief_id")
          .$if(!viewer.isAdmin, (q) => q.where("b.ar_id", "=", viewer.id)),
      ),
    )
    .returning("a.id")
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * May this viewer stream this submission because it answers a brief they
 * posted? (H6's /api/submissions/:id/audio-url asks this for viewers who are
 * neither the submitter nor an admin.)
 */
export async function briefArMayHearSubmission(db: Database, viewerId: string, submissionId: string): Promise<boolean> {
  if (!isUuid(submissionId) || !isUuid(viewerId)) return false;
  const row = await db
    .selectFrom("brief_answers as a")
    .innerJoin("briefs as b", "b.id", "a.brief_id")
    .select("a.id")
    .where("a.submission_id", "=", submissionId)
    .where("b.ar_id", "=", viewerId)
    .executeTakeFirst();
  return Boolean(row);
}

// ---------------------------------------------------------------------------
// The members' side

export interface OpenBriefItem extends BriefSummary {
  /** How many answers the viewer sent to it. */
  yourAnswers: number;
}

/** Briefs that take answers today: soonest deadline first (none last), then newest. */
export async function listOpenBriefs(db: Database, memberId: string, options: { now?: Date; limit?: number } = {}): Promise<{ briefs: OpenBriefItem[]; total: number }> {
  const now = options.now ?? new Date();
  const rows = await db
    .selectFrom("briefs as b")
    .select([
      ...briefColumns,
      sql<number>`(select count(*)::int from brief_answers a where a.brief_id = b.id and a.member_id = ${memberId})`.as("your_answers"),
      sql<number>`count(*) over ()`.as("total"),
    ])
    .where("b.status", "=", "open")
    .where((eb) => eb.or([eb("b.deadline", "is", null), eb("b.deadline", ">=", todayUtc(now))]))
    .orderBy(sql`b.deadline asc nulls last`)
    .orderBy("b.created_at", "desc")
    .$if(options.limit !== undefined, (q) => q.limit(options.limit!))
    .execute();
  return {
    briefs: rows.map((row) => ({ ...summary(row, now), yourAnswers: Number(row.your_answers) })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** The dashboard's "Open briefs" (members who answer briefs; null for everyone else): one query. */
export async function dashboardOpenBriefs(db: Database, viewer: Viewer, now = new Date()): Promise<{ briefs: OpenBriefItem[]; total: number } | null> {
  if (!answersBriefs(viewer)) return null;
  return listOpenBriefs(db, viewer.id, { now, limit: DASHBOARD_BRIEFS_SHOWN });
}

export interface MemberAnswerView {
  id: string;
  title: string;
  source: "song" | "submission";
  note: string;
  /** Whether the A&R has rated it: members see "heard", not the rating (ADR 0076). */
  heard: boolean;
  createdAt: string;
}

export interface CreditedSong {
  id: string;
  title: string;
}

export interface MemberBriefView {
  brief: BriefSummary;
  answers: MemberAnswerView[];
  /** Catalogue songs the member is credited on and has not sent to this brief yet. */
  songs: CreditedSong[];
  /** Credited catalogue songs in all (to tell "none" from "all sent"). */
  creditedCount: number;
}

/** A brief as a member sees it (any status: a closed one says so), with their own answers and the songs they may send. */
export async function getMemberBrief(db: Database, memberId: string, briefId: string, now = new Date()): Promise<MemberBriefView | null> {
  if (!isUuid(briefId)) return null;
  const [row, answers, credited] = await Promise.all([
    db.selectFrom("briefs as b").select(briefColumns).where("b.id", "=", briefId).executeTakeFirst(),
    db
      .selectFrom("brief_answers as a")
      .leftJoin("songs as s", "s.id", "a.song_id")
      .leftJoin("submissions as sub", "sub.id", "a.submission_id")
      .select(["a.id", "a.song_id", "a.note", "a.rated_at", "a.created_at", "s.title as song_title", "sub.title as submission_title"])
      .where("a.brief_id", "=", briefId)
      .where("a.member_id", "=", memberId)
      .orderBy("a.created_at")
      .execute(),
    db
      .selectFrom("songs as s")
      .select(["s.id", "s.title"])
      .where("s.status", "=", "catalogue")
      .where((eb) => eb.exists(eb.selectFrom("song_credits as c").select(sql`1`.as("one")).whereRef("c.song_id", "=", "s.id").where("c.member_id", "=", memberId)))
      .orderBy("s.title")
      .execute(),
  ]);
  if (!row) return null;
  const sent = new Set(answers.map((answer) => answer.song_id).filter(Boolean));
  return {
    brief: summary(row, now),
    answers: answers.map((answer) => ({
      id: answer.id,
      title: (answer.song_id ? answer.song_title : answer.submission_title) ?? "",
      source: answer.song_id ? "song" : "submission",
      note: answer.note,
      heard: answer.rated_at !== null,
      createdAt: new Date(answer.created_at).toISOString(),
    })),
    songs: credited.filter((song) => !sent.has(song.id)),
    creditedCount: credited.length,
  };
}
