/** /members/{userId}: a public member profile. Private, unknown or non-member ids are 404. */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { MemberAvatar } from "~/members/MemberAvatar";
import { getPublicMember } from "~/members/members.server";
import * as styles from "~/members/members.css";
import { roleLabel } from "~/members/roles";
import { skillLabel } from "~/profile/profile-fields";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.member.displayName} | Members | ${PRODUCT_NAME}` : `Member not found | ${PRODUCT_NAME}` },
  { name: "description", content: data ? `${data.member.displayName}, ${roleLabel(data.member.role)} at ${PRODUCT_NAME}.` : "" },
];

const route = defineRoute({
  access: "public-viewer",
  async load({ params, viewer, db }) {
    const member = await getPublicMember(db, params.userId ?? "");
    if (!member) throw new Response("Not Found", { status: 404 });
    return { member, isOwnProfile: viewer?.id === member.userId };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;


export const ErrorBoundary = RouteErrorBoundary;

const memberSinceFormat = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

export default function MemberProfileRoute() {
  const { member, isOwnProfile } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${page.page}`}>
      <nav aria-label="Breadcrumb">
        <Link to="/members">← All members</Link>
      </nav>
      <header className={styles.profileHero}>
        <MemberAvatar name={member.displayName} size="lg" />
        <div className={page.headerText}>
          <p className={page.eyebrow}>{roleLabel(member.role)}</p>
          <h1 className={styles.profileName}>{member.displayName}</h1>
          {member.location ? <p className={page.lead}>{member.location}</p> : null}
        </div>
        {isOwnProfile ? (
          <ButtonLink to="/profile" variant="outline" style={{ marginInlineStart: "auto" }}>
            Edit your profile
          </ButtonLink>
        ) : null}
      </header>
      <div className={styles.profileGrid}>
        <section className={page.card} aria-labelledby="about-title">
          <h2 id="about-title" className={page.sectionTitle}>
            About
          </h2>
          {member.bio ? <p className={styles.bio}>{member.bio}</p> : <p className={page.muted}>{member.displayName} hasn't written a bio yet.</p>}
        </section>
        <section className={page.card} aria-labelledby="details-title">
          <h2 id="details-title" className={page.sectionTitle}>
            Details
          </h2>
          <dl className={styles.detailList}>
            <div>
              <dt className={styles.detailTerm}>Skills</dt>
              <dd className={styles.detailValue}>
                {member.skills.length ? (
                  <ul className={page.chipList}>
                    {member.skills.map((skill) => (
                      <li key={skill} className={page.chip}>
                        {skillLabel(skill)}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className={page.muted}>None listed</span>
                )}
              </dd>
            </div>
            <div>
              <dt className={styles.detailTerm}>Genres</dt>
              <dd className={styles.detailValue}>
                {member.genres.length ? (
                  <ul className={page.chipList}>
                    {member.genres.map((genre) => (
                      <li key={genre} className={page.chipOutline}>
                        {genre}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className={page.muted}>None listed</span>
                )}
              </dd>
            </div>
            <div>
              <dt className={styles.detailTerm}>Member since</dt>
              <dd className={styles.detailValue}>{memberSinceFormat.format(new Date(member.memberSince))}</dd>
            </div>
          </dl>
        </section>
      </div>
    </div>
  );
}
