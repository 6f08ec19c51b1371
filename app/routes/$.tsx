/** Any path no other route claims: the not-found page with status 404. */
import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/layout/NotFound";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function action() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Not found | The Hit Factory" }];

export default function NotFoundRoute() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
