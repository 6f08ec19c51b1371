/**
 * /admin/applications (admin guard): people who signed up and have no role
 * yet, i.e. whose application waits for a decision. Deciding comes with the
 * applications work; the queue itself is real today.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listApplicants, parsePage } from "~/admin/admin.server";
import { PageLinks, UsersTable } from "~/admin/UsersTable";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { PageHeader } from "~/layout/PageHeader";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction = () => [{ title: `Applications | Admin | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Applications", to: "/admin/applications", summary: "People who signed up and wait for a decision.", order: 10 },
  async load({ db, url }) {
    return listApplicants(db, parsePage(url.searchParams));
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function AdminApplicationsRoute() {
  const { rows, page, hasNextPage } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader eyebrow="Admin" title="Applications" lead="People who signed up and are waiting for a decision, newest first." />
      {rows.length === 0 ? (
        <EmptyState icon="inbox" title="No applications waiting">
          Everyone who signs up appears here until their application is accepted or declined.
        </EmptyState>
      ) : (
        <UsersTable rows={rows} caption="Waiting for a decision" showLastSignIn={false} />
      )}
      <PageLinks path="/admin/applications" page={page} hasNextPage={hasNextPage} />
    </>
  );
}
