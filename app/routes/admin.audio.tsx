/** /admin/audio (admin guard). Its tools arrive with later work; until then an honest empty state. */
import type { MetaFunction } from "@remix-run/node";
import { AdminEmptySection } from "~/admin/AdminEmptySection";
import { adminNoFormAction, adminPageLoader } from "~/admin/admin-route.server";
import { ADMIN_EMPTY_SECTIONS } from "~/admin/sections";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { PRODUCT_NAME } from "~/shared/constants";

const section = ADMIN_EMPTY_SECTIONS.audio;

export const meta: MetaFunction = () => [{ title: `${section.title} | Admin | ${PRODUCT_NAME}` }];

export const loader = adminPageLoader;
export const action = adminNoFormAction;
export const ErrorBoundary = RouteErrorBoundary;

export default function AdminSectionRoute() {
  return <AdminEmptySection section={section} />;
}
