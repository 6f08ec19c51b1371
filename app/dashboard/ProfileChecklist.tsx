import { Link } from "@remix-run/react";
import * as page from "~/layout/page.css";
import type { ProfileCheck } from "./dashboard.server";
import * as styles from "./dashboard.css";

export function ProfileChecklist({ checks }: { checks: ProfileCheck[] }) {
  const done = checks.filter((check) => check.done).length;
  const percent = Math.round((done / checks.length) * 100);
  return (
    <section className={page.card} aria-labelledby="checklist-title">
      <h2 id="checklist-title" className={page.sectionTitle}>
        Your profile
      </h2>
      <p className={page.muted} id="checklist-progress">
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
            <span>
              {check.label}
              <span className="visually-hidden">{check.done ? " (done)" : " (to do)"}</span>
            </span>
          </li>
        ))}
      </ul>
      {done < checks.length ? <Link to="/profile">Complete your profile</Link> : <p className={page.muted}>All set.</p>}
    </section>
  );
}
