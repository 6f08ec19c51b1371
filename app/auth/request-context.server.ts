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
}

const STORE_KEY = Symbol.for("hit-factory.auth-request-scope");
type Holder = { [STORE_KEY]?: AsyncLocalStorage<AuthRequestContext> };
// On globalThis: server.ts and the Remix server bundle are two module graphs.
const scope = ((globalThis as Holder)[STORE_KEY] ??= new AsyncLocalStorage<AuthRequestContext>());

const unscoped = new WeakMap<Request, AuthRequestContext>();

function createContext(cookieHeader: string | null | undefined, clientAddress: string): AuthRequestContext {
  const jar = createCookieJar(cookieHeader);
  return { jar, clientAddress, memo: new Map(), viewerSpecific: jar.getAll().some((cookie) => isAuthCookieName(cookie.name)) };
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
  if (context.jar.setCookieHeaders().length > 0) return PRIVATE_NO_STORE;
  if (!context.viewerSpecific) return null;
  if (routeValue && /(?:^|,)\s*private\b/i.test(routeValue)) return null;
  return PRIVATE_NO_STORE;
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
 * A response about one viewer is marked private, no-store there too
 * (viewerCacheControl), whoever wrote it.
 */
export function authRequestScope() {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const context = createContext(req.headers.cookie, req.ip ?? req.socket.remoteAddress ?? "unknown");
    const writeHead = res.writeHead;
    res.writeHead = function patchedWriteHead(this: ExpressResponse, ...args: unknown[]) {
      applyCookies(res, context.jar.setCookieHeaders());
      const cacheControl = viewerCacheControl(context, res.getHeader("Cache-Control")?.toString());
      if (cacheControl && !res.headersSent) res.setHeader("Cache-Control", cacheControl);
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
