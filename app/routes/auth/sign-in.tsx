/**
 * /auth: the sign-in page (SPEC §2). One page, four modes via ?mode=:
 *   sign-in (email or phone + password), sign-up, otp (one-time code by SMS or
 *   e-mail), recover (code, then a new password).
 * ?redirect= (same-site paths only) is where a signed-in person goes next;
 * otherwise each role lands where it belongs. Signed-in visitors are sent on.
 */
import type { MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { safeSameSitePath } from "~/shared/safe-redirect";
import { AUTH_FORMS, destinationAfterSignIn } from "~/auth/auth-actions.server";
import { parseMode, type AuthMode } from "~/auth/forms";
import { honeypotInputProps } from "~/auth/honeypot.server";
import { maskIdentifier } from "~/platform/auth/identifiers";
import { readPendingCode } from "~/auth/pending.server";
import { mayChangeWithoutCurrent } from "~/auth/password-change.server";
import { awaitsSecondFactor, getSessionHeaders, resolveSession } from "~/auth/session.server";
import { secondFactorPage } from "~/auth/mfa/mfa.server";
import { readSuspensionNotice } from "~/auth/suspension.server";
import { SUSPENSION_TEXT, suspensionMessage } from "~/auth/suspension";
import {
  CodeRequestForm,
  CodeVerifyForm,
  NewPasswordForm,
  SignInForm,
  SignUpForm,
  type LastResult,
} from "~/auth/ui/AuthForms";
import * as styles from "~/auth/auth.css";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import { PRODUCT_NAME } from "~/shared/constants";
import { Alert } from "~/ui/Alert";

export const meta: MetaFunction = () => [
  { title: `Sign in | ${PRODUCT_NAME}` },
  { name: "description", content: `Sign in to ${PRODUCT_NAME}.` },
];

type Step = "request" | "verify" | "password";

const route = defineRoute({
  access: "public-viewer",
  async load({ request, url, viewer, db }) {
    const mode = parseMode(url.searchParams.get("mode"));
    const requested = url.searchParams.get("redirect");
    const redirectTo = safeSameSitePath(requested, "") || null;
    let step: Step = url.searchParams.get("step") === "verify" ? "verify" : "request";
    if (mode === "recover" && url.searchParams.get("step") === "password") step = "password";

    // A signed-in visitor has nothing to do here, except set a new password (after a recovery, or a change).
    if (viewer && step !== "password") {
      throw redirect(destinationAfterSignIn(viewer, redirectTo), { headers: getSessionHeaders(request) });
    }
    if (!viewer && step === "password") {
      // A recovery's session that still owes its second factor proves it first, then comes back here.
      const resolved = await resolveSession(request);
      if (resolved.state === "active" && awaitsSecondFactor(resolved.secondFactor)) {
        throw redirect(secondFactorPage(url.pathname + url.search), { headers: getSessionHeaders(request) });
      }
      throw redirect("/auth?mode=recover");
    }

    const pending = step === "verify" ? await readPendingCode(request) : null;
    // A recovery code not asked for on this device (an admin sent it, ADR 0080): the person types
    // the address with the code. Nothing is sent from here.
    const askIdentifier = mode === "recover" && step === "verify" && pending?.purpose !== "recovery";
    if (step === "verify" && !pending && !askIdentifier) {
      const params = new URLSearchParams({ mode });
      if (redirectTo) params.set("redirect", redirectTo);
      throw redirect(`/auth?${params}`);
    }
    return {
      mode,
      step,
      redirectTo,
      sentTo: pending && !askIdentifier ? maskIdentifier(pending.identifier) : null,
      askIdentifier,
      confirmingSignUp: pending?.purpose === "signup",
      // Without a code verified in this session in the last 10 minutes, the current password is needed.
      needsCurrentPassword: step === "password" ? !(await mayChangeWithoutCurrent({ request, db })) : false,
      honeypot: honeypotInputProps(),
      // A session refused for a suspension lands here: the reason and end date (ADR 0080).
      suspension: await readSuspensionNotice(request),
    };
  },
  forms: AUTH_FORMS,
});

export const loader = route.loader;
export const action = route.action;
// Refusals carry Retry-After (429): document and data responses take headers from here.
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

const MODE_LINKS: { mode: AuthMode; label: string }[] = [
  { mode: "sign-in", label: "Password" },
  { mode: "otp", label: "One-time code" },
  { mode: "sign-up", label: "Create account" },
  { mode: "recover", label: "Forgot password" },
];

function modeHref(mode: AuthMode, redirectTo: string | null) {
  const params = new URLSearchParams({ mode });
  if (redirectTo) params.set("redirect", redirectTo);
  return `/auth?${params}`;
}

function headingFor(mode: AuthMode, step: Step, confirmingSignUp: boolean, needsCurrentPassword: boolean): { title: string; lead: string } {
  if (step === "password" && needsCurrentPassword) {
    return { title: "Change your password", lead: "Enter your current password, then the new one. Every other device you are signed in on is signed out." };
  }
  if (mode === "sign-up") return { title: "Create your account", lead: "Use an email address or a phone number. We send a code to confirm it." };
  if (mode === "otp" && step === "verify") {
    return confirmingSignUp
      ? { title: "Confirm your account", lead: "Enter the code we sent to finish signing up." }
      : { title: "Enter your code", lead: "Enter the code we sent to sign in." };
  }
  if (mode === "otp") return { title: "Sign in with a code", lead: "We send a 6-digit code to your email or phone." };
  if (mode === "recover" && step === "verify") return { title: "Check your messages", lead: "Enter the recovery code to continue." };
  if (mode === "recover" && step === "password") return { title: "Choose a new password", lead: "You are signed in: set a new password to finish." };
  if (mode === "recover") return { title: "Forgot your password?", lead: "We send a recovery code to your email or phone." };
  return { title: `Sign in to ${PRODUCT_NAME}`, lead: "Members, A&R professionals and applicants sign in here." };
}

export default function AuthRoute() {
  const { mode, step, redirectTo, sentTo, askIdentifier, confirmingSignUp, honeypot, needsCurrentPassword, suspension } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: string): LastResult => (actionData?.intent === intent ? actionData.result : undefined);
  const { title, lead } = headingFor(mode, step, confirmingSignUp, needsCurrentPassword);

  return (
    <div className={`${container} ${styles.page}`}>
      <HoneypotProvider {...honeypot}>
        <section className={styles.card} aria-labelledby="auth-title">
          <div className={styles.heading}>
            <h1 id="auth-title" className={styles.title}>
              {title}
            </h1>
            <p className={styles.lead}>{lead}</p>
          </div>

          {step !== "password" ? (
            <nav aria-label="Ways to sign in">
              <ul className={styles.modes}>
                {MODE_LINKS.map((item) => (
                  <li key={item.mode}>
                    <Link to={modeHref(item.mode, redirectTo)} className={styles.modeLink} aria-current={item.mode === mode ? "page" : undefined}>
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}

          {suspension ? (
            <Alert variant="destructive" title={SUSPENSION_TEXT.title}>
              <p data-testid="suspension-notice">{suspensionMessage(suspension)}</p>
              <p>{SUSPENSION_TEXT.contact}</p>
            </Alert>
          ) : null}

          {sentTo ? (
            <Alert title="Code sent">
              <p>
                We sent a 6-digit code to <strong>{sentTo}</strong>.
              </p>
            </Alert>
          ) : null}

          {mode === "sign-in" ? <SignInForm lastResult={resultFor("sign-in")} redirectTo={redirectTo} /> : null}
          {mode === "sign-up" ? <SignUpForm lastResult={resultFor("sign-up")} redirectTo={redirectTo} /> : null}
          {mode === "otp" && step === "request" ? <CodeRequestForm purpose="otp" lastResult={resultFor("otp-request")} redirectTo={redirectTo} /> : null}
          {mode === "otp" && step === "verify" ? <CodeVerifyForm purpose="otp" lastResult={resultFor("otp-verify")} redirectTo={redirectTo} /> : null}
          {mode === "recover" && step === "request" ? (
            <CodeRequestForm purpose="recovery" lastResult={resultFor("recover-request")} redirectTo={redirectTo} />
          ) : null}
          {mode === "recover" && step === "verify" ? (
            <CodeVerifyForm purpose="recovery" lastResult={resultFor("recover-verify")} redirectTo={redirectTo} askIdentifier={askIdentifier} />
          ) : null}
          {mode === "recover" && step === "password" ? <NewPasswordForm lastResult={resultFor("new-password")} redirectTo={redirectTo} needsCurrentPassword={needsCurrentPassword} /> : null}

          {step === "verify" ? (
            <p className={styles.links}>
              <Link to={modeHref(mode, redirectTo)} className={styles.link}>
                Send a new code
              </Link>
            </p>
          ) : null}
        </section>
      </HoneypotProvider>
    </div>
  );
}
