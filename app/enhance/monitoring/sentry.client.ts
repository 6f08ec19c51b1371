/**
 * Sentry in the browser, started by entry.client.tsx only when SENTRY_DSN is
 * configured. This module is all that is in the first-load JavaScript (a few
 * lines): the SDK, its setup and the scrubber are one dynamic import
 * (sentry-init.client.ts), so browsers of a deployment without monitoring
 * never download any of it. Started once, however often it is called.
 */
let started: Promise<void> | undefined;

export function startBrowserMonitoring(dsn: string): Promise<void> {
  started ??= import("./sentry-init.client").then((module) => module.initBrowserSentry(dsn));
  return started;
}
