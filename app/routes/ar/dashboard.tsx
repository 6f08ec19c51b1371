/** /ar/dashboard: the A&R workspace (approved-A&R guard: others go to /ar). */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { countPublicMembersBySkill } from "~/ar/ar.server";
import * as styles from "~/ar/ar.css";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `A&R dashboard | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "approved-ar",
  nav: { label: "A&R", to: "/ar/dashboard", order: 20, show: (viewer) => !viewer?.isAdmin },
  async load({ viewer, db }) {
    return { displayName: viewer.displayName, skills: await countPublicMembersBySkill(db) };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

export default function ArDashboardRoute() {
  const { displayName, skills } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow="A&R"
        title={`Hello, ${displayName}`}
        lead="Search the catalogue and find the writers and producers behind the songs."
        actions={
          <>
            <ButtonLink to="/music-catalog" variant="uber">
              Search the catalogue
            </ButtonLink>
            <ButtonLink to="/members" variant="outline">
              Member directory
            </ButtonLink>
          </>
        }
      />
      <div className={styles.formLayout}>
        <section aria-labelledby="briefs-title">
          <h2 id="briefs-title" className={page.sectionTitle}>
            Your briefs
          </h2>
          <EmptyState icon="inbox" title="No briefs yet" headingLevel={3}>
            Briefs you send to members, such as &ldquo;uptempo pop, female vocal, by Friday&rdquo;, will appear here with the songs sent in reply.
          </EmptyState>
        </section>
        <section className={page.card} aria-labelledby="talent-title">
          <h2 id="talent-title" className={page.sectionTitle}>
            Talent in the directory
          </h2>
          <ul className={styles.skillList}>
            {skills.map((skill) => (
              <li key={skill.skill} className={styles.skillRow}>
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
