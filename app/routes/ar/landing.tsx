/** /ar: the A&R landing (public). Explains A&R access; also where the A&R guard sends others. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import * as styles from "~/ar/ar.css";
import { isApprovedAR } from "~/auth/viewer";
import { ArRequestStatus } from "~/ar/ArRequestStatus";
import { AR_REGISTRATION_TEXT } from "~/ar/registration-text";
import { dashboardArRequest } from "~/ar/registrations.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PRODUCT_NAME } from "~/shared/constants";
import { Alert } from "~/ui/Alert";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [
  { title: `For A&R | ${PRODUCT_NAME}` },
  { name: "description", content: "A&R and label professionals: request access to a vetted catalogue of songs and the writers behind them." },
];

const route = defineRoute({
  access: "public-viewer",
  nav: { label: "For A&R", to: "/ar", order: 80, show: (viewer) => viewer === null },
  async load({ viewer, db }) {
    // A pending (or declined) A&R sees where their request stands, not "request access" again.
    const request = viewer ? await dashboardArRequest(db, viewer) : null;
    return { signedIn: Boolean(viewer), approved: isApprovedAR(viewer), request };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

const STEPS = [
  { title: "Request access", text: "Tell us who you are, where you work and what you are looking for." },
  { title: "We verify you", text: "The team checks every request by hand, so members know who is listening." },
  { title: "Search and listen", text: "Search the catalogue by mood, key, tempo and writer, and reach the people who wrote the song." },
];

export default function ArLandingRoute() {
  const { signedIn, approved, request } = useLoaderData<typeof loader>();
  const pending = request?.status === "pending";
  return (
    <div className={`${container} ${page.page}`}>
      <section className={styles.hero} aria-labelledby="ar-title">
        <p className={page.eyebrow}>For A&amp;R and labels</p>
        <h1 id="ar-title" className={page.title}>
          Find the song before anyone else does
        </h1>
        <p className={page.lead}>
          {PRODUCT_NAME} gives verified A&amp;R professionals a catalogue of finished songs from a vetted collective of
          writers and producers, with credits that add up and the people behind them one message away.
        </p>
        <div className={page.headerActions}>
          {approved ? (
            <ButtonLink to="/ar/dashboard" variant="uber" size="lg">
              Open your A&amp;R dashboard
            </ButtonLink>
          ) : pending ? (
            <ButtonLink to="/dashboard" variant="uber" size="lg">
              {AR_REGISTRATION_TEXT.toDashboard}
            </ButtonLink>
          ) : (
            <ButtonLink to="/ar/register" variant="uber" size="lg">
              Request A&amp;R access
            </ButtonLink>
          )}
          <ButtonLink to="/music-catalog" variant="outline" size="lg">
            Browse the catalogue
          </ButtonLink>
        </div>
      </section>
      {request ? <ArRequestStatus request={request} /> : null}
      {signedIn && !approved && !request ? (
        <Alert title="Your account doesn't have A&R access">
          The A&amp;R dashboard is for approved A&amp;R professionals. Request access below and the team will review it.
        </Alert>
      ) : null}
      <section aria-labelledby="how-title">
        <h2 id="how-title" className={page.sectionTitle}>
          How access works
        </h2>
        <ol className={styles.steps}>
          {STEPS.map((step) => (
            <li key={step.title} className={styles.step}>
              <h3>{step.title}</h3>
              <p className={page.muted}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
