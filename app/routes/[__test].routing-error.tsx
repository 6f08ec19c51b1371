/** Test-only: a thrown non-404 response, which reaches the root's routing-error page. */
import { requireTestRoutes } from "~/platform/test-routes.server";

export function loader() {
  requireTestRoutes();
  throw new Response("The studio is closed for maintenance", { status: 418, statusText: "I'm a teapot" });
}

export default function RoutingErrorProbe() {
  return null;
}
