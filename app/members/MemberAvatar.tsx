/** Initials on the brand gradient: no uploaded pictures yet, and no broken images. */
import * as styles from "./members.css";

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join("").toUpperCase() || "?";
}

export function MemberAvatar({ name, size = "md" }: { name: string; size?: "md" | "lg" }) {
  return (
    <span className={size === "lg" ? styles.avatarLarge : styles.avatar} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
