/**
 * /admin/archive (admin guard): the archive at a glance. How many songs are
 * archived and how many came in or went back lately, the latest archived
 * songs, the latest restores (from the audit log), and ways into the browse
 * page. ADR 0083.
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ARCHIVE_TEXT, archiveBrowseHref } from "~/admin/archive";
import { archiveCounts, archiveFacets, listArchivedSongs, recentlyRestored } from "~/admin/archive.server";
import * as styles from "~/admin/archive.css";
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
    const [counts, latest, restored, facets] = await Promise.all([
      archiveCounts(db),
      listArchivedSongs(db, { limit: LATEST }),
      recentlyRestored(db, LATEST),
      archiveFacets(db),
    ]);
    return { counts, latest: latest.songs, restored, genres: facets.genres.slice(0, 12) };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

function statusNow(status: string | null): string {
  if (status === "catalogue") return "In the catalogue";
  if (status === "archived") return "Archived again";
  if (status === "draft") return "A draft";
  return "Deleted";
}

export default function AdminArchiveRoute() {
  const { counts, latest, restored, genres } = useLoaderData<typeof loader>();
  const figures: [string, number][] = [
    ["Archived songs", counts.archived],
    ["Archived this month", counts.archivedThisMonth],
    ["Archived in the last 30 days", counts.archivedLast30Days],
    ["Restored this month", counts.restoredThisMonth],
    ["In the catalogue", counts.catalogue],
  ];
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title={ARCHIVE_TEXT.overviewTitle}
        lead={ARCHIVE_TEXT.overviewLead}
        actions={
          <ButtonLink to="/admin/archive/browse" variant="uber">
            {ARCHIVE_TEXT.browse}
          </ButtonLink>
        }
      />
      <dl className={page.statGrid}>
        {figures.map(([label, value]) => (
          <div key={label} className={page.stat}>
            <dt className={page.statLabel}>{label}</dt>
            <dd className={page.statValue}>{value}</dd>
          </div>
        ))}
      </dl>

      <nav aria-labelledby="archive-shortcuts-title" className={page.card}>
        <h2 id="archive-shortcuts-title" className={page.sectionTitle}>
          Browse by
        </h2>
        <ul className={styles.quickLinks}>
          <li>
            <Link className={styles.quickLink} to={archiveBrowseHref({ when: "30d" })}>
              Archived in the last 30 days
            </Link>
          </li>
          <li>
            <Link className={styles.quickLink} to={archiveBrowseHref({ when: "year" })}>
              Archived this year
            </Link>
          </li>
          <li>
            <Link className={styles.quickLink} to={archiveBrowseHref({ sort: "title" })}>
              All, by title
            </Link>
          </li>
          {genres.map((genre) => (
            <li key={genre.value}>
              <Link className={styles.quickLink} to={archiveBrowseHref({ genre: genre.value })}>
                {genre.value} ({genre.count})
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="latest-archived-title">
        <h2 id="latest-archived-title" className={page.sectionTitle}>
          Latest archived
        </h2>
        {latest.length === 0 ? (
          <EmptyState icon="archive" title="Nothing archived yet" headingLevel={3}>
            When a song is retired from the catalogue it is kept here, where administrators can still listen to it and read its credits.
          </EmptyState>
        ) : (
          <ArchivedSongsTable songs={latest} caption={latest.length === 1 ? "Latest archived song" : `The ${latest.length} latest archived songs`} />
        )}
      </section>

      <section aria-labelledby="recently-restored-title">
        <h2 id="recently-restored-title" className={page.sectionTitle}>
          Recently restored
        </h2>
        {restored.length === 0 ? (
          <EmptyState icon="archive" title="Nothing restored yet" headingLevel={3}>
            Songs an administrator brings back from the archive into the catalogue are listed here, with who did it and when.
          </EmptyState>
        ) : (
          <div className={page.tableWrap} role="region" aria-label="Recently restored songs" tabIndex={0}>
            <table className={page.table}>
              <caption>Songs recently restored to the catalogue</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Restored</th>
                  <th scope="col">By</th>
                  <th scope="col">Now</th>
                </tr>
              </thead>
              <tbody>
                {restored.map((row) => (
                  <tr key={row.entryId}>
                    <th scope="row">{row.status ? <Link to={`/admin/archive/song/${row.songId}`}>{row.title}</Link> : row.title}</th>
                    <td>
                      <time dateTime={row.restoredAt}>{dateFormat.format(new Date(row.restoredAt))}</time>
                    </td>
                    <td>{row.restoredBy}</td>
                    <td>{statusNow(row.status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
