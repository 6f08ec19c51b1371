/**
 * /admin/applications/{applicationId} (admin guard): one applicant, as the
 * admins review them. Their details, answers and tracks (the floating player
 * in collab or solo mode, its queue spanning the neighbouring applicants of
 * the queue the admin came from), each admin's rating and comment, the
 * decision with its note, the offer, and the record of who did what when.
 * Unknown and malformed ids answer 404. docs/decisions/0071-review-and-offers.md
 */
import { data, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useCallback } from "react";
import { publicOrigin, resendOffer, OfferNotResendableError } from "~/applications/offers.server";
import { DecisionForm, RatingForm, ResendOfferForm } from "~/applications/ReviewForms";
import { ReviewPlayer, type Mode } from "~/applications/ReviewPlayer";
import { decideSchema, rateSchema, resendSchema } from "~/applications/review-schema";
import { parseQueueQuery, queueSearch } from "~/applications/review-query";
import { decide, DecisionConflictError, getApplicationReview, saveReview } from "~/applications/review.server";
import * as styles from "~/applications/review.css";
import { KIND_LABELS, REVIEW_TEXT, STATUS_LABELS } from "~/applications/review-text";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded && "application" in loaded ? loaded.application.name : "Application"} | Admin | ${PRODUCT_NAME}` },
];

const modeOf = (url: URL): Mode => (url.searchParams.get("mode") === "solo" ? "solo" : "collab");
/** The page itself, keeping the queue's filter, order and the player's mode. */
const selfHref = (url: URL) => url.pathname + url.search;

function decisionMessage(error: DecisionConflictError): { message: string; status: number } {
  const label = error.status ? (STATUS_LABELS[error.status] ?? error.status) : "";
  switch (error.reason) {
    case "not-found":
      return { message: REVIEW_TEXT.notFoundTitle, status: 404 };
    case "same":
      return { message: REVIEW_TEXT.alreadyThere(label), status: 409 };
    case "final":
      return { message: REVIEW_TEXT.finalDecision(label), status: 409 };
    case "not-decidable":
      return { message: REVIEW_TEXT.notDecidable, status: 409 };
    case "changed":
      return { message: REVIEW_TEXT.changedMeanwhile(label || "decided"), status: 409 };
  }
}

const route = defineRoute({
  access: "admin",
  async load({ db, storage, params, url, viewer }) {
    const query = parseQueueQuery(url.searchParams);
    const review = await getApplicationReview(db, storage, params.applicationId ?? "", viewer.id, { ...query, mode: modeOf(url) });
    if (!review) return data({ missing: true } as const, { status: 404 });
    return { ...review, query: { status: query.status, order: query.order }, mode: modeOf(url) };
  },
  forms: {
    rate: form({
      schema: rateSchema,
      async handle({ db, params, viewer, value, reply, url }) {
        const saved = await saveReview(db, { applicationId: params.applicationId ?? "", adminId: viewer!.id, rating: value.rating, comment: value.comment });
        if (!saved) return reply({ formErrors: [REVIEW_TEXT.notFoundTitle], status: 404 });
        return redirectWithToast(selfHref(url), { type: "success", message: REVIEW_TEXT.ratingSaved });
      },
    }),
    decide: form({
      schema: decideSchema,
      async handle({ db, messages, params, viewer, value, reply, url }) {
        try {
          await decide(db, messages, {
            applicationId: params.applicationId ?? "",
            adminId: viewer!.id,
            decision: value.decision,
            note: value.note,
            expectedStatus: value.expectedStatus,
            origin: publicOrigin(),
          });
        } catch (error) {
          if (error instanceof DecisionConflictError) {
            const { message, status } = decisionMessage(error);
            return reply({ formErrors: [message], status });
          }
          throw error;
        }
        return redirectWithToast(selfHref(url), { type: "success", message: REVIEW_TEXT.decided[value.decision] });
      },
    }),
    resend: form({
      schema: resendSchema,
      async handle({ db, messages, params, viewer, reply, url }) {
        const applicationId = params.applicationId ?? "";
        try {
          const exists = await getApplicationExists(db, applicationId);
          if (!exists) return reply({ formErrors: [REVIEW_TEXT.notFoundTitle], status: 404 });
          await resendOffer(db, messages, { applicationId, adminId: viewer!.id, origin: publicOrigin() });
        } catch (error) {
          if (error instanceof OfferNotResendableError) return reply({ formErrors: [REVIEW_TEXT.cannotResend], status: 409 });
          throw error;
        }
        return redirectWithToast(selfHref(url), { type: "success", message: REVIEW_TEXT.offerResent });
      },
    }),
  },
});

async function getApplicationExists(db: Parameters<typeof saveReview>[0], id: string): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false;
  return Boolean(await db.selectFrom("applications").select("id").where("id", "=", id).where("submitted_at", "is not", null).executeTakeFirst());
}

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

interface FormActionData {
  intent: string;
  result: SubmissionResult<string[]>;
}

export default function AdminApplicationRoute() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const hasData = "application" in loaded;
  const query = hasData ? loaded.query : { status: "pending" as const, order: "newest" as const };
  const hrefFor = useCallback(
    (applicationId: string | null, mode: Mode) =>
      `/admin/applications/${applicationId ?? (hasData ? loaded.application.id : "")}${queueSearch(query, mode === "solo" ? { mode } : {})}`,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [hasData ? loaded.application.id : null, query.status, query.order],
  );

  if (!hasData) {
    return (
      <>
        <PageHeader eyebrow="Admin · Applications" title={REVIEW_TEXT.notFoundTitle} />
        <EmptyState
          icon="inbox"
          title={REVIEW_TEXT.notFoundTitle}
          actions={
            <ButtonLink to="/admin/applications" variant="outline">
              {REVIEW_TEXT.backToQueue}
            </ButtonLink>
          }
        >
          {REVIEW_TEXT.notFoundText}
        </EmptyState>
      </>
    );
  }

  const { application, tracks, previous, next, playerPrevious, playerNext, reviews, average, timeline, offer, mode } = loaded;
  const action = hrefFor(application.id, mode);
  const mine = reviews.find((r) => r.mine) ?? null;
  const status = STATUS_LABELS[application.status] ?? application.status;
  const decidable = ["pending", "shortlisted", "waitlisted"].includes(application.status);
  const kind = application.kind ? KIND_LABELS[application.kind] : "";

  return (
    <>
      <nav aria-label="Breadcrumb">
        <Link to={`/admin/applications${queueSearch(query)}`} className={page.textLink}>
          ← {REVIEW_TEXT.backToQueue} ({STATUS_LABELS[query.status]})
        </Link>
      </nav>
      <PageHeader
        eyebrow={`Application · ${status}`}
        title={application.name}
        lead={[kind, application.location, application.submittedAt ? `submitted ${dateFormat.format(new Date(application.submittedAt))}` : null]
          .filter(Boolean)
          .join(" · ")}
      />
      <nav aria-label="Applicants" className={styles.applicantNav}>
        {previous ? (
          <ButtonLink to={hrefFor(previous.id, mode)} variant="outline" rel="prev" data-testid="previous-applicant">
            ← {REVIEW_TEXT.previousApplicant}: {previous.name}
          </ButtonLink>
        ) : (
          <span />
        )}
        {next ? (
          <ButtonLink to={hrefFor(next.id, mode)} variant="outline" rel="next" data-testid="next-applicant">
            {REVIEW_TEXT.nextApplicant}: {next.name} →
          </ButtonLink>
        ) : (
          <span />
        )}
      </nav>
      <div className={styles.twoColumns}>
        <div className={styles.stack}>
          <section className={page.card} aria-labelledby="tracks-title">
            <h2 id="tracks-title" className={page.sectionTitle}>
              {REVIEW_TEXT.tracksTitle}
            </h2>
            <ReviewPlayer tracks={tracks} previous={playerPrevious} next={playerNext} mode={mode} hrefFor={hrefFor} />
          </section>
          <section className={page.card} aria-labelledby="about-title">
            <h2 id="about-title" className={page.sectionTitle}>
              {REVIEW_TEXT.aboutTitle}
            </h2>
            <dl className={styles.detailList}>
              <div>
                <dt className={styles.detailTerm}>Kind</dt>
                <dd className={styles.detailValue}>{kind}</dd>
              </div>
              <div>
                <dt className={styles.detailTerm}>Location</dt>
                <dd className={styles.detailValue}>{application.location || "Not given"}</dd>
              </div>
              <div>
                <dt className={styles.detailTerm}>Bio</dt>
                <dd className={styles.detailValue}>{application.bio}</dd>
              </div>
              <div>
                <dt className={styles.detailTerm}>{REVIEW_TEXT.linksTitle}</dt>
                <dd className={styles.detailValue}>
                  {application.links.length === 0 ? (
                    REVIEW_TEXT.noLinks
                  ) : (
                    <ul>
                      {application.links.map((link) =>
                        isWebLink(link.url) ? (
                          <li key={link.url}>
                            <a href={link.url} rel="noopener noreferrer nofollow ugc" target="_blank" className={page.textLink}>
                              {link.label || link.url}
                            </a>
                          </li>
                        ) : null,
                      )}
                    </ul>
                  )}
                </dd>
              </div>
            </dl>
          </section>
          <section className={page.card} aria-labelledby="answers-title">
            <h2 id="answers-title" className={page.sectionTitle}>
              {REVIEW_TEXT.answersTitle}
            </h2>
            {application.answers.length === 0 ? (
              <p className={page.muted}>{REVIEW_TEXT.noAnswer}</p>
            ) : (
              <dl className={styles.detailList}>
                {application.answers.map((answer) => (
                  <div key={answer.questionId}>
                    <dt className={styles.detailTerm}>{answer.prompt}</dt>
                    <dd className={styles.detailValue}>{answer.answer || <span className={page.muted}>{REVIEW_TEXT.noAnswer}</span>}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        </div>
        <div className={styles.stack}>
          <section className={page.card} aria-labelledby="decision-title">
            <h2 id="decision-title" className={page.sectionTitle}>
              {REVIEW_TEXT.decisionTitle}
            </h2>
            <p>
              <strong>{status}</strong>
              {application.decidedAt ? ` · ${dateTimeFormat.format(new Date(application.decidedAt))} UTC` : null}
            </p>
            {application.decisionNote ? <p className={styles.comment}>{application.decisionNote}</p> : null}
            {decidable ? (
              <DecisionForm key={application.status} action={action} status={application.status} lastResult={resultFor("decide")} />
            ) : (
              <>
                <p className={page.muted}>{["accepted", "declined"].includes(application.status) ? REVIEW_TEXT.finalDecision(status) : REVIEW_TEXT.notDecidable}</p>
                {resultFor("decide")?.error?.[""] ? (
                  <ul className={page.muted} role="alert">
                    {resultFor("decide")!.error![""]!.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                ) : null}
              </>
            )}
          </section>
          {application.status === "accepted" ? (
            <section className={page.card} aria-labelledby="offer-title">
              <h2 id="offer-title" className={page.sectionTitle}>
                {REVIEW_TEXT.offerTitle}
              </h2>
              <p data-testid="offer-state">
                {!offer
                  ? REVIEW_TEXT.offerNone
                  : offer.state === "accepted"
                    ? REVIEW_TEXT.offerTaken(dateFormat.format(new Date(offer.acceptedAt!)))
                    : offer.state === "expired"
                      ? REVIEW_TEXT.offerExpired(dateFormat.format(new Date(offer.expiresAt)))
                      : REVIEW_TEXT.offerOpen(dateFormat.format(new Date(offer.expiresAt)))}
              </p>
              {offer?.state !== "accepted" ? <ResendOfferForm action={action} lastResult={resultFor("resend")} /> : null}
            </section>
          ) : null}
          <section className={page.card} aria-labelledby="ratings-title">
            <h2 id="ratings-title" className={page.sectionTitle}>
              {REVIEW_TEXT.ratingsTitle}
              {average !== null ? <span className={page.muted}> · {REVIEW_TEXT.average(average, reviews.length)}</span> : null}
            </h2>
            {reviews.length === 0 ? (
              <p className={page.muted}>{REVIEW_TEXT.noRatings}</p>
            ) : (
              <ul className={styles.reviewList} data-testid="reviews">
                {reviews.map((review) => (
                  <li key={review.adminId} className={styles.reviewItem}>
                    <span className={styles.reviewHead}>
                      {review.mine ? `${review.adminName} (you)` : review.adminName}
                      <span>{REVIEW_TEXT.ratingOf(review.rating)}</span>
                    </span>
                    {review.comment ? <p className={styles.comment}>{review.comment}</p> : null}
                    <span className={page.muted}>{dateTimeFormat.format(new Date(review.updatedAt))} UTC</span>
                  </li>
                ))}
              </ul>
            )}
            <h3>{REVIEW_TEXT.yourRating}</h3>
            <RatingForm key={mine?.updatedAt ?? "new"} action={action} mine={mine} lastResult={resultFor("rate")} />
          </section>
          <section className={page.card} aria-labelledby="timeline-title">
            <h2 id="timeline-title" className={page.sectionTitle}>
              {REVIEW_TEXT.timelineTitle}
            </h2>
            {timeline.length === 0 ? (
              <p className={page.muted}>{REVIEW_TEXT.timelineEmpty}</p>
            ) : (
              <ol className={styles.timeline} data-testid="timeline">
                {timeline.map((event) => (
                  <li key={event.id} className={styles.timelineItem}>
                    <span>
                      <strong>{event.actorIsApplicant ? REVIEW_TEXT.theApplicant : (event.actorName ?? REVIEW_TEXT.someone)}</strong>{" "}
                      {REVIEW_TEXT.events[event.action] ?? event.action.replace(/_/g, " ")}
                      {event.action === "status_changed" && event.toStatus
                        ? `: ${STATUS_LABELS[event.fromStatus ?? ""] ?? event.fromStatus} → ${STATUS_LABELS[event.toStatus] ?? event.toStatus}`
                        : null}
                    </span>
                    {event.note ? <span className={styles.comment}>“{event.note}”</span> : null}
                    <time dateTime={event.at} className={page.muted}>
                      {dateTimeFormat.format(new Date(event.at))} UTC
                    </time>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
