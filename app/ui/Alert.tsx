/**
 * Inline message. Destructive alerts are announced at once (role="alert");
 * default ones politely (role="status") so they don't interrupt the user.
 */
import type { ReactNode } from "react";
import type { ALERT_VARIANTS } from "~/shared/constants";
import * as styles from "./Alert.css";

export type AlertVariant = (typeof ALERT_VARIANTS)[number];

export function Alert({
  variant = "default",
  title,
  children,
  className,
}: {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const Icon = variant === "destructive" ? ErrorIcon : InfoIcon;
  return (
    <div
      role={variant === "destructive" ? "alert" : "status"}
      className={[styles.root, styles.variants[variant], className].filter(Boolean).join(" ")}
    >
      <Icon className={`${styles.icon} ${styles.iconVariants[variant]}`} />
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children ? <div className={styles.description}>{children}</div> : null}
      </div>
    </div>
  );
}

// Decorative: the role and the text carry the meaning.
function InfoIcon({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" />
      <path d="M12 16v-4M12 8h.01" />
    </svg>
  );
}

function ErrorIcon({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z" />
      <path d="M12 9v4M12 17h.01" />
    </svg>
  );
}
