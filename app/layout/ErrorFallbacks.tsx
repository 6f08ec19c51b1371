/**
 * The three error screens of SPEC §2 and §8. None of them shows error details
 * except the routing-error page, whose text is scrubbed (SPEC §8), and the
 * raw error an admin sees with the errorBoundaries flag off (RawError.tsx).
 */
import { Link, useLocation, useRouteError, isRouteErrorResponse } from "@remix-run/react";
import { Suspense, lazy, useEffect, useState, type ReactNode } from "react";
import { TEXT } from "~/shared/constants";
import { scrubErrorText } from "~/shared/sanitize";
import { reportBoundaryError } from "~/enhance/monitoring/report-boundary-error";
import { buttonClass, ButtonLink } from "~/ui/Button";
import { NotFound } from "./NotFound";
import { useRawErrors } from "./useRawErrors";

/** The raw error for an admin with errorBoundaries off (never in first-load JavaScript: few ever see it). */
const LazyRawError = lazy(() => import("./RawError"));
function RawError({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <LazyRawError error={error} />
    </Suspense>
  );
}
import * as styles from "./layout.css";

/* ------------------------------------------------------------------ */
/* Fallback 1: route level, 'The music stopped playing'               */
/* ------------------------------------------------------------------ */

export interface RouteErrorFallbackProps {
  /** Called once with the caught error (monitoring, analytics). */
  onError?: (error: unknown) => void;
  /** A custom fallback replaces the default screen. */
  fallback?: ReactNode;
}

/**
 * Use as a route's ErrorBoundary. 'Hit Play Again' re-requests the current
 * page, which resets the boundary (a plain link without JavaScript, a client
 * navigation with it). Thrown 404s render the not-found page instead.
 */
export function RouteErrorFallback({ onError, fallback }: RouteErrorFallbackProps) {
  const error = useRouteError();
  const location = useLocation();
  const raw = useRawErrors();
  useEffect(() => {
    // Monitoring (a no-op without SENTRY_DSN): React keeps caught errors to itself.
    reportBoundaryError(error);
    onError?.(error);
  }, [error, onError]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // Other thrown responses (400, 405, 409...) are routing errors with a status
  // worth telling; only unexpected exceptions get the friendly screen.
  if (isRouteErrorResponse(error)) return <RoutingErrorFallback error={error} />;
  if (raw) return <RawError error={error} />;
  if (fallback) return <>{fallback}</>;
  return (
    <section className={`${styles.container} ${styles.centeredPage}`} aria-labelledby="route-error-title">
      <div className={styles.vinyl} aria-hidden="true" />
      <h1 id="route-error-title">{TEXT.musicStoppedTitle}</h1>
      <p className={styles.lead}>{TEXT.musicStoppedText}</p>
      <div className={styles.actions}>
        <Link to={location.pathname + location.search} replace className={buttonClass({ variant: "uber" })}>
          {TEXT.hitPlayAgain}
        </Link>
        <ButtonLink to="/" variant="outline">
          {TEXT.returnToStudio}
        </ButtonLink>
      </div>
      <div>
        <h2 className="visually-hidden">If it keeps happening</h2>
        <ul className={styles.suggestionList}>
          {TEXT.musicStoppedSuggestions.map((suggestion) => (
            <li key={suggestion}>{suggestion}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The ErrorBoundary export for ordinary route modules. */
export function RouteErrorBoundary() {
  return <RouteErrorFallback />;
}

/* ------------------------------------------------------------------ */
/* Fallback 2: root, 'SOMETHING WENT WRONG'                            */
/* ------------------------------------------------------------------ */

// Errors caught in this browser tab, counted when a fallback is committed
// (React re-renders a failing tree before giving up, so counting thrown
// objects would count one crash several times). Effects never run on the
// server, so there every request shows a first error.
let caughtErrorCount = 0;

export function useCaughtErrorCount(error: unknown): number {
  const [count, setCount] = useState(() => caughtErrorCount + 1);
  useEffect(() => {
    caughtErrorCount += 1;
    setCount(caughtErrorCount);
    reportBoundaryError(error);
  }, [error]);
  return count;
}

export function resetCaughtErrorsForTests() {
  caughtErrorCount = 0;
}

export function RootErrorFallback({ error }: { error: unknown }) {
  const location = useLocation();
  const count = useCaughtErrorCount(error);
  const raw = useRawErrors();
  const unstable = count >= TEXT.fallbackManyErrorsFrom;
  const here = location.pathname + location.search;
  if (raw) {
    return (
      <main>
        <RawError error={error} />
      </main>
    );
  }
  return (
    <main className={styles.fatalScreen}>
      <div className={styles.fatalCard} role="alert">
        <h1 className={styles.fatalTitle}>{TEXT.somethingWentWrong}</h1>
        <p className={styles.fatalText}>{unstable ? TEXT.fallbackManyErrors : TEXT.fallbackFewErrors}</p>
        <div className={styles.actions}>
          {unstable ? (
            <button type="button" className={buttonClass({ variant: "uber" })} disabled>
              {TEXT.tryAgain}
            </button>
          ) : (
            <Link to={here} replace className={buttonClass({ variant: "uber" })}>
              {TEXT.tryAgain}
            </Link>
          )}
          <a href={here} className={buttonClass({ variant: "secondary" })} onClick={(event) => { event.preventDefault(); window.location.reload(); }}>
            {TEXT.reloadPage}
          </a>
          <a href="/" className={buttonClass({ variant: "outline" })}>
            {TEXT.goHome}
          </a>
        </div>
        <p className={styles.fatalFooter}>{TEXT.fallbackFooter}</p>
      </div>
    </main>
  );
}

/* ------------------------------------------------------------------ */
/* Fallback 3: routing errors, 'Unexpected Application Error!'         */
/* ------------------------------------------------------------------ */

export function routingErrorText(error: { status: number; statusText: string; data: unknown }): string {
  const detail = typeof error.data === "string" && error.data ? error.data : error.statusText;
  return scrubErrorText(`${error.status} ${detail}`.trim());
}

export function RoutingErrorFallback({ error }: { error: { status: number; statusText: string; data: unknown } }) {
  return (
    <section className={`${styles.container} ${styles.centeredPage}`} aria-labelledby="routing-error-title">
      <h1 id="routing-error-title">{TEXT.unexpectedApplicationError}</h1>
      <p className={styles.errorDetail}>{routingErrorText(error)}</p>
      <ButtonLink to="/" variant="outline">
        {TEXT.goHome}
      </ButtonLink>
    </section>
  );
}
