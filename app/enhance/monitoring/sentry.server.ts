/**
 * Sentry on the server, only when SENTRY_DSN is set (server.ts starts it).
 *
 *  - SPEC §7 sampling (10% of traces), no default PII, and every event,
 *    transaction and breadcrumb scrubbed before it leaves (scrub-event.ts,
 *    SPEC §8).
 *  - Each request runs in an isolation scope of its own (the middleware
 *    below) tagged role=anonymous; once the request resolves a viewer
 *    (app/auth/session.server.ts) the tag becomes the viewer's role (SPEC §6).
 *    A tag set for one request never shows on another's events.
 *  - Errors reach Sentry from Remix's handleError (entry.server.tsx).
 *
 * server.ts and the Remix server bundle are two module graphs: the started
 * SDK is kept on globalThis, so both see the same one; without a DSN nothing
 * here imports the SDK at all and every function is a no-op.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { MONITORING_SAMPLING, ROLE_TAG } from "./sampling";
import { scrubBreadcrumb, scrubEvent } from "./scrub-event";

type SentryModule = typeof import("@sentry/remix");

const STARTED = Symbol.for("hit-factory.server-monitoring");
type Holder = { [STARTED]?: SentryModule };
const holder = globalThis as Holder;

export async function startServerMonitoring({ dsn, environment }: { dsn: string; environment: string }): Promise<void> {
  const Sentry = await import("@sentry/remix");
  Sentry.init({
    dsn,
    environment,
    sendDefaultPii: false,
    tracesSampleRate: MONITORING_SAMPLING.tracesSampleRate,
    beforeSend: scrubEvent,
    beforeSendTransaction: scrubEvent,
    beforeBreadcrumb: scrubBreadcrumb,
  });
  holder[STARTED] = Sentry;
}

/** Express middleware (server.ts): each request in its own isolation scope, anonymous until a viewer is resolved. */
export function monitoringRequestScope() {
  return (_req: ExpressRequest, _res: ExpressResponse, next: NextFunction) => {
    const Sentry = holder[STARTED];
    if (!Sentry) return next();
    Sentry.withIsolationScope((scope) => {
      scope.setTag(ROLE_TAG, "anonymous");
      next();
    });
  };
}

/** The role of the viewer this request resolved, on its events (app/auth/session.server.ts). */
export function tagRequestRole(role: string): void {
  holder[STARTED]?.getIsolationScope().setTag(ROLE_TAG, role);
}

/** An error Remix caught while handling `request` (entry.server.tsx handleError). */
export function reportServerError(error: unknown, request: Request): void {
  // Sentry types the request as Remix v1's; v2's (the web Request) is what it reads.
  const args = { request, params: {}, context: {} } as unknown as Parameters<SentryModule["sentryHandleError"]>[1];
  holder[STARTED]?.sentryHandleError(error, args);
}

/** Sends what is queued (tests; a graceful shutdown). */
export async function flushServerMonitoring(timeoutMs = 2_000): Promise<void> {
  await holder[STARTED]?.flush(timeoutMs);
}
