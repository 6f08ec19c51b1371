/**
 * /offline: what the offline service worker shows for a page it has not kept
 * when the network is gone (issue 15, docs/decisions/0095-offline-service-worker.md),
 * and what still works without a connection. Public, the same for everyone
 * (the worker keeps it fetched without cookies), and it works without
 * JavaScript: "Try again" is a plain link.
 *
 * `?from=<path>` names the page that could not open; its link leads back there
 * (same-site paths only). The worker serves the page it kept at install, made
 * without that query, so with JavaScript the link is filled in from the
 * address after hydration.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AUDIO_LIMITS, safeReturnPath } from "~/enhance/offline/sw-policy";
import * as styles from "~/enhance/offline/offline.css";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import * as layout from "~/layout/layout.css";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `You're offline | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

// Public and the same for everyone (no viewer is resolved); no form: a POST is 405.
const route = defineRoute({
  access: "public",
  load: ({ url }) => ({ from: safeReturnPath(url.searchParams.get("from")) }),
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

export default function OfflinePage() {
  const data = useLoaderData<typeof loader>();
  const [from, setFrom] = useState(data.from);
  useEffect(() => {
    const fromAddress = safeReturnPath(new URLSearchParams(window.location.search).get("from"));
    if (fromAddress) setFrom(fromAddress);
  }, []);

  return (
    <section className={`${layout.container} ${layout.centeredPage}`} aria-labelledby="offline-title">
      <h1 id="offline-title">You're offline</h1>
      <p className={layout.lead}>
        {from ? (
          <>
            <code>{from}</code> needs a connection, and this browser has no copy of it.
          </>
        ) : (
          "This page needs a connection, and this browser has no copy of it."
        )}
      </p>
      <div className={styles.stillWorks}>
        <h2 className={styles.stillWorksTitle}>What still works offline</h2>
        <ul className={styles.stillWorksList}>
          <li>The music catalogue and the song pages you opened before, as visitors see them.</li>
          <li>The last {AUDIO_LIMITS.maxTracks} songs you played: they play again from this device.</li>
          <li>
            Everything about your account (your dashboard, profile, messages) opens once you're back online: this
            browser keeps none of it.
          </li>
        </ul>
      </div>
      <div className={layout.actions}>
        {/* A document load, not a client navigation: the service worker answers it. */}
        <ButtonLink to={from ?? "/"} reloadDocument variant="uber">
          Try again
        </ButtonLink>
        <ButtonLink to="/music-catalog" reloadDocument variant="outline">
          Open the catalogue
        </ButtonLink>
      </div>
    </section>
  );
}
