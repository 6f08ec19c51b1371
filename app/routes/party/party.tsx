/** /party: the listening party (public; SPEC §2, details not shown). Nothing is live yet: an empty state. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/layout/EmptyState";
import { isMember } from "~/auth/viewer";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [
  { title: `Listening party | ${PRODUCT_NAME}` },
  { name: "description", content: "Listen to new songs together with the collective." },
];

const route = defineRoute({
  access: "public-viewer",
  nav: { label: "Listening party", to: "/party", order: 50, show: (viewer) => viewer === null || isMember(viewer) },
  async load({ viewer }) {
    return { signedIn: Boolean(viewer) };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;


export const ErrorBoundary = RouteErrorBoundary;

export default function PartyRoute() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader eyebrow="Listen together" title="Listening party" lead="Hear new songs from the collective at the same moment as everyone else in the room." />
      <EmptyState
        icon="headphones"
        title="No listening party right now"
        actions={
          <>
            <ButtonLink to="/music-catalog" variant="outline">
              Browse the catalogue
            </ButtonLink>
            {signedIn ? null : (
              <ButtonLink to="/auth?redirect=%2Fparty" variant="ghost">
                Sign in
              </ButtonLink>
            )}
          </>
        }
      >
        When a host starts a party, its shared queue, who added each song and the room's reactions will appear here.
      </EmptyState>
    </div>
  );
}
