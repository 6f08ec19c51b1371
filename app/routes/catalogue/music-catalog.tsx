/**
 * /music-catalog: the public catalogue. One GET form holds the search box,
 * the facets and the sort, so every state is a URL that works without
 * JavaScript (share it, bookmark it, press Back). With JavaScript the form
 * submits itself on change (typing is debounced) as a client navigation, and
 * Play puts the page's songs into the floating player.
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { CatalogFilters, FORM_ID } from "~/catalog/components/CatalogFilters";
import { Pagination } from "~/catalog/components/Pagination";
import { SongRow } from "~/catalog/components/SongRow";
import { songPlaylist, songRowData } from "~/catalog/components/tracks";
import { CatalogSearchBar } from "~/catalog/components/CatalogSearchBar";
import * as styles from "~/catalog/components/catalog.css";
import { catalogQueryString, facetFieldValues, hasFacetFilters, parseCatalogQuery, type ParsedCatalogQuery } from "~/catalog/query-schema";
import { searchCatalog } from "~/catalog/songs.server";
import { CATALOG_SORTS, type CatalogSort } from "~/catalog/types";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

const SORT_LABELS: Record<CatalogSort, string> = {
  relevance: "Best match",
  newest: "Newest",
  title: "Title A–Z",
  bpm: "Tempo (slow to fast)",
  duration: "Length (short to long)",
};

/** Typing pauses this long before the results follow. */
const SEARCH_DEBOUNCE_MS = 350;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const search = data?.query.search;
  const title = search ? `“${search}” in the music catalogue | ${PRODUCT_NAME}` : `Music catalogue | ${PRODUCT_NAME}`;
  const description =
    "Search the collective's catalogue by title, writer, genre, mood, key and tempo, and listen straight away.";
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
};

const route = defineRoute({
  access: "public-viewer",
  nav: { label: "Catalogue", to: "/music-catalog", order: 30 },
  async load({ url, db }) {
    const query = parseCatalogQuery(url.searchParams);
    const { songs, ...result } = await searchCatalog(db, query);
    return { query, result: { ...result, songs: songs.map(songRowData) } };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

/** Best match when searching, newest otherwise (as the query schema decides). */
function defaultSort(query: ParsedCatalogQuery): CatalogSort {
  return query.search ? "relevance" : "newest";
}

function sortFieldValue(query: ParsedCatalogQuery): string {
  return query.sort === defaultSort(query) ? "" : query.sort;
}

function hasActiveFilters(query: ParsedCatalogQuery) {
  return Boolean(query.search) || hasFacetFilters(query);
}

function songCount(total: number) {
  return `${total} ${total === 1 ? "song" : "songs"}`;
}

/** The non-empty fields of the form: tidy URLs, and a changed filter starts again at page 1. */
function formParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim() !== "") params.append(name, value.trim());
  }
  return params;
}

/**
 * Fields are uncontrolled (they work before hydration); when the URL changes
 * by other means (a link, Back) they follow it, except the one being typed in.
 */
function useFieldsFollowUrl(formRef: React.RefObject<HTMLFormElement>, query: ParsedCatalogQuery) {
  const location = useLocation();
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const values: Record<string, string> = {
      search: query.search ?? "",
      ...facetFieldValues(query),
      sort: sortFieldValue(query),
    };
    for (const [name, value] of Object.entries(values)) {
      const field = form.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field !== document.activeElement) {
        field.value = value;
      }
    }
    // location.search: re-run when the URL changes even if the parsed query is equal.
  }, [formRef, query, location.search]);
}

