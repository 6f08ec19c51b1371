/**
 * /ar/dashboard: the A&R desk (approved A&R; others go to /ar). The pitching
 * search: the catalogue's own engine (searchCatalog: text, every declared
 * facet incl. vocal type and explicit, BPM range) plus the writer filter, in
 * one GET form whose state is the URL, so it works without JavaScript and
 * every search can be bookmarked. Results play in the floating player and
 * link to the song pages (where holds are requested). Beside it: the A&R's
 * holds in short. docs/decisions/0073-pitching-search-and-holds.md
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ArNav } from "~/ar/ArNav";
import * as arStyles from "~/ar/ar.css";
import { countPublicMembersBySkill } from "~/ar/ar.server";
import { deskWriters, writerLabel } from "~/ar/desk.server";
import { CatalogFilters } from "~/catalog/components/CatalogFilters";
import { Pagination } from "~/catalog/components/Pagination";
import { SongRow } from "~/catalog/components/SongRow";
import { songPlaylist, songRowData } from "~/catalog/components/tracks";
import { CatalogSearchBar } from "~/catalog/components/CatalogSearchBar";
import * as styles from "~/catalog/components/catalog.css";
import { WRITER_FILTER_MAX } from "~/catalog/constants";
import { catalogQueryString, hasFacetFilters, parseCatalogQuery, type ParsedCatalogQuery } from "~/catalog/query-schema";
import { searchCatalog } from "~/catalog/songs.server";
import { CATALOG_SORTS, type CatalogSort } from "~/catalog/types";
import { arHoldSummary } from "~/holds/holds.server";
import { HOLD_TEXT } from "~/holds/holds-text";
import { HoldStatusBadge } from "~/holds/HoldStatusBadge";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `A&R desk | ${PRODUCT_NAME}` }];

const DESK_PATH = "/ar/dashboard";
const DESK_FORM_ID = "desk-search";

const SORT_LABELS: Record<CatalogSort, string> = {
  relevance: "Best match",
  newest: "Newest",
  title: "Title A–Z",
  bpm: "Tempo (slow to fast)",
  duration: "Length (short to long)",
};

const route = defineRoute({
  access: "approved-ar",
  nav: { label: "A&R", to: DESK_PATH, order: 20, show: (viewer) => !viewer?.isAdmin },
  async load({ viewer, db, url }) {
    const query = parseCatalogQuery(url.searchParams);
    const [{ songs, ...result }, holds, writers, writer, skills] = await Promise.all([
      searchCatalog(db, query),
      arHoldSummary(db, viewer.id),
      deskWriters(db),
      writerLabel(db, query.writer),
      countPublicMembersBySkill(db),
    ]);
    return { displayName: viewer.displayName, query, result: { ...result, songs: songs.map(songRowData) }, holds, writers, writer, skills };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

const defaultSort = (query: ParsedCatalogQuery): CatalogSort => (query.search ? "relevance" : "newest");
const songCount = (total: number) => `${total} ${total === 1 ? "song" : "songs"}`;

export default function ArDeskRoute() {
  const { displayName, query, result, holds, writers, writer, skills } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location?.pathname === DESK_PATH;
  const filtered = Boolean(query.search) || Boolean(query.writer) || hasFacetFilters(query);
  const playlist = songPlaylist(result.songs);
  const hrefFor = (pageNumber: number) => `${DESK_PATH}${catalogQueryString({ ...query, page: pageNumber })}`;
  const sortValue = query.sort === defaultSort(query) ? "" : query.sort;

  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader eyebrow="A&R" title={`Hello, ${displayName}`} lead="Search the catalogue for your pitch: genre, mood, key, tempo, vocal, explicit lyrics and writer. Play a song here, open it to request a hold." />
      <ArNav />
      <Form id={DESK_FORM_ID} method="get" action={DESK_PATH} role="search" aria-label="Pitching search" preventScrollReset>
        <div className={styles.formStack}>
          <CatalogSearchBar id="desk-search-text" label="Search titles, writers and lyrics" defaultValue={query.search ?? ""} />

          <div className={styles.layout}>
            <CatalogFilters query={query} facets={result.facets} hasFilters={filtered} clearHref={DESK_PATH} formId={DESK_FORM_ID}>
              <div className={styles.filterField}>
                <label htmlFor="desk-writer" className={styles.filterLabel}>
                  Writer
                </label>
                <input
                  id="desk-writer"
                  name="writer"
                  type="text"
                  list="desk-writers"
                  defaultValue={writer ?? ""}
                  placeholder="Full name as credited"
                  autoComplete="off"
                  maxLength={WRITER_FILTER_MAX}
                  className={styles.select}
                />
                <datalist id="desk-writers">
                  {writers.map((name) => (
                    <option key={name} value={name} />
                  ))}
                </datalist>
              </div>
            </CatalogFilters>

            <section className={styles.results} aria-labelledby="desk-count" aria-busy={busy}>
              <div className={styles.resultsHeader}>
                <h2 id="desk-count" className={styles.resultCount} aria-live="polite" data-testid="result-count">
                  {songCount(result.total)}
                  {writer ? <span className={page.muted}>{` by ${writer}`}</span> : null}
                </h2>
                <div className={styles.sortField}>
                  <label htmlFor="desk-sort" className={styles.filterLabel}>
                    Sort by
                  </label>
                  <select id="desk-sort" name="sort" defaultValue={sortValue} className={styles.select}>
                    <option value="">{SORT_LABELS[defaultSort(query)]}</option>
                    {CATALOG_SORTS.filter((sort) => sort !== defaultSort(query) && (sort !== "relevance" || query.search)).map((sort) => (
                      <option key={sort} value={sort}>
                        {SORT_LABELS[sort]}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              {result.fuzzy && result.total > 0 && query.search ? <p className={styles.fuzzyNote}>Including songs spelt similarly to “{query.search}”.</p> : null}
              {result.songs.length > 0 ? (
                <ol className={styles.trackList} aria-label="Songs" style={{ opacity: busy ? 0.6 : 1 }}>
                  {result.songs.map((song) => (
                    <SongRow key={song.id} song={song} playlist={playlist} />
                  ))}
                </ol>
              ) : (
                <EmptyState
                  icon="search"
                  title={result.total > 0 ? `Page ${result.page} is past the end` : "No songs match"}
                  headingLevel={3}
                  actions={
                    filtered ? (
                      <ButtonLink to={DESK_PATH} variant="outline">
                        Clear filters
                      </ButtonLink>
                    ) : null
                  }
                >
                  {filtered ? "Nothing in the catalogue matches this search and these filters. Try fewer filters or a wider tempo range." : "The catalogue has no songs yet."}
                </EmptyState>
              )}
              <Pagination page={result.page} pageCount={result.pageCount} hrefFor={hrefFor} />
            </section>
          </div>
        </div>
      </Form>

      <div className={arStyles.formLayout}>
        <section className={page.card} aria-labelledby="desk-holds-title" data-testid="desk-holds">
          <h2 id="desk-holds-title" className={page.sectionTitle}>
            {HOLD_TEXT.summaryTitle}
          </h2>
          <p>{HOLD_TEXT.summaryCounts(holds.requested, holds.granted)}</p>
          {holds.latest.length ? (
            <ul className={page.chipList} style={{ display: "grid", gap: "0.5rem" }}>
              {holds.latest.map((hold) => (
                <li key={hold.id} style={{ display: "flex", flexWrap: "wrap", gap: "0.5rem", alignItems: "center" }}>
                  <Link to={`/song/${hold.songId}`} className={page.textLink}>
                    {hold.songTitle}
                  </Link>
                  <HoldStatusBadge hold={hold} />
                </li>
              ))}
            </ul>
          ) : null}
          <p>
            <Link to="/ar/holds" className={page.textLink}>
              {HOLD_TEXT.summaryLink}
            </Link>
          </p>
        </section>
        <section className={page.card} aria-labelledby="talent-title">
          <h2 id="talent-title" className={page.sectionTitle}>
            Talent in the directory
          </h2>
          <ul className={arStyles.skillList}>
            {skills.map((skill) => (
              <li key={skill.skill} className={arStyles.skillRow}>
                <Link to={`/members?skill=${skill.skill}`}>{skill.label}</Link>
                <span className={page.muted}>{skill.count}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
