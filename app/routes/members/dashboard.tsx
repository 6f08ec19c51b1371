/** /dashboard: the signed-in home (login guard). Greets by name and says where the person stands. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isMember } from "~/auth/viewer";
import { ProfileChecklist } from "~/dashboard/ProfileChecklist";
import { QuickLinks } from "~/dashboard/QuickLinks";
import { getDashboard } from "~/dashboard/dashboard.server";
import * as styles from "~/dashboard/dashboard.css";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { roleLabel } from "~/members/roles";
import { PRODUCT_NAME } from "~/shared/constants";
import { Alert } from "~/ui/Alert";

export const meta: MetaFunction = () => [{ title: `Dashboard | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "signed-in",
  nav: { label: "Dashboard", to: "/dashboard", order: 10 },
  async load({ viewer, db }) {
    const dashboard = await getDashboard(db, viewer);
    return {
      viewer: { displayName: viewer.displayName, role: viewer.role, isAdmin: viewer.isAdmin },
      ...dashboard,
    };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;


export const ErrorBoundary = RouteErrorBoundary;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

export default function DashboardRoute() {
  const { viewer, joinedAt, checks, publicMembers } = useLoaderData<typeof loader>();
  const member = isMember(viewer);
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow={roleLabel(viewer.role, viewer.isAdmin)}
        title={`Welcome back, ${viewer.displayName}`}
        lead={
          member
            ? `You're part of ${PRODUCT_NAME}. ${publicMembers === 1 ? "1 member is" : `${publicMembers} members are`} in the directory.`
            : "Thanks for applying. Here is where your application stands."
        }
      />
      {member ? null : (
        <Alert title="Your application is being reviewed">
          Our team listens to every application and decides on each one.
          {joinedAt ? ` You applied on ${dateFormat.format(new Date(joinedAt))}.` : ""} The decision will appear here when it is made.
        </Alert>
      )}
      <div className={styles.grid}>
        <section aria-labelledby="next-title">
          <h2 id="next-title" className={page.sectionTitle}>
            {member ? "Jump back in" : "While you wait"}
          </h2>
          <QuickLinks viewer={viewer} />
        </section>
        <ProfileChecklist checks={checks} />
      </div>
    </div>
  );
}
