/**
 * Who gets onboarding, and what a page shows of it (SPEC §4 "Onboarding", §6,
 * §9). Pure functions of the stored state and the clock, so the boundaries
 * (24 hours, 7 days, roles, completed or skipped) are unit-tested without a
 * database. Browser-safe.
 *
 * Decisions (docs/decisions/0068-tour-routes-and-no-js-tour.md):
 *  - "within": a first login exactly 24 hours ago, or an account exactly
 *    7 days old, still counts; one millisecond more does not.
 *  - The account's age is auth.users.created_at: the account, not the profile
 *    row (which an adapter may create later, on the first sign-in).
 *  - An empty first_login_after_acceptance means this sign-in IS the first
 *    one after acceptance: it counts as now (and is then stored as now, SPEC
 *    §4). Read literally, a person whose account is older than 7 days when
 *    they are accepted (an applicant accepted after a long review) would
 *    never be onboarded at all.
 */
import { isMember, type Viewer } from "~/auth/viewer";
import { ONBOARDING_FIRST_LOGIN_WINDOW_MS, ONBOARDING_NEW_ACCOUNT_WINDOW_MS } from "~/shared/constants";
import { LAST_STEP, WELCOME } from "./copy";
import { isAuthPath } from "./view";

export interface OnboardingRecord {
  completed: boolean;
  skipped: boolean;
  currentStep: number;
  firstLoginAfterAcceptance: Date | null;
  /** auth.users.created_at */
  accountCreatedAt: Date;
}

/** What this signed-in session has done with onboarding (public.session_activity). */
export interface SessionOnboarding {
  welcomeShownAt: Date | null;
  tourActive: boolean;
  /** The person restarted the tour in this session (from their settings). */
  requestedAt: Date | null;
}

export const NO_SESSION_ONBOARDING: SessionOnboarding = { welcomeShownAt: null, tourActive: false, requestedAt: null };

type Who = Pick<Viewer, "role" | "isAdmin">;

/** SPEC §6: onboarding and tour are for members, A&R and admins. */
export function isOnboardingAudience<V extends Who>(viewer: V | null): viewer is V {
  return viewer !== null && (isMember(viewer) || viewer.isAdmin);
}

/** Neither completed nor skipped (a skip also sets completed, SPEC §4). */
export function isUnfinished(record: Pick<OnboardingRecord, "completed" | "skipped">): boolean {
  return !record.completed && !record.skipped;
}

/** First login after acceptance within 24 hours, or an account created within 7 days. */
export function isWithinWindow(record: Pick<OnboardingRecord, "firstLoginAfterAcceptance" | "accountCreatedAt">, now: Date): boolean {
  const firstLogin = record.firstLoginAfterAcceptance ?? now;
  if (now.getTime() - firstLogin.getTime() <= ONBOARDING_FIRST_LOGIN_WINDOW_MS) return true;
  return now.getTime() - record.accountCreatedAt.getTime() <= ONBOARDING_NEW_ACCOUNT_WINDOW_MS;
}

/** SPEC §4: whether onboarding should show to this person now. */
export function isEligible(viewer: Who | null, record: OnboardingRecord | null, now: Date): boolean {
  if (!isOnboardingAudience(viewer) || !record) return false;
  return isUnfinished(record) && isWithinWindow(record, now);
}

export { isAuthPath } from "./view";

/** SPEC §2: display name, then the part of the e-mail before the @, then 'Member'. */
export function welcomeName(displayName: string | null | undefined, email: string | null | undefined): string {
  const name = displayName?.trim();
  if (name) return name;
  const local = email?.split("@")[0]?.trim();
  if (local) return local;
  return WELCOME.fallbackName;
}

/** SPEC §2: the badge beside 'Hit Factory'. */
export function roleBadge(viewer: Who): string {
  if (viewer.isAdmin || viewer.role === "admin") return WELCOME.roleBadge.admin;
  if (viewer.role === "accepted_ar") return WELCOME.roleBadge.ar;
  return WELCOME.roleBadge.member;
}

export function clampStep(step: number): number {
  if (!Number.isFinite(step)) return 0;
  return Math.min(LAST_STEP, Math.max(0, Math.trunc(step)));
}

export type OnboardingDisplay = { kind: "none" } | { kind: "welcome" } | { kind: "tour"; step: number };

/**
 * What a page shows (SPEC §4): the tour, while it runs in this session and is
 * unfinished; else the welcome, once per session, to an eligible person (or
 * one who restarted the tour in this session); never on an /auth path.
 */
export function onboardingDisplay(
  viewer: Who | null,
  record: OnboardingRecord | null,
  session: SessionOnboarding,
  pathname: string,
  now: Date,
): OnboardingDisplay {
  if (!isOnboardingAudience(viewer) || !record || isAuthPath(pathname)) return { kind: "none" };
  if (!isUnfinished(record)) return { kind: "none" };
  if (session.tourActive) return { kind: "tour", step: clampStep(record.currentStep) };
  if (session.welcomeShownAt) return { kind: "none" };
  if (session.requestedAt || isWithinWindow(record, now)) return { kind: "welcome" };
  return { kind: "none" };
}
