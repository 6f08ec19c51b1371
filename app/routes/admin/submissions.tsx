/** /admin/submissions (admin guard). Its tools arrive with later work; until then an honest empty state. */
import type { MetaFunction } from "@remix-run/node";
import { AdminEmptySection } from "~/admin/AdminEmptySection";
import { ADMIN_EMPTY_SECTIONS } from "~/admin/sections";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";

const section = ADMIN_EMPTY_SECTIONS.submissions;

export const meta: MetaFunction = () => [{ title: `${section.title} | Admin | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Submissions", to: "/admin/submissions", summary: "Songs members send in for review.", order: 20 },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function AdminSectionRoute() {
  return <AdminEmptySection section={section} />;
}
