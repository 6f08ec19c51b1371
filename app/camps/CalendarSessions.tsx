/**
 * The member's sessions on /calendar (ADR 0088), by camp and day: the room,
 * the time at the venue and in the member's own zone (strings made on the
 * server, so the page reads the same with and without JavaScript), the group
 * (names; a link only to a public profile) and links to the session and the
 * camp.
 */
import { Link } from "@remix-run/react";
import type { CalendarCamp, CalendarSession } from "./calendar.server";
import { CALENDAR_TEXT as T } from "./calendar-text";
import * as styles from "./calendar.css";

export function CalendarCamps({ camps, kind }: { camps: CalendarCamp[]; kind: "upcoming" | "past" }) {
  return (
    <>
      {camps.map((camp) => {
        const headingId = `${kind}-camp-${camp.campId}`;
        return (
          <article key={camp.campId} className={styles.camp} aria-labelledby={headingId} data-testid="calendar-camp">
            <div className={styles.campHead}>
              <h3 id={headingId} className={styles.campTitle}>
                {camp.campName}
              </h3>
              <span className={styles.actions}>
                <Link to={`/camps/${camp.campId}`} className={styles.link} aria-label={T.campLinkLabel(camp.campName)}>
                  {T.campLink}
                </Link>
                {camp.campCalendar ? (
                  <a href={`/camps/${camp.campId}/calendar.ics`} className={styles.link} download aria-label={T.campCalendarLabel(camp.campName)}>
                    {T.campCalendar}
                  </a>
                ) : null}
              </span>
            </div>
            <p className={styles.meta}>
              {camp.venue} · {camp.timeZone}
            </p>
            {camp.days.every((day) => day.sessions.every((session) => session.memberTime === null)) ? (
              <p className={styles.meta} data-testid="same-zone">
                {T.sameZone(camp.timeZone)}
              </p>
            ) : null}
            {camp.days.map((day) => (
              <section key={day.day} className={styles.day} aria-labelledby={`${headingId}-${day.day}`}>
                <h4 id={`${headingId}-${day.day}`} className={styles.dayTitle}>
                  <time dateTime={day.day}>{day.label}</time>
                </h4>
                <ul className={styles.sessionList}>
                  {day.sessions.map((session) => (
                    <SessionItem key={session.sessionId} session={session} timeZone={camp.timeZone} />
                  ))}
                </ul>
              </section>
            ))}
          </article>
        );
      })}
    </>
  );
}

function SessionItem({ session, timeZone }: { session: CalendarSession; timeZone: string }) {
  const others = session.group.filter((person) => !person.isViewer);
  return (
    <li className={styles.session} data-testid="calendar-session" data-session-id={session.sessionId}>
      <div className={styles.sessionHead}>
        <p>
          <span className={styles.timeLabel}>{T.roomLabel}: </span>
          <strong>{session.roomName}</strong>
        </p>
        <Link
          to={`/camps/${session.campId}/sessions/${session.sessionId}`}
          className={styles.link}
          aria-label={T.sessionLinkLabel(session.roomName, session.venueTime)}
        >
          {T.sessionLink}
        </Link>
      </div>
      <dl className={styles.times}>
        <div className={styles.timeRow}>
          <dt className={styles.timeLabel}>{T.whenVenue}</dt>
          <dd data-testid="venue-time">
            <time dateTime={session.startsAtUtc}>{session.venueTime}</time> ({timeZone})
          </dd>
        </div>
        {session.memberTime ? (
          <div className={styles.timeRow}>
            <dt className={styles.timeLabel}>{T.whenYours}</dt>
            <dd data-testid="member-time">
              <time dateTime={session.startsAtUtc}>{session.memberTime}</time>
            </dd>
          </div>
        ) : null}
        <div className={styles.timeRow}>
          <dt className={styles.timeLabel}>{T.groupLabel}</dt>
          <dd>
            {others.length === 0 ? (
              <span className={styles.meta}>{T.groupEmpty}</span>
            ) : (
              <ul className={styles.people} data-testid="session-group">
                {others.map((person, index) => (
                  <li key={person.memberId ?? `${index}-${person.displayName}`}>
                    {person.linked && person.memberId ? (
                      <Link to={`/members/${person.memberId}`} className={styles.link}>
                        {person.displayName}
                      </Link>
                    ) : (
                      <span>{person.displayName}</span>
                    )}{" "}
                    <span className={styles.meta}>({person.roleLabel})</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}
