/**
 * The dashboard's "Open briefs" (members who answer briefs): the soonest
 * few, each linking to its page, and the way to all of them. The data comes
 * from dashboardOpenBriefs (briefs.server.ts), one query.
 */
import { Link } from "@remix-run/react";
import * as dashboardStyles from "~/dashboard/dashboard.css";
import { BriefMeta } from "./BriefParts";
import { BRIEF_TEXT, MEMBER_BRIEFS_PATH, memberBriefPath } from "./constants";
import * as styles from "./briefs.css";

const T = BRIEF_TEXT.dashboard;

export interface OpenBriefsData {
  briefs: { id: string; title: string; company: string; genre: string | null; deadline: string | null; closedReason: "closed" | "past-deadline" | null; yourAnswers: number }[];
  total: number;
}

export function OpenBriefs({ openBriefs }: { openBriefs: OpenBriefsData }) {
  const { briefs, total } = openBriefs;
  return (
    <section className={dashboardStyles.section} aria-labelledby="open-briefs-title" data-testid="dashboard-briefs">
      <div className={dashboardStyles.sectionHead}>
        <h2 id="open-briefs-title" className={dashboardStyles.sectionHeadTitle}>
          {T.title}
        </h2>
        <p className={dashboardStyles.sectionLead}>{T.lead}</p>
      </div>
      {briefs.length === 0 ? (
        <div className={dashboardStyles.emptyState}>
          <p>{T.empty}</p>
        </div>
      ) : (
        <ul className={styles.list}>
          {briefs.map((brief) => (
            <li key={brief.id} className={styles.answerText}>
              <h3 className={styles.itemTitle}>
                <Link to={memberBriefPath(brief.id)} className={dashboardStyles.moreLink}>
                  {brief.title}
                </Link>
              </h3>
              <BriefMeta brief={brief} />
              {brief.yourAnswers > 0 ? <p className={dashboardStyles.sectionLead}>{BRIEF_TEXT.member.youAnswered(brief.yourAnswers)}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <Link to={MEMBER_BRIEFS_PATH} className={dashboardStyles.moreLink}>
        {total > briefs.length ? `${T.all} (${total})` : T.all}
      </Link>
    </section>
  );
}
