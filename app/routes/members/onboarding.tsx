/**
 * /onboarding: the forms of the welcome modal and the tour (SPEC §2, §4).
 * The root layout renders the welcome or the overlay on every page
 * (app/onboarding/OnboardingFrame.tsx); their buttons post here, by intent,
 * with or without JavaScript. Each form saves and redirects to the step's
 * route, or back to a checked same-origin path. Only the viewer's own state
 * is ever read or written: no form names a user.
 *
 * A GET has nothing to show: it goes to /dashboard. No page (a resource
 * route): the pages post here and are sent on; a refusal is answered as JSON.
 */
import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { Viewer } from "~/auth/viewer";
import { TOUR } from "~/onboarding/copy";
import { isOnboardingAudience, isWithinWindow } from "~/onboarding/eligibility";
import {
  completeTour,
  dismissWelcome,
  loadOnboardingRecord,
  loadSessionOnboarding,
  logOnboardingFailure,
  resetTour,
  saveStep,
  sessionIdOf,
  skipTour,
  startTour,
  stepRoute,
} from "~/onboarding/onboarding.server";
import { LAST_STEP } from "~/onboarding/copy";
import type { Database } from "~/platform/db/connect.server";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { safeSameSitePath } from "~/shared/safe-redirect";
import { redirectWithToast } from "~/toast/toast.server";

// conform turns the posted text into a number (and an empty field into a missing one).
const step = z.number({ required_error: "Unknown step", invalid_type_error: "Unknown step" }).int().min(0).max(LAST_STEP);
const returnTo = z.string().max(2048).optional();

/** Where dismiss, skip and restart go back to: a same-origin path, never /onboarding itself. */
function backTo(path: string | undefined, fallback: string): string {
  const safe = safeSameSitePath(path, fallback);
  return new URL(safe, "http://x").pathname === "/onboarding" ? fallback : safe;
}

/** A save that fails is logged and ignored (SPEC §8): the person still goes where they were heading. */
async function saving(what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    logOnboardingFailure(what, error);
  }
}

/** Whether the welcome could show to this person in this session (eligible, or they restarted the tour here). */
async function mayStart(db: Database, viewer: Viewer, sessionId: string): Promise<boolean> {
  const [record, session] = await Promise.all([loadOnboardingRecord(db, viewer.id), loadSessionOnboarding(db, sessionId)]);
  if (!record) return false;
  return session.tourActive || session.requestedAt !== null || isWithinWindow(record, new Date());
}

const route = defineRoute({
  access: "signed-in",
  // No page of its own: a refusal (an unknown intent, a bad step) is a real 400 JSON answer.
  resource: true,
  load() {
    throw redirect("/dashboard");
  },
  forms: {
    start: form({
      schema: z.object({}),
      async handle({ db, request, viewer }) {
        let target = "/dashboard";
        const sessionId = await sessionIdOf(request);
        if (!isOnboardingAudience(viewer) || !sessionId) return redirect(target);
        await saving("starting the tour", async () => {
          if (!(await mayStart(db, viewer, sessionId))) return;
          const stored = await startTour(db, viewer.id, sessionId);
          if (stored !== null) target = stepRoute(stored);
        });
        return redirect(target);
      },
    }),
    "dismiss-welcome": form({
      schema: z.object({ returnTo }),
      async handle({ db, request, value }) {
        const sessionId = await sessionIdOf(request);
        if (sessionId) await saving("closing the welcome", () => dismissWelcome(db, sessionId));
        return redirect(backTo(value.returnTo, "/dashboard"));
      },
    }),
    next: form({
      schema: z.object({ step }),
      async handle({ db, request, viewer, value }) {
        if (!isOnboardingAudience(viewer)) return redirect("/dashboard");
        // Next on the last step completes (SPEC §4).
        if (value.step >= LAST_STEP) return complete(db, request, viewer);
        await saving("saving the step", () => saveStep(db, viewer.id, value.step + 1));
        return redirect(stepRoute(value.step + 1));
      },
    }),
    previous: form({
      schema: z.object({ step }),
      async handle({ db, viewer, value }) {
        if (!isOnboardingAudience(viewer)) return redirect("/dashboard");
        const to = Math.max(0, value.step - 1);
        await saving("saving the step", () => saveStep(db, viewer.id, to));
        return redirect(stepRoute(to));
      },
    }),
    skip: form({
      schema: z.object({ step, returnTo }),
      async handle({ db, request, viewer, value }) {
        const back = backTo(value.returnTo, stepRoute(value.step));
        if (!isOnboardingAudience(viewer)) return redirect(back);
        const sessionId = await sessionIdOf(request);
        await saving("skipping the tour", () => skipTour(db, viewer.id, sessionId, value.step));
        return redirectWithToast(back, { type: "info", message: TOUR.skippedToast });
      },
    }),
    complete: form({
      schema: z.object({}),
      async handle({ db, request, viewer }) {
        if (!isOnboardingAudience(viewer)) return redirect("/dashboard");
        return complete(db, request, viewer);
      },
    }),
    restart: form({
      schema: z.object({ returnTo }),
      async handle({ db, request, viewer, value }) {
        const back = backTo(value.returnTo, "/profile");
        if (!isOnboardingAudience(viewer)) return redirect(back);
        const sessionId = await sessionIdOf(request);
        await saving("restarting the tour", () => resetTour(db, viewer.id, sessionId));
        return redirect(back);
      },
    }),
  },
});

async function complete(db: Database, request: Request, viewer: Viewer) {
  const sessionId = await sessionIdOf(request);
  await saving("completing the tour", () => completeTour(db, viewer.id, sessionId));
  return redirectWithToast(stepRoute(LAST_STEP), { type: "success", message: TOUR.completedToast });
}

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
