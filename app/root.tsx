import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { Suspense, lazy, type ComponentProps, type ReactNode } from "react";
import "~/styles/global.css";
import "~/styles/theme.css";
import { useNonce } from "~/platform/nonce";
import { getThemePreference } from "~/theme/theme.server";
import { getToast } from "~/toast/toast.server";
import { Toaster } from "~/toast/Toaster";
import { PlayerHost } from "~/player/PlayerHost";
import { SiteHeader } from "~/layout/SiteHeader";
import { SiteFooter } from "~/layout/SiteFooter";
import { PageLoadingIndicator } from "~/ui/Spinner";
import { NotFound } from "~/layout/NotFound";
import { RootErrorFallback, RoutingErrorFallback } from "~/layout/ErrorFallbacks";
import { StructuredData, siteStructuredData } from "~/layout/StructuredData";
import { getRuntime } from "~/platform/runtime.server";
import type { ThemePreference } from "~/shared/constants";
import { DEFAULT_THEME, PRODUCT_NAME } from "~/shared/constants";
import { getClientSessionState } from "~/auth/session.server";
import { navigationFor } from "~/routing/registry.server";
import { defineRoute } from "~/routing/route.server";
import { useMounted } from "~/ui/useMounted";
import { useAuth } from "~/auth/useAuth";
import { headerUnreadCount } from "~/inbox/inbox.server";
import { onboardingForPage } from "~/onboarding/onboarding.server";
import { OnboardingFrame } from "~/onboarding/OnboardingFrame";

/**
 * The idle-timeout warning shows nothing until minutes after a page loads, so
 * its code loads after hydration, for signed-in viewers only: it is no part of
 * any page's first-load JavaScript (docs/decisions/0038).
 */
const SessionTimeout = lazy(() => import("~/auth/SessionTimeout").then((module) => ({ default: module.SessionTimeout })));
function LazySessionTimeout({ state }: { state: ComponentProps<typeof SessionTimeout>["state"] }) {
  // Rendered after hydration only: the server's HTML and the hydration render have nothing here.
  return useMounted() ? (
    <Suspense fallback={null}>
      <SessionTimeout state={state} />
    </Suspense>
  ) : null;
}

/**
 * The enhancement layer (app/enhance/Enhancements.tsx): cursor, performance
 * level, flags, dev tools, offline, vitals, player shortcuts. A chunk of its
 * own, rendered after hydration: pages never wait for it.
 */
const Enhancements = lazy(() => import("~/enhance/Enhancements"));
function LazyEnhancements({ viewer }: { viewer: ComponentProps<typeof Enhancements>["viewer"] }) {
  return useMounted() ? (
    <Suspense fallback={null}>
      <Enhancements viewer={viewer} />
    </Suspense>
  ) : null;
}

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const meta: MetaFunction = () => [
  { title: PRODUCT_NAME },
  { name: "description", content: "A members-only collective of songwriters, producers and A&R professionals." },
];

// Every page's frame. Public: it knows the viewer (an expired session goes to
// /auth). A POST to "/" without `?index` targets this route, not the landing
// page: no form here, so 405 like any form-less page.
const route = defineRoute({
  access: "public-viewer",
  async load({ request, url, viewer, db }) {
    const [theme, { toast, headers }] = await Promise.all([getThemePreference(request), getToast(request)]);
    const env = getRuntime().env;
    // Session timing for the timeout dialog (signed-in only; never tokens).
    // The welcome modal or the tour overlay for this page (never throws: SPEC §8), and the header's
    // inbox badge (one indexed count; null for visitors): independent reads, made together.
    const [sessionTimeout, onboarding, inboxUnread] = await Promise.all([
      viewer ? getClientSessionState(request) : null,
      viewer ? onboardingForPage({ db, request, viewer, url }) : null,
      headerUnreadCount(db, viewer),
    ]);
    return data(
      {
        theme,
        toast,
        viewer,
        // The header links this viewer may follow, from the routes' own declarations.
        navigation: navigationFor(viewer),
        sessionTimeout,
        onboarding,
        inboxUnread,
        origin: url.origin,
        ENV: { SENTRY_DSN: env.SENTRY_DSN, MODE: env.NODE_ENV },
      },
      { headers: headers ?? undefined },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export type RootLoader = typeof loader;

function Document({ children, theme, origin, env }: { children: ReactNode; theme: ThemePreference; origin?: string; env?: object }) {
  const nonce = useNonce();
  return (
    <html lang="en" className={`theme-${theme}`}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "system" ? "light dark" : theme} />
        <Meta />
        <Links />
        {origin ? <StructuredData nonce={nonce} data={siteStructuredData(origin)} /> : null}
      </head>
      <body>
        {children}
        {env ? (
          <script
            nonce={nonce}
            // Public configuration only: never tokens or secrets.
            dangerouslySetInnerHTML={{ __html: `window.ENV=${JSON.stringify(env).replace(/</g, "\\u003c")}` }}
          />
        ) : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { theme, toast, viewer, navigation: links, origin, ENV, sessionTimeout, onboarding, inboxUnread } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  useAuth(); // tags the viewer's role for error monitoring
  return (
    <Document theme={theme} origin={origin} env={ENV}>
      {/* The welcome or the tour dialog first in the document, the page after it (inert while it is open). */}
      <OnboardingFrame onboarding={onboarding}>
      <SiteHeader viewer={viewer} links={links} theme={theme} inboxUnread={inboxUnread} />
      <PageLoadingIndicator active={navigation.state === "loading"} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter viewer={viewer} />
      {/* Outside the outlet: the audio keeps playing across navigation. */}
      <PlayerHost />
      </OnboardingFrame>
      <Toaster initialToast={toast} />
      {viewer && sessionTimeout ? <LazySessionTimeout state={sessionTimeout} /> : null}
      <LazyEnhancements viewer={viewer} />
    </Document>
  );
}

/**
 * The root boundary: unknown paths get the not-found page with 404, other
 * route error responses the routing-error page, thrown errors fallback 2.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const theme = rootData?.theme ?? DEFAULT_THEME;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Document theme={theme}>
        <SiteHeader viewer={rootData?.viewer ?? null} links={rootData?.navigation ?? []} theme={theme} inboxUnread={rootData?.inboxUnread ?? null} />
        <main id="main" tabIndex={-1}>
          <NotFound />
        </main>
        <SiteFooter viewer={rootData?.viewer ?? null} />
      </Document>
    );
  }
  if (isRouteErrorResponse(error)) {
    return (
      <Document theme={theme}>
        <main id="main" tabIndex={-1}>
          <RoutingErrorFallback error={error} />
        </main>
      </Document>
    );
  }
  return (
    <Document theme="dark">
      <RootErrorFallback error={error} />
    </Document>
  );
}
