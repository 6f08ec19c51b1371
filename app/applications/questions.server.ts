/**
 * The application questions editor (admins): add, edit, reorder, archive and
 * restore. A question that has answers is never deleted: answers snapshot the
 * prompt they were given with, and archiving keeps the record whole. Only a
 * question nobody answered can be deleted.
 */
import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { Viewer } from "~/auth/viewer";
import { recordAdminAction } from "~/audit/audit.server";
import type { Database } from "~/platform/db/connect.server";
import type { DB } from "~/platform/db/schema";

/** Who acts: every change below records an audit entry in its own transaction (ADR 0078). */
export type QuestionActor = Pick<Viewer, "id" | "displayName">;

/** A question's fields as the audit log keeps them. */
async function snapshot(tx: Kysely<DB>, id: string) {
  const row = await tx
    .selectFrom("application_questions")
    .select(["prompt", "help", "required", "max_length", "position", "archived_at"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  return row
    ? { prompt: row.prompt, help: row.help, required: row.required, maxLength: row.max_length, position: row.position, archived: row.archived_at !== null }
    : null;
}

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

export async function addQuestion(db: Database, actor: QuestionActor, input: QuestionInput): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const { id } = await tx
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
    await recordAdminAction(tx, {
      actor,
      action: "application_question.created",
      target: { type: "application_question", id, label: input.prompt },
      after: await snapshot(tx, id),
    });
    return id;
  });
}

/** Edits a question's wording and rules; answers already given keep the prompt they were given with. */
export async function editQuestion(db: Database, actor: QuestionActor, id: string, input: QuestionInput): Promise<boolean> {
  if (!uuid.safeParse(id).success) return false;
  return db.transaction().execute(async (tx) => {
    const before = await snapshot(tx, id);
    if (!before) return false;
    await tx
      .updateTable("application_questions")
      .set({ prompt: input.prompt, help: input.help, required: input.required, max_length: input.maxLength, updated_at: new Date() })
      .where("id", "=", id)
      .execute();
    const after = await snapshot(tx, id);
    const fields = ["prompt", "help", "required", "maxLength"] as const;
    await recordAdminAction(tx, {
      actor,
      action: "application_question.updated",
      target: { type: "application_question", id, label: input.prompt },
      before: Object.fromEntries(fields.map((f) => [f, before[f]])),
      after: Object.fromEntries(fields.map((f) => [f, after![f]])),
    });
    return true;
  });
}

/** Swaps the question with its neighbour among the live (or among the archived) questions. */
export async function moveQuestion(db: Database, actor: QuestionActor, id: string, direction: "up" | "down"): Promise<boolean> {
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
    const before = await snapshot(tx, id);
    for (const [i, questionId] of order.entries()) {
      await tx.updateTable("application_questions").set({ position: i + 1 }).where("id", "=", questionId).execute();
    }
    // At the top (or bottom) already: nothing moved, nothing to record.
    if (other) {
      await recordAdminAction(tx, {
        actor,
        action: "application_question.reordered",
        target: { type: "application_question", id, label: before?.prompt ?? "" },
        before: { position: group.indexOf(me) + 1 },
        after: { position: group.indexOf(me) + (direction === "up" ? 0 : 2), direction },
      });
    }
    return true;
  });
}

export async function setArchived(db: Database, actor: QuestionActor, id: string, archived: boolean): Promise<boolean> {
  if (!uuid.safeParse(id).success) return false;
  return db.transaction().execute(async (tx) => {
    const before = await snapshot(tx, id);
    if (!before) return false;
    // Archiving an archived question (a form posted twice) changes and records nothing.
    if (before.archived === archived) return true;
    await tx
      .updateTable("application_questions")
      .set({ archived_at: archived ? new Date() : null, updated_at: new Date() })
      .where("id", "=", id)
      .execute();
    await recordAdminAction(tx, {
      actor,
      action: archived ? "application_question.archived" : "application_question.restored",
      target: { type: "application_question", id, label: before.prompt },
      before: { archived: before.archived },
      after: { archived },
    });
    return true;
  });
}

export class QuestionHasAnswersError extends Error {}

/** Deletes a question nobody answered; one with answers throws QuestionHasAnswersError (archive it instead). */
export async function deleteQuestion(db: Database, actor: QuestionActor, id: string): Promise<boolean> {
  if (!uuid.safeParse(id).success) return false;
  return db.transaction().execute(async (tx) => {
    // Serialised with answers being written: the applications' rows are checked under the same lock order.
    const question = await snapshot(tx, id);
    if (!question) return false;
    const answered = await tx
      .selectFrom("applications")
      .select("id")
      .where(sql<boolean>`answers @> jsonb_build_array(jsonb_build_object('questionId', ${id}::text))`)
      .limit(1)
      .executeTakeFirst();
    if (answered) throw new QuestionHasAnswersError();
    await tx.deleteFrom("application_questions").where("id", "=", id).execute();
    await recordAdminAction(tx, {
      actor,
      action: "application_question.deleted",
      target: { type: "application_question", id, label: question.prompt },
      before: question,
    });
    return true;
  });
}
