/** /party: the listening party (public; SPEC §2, details not shown). Nothing is live yet: an empty state. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { optionalViewer } from "~/auth/session.server";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import { methodNotAllowed } from "~/layout/method-not-allowed.server";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [
  { title: `Listening party | ${PRODUCT_NAME}` },
  { name: "description", content: "Listen to new songs together with the collective." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await optionalViewer(request);
  return { signedIn: Boolean(viewer) };
}

export async function action() {
  return methodNotAllowed();
}

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
