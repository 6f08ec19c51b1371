/**
 * What the root loader sends to a page about onboarding, and the little the
 * browser needs to show it. The words and icons come from the server with
 * the view (onboarding.server.ts builds it from copy.ts and icons.ts), so the
 * tour's text is in no page's JavaScript (docs/decisions/0038-javascript-budget.md).
 * Browser-safe and small: it is part of every page's first load.
 */

export const ONBOARDING_ACTION = "/onboarding";
/** The restart control in the profile settings and on the dashboard (RestartTourButton). */
export const RESTART_TOUR_LABEL = "Restart the tour";

export interface WelcomeView {
  kind: "welcome";
  title: string;
  badges: { label: string; brand: boolean }[];
  text: string;
  features: { key: string; label: string; icon: string }[];
  startTour: string;
  dismiss: string;
  footer: string;
}

export interface TourView {
  kind: "tour";
  /** 0-based, as stored (onboarding_current_step). */
  step: number;
  total: number;
  stepOf: string;
  title: string;
  description: string;
  /** The step's icon: SVG path data on a 24 px grid. */
  icon: string;
  last: boolean;
  labels: { previous: string; next: string; complete: string; skip: string; close: string; progress: string };
}

export type OnboardingView = WelcomeView | TourView;

/** SPEC §4: the welcome prompt never shows on a path containing /auth (nor, here, the tour). */
export function isAuthPath(pathname: string): boolean {
  return pathname.includes("/auth");
}
