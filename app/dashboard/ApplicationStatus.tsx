/**
 * Where an applicant's submitted application stands: the steps (applied, in
 * review, decision) with the current one marked, what happens next, the
 * team's note on a waitlist or a decline, the link to an open offer, and the
 * tracks they sent. The applicant never sees "shortlisted" (it reads as in
 * review), the admins' ratings or their comments (standing.ts).
 */
import type { ReactNode } from "react";
import { ButtonLink } from "~/ui/Button";
import { DASHBOARD_TEXT } from "./dashboard-text";
import * as styles from "./dashboard.css";
import { formatDay } from "./greeting";
import type { ApplicationStanding } from "./standing";

const T = DASHBOARD_TEXT.application;

export function ApplicationStatus({ standing, timeZone, children }: { standing: ApplicationStanding; timeZone: string; children?: ReactNode }) {
  const decided = standing.stage !== "in-review";
  const text = standing.stage === "in-review" ? T.inReview : T[standing.stage];
  const body = standing.stage === "offered" && !standing.offerPath ? T.offered.closed : text.body;
  return (
    <section className={styles.section} aria-labelledby="application-title" data-testid="application-status" data-stage={standing.stage}>
      <h2 id="application-title" className={styles.sectionHeadTitle}>
        {T.title}
      </h2>
      <ol className={styles.steps} aria-label={T.title}>
        <li className={styles.stepDone}>
          <span aria-hidden="true">✓</span> {T.steps.applied}
          <span className="visually-hidden"> (done)</span>
        </li>
        {decided ? (
          <li className={styles.stepDone}>
            <span aria-hidden="true">✓</span> {T.steps.review}
            <span className="visually-hidden"> (done)</span>
          </li>
        ) : (
          <li className={styles.stepCurrent} aria-current="step">
            {T.steps.review}
          </li>
        )}
        {decided ? (
          <li className={styles.stepCurrent} aria-current="step">
            {T.steps.decision}
          </li>
        ) : (
          <li className={styles.step}>{T.steps.decision}</li>
        )}
      </ol>
      <h3 className={styles.bannerTitle}>{text.heading}</h3>
      <p className={styles.bannerBody}>
        {standing.appliedAt ? `${T.inReview.appliedOn(formatDay(standing.appliedAt, timeZone))} ` : ""}
        {standing.decidedAt ? `${T.decidedOn(formatDay(standing.decidedAt, timeZone))} ` : ""}
        {body}
      </p>
      {standing.note ? (
        <figure className={styles.bannerBody} data-testid="application-note">
          <figcaption>
            <strong>{T.noteLabel}</strong>
          </figcaption>
          <blockquote style={{ margin: 0, whiteSpace: "pre-line" }}>{standing.note}</blockquote>
        </figure>
      ) : null}
      {standing.offerPath ? (
        <div className={styles.actions}>
          <ButtonLink to={standing.offerPath} variant="uber">
            {DASHBOARD_TEXT.decision.acceptOffer}
          </ButtonLink>
        </div>
      ) : null}
      {children}
    </section>
  );
}
