/**
 * Where a signed-in person stands with the collective, as the dashboard says
 * it: the decision banner (shown until dismissed) and, for someone without a
 * member role, where their application is. Pure functions of what the loader
 * read, browser-safe, so the membership issue can feed its own decisions in
 * (ADR 0069):
 *
 *  - today the only decision the database knows is "accepted" (a role was
 *    given); an applicant's application is "in review" until then;
 *  - the membership issue adds the application itself: it passes it as
 *    `application` and returns "declined" or "offer" decisions here, each
 *    with its own text in dashboard-text.ts, with the same banner, the same
 *    dismiss form and the same `has_seen_decision_banner` flag.
 */
import type { Viewer } from "~/auth/viewer";
import { DASHBOARD_TEXT } from "./dashboard-text";

/** The dismiss form's intent (the banner posts it to /dashboard). */
export const DISMISS_DECISION_INTENT = "dismiss-decision";

/** What a decision can be; "declined" and "offer" arrive with the membership issue. */
export type DecisionKind = "accepted" | "declined" | "offer";

export interface Decision {
  kind: DecisionKind;
  title: string;
  body: string;
  /** The one next step the banner offers, if any. */
  action: { to: string; label: string } | null;
}

/** An application as the membership issue will store it (absent today). */
export interface ApplicationRecord {
  status: "pending" | "accepted" | "declined" | "offer";
  submittedAt: string | null;
}

export interface StandingProfile {
  hasSeenDecisionBanner: boolean;
  /** The application, once the membership issue stores one. */
  application?: ApplicationRecord | null;
}

/** The decision to show in the banner, or null when there is none or it was dismissed. */
export function decisionFor(viewer: Pick<Viewer, "role" | "isAdmin">, profile: StandingProfile): Decision | null {
  if (profile.hasSeenDecisionBanner) return null;
  // Admins are made, not accepted through an application: nothing to announce.
  if (viewer.role === "accepted_member") return { kind: "accepted", ...DASHBOARD_TEXT.decision.accepted };
  if (viewer.role === "accepted_ar") return { kind: "accepted", ...DASHBOARD_TEXT.decision.acceptedAr };
  return null;
}

/** Where an application stands; "in-review" is all there is until the membership issue. */
export type ApplicationStage = "in-review";

export interface ApplicationStanding {
  stage: ApplicationStage;
  /** When they applied: the application's date once it exists, the account's until then. */
  appliedAt: string | null;
}

/** The application's standing for someone without a member role; null for members, A&R and admins. */
export function applicationStandingFor(
  viewer: Pick<Viewer, "role">,
  { joinedAt, application }: { joinedAt: string | null; application?: ApplicationRecord | null },
): ApplicationStanding | null {
  if (viewer.role !== null) return null;
  return { stage: "in-review", appliedAt: application?.submittedAt ?? joinedAt };
}
