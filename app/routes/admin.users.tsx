/** /admin/users (admin guard): every account, with role, admin flag and dates. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminNoFormAction } from "~/admin/admin-route.server";
import { listUsers, parsePage } from "~/admin/admin.server";
import { PageLinks, UsersTable } from "~/admin/UsersTable";
import { requireAdmin } from "~/auth/session.server";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { PageHeader } from "~/layout/PageHeader";
import { db } from "~/platform/runtime.server";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction = () => [{ title: `Users | Admin | ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return listUsers(db(), parsePage(new URL(request.url).searchParams));
}

export const action = adminNoFormAction;
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
