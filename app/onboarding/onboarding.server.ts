/**
 * Onboarding state (SPEC §4 "Onboarding", §7 "Database (profiles)", §8).
 *
 * The person's progress lives on public.profiles (step, completed, skipped,
 * started/completed timestamps, first login after acceptance); what belongs to
 * one signed-in session (the welcome shown, the tour running, a restart asked
 * for) lives on that session's public.session_activity row
 * (20261125000500_onboarding.sql, docs/decisions/0068-tour-routes-and-no-js-tour.md).
 *
 * SPEC §8: "Onboarding load/save failures are silently ignored". Loading
 * (onboardingForPage) catches and logs, and the page renders without the tour;
 * the /onboarding forms catch and log a failed save and still go on to where
 * the person was heading.
 */
import { sql } from "kysely";
import type { Viewer } from "~/auth/viewer";
import type { Database } from "~/platform/db/connect.server";
import { resolveSession } from "~/auth/session.server";
import { LAST_STEP, TOUR_STEPS } from "./copy";
import {
  NO_SESSION_ONBOARDING,
  clampStep,
  isOnboardingAudience,
  isUnfinished,
  onboardingDisplay,
  type OnboardingRecord,
  type SessionOnboarding,
} from "./eligibility";
import { tourView, welcomeView } from "./views";
import type { OnboardingView } from "./view";
import { loadOnboardingDialogs } from "./dialogs-loader";

export { tourView, welcomeView } from "./views";

export type { OnboardingView } from "./view";

export function logOnboardingFailure(what: string, error: unknown): void {
  console.error(`onboarding: ${what} failed (ignored):`, error instanceof Error ? error.message : error);
}

/** SPEC §7: the onboarding_* fields, first_login_after_acceptance and the account's created_at, by user id. */
export async function loadOnboardingRecord(db: Database, userId: string): Promise<OnboardingRecord | null> {
  const row = await db
    .selectFrom("profiles")
    .innerJoin("auth.users", "auth.users.id", "profiles.user_id")
    .select([
      "profiles.onboarding_completed",
      "profiles.onboarding_skipped",
      "profiles.onboarding_current_step",
      "profiles.first_login_after_acceptance",
      "auth.users.created_at as account_created_at",
    ])
    .where("profiles.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    completed: row.onboarding_completed,
    skipped: row.onboarding_skipped,
    currentStep: row.onboarding_current_step,
    firstLoginAfterAcceptance: row.first_login_after_acceptance ? new Date(row.first_login_after_acceptance) : null,
    accountCreatedAt: new Date(row.account_created_at),
  };
}

export async function loadSessionOnboarding(db: Database, sessionId: string): Promise<SessionOnboarding> {
  const row = await db
    .selectFrom("session_activity")
    .select(["onboarding_welcome_shown_at", "onboarding_tour_active", "onboarding_requested_at"])
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  if (!row) return NO_SESSION_ONBOARDING;
  return {
    welcomeShownAt: row.onboarding_welcome_shown_at ? new Date(row.onboarding_welcome_shown_at) : null,
    tourActive: row.onboarding_tour_active,
    requestedAt: row.onboarding_requested_at ? new Date(row.onboarding_requested_at) : null,
  };
}

/** SPEC §4: when onboarding should show and first_login_after_acceptance is empty, it and onboarding_started_at become now. */
export async function markFirstLogin(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .updateTable("profiles")
    .set({ first_login_after_acceptance: now, onboarding_started_at: now, updated_at: now })
    .where("user_id", "=", userId)
    .where("first_login_after_acceptance", "is", null)
    .execute();
}

/** The welcome has shown in this session (it shows once per session): the first time counts. */
export async function markWelcomeShown(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable("session_activity")
    .set({ onboarding_welcome_shown_at: now })
    .where("session_id", "=", sessionId)
    .where("onboarding_welcome_shown_at", "is", null)
    .execute();
}

/** The session this request belongs to, if it is signed in. */
export async function sessionIdOf(request: Request): Promise<string | null> {
  const resolved = await resolveSession(request);
  return resolved.state === "active" ? resolved.sessionId : null;
}

/**
 * What the root layout renders for this page: the welcome modal, the tour
 * overlay for the stored step, or nothing. Showing the welcome records it for
 * the session (and, when empty, the first login after acceptance). Never
 * throws: a failure is logged and the page renders without onboarding.
 */
