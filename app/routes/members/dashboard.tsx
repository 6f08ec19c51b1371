/**
 * /dashboard: the signed-in home (login guard), for every persona (ADR 0069).
 * A greeting in the viewer's time zone; the decision banner until dismissed;
 * for an applicant, the application (the form, then where it stands) or a
 * pending A&R request; for members, open A&R briefs and their submissions; what is new in the
 * catalogue since the last visit; for members, their showcase, their camp
 * sessions and the way back into the tour; the profile checklist.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isMember } from "~/auth/viewer";
import { ApplicantArea } from "~/applications/ApplicantArea";
import { ArRequestStatus } from "~/ar/ArRequestStatus";
import { dashboardArRequest } from "~/ar/registrations.server";
import { dashboardOpenBriefs } from "~/briefs/briefs.server";
import { OpenBriefs } from "~/briefs/OpenBriefs";
import { DecisionBanner } from "~/dashboard/DecisionBanner";
import { CampSessions, ShowcaseSection, TourSection } from "~/dashboard/MemberSections";
import { NewInCatalogue } from "~/dashboard/NewInCatalogue";
import { ProfileChecklist } from "~/dashboard/ProfileChecklist";
import { QuickLinks } from "~/dashboard/QuickLinks";
import { dashboardForms, getDashboard } from "~/dashboard/dashboard.server";
import { isPrefetch } from "~/dashboard/visits.server";
import { DASHBOARD_TEXT } from "~/dashboard/dashboard-text";
import * as styles from "~/dashboard/dashboard.css";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { roleLabel } from "~/members/roles";
import { PRODUCT_NAME } from "~/shared/constants";
import { SubmissionsSection } from "~/submissions/DashboardSubmissions";
import { dashboardSubmissions } from "~/submissions/submissions.server";

export const meta: MetaFunction = () => [{ title: `${DASHBOARD_TEXT.pageTitle} | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "signed-in",
  nav: { label: "Dashboard", to: "/dashboard", order: 10 },
  async load({ viewer, db, storage, request }) {
    // The sections read independently of one another: one round of queries, not a queue of them.
    const [dashboard, arRequest, openBriefs, submissions] = await Promise.all([
      getDashboard(db, viewer, { storage, prefetch: isPrefetch(request), searchParams: new URL(request.url).searchParams }),
      dashboardArRequest(db, viewer),
      dashboardOpenBriefs(db, viewer),
      isMember(viewer) ? dashboardSubmissions(db, viewer.id) : null,
    ]);
    return {
      viewer: { displayName: viewer.displayName, role: viewer.role, isAdmin: viewer.isAdmin },
      ...dashboard,
      arRequest,
      openBriefs,
      submissions,
    };
  },
  forms: dashboardForms,
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

export default function DashboardRoute() {
  const { viewer, greeting, timeZone, decision, application, applicant, newSongs, showcase, campSessions, checks, arRequest, openBriefs, submissions } =
    useLoaderData<typeof loader>();
  const member = isMember(viewer);
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow={roleLabel(viewer.role, viewer.isAdmin)}
        title={`${greeting}, ${viewer.displayName}`}
        lead={member ? DASHBOARD_TEXT.memberLead : applicant?.showForm ? DASHBOARD_TEXT.applyLead : DASHBOARD_TEXT.applicantLead}
      />
      {decision ? <DecisionBanner decision={decision} /> : null}
      {applicant ? <ApplicantArea applicant={applicant} standing={application} timeZone={timeZone} /> : null}
      {arRequest ? <ArRequestStatus request={arRequest} timeZone={timeZone} /> : null}
      <div className={styles.grid}>
        <div className={styles.column}>
          {openBriefs ? <OpenBriefs openBriefs={openBriefs} /> : null}
          <NewInCatalogue newSongs={newSongs} timeZone={timeZone} />
          {showcase ? <ShowcaseSection tracks={showcase.tracks} limit={showcase.limit} artist={viewer.displayName} /> : null}
          {submissions ? <SubmissionsSection submissions={submissions} /> : null}
          {campSessions ? <CampSessions camps={campSessions} timeZone={timeZone} /> : null}
        </div>
        <div className={styles.column}>
          <ProfileChecklist checks={checks} />
          {member ? <TourSection /> : null}
        </div>
      </div>
      <section aria-labelledby="next-title">
        <h2 id="next-title" className={page.sectionTitle}>
          {member ? DASHBOARD_TEXT.quickLinks.member : DASHBOARD_TEXT.quickLinks.applicant}
        </h2>
        <QuickLinks viewer={viewer} />
      </section>
    </div>
  );
}
