/**
 * SPEC §7 "Other": the error-reporting service samples 10% of traces and 10%
 * of sessions for replay, and keeps the replay of every session that hits an
 * error. One place for both sides (sentry.client.ts, sentry.server.ts).
 */
export const MONITORING_SAMPLING = {
  tracesSampleRate: 0.1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const;

/** The tag every event carries: the viewer's role, "anonymous" when signed out (SPEC §6). */
export const ROLE_TAG = "role";
