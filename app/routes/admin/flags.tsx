/**
 * /admin/flags (admins): this browser's feature flags (SPEC §3), what each
 * does in this product, and the tools to change, reset, export and import
 * them. The server only guards the page and sends the table: the flags
 * themselves never leave the browser (app/enhance/flags/, ADR 0094).
 */
import type { MetaFunction } from "@remix-run/node";
import { FeatureFlagsPage } from "~/enhance/flags/FeatureFlagsPage";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction = () => [{ title: `Feature flags | Admin | ${PRODUCT_NAME}` }];

// No load and no forms: nothing here is the server's (a POST is 405, after the guard).
const route = defineRoute({
  access: "admin",
  adminSection: {
    label: "Feature flags",
    to: "/admin/flags",
    summary: "This browser's feature flags and developer tools: view, switch, export and import them.",
    order: 110,
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

export default function AdminFlagsRoute() {
  return <FeatureFlagsPage />;
}
