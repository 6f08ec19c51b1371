/** How complete the viewer's profile is; each open item links to its field on /profile. */
import { Link } from "@remix-run/react";
import type { ProfileCheck } from "./dashboard.server";
import * as styles from "./dashboard.css";

export function ProfileChecklist({ checks }: { checks: ProfileCheck[] }) {
  const done = checks.filter((check) => check.done).length;
  const percent = Math.round((done / checks.length) * 100);
  return (
    <section className={styles.section} aria-labelledby="checklist-title">
      <h2 id="checklist-title" className={styles.sectionHeadTitle}>
        Your profile
      </h2>
      <p className={styles.sectionLead} id="checklist-progress">
        {done} of {checks.length} done
      </p>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-labelledby="checklist-title"
        aria-describedby="checklist-progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={styles.progressBar} style={{ width: `${percent}%` }} />
      </div>
      <ul className={styles.checklist}>
        {checks.map((check) => (
          <li key={check.key} className={styles.checkItem}>
            <span className={check.done ? styles.checkMarkDone : styles.checkMark} aria-hidden="true">
              {check.done ? "✓" : ""}
            </span>
            {check.done ? (
              <span>
                {check.label}
                <span className="visually-hidden"> (done)</span>
              </span>
            ) : (
              <Link to={check.href} className={styles.checkLink}>
                {check.label}
                <span className="visually-hidden"> (to do)</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
      {done < checks.length ? (
        <Link to="/profile" className={styles.moreLink}>
          Complete your profile
        </Link>
      ) : (
        <p className={styles.sectionLead}>All set.</p>
      )}
    </section>
  );
}
