/**
 * The member-only sections of the dashboard: the showcase (n of 5, playable),
 * the camp sessions (an honest empty state until camps exist) and the way
 * back into the tour.
 */
import { Link } from "@remix-run/react";
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

export function CampSessions() {
  const T = DASHBOARD_TEXT.camps;
  return (
    <section className={styles.section} aria-labelledby="camps-title">
      <h2 id="camps-title" className={styles.sectionHeadTitle}>
        {T.title}
      </h2>
      <div className={styles.emptyState}>
        <p>{T.empty}</p>
        <Link to="/calendar" className={styles.moreLink}>
          {T.calendar}
        </Link>
      </div>
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
