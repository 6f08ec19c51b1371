/** A submission's status as a labelled badge (its own module: the dashboard shows it without the detail page's code). */
import { STATUS_LABELS, type SubmissionStatus } from "./status";
import * as styles from "./submissions.css";

export function StatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <span className={styles.badge[status]} data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}
