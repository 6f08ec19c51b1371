/**
 * /admin/applications/questions (admin guard): the questions applicants
 * answer. Add, edit, reorder (move up / down), archive and restore; a question
 * nobody answered can be deleted, one with answers never (archive it: answers
 * keep the prompt they were given with). Every action is a plain form that
 * redirects back with a toast, so it all works without JavaScript.
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import {
  addQuestion,
  deleteQuestion,
  editQuestion,
  listQuestions,
  moveQuestion,
  QuestionHasAnswersError,
  setArchived,
  type QuestionView,
} from "~/applications/questions.server";
import * as styles from "~/applications/review.css";
import { addQuestionSchema, archiveQuestionSchema, deleteQuestionSchema, editQuestionSchema, moveQuestionSchema } from "~/applications/review-schema";
import { QUESTION_TEXT as T, REVIEW_LIMITS } from "~/applications/review-text";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `${T.title} | Admin | ${PRODUCT_NAME}` }];

const PATH = "/admin/applications/questions";

const route = defineRoute({
  access: "admin",
  async load({ db }) {
    return { questions: await listQuestions(db) };
  },
  forms: {
    add: form({
      schema: addQuestionSchema,
      async handle({ db, value, viewer }) {
        await addQuestion(db, viewer!, value);
        return redirectWithToast(PATH, { type: "success", message: T.added });
      },
    }),
    edit: form({
      schema: editQuestionSchema,
      async handle({ db, value, reply, viewer }) {
        if (!(await editQuestion(db, viewer!, value.questionId, value))) return reply({ formErrors: [T.notFound], status: 404 });
        return redirectWithToast(PATH, { type: "success", message: T.saved });
      },
    }),
    move: form({
      schema: moveQuestionSchema,
      async handle({ db, value, reply, viewer }) {
        if (!(await moveQuestion(db, viewer!, value.questionId, value.direction))) return reply({ formErrors: [T.notFound], status: 404 });
        return redirectWithToast(PATH, { type: "success", message: T.moved });
      },
    }),
    archive: form({
      schema: archiveQuestionSchema,
      async handle({ db, value, reply, viewer }) {
        const archived = value.archived === "yes";
        if (!(await setArchived(db, viewer!, value.questionId, archived))) return reply({ formErrors: [T.notFound], status: 404 });
        return redirectWithToast(PATH, { type: "success", message: archived ? T.archived : T.restored });
      },
    }),
    delete: form({
      schema: deleteQuestionSchema,
      async handle({ db, value, reply, viewer }) {
        try {
          if (!(await deleteQuestion(db, viewer!, value.questionId))) return reply({ formErrors: [T.notFound], status: 404 });
        } catch (error) {
          if (error instanceof QuestionHasAnswersError) return reply({ formErrors: [T.hasAnswers], status: 409 });
          throw error;
        }
        return redirectWithToast(PATH, { type: "success", message: T.deleted });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

type Reply = { intent: string; result: SubmissionResult<string[]> } | undefined;

/** The fields of a question (add and edit share them); errors from the server's reply. */
function QuestionFields({ idPrefix, question, result }: { idPrefix: string; question?: QuestionView; result?: SubmissionResult<string[]> }) {
  const errors = result?.error ?? {};
  const initial = (name: string) => (result?.initialValue?.[name] as string | undefined) ?? undefined;
  return (
    <>
      <div className={formStyles.field}>
        <label htmlFor={`${idPrefix}-prompt`} className={formStyles.label}>
          {T.promptLabel}
        </label>
        <input
          id={`${idPrefix}-prompt`}
          name="prompt"
          type="text"
          required
          maxLength={REVIEW_LIMITS.prompt}
          defaultValue={initial("prompt") ?? question?.prompt ?? ""}
          aria-invalid={errors.prompt ? true : undefined}
          aria-describedby={errors.prompt ? `${idPrefix}-prompt-error` : undefined}
          className={formStyles.control}
        />
        <FieldErrors id={`${idPrefix}-prompt-error`} errors={errors.prompt ?? undefined} />
      </div>
      <div className={formStyles.field}>
        <label htmlFor={`${idPrefix}-help`} className={formStyles.label}>
          {T.helpLabel}
        </label>
        <input
          id={`${idPrefix}-help`}
          name="help"
          type="text"
          maxLength={REVIEW_LIMITS.help}
          defaultValue={initial("help") ?? question?.help ?? ""}
          aria-invalid={errors.help ? true : undefined}
          aria-describedby={errors.help ? `${idPrefix}-help-error` : undefined}
          className={formStyles.control}
        />
        <FieldErrors id={`${idPrefix}-help-error`} errors={errors.help ?? undefined} />
      </div>
      <div className={formStyles.field}>
        <label htmlFor={`${idPrefix}-max`} className={formStyles.label}>
          {T.maxLengthLabel}
        </label>
        <input
          id={`${idPrefix}-max`}
          name="maxLength"
          type="number"
          min={REVIEW_LIMITS.maxLength.min}
          max={REVIEW_LIMITS.maxLength.max}
          defaultValue={initial("maxLength") ?? question?.maxLength ?? 1000}
          aria-invalid={errors.maxLength ? true : undefined}
          aria-describedby={errors.maxLength ? `${idPrefix}-max-error` : undefined}
          className={formStyles.control}
        />
        <FieldErrors id={`${idPrefix}-max-error`} errors={errors.maxLength ?? undefined} />
      </div>
      <label className={styles.radioLabel}>
        <input type="checkbox" name="required" defaultChecked={question?.required ?? false} />
        {T.requiredLabel}
      </label>
    </>
  );
}

