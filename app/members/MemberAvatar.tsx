/** Initials on the brand gradient: no uploaded pictures yet, and no broken images. */
import { initials } from "./initials";
import * as styles from "./members.css";

export function MemberAvatar({ name, size = "md" }: { name: string; size?: "md" | "lg" }) {
  return (
    <span className={size === "lg" ? styles.avatarLarge : styles.avatar} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
