/**
 * The dialogs' views, words and icons included (view.ts), built on the server
 * from copy.ts and icons.ts: pure, so the component tests use them too. Only
 * server code imports this module, so its text is in no page's JavaScript.
 */
import type { Viewer } from "~/auth/viewer";
import { LAST_STEP, TOUR, TOUR_STEPS, TOUR_STEP_COUNT, WELCOME } from "./copy";
import { clampStep, roleBadge, welcomeName } from "./eligibility";
import { ICON_PATHS } from "./icons";
import type { TourView, WelcomeView } from "./view";

/** The welcome modal's words (SPEC §2) for this person. */
export function welcomeView(viewer: Pick<Viewer, "displayName" | "email" | "role" | "isAdmin">): WelcomeView {
  return {
    kind: "welcome",
    title: WELCOME.title(welcomeName(viewer.displayName, viewer.email)),
    badges: [
      { label: WELCOME.badge, brand: true },
      { label: roleBadge(viewer), brand: false },
    ],
    text: WELCOME.text,
    features: WELCOME.features.map((feature) => ({ key: feature.key, label: feature.label, icon: ICON_PATHS[feature.key] })),
    startTour: WELCOME.startTour,
    dismiss: WELCOME.dismiss,
    footer: WELCOME.footer,
  };
}

/** The tour dialog for a step (SPEC §2): 'Step N of M', its title, description and icon. */
export function tourView(stepIndex: number): TourView {
  const step = clampStep(stepIndex);
  const current = TOUR_STEPS[step]!;
  return {
    kind: "tour",
    step,
    total: TOUR_STEP_COUNT,
    stepOf: TOUR.stepOf(step + 1, TOUR_STEP_COUNT),
    title: current.title,
    description: current.description,
    icon: ICON_PATHS[current.icon],
    last: step === LAST_STEP,
    labels: { previous: TOUR.previous, next: TOUR.next, complete: TOUR.complete, skip: TOUR.skip, close: TOUR.close, progress: TOUR.progressLabel },
  };
}

