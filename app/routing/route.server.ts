/**
 * THE ROUTE CONTRACT. Every route module makes one declaration:
 *
 *   const route = defineRoute({
 *     access: "admin",                                   // app/routing/access.ts
 *     adminSection: { label: "Users", summary: "...", order: 40 },
 *     load: ({ db, url }) => listUsers(db, parsePage(url.searchParams)),
 *   });
 *   export const loader = route.loader;
 *   export const action = route.action;
 *   export const headers = route.headers;
 *
 * and from it alone:
 *  - the loader and the action both run the access guard before anything else
 *    (a route cannot export an action of its own: tests/integration/route-contract.test.ts
 *    checks that every module's loader and action are the ones made here);
 *  - a route without forms answers every POST with 405, after the guard;
 *  - `forms` go through one pipeline (app/routing/forms.server.ts);
 *  - `nav` and `adminSection` feed the header and the admin menu
 *    (app/routing/registry.server.ts), shown only to people the guard lets in;
 *  - the authorization table test derives each route's expected answer for
 *    every persona and method from `access`, `redirect` and `forms`.
 *
 * Route code gets an explicit context (database, viewer, storage, messages)
 * instead of reaching for process-wide globals.
 *
 * Only `loader`, `action` and `headers` are exported from a route module, and
 * Remix strips those from the browser bundle: this module and everything it
 * imports stay on the server.
 */
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import type { Viewer } from "~/auth/viewer";
import { optionalViewer, requireSession, requireUser } from "~/auth/session.server";
import { getSessionHeaders, recordLoaderTiming } from "~/auth/request-context.server";
import type { Database } from "~/platform/db/connect.server";
import type { MessagePort } from "~/platform/messages/port";
import { db, messages } from "~/platform/runtime.server";
import { storage, type AppStorage } from "~/platform/storage/index.server";
import { forwardActionHeaders } from "~/platform/http/route-headers";
import { DENIED_TARGET, allows, type Access, type ViewerFor } from "./access";
import { runForm, type FormDeclaration, type FormReply } from "./forms.server";

export interface RouteContext<A extends Access = Access> {
  request: Request;
  params: LoaderFunctionArgs["params"];
  url: URL;
  viewer: ViewerFor<A>;
  db: Database;
  storage: AppStorage;
  messages: MessagePort;
}

/** A link in the site header, shown to whoever passes the route's guard (and `show`, when given). */
export interface NavDeclaration {
  label: string;
  /** Where the link goes (the route's own path). */
  to: string;
  /** Position among the header links, ascending. */
  order: number;
  /** A further filter on who sees the link (the guard's rule always applies). */
  show?: (viewer: Viewer | null) => boolean;
}

/** An entry of the admin menu and overview (admin routes). */
export interface AdminSectionDeclaration {
  label: string;
  to: string;
  /** One line on the overview card. */
  summary: string;
  order: number;
}

export interface RouteDeclaration<A extends Access = Access, L = unknown> {
  access: A;
  /** What the loader returns once the guard has passed (omit for a redirect-only route). */
  load?: (context: RouteContext<NoInfer<A>>) => Promise<L> | L;
  /** A redirect-only route: GET and POST both go here once the guard has passed. */
  redirect?: string | ((context: RouteContext<NoInfer<A>>) => string);
  /** 302 unless said otherwise (301 for an address that moved for good). */
  redirectStatus?: 301 | 302 | 307 | 308;
  /** The route's forms, by `intent` (a single form may use any key; the `intent` field then is optional). */
  forms?: Record<string, FormDeclaration<NoInfer<A>>>;
  /**
   * A route without a page (no default export: an endpoint). Remix sends a
   * resource route's data with 200 whatever its status, so its form replies go
   * out as real JSON responses instead.
   */
  resource?: true;
  /**
   * A resource route that speaks an HTTP protocol of its own instead of forms
   * (the tus resumable uploads of /api/admin/audio/uploads/*, ADR 0085): once
   * the guard has passed, every method (loader: GET, HEAD; action: POST, PATCH,
   * DELETE...) goes here with the request unread, and its Response is the answer.
   */
  protocol?: (context: RouteContext<NoInfer<A>>) => Promise<Response> | Response;
  /** The catch-all route: every method answers 404 (after the guard, like any route). */
  notFound?: true;
  nav?: NavDeclaration;
  adminSection?: AdminSectionDeclaration;
}

export const ROUTE_DECLARATION = Symbol.for("hit-factory.route-declaration");

type Declared = { [ROUTE_DECLARATION]: RouteDeclaration };

