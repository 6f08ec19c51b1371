/**
 * CONTRACT STUB (issue 11, owned by the briefs helper, who replaces this
 * file): what song submissions need from briefs.
 */
import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/platform/db/schema";

export interface AnswerableBrief {
  id: string;
  title: string;
  /** The A&R's company, as members see it. */
  company: string;
  /** ISO date (yyyy-mm-dd) or null. */
  deadline: string | null;
}

/** An open brief members may answer, or null (unknown id, closed, past its deadline). */
export async function findAnswerableBrief(_db: Kysely<DB> | Transaction<DB>, _briefId: string): Promise<AnswerableBrief | null> {
  return null;
}

export class BriefNotAnswerableError extends Error {}

/**
 * Records a new submission as a member's answer to a brief, in the caller's
 * transaction (so the submission and its answer are written together or not at all).
 * Throws BriefNotAnswerableError when the brief is not open to answers.
 */
export async function answerBriefWithSubmission(
  _tx: Kysely<DB> | Transaction<DB>,
  _answer: { briefId: string; memberId: string; submissionId: string; note: string },
): Promise<void> {
  throw new BriefNotAnswerableError("Briefs are not built yet");
}
