/**
 * /members: the member directory (public). One GET form holds the name
 * search, the skill, genre and location filters and the sort, so every state
 * is a URL that works without JavaScript (share it, bookmark it, press Back).
 * Bad parameters fall back to no filter, the default sort or the last page.
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { Pagination } from "~/catalog/components/Pagination";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import * as formStyles from "~/layout/form.css";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { DIRECTORY_DEFAULT_SORT, DIRECTORY_SORTS, NAME_SEARCH_MAX } from "~/members/directory-constants";
import { MemberCard } from "~/members/MemberCard";
import { directorySearch, hasDirectoryFilters, parseDirectoryQuery } from "~/members/directory-query";
import { listDirectory, listDirectoryGenres, listFeaturedMembers } from "~/members/members.server";
import { DIRECTORY_TEXT as T, SORT_LABELS, memberCount } from "~/members/members-text";
import * as styles from "~/members/members.css";
import { PROFILE_LIMITS, SKILLS } from "~/profile/profile-fields";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { Button, ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [
  { title: `${T.title} | ${PRODUCT_NAME}` },
  { name: "description", content: T.description },
];

const route = defineRoute({
  access: "public-viewer",
  nav: { label: "Members", to: "/members", order: 40 },
  async load({ url, viewer, db }) {
    const query = parseDirectoryQuery(url.searchParams);
    // Featured members (ADR 0081) come first on the first page, as the filters allow.
    const [result, genres, featured] = await Promise.all([
      listDirectory(db, query),
      listDirectoryGenres(db),
      query.page === 1 ? listFeaturedMembers(db, query) : Promise.resolve([]),
    ]);
    // A genre from a shared link that no listed profile names any more still shows as chosen.
    if (query.genre && !genres.some((g) => g.value === query.genre)) genres.unshift({ value: query.genre, count: 0 });
    return { ...result, featured: result.page === 1 ? featured : [], query: { ...query, page: result.page }, genres, canEditProfile: Boolean(viewer) };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

export default function MembersRoute() {
  const { members, featured, total, page: pageNumber, pageCount, query, genres, canEditProfile } = useLoaderData<typeof loader>();
  const location = useLocation();
  const filtered = hasDirectoryFilters(query);
  const hrefFor = (n: number) => `/members${directorySearch(query, { page: n })}`;
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow={T.eyebrow}
        title={T.title}
        lead={T.lead}
        actions={
          canEditProfile ? (
            <ButtonLink to="/profile" variant="outline">
              {T.editProfile}
            </ButtonLink>
          ) : null
        }
      />
      {/* Keyed by the URL: uncontrolled fields start again from the query after a link or Back. */}
      <Form key={location.search} method="get" action="/members" className={styles.filterForm} role="search" aria-label={T.formLabel}>
        <div className={styles.filterField}>
          <label htmlFor="members-q" className={formStyles.label}>
            {T.nameLabel}
          </label>
          <input
            id="members-q"
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            placeholder={T.namePlaceholder}
            maxLength={NAME_SEARCH_MAX}
            autoComplete="off"
            enterKeyHint="search"
            className={formStyles.control}
          />
        </div>
        <div className={styles.filterField}>
          <label htmlFor="members-skill" className={formStyles.label}>
            {T.skillLabel}
          </label>
          <select id="members-skill" name="skill" defaultValue={query.skill ?? ""} className={formStyles.control}>
            <option value="">{T.anySkill}</option>
            {SKILLS.map((skill) => (
              <option key={skill.value} value={skill.value}>
                {skill.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filterField}>
          <label htmlFor="members-genre" className={formStyles.label}>
            {T.genreLabel}
          </label>
          <select id="members-genre" name="genre" defaultValue={query.genre ?? ""} className={formStyles.control}>
            <option value="">{T.anyGenre}</option>
            {genres.map((genre) => (
              <option key={genre.value} value={genre.value}>
                {genre.value}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filterField}>
          <label htmlFor="members-location" className={formStyles.label}>
            {T.locationLabel}
          </label>
          <input
            id="members-location"
            type="text"
            name="location"
            defaultValue={query.location ?? ""}
            placeholder={T.locationPlaceholder}
            maxLength={PROFILE_LIMITS.location}
            autoComplete="off"
            className={formStyles.control}
          />
        </div>
        <div className={styles.filterField}>
          <label htmlFor="members-sort" className={formStyles.label}>
            {T.sortLabel}
          </label>
          <select id="members-sort" name="sort" defaultValue={query.sort === DIRECTORY_DEFAULT_SORT ? "" : query.sort} className={formStyles.control}>
            {DIRECTORY_SORTS.map((sort) => (
              <option key={sort} value={sort === DIRECTORY_DEFAULT_SORT ? "" : sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filterActions}>
          <Button type="submit" variant="secondary">
            {T.submit}
          </Button>
          {filtered ? (
            <ButtonLink to="/members" variant="ghost">
              {T.clearFilters}
            </ButtonLink>
          ) : null}
        </div>
      </Form>
      {featured.length > 0 ? (
        <section className={page.page} aria-labelledby="featured-members-title" data-testid="featured-members">
          <h2 id="featured-members-title" className={page.sectionTitle}>
            {T.featuredTitle}
          </h2>
          {/* Named "Featured", not "Featured members": the results list is "Members". */}
          <ul className={page.cardGrid} aria-label={T.featuredBadge}>
            {featured.map((member) => (
              <li key={member.userId}>
                <MemberCard member={member} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className={page.page} aria-labelledby="members-count">
        <h2 id="members-count" className={styles.resultCount} aria-live="polite" data-testid="member-count">
          {memberCount(total)}
        </h2>
        {members.length === 0 ? (
          <EmptyState
            icon={filtered ? "search" : "users"}
            title={filtered ? T.noMatches : T.noPublicProfiles}
            actions={
              filtered ? (
                <ButtonLink to="/members" variant="outline">
                  {T.clearFilters}
                </ButtonLink>
              ) : null
            }
          >
            {filtered ? T.noMatchesText : T.noPublicProfilesText}
          </EmptyState>
        ) : (
          <ul className={page.cardGrid} aria-label={T.results}>
            {members.map((member) => (
              <li key={member.userId}>
                <MemberCard member={member} />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={pageNumber} pageCount={pageCount} hrefFor={hrefFor} />
      </section>
    </div>
  );
}
