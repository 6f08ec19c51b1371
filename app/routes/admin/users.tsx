/** /admin/users (admin guard): every account, with role, admin flag and dates. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listUsers, parsePage } from "~/admin/admin.server";
import { PageLinks, UsersTable } from "~/admin/UsersTable";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { PageHeader } from "~/layout/PageHeader";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction = () => [{ title: `Users | Admin | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Users", to: "/admin/users", summary: "Every account, with its role and admin flag.", order: 40 },
  async load({ db, url }) {
    return listUsers(db, parsePage(url.searchParams));
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function AdminUsersRoute() {
  const { rows, page, hasNextPage } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader eyebrow="Admin" title="Users" lead="Every account, whatever its role, newest first." />
      {rows.length === 0 ? (
        <EmptyState icon="users" title="No accounts yet">
          Accounts appear here as soon as someone signs up.
        </EmptyState>
      ) : (
        <UsersTable rows={rows} caption="All accounts" />
      )}
      <PageLinks path="/admin/users" page={page} hasNextPage={hasNextPage} />
    </>
  );
}
