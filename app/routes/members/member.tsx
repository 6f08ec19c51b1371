/**
 * /members/{userId}: a member's page. Public profiles for everyone; a private
 * one only for its owner and admins (with a note saying so); 404 for everyone
 * else, for applicants (no member page) and for unknown or malformed ids.
 * The showcase plays in the floating player, the catalogue songs that credit
 * the member link to their song pages and play like the catalogue's rows, and
 * signed-in members and A&R can get in touch through the app (H4's contact
 * form; the member's e-mail is never on the page).
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SongRow } from "~/catalog/components/SongRow";
import { songPlaylist } from "~/catalog/components/tracks";
import * as catalogStyles from "~/catalog/components/catalog.css";
import { ContactMemberForm } from "~/inbox/ContactMemberForm";
import { contactFormProps, contactMemberForm } from "~/inbox/contact.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { CREDITED_SONGS_MAX } from "~/members/directory-constants";
import { MemberAvatar } from "~/members/MemberAvatar";
import { getMemberPage, listCreditedSongs } from "~/members/members.server";
import { PROFILE_TEXT as T } from "~/members/members-text";
import * as styles from "~/members/members.css";
import { roleLabel } from "~/members/roles";
import { avatarSrc } from "~/profile/avatar";
import { skillLabel } from "~/profile/profile-fields";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { ShowcaseList } from "~/showcase/ShowcaseList";
import { listShowcase } from "~/showcase/showcase.server";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `${T.notFoundTitle} | ${PRODUCT_NAME}` }];
  const { member, access } = data;
  return [
    { title: `${member.displayName} | Members | ${PRODUCT_NAME}` },
    { name: "description", content: `${member.displayName}, ${roleLabel(member.role)} at ${PRODUCT_NAME}.` },
    // A private page is shown to its owner and admins only: never indexed.
    ...(access === "public" ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

const route = defineRoute({
  access: "public-viewer",
  async load({ params, viewer, db, storage }) {
    const found = await getMemberPage(db, params.userId ?? "", viewer);
    if (!found) throw new Response("Not Found", { status: 404 });
    const { member, access } = found;
    const [showcase, credits] = await Promise.all([
      listShowcase(db, storage, member.userId),
      listCreditedSongs(db, storage, member.userId, CREDITED_SONGS_MAX),
    ]);
    const isOwnProfile = viewer?.id === member.userId;
    return {
      member,
      access,
      showcase,
      credits,
      isOwnProfile,
      // Who may write, from the contact form's own rules (a private recipient: nobody, admins included).
      contact: await contactFormProps(db, viewer, member.userId),
    };
  },
  forms: { contact: contactMemberForm },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

const memberSinceFormat = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

export default function MemberProfileRoute() {
  const { member, access, showcase, credits, isOwnProfile, contact } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const contactResult = actionData && "intent" in actionData && actionData.intent === "contact" ? actionData.result : undefined;
  const playlist = songPlaylist(credits);
  return (
    <div className={`${container} ${page.page}`}>
      <nav aria-label={T.breadcrumb}>
        <Link to="/members" className={page.textLink}>
          {T.allMembers}
        </Link>
      </nav>
      {access !== "public" ? (
        <p className={styles.privateNote} role="note" data-testid="private-profile-note">
          {access === "owner" ? T.privateOwner : T.privateAdmin}
        </p>
      ) : null}
      <header className={styles.profileHero}>
        <MemberAvatar name={member.displayName} size="lg" avatarUrl={avatarSrc(member.userId, member.avatar, "lg")} />
        <div className={page.headerText}>
          <p className={page.eyebrow}>{roleLabel(member.role)}</p>
          <h1 className={styles.profileName}>{member.displayName}</h1>
          {member.location ? <p className={page.lead}>{member.location}</p> : null}
        </div>
        {isOwnProfile ? (
          <div className={styles.heroActions}>
            <ButtonLink to="/profile" variant="outline">
              {T.editProfile}
            </ButtonLink>
          </div>
        ) : null}
      </header>
      <div className={styles.profileGrid}>
        <div className={styles.sectionStack}>
          <section className={page.card} aria-labelledby="about-title">
            <h2 id="about-title" className={page.sectionTitle}>
              {T.about}
            </h2>
            {member.bio ? <p className={styles.bio}>{member.bio}</p> : <p className={page.muted}>{T.noBio(member.displayName)}</p>}
          </section>
          <section className={page.card} aria-labelledby="showcase-title">
            <h2 id="showcase-title" className={page.sectionTitle}>
              {T.showcase}
            </h2>
            <ShowcaseList tracks={showcase} artist={member.displayName} emptyText={T.showcaseEmpty(member.displayName)} />
          </section>
          <section className={page.card} aria-labelledby="credits-title">
            <h2 id="credits-title" className={page.sectionTitle}>
              {T.credits}
            </h2>
            {credits.length > 0 ? (
              <ol className={catalogStyles.trackList} aria-labelledby="credits-title" data-testid="credited-songs">
                {credits.map((song) => (
                  <SongRow key={song.id} song={song} playlist={playlist} />
                ))}
              </ol>
            ) : (
              <p className={page.muted}>{T.creditsEmpty(member.displayName)}</p>
            )}
          </section>
        </div>
        <div className={styles.sectionStack}>
          <section className={page.card} aria-labelledby="details-title">
            <h2 id="details-title" className={page.sectionTitle}>
              {T.details}
            </h2>
            <dl className={styles.detailList}>
              <div>
                <dt className={styles.detailTerm}>{T.skills}</dt>
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
                    <span className={page.muted}>{T.noneListed}</span>
                  )}
                </dd>
              </div>
              <div>
                <dt className={styles.detailTerm}>{T.genres}</dt>
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
                    <span className={page.muted}>{T.noneListed}</span>
                  )}
                </dd>
              </div>
              {member.location ? (
                <div>
                  <dt className={styles.detailTerm}>{T.location}</dt>
                  <dd className={styles.detailValue}>{member.location}</dd>
                </div>
              ) : null}
              {member.links.length > 0 ? (
                <div>
                  <dt className={styles.detailTerm}>{T.links}</dt>
                  <dd className={styles.detailValue}>
                    <ul className={styles.linkList}>
                      {member.links.map((link) => (
                        <li key={link.url}>
                          <a href={link.url} rel="noopener noreferrer nofollow ugc" target="_blank" className={`${page.textLink} ${styles.profileLink}`}>
                            {link.label}
                            <span className="visually-hidden"> (opens in a new tab)</span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt className={styles.detailTerm}>{T.memberSince}</dt>
                <dd className={styles.detailValue}>{memberSinceFormat.format(new Date(member.memberSince))}</dd>
              </div>
            </dl>
          </section>
          {isOwnProfile ? null : (
            <section className={page.card} aria-labelledby="contact-title">
              <h2 id="contact-title" className={page.sectionTitle}>
                {T.contact}
              </h2>
              <ContactMemberForm
                recipientName={member.displayName}
                lastResult={contactResult}
                {...contact}
              />
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
