/**
 * What the dashboard's "Your submissions" needs (statuses, their labels, the
 * paths and its strings), apart from the area's other constants so the
 * dashboard's bundle carries only these (docs/decisions/0038's budget).
 */
export const SUBMISSIONS_PATH = "/submissions";
export const submissionPath = (id: string) => `${SUBMISSIONS_PATH}/${encodeURIComponent(id)}`;

export const SUBMISSION_STATUSES = ["pending", "accepted", "declined", "withdrawn"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: "Pending review",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

export const DASHBOARD_SUBMISSIONS_TEXT = {
  title: "Your submissions",
  empty: "You have not submitted a song yet.",
  submit: "Submit a song",
  all: "All your submissions",
} as const;
