/** /mobile-profile: the own-profile form in one compact column (login guard). */
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { ProfileForm } from "~/profile/ProfileForm";
import { ProfileVisibility } from "~/profile/ProfileVisibility";
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
  const { viewer, profile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className={container}>
      <div className={styles.compactPage}>
        <div className={page.headerText}>
          <h1 className={styles.compactTitle}>Your profile</h1>
          <ProfileVisibility userId={viewer.id} role={viewer.role} publicProfile={profile.publicProfile} />
        </div>
        <ProfileForm key={profile.updatedAt ?? "new"} profile={profile} lastResult={actionData?.result} layout="compact" />
        <p className={page.muted}>
          <Link to="/profile">Open the full profile page</Link>
        </p>
      </div>
    </div>
  );
}
