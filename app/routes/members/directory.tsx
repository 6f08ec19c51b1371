/** /members: the member directory (public). Filter by skill with a plain GET form. */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import * as formStyles from "~/layout/form.css";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { MemberCard } from "~/members/MemberCard";
import { listPublicMembers, parseDirectoryQuery } from "~/members/members.server";
import * as styles from "~/members/members.css";
import { SKILLS, skillLabel } from "~/profile/profile-fields";
import { PRODUCT_NAME } from "~/shared/constants";
import { Button, ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [
  { title: `Members | ${PRODUCT_NAME}` },
  { name: "description", content: "Songwriters, producers and A&R professionals of the collective." },
];

const route = defineRoute({
  access: "public-viewer",
  nav: { label: "Members", to: "/members", order: 40 },
  async load({ url, viewer, db }) {
    const query = parseDirectoryQuery(url.searchParams);
    const result = await listPublicMembers(db, query);
    return { ...result, query, canEditProfile: Boolean(viewer) };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;


export const ErrorBoundary = RouteErrorBoundary;

function pageHref(skill: string | null, pageNumber: number) {
  const params = new URLSearchParams();
  if (skill) params.set("skill", skill);
  if (pageNumber > 1) params.set("page", String(pageNumber));
  const search = params.toString();
  return search ? `/members?${search}` : "/members";
}

export default function MembersRoute() {
  const { members, total, pageCount, query, canEditProfile } = useLoaderData<typeof loader>();
  const filtered = query.skill !== null;
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow="Directory"
        title="Members"
        lead="The writers, producers and A&R professionals of the collective who chose to be found."
        actions={
          canEditProfile ? (
            <ButtonLink to="/profile" variant="outline">
              Edit your profile
            </ButtonLink>
          ) : null
        }
      />
      <Form method="get" className={styles.filterForm} role="search" aria-label="Filter members">
        <div className={styles.filterField}>
          <label htmlFor="members-skill" className={formStyles.label}>
            Skill
          </label>
          <select id="members-skill" name="skill" defaultValue={query.skill ?? ""} className={formStyles.control}>
            <option value="">All skills</option>
            {SKILLS.map((skill) => (
              <option key={skill.value} value={skill.value}>
                {skill.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Show members
        </Button>
        {filtered ? (
          <ButtonLink to="/members" variant="ghost">
            Clear filter
          </ButtonLink>
        ) : null}
      </Form>
      <p className={styles.resultCount} role="status">
        {total === 1 ? "1 member" : `${total} members`}
        {filtered ? ` with the skill ${skillLabel(query.skill!)}` : ""}
      </p>
      {members.length === 0 ? (
        <EmptyState
          icon="users"
          title={filtered ? `No ${skillLabel(query.skill!).toLowerCase()}s listed yet` : "No public profiles yet"}
          actions={
            filtered ? (
              <ButtonLink to="/members" variant="outline">
                Show all members
              </ButtonLink>
            ) : null
          }
        >
          Members appear here once they make their profile public from their profile page.
        </EmptyState>
      ) : (
        <ul className={page.cardGrid}>
          {members.map((member) => (
            <li key={member.userId}>
              <MemberCard member={member} />
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav className={page.pagination} aria-label="Member pages">
          {query.page > 1 ? <Link to={pageHref(query.skill, query.page - 1)}>Previous page</Link> : <span />}
          <span className={page.muted}>
            Page {query.page} of {pageCount}
          </span>
          {query.page < pageCount ? <Link to={pageHref(query.skill, query.page + 1)}>Next page</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}