function QuestionItem({ question, index, count, reply }: { question: QuestionView; index: number; count: number; reply: Reply }) {
  const mine = reply && (reply.result.initialValue?.questionId as string | undefined) === question.id ? reply : undefined;
  const editResult = mine?.intent === "edit" ? mine.result : undefined;
  const otherErrors = mine && mine.intent !== "edit" ? (mine.result.error?.[""] ?? undefined) : undefined;
  const id = `q-${question.id}`;
  return (
    <li className={styles.questionItem} data-testid="question">
      <p className={styles.questionPrompt}>{question.prompt}</p>
      {question.help ? <p className={page.muted}>{question.help}</p> : null}
      <p className={page.muted}>
        {question.required ? T.required : T.optional} · {question.maxLength} characters · {T.answered(question.answerCount)}
      </p>
      <FieldErrors id={`${id}-errors`} errors={otherErrors} />
      <div className={styles.formRow}>
        {!question.archived && index > 0 ? (
          <Form method="post" action={PATH}>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="questionId" value={question.id} />
            <Button type="submit" name="direction" value="up" variant="outline" aria-label={`${T.moveUp}: ${question.prompt}`}>
              {T.moveUp}
            </Button>
          </Form>
        ) : null}
        {!question.archived && index < count - 1 ? (
          <Form method="post" action={PATH}>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="questionId" value={question.id} />
            <Button type="submit" name="direction" value="down" variant="outline" aria-label={`${T.moveDown}: ${question.prompt}`}>
              {T.moveDown}
            </Button>
          </Form>
        ) : null}
        <Form method="post" action={PATH}>
          <input type="hidden" name="intent" value="archive" />
          <input type="hidden" name="questionId" value={question.id} />
          <input type="hidden" name="archived" value={question.archived ? "no" : "yes"} />
          <Button type="submit" variant="outline" aria-label={`${question.archived ? T.restore : T.archive}: ${question.prompt}`}>
            {question.archived ? T.restore : T.archive}
          </Button>
        </Form>
        {question.answerCount === 0 ? (
          <Form method="post" action={PATH}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="questionId" value={question.id} />
            <Button type="submit" variant="destructive" aria-label={`${T.delete}: ${question.prompt}`}>
              {T.delete}
            </Button>
          </Form>
        ) : null}
      </div>
      <details className={styles.details} open={Boolean(editResult)}>
        <summary className={styles.summary}>
          {T.edit}
          <span className="visually-hidden">: {question.prompt}</span>
        </summary>
        <Form method="post" action={PATH} className={formStyles.form}>
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="questionId" value={question.id} />
          <FieldErrors id={`${id}-edit-errors`} errors={editResult?.error?.[""] ?? undefined} />
          <QuestionFields idPrefix={id} question={question} result={editResult} />
          <div>
            <Button type="submit" variant="secondary">
              {T.save}
            </Button>
          </div>
        </Form>
      </details>
    </li>
  );
}

export default function ApplicationQuestionsRoute() {
  const { questions } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply;
  const live = questions.filter((q) => !q.archived);
  const archived = questions.filter((q) => q.archived);
  return (
    <>
      <nav aria-label="Breadcrumb">
        <Link to="/admin/applications" className={page.textLink}>
          ← {T.backToQueue}
        </Link>
      </nav>
      <PageHeader eyebrow="Admin · Applications" title={T.title} lead={T.lead} />
      <section className={page.card} aria-labelledby="live-questions">
        <h2 id="live-questions" className={page.sectionTitle}>
          {T.activeTitle}
        </h2>
        {live.length === 0 ? (
          <p className={page.muted}>{T.empty}</p>
        ) : (
          <ol className={styles.questionList}>
            {live.map((question, index) => (
              <QuestionItem key={question.id} question={question} index={index} count={live.length} reply={reply} />
            ))}
          </ol>
        )}
      </section>
      <section className={page.card} aria-labelledby="add-question">
        <h2 id="add-question" className={page.sectionTitle}>
          {T.addTitle}
        </h2>
        <Form method="post" action={PATH} className={formStyles.form}>
          <input type="hidden" name="intent" value="add" />
          <FieldErrors id="add-errors" errors={reply?.intent === "add" ? (reply.result.error?.[""] ?? undefined) : undefined} />
          <QuestionFields idPrefix="new" result={reply?.intent === "add" ? reply.result : undefined} />
          <div>
            <Button type="submit">{T.add}</Button>
          </div>
        </Form>
      </section>
      {archived.length > 0 ? (
        <section className={page.card} aria-labelledby="archived-questions">
          <h2 id="archived-questions" className={page.sectionTitle}>
            {T.archivedTitle}
          </h2>
          <p className={page.muted}>{T.archivedHint}</p>
          <ul className={styles.questionList}>
            {archived.map((question, index) => (
              <QuestionItem key={question.id} question={question} index={index} count={archived.length} reply={reply} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
