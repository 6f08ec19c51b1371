/**
 * /admin/archive/browse (admin guard; /archive redirects here): every
 * archived song, searchable by title or credited name and filtered by genre,
 * key and when it was archived, in the order asked for. A plain GET form, so
 * it works the same without JavaScript; the query is read leniently (an
 * unknown value falls back to its default, an overlong search is cut).
 * ADR 0083.
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ARCHIVE_SEARCH_MAX, ARCHIVE_SORTS, ARCHIVE_TEXT, ARCHIVED_WHEN, archiveBrowseHref, parseArchiveQuery } from "~/admin/archive";
import { archiveFacets, listArchivedSongs } from "~/admin/archive.server";
import * as styles from "~/admin/archive.css";
import { ArchivedSongsTable } from "~/admin/ArchivedSongsTable";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import * as memberStyles from "~/members/members.css";
import { PRODUCT_NAME } from "~/shared/constants";
import { Button, ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `Browse the archive | Admin | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "admin",
  async load({ db, url }) {
    const query = parseArchiveQuery(url.searchParams);
    const [list, facets] = await Promise.all([listArchivedSongs(db, query), archiveFacets(db)]);
    return { songs: list.songs, total: list.total, hasNextPage: list.hasNextPage, query, facets };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function AdminArchiveBrowseRoute() {
  const { songs, total, hasNextPage, query, facets } = useLoaderData<typeof loader>();
  const filtering = Boolean(query.q || query.genre || query.key || query.when !== "all");
  // A value asked for that no archived song has any more still shows as chosen.
  const genres = query.genre && !facets.genres.some((g) => g.value.toLowerCase() === query.genre.toLowerCase()) ? [...facets.genres, { value: query.genre, count: 0 }] : facets.genres;
  const keys = query.key && !facets.keys.some((k) => k.value.toLowerCase() === query.key.toLowerCase()) ? [...facets.keys, { value: query.key, count: 0 }] : facets.keys;
  const chosen = (options: { value: string }[], value: string) => options.find((o) => o.value.toLowerCase() === value.toLowerCase())?.value ?? "";
  return (
    <>
      <nav aria-label="Breadcrumb">
        <Link to="/admin/archive">← Archive</Link>
      </nav>
      <PageHeader eyebrow="Admin · Archive" title={ARCHIVE_TEXT.browseTitle} lead={ARCHIVE_TEXT.browseLead} />
      {/* Keyed by the query, so going back and forth shows each query's own values. */}
      <Form key={JSON.stringify(query)} method="get" role="search" aria-label="Search the archive" className={memberStyles.filterForm}>
        <div className={memberStyles.filterField}>
          <label htmlFor="archive-q" className={formStyles.label}>
            Title or name
          </label>
          <input id="archive-q" name="q" type="search" defaultValue={query.q} maxLength={ARCHIVE_SEARCH_MAX} className={formStyles.control} />
        </div>
        <div className={styles.filterFieldNarrow}>
          <label htmlFor="archive-genre" className={formStyles.label}>
            Genre
          </label>
          <select id="archive-genre" name="genre" defaultValue={chosen(genres, query.genre)} className={formStyles.control}>
            <option value="">{ARCHIVE_TEXT.anyGenre}</option>
            {genres.map((genre) => (
              <option key={genre.value} value={genre.value}>
                {genre.value} ({genre.count})
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filterFieldNarrow}>
          <label htmlFor="archive-key" className={formStyles.label}>
            Key
          </label>
          <select id="archive-key" name="key" defaultValue={chosen(keys, query.key)} className={formStyles.control}>
            <option value="">{ARCHIVE_TEXT.anyKey}</option>
            {keys.map((key) => (
              <option key={key.value} value={key.value}>
                {key.value} ({key.count})
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filterFieldNarrow}>
          <label htmlFor="archive-when" className={formStyles.label}>
            Archived
          </label>
          <select id="archive-when" name="when" defaultValue={query.when} className={formStyles.control}>
            {ARCHIVED_WHEN.map((when) => (
              <option key={when} value={when}>
                {ARCHIVE_TEXT.whenLabels[when]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filterFieldNarrow}>
          <label htmlFor="archive-sort" className={formStyles.label}>
            Order
          </label>
          <select id="archive-sort" name="sort" defaultValue={query.sort} className={formStyles.control}>
            {ARCHIVE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {ARCHIVE_TEXT.sortLabels[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className={memberStyles.filterActions}>
          <Button type="submit" variant="secondary">
            Search
          </Button>
          {filtering || query.sort !== "newest" ? (
            <ButtonLink to="/admin/archive/browse" variant="ghost">
              Clear
            </ButtonLink>
          ) : null}
        </div>
      </Form>
      <p className={memberStyles.resultCount} role="status">
        {`${total === 1 ? "1 archived song" : `${total} archived songs`}${filtering ? (total === 1 ? " matches" : " match") : ""}`}
      </p>
      {songs.length === 0 ? (
        <EmptyState icon="search" title={filtering ? "No archived song matches" : query.page > 1 ? "No more archived songs" : "The archive is empty"}>
          {filtering
            ? query.q
              ? `Nothing archived matches "${query.q}" with these filters.`
              : "Nothing archived matches these filters."
            : "Songs retired from the catalogue will be listed here with their credits, genre and the date they were archived."}
        </EmptyState>
      ) : (
        <ArchivedSongsTable songs={songs} caption={query.q ? `Archived songs matching "${query.q}"` : "Archived songs"} />
      )}
      {query.page > 1 || hasNextPage ? (
        <nav className={page.pagination} aria-label="Archive pages">
          {query.page > 1 ? <Link className={styles.quickLink} to={archiveBrowseHref({ ...query, page: query.page - 1 })}>Previous page</Link> : <span />}
          <span className={page.muted}>Page {query.page}</span>
          {hasNextPage ? <Link className={styles.quickLink} to={archiveBrowseHref({ ...query, page: query.page + 1 })}>Next page</Link> : <span />}
        </nav>
      ) : null}
    </>
  );
}
