/** The dashboard's "Your submissions" section (members): the latest few with their status, and the way to submit one. */
import { Link } from "@remix-run/react";
import * as dashboard from "~/dashboard/dashboard.css";
import { ButtonLink } from "~/ui/Button";
import { DASHBOARD_SUBMISSIONS_TEXT, SUBMISSIONS_PATH, submissionPath } from "./status";
import { StatusBadge } from "./StatusBadge";
import type { DashboardSubmissions } from "./submissions.server";
import * as styles from "./submissions.css";

export function SubmissionsSection({ submissions }: { submissions: DashboardSubmissions }) {
  const T = DASHBOARD_SUBMISSIONS_TEXT;
  return (
    <section className={dashboard.section} aria-labelledby="dashboard-submissions-title" data-testid="dashboard-submissions">
      <div className={dashboard.sectionHead}>
        <h2 id="dashboard-submissions-title" className={dashboard.sectionHeadTitle}>
          {T.title}
        </h2>
      </div>
      {submissions.items.length > 0 ? (
        <>
          <ul className={styles.list}>
            {submissions.items.map((item) => (
              <li key={item.id} className={styles.item}>
                <Link to={submissionPath(item.id)} className={styles.itemTitle}>
                  {item.title}
                </Link>
                <StatusBadge status={item.status} />
              </li>
            ))}
          </ul>
          <Link to={SUBMISSIONS_PATH} className={dashboard.moreLink}>
            {submissions.total > submissions.items.length ? `${T.all} (${submissions.total})` : T.submit}
          </Link>
        </>
      ) : (
        <div className={dashboard.emptyState}>
          <p>{T.empty}</p>
          <ButtonLink to={SUBMISSIONS_PATH} variant="uberSubtle">
            {T.submit}
          </ButtonLink>
        </div>
      )}
    </section>
  );
}
