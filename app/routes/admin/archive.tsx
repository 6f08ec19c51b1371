/** /admin/archive (admin guard): what is archived, the latest archived songs, and the way to browse all. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listArchivedSongs, songCounts } from "~/admin/archive.server";
import { ArchivedSongsTable } from "~/admin/ArchivedSongsTable";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `Archive | Admin | ${PRODUCT_NAME}` }];

const LATEST = 5;

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Archive", to: "/admin/archive", summary: "Songs taken out of the catalogue, kept for reference.", order: 70 },
  async load({ db }) {
    const [counts, latest] = await Promise.all([songCounts(db), listArchivedSongs(db, { limit: LATEST })]);
    return { counts, latest: latest.songs };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function AdminArchiveRoute() {
  const { counts, latest } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Archive"
        lead="Songs taken out of the catalogue, kept with their credits and audio for reference. Only administrators see them."
        actions={
          counts.archived > 0 ? (
            <ButtonLink to="/admin/archive/browse" variant="uber">
              Browse the archive
            </ButtonLink>
          ) : null
        }
      />
      <dl className={page.statGrid}>
        <div className={page.stat}>
          <dt className={page.statLabel}>Archived songs</dt>
          <dd className={page.statValue}>{counts.archived}</dd>
        </div>
        <div className={page.stat}>
          <dt className={page.statLabel}>In the catalogue</dt>
          <dd className={page.statValue}>{counts.catalogue}</dd>
        </div>
      </dl>
      {latest.length === 0 ? (
        <EmptyState icon="archive" title="Nothing archived yet">
          When a song is retired from the catalogue it is kept here, where administrators can still listen to it and read its credits.
        </EmptyState>
      ) : (
        <ArchivedSongsTable songs={latest} caption={latest.length === 1 ? "Latest archived song" : `The ${latest.length} latest archived songs`} />
      )}
    </>
  );
}
