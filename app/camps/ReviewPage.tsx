/**
 * The camp review page, as admins (/admin/camps/:campId/review) and the camp's
 * participants (/camps/:campId/review) see it: the totals, then per day and
 * session the group and the songs written with their status. Plain markup (no
 * JavaScript needed), lists rather than wide tables so it reads at 320 px.
 */
import { Link } from "@remix-run/react";
import { EmptyState } from "~/layout/EmptyState";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { campRoleLabel } from "./roles";
import type { CampReview, ReviewCamp, ReviewSong } from "./review.server";
import { CAMP_SONG_STATUS_LABELS, campSessionPath, REVIEW_TEXT as T, type CampSongStatus } from "./review-text";
import * as styles from "./review.css";
import { formatCampDay } from "./time";

export function CampSongStatusBadge({ status }: { status: CampSongStatus }) {
  return (
    <span className={styles.badge[status]} data-status={status} data-testid="camp-song-status">
      {CAMP_SONG_STATUS_LABELS[status]}
    </span>
  );
}

const sheetLabel = (sheet: ReviewSong["sheet"]) => (sheet === "complete" ? T.sheetComplete : sheet === "incomplete" ? T.sheetIncomplete : T.sheetEmpty);

export interface ReviewPageProps {
  admin: boolean;
  camp: ReviewCamp;
  review: Omit<CampReview, "camp"> | null;
  backTo: { href: string; label: string } | null;
}

export function ReviewPage({ admin, camp, review, backTo }: ReviewPageProps) {
  const header = (
    <>
      {backTo ? (
        <nav aria-label="Breadcrumb">
          <Link to={backTo.href} className={`${page.textLink} ${styles.targetLink}`}>
            <span aria-hidden="true">←</span> {backTo.label}
          </Link>
        </nav>
      ) : null}
      <PageHeader
        eyebrow={admin ? T.adminEyebrow : T.eyebrow}
        title={T.title(camp.name)}
        lead={`${formatCampDay(camp.startsOn)} – ${formatCampDay(camp.endsOn)} · ${T.venueTime(camp.venue, camp.timeZone)}`}
      />
    </>
  );
  if (!review) {
    return (
      <div className={styles.stack}>
        {header}
        <EmptyState icon="calendar" title={T.notYetTitle}>
          {T.notYet(formatCampDay(camp.startsOn))}
        </EmptyState>
      </div>
    );
  }
  const { totals, days } = review;
  const stats: [string, string | number, string][] = [
    [T.totals.sessions, totals.sessionsHeld, "sessions"],
    [T.totals.songs, totals.songsWritten, "songs"],
    [T.totals.perSession, totals.songsPerSession.toFixed(1), "per-session"],
    [T.totals.completeSheets, totals.completeSheets, "complete-sheets"],
    [T.totals.submitted, totals.submitted, "submitted"],
    [T.totals.catalogue, totals.catalogue, "catalogue"],
    [T.totals.pitched, totals.pitched, "pitched"],
    [T.totals.participants, totals.participants, "participants"],
  ];
  return (
    <div className={styles.stack}>
      {header}
      {camp.phase === "running" ? <p className={page.muted}>{T.running}</p> : null}
      <section className={page.card} aria-labelledby="review-totals">
        <h2 id="review-totals" className={page.sectionTitle}>
          {T.totalsTitle}
        </h2>
        <dl className={page.statGrid} data-testid="review-totals">
          {stats.map(([label, value, key]) => (
            <div key={key} className={page.stat} data-total={key}>
              <dt className={page.statLabel}>{label}</dt>
              <dd className={page.statValue}>{value}</dd>
            </div>
          ))}
        </dl>
        <p className={page.muted} style={{ marginTop: "16px" }}>
          {T.totalsHint}
        </p>
      </section>
      {days.length === 0 ? (
        <p className={page.muted}>{T.noSessions}</p>
      ) : (
        days.map((day) => (
          <section key={day.day} className={styles.day} aria-labelledby={`review-day-${day.day}`}>
            <h2 id={`review-day-${day.day}`} className={styles.dayTitle}>
              {formatCampDay(day.day)}
            </h2>
            <ul className={styles.sessions}>
              {day.sessions.map((session) => (
                <li key={session.id} className={styles.session} data-testid="review-session">
                  <h3 className={styles.sessionTitle}>{T.session(session.startsAt, session.endsAt, session.roomName)}</h3>
                  {session.group.length > 0 ? (
                    <ul className={styles.group} aria-label={T.group}>
                      {session.group.map((person) => (
                        <li key={person.memberId} className={page.chip}>
                          {person.displayName} · {campRoleLabel(person.campRole)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className={page.muted}>{T.nobody}</p>
                  )}
                  {session.songs.length === 0 ? (
                    <p className={page.muted}>{T.noSongs}</p>
                  ) : (
                    <ul className={styles.songs} aria-label={T.songsTitle}>
                      {session.songs.map((song) => (
                        <li key={song.id} className={styles.song} data-testid="review-song" data-camp-song-id={song.id}>
                          <span className={styles.songTitle}>
                            {song.songId && song.songLive ? (
                              <Link to={`/song/${song.songId}`} className={`${page.textLink} ${styles.targetLink}`} aria-label={T.inCatalogue(song.workingTitle)}>
                                {song.workingTitle}
                              </Link>
                            ) : (
                              song.workingTitle
                            )}
                          </span>
                          <span className={styles.songFacts}>
                            <CampSongStatusBadge status={song.status} />
                            <span className={styles.sheet} data-sheet={song.sheet}>
                              {T.columns.sheet}: {sheetLabel(song.sheet)}
                            </span>
                            {admin && song.songId ? (
                              <Link to={`/admin/catalog/${song.songId}`} className={`${page.textLink} ${styles.targetLink}`} aria-label={`${T.editInCatalogue}: ${song.workingTitle}`}>
                                {T.editInCatalogue}
                              </Link>
                            ) : null}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                  <div className={styles.links}>
                    <Link to={campSessionPath(camp.id, session.id)} className={`${page.textLink} ${styles.targetLink}`} aria-label={`${T.openSession}: ${T.session(session.startsAt, session.endsAt, session.roomName)}, ${formatCampDay(day.day)}`}>
                      {T.openSession}
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
