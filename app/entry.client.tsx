import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { ONBOARDING_DIALOG_SELECTOR, loadOnboardingDialogs } from "~/onboarding/dialogs-loader";
import { runLoopGuard } from "~/enhance/device/loop-guard.client";
import { hydrationRoot } from "~/enhance/monitoring/hydration-root";
import { startBrowserMonitoring } from "~/enhance/monitoring/sentry.client";

declare global {
  interface Window {
    ENV?: { SENTRY_DSN?: string; MODE?: string };
  }
}

// SPEC §4's loop guard: on a phone, a fourth full load within 30 s goes to / instead (before
// anything else runs: the page is being left).
const leaving = runLoopGuard();

// Monitoring loads lazily, only where it is configured (SPEC §7 sampling, §8 scrubbing).
if (!leaving && window.ENV?.SENTRY_DSN) void startBrowserMonitoring(window.ENV.SENTRY_DSN).catch(() => undefined);

// A page whose server HTML holds the onboarding welcome or tour dialog starts loading its code
// (a chunk of its own, docs/decisions/0038) at once. Hydration does not wait for it: the dialog
// sits in a Suspense boundary, so React keeps the server's dialog as it is and hydrates it when
// the chunk arrives, while the rest of the page hydrates now.
if (!leaving && document.querySelector(ONBOARDING_DIALOG_SELECTOR)) void loadOnboardingDialogs().catch(() => undefined);

if (!leaving) {
  // SPEC §8: 'Root element not found' when the document has nothing to hydrate.
  const root = hydrationRoot(document);
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}
