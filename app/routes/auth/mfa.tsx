/**
 * /auth/mfa (access "second-factor", ADR 0099): two-factor sign-in.
 *  - a session whose account has an authenticator, before its code: the challenge
 *    (or a recovery code);
 *  - an admin without one: setting one up, before anything else (every other
 *    page sends them here);
 *  - anyone else: set one up, or manage the one that is on (new recovery codes,
 *    turn it off; admins keep it).
 * ?redirect= (same-site paths only) is where the person goes once through.
 */
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as styles from "~/auth/auth.css";
import { MFA_TEXT } from "~/auth/mfa/mfa-text";
import { afterSecondFactor, SECOND_FACTOR_FORMS, secondFactorView } from "~/auth/mfa/mfa.server";
import { ChallengeView, CodesView, ManageView, SetupView, StartView, type LastResult } from "~/auth/ui/TwoFactor";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { safeSameSitePath } from "~/shared/safe-redirect";

export const meta: MetaFunction = () => [{ title: `${MFA_TEXT.pageTitle} | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

const route = defineRoute({
  access: "second-factor",
  async load({ request, url, viewer, db }) {
    const redirectTo = safeSameSitePath(url.searchParams.get("redirect"), "") || null;
    const shown = await secondFactorView(request, db);
    return { ...shown, redirectTo, continueTo: afterSecondFactor(viewer, redirectTo) };
  },
  forms: SECOND_FACTOR_FORMS,
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

function headingOf(data: ReturnType<typeof useLoaderData<typeof loader>>): { title: string; lead: string } {
  switch (data.view) {
    case "challenge":
      return { title: MFA_TEXT.challengeTitle, lead: MFA_TEXT.challengeLead };
    case "start":
      return data.required ? { title: MFA_TEXT.enrolRequiredTitle, lead: MFA_TEXT.enrolRequiredLead } : { title: MFA_TEXT.enrolOfferTitle, lead: MFA_TEXT.enrolOfferLead };
    case "setup":
      return { title: MFA_TEXT.setupTitle, lead: data.required ? MFA_TEXT.enrolRequiredLead : MFA_TEXT.enrolOfferLead };
    case "codes":
      return { title: MFA_TEXT.codesTitle, lead: MFA_TEXT.codesLead };
    case "manage":
      return { title: MFA_TEXT.manageTitle, lead: MFA_TEXT.manageLead };
  }
}

export default function SecondFactorRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: string): LastResult => (actionData?.intent === intent ? actionData.result : undefined);
  const { title, lead } = headingOf(data);
  return (
    <div className={`${container} ${styles.page}`}>
      <section className={styles.card} aria-labelledby="mfa-title">
        <div className={styles.heading}>
          <p className={styles.lead}>{MFA_TEXT.pageTitle}</p>
          <h1 id="mfa-title" className={styles.title}>
            {title}
          </h1>
          <p className={styles.lead}>{lead}</p>
        </div>
        {data.view === "challenge" ? <ChallengeView redirectTo={data.redirectTo} resultFor={resultFor} /> : null}
        {data.view === "start" ? <StartView required={data.required} redirectTo={data.redirectTo} resultFor={resultFor} continueTo={data.continueTo} /> : null}
        {data.view === "setup" ? <SetupView qrSvg={data.qrSvg} secretKey={data.key} redirectTo={data.redirectTo} resultFor={resultFor} /> : null}
        {data.view === "codes" ? <CodesView codes={data.codes} continueTo={data.continueTo} /> : null}
        {data.view === "manage" ? (
          <ManageView remaining={data.remaining} canDisable={data.canDisable} redirectTo={data.redirectTo} resultFor={resultFor} continueTo={data.continueTo} />
        ) : null}
      </section>
    </div>
  );
}
