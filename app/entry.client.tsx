import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { ONBOARDING_DIALOG_SELECTOR, loadOnboardingDialogs } from "~/onboarding/dialogs-loader";

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

// A page whose server HTML holds the onboarding welcome or tour dialog starts loading its code
// (a chunk of its own, docs/decisions/0038) at once. Hydration does not wait for it: the dialog
// sits in a Suspense boundary, so React keeps the server's dialog as it is and hydrates it when
// the chunk arrives, while the rest of the page hydrates now.
if (document.querySelector(ONBOARDING_DIALOG_SELECTOR)) void loadOnboardingDialogs().catch(() => undefined);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
