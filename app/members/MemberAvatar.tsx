/**
 * A member's picture: the uploaded avatar when there is one (avatarUrl, from
 * avatarSrc in app/profile/avatar.ts), initials on the brand gradient
 * otherwise. It sits beside the person's name, so it is decorative (alt="").
 */
import { initials } from "./initials";
import * as styles from "./members.css";

const CLASS = { sm: styles.avatarSmall, md: styles.avatar, lg: styles.avatarLarge } as const;
const PIXELS = { sm: 32, md: 56, lg: 96 } as const;

export function MemberAvatar({
  name,
  size = "md",
  avatarUrl,
}: {
  name: string;
  size?: "sm" | "md" | "lg";
  avatarUrl?: string | null;
}) {
  if (avatarUrl) {
    return (
      <img
        src={avatarUrl}
        alt=""
        width={PIXELS[size]}
        height={PIXELS[size]}
        loading="lazy"
        decoding="async"
        className={`${CLASS[size]} ${styles.avatarImage}`}
      />
    );
  }
  return (
    <span className={CLASS[size]} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
