/**
 * The application questions editor (admins): add, edit, reorder, archive and
 * restore. A question that has answers is never deleted: answers snapshot the
 * prompt they were given with, and archiving keeps the record whole. Only a
 * question nobody answered can be deleted.
 */
import { sql } from "kysely";
import { z } from "zod";
import type { Database } from "~/platform/db/connect.server";

export interface QuestionView {
  id: string;
  prompt: string;
  help: string;
  required: boolean;
  maxLength: number;
  position: number;
  archived: boolean;
  /** Applications (any status, drafts included) holding an answer to it. */
  answerCount: number;
}

const uuid = z.string().uuid();

export async function listQuestions(db: Database): Promise<QuestionView[]> {
  const rows = await db
    .selectFrom("application_questions as q")
    .select((eb) => [
      "q.id",
      "q.prompt",
      "q.help",
      "q.required",
      "q.max_length",
      "q.position",
      "q.archived_at",
      eb
        .selectFrom("applications as a")
        .where(sql<boolean>`a.answers @> jsonb_build_array(jsonb_build_object('questionId', q.id::text))`)
        .select(sql<number>`count(*)::int`.as("n"))
        .as("answer_count"),
    ])
    .orderBy("q.position")
    .orderBy("q.created_at")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    prompt: r.prompt,
    help: r.help,
    required: r.required,
    maxLength: r.max_length,
    position: r.position,
    archived: r.archived_at !== null,
    answerCount: Number(r.answer_count ?? 0),
  }));
}

export interface QuestionInput {
  prompt: string;
  help: string;
  required: boolean;
  maxLength: number;
}

export async function addQuestion(db: Database, input: QuestionInput): Promise<string> {
  const { id } = await db
    .insertInto("application_questions")
    .values({
      prompt: input.prompt,
      help: input.help,
      required: input.required,
      max_length: input.maxLength,
      position: sql<number>`(select coalesce(max(position), 0) + 1 from public.application_questions)`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Edits a question's wording and rules; answers already given keep the prompt they were given with. */
export async function editQuestion(db: Database, id: string, input: QuestionInput): Promise<boolean> {
  if (!uuid.safeParse(id).success) return false;
  const row = await db
    .updateTable("application_questions")
    .set({ prompt: input.prompt, help: input.help, required: input.required, max_length: input.maxLength, updated_at: new Date() })
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

/** Swaps the question with its neighbour among the live (or among the archived) questions. */
export async function moveQuestion(db: Database, id: string, direction: "up" | "down"): Promise<boolean> {
  if (!uuid.safeParse(id).success) return false;
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended('application_questions:order', 0))`.execute(tx);
    const all = await tx.selectFrom("application_questions").select(["id", "archived_at"]).orderBy("position").orderBy("created_at").execute();
    const me = all.find((q) => q.id === id);
    if (!me) return false;
    // Renumber in the current order, then swap within the same group.
    const group = all.filter((q) => (q.archived_at === null) === (me.archived_at === null));
    const index = group.findIndex((q) => q.id === id);
    const other = group[direction === "up" ? index - 1 : index + 1];
    const order = all.map((q) => q.id);
    if (other) {
      const a = order.indexOf(id);
      const b = order.indexOf(other.id);
      [order[a], order[b]] = [order[b]!, order[a]!];
    }
    for (const [i, questionId] of order.entries()) {
      await tx.updateTable("application_questions").set({ position: i + 1 }).where("id", "=", questionId).execute();
    }
    return true;
  });
}

export async function setArchived(db: Database, id: string, archived: boolean): Promise<boolean> {
  if (!uuid.safeParse(id).success) return false;
  const row = await db
    .updateTable("application_questions")
    .set({ archived_at: archived ? new Date() : null, updated_at: new Date() })
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

export class QuestionHasAnswersError extends Error {}

/** Deletes a question nobody answered; one with answers throws QuestionHasAnswersError (archive it instead). */
export async function deleteQuestion(db: Database, id: string): Promise<boolean> {
  if (!uuid.safeParse(id).success) return false;
  return db.transaction().execute(async (tx) => {
    // Serialised with answers being written: the applications' rows are checked under the same lock order.
    const question = await tx.selectFrom("application_questions").select("id").where("id", "=", id).forUpdate().executeTakeFirst();
    if (!question) return false;
    const answered = await tx
      .selectFrom("applications")
      .select("id")
      .where(sql<boolean>`answers @> jsonb_build_array(jsonb_build_object('questionId', ${id}::text))`)
      .limit(1)
      .executeTakeFirst();
    if (answered) throw new QuestionHasAnswersError();
    await tx.deleteFrom("application_questions").where("id", "=", id).execute();
    return true;
  });
}
