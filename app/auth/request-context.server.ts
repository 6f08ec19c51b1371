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

export interface AuthRequestContext {
  jar: RecordingCookieJar;
  clientAddress: string;
  /** Memoised per-request work (the resolved session). */
  memo: Map<string, Promise<unknown>>;
}

const STORE_KEY = Symbol.for("hit-factory.auth-request-scope");
type Holder = { [STORE_KEY]?: AsyncLocalStorage<AuthRequestContext> };
// On globalThis: server.ts and the Remix server bundle are two module graphs.
const scope = ((globalThis as Holder)[STORE_KEY] ??= new AsyncLocalStorage<AuthRequestContext>());

const unscoped = new WeakMap<Request, AuthRequestContext>();

function createContext(cookieHeader: string | null | undefined, clientAddress: string): AuthRequestContext {
  return { jar: createCookieJar(cookieHeader), clientAddress, memo: new Map() };
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
 */
export function authRequestScope() {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const context = createContext(req.headers.cookie, req.ip ?? req.socket.remoteAddress ?? "unknown");
    const writeHead = res.writeHead;
    res.writeHead = function patchedWriteHead(this: ExpressResponse, ...args: unknown[]) {
      applyCookies(res, context.jar.setCookieHeaders());
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
  // A response that sets session cookies must never be cached and served to someone else.
  res.setHeader("Cache-Control", "private, no-cache, no-store, must-revalidate, max-age=0");
}
