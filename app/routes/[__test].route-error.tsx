/** Test-only: a loader that throws, caught by the route-level fallback. */
import { requireTestRoutes } from "~/platform/test-routes.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";

export function loader() {
  requireTestRoutes();
  throw new Error("Loader failed at 10.1.2.3 for someone@example.com");
}

export default function RouteErrorProbe() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
