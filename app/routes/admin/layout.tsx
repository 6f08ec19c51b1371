/** The admin area's layout (admin guard): section navigation around every /admin page. */
import type { MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/admin/AdminShell";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { adminSections } from "~/routing/registry.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction = () => [{ title: `Admin | ${PRODUCT_NAME}` }];

// Child loaders run in parallel with this one, so each child declares its own access too.
// A POST to /admin (without ?index) is routed here by Remix, not to the index page: 405.
const route = defineRoute({
  access: "admin",
  nav: { label: "Admin", to: "/admin", order: 90 },
  // The sections each admin route declares (adminSection), in menu order.
  load: () => ({ sections: adminSections().map(({ label, to, summary }) => ({ label, to, summary })) }),
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export default function AdminLayout() {
  const { sections } = useLoaderData<typeof loader>();
  return (
    <AdminShell sections={sections}>
      <Outlet />
    </AdminShell>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