export async function onboardingForPage(
  { db, request, viewer, url, sessionId: knownSession }: { db: Database; request: Request; viewer: Viewer | null; url: URL; sessionId?: string },
  now = new Date(),
): Promise<OnboardingView | null> {
  if (!viewer || !isOnboardingAudience(viewer)) return null;
  try {
    const sessionId = knownSession ?? (await sessionIdOf(request));
    if (!sessionId) return null;
    const [record, session] = await Promise.all([loadOnboardingRecord(db, viewer.id), loadSessionOnboarding(db, sessionId)]);
    const display = onboardingDisplay(viewer, record, session, url.pathname, now);
    if (display.kind === "none") return null;
    // The dialogs are a lazily loaded chunk (dialogs-loader.ts): loaded before the page renders, they are in its HTML.
    await loadOnboardingDialogs();
    if (display.kind === "tour") return tourView(display.step);
    await Promise.all([
      record?.firstLoginAfterAcceptance ? null : markFirstLogin(db, viewer.id, now),
      markWelcomeShown(db, sessionId, now),
    ]);
    return welcomeView(viewer);
  } catch (error) {
    logOnboardingFailure("loading", error);
    return null;
  }
}

// ---------------------------------------------------------------------------
// Changes (SPEC §4, §7 "Update by user_id"). Step changes and completion only
// touch an unfinished onboarding, so a replayed or late form is harmless.

async function setTourActive(db: Database, sessionId: string, active: boolean, now: Date): Promise<void> {
  await db
    .updateTable("session_activity")
    .set({
      onboarding_tour_active: active,
      // Starting the tour answers the welcome too.
      onboarding_welcome_shown_at: sql<Date>`coalesce(onboarding_welcome_shown_at, ${now})`,
    })
    .where("session_id", "=", sessionId)
    .execute();
}

/** 'Take a Quick Tour': the tour runs in this session from the stored step (SPEC §4: restored). Returns that step, or null when finished. */
export async function startTour(db: Database, userId: string, sessionId: string, now = new Date()): Promise<number | null> {
  const record = await loadOnboardingRecord(db, userId);
  if (!record || !isUnfinished(record)) return null;
  if (!record.firstLoginAfterAcceptance) await markFirstLogin(db, userId, now);
  await setTourActive(db, sessionId, true, now);
  return clampStep(record.currentStep);
}

/** 'I'll explore on my own': the welcome is answered for this session; the tour is left as it is. */
export async function dismissWelcome(db: Database, sessionId: string, now = new Date()): Promise<void> {
  await markWelcomeShown(db, sessionId, now);
}

/** Every step change is saved (onboarding_current_step), while the onboarding is unfinished. */
export async function saveStep(db: Database, userId: string, step: number, now = new Date()): Promise<void> {
  await db
    .updateTable("profiles")
    .set({ onboarding_current_step: clampStep(step), updated_at: now })
    .where("user_id", "=", userId)
    .where("onboarding_completed", "=", false)
    .where("onboarding_skipped", "=", false)
    .execute();
}

/** Complete: onboarding_completed with its timestamp, the last step saved; the tour ends in this session. */
export async function completeTour(db: Database, userId: string, sessionId: string | null, now = new Date()): Promise<void> {
  await db
    .updateTable("profiles")
    .set({ onboarding_completed: true, onboarding_completed_at: now, onboarding_current_step: LAST_STEP, updated_at: now })
    .where("user_id", "=", userId)
    .where("onboarding_completed", "=", false)
    .execute();
  if (sessionId) await setTourActive(db, sessionId, false, now);
}

/** Skip (the close icon, 'Skip tour', Escape): skipped and completed, the current step saved; the tour ends. */
export async function skipTour(db: Database, userId: string, sessionId: string | null, step: number, now = new Date()): Promise<void> {
  await db
    .updateTable("profiles")
    .set({ onboarding_skipped: true, onboarding_completed: true, onboarding_current_step: clampStep(step), updated_at: now })
    .where("user_id", "=", userId)
    .where("onboarding_completed", "=", false)
    .execute();
  if (sessionId) await setTourActive(db, sessionId, false, now);
}

/**
 * Reset (restart from the profile settings): completion and skip cleared,
 * step 0, a new start time, no completion time. In this session the welcome
 * shows again, even after the first-week window (the person asked for it).
 */
export async function resetTour(db: Database, userId: string, sessionId: string | null, now = new Date()): Promise<void> {
  await db
    .updateTable("profiles")
    .set({
      onboarding_completed: false,
      onboarding_skipped: false,
      onboarding_current_step: 0,
      onboarding_started_at: now,
      onboarding_completed_at: null,
      updated_at: now,
    })
    .where("user_id", "=", userId)
    .execute();
  if (sessionId) {
    await db
      .updateTable("session_activity")
      .set({ onboarding_welcome_shown_at: null, onboarding_tour_active: false, onboarding_requested_at: now })
      .where("session_id", "=", sessionId)
      .execute();
  }
}

/** The route of a step (where moving to it goes). */
export function stepRoute(step: number): string {
  return TOUR_STEPS[clampStep(step)]!.route;
}
