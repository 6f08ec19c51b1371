/**
 * /submissions: the member's song submissions with their status, and the
 * form to submit a song for the catalogue (issue 11 item 6), optionally
 * answering an A&R brief (`?brief=<id>`). Works without JavaScript (plain
 * multipart post, errors under the fields); with it, the upload shows a
 * progress bar. docs/decisions/0075-song-submissions.md
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { findAnswerableBrief } from "~/briefs/answers.server";
import { UploadRejectedError } from "~/catalog/upload.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { FieldErrors } from "~/layout/Field";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { RATE_LIMITS } from "~/platform/rate-limit.server";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { SUBMISSION_TEXT, SUBMISSIONS_PATH, submissionPath } from "~/submissions/constants";
import { StatusBadge, formatDate } from "~/submissions/SubmissionDetails";
import { SubmissionForm } from "~/submissions/SubmissionForm";
import { submitCampSongSchema, submitSchema, withdrawSchema } from "~/submissions/schema";
import { campSongForMember, CampSongSubmissionError } from "~/submissions/camp-song.server";
import { CAMP_CREDITS_TEXT } from "~/camps/review-text";
import {
  BriefUnavailableError,
  collectiveMembers,
  createSubmission,
  genreSuggestions,
  isSubmissionId,
  listMemberSubmissions,
  UnknownCreditMemberError,
  withdrawSubmission,
} from "~/submissions/submissions.server";
import * as styles from "~/submissions/submissions.css";
import { WithdrawForm } from "~/submissions/WithdrawForm";
import { redirectWithToast } from "~/toast/toast.server";

const T = SUBMISSION_TEXT;

export const meta: MetaFunction = () => [{ title: `${T.pageTitle} | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "member",
  async load({ db, viewer, url }) {
    const asked = url.searchParams.get("brief");
    const campSongAsked = url.searchParams.get("campSong");
    const [submissions, members, genres, brief, campSong] = await Promise.all([
      listMemberSubmissions(db, viewer.id),
      collectiveMembers(db, viewer.id),
      genreSuggestions(db),
      isSubmissionId(asked) ? findAnswerableBrief(db, asked) : Promise.resolve(null),
      // A camp song to submit (ADR 0091): its sheet's credits, or why it cannot be submitted.
      campSongAsked === null
        ? Promise.resolve(null)
        : campSongForMember(db, campSongAsked, viewer.id).then(
            (song) => ({
              song: { id: song.id, workingTitle: song.workingTitle, heading: song.heading, credits: song.credits },
              problem: song.sheet.locked ? CAMP_CREDITS_TEXT.errors.alreadySubmitted : song.sheet.complete ? null : CAMP_CREDITS_TEXT.errors.notComplete,
            }),
            (error: unknown) => {
              if (error instanceof CampSongSubmissionError) return { song: null, problem: error.message };
              throw error;
            },
          ),
    ]);
    return {
      campSong,
      submissions,
      members,
      genres,
      brief: brief ? { id: brief.id, title: brief.title } : null,
      briefAsked: asked !== null,
      self: { id: viewer.id, name: viewer.displayName },
    };
  },
  forms: {
    submit: form({
      schema: submitSchema,
      rateLimit: { rule: RATE_LIMITS.uploadsPerUser, subject: ({ viewer }) => viewer!.id },
      async handle({ db, storage, viewer, value, formData, reply }) {
        try {
          const audio = new Uint8Array(await value.audio.arrayBuffer());
          const { audio: _file, intent: _intent, ...fields } = value;
          const created = await createSubmission({ db, storage, memberId: viewer!.id, value: fields, audio });
          return redirectWithToast(submissionPath(created.id), { type: "success", message: T.submitted(created.title) });
        } catch (error) {
          if (error instanceof UploadRejectedError) return reply({ fieldErrors: { audio: [error.message] }, status: 400 });
          if (error instanceof BriefUnavailableError) return reply({ fieldErrors: { briefId: [error.message] }, status: 409 });
          if (error instanceof UnknownCreditMemberError) {
            // Under the row(s) that named them, as the member sees the rows.
            const fieldErrors: Record<string, string[]> = {};
            for (const [name, entry] of formData.entries()) {
              if (/^credits\[\d+\]\.memberId$/.test(name) && typeof entry === "string" && error.memberIds.includes(entry)) fieldErrors[name] = [error.message];
            }
            return reply({ fieldErrors, status: 400 });
          }
          throw error;
        }
      },
    }),
    submitCampSong: form({
      schema: submitCampSongSchema,
      rateLimit: { rule: RATE_LIMITS.uploadsPerUser, subject: ({ viewer }) => viewer!.id },
      async handle({ db, storage, viewer, value, reply }) {
        try {
          const audio = new Uint8Array(await value.audio.arrayBuffer());
          const { audio: _file, intent: _intent, ...fields } = value;
          // The credits are the split sheet's, read on the server: whatever credit rows were posted are not read.
          const created = await createSubmission({ db, storage, memberId: viewer!.id, value: fields, audio });
          return redirectWithToast(submissionPath(created.id), { type: "success", message: T.submitted(created.title) });
        } catch (error) {
          if (error instanceof UploadRejectedError) return reply({ fieldErrors: { audio: [error.message] }, status: 400 });
          if (error instanceof CampSongSubmissionError) return reply({ fieldErrors: { campSongId: [error.message] }, status: error.status });
          throw error;
        }
      },
    }),
    withdraw: form({
      schema: withdrawSchema,
      async handle({ db, viewer, value, reply }) {
        const withdrawn = await withdrawSubmission(db, viewer!.id, value.submissionId);
        if (!withdrawn) return reply({ formErrors: [T.notFound], status: 404 });
        return redirectWithToast(SUBMISSIONS_PATH, { type: "success", message: T.withdrawn(withdrawn.title) });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function SubmissionsRoute() {
  const { submissions, members, genres, brief, briefAsked, self, campSong } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const listErrors = actionData?.intent === "withdraw" ? (actionData.result.error?.[""] ?? actionData.result.error?.submissionId ?? undefined) : undefined;
  const formAction = campSong?.song
    ? `${SUBMISSIONS_PATH}?campSong=${encodeURIComponent(campSong.song.id)}`
    : brief
      ? `${SUBMISSIONS_PATH}?brief=${encodeURIComponent(brief.id)}`
      : SUBMISSIONS_PATH;

  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader eyebrow={T.eyebrow} title={T.pageTitle} lead={T.lead} />
      <section className={page.card} aria-labelledby="submissions-list-title">
        <h2 id="submissions-list-title" className={page.sectionTitle}>
          {T.listTitle}
        </h2>
        <FieldErrors id="submissions-list-error" errors={listErrors} />
        {submissions.length === 0 ? (
          <p className={page.muted}>{T.empty}</p>
        ) : (
          <ul className={styles.list} data-testid="submission-list">
            {submissions.map((submission) => (
              <li key={submission.id} className={styles.item} data-testid="submission-item">
                <div className={styles.itemText}>
                  <Link to={submissionPath(submission.id)} className={`${page.textLink} ${styles.itemTitle}`}>
                    {submission.title}
                  </Link>
                  <span className={styles.itemMeta}>
                    {submission.genre} · {T.submittedOn} {formatDate(submission.createdAt)}
                  </span>
                </div>
                <div className={styles.itemActions}>
                  <StatusBadge status={submission.status} />
                  {submission.status === "pending" ? <WithdrawForm id={submission.id} title={submission.title} /> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={page.card} aria-labelledby="submission-form-title">
        <h2 id="submission-form-title" className={page.sectionTitle}>
          {T.formTitle}
        </h2>
        {campSong?.song ? (
          <p className={page.lead} data-testid="submitting-camp-song">
            {CAMP_CREDITS_TEXT.submittingCampSong(campSong.song.workingTitle)}
          </p>
        ) : null}
        {campSong?.song ? <p className={page.muted}>{CAMP_CREDITS_TEXT.campSongHint}</p> : null}
        {campSong?.problem ? (
          <p className={styles.note} role="status" data-testid="camp-song-problem">
            {campSong.problem}
          </p>
        ) : null}
        {campSong?.song ? null : brief ? (
          <p className={page.lead} data-testid="answering-brief">
            {T.answering(brief.title)}
          </p>
        ) : briefAsked ? (
          <p className={page.muted}>{T.briefUnavailable}</p>
        ) : null}
        <SubmissionForm
          action={formAction}
          briefId={brief?.id ?? null}
          members={members}
          genres={genres}
          lastResult={actionData?.intent === "submit" || actionData?.intent === "submitCampSong" ? actionData.result : null}
          self={self}
          campSong={campSong?.song ?? null}
        />
      </section>
    </div>
  );
}
