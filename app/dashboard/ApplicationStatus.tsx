/**
 * Where an applicant's application stands: the steps (applied, in review,
 * decision) with the current one marked, and what happens next. Only "in
 * review" exists until the membership issue stores applications and their
 * decisions (standing.ts).
 */
import { DASHBOARD_TEXT } from "./dashboard-text";
import * as styles from "./dashboard.css";
import { formatDay } from "./greeting";
import type { ApplicationStanding } from "./standing";

const T = DASHBOARD_TEXT.application;

export function ApplicationStatus({ standing, timeZone }: { standing: ApplicationStanding; timeZone: string }) {
  const text = T.inReview;
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
        <li className={styles.stepCurrent} aria-current="step">
          {T.steps.review}
        </li>
        <li className={styles.step}>{T.steps.decision}</li>
      </ol>
      <h3 className={styles.bannerTitle}>{text.heading}</h3>
      <p className={styles.bannerBody}>
        {standing.appliedAt ? `${text.appliedOn(formatDay(standing.appliedAt, timeZone))} ` : ""}
        {text.body}
      </p>
    </section>
  );
}
