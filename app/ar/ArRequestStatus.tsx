/**
 * Where a person's A&R access request stands (pending, or declined with the
 * team's note), on their dashboard, /ar and /ar/register. An approved request
 * is not shown: the account is an A&R account then.
 */
import { Link } from "@remix-run/react";
import { formatDay } from "~/dashboard/greeting";
import * as page from "~/layout/page.css";
import { AR_REGISTRATION_TEXT as T, AR_STATUS_LABELS } from "./registration-text";
import * as styles from "./registration.css";

export interface ArRequestView {
  status: "pending" | "approved" | "declined";
  company: string;
  title: string;
  createdAt: string;
  decidedAt: string | null;
  decisionNote: string | null;
}

export function ArRequestStatus({
  request,
  timeZone = "UTC",
  headingLevel = 2,
  offerNew = true,
}: {
  request: ArRequestView;
  timeZone?: string;
  headingLevel?: 2 | 3;
  /** Link a declined request to the form again (not on the form's own page). */
  offerNew?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const declined = request.status === "declined";
  return (
    <section className={styles.statusCard} aria-labelledby="ar-request-title" data-testid="ar-request-status" data-status={request.status}>
      <div className={styles.statusHead}>
        <Heading id="ar-request-title" className={page.sectionTitle} style={{ marginBottom: 0 }}>
          {T.statusTitle}
        </Heading>
        <span className={styles.badge}>{AR_STATUS_LABELS[request.status]}</span>
      </div>
      <p>
        <strong>{declined ? T.declinedTitle : T.pendingTitle}</strong>
      </p>
      <p className={page.muted}>{declined ? T.declinedBody : T.pendingBody(request.company)}</p>
      <dl className={styles.facts}>
        <dt className={styles.factTerm}>Role</dt>
        <dd className={styles.factValue}>{[request.title, request.company].filter(Boolean).join(", ")}</dd>
        <dt className={styles.factTerm}>{T.sentOn}</dt>
        <dd className={styles.factValue}>
          <time dateTime={request.createdAt}>{formatDay(request.createdAt, timeZone)}</time>
        </dd>
        {request.decidedAt ? (
          <>
            <dt className={styles.factTerm}>{T.decidedOn}</dt>
            <dd className={styles.factValue}>
              <time dateTime={request.decidedAt}>{formatDay(request.decidedAt, timeZone)}</time>
            </dd>
          </>
        ) : null}
      </dl>
      {declined && request.decisionNote ? (
        <div>
          <p className={styles.factTerm}>{T.noteLabel}</p>
          <p className={styles.note}>{request.decisionNote}</p>
        </div>
      ) : null}
      {declined && offerNew ? (
        <p>
          <Link to="/ar/register" className={page.textLink}>
            {T.newRequest}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
