/** A hold's status as a badge (its own module: the A&R desk shows it without the forms' code). */
import * as styles from "./holds.css";
import { HOLD_STATUS_LABELS, type HoldStatus } from "./holds-text";

export function HoldStatusBadge({ hold }: { hold: { status: HoldStatus } }) {
  return (
    <span className={styles.status} data-status={hold.status}>
      {HOLD_STATUS_LABELS[hold.status]}
    </span>
  );
}
