/** Test-only: a thrown non-404 response, which reaches the root's routing-error page. */
import { requireTestRoutes } from "~/platform/test-routes.server";
import { defineRoute } from "~/routing/route.server";

// Test-only (ENABLE_TEST_ROUTES, else 404); public: the probes need no particular persona.
const route = defineRoute({
  access: "public",
  load() {
    requireTestRoutes();
    throw new Response("The studio is closed for maintenance", { status: 418, statusText: "I'm a teapot" });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export default function RoutingErrorProbe() {
  return null;
}
