/**
 * The pieces of the member's camp pages and the dashboard's camp section
 * (ADR 0089): the answer form (a plain post, with or without JavaScript: the
 * server checks it with the route's schema and its errors come back under
 * the days; no client-side validation library, so the dashboard stays inside
 * the JavaScript budget, ADR 0038), a session's times in the venue's zone and the member's own, and a session
 * with its group.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { Button } from "~/ui/Button";
import { ANSWER_INTENT, MEMBER_CAMP_TEXT, type AnswerBack } from "./member-text";
import * as styles from "./member-camps.css";
import { campRoleLabel } from "./roles";
import type { CampRole } from "~/platform/db/schema";
import { formatCampDay, formatInZone, zoneAbbreviation } from "./time";

const T = MEMBER_CAMP_TEXT;

/** "Tuesday 15 December 2026" without the year, for a day checkbox. */
export function shortCampDay(day: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
  }).format(new Date(`${day}T12:00:00Z`));
}

/** "15 – 17 December 2026" of a camp's dates. */
export function campDates(startsOn: string, endsOn: string): string {
  const first = formatCampDay(startsOn);
  if (startsOn === endsOn) return first;
  return `${shortCampDay(startsOn)} to ${formatCampDay(endsOn)}`;
}

export function campPath(campId: string): string {
  return `/camps/${campId}`;
}

export function AnswerForm({
  campId,
  days,
  checkedDays,
  status,
  sessionsPerDay = {},
  back,
  lastResult,
  headingId,
}: {
  campId: string;
  days: string[];
  /** The days ticked to start with: the member's days once accepted, else every day. */
  checkedDays: string[];
  status: "invited" | "accepted" | "declined";
  sessionsPerDay?: Record<string, number>;
  back: AnswerBack;
  /** The server's reply to the last post of this form (its errors, and the days as sent). */
  lastResult?: SubmissionResult<string[]>;
  /** The heading that names the form (its accessible name). */
  headingId?: string;
}) {
  const formId = `answer-${campId}`;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === campPath(campId);
  const hasSessions = Object.values(sessionsPerDay).some((n) => n > 0);
  const formErrors = lastResult?.error?.[""] ?? undefined;
  // The days' errors, the list's and any one day's ("days[2]"), each said once.
  const dayErrors = [
    ...new Set(
      Object.entries(lastResult?.error ?? {})
        .filter(([name]) => name === "days" || name.startsWith("days["))
        .flatMap(([, messages]) => messages ?? []),
    ),
  ];
  // After a refused post, the days as the member sent them; else the starting days.
  const sent = lastResult?.initialValue?.days;
  const ticked = new Set(lastResult?.initialValue ? (Array.isArray(sent) ? sent : typeof sent === "string" ? [sent] : []) : checkedDays);
  const dayErrorId = `${formId}-days-error`;
  return (
    // Remounted after each reply, so the boxes show what the server answered to.
    <Form
      key={JSON.stringify(lastResult?.initialValue ?? null)}
      method="post"
      action={campPath(campId)}
      id={formId}
      aria-labelledby={headingId}
      aria-describedby={formErrors?.length ? `${formId}-error` : undefined}
      className={formStyles.form}
      preventScrollReset
    >
      <input type="hidden" name="intent" value={ANSWER_INTENT} />
      <input type="hidden" name="back" value={back} />
      <FieldErrors id={`${formId}-error`} errors={formErrors} />
      <fieldset className={formStyles.fieldset} aria-describedby={dayErrors?.length ? dayErrorId : undefined}>
        <legend className={formStyles.legend}>{T.daysLegend}</legend>
        <div className={formStyles.checkGrid}>
          {days.map((day) => (
            <label key={day} className={formStyles.check}>
              <input type="checkbox" name="days" value={day} id={`${formId}-days-${day}`} defaultChecked={ticked.has(day)} aria-invalid={dayErrors?.length ? true : undefined} />
              <span className={styles.checkText}>
                <span>{shortCampDay(day)}</span>
                {sessionsPerDay[day] ? <span className={styles.dayHint}>{T.sessionsOnDay(sessionsPerDay[day]!)}</span> : null}
              </span>
            </label>
          ))}
        </div>
        <FieldErrors id={dayErrorId} errors={dayErrors} />
      </fieldset>
      {hasSessions ? <p className={page.muted}>{T.dropWarning}</p> : null}
      <div className={formStyles.actions}>
        <Button type="submit" name="answer" value="accept" disabled={busy} className={styles.buttonWrap}>
          {status === "accepted" ? T.saveDays : T.accept}
        </Button>
        {status !== "declined" ? (
          <Button type="submit" name="answer" value="decline" variant="outline" disabled={busy} className={styles.buttonWrap}>
            {T.decline}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

export interface TimedSession {
  day: string;
  startsAt: string;
  endsAt: string;
  startsAtUtc: string;
  endsAtUtc: string;
}

/** When a session is: in the venue's zone, and in the member's own when it differs. */
export function SessionTimes({ session, venueZone, viewerZone }: { session: TimedSession; venueZone: string; viewerZone: string }) {
  const start = new Date(session.startsAtUtc);
  const end = new Date(session.endsAtUtc);
  const venue = `${formatInZone(start, venueZone)}–${formatInZone(end, venueZone, { withDate: false })} ${zoneAbbreviation(start, venueZone)}`;
  const own = `${formatInZone(start, viewerZone)}–${formatInZone(end, viewerZone, { withDate: false })} ${zoneAbbreviation(start, viewerZone)}`;
  return (
    <>
      <p className={styles.sessionWhen}>
        <time dateTime={session.startsAtUtc}>{venue}</time> <span className={page.muted}>({T.venueTime(venueZone)})</span>
      </p>
      {own !== venue ? (
        <p className={styles.sessionLine}>
          {own} <span className={page.muted}>({T.yourTime(viewerZone)})</span>
        </p>
      ) : null}
    </>
  );
}

export function GroupLine({ group, roles = true }: { group: { memberId: string; displayName: string; campRole: CampRole }[]; roles?: boolean }) {
  if (group.length === 0) return <span className={page.muted}>{T.nobody}</span>;
  return <>{group.map((person) => (roles ? `${person.displayName} (${campRoleLabel(person.campRole)})` : person.displayName)).join(", ")}</>;
}

export function SessionLink({ campId, sessionId, label }: { campId: string; sessionId: string; label: string }) {
  return (
    <Link to={`/camps/${campId}/sessions/${sessionId}`} className={page.textLink} aria-label={label}>
      {T.openSession}
    </Link>
  );
}
