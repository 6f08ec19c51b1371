import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
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
import type { ReactNode } from "react";
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
import { methodNotAllowed } from "~/layout/method-not-allowed.server";
import { getClientSessionState, optionalViewer } from "~/auth/session.server";
import { SessionTimeout } from "~/auth/SessionTimeout";
import { useAuth } from "~/auth/useAuth";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const meta: MetaFunction = () => [
  { title: PRODUCT_NAME },
  { name: "description", content: "A members-only collective of songwriters, producers and A&R professionals." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [theme, { toast, headers }, viewer] = await Promise.all([
    getThemePreference(request),
    getToast(request),
    optionalViewer(request),
  ]);
  const env = getRuntime().env;
  const origin = new URL(request.url).origin;
  // Session timing for the timeout dialog (signed-in only; never tokens).
  const sessionTimeout = viewer ? await getClientSessionState(request) : null;
  return data(
    {
      theme,
      toast,
      viewer,
      sessionTimeout,
      origin,
      ENV: { SENTRY_DSN: env.SENTRY_DSN, MODE: env.NODE_ENV },
    },
    { headers: headers ?? undefined },
  );
}

export type RootLoader = typeof loader;

/**
 * A POST to "/" without `?index` targets the root route, not the landing page:
 * answer it like any form-less page.
 */
export function action() {
  return methodNotAllowed();
}

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
  const { theme, toast, viewer, origin, ENV, sessionTimeout } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  useAuth(); // tags the viewer's role for error monitoring
  return (
    <Document theme={theme} origin={origin} env={ENV}>
      <SiteHeader viewer={viewer} theme={theme} />
      <PageLoadingIndicator active={navigation.state === "loading"} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      {/* Outside the outlet: the audio keeps playing across navigation. */}
      <PlayerHost />
      <Toaster initialToast={toast} />
      {viewer && sessionTimeout ? <SessionTimeout state={sessionTimeout} /> : null}
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
        <SiteHeader viewer={rootData?.viewer ?? null} theme={theme} />
        <main id="main" tabIndex={-1}>
          <NotFound />
        </main>
        <SiteFooter />
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
