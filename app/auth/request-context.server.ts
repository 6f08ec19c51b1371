/**
 * Per-request auth state: the cookie jar the auth adapter reads and writes,
 * the client's address (rate limits) and the request's resolved session.
 *
 * Why a request scope: one HTTP request runs several loaders at once (root and
 * page), and each calls a guard. They must share one session resolution, or
 * two of them would rotate the same refresh token; and a cookie set by any of
 * them (a refreshed session, a sign-out) must reach the browser whatever the
 * route returns. server.ts opens the scope (`authRequestScope` middleware,
 * AsyncLocalStorage) and, just before the response headers go out, appends
 * every cookie the scope set. Route authors do nothing.
 *
 * Outside server.ts (integration tests calling a loader or action directly)
 * the context is kept per Request object instead; guards then attach the
 * cookies to the responses they throw, and `getSessionHeaders(request)` gives
 * them to code that wants to attach them to its own response.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createCookieJar, setCookieName, type RecordingCookieJar } from "~/platform/auth/cookies.server";
import { isAuthCookieName } from "~/platform/auth/port";
import { SESSION_ENDED, SESSION_SIGNAL_HEADER } from "./session-signal";
import { formatServerTiming } from "~/platform/http/server-timing";

export interface AuthRequestContext {
  jar: RecordingCookieJar;
  clientAddress: string;
  /** Memoised per-request work (the resolved session). */
  memo: Map<string, Promise<unknown>>;
  /**
   * The response is about one person: the request carried a session cookie,
   * or a viewer was resolved for it (markViewerSpecific). See viewerCacheControl.
   */
  viewerSpecific: boolean;
  /** Each loader this request ran, by route id, for the Server-Timing header (route.server.ts records them). */
  loaderTimings: { routeId: string; durationMs: number }[];
}

const STORE_KEY = Symbol.for("hit-factory.auth-request-scope");
type Holder = { [STORE_KEY]?: AsyncLocalStorage<AuthRequestContext> };
// On globalThis: server.ts and the Remix server bundle are two module graphs.
const scope = ((globalThis as Holder)[STORE_KEY] ??= new AsyncLocalStorage<AuthRequestContext>());

const unscoped = new WeakMap<Request, AuthRequestContext>();

function createContext(cookieHeader: string | null | undefined, clientAddress: string): AuthRequestContext {
  const jar = createCookieJar(cookieHeader);
  return {
    jar,
    clientAddress,
    memo: new Map(),
    viewerSpecific: jar.getAll().some((cookie) => isAuthCookieName(cookie.name)),
    loaderTimings: [],
  };
}

/** Records how long a route's loader took while handling `request` (the loader wrapper, route.server.ts). */
export function recordLoaderTiming(request: Request, routeId: string, durationMs: number): void {
  requestContext(request).loaderTimings.push({ routeId, durationMs });
}

/**
 * The Server-Timing value for the loaders this request ran (one
 * `loader;desc="<route id>";dur=<ms>` each, in the order they finished), or
 * null when none ran (a static file, a cached page). Route ids and durations
 * only: nothing from the request's URL or body.
 */
export function serverTimingFor(context: AuthRequestContext): string | null {
  if (context.loaderTimings.length === 0) return null;
  return formatServerTiming(context.loaderTimings.map(({ routeId, durationMs }) => ({ name: "loader", description: routeId, durationMs })));
}

/** Marks the response to `request` as about one viewer (session.server.ts, when it resolves one). */
export function markViewerSpecific(request: Request): void {
  requestContext(request).viewerSpecific = true;
}

/** What a response about one viewer says to caches: nobody keeps it, the browser included. */
export const PRIVATE_NO_STORE = "private, no-cache, no-store, must-revalidate, max-age=0";

/**
 * The Cache-Control the response to this request must carry, or null to keep
 * the route's own. A response to a request that carried a session, resolved a
 * viewer, or set or cleared a session cookie holds someone's data (the admin's
 * user list, a profile) or their session: no shared cache may keep it and
 * serve it to someone else, and the browser does not write it to disk (the
 * back button on a shared computer). A route that already limited its
 * response to one browser with its own lifetime ("private, max-age=N": signed
 * media, whose access is the URL's signature, not the session) keeps it,
 * unless the response sets cookies.
 */
export function viewerCacheControl(context: AuthRequestContext, routeValue: string | null | undefined): string | null {
  // A route's no-transform survives the replacement: an event stream says it so that the
  // compression middleware (and proxies) pass each event on at once instead of holding it.
  const keep = routeValue && /(?:^|,)\s*no-transform\b/i.test(routeValue) ? ", no-transform" : "";
  if (context.jar.setCookieHeaders().length > 0) return PRIVATE_NO_STORE + keep;
  if (!context.viewerSpecific) return null;
  if (routeValue && /(?:^|,)\s*private\b/i.test(routeValue)) return null;
  return PRIVATE_NO_STORE + keep;
}

