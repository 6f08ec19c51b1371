/**
 * Where a signed-in person stands with the collective, as the dashboard says
 * it: the decision banner (shown until dismissed) and, for someone without a
 * member role, where their application is. Pure functions of what the loader
 * read, browser-safe (ADR 0069, ADR 0070):
 *
 *  - a role was given: "accepted" (members, A&R);
 *  - the stored application decided: "declined" and "waitlisted" with the
 *    admins' note, "offer" for an accepted application (whose role changes
 *    only when the offer is taken at /accept), with "Accept your offer" while
 *    the offer is open;
 *  - the applicant never sees "shortlisted": it reads as "in review".
 */
import type { Viewer } from "~/auth/viewer";
import { DASHBOARD_TEXT } from "./dashboard-text";

/** The dismiss form's intent (the banner posts it to /dashboard). */
export const DISMISS_DECISION_INTENT = "dismiss-decision";

export type DecisionKind = "accepted" | "declined" | "waitlisted" | "offer";

export interface Decision {
  kind: DecisionKind;
  title: string;
  body: string;
  /** The admins' note to the applicant (declines and waitlists), shown as written. */
  note?: string | null;
  /** The one next step the banner offers, if any. */
  action: { to: string; label: string } | null;
}

/** The application as the dashboard reads it (app/applications). */
export interface ApplicationRecord {
  status: "draft" | "pending" | "shortlisted" | "waitlisted" | "declined" | "accepted" | "withdrawn";
  submittedAt: string | null;
  decidedAt?: string | null;
  decisionNote?: string | null;
  /** The open offer on an accepted application (getOpenOffer). */
  offer?: { id: string; expiresAt: string } | null;
}

export interface StandingProfile {
  hasSeenDecisionBanner: boolean;
  /** The person's latest application, when they have one. */
  application?: ApplicationRecord | null;
}

/** Where an accepted applicant takes their offer. */
export const acceptOfferPath = (offerId: string) => `/accept?offer=${encodeURIComponent(offerId)}`;

/** The decision to show in the banner, or null when there is none or it was dismissed. */
export function decisionFor(viewer: Pick<Viewer, "role" | "isAdmin">, profile: StandingProfile): Decision | null {
  if (profile.hasSeenDecisionBanner) return null;
  // Admins are made, not accepted through an application: nothing to announce.
  if (viewer.role === "accepted_member") return { kind: "accepted", ...DASHBOARD_TEXT.decision.accepted };
  if (viewer.role === "accepted_ar") return { kind: "accepted", ...DASHBOARD_TEXT.decision.acceptedAr };
  if (viewer.role !== null || viewer.isAdmin) return null;
  const application = profile.application;
  if (!application) return null;
  const note = application.decisionNote?.trim() || null;
  switch (application.status) {
    case "declined":
      return { kind: "declined", ...DASHBOARD_TEXT.decision.declined, note, action: null };
    case "waitlisted":
      return { kind: "waitlisted", ...DASHBOARD_TEXT.decision.waitlisted, note, action: null };
    case "accepted": {
      const offer = application.offer;
      if (offer) {
        return { kind: "offer", ...DASHBOARD_TEXT.decision.offer, note, action: { to: acceptOfferPath(offer.id), label: DASHBOARD_TEXT.decision.acceptOffer } };
      }
      return { kind: "offer", ...DASHBOARD_TEXT.decision.offerClosed, note, action: null };
    }
    default:
      return null;
  }
}

/**
 * Where an application stands, as its applicant may know it: a draft is not
 * shown here (the form is), "shortlisted" reads as in review.
 */
export type ApplicationStage = "in-review" | "waitlisted" | "declined" | "offered";

export interface ApplicationStanding {
  stage: ApplicationStage;
  /** When they submitted. */
  appliedAt: string | null;
  /** When the decision was made (waitlisted, declined, offered). */
  decidedAt: string | null;
  /** The admins' note (waitlisted, declined). */
  note: string | null;
  /** The open offer's link (offered). */
  offerPath: string | null;
}

const STAGE: Partial<Record<ApplicationRecord["status"], ApplicationStage>> = {
  pending: "in-review",
  shortlisted: "in-review",
  waitlisted: "waitlisted",
  declined: "declined",
  accepted: "offered",
};

/**
 * The application's standing for someone without a member role who submitted
 * one; null for members, A&R and admins, before any application, for a draft
 * and for a withdrawn one.
 */
export function applicationStandingFor(
  viewer: Pick<Viewer, "role">,
  { application }: { joinedAt?: string | null; application?: ApplicationRecord | null },
): ApplicationStanding | null {
  if (viewer.role !== null || !application) return null;
  const stage = STAGE[application.status];
  if (!stage) return null;
  const decided = stage !== "in-review";
  return {
    stage,
    appliedAt: application.submittedAt,
    decidedAt: decided ? (application.decidedAt ?? null) : null,
    note: stage === "waitlisted" || stage === "declined" ? application.decisionNote?.trim() || null : null,
    offerPath: stage === "offered" && application.offer ? acceptOfferPath(application.offer.id) : null,
  };
}
