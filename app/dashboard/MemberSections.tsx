/**
 * The member-only sections of the dashboard: the showcase (n of 5, playable),
 * the camps (invitations to answer and upcoming sessions, ADR 0089) and the
 * way back into the tour.
 */
import { Link } from "@remix-run/react";
import type { DashboardCamps } from "~/camps/invitations.server";
import { AnswerForm, campDates, campPath, GroupLine, SessionTimes } from "~/camps/MemberCampParts";
import * as campStyles from "~/camps/member-camps.css";
import { MEMBER_CAMP_TEXT as CAMP_TEXT } from "~/camps/member-text";
import { campRoleLabel } from "~/camps/roles";
import * as pageStyles from "~/layout/page.css";
import { RestartTourButton } from "~/onboarding/RestartTourButton";
import { ShowcaseList } from "~/showcase/ShowcaseList";
import type { ShowcaseTrackView } from "~/showcase/showcase.server";
import { ButtonLink } from "~/ui/Button";
import { DASHBOARD_TEXT } from "./dashboard-text";
import * as styles from "./dashboard.css";

export function ShowcaseSection({ tracks, limit, artist }: { tracks: ShowcaseTrackView[]; limit: number; artist: string }) {
  const T = DASHBOARD_TEXT.showcase;
  return (
    <section className={styles.section} aria-labelledby="showcase-title" data-testid="dashboard-showcase">
      <div className={styles.sectionHead}>
        <h2 id="showcase-title" className={styles.sectionHeadTitle}>
          {T.title}
        </h2>
        <p className={styles.sectionLead}>{T.count(tracks.length, limit)}</p>
      </div>
      {tracks.length > 0 ? (
        <>
          <ShowcaseList tracks={tracks} artist={artist} />
          <Link to="/showcase" className={styles.moreLink}>
            {T.manage}
          </Link>
        </>
      ) : (
        <div className={styles.emptyState}>
          <p>{T.empty}</p>
          <ButtonLink to="/showcase" variant="uberSubtle">
            {T.upload}
          </ButtonLink>
        </div>
      )}
    </section>
  );
}

/**
 * The camp section (ADR 0089): invitations waiting for an answer, each with
 * its answer form right here (it posts to the camp's page, which comes back
 * to /dashboard), then the next sessions: who, which room, when in the
 * venue's zone and the member's own.
 */
export function CampSessions({ camps, timeZone }: { camps: DashboardCamps; timeZone: string }) {
  const T = DASHBOARD_TEXT.camps;
  const { invitations, sessions, anyCamp } = camps;
  const nothing = !anyCamp && invitations.length === 0 && sessions.length === 0;
  return (
    <section className={styles.section} aria-labelledby="camps-title" data-testid="dashboard-camps">
      <h2 id="camps-title" className={styles.sectionHeadTitle}>
        {T.title}
      </h2>
      {invitations.length > 0 ? (
        <div className={campStyles.stack}>
          <h3 className={campStyles.dayTitle}>{T.invitations}</h3>
          <ul className={campStyles.campList} data-testid="dashboard-camp-invitations">
            {invitations.map(({ camp, invitation }) => (
              <li key={camp.id} className={campStyles.sessionItem}>
                <h4 id={`dashboard-camp-${camp.id}`} className={campStyles.campName}>
                  <Link to={campPath(camp.id)} className={pageStyles.textLink}>
                    {camp.name}
                  </Link>
                </h4>
                <p className={campStyles.meta}>
                  {camp.venue} · {campDates(camp.startsOn, camp.endsOn)} · {T.invitedAs(campRoleLabel(invitation.campRole))}
                </p>
                <AnswerForm campId={camp.id} days={camp.days} checkedDays={camp.days} status={invitation.status} back="dashboard" headingId={`dashboard-camp-${camp.id}`} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {sessions.length > 0 ? (
        <div className={campStyles.stack}>
          <h3 className={campStyles.dayTitle}>{T.upcoming}</h3>
          <ul className={campStyles.sessionList} data-testid="dashboard-camp-sessions">
            {sessions.map((session) => (
              <li key={session.sessionId} className={campStyles.sessionItem}>
                <SessionTimes session={session} venueZone={session.timeZone} viewerZone={timeZone} />
                <p className={campStyles.sessionLine}>
                  <Link to={campPath(session.campId)} className={pageStyles.textLink}>
                    {session.campName}
                  </Link>{" "}
                  · {session.roomName}
                </p>
                <p className={campStyles.sessionLine}>
                  {CAMP_TEXT.with}: <GroupLine group={session.group} />
                </p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {nothing ? (
        <div className={styles.emptyState}>
          <p>{T.empty}</p>
          <Link to="/calendar" className={styles.moreLink}>
            {T.calendar}
          </Link>
        </div>
      ) : (
        <>
          {sessions.length === 0 ? <p className={styles.sectionLead}>{T.noUpcoming}</p> : null}
          <div className={campStyles.links}>
            <Link to="/calendar" className={styles.moreLink}>
              {T.calendar}
            </Link>
            <Link to="/camps" className={styles.moreLink}>
              {T.allCamps}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

export function TourSection() {
  const T = DASHBOARD_TEXT.tour;
  return (
    <section className={styles.section} aria-labelledby="tour-title">
      <h2 id="tour-title" className={styles.sectionHeadTitle}>
        {T.title}
      </h2>
      <p className={styles.sectionLead}>{T.body}</p>
      <RestartTourButton returnTo="/dashboard" />
    </section>
  );
}