/** A Set-Cookie header that removes its cookie (empty value, or a Max-Age of 0 or less). */
function removesCookie(header: string): boolean {
  const [pair = ""] = header.split(";");
  const value = pair.slice(pair.indexOf("=") + 1).trim();
  const maxAge = /;\s*max-age=(-?\d+)/i.exec(header)?.[1];
  return value === "" || (maxAge !== undefined && Number(maxAge) <= 0);
}

/**
 * Did this request end a session? Every way one ends (sign-out, an idle or
 * absolute timeout, a suspension, a refresh that failed) clears the session
 * cookies through this request's jar, so the jar is the one place to ask.
 * The response then carries SESSION_SIGNAL_HEADER (app/auth/session-signal.ts),
 * which the offline service worker reads to empty its caches.
 */
export function sessionEnded(context: AuthRequestContext): boolean {
  const auth = context.jar.setCookieHeaders().filter((header) => isAuthCookieName(setCookieName(header)));
  // A refresh or a sign-in may clear a spare cookie (a token chunk, the PKCE code verifier) while
  // it sets the session: ended only when auth cookies are cleared and none is set.
  return auth.some(removesCookie) && !auth.some((header) => !removesCookie(header));
}

/** The header a response of a request that ended a session carries, or null. */
export function sessionSignalFor(context: AuthRequestContext): [string, string] | null {
  return sessionEnded(context) ? [SESSION_SIGNAL_HEADER, SESSION_ENDED] : null;
}

export function requestContext(request: Request): AuthRequestContext {
  const scoped = scope.getStore();
  if (scoped) return scoped;
  let context = unscoped.get(request);
  if (!context) {
    // Tests name the client address with X-Forwarded-For; server.ts takes it from Express.
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    context = createContext(request.headers.get("cookie"), forwarded || "unknown");
    unscoped.set(request, context);
  }
  return context;
}

export function isScoped(): boolean {
  return scope.getStore() !== undefined;
}

/** Set-Cookie headers produced while handling `request` (last value per cookie). */
export function getSessionHeaders(request: Request): Headers {
  const headers = new Headers();
  for (const cookie of requestContext(request).jar.setCookieHeaders()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Runs `fn` in a fresh scope, as server.ts does for each request (tests of concurrent loaders). */
export function runInRequestScope<T>(request: Request, clientAddress: string, fn: () => Promise<T>): Promise<T> {
  return scope.run(createContext(request.headers.get("cookie"), clientAddress), fn);
}

/**
 * Express middleware: opens the scope and writes its cookies into the
 * response just before the headers are sent. A cookie the route already set
 * with the same name is replaced, so the last state of the session wins.
 * A response that ended a session says so (sessionSignalFor).
 * A response about one viewer is marked private, no-store there too
 * (viewerCacheControl), whoever wrote it. The loaders' durations go out as
 * Server-Timing (serverTimingFor), for the developer tools.
 */
export function authRequestScope() {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const context = createContext(req.headers.cookie, req.ip ?? req.socket.remoteAddress ?? "unknown");
    const writeHead = res.writeHead;
    res.writeHead = function patchedWriteHead(this: ExpressResponse, ...args: unknown[]) {
      applyCookies(res, context.jar.setCookieHeaders());
      const cacheControl = viewerCacheControl(context, res.getHeader("Cache-Control")?.toString());
      if (cacheControl && !res.headersSent) res.setHeader("Cache-Control", cacheControl);
      const signal = sessionSignalFor(context);
      if (signal && !res.headersSent) res.setHeader(...signal);
      const timing = serverTimingFor(context);
      if (timing && !res.headersSent) res.append("Server-Timing", timing);
      return (writeHead as (...a: unknown[]) => ExpressResponse).apply(this, args);
    } as typeof res.writeHead;
    scope.run(context, () => next());
  };
}

function applyCookies(res: ExpressResponse, cookies: string[]) {
  if (cookies.length === 0 || res.headersSent) return;
  const names = new Set(cookies.map(setCookieName));
  const existing = res.getHeader("Set-Cookie");
  const kept = (Array.isArray(existing) ? existing : existing ? [String(existing)] : []).filter(
    (header) => !names.has(setCookieName(header)),
  );
  res.setHeader("Set-Cookie", [...kept, ...cookies]);
}
