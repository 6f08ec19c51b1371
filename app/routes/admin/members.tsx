/** /admin/members (admin guard): every accepted member, A&R professional and administrator. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listMembers, parsePage } from "~/admin/admin.server";
import { PageLinks, UsersTable } from "~/admin/UsersTable";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { PageHeader } from "~/layout/PageHeader";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction = () => [{ title: `Members | Admin | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Members", to: "/admin/members", summary: "Accepted members, A&R professionals and administrators.", order: 30 },
  async load({ db, url }) {
    return listMembers(db, parsePage(url.searchParams));
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
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
