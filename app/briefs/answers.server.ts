/**
 * Answering a brief (ADR 0076): with a catalogue song the member is credited
 * on (the brief page's form), or with a new submission (H6's submission form,
 * in the submission's own transaction). Both lock the brief's row first
 * (FOR SHARE), so an answer and the A&R closing the brief are serialised: an
 * answer never lands on a brief closed while it was being written.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { deliverNotice } from "~/inbox/inbox.server";
import type { DB } from "~/platform/db/schema";
import { todayUtc } from "./brief-schema";
import { sanitizeText } from "~/shared/sanitize";
import { arBriefPath, BRIEF_LIMITS, BRIEF_TEXT } from "./constants";

type Db = Kysely<DB> | Transaction<DB>;

export interface AnswerableBrief {
  id: string;
  title: string;
  /** The A&R's company, as members see it. */
  company: string;
  /** ISO date (yyyy-mm-dd) or null. */
  deadline: string | null;
}

/** Why a brief takes no answers, or null when it does. */
export type BriefClosedReason = "closed" | "past-deadline" | null;

export function closedReason(brief: { status: "open" | "closed"; deadline: string | null }, now = new Date()): BriefClosedReason {
  if (brief.status !== "open") return "closed";
  if (brief.deadline !== null && brief.deadline < todayUtc(now)) return "past-deadline";
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/** The brief's row for an answer, locked until the transaction ends (FOR SHARE: closing waits, other answers do not). */
async function lockBrief(tx: Db, briefId: string) {
  return tx
    .selectFrom("briefs")
    .select(["id", "ar_id", "title", "company", "status", sql<string | null>`deadline::text`.as("deadline")])
    .where("id", "=", briefId)
    .forShare()
    .executeTakeFirst();
}

/** An open brief members may answer, or null (unknown id, closed, past its deadline). */
export async function findAnswerableBrief(db: Db, briefId: string, now = new Date()): Promise<AnswerableBrief | null> {
  if (!isUuid(briefId)) return null;
  const brief = await db
    .selectFrom("briefs")
    .select(["id", "title", "company", "status", sql<string | null>`deadline::text`.as("deadline")])
    .where("id", "=", briefId)
    .executeTakeFirst();
  if (!brief || closedReason(brief, now) !== null) return null;
  return { id: brief.id, title: brief.title, company: brief.company, deadline: brief.deadline };
}

export class BriefNotAnswerableError extends Error {
  constructor(
    message: string = BRIEF_TEXT.member.notAnswerable,
    readonly reason: BriefClosedReason | "not-found" | "not-member" = null,
  ) {
    super(message);
    this.name = "BriefNotAnswerableError";
  }
}

/** The member is not credited on the song (or it is not in the catalogue). */
export class NotCreditedError extends Error {
  constructor() {
    super(BRIEF_TEXT.member.notCredited);
    this.name = "NotCreditedError";
  }
}

/** The member already answered this brief with this song. */
export class AlreadyAnsweredError extends Error {
  constructor() {
    super(BRIEF_TEXT.member.alreadySent);
    this.name = "AlreadyAnsweredError";
  }
}

async function answerableOrThrow(tx: Db, briefId: string, now: Date) {
  if (!isUuid(briefId)) throw new BriefNotAnswerableError(BRIEF_TEXT.member.notAnswerable, "not-found");
  const brief = await lockBrief(tx, briefId);
  if (!brief) throw new BriefNotAnswerableError(BRIEF_TEXT.member.notAnswerable, "not-found");
  const reason = closedReason(brief, now);
  if (reason === "closed") throw new BriefNotAnswerableError(BRIEF_TEXT.member.closed, reason);
  if (reason === "past-deadline") throw new BriefNotAnswerableError(BRIEF_TEXT.member.pastDeadline, reason);
  return brief;
}

/** Only people who make music for the collective answer briefs: members and admins, not A&R. */
async function assertMayAnswer(tx: Db, memberId: string) {
  const profile = await tx.selectFrom("profiles").select(["role", "display_name"]).where("user_id", "=", memberId).executeTakeFirst();
  if (!profile || (profile.role !== "accepted_member" && profile.role !== "admin")) {
    throw new BriefNotAnswerableError(BRIEF_TEXT.member.arCannotAnswer, "not-member");
  }
  return profile.display_name ?? "A member";
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "23505";

async function tellTheAr(tx: Db, brief: { id: string; ar_id: string; title: string }, memberId: string, memberName: string, songTitle: string) {
  await deliverNotice(tx, {
    recipientId: brief.ar_id,
    senderId: memberId,
    senderName: memberName,
    kind: "brief",
    subject: BRIEF_TEXT.notice.subject(brief.title),
    body: BRIEF_TEXT.notice.body(memberName, songTitle, brief.title),
    link: arBriefPath(brief.id),
  });
}

/** Runs `work` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: Db, work: (tx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : (db as Kysely<DB>).transaction().execute(work);
}

/**
 * A member answers a brief with a catalogue song they are credited on
 * (song_credits.member_id), with an optional note. The A&R gets an inbox
 * notice in the same transaction. Throws BriefNotAnswerableError (unknown,
 * closed, past its deadline, or the person is not a member who answers
 * briefs), NotCreditedError or AlreadyAnsweredError.
 */
export async function answerBriefWithSong(
  db: Db,
  answer: { briefId: string; memberId: string; songId: string; note: string; now?: Date },
): Promise<{ id: string; songTitle: string }> {
  const now = answer.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const brief = await answerableOrThrow(tx, answer.briefId, now);
    const memberName = await assertMayAnswer(tx, answer.memberId);
    if (!isUuid(answer.songId)) throw new NotCreditedError();
    const song = await tx
      .selectFrom("songs as s")
      .select(["s.id", "s.title"])
      .where("s.id", "=", answer.songId)
      .where("s.status", "=", "catalogue")
      .where((eb) => eb.exists(eb.selectFrom("song_credits as c").select(sql`1`.as("one")).whereRef("c.song_id", "=", "s.id").where("c.member_id", "=", answer.memberId)))
      .executeTakeFirst();
    if (!song) throw new NotCreditedError();
    // ON CONFLICT: a duplicate (a replayed post) is told apart without aborting the caller's transaction.
    const inserted = await tx
      .insertInto("brief_answers")
      .values({ brief_id: brief.id, member_id: answer.memberId, song_id: song.id, note: answer.note })
      .onConflict((oc) => oc.columns(["brief_id", "member_id", "song_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) throw new AlreadyAnsweredError();
    await tellTheAr(tx, brief, answer.memberId, memberName, song.title);
    return { id: inserted.id, songTitle: song.title };
  });
}

/**
 * Records a new submission as a member's answer to a brief, in the caller's
 * transaction (so the submission and its answer are written together or not at all).
 * Throws BriefNotAnswerableError when the brief is not open to answers, or
 * when the submission is not the member's.
 */
export async function answerBriefWithSubmission(
  tx: Kysely<DB> | Transaction<DB>,
  answer: { briefId: string; memberId: string; submissionId: string; note: string },
): Promise<void> {
  await inTransaction(tx, async (trx) => {
    const brief = await answerableOrThrow(trx, answer.briefId, new Date());
    const memberName = await assertMayAnswer(trx, answer.memberId);
    const submission = await trx
      .selectFrom("submissions")
      .select(["id", "title"])
      .where("id", "=", answer.submissionId)
      .where("member_id", "=", answer.memberId)
      .executeTakeFirst();
    if (!submission) throw new BriefNotAnswerableError(BRIEF_TEXT.member.notAnswerable, "not-found");
    const note = sanitizeText(answer.note, BRIEF_LIMITS.note);
    try {
      await trx.insertInto("brief_answers").values({ brief_id: brief.id, member_id: answer.memberId, submission_id: submission.id, note }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new BriefNotAnswerableError(BRIEF_TEXT.member.alreadySent, null);
      throw error;
    }
    await tellTheAr(trx, brief, answer.memberId, memberName, submission.title);
  });
}
