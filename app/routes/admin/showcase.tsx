/** /admin/showcase (admin guard). Its tools arrive with later work; until then an honest empty state. */
import type { MetaFunction } from "@remix-run/node";
import { AdminEmptySection } from "~/admin/AdminEmptySection";
import { ADMIN_EMPTY_SECTIONS } from "~/admin/sections";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME, SHOWCASE_MAX_TRACKS } from "~/shared/constants";

const section = ADMIN_EMPTY_SECTIONS.showcase;

export const meta: MetaFunction = () => [{ title: `${section.title} | Admin | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Showcase", to: "/admin/showcase", summary: `Members' showcase tracks, up to ${SHOWCASE_MAX_TRACKS} each.`, order: 50 },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function AdminSectionRoute() {
  return <AdminEmptySection section={section} />;
}
