/**
 * /admin/submissions/:submissionId (admin guard): one submission to review.
 * Listen (floating player and waveform; native audio without JavaScript),
 * the metadata, the credits and splits, the brief it answers, and the
 * decision: accept into the catalogue (the song is created with its credits,
 * audio and waveform in one transaction, and the search finds it at once) or
 * decline with a note. The member gets an inbox notice either way.
 * docs/decisions/0075-song-submissions.md
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { findAnswerableBrief } from "~/briefs/answers.server";
import { CAMP_CREDITS_TEXT } from "~/camps/review-text";
import { FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { ADMIN_SUBMISSIONS_PATH, adminSubmissionPath, SUBMISSION_LIMITS, SUBMISSION_TEXT } from "~/submissions/constants";
import { formatDate, StatusBadge, SubmissionDetails } from "~/submissions/SubmissionDetails";
import { acceptSchema, declineSchema } from "~/submissions/schema";
import { acceptSubmission, declineSubmission, getSubmissionForAdmin, SubmissionNotPendingError } from "~/submissions/submissions.server";
import { CampSongSubmissionError } from "~/submissions/camp-song.server";
import * as styles from "~/submissions/submissions.css";
import { redirectWithToast } from "~/toast/toast.server";
import { Button } from "~/ui/Button";

const T = SUBMISSION_TEXT.admin;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && "submission" in data ? data.submission.title : T.pageTitle} | Admin | ${PRODUCT_NAME}` },
];

const route = defineRoute({
  access: "admin",
  async load({ db, storage, params }) {
    const submission = await getSubmissionForAdmin(db, storage, params.submissionId ?? "");
    if (!submission) throw new Response(null, { status: 404 });
    const brief = submission.briefId ? await findAnswerableBrief(db, submission.briefId) : null;
    return { submission, brief: brief ? { id: brief.id, title: brief.title } : null };
  },
  forms: {
    accept: form({
      schema: acceptSchema,
      async handle({ db, storage, viewer, params, value, reply }) {
        try {
          const accepted = await acceptSubmission({ db, storage, admin: viewer!, submissionId: params.submissionId ?? "", note: value.note || null });
          if (!accepted) throw new Response(null, { status: 404 });
          return redirectWithToast(adminSubmissionPath(params.submissionId!), { type: "success", message: T.accepted(accepted.title) });
        } catch (error) {
          if (error instanceof SubmissionNotPendingError) return reply({ formErrors: [error.message], status: 409 });
          if (error instanceof CampSongSubmissionError) return reply({ formErrors: [error.message], status: error.status });
          throw error;
        }
      },
    }),
    decline: form({
      schema: declineSchema,
      async handle({ db, storage, viewer, params, value, reply }) {
        try {
          const declined = await declineSubmission({ db, storage, admin: viewer!, submissionId: params.submissionId ?? "", note: value.note });
          if (!declined) throw new Response(null, { status: 404 });
          return redirectWithToast(adminSubmissionPath(params.submissionId!), { type: "success", message: T.declined(declined.title) });
        } catch (error) {
          if (error instanceof SubmissionNotPendingError) return reply({ formErrors: [error.message], status: 409 });
          throw error;
        }
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

function DecisionForm({ intent, lastResult }: { intent: "accept" | "decline"; lastResult: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const id = `decision-${intent}`;
  const noteErrors = lastResult?.error?.note ?? undefined;
  const formErrors = lastResult?.error?.[""] ?? undefined;
  const initialNote = typeof lastResult?.initialValue?.note === "string" ? lastResult.initialValue.note : undefined;
  const hint = intent === "accept" ? T.acceptNoteHint : T.declineNoteHint;
  return (
    <Form method="post" className={formStyles.form} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={formStyles.label}>
        {intent === "accept" ? T.accept : T.decline}
      </h3>
      <input type="hidden" name="intent" value={intent} />
      <FieldErrors id={`${id}-form-error`} errors={formErrors} />
      <div className={formStyles.field}>
        <label htmlFor={`${id}-note`} className={formStyles.label}>
          {SUBMISSION_TEXT.labels.note}
        </label>
        <p id={`${id}-note-hint`} className={formStyles.hint}>
          {hint}
        </p>
        <textarea
          id={`${id}-note`}
          name="note"
          maxLength={SUBMISSION_LIMITS.note}
          required={intent === "decline"}
          defaultValue={initialNote}
          aria-invalid={noteErrors ? true : undefined}
          aria-describedby={[`${id}-note-hint`, noteErrors && `${id}-note-error`].filter(Boolean).join(" ")}
          className={formStyles.textarea}
        />
        <FieldErrors id={`${id}-note-error`} errors={noteErrors} />
      </div>
      <div className={formStyles.actions}>
        <Button type="submit" variant={intent === "accept" ? "uber" : "destructive"} disabled={busy}>
          {intent === "accept" ? T.accept : T.decline}
        </Button>
      </div>
    </Form>
  );
}

export default function AdminSubmissionRoute() {
  const { submission, brief } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: string) => (actionData?.intent === intent ? (actionData.result as Parameters<typeof DecisionForm>[0]["lastResult"]) : null);
  return (
    <div className={styles.stack}>
      <nav aria-label="Breadcrumb">
        <Link to={ADMIN_SUBMISSIONS_PATH} className={page.textLink}>
          <span aria-hidden="true">←</span> {T.back}
        </Link>
      </nav>
      <PageHeader
        eyebrow="Admin · Submission"
        title={submission.title}
        lead={`${T.member} ${submission.member.name} · ${formatDate(submission.createdAt)}`}
        actions={<StatusBadge status={submission.status} />}
      />
      {submission.briefId ? (
        <section className={page.card} aria-labelledby="submission-brief">
          <h2 id="submission-brief" className={page.sectionTitle}>
            {T.briefLabel}
          </h2>
          <p>
            {brief ? (
              <Link to={`/ar/briefs/${brief.id}`} className={page.textLink}>
                {T.briefOpen(brief.title)}
              </Link>
            ) : (
              T.briefOther
            )}
          </p>
        </section>
      ) : null}
      <section className={page.card} aria-labelledby="submission-decision">
        <h2 id="submission-decision" className={page.sectionTitle}>
          {T.decide}
        </h2>
        {submission.campOrigin ? (
          <p className={styles.note} data-testid="credits-from-sheet">
            {CAMP_CREDITS_TEXT.adminFromSheet}
          </p>
        ) : null}
        {submission.status === "pending" ? (
          <div className={styles.twoFields}>
            <DecisionForm intent="accept" lastResult={resultFor("accept")} />
            <DecisionForm intent="decline" lastResult={resultFor("decline")} />
          </div>
        ) : (
          <div className={styles.stack} data-testid="decision">
            <p>
              <StatusBadge status={submission.status} />
              {submission.decidedAt ? ` ${formatDate(submission.decidedAt)}` : null}
              {submission.decidedBy ? ` · ${T.decidedBy} ${submission.decidedBy}` : null}
            </p>
            <FieldErrors id="decision-error" errors={actionData?.result.error?.[""] ?? undefined} />
            {submission.decisionNote ? <p className={styles.note}>{submission.decisionNote}</p> : null}
            {submission.songId ? (
              <p>
                <Link to={`/song/${submission.songId}`} className={page.textLink}>
                  {SUBMISSION_TEXT.inCatalogue}
                </Link>
              </p>
            ) : null}
          </div>
        )}
      </section>
      <SubmissionDetails submission={submission} />
    </div>
  );
}
