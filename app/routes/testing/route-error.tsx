/**
 * Test-only: a loader that throws, caught by the route-level fallback.
 * With ?once=<key> it throws only the first time for that key, so a test can
 * show that 'Hit Play Again' recovers.
 */
import { requireTestRoutes } from "~/platform/test-routes.server";
import { defineRoute } from "~/routing/route.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";

const failedOnce = new Set<string>();

// Test-only (ENABLE_TEST_ROUTES, else 404); public: the probes need no particular persona.
const route = defineRoute({
  access: "public",
  load({ request }) {
    requireTestRoutes();
    const once = new URL(request.url).searchParams.get("once");
    if (once && failedOnce.has(once)) return { recovered: true };
    if (once) failedOnce.add(once);
    throw new Error("Loader failed at 10.1.2.3 for someone@example.com");
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export default function RouteErrorProbe() {
  return <h1>Route recovered</h1>;
}

export const ErrorBoundary = RouteErrorBoundary;
