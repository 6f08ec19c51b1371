/** Any path no other route claims: the not-found page with status 404. */
import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/layout/NotFound";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";

// Public: a 404 for GET and POST alike, whoever asks.
const route = defineRoute({ access: "public", notFound: true });

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const meta: MetaFunction = () => [{ title: `Not found | ${PRODUCT_NAME}` }];

export default function NotFoundRoute() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
