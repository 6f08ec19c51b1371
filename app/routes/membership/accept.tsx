/** /accept: accepting an offer (public; SPEC §2, details not shown). No offer can exist yet, so an empty state. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `Accept an offer | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "public-viewer",
  async load({ viewer }) {
    return { signedIn: Boolean(viewer) };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;


export const ErrorBoundary = RouteErrorBoundary;

export default function AcceptRoute() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader title="Accept an offer" lead={`Offers from ${PRODUCT_NAME} open here.`} />
      <EmptyState
        icon="mail"
        title="No offer to accept"
        actions={
          <ButtonLink to={signedIn ? "/dashboard" : "/auth"} variant="outline">
            {signedIn ? "Go to your dashboard" : "Sign in"}
          </ButtonLink>
        }
      >
        When the team makes you an offer, the link in that message opens it here so you can read and accept it.
      </EmptyState>
    </div>
  );
}
