/**
 * Loading indicator: an animated ring plus visible text, announced politely.
 * The ring is decorative; the text is what screen readers and sighted users
 * both get (SPEC: "a spinner with the text 'Loading...'").
 */
import { TEXT } from "~/shared/constants";
import * as styles from "./Spinner.css";

export type SpinnerSize = keyof typeof styles.ringSizes;

export function Spinner({ label = TEXT.loading, size = "md", className }: { label?: string; size?: SpinnerSize; className?: string }) {
  return (
    <span role="status" aria-live="polite" className={className ? `${styles.root} ${className}` : styles.root}>
      <span aria-hidden="true" className={`${styles.ring} ${styles.ringSizes[size]}`} />
      <span>{label}</span>
    </span>
  );
}

/** Top-centre pill shown while Remix navigation is loading the next page. */
export function PageLoadingIndicator({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <div className={styles.pill}>
      <Spinner size="sm" />
    </div>
  );
}
