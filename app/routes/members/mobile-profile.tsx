/**
 * /mobile-profile: the own profile laid out for phones: one compact column,
 * the picture first, then the details and the account settings. The same
 * components and forms as /profile (one pipeline), answering back here.
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { AccountSection } from "~/profile/AccountSettings";
import { AvatarEditor } from "~/profile/AvatarEditor";
import { ProfileForm } from "~/profile/ProfileForm";
import { ProfileFetchError, useResultFor } from "~/profile/ProfileSections";
import { ProfileVisibility } from "~/profile/ProfileVisibility";
import { PROFILE_INTENTS } from "~/profile/profile-intents";
import { loadOwnProfile, profileForms } from "~/profile/profile-route.server";
import * as styles from "~/profile/profile.css";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction = () => [{ title: `Your profile | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "signed-in",
  load: loadOwnProfile,
  forms: profileForms("/mobile-profile"),
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function MobileProfileRoute() {
  const { viewer, profile, profileError, avatar, pendingContact, timeZones } = useLoaderData<typeof loader>();
  const resultFor = useResultFor();
  return (
    <div className={container}>
      <div className={styles.compactPage}>
        <div className={page.headerText}>
          <h1 className={styles.compactTitle}>Your profile</h1>
          <ProfileVisibility userId={viewer.id} role={viewer.role} publicProfile={profile.publicProfile} />
        </div>
        {profileError ? (
          <ProfileFetchError message={profileError} />
        ) : (
          <>
            <AvatarEditor name={profile.displayName || viewer.displayName} avatarUrl={avatar.lg} lastResult={resultFor(PROFILE_INTENTS.avatar)} />
            <ProfileForm key={profile.updatedAt ?? "new"} profile={profile} lastResult={resultFor(PROFILE_INTENTS.profile)} layout="compact" />
          </>
        )}
        <AccountSection
          className={styles.compactSection}
          titleClassName={styles.compactSectionTitle}
          email={viewer.email}
          phone={viewer.phone}
          pendingContact={pendingContact}
          timeZone={profile.timeZone}
          timeZones={timeZones}
          resultFor={resultFor}
          returnTo="/mobile-profile"
        />
        <p className={page.muted}>
          <Link to="/profile">Open the full profile page</Link>
        </p>
      </div>
    </div>
  );
}
