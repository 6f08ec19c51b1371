/**
 * /briefs/:briefId: one brief, for a member to answer with a catalogue song
 * they are credited on (and a note), or with a new song through the
 * submission form (/submissions?brief=<id>). Their own answers show whether
 * the A&R has heard them (not the rating: ADR 0076). A closed brief, or one
 * past its deadline, says so and takes no answer.
 */
import { redirect, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlreadyAnsweredError, answerBriefWithSong, BriefNotAnswerableError, NotCreditedError } from "~/briefs/answers.server";
import { answerSchema } from "~/briefs/brief-schema";
import { answersBriefs, getMemberBrief } from "~/briefs/briefs.server";
import { BriefMeta, BriefState, errorsFor, valueFor } from "~/briefs/BriefParts";
import * as styles from "~/briefs/briefs.css";
import { AR_BRIEFS_PATH, BRIEF_LABELS as L, BRIEF_LIMITS, BRIEF_TEXT, MEMBER_BRIEFS_PATH, memberBriefPath, submitForBriefPath } from "~/briefs/constants";
import { formatDay } from "~/briefs/format";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button, ButtonLink } from "~/ui/Button";

const T = BRIEF_TEXT.member;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.brief.title ?? T.pageTitle} | Briefs | ${PRODUCT_NAME}` }];

const notFound = () => new Response("Not Found", { status: 404 });

const route = defineRoute({
  access: "member",
  async load({ db, viewer, params }) {
    if (!answersBriefs(viewer)) throw redirect(AR_BRIEFS_PATH);
    const view = await getMemberBrief(db, viewer.id, params.briefId ?? "");
    if (!view) throw notFound();
    return view;
  },
  forms: {
    answer: form({
      schema: answerSchema,
      async handle({ db, viewer, params, value, reply }) {
        const briefId = params.briefId ?? "";
        try {
          const answer = await answerBriefWithSong(db, { briefId, memberId: viewer!.id, songId: value.songId, note: value.note });
          return redirectWithToast(memberBriefPath(briefId), { type: "success", message: T.sent(answer.songTitle) });
        } catch (error) {
          if (error instanceof BriefNotAnswerableError) {
            const status = error.reason === "not-found" ? 404 : error.reason === "not-member" ? 403 : 409;
            return reply({ formErrors: [error.message], status });
          }
          if (error instanceof NotCreditedError) return reply({ fieldErrors: { songId: [error.message] }, status: 403 });
          if (error instanceof AlreadyAnsweredError) return reply({ fieldErrors: { songId: [error.message] }, status: 409 });
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

export default function MemberBriefRoute() {
  const { brief, answers, songs, creditedCount } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData?.result ?? null;
  const formErrors = errorsFor(result, "");
  const songErrors = errorsFor(result, "songId");
  const noteErrors = errorsFor(result, "note");
  const closedText = brief.closedReason === "closed" ? T.closed : brief.closedReason === "past-deadline" ? T.pastDeadline : null;
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader eyebrow={`${T.eyebrow} · ${brief.company}`} title={brief.title} actions={<BriefState reason={brief.closedReason} />} />
      <div className={styles.layout}>
        <section className={page.card} aria-labelledby="brief-title">
          <h2 id="brief-title" className={page.sectionTitle}>
            What is asked
          </h2>
          <BriefMeta brief={brief} />
          <p className={styles.body}>{brief.body}</p>
          <Link to={MEMBER_BRIEFS_PATH} className={page.textLink}>
            {T.back}
          </Link>
        </section>
        <section className={page.card} aria-labelledby="answer-title">
          <h2 id="answer-title" className={page.sectionTitle}>
            {T.answerTitle}
          </h2>
          <FieldErrors id="answer-form-error" errors={formErrors} />
          {closedText ? (
            <p className={styles.notice} data-testid="brief-closed">
              {closedText}
            </p>
          ) : (
            <>
              {songs.length === 0 ? (
                <p className={page.muted}>{creditedCount === 0 ? T.noCreditedSongs : T.allSongsSent}</p>
              ) : (
                <Form method="post" className={formStyles.form} aria-describedby={formErrors ? "answer-form-error" : undefined}>
                  <input type="hidden" name="intent" value="answer" />
                  <Field label={L.song} htmlFor="answer-song" hint={T.answerHint} hintId="answer-song-hint" errorId="answer-song-error" errors={songErrors}>
                    <select
                      id="answer-song"
                      name="songId"
                      required
                      defaultValue={valueFor(result, "songId") ?? ""}
                      aria-invalid={songErrors ? true : undefined}
                      aria-describedby={["answer-song-hint", songErrors ? "answer-song-error" : null].filter(Boolean).join(" ")}
                      className={formStyles.control}
                    >
                      <option value="">{T.chooseSong}</option>
                      {songs.map((song) => (
                        <option key={song.id} value={song.id}>
                          {song.title}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field label={L.note} htmlFor="answer-note" errorId="answer-note-error" errors={noteErrors}>
                    <textarea
                      id="answer-note"
                      name="note"
                      rows={4}
                      maxLength={BRIEF_LIMITS.note}
                      defaultValue={valueFor(result, "note") ?? ""}
                      aria-invalid={noteErrors ? true : undefined}
                      aria-describedby={noteErrors ? "answer-note-error" : undefined}
                      className={formStyles.textarea}
                    />
                  </Field>
                  <div className={formStyles.actions}>
                    <Button type="submit" variant="uber" disabled={busy}>
                      {T.send}
                    </Button>
                  </div>
                </Form>
              )}
              <p>
                <ButtonLink to={submitForBriefPath(brief.id)} variant="outline">
                  {T.submitNew}
                </ButtonLink>
              </p>
            </>
          )}
        </section>
      </div>
      <section className={page.card} aria-labelledby="your-answers-title">
        <h2 id="your-answers-title" className={page.sectionTitle}>
          {T.yourAnswers}
        </h2>
        {answers.length === 0 ? (
          <p className={page.muted}>{T.noAnswersYet}</p>
        ) : (
          <ul className={styles.list} data-testid="your-answers">
            {answers.map((answer) => (
              <li key={answer.id} className={styles.answerText} data-testid="your-answer">
                <p className={styles.itemTitle}>{answer.title}</p>
                <p className={page.muted}>
                  {answer.source === "song" ? BRIEF_TEXT.ar.catalogueBadge : BRIEF_TEXT.ar.submissionBadge} · {formatDay(answer.createdAt)} ·{" "}
                  <span className={answer.heard ? styles.status : styles.statusMuted}>{answer.heard ? T.heard : T.waiting}</span>
                </p>
                {answer.note ? <p className={styles.note}>{answer.note}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
