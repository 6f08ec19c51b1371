/** The admin area's layout (admin guard): section navigation around every /admin page. */
import type { MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AdminShell } from "~/admin/AdminShell";
import { adminNoFormAction, adminPageLoader } from "~/admin/admin-route.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction = () => [{ title: `Admin | ${PRODUCT_NAME}` }];

// Child loaders run in parallel with this one, so each child guards itself too.
export const loader = adminPageLoader;
// A POST to /admin (without ?index) is routed here by Remix, not to the index page.
export const action = adminNoFormAction;

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
