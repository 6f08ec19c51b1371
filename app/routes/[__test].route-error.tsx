/**
 * Test-only: a loader that throws, caught by the route-level fallback.
 * With ?once=<key> it throws only the first time for that key, so a test can
 * show that 'Hit Play Again' recovers.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireTestRoutes } from "~/platform/test-routes.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";

const failedOnce = new Set<string>();

export function loader({ request }: LoaderFunctionArgs) {
  requireTestRoutes();
  const once = new URL(request.url).searchParams.get("once");
  if (once && failedOnce.has(once)) return { recovered: true };
  if (once) failedOnce.add(once);
  throw new Error("Loader failed at 10.1.2.3 for someone@example.com");
}

export default function RouteErrorProbe() {
  return <h1>Route recovered</h1>;
}

export const ErrorBoundary = RouteErrorBoundary;
