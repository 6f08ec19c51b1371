import { Link } from "@remix-run/react";
import * as page from "~/layout/page.css";
import { avatarSrc } from "~/profile/avatar";
import { skillLabel } from "~/profile/profile-fields";
import type { MemberSummary } from "./members.server";
import { MemberAvatar } from "./MemberAvatar";
import { DIRECTORY_TEXT } from "./members-text";
import { roleLabel } from "./roles";
import * as styles from "./members.css";

export function MemberCard({ member }: { member: MemberSummary }) {
  return (
    <article className={styles.memberCard}>
      <MemberAvatar name={member.displayName} avatarUrl={avatarSrc(member.userId, member.avatar, "md")} />
      <div className={styles.cardBody}>
        <h2 className={styles.cardName}>
          <Link to={`/members/${member.userId}`} className={styles.cardLink} prefetch="intent">
            {member.displayName}
          </Link>
        </h2>
        {member.featured ? <span className={page.chip}>{DIRECTORY_TEXT.featuredBadge}</span> : null}
        <p className={styles.meta}>
          {roleLabel(member.role)}
          {member.location ? ` · ${member.location}` : ""}
        </p>
        {member.skills.length > 0 ? (
          <ul className={page.chipList} aria-label="Skills">
            {member.skills.map((skill) => (
              <li key={skill} className={page.chip}>
                {skillLabel(skill)}
              </li>
            ))}
          </ul>
        ) : null}
        {member.genres.length > 0 ? (
          <ul className={page.chipList} aria-label="Genres">
            {member.genres.map((genre) => (
              <li key={genre} className={page.chipOutline}>
                {genre}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
