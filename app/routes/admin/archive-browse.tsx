/** /admin/archive/browse (admin guard): every archived song, searchable by title or credited name (GET form). */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ARCHIVE_SEARCH_MAX } from "~/admin/archive";
import { listArchivedSongs } from "~/admin/archive.server";
import { parsePage } from "~/admin/admin.server";
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
    const query = url.searchParams;
    return listArchivedSongs(db, { search: query.get("q") ?? "", page: parsePage(query) });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

function href(search: string, pageNumber: number) {
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (pageNumber > 1) params.set("page", String(pageNumber));
  const query = params.toString();
  return query ? `/admin/archive/browse?${query}` : "/admin/archive/browse";
}

export default function AdminArchiveBrowseRoute() {
  const { songs, page: current, search, hasNextPage } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader eyebrow="Admin · Archive" title="Browse the archive" lead="Every archived song, newest first. Search by title or by a credited name." />
      <Form method="get" role="search" aria-label="Search the archive" className={memberStyles.filterForm}>
        <div className={memberStyles.filterField}>
          <label htmlFor="archive-q" className={formStyles.label}>
            Title or name
          </label>
          <input id="archive-q" name="q" type="search" defaultValue={search} maxLength={ARCHIVE_SEARCH_MAX} className={formStyles.control} />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {search ? (
          <ButtonLink to="/admin/archive/browse" variant="ghost">
            Clear
          </ButtonLink>
        ) : null}
      </Form>
      {songs.length === 0 ? (
        <EmptyState icon="search" title={search ? "No archived song matches" : "The archive is empty"}>
          {search
            ? `Nothing archived has "${search}" in its title or credits.`
            : "Songs retired from the catalogue will be listed here with their credits, genre and the date they were archived."}
        </EmptyState>
      ) : (
        <ArchivedSongsTable songs={songs} caption={search ? `Archived songs matching "${search}"` : "Archived songs"} />
      )}
      {current > 1 || hasNextPage ? (
        <nav className={page.pagination} aria-label="Archive pages">
          {current > 1 ? <Link to={href(search, current - 1)}>Previous page</Link> : <span />}
          <span className={page.muted}>Page {current}</span>
          {hasNextPage ? <Link to={href(search, current + 1)}>Next page</Link> : <span />}
        </nav>
      ) : null}
    </>
  );
}
