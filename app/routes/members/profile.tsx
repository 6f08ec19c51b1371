/** /profile: the signed-in person's own profile, shown and edited (login guard). */
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { roleLabel } from "~/members/roles";
import { ProfileForm } from "~/profile/ProfileForm";
import { ProfileVisibility } from "~/profile/ProfileVisibility";
import { loadOwnProfile, profileForms } from "~/profile/profile-route.server";
import * as styles from "~/profile/profile.css";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `Your profile | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "signed-in",
  nav: { label: "Profile", to: "/profile", order: 60 },
  load: loadOwnProfile,
  forms: profileForms("/profile"),
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const CHANGE_PASSWORD_PATH = `/auth?${new URLSearchParams({ mode: "recover", step: "password", redirect: "/profile" })}`;

const updatedFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default function ProfileRoute() {
  const { viewer, profile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow={roleLabel(viewer.role, viewer.isAdmin)}
        title="Your profile"
        lead="How collaborators and A&R see you in the member directory."
        actions={
          <ButtonLink to="/mobile-profile" variant="ghost">
            Compact view
          </ButtonLink>
        }
      />
      <div className={styles.layout}>
        <section className={page.card} aria-labelledby="edit-profile-title">
          <h2 id="edit-profile-title" className={page.sectionTitle}>
            Edit details
          </h2>
          {/* Remount after a save so the form starts from what was stored. */}
          <ProfileForm key={profile.updatedAt ?? "new"} profile={profile} lastResult={actionData?.result} />
        </section>
        <aside className={styles.aside} aria-label="Profile summary">
          <section className={page.card} aria-labelledby="visibility-title">
            <h2 id="visibility-title" className={page.sectionTitle}>
              Visibility
            </h2>
            <ProfileVisibility userId={viewer.id} role={viewer.role} publicProfile={profile.publicProfile} />
          </section>
          <section className={page.card} aria-labelledby="account-title">
            <h2 id="account-title" className={page.sectionTitle}>
              Account
            </h2>
            <p className={styles.summaryName}>{profile.displayName || viewer.displayName}</p>
            {viewer.email ? <p className={page.muted}>{viewer.email}</p> : null}
            {profile.updatedAt ? <p className={page.muted}>Last saved {updatedFormat.format(new Date(profile.updatedAt))} UTC</p> : null}
            <p>
              <Link to={CHANGE_PASSWORD_PATH} className={page.textLink}>
                Change password
              </Link>
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}
