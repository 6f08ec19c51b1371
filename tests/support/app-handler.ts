/**
 * The app's real Remix request handler, in-process, for integration tests
 * that walk routes with HTTP semantics (status, Location, Set-Cookie) but no
 * browser and no port.
 *
 * The server build comes from Vite's SSR module loader on the project's own
 * vite.config.ts (the Remix plugin the production build uses), so no prior
 * `remix vite:build` is needed and the test always sees the current source.
 * The app reads its runtime (database, env) from globalThis, which
 * useTestRuntime() sets in this process, so loaders hit the test database.
 *
 * Around the handler it does what server.ts does around Remix for these
 * concerns: refuse bad request input (400/415, input-hygiene.server.ts),
 * refuse cross-site writes (403), open the per-request auth scope, append the
 * cookies the scope set to the response, mark a response about one viewer
 * private, no-store, say when the request ended a session (Hit-Factory-Session),
 * and report the loaders' durations in Server-Timing.
 * (The body size limit is server.ts's alone: it is about sockets and is
 * tested on the real server process.)
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { ViteDevServer } from "vite";
import { isForeignRequest, FORBIDDEN_BODY } from "~/auth/origin-check.server";
import { getSessionHeaders, requestContext, runInRequestScope, serverTimingFor, sessionSignalFor, viewerCacheControl } from "~/auth/request-context.server";
import { checkRequestInput } from "~/platform/http/input-hygiene.server";
import { setCookieName } from "~/platform/auth/cookies.server";
import { passSecondFactor } from "./second-factor";

export const TEST_ORIGIN = "http://hitfactory.test";

export interface AppHandler {
  /** The server build the handler serves (route modules, for structural checks). */
  build: ServerBuild;
  handle(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export async function createAppHandler(): Promise<AppHandler> {
  const { createServer } = await import("vite");
  const vite: ViteDevServer = await createServer({
    configFile: "vite.config.ts",
    logLevel: "error",
    appType: "custom",
    // No HMR websocket and no file watching: several test processes may run at once.
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  const build = (await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  const remix = createRequestHandler(build, "production");

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const refusal = checkRequestInput({
      method: request.method,
      target: url.pathname + url.search,
      contentType: request.headers.get("content-type"),
      // A test's body is small: read a copy to see whether it is empty, as Content-Length tells server.ts.
      hasBody: request.body !== null && (await request.clone().arrayBuffer()).byteLength > 0,
    });
    if (refusal) return new Response(refusal.message, { status: refusal.status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
    if (
      isForeignRequest({
        method: request.method,
        expectedOrigin: url.origin,
        origin: request.headers.get("origin"),
        secFetchSite: request.headers.get("sec-fetch-site"),
      })
    ) {
      return new Response(FORBIDDEN_BODY, { status: 403 });
    }
    // The client's address: tests that need several (rate limits per address) name it
    // with X-Forwarded-For, as server.ts would take it from a trusted proxy.
    const address = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "127.0.0.1";
    return runInRequestScope(request, address, async () => {
      const response = await remix(request, { cspNonce: "test-nonce" });
      const scoped = getSessionHeaders(request).getSetCookie();
      const cacheControl = viewerCacheControl(requestContext(request), response.headers.get("Cache-Control"));
      const timing = serverTimingFor(requestContext(request));
      const signal = sessionSignalFor(requestContext(request));
      if (scoped.length === 0 && !cacheControl && !timing && !signal) return response;
      // Like server.ts: the scope's cookies replace same-named ones the route set.
      const names = new Set(scoped.map(setCookieName));
      const headers = new Headers();
      response.headers.forEach((value, key) => {
        if (key.toLowerCase() !== "set-cookie") headers.append(key, value);
      });
      for (const cookie of response.headers.getSetCookie()) if (!names.has(setCookieName(cookie))) headers.append("Set-Cookie", cookie);
      for (const cookie of scoped) headers.append("Set-Cookie", cookie);
      if (cacheControl) headers.set("Cache-Control", cacheControl);
      if (timing) headers.append("Server-Timing", timing);
      if (signal) headers.set(...signal);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    });
  }

  return { build, handle, close: () => vite.close() };
}

/** A browser-like cookie jar: name=value pairs, updated from Set-Cookie (expired ones removed). */
export class CookieJar {
  private cookies = new Map<string, string>();

  update(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => {
        const [key, val] = a.trim().split("=");
        if (key?.toLowerCase() === "max-age") return Number(val) <= 0;
        if (key?.toLowerCase() === "expires") return new Date(val ?? "").getTime() <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  names(): string[] {
    return [...this.cookies.keys()];
  }

  /** Plants a cookie, as an attacker who copied one would. */
  set(name: string, value: string) {
    this.cookies.set(name, value);
  }
}

/** A same-origin browser session against the handler: cookies kept, redirects not followed. */
export class TestClient {
  readonly jar = new CookieJar();
  /** `address`: the network address the requests come from (default 127.0.0.1). */
  constructor(
    private readonly app: AppHandler,
    private readonly options: { address?: string } = {},
  ) {}

  async request(method: "GET" | "POST", path: string, body?: Record<string, string | string[]>): Promise<Response> {
    // Remix compares Origin with the host of a POST (its own CSRF check), as a browser would send them.
    const headers = new Headers({ "sec-fetch-site": "same-origin", host: new URL(TEST_ORIGIN).host });
    const cookie = this.jar.header();
    if (cookie) headers.set("cookie", cookie);
    if (this.options.address) headers.set("x-forwarded-for", this.options.address);
    let payload: string | undefined;
    if (method === "POST") {
      headers.set("origin", TEST_ORIGIN);
      headers.set("content-type", "application/x-www-form-urlencoded");
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(body ?? {})) for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
      payload = params.toString();
    }
    const response = await this.app.handle(new Request(new URL(path, TEST_ORIGIN), { method, headers, body: payload, redirect: "manual" }));
    this.jar.update(response);
    return response;
  }

  get(path: string) {
    return this.request("GET", path);
  }

  post(path: string, body?: Record<string, string | string[]>) {
    return this.request("POST", path, body);
  }

  /** The honeypot fields a page's form renders (the empty trap and the signed "rendered at" stamp). */
  async honeypotFields(path: string): Promise<Record<string, string>> {
    const html = await (await this.get(path)).text();
    return Object.fromEntries(
      [...html.matchAll(/<input[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => /name="(name__confirm|from__confirm)"/.test(tag))
        .map((tag) => [/name="([^"]+)"/.exec(tag)![1]!, /value="([^"]*)"/.exec(tag)?.[1] ?? ""]),
    );
  }

  /** Signs in through the real /auth page, as a browser would post its form, and keeps the session cookies. */
  async signIn(email: string, password: string, options: { secondFactor?: boolean } = {}): Promise<void> {
    const hidden = await this.honeypotFields("/auth");
    const response = await this.post("/auth", { intent: "sign-in", identifier: email, password, ...hidden });
    if (response.status !== 302) {
      throw new Error(`Sign-in as ${email} failed with ${response.status}: ${(await response.text()).slice(0, 500)}`);
    }
    // An admin sets up, and anyone with one answers, two-factor sign-in (tests/support/second-factor.ts).
    if (options.secondFactor !== false) await passSecondFactor(this, email);
  }
}

/** Location of a redirect as path + query (Remix keeps it relative; tolerate absolute). */
export function locationOf(response: Response): string | null {
  const location = response.headers.get("location");
  if (!location) return null;
  const url = new URL(location, TEST_ORIGIN);
  return url.origin === TEST_ORIGIN ? url.pathname + url.search : location;
}
