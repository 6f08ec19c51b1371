/**
 * An error an error boundary caught in the browser, reported to Sentry when
 * monitoring is configured (React keeps caught errors to itself, so nothing
 * else would). Loaded lazily like the rest of the SDK; a no-op without
 * SENTRY_DSN. An error the server already reported (a loader's, which Remix
 * hands the browser as "Unexpected Server Error") and thrown responses below
 * 500 are not reported again.
 */
const SERVER_ERROR_MESSAGE = "Unexpected Server Error";

export function reportBoundaryError(error: unknown): void {
  if (typeof window === "undefined" || !window.ENV?.SENTRY_DSN) return;
  if (error instanceof Error && error.message === SERVER_ERROR_MESSAGE) return;
  import("@sentry/remix").then((Sentry) => Sentry.captureRemixErrorBoundaryError(error)).catch(() => undefined);
}
