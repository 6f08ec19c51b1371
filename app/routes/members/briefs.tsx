/**
 * /briefs: the open briefs, for members (who answer them) and admins. What
 * each asks, for whom (the company the A&R named, never their e-mail), by
 * when. An A&R is sent to their own briefs: A&R do not read each other's.
 * ADR 0076.
 */
import { redirect, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { answersBriefs, listOpenBriefs } from "~/briefs/briefs.server";
import { BriefMeta } from "~/briefs/BriefParts";
import * as styles from "~/briefs/briefs.css";
import { AR_BRIEFS_PATH, BRIEF_TEXT, MEMBER_BRIEFS_SHOWN, memberBriefPath } from "~/briefs/constants";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

const T = BRIEF_TEXT.member;

export const meta: MetaFunction = () => [{ title: `${T.pageTitle} | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "member",
  async load({ db, viewer }) {
    if (!answersBriefs(viewer)) throw redirect(AR_BRIEFS_PATH);
    const { briefs } = await listOpenBriefs(db, viewer.id, { limit: MEMBER_BRIEFS_SHOWN });
    return { briefs };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function MemberBriefsRoute() {
  const { briefs } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader eyebrow={T.eyebrow} title={T.pageTitle} lead={T.lead} />
      {briefs.length === 0 ? (
        <EmptyState icon="inbox" title="No open briefs">
          {T.empty}
        </EmptyState>
      ) : (
        <ul className={styles.list} data-testid="open-briefs">
          {briefs.map((brief) => (
            <li key={brief.id} className={styles.item} data-testid="open-brief">
              <h2 className={styles.itemTitle}>
                <Link to={memberBriefPath(brief.id)} className={page.textLink}>
                  {brief.title}
                </Link>
              </h2>
              <BriefMeta brief={brief} />
              <p className={styles.body}>{brief.body}</p>
              <div className={styles.actions}>
                <ButtonLink to={memberBriefPath(brief.id)} variant="secondary" aria-label={`${T.view}: ${brief.title}`}>
                  {T.view}
                </ButtonLink>
                {brief.yourAnswers > 0 ? <span className={styles.status}>{T.youAnswered(brief.yourAnswers)}</span> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