export interface DefinedRoute<L> {
  loader: ((args: LoaderFunctionArgs) => Promise<L>) & Declared;
  /** Answers a form's refusal as `{ intent, result }` data (successes redirect). */
  action: ((args: ActionFunctionArgs) => Promise<FormReply>) & Declared;
  headers: HeadersFunction;
}

/** Runs the access guard; throws the redirect for whoever it refuses. */
export async function guard<A extends Access>(access: A, request: Request): Promise<ViewerFor<A>> {
  if (access === "public") return null as ViewerFor<A>;
  if (access === "public-viewer") return (await optionalViewer(request)) as ViewerFor<A>;
  if (access === "second-factor") return (await requireSession(request)).viewer as ViewerFor<A>;
  const viewer = await requireUser(request);
  if (!allows(access, viewer)) {
    throw redirect(DENIED_TARGET[access as keyof typeof DENIED_TARGET], { headers: getSessionHeaders(request) });
  }
  return viewer as ViewerFor<A>;
}

async function contextFor<A extends Access>(access: A, request: Request, params: LoaderFunctionArgs["params"]): Promise<RouteContext<A>> {
  const viewer = await guard(access, request);
  return { request, params, url: new URL(request.url), viewer, db: db(), storage: storage(), messages: messages() };
}

function redirectOnward<A extends Access>(declaration: RouteDeclaration<A, unknown>, context: RouteContext<A>): Response {
  const target = declaration.redirect!;
  const to = typeof target === "string" ? target : target(context);
  return redirect(to, { status: declaration.redirectStatus ?? 302, headers: getSessionHeaders(context.request) });
}

const notFound = () => new Response("Not Found", { status: 404 });

/** For route modules without a form: a POST is refused like a GET would be, then 405. */
export function methodNotAllowed(allow = "GET, HEAD"): never {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: allow } });
}

/**
 * Route ids by declaration, for the Server-Timing header. Remix does not tell
 * a loader which route it runs for, so the registry (registry.server.ts), which
 * reads every module under app/routes, names each declaration once as Remix
 * does: "routes/" + the file without ".tsx". A module mounted at several paths
 * is named by its file (its aliases' ids add ":<path>").
 */
const routeIds = new WeakMap<RouteDeclaration, string>();

export function nameRoute(declaration: RouteDeclaration, routeId: string): void {
  routeIds.set(declaration, routeId);
}

/** The one declaration outside app/routes is the root route's (app/root.tsx), Remix's id "root". */
export const routeIdOf = (declaration: RouteDeclaration): string => routeIds.get(declaration) ?? "root";

export function defineRoute<A extends Access, L = null>(declaration: RouteDeclaration<A, L>): DefinedRoute<L> {
  const load = async (request: Request, params: LoaderFunctionArgs["params"]): Promise<L> => {
    const context = await contextFor(declaration.access, request, params);
    if (declaration.notFound) throw notFound();
    if (declaration.redirect) throw redirectOnward(declaration, context);
    if (declaration.protocol) return (await declaration.protocol(context)) as L;
    return (declaration.load ? await declaration.load(context) : null) as L;
  };
  const loader = Object.assign(
    async ({ request, params }: LoaderFunctionArgs): Promise<L> => {
      // The whole loader, guard included, thrown redirects and errors too: what the page waited for.
      const started = performance.now();
      try {
        return await load(request, params);
      } finally {
        recordLoaderTiming(request, routeIdOf(declaration as RouteDeclaration), performance.now() - started);
      }
    },
    { [ROUTE_DECLARATION]: declaration as RouteDeclaration },
  );
  const action = Object.assign(
    async ({ request, params }: ActionFunctionArgs): Promise<FormReply> => {
      const context = await contextFor(declaration.access, request, params);
      if (declaration.notFound) throw notFound();
      if (declaration.redirect) throw redirectOnward(declaration, context);
      if (declaration.protocol) return (await declaration.protocol(context)) as unknown as FormReply;
      if (!declaration.forms || Object.keys(declaration.forms).length === 0) return methodNotAllowed();
      // A success is a redirect (or a response the form made): Remix sends it as it is;
      // only a reply's data is typed for useActionData.
      const answer = await runForm(declaration.access, declaration.forms, context);
      if (declaration.resource && !(answer instanceof Response)) {
        return Response.json(answer.data, answer.init ?? undefined) as unknown as FormReply;
      }
      return answer as FormReply;
    },
    { [ROUTE_DECLARATION]: declaration as RouteDeclaration },
  );
  return { loader, action, headers: forwardActionHeaders };
}

/** The declaration behind a route module's loader, if it was made with defineRoute. */
export function declarationOf(module: { loader?: unknown; action?: unknown }): RouteDeclaration | undefined {
  return (module.loader as Partial<Declared> | undefined)?.[ROUTE_DECLARATION];
}

export { data };
