/**
 * /admin/catalog (admin guard): every song, whatever its status (catalogue,
 * draft, archived), with counts by status, a status filter, a search by
 * title or credited name and pages (a GET form: works without JavaScript);
 * each row links to the song's editor and has its feature/unfeature form (a
 * plain POST). docs/decisions/0082-admin-catalogue.md
 */
import type { SubmissionResult } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { catalogStatusCounts, FeatureConflictError, listAdminSongs, parseListQuery, setSongFeatured, SongNotFoundError } from "~/admin/catalog.server";
import { featureSchema } from "~/admin/catalog-schema";
import { ADMIN_CATALOG_PATH, adminSongPath, CATALOG_LIMITS, CATALOG_TEXT, STATUS_FILTERS, type StatusFilter } from "~/admin/catalog-text";
import * as styles from "~/admin/catalog.css";
import * as adminStyles from "~/admin/admin.css";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import * as memberStyles from "~/members/members.css";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button, ButtonLink } from "~/ui/Button";

const T = CATALOG_TEXT;

export const meta: MetaFunction = () => [{ title: `Catalogue | Admin | ${PRODUCT_NAME}` }];

/** The listing's address for a filter, search and page. */
function listHref(status: StatusFilter, search: string, pageNumber: number): string {
  const params = new URLSearchParams();
  if (status !== "all") params.set("status", status);
  if (search) params.set("q", search);
  if (pageNumber > 1) params.set("page", String(pageNumber));
  const query = params.toString();
  return query ? `${ADMIN_CATALOG_PATH}?${query}` : ADMIN_CATALOG_PATH;
}

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Catalogue", to: ADMIN_CATALOG_PATH, summary: "Every song: details, credits, versions and the featured songs.", order: 60 },
  async load({ db, url }) {
    const query = parseListQuery(url.searchParams);
    const [counts, list] = await Promise.all([catalogStatusCounts(db), listAdminSongs(db, query)]);
    return { counts, ...list, query };
  },
  forms: {
    feature: form({
      schema: featureSchema,
      async handle({ db, viewer, value, reply, url }) {
        if (!value.songId) return reply({ formErrors: [T.errors.songId] });
        const query = parseListQuery(url.searchParams);
        const back = listHref(query.status, query.search, query.page);
        try {
          const featured = value.featured === "yes";
          const { title } = await setSongFeatured(db, viewer!, value.songId, featured);
          return redirectWithToast(back, { type: "success", message: featured ? T.featured(title) : T.unfeatured(title) });
        } catch (error) {
          if (error instanceof SongNotFoundError) return reply({ formErrors: [T.notFound], status: 404 });
          if (error instanceof FeatureConflictError) return reply({ formErrors: [error.message], status: 409 });
          throw error;
        }
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

function FeatureToggle({ song, action }: { song: { id: string; title: string; featured: boolean; status: string }; action: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("songId") === song.id;
  if (!song.featured && song.status !== "catalogue") return <span className={page.muted}>{T.featuredNo}</span>;
  return (
    <Form method="post" action={action} className={styles.inlineForm} preventScrollReset>
      <input type="hidden" name="intent" value="feature" />
      <input type="hidden" name="songId" value={song.id} />
      <input type="hidden" name="featured" value={song.featured ? "no" : "yes"} />
      <span>{song.featured ? T.featuredYes : T.featuredNo}</span>
      <Button type="submit" variant="outline" disabled={busy} aria-label={song.featured ? T.unfeatureLabel(song.title) : T.featureLabel(song.title)}>
        {song.featured ? T.unfeature : T.feature}
      </Button>
    </Form>
  );
}

export default function AdminCatalogRoute() {
  const { counts, songs, hasNextPage, query } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { intent: string; result: SubmissionResult<string[]> } | undefined;
  const location = useLocation();
  const action = location.pathname + location.search;
  const formErrors = actionData?.result.error?.[""] ?? actionData?.result.error?.songId ?? undefined;
  const stats = [
    { label: T.counts.catalogue, value: counts.catalogue, status: "catalogue" as const },
    { label: T.counts.featured, value: counts.featured, status: null },
    { label: T.counts.draft, value: counts.draft, status: "draft" as const },
    { label: T.counts.archived, value: counts.archived, status: "archived" as const },
  ];
  const caption = T.caption(query.status, query.search);
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title={T.listTitle}
        lead={T.listLead}
        actions={
          <ButtonLink to="/music-catalog" variant="outline">
            {T.openCatalogue}
          </ButtonLink>
        }
      />
      <dl className={page.statGrid} data-testid="catalog-counts">
        {stats.map((stat) => (
          <div key={stat.label} className={page.stat}>
            <dt className={page.statLabel}>{stat.status ? <Link to={listHref(stat.status, "", 1)}>{stat.label}</Link> : stat.label}</dt>
            <dd className={page.statValue}>{stat.value}</dd>
          </div>
        ))}
      </dl>
      <Form method="get" action={ADMIN_CATALOG_PATH} role="search" aria-label="Find songs" className={memberStyles.filterForm}>
        <div className={memberStyles.filterField}>
          <label htmlFor="catalog-status" className={formStyles.label}>
            {T.filterLegend}
          </label>
          <select id="catalog-status" name="status" defaultValue={query.status} className={formStyles.control}>
            {STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {T.statusLabels[status]}
              </option>
            ))}
          </select>
        </div>
        <div className={memberStyles.filterField}>
          <label htmlFor="catalog-q" className={formStyles.label}>
            {T.searchLabel}
          </label>
          <input id="catalog-q" name="q" type="search" defaultValue={query.search} maxLength={CATALOG_LIMITS.search} className={formStyles.control} />
        </div>
        <Button type="submit" variant="secondary">
          {T.search}
        </Button>
        {query.search || query.status !== "all" ? (
          <ButtonLink to={ADMIN_CATALOG_PATH} variant="ghost">
            {T.clear}
          </ButtonLink>
        ) : null}
      </Form>
      <FieldErrors id="catalog-list-error" errors={formErrors} />
      {songs.length === 0 ? (
        <EmptyState icon="search" title={T.emptyTitle}>
          {T.empty(query.search)}
        </EmptyState>
      ) : (
        <div className={page.tableWrap} role="region" aria-label={caption} tabIndex={0}>
          <table className={page.table} data-testid="catalog-songs">
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{T.columns.title}</th>
                <th scope="col">{T.columns.status}</th>
                <th scope="col">{T.columns.credits}</th>
                <th scope="col">{T.columns.updated}</th>
                <th scope="col">{T.columns.featured}</th>
              </tr>
            </thead>
            <tbody>
              {songs.map((song) => (
                <tr key={song.id} data-testid="catalog-song">
                  <th scope="row" className={styles.titleCell}>
                    <Link to={adminSongPath(song.id)}>{song.title}</Link>
                  </th>
                  <td>
                    <span className={song.status === "catalogue" ? adminStyles.badge : adminStyles.badgeMuted}>{T.statusBadge[song.status] ?? song.status}</span>
                  </td>
                  <td>{song.credits || <span className={page.muted}>{T.noCredits}</span>}</td>
                  <td>
                    <time dateTime={song.updatedAt}>{dateFormat.format(new Date(song.updatedAt))}</time>
                  </td>
                  <td>
                    <FeatureToggle song={song} action={action} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.page > 1 || hasNextPage ? (
        <nav className={page.pagination} aria-label={T.pages}>
          {query.page > 1 ? <Link to={listHref(query.status, query.search, query.page - 1)}>{T.previous}</Link> : <span />}
          <span className={page.muted}>{T.pageOf(query.page)}</span>
          {hasNextPage ? <Link to={listHref(query.status, query.search, query.page + 1)}>{T.next}</Link> : <span />}
        </nav>
      ) : null}
    </>
  );
}
