/** /admin/members (admin guard): every accepted member, A&R professional and administrator. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminNoFormAction } from "~/admin/admin-route.server";
import { listMembers, parsePage } from "~/admin/admin.server";
import { PageLinks, UsersTable } from "~/admin/UsersTable";
import { requireAdmin } from "~/auth/session.server";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { PageHeader } from "~/layout/PageHeader";
import { db } from "~/platform/runtime.server";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction = () => [{ title: `Members | Admin | ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return listMembers(db(), parsePage(new URL(request.url).searchParams));
}

export const action = adminNoFormAction;
export const ErrorBoundary = RouteErrorBoundary;

export default function AdminMembersRoute() {
  const { rows, page, hasNextPage } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader eyebrow="Admin" title="Members" lead="Accepted members, A&R professionals and administrators, newest first." />
      {rows.length === 0 ? (
        <EmptyState icon="users" title="No members yet">
          People appear here once their application is accepted.
        </EmptyState>
      ) : (
        <UsersTable rows={rows} caption="Members" />
      )}
      <PageLinks path="/admin/members" page={page} hasNextPage={hasNextPage} />
    </>
  );
}
