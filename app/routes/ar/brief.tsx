/**
 * /ar/briefs/:briefId: one brief and its answers, for the A&R who posted it
 * (and admins); any other A&R gets 404, as for an unknown id. Each answer:
 * the member, the song (a catalogue song or a new submission), their note,
 * playable in the floating player, rated with the feedback scale. ADR 0076.
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArNav } from "~/ar/ArNav";
import { briefStatusForms, rateForm } from "~/briefs/ar-forms.server";
import { getArBrief, listBriefAnswers, type BriefAnswerView } from "~/briefs/briefs.server";
import { BriefMeta, BriefState, errorsFor } from "~/briefs/BriefParts";
import * as styles from "~/briefs/briefs.css";
import { AR_BRIEFS_PATH, arBriefPath, BRIEF_LABELS, BRIEF_TEXT, submissionAudioUrlPath } from "~/briefs/constants";
import { formatDay } from "~/briefs/format";
import { FieldErrors } from "~/layout/Field";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import type { Track } from "~/player/logic";
import { PlayButton } from "~/player/PlayButton";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { FEEDBACK_RATINGS, feedbackLabel } from "~/shortlists/ratings";
import { Button } from "~/ui/Button";

const T = BRIEF_TEXT.ar;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.brief.title ?? T.pageTitle} | A&R | ${PRODUCT_NAME}` }];

const notFound = () => new Response("Not Found", { status: 404 });

const route = defineRoute({
  access: "approved-ar",
  async load({ db, storage, viewer, params }) {
    const brief = await getArBrief(db, viewer, params.briefId ?? "");
    if (!brief) throw notFound();
    return { brief, answers: await listBriefAnswers(db, storage, brief.id) };
  },
  forms: {
    ...briefStatusForms(arBriefPath),
    rate: rateForm(
      (params) => params.briefId ?? "",
      (briefId, answerId) => `${arBriefPath(briefId)}#answer-${answerId}`,
    ),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

/** An answer as a player track: its id is the answer's (two members may send the same song). */
function answerTrack(answer: BriefAnswerView): Track | null {
  if (!answer.audioUrl) return null;
  return {
    id: answer.id,
    url: answer.audioUrl,
    title: answer.title,
    artist: answer.artist || answer.memberName,
    ...(answer.songId ? { songId: answer.songId } : { freshUrlEndpoint: submissionAudioUrlPath(answer.submissionId!) }),
  };
}

function RateForm({ answer, errors }: { answer: BriefAnswerView; errors?: string[] }) {
  const groupId = `rating-${answer.id}`;
  return (
    <Form method="post" className={styles.ratingForm} preventScrollReset>
      <input type="hidden" name="answerId" value={answer.id} />
      <fieldset className={styles.ratingGroup} aria-describedby={errors ? `${groupId}-error` : undefined}>
        <legend className={styles.ratingLegend}>
          {BRIEF_LABELS.rating}: {answer.title}
        </legend>
        {FEEDBACK_RATINGS.map((rating) => (
          <label key={rating.value} className={styles.ratingChoice}>
            <input type="radio" name="rating" value={rating.value} defaultChecked={answer.rating === rating.value} required />
            <span>{rating.label}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" name="intent" value="rate" variant="secondary" aria-label={`${T.rate}: ${answer.title}`}>
        {T.rate}
      </Button>
      <FieldErrors id={`${groupId}-error`} errors={errors} />
    </Form>
  );
}

export default function ArBriefRoute() {
  const { brief, answers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const playlist = answers.map(answerTrack).filter((track): track is Track => track !== null);
  const statusErrors = actionData && actionData.intent !== "rate" ? errorsFor(actionData.result, "") ?? errorsFor(actionData.result, "briefId") : undefined;
  const rateErrors = actionData?.intent === "rate" ? [...(errorsFor(actionData.result, "") ?? []), ...(errorsFor(actionData.result, "rating") ?? []), ...(errorsFor(actionData.result, "answerId") ?? [])] : [];
  const ratedAnswerId = actionData?.intent === "rate" ? (actionData.result.initialValue as Record<string, unknown> | undefined)?.answerId : undefined;
  const closing = brief.status === "open";
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow={`${T.eyebrow} · ${brief.company}`}
        title={brief.title}
        actions={<BriefState reason={brief.closedReason} />}
      />
      <ArNav />
      <section className={page.card} aria-labelledby="brief-details-title">
        <h2 id="brief-details-title" className="visually-hidden">
          The brief
        </h2>
        <BriefMeta brief={brief} />
        <p className={styles.body}>{brief.body}</p>
        <FieldErrors id="brief-status-error" errors={statusErrors} />
        <div className={styles.actions}>
          {brief.closedReason === "past-deadline" ? null : (
            <Form method="post">
              <input type="hidden" name="briefId" value={brief.id} />
              <Button type="submit" name="intent" value={closing ? "close" : "reopen"} variant="outline">
                {closing ? T.close : T.reopen}
              </Button>
            </Form>
          )}
          <Link to={AR_BRIEFS_PATH} className={page.textLink}>
            {T.back}
          </Link>
        </div>
      </section>
      <section aria-labelledby="answers-title">
        <h2 id="answers-title" className={page.sectionTitle}>
          {T.answersTitle} ({answers.length})
        </h2>
        {answers.length === 0 ? (
          <p className={page.muted}>{T.noAnswers}</p>
        ) : (
          <ol className={styles.list} data-testid="brief-answers">
            {answers.map((answer) => {
              const track = answerTrack(answer);
              return (
                <li key={answer.id} id={`answer-${answer.id}`} className={styles.answer} data-testid="brief-answer">
                  <div className={styles.answerHead}>
                    {track ? <PlayButton track={track} playlist={playlist} fallbackHref={track.url} showText={false} /> : null}
                    <div className={styles.answerText}>
                      <h3 className={styles.itemTitle}>{answer.title}</h3>
                      <p className={page.muted}>
                        {answer.memberHref ? (
                          <Link to={answer.memberHref} className={page.textLink}>
                            {answer.memberName}
                          </Link>
                        ) : (
                          answer.memberName
                        )}
                        {answer.artist ? ` · ${answer.artist}` : ""} · {answer.source === "song" ? T.catalogueBadge : T.submissionBadge} ·{" "}
                        {formatDay(answer.createdAt)}
                      </p>
                    </div>
                  </div>
                  {track ? null : <p className={page.muted}>{T.noAudio}</p>}
                  {answer.note ? <p className={styles.note}>{answer.note}</p> : <p className={page.muted}>{T.noNote}</p>}
                  <p data-testid="answer-rating">
                    {answer.rating ? <span className={styles.status}>{feedbackLabel(answer.rating)}</span> : <span className={styles.statusMuted}>{T.notRated}</span>}
                  </p>
                  <RateForm answer={answer} errors={ratedAnswerId === answer.id && rateErrors.length > 0 ? rateErrors : undefined} />
                </li>
              );
            })}
          </ol>
        )}
        {rateErrors.length > 0 && !answers.some((answer) => answer.id === ratedAnswerId) ? <FieldErrors id="rate-error" errors={rateErrors} /> : null}
      </section>
    </div>
  );
}
