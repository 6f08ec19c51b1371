/**
 * /submissions/:submissionId: one of the member's own submissions (player,
 * metadata, credits, status and the admins' note). Anyone else's, or an
 * unknown id, is 404: the page does not say whether it exists.
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { FieldErrors } from "~/layout/Field";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { SUBMISSION_TEXT, SUBMISSIONS_PATH, submissionPath } from "~/submissions/constants";
import { StatusBadge, SubmissionDetails } from "~/submissions/SubmissionDetails";
import { withdrawSchema } from "~/submissions/schema";
import { getMemberSubmission, withdrawSubmission } from "~/submissions/submissions.server";
import * as styles from "~/submissions/submissions.css";
import { WithdrawForm } from "~/submissions/WithdrawForm";
import { redirectWithToast } from "~/toast/toast.server";

const T = SUBMISSION_TEXT;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && "submission" in data ? data.submission.title : T.pageTitle} | ${PRODUCT_NAME}` },
];

const route = defineRoute({
  access: "member",
  async load({ db, storage, viewer, params }) {
    const submission = await getMemberSubmission(db, storage, viewer.id, params.submissionId ?? "");
    if (!submission) throw new Response(null, { status: 404 });
    return { submission };
  },
  forms: {
    withdraw: form({
      schema: withdrawSchema,
      async handle({ db, viewer, value, reply }) {
        const withdrawn = await withdrawSubmission(db, viewer!.id, value.submissionId);
        if (!withdrawn) return reply({ formErrors: [T.notFound], status: 404 });
        return redirectWithToast(submissionPath(value.submissionId), { type: "success", message: T.withdrawn(withdrawn.title) });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function SubmissionRoute() {
  const { submission } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData ? (actionData.result.error?.[""] ?? actionData.result.error?.submissionId ?? undefined) : undefined;
  return (
    <div className={`${container} ${page.page}`}>
      <nav aria-label="Breadcrumb">
        <Link to={SUBMISSIONS_PATH} className={page.textLink}>
          <span aria-hidden="true">←</span> {T.back}
        </Link>
      </nav>
      <PageHeader eyebrow={T.eyebrow} title={submission.title} actions={<StatusBadge status={submission.status} />} />
      <FieldErrors id="submission-error" errors={errors} />
      {submission.decisionNote ? (
        <section className={page.card} aria-labelledby="submission-note">
          <h2 id="submission-note" className={page.sectionTitle}>
            {T.decisionNote}
          </h2>
          <p className={styles.note} data-testid="decision-note">
            {submission.decisionNote}
          </p>
        </section>
      ) : null}
      {submission.status === "accepted" && submission.songId ? (
        <p>
          <Link to={`/song/${submission.songId}`} className={page.textLink}>
            {T.inCatalogue}
          </Link>
        </p>
      ) : null}
      {submission.status === "pending" ? <WithdrawForm id={submission.id} title={submission.title} action={submissionPath(submission.id)} /> : null}
      <SubmissionDetails submission={submission} />
    </div>
  );
}
