/**
 * The browser's Sentry setup, a chunk of its own that sentry.client.ts loads
 * only when SENTRY_DSN is configured (with the SDK, its replay recorder and
 * the scrubber: none of it in any page's first-load JavaScript).
 *
 * SPEC §7 sampling (MONITORING_SAMPLING); replays mask all text and inputs and
 * block media, so a replay shows the shape of a page, never what is on it; no
 * default PII; every event, transaction, replay event and breadcrumb goes
 * through scrubEvent / scrubBreadcrumb (SPEC §8) before it leaves. The role
 * tag is set by app/auth/useAuth.ts whenever the viewer changes.
 */
import { useLocation, useMatches } from "@remix-run/react";
import * as Sentry from "@sentry/remix";
import { useEffect } from "react";
import { MONITORING_SAMPLING } from "./sampling";
import { scrubBreadcrumb, scrubEvent } from "./scrub-event";

export function initBrowserSentry(dsn: string): void {
  Sentry.init({
    dsn,
    environment: window.ENV?.MODE,
    sendDefaultPii: false,
    ...MONITORING_SAMPLING,
    integrations: [
      // Page loads and navigations named by route (a pattern, not the URL).
      Sentry.browserTracingIntegration({ useEffect, useLocation, useMatches }),
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
    beforeSend: scrubEvent,
    beforeSendTransaction: scrubEvent,
    beforeBreadcrumb: scrubBreadcrumb,
  });
  // Replay events are not errors or transactions (beforeSend does not see them): an event
  // processor does, and it sees every other event as well.
  Sentry.addEventProcessor((event) => scrubEvent(event));
}
