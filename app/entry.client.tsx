import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

declare global {
  interface Window {
    ENV?: { SENTRY_DSN?: string; MODE?: string };
  }
}

if (window.ENV?.SENTRY_DSN) {
  // Monitoring loads lazily, only where it is configured (SPEC §7 sampling).
  void import("@sentry/remix").then((Sentry) =>
    Sentry.init({
      dsn: window.ENV?.SENTRY_DSN,
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1.0,
    }),
  );
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
