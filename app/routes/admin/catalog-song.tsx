/** /admin/catalog/:songId (admin): edit one song. Placeholder while issue 12 is built: the owner replaces this module completely. */
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";

const route = defineRoute({
  access: "admin",
  load: () => { throw new Response("Not Found", { status: 404 }); },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function Placeholder() {
  return null;
}