export default function MusicCatalogRoute() {
  const { query, result } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useFieldsFollowUrl(formRef, query);
  useEffect(() => () => clearTimeout(timer.current), []);

  const playlist = songPlaylist(result.songs);
  const filtered = hasActiveFilters(query);
  const busy = navigation.state !== "idle" && navigation.location?.pathname === "/music-catalog";
  const hrefFor = (pageNumber: number) => `/music-catalog${catalogQueryString({ ...query, page: pageNumber })}`;

  const submitNow = (replace: boolean) => {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    submit(formParams(form), { method: "get", action: "/music-catalog", replace, preventScrollReset: true });
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target instanceof HTMLInputElement && (target.type === "search" || target.type === "number")) {
      clearTimeout(timer.current);
      // Typing replaces the history entry: Back goes to the previous search, not every keystroke.
      timer.current = setTimeout(() => submitNow(true), SEARCH_DEBOUNCE_MS);
    } else {
      submitNow(false);
    }
  };

  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow="Catalogue"
        title="Music catalogue"
        lead="Songs written and produced by the collective, ready to pitch. Search by title, writer or lyric, narrow by genre, mood, key and tempo, and listen straight away."
      />
      <Form
        id={FORM_ID}
        ref={formRef}
        method="get"
        action="/music-catalog"
        role="search"
        aria-label="Catalogue"
        onChange={onChange}
        onSubmit={(event) => {
          event.preventDefault();
          submitNow(false);
        }}
        preventScrollReset
      >
        <div className={styles.formStack}>
          <CatalogSearchBar id="catalog-search" label="Search songs, writers and lyrics" defaultValue={query.search ?? ""} />

          <div className={styles.layout}>
            <CatalogFilters query={query} facets={result.facets} hasFilters={filtered} />

            <section className={styles.results} aria-labelledby="catalog-count" aria-busy={busy}>
              <div className={styles.resultsHeader}>
                <h2 id="catalog-count" className={styles.resultCount} aria-live="polite" data-testid="result-count">
                  {songCount(result.total)}
                </h2>
                <div className={styles.sortField}>
                  <label htmlFor="catalog-sort" className={styles.filterLabel}>
                    Sort by
                  </label>
                  <select id="catalog-sort" name="sort" defaultValue={sortFieldValue(query)} className={styles.select}>
                    {/* The empty value is the default order, so a new search starts by best match. */}
                    <option value="">{SORT_LABELS[defaultSort(query)]}</option>
                    {CATALOG_SORTS.filter((sort) => sort !== defaultSort(query) && (sort !== "relevance" || query.search)).map((sort) => (
                      <option key={sort} value={sort}>
                        {SORT_LABELS[sort]}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              {result.fuzzy && result.total > 0 && query.search ? (
                <p className={styles.fuzzyNote}>Including songs spelt similarly to “{query.search}”.</p>
              ) : null}

              {result.songs.length > 0 ? (
                <ol className={styles.trackList} aria-label="Songs" style={{ opacity: busy ? 0.6 : 1 }}>
                  {result.songs.map((song) => (
                    <SongRow key={song.id} song={song} playlist={playlist} />
                  ))}
                </ol>
              ) : result.total > 0 ? (
                <EmptyState
                  icon="music"
                  title={`Page ${result.page} is past the end`}
                  actions={
                    <ButtonLink to={hrefFor(1)} variant="outline">
                      Back to the first page
                    </ButtonLink>
                  }
                >
                  These results have {result.pageCount} {result.pageCount === 1 ? "page" : "pages"}.
                </EmptyState>
              ) : (
                <EmptyState
                  icon="search"
                  title="No songs match"
                  actions={
                    filtered ? (
                      <ButtonLink to="/music-catalog" variant="outline">
                        Clear filters
                      </ButtonLink>
                    ) : null
                  }
                >
                  {filtered
                    ? "Nothing in the catalogue matches this search and these filters. Try fewer words or a wider tempo range."
                    : "The catalogue has no songs yet. Songs appear here once an administrator adds them."}
                </EmptyState>
              )}

              <Pagination page={result.page} pageCount={result.pageCount} hrefFor={hrefFor} />
            </section>
          </div>
        </div>
      </Form>
    </div>
  );
}
