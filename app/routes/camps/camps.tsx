/**
 * /camps (member guard, ADR 0089): "Your camps". The invitations waiting for
 * an answer (answerable right here: the form posts to the camp's page and
 * comes back here), the camps the member is coming to (upcoming or running),
 * the ones they declined while they may still change their mind, and past
 * camps; each links to /camps/<id>. Reached from the dashboard's camp section
 * and from the calendar, not from the header (ADR 0089).
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listMemberCamps, type MemberCampEntry } from "~/camps/invitations.server";
import { AnswerForm, campDates, campPath, shortCampDay } from "~/camps/MemberCampParts";
import { MEMBER_CAMP_TEXT } from "~/camps/member-text";
import * as styles from "~/camps/member-camps.css";
import { campRoleLabel } from "~/camps/roles";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

const T = MEMBER_CAMP_TEXT;

export const meta: MetaFunction = () => [{ title: `${T.listTitle} | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "member",
  load: ({ db, viewer }) => listMemberCamps(db, viewer.id),
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function CampsRoute() {
  const camps = useLoaderData<typeof loader>();
  const none = camps.waiting.length + camps.coming.length + camps.declined.length + camps.past.length === 0;
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader title={T.listTitle} lead={T.listLead} />
      {none ? (
        <EmptyState
          icon="calendar"
          title={T.emptyTitle}
          actions={
            <ButtonLink to="/dashboard" variant="outline">
              {T.backToDashboard}
            </ButtonLink>
          }
        >
          {T.empty}
        </EmptyState>
      ) : (
        <div className={styles.stack}>
          {camps.waiting.length > 0 ? (
            <CampGroup id="waiting" title={T.waitingTitle}>
              {camps.waiting.map((entry) => (
                <CampCard key={entry.camp.id} entry={entry} answer />
              ))}
            </CampGroup>
          ) : null}
          {camps.coming.length > 0 ? (
            <CampGroup id="coming" title={T.comingTitle}>
              {camps.coming.map((entry) => (
                <CampCard key={entry.camp.id} entry={entry} />
              ))}
            </CampGroup>
          ) : null}
          {camps.declined.length > 0 ? (
            <CampGroup id="declined" title={T.declinedTitle} lead={T.declinedLead}>
              {camps.declined.map((entry) => (
                <CampCard key={entry.camp.id} entry={entry} />
              ))}
            </CampGroup>
          ) : null}
          {camps.past.length > 0 ? (
            <CampGroup id="past" title={T.pastTitle}>
              {camps.past.map((entry) => (
                <CampCard key={entry.camp.id} entry={entry} />
              ))}
            </CampGroup>
          ) : null}
        </div>
      )}
    </div>
  );
}

function CampGroup({ id, title, lead, children }: { id: string; title: string; lead?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} data-testid={`camps-${id}`}>
      <h2 id={`${id}-title`} className={page.sectionTitle}>
        {title}
      </h2>
      {lead ? <p className={page.muted}>{lead}</p> : null}
      <ul className={styles.campList}>{children}</ul>
    </section>
  );
}

function CampCard({ entry, answer = false }: { entry: MemberCampEntry; answer?: boolean }) {
  const { camp, invitation } = entry;
  const headingId = `camp-${camp.id}-title`;
  const status =
    camp.phase === "past"
      ? T.pastStatus[invitation.status]
      : camp.phase === "running" && invitation.status === "accepted"
      ? T.running
      : T.status[invitation.status];
  return (
    <li className={styles.campCard}>
      <h3 id={headingId} className={styles.campName}>
        <Link to={campPath(camp.id)} className={page.textLink}>
          {camp.name}
        </Link>
      </h3>
      <p className={styles.meta}>
        {camp.venue} · {campDates(camp.startsOn, camp.endsOn)}
      </p>
      <p className={styles.meta}>
        <span className={styles.badge}>{status}</span> · {T.yourRole}: {campRoleLabel(invitation.campRole)}
      </p>
      {invitation.status === "accepted" && invitation.availableDays.length > 0 ? (
        <p className={styles.meta}>{T.yourDays(invitation.availableDays.map(shortCampDay).join(", "))}</p>
      ) : null}
      {answer ? <AnswerForm campId={camp.id} days={camp.days} checkedDays={camp.days} status={invitation.status} back="camps" headingId={headingId} /> : null}
    </li>
  );
}
