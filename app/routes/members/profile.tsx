/** /profile: the signed-in person's own profile and account settings, shown and edited (login guard). */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { roleLabel } from "~/members/roles";
import { AccountSection } from "~/profile/AccountSettings";
import { AvatarEditor } from "~/profile/AvatarEditor";
import { ProfileForm } from "~/profile/ProfileForm";
import { ProfileFetchError, useResultFor } from "~/profile/ProfileSections";
import { ProfileVisibility } from "~/profile/ProfileVisibility";
import { PROFILE_INTENTS } from "~/profile/profile-intents";
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

const updatedFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default function ProfileRoute() {
  const { viewer, profile, profileError, avatar, pendingContact, timeZones } = useLoaderData<typeof loader>();
  const resultFor = useResultFor();
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
        <div className={styles.aside}>
          {profileError ? (
            <ProfileFetchError message={profileError} />
          ) : (
            <>
              <section className={page.card} aria-labelledby="picture-title">
                <h2 id="picture-title" className={page.sectionTitle}>
                  Picture
                </h2>
                <AvatarEditor name={profile.displayName || viewer.displayName} avatarUrl={avatar.lg} lastResult={resultFor(PROFILE_INTENTS.avatar)} />
              </section>
              <section className={page.card} aria-labelledby="edit-profile-title">
                <h2 id="edit-profile-title" className={page.sectionTitle}>
                  Edit details
                </h2>
                {/* Remount after a save so the form starts from what was stored. */}
                <ProfileForm key={profile.updatedAt ?? "new"} profile={profile} lastResult={resultFor(PROFILE_INTENTS.profile)} />
              </section>
            </>
          )}
        </div>
        <aside className={styles.aside} aria-label="Profile summary and account settings">
          <section className={page.card} aria-labelledby="visibility-title">
            <h2 id="visibility-title" className={page.sectionTitle}>
              Visibility
            </h2>
            <ProfileVisibility userId={viewer.id} role={viewer.role} publicProfile={profile.publicProfile} />
            {profile.updatedAt ? <p className={page.muted}>Last saved {updatedFormat.format(new Date(profile.updatedAt))} UTC</p> : null}
          </section>
          <AccountSection
            className={page.card}
            titleClassName={page.sectionTitle}
            email={viewer.email}
            phone={viewer.phone}
            pendingContact={pendingContact}
            timeZone={profile.timeZone}
            timeZones={timeZones}
            resultFor={resultFor}
            returnTo="/profile"
          />
        </aside>
      </div>
    </div>
  );
}
