/**
 * What the dashboard shows a signed-in person, all read from the database
 * (ADR 0069): a greeting in their time zone, the decision banner until they
 * dismiss it, where their application stands (applicants), what is new in
 * the catalogue since their last visit, their showcase (members), their camp
 * invitations and upcoming sessions (members and admins, ADR 0089) and how
 * complete their profile is.
 *
 * Cost: the queries run side by side (one chain waits for the visit's cutoff
 * before reading the songs); each is a lookup by a unique or partial index.
 */
import { redirect } from "@remix-run/node";
import { applicationForms, loadApplicantSection, type ApplicantSection } from "~/applications/applicant.server";
import { getApplicationForUser } from "~/applications/applications.server";
import { dashboardCamps, type DashboardCamps } from "~/camps/invitations.server";
import { z } from "zod";
import type { Viewer } from "~/auth/viewer";
import { isMember } from "~/auth/viewer";
import type { Database } from "~/platform/db/connect.server";
import { storage as runtimeStorage } from "~/platform/storage/index.server";
import type { StoragePort } from "~/platform/storage/port";
import { form } from "~/routing/forms.server";
import { listShowcase, SHOWCASE_LIMIT, type ShowcaseTrackView } from "~/showcase/showcase.server";
import { redirectWithToast } from "~/toast/toast.server";
import { DASHBOARD_TEXT } from "./dashboard-text";
import { greetingFor, safeTimeZone } from "./greeting";
import { newInCatalogue, type NewSongs } from "./new-songs.server";
import { applicationStandingFor, decisionFor, DISMISS_DECISION_INTENT, type ApplicationStanding, type Decision } from "./standing";
import { peekDashboardVisit, recordDashboardView } from "./visits.server";

export interface ProfileCheck {
  key: "displayName" | "avatar" | "bio" | "location" | "skills" | "genres" | "publicProfile";
  label: string;
  done: boolean;
  /** Where on /profile the field is (its input's id). */
  href: string;
}

/** The ids of the /profile forms' fields (conform: `<form id>-<name>`, a checkbox group `-<value>`). */
export const PROFILE_FIELD_HREFS: Record<ProfileCheck["key"], string> = {
  displayName: "/profile#profile-form-displayName",
  avatar: "/profile#avatar-form-avatar",
  bio: "/profile#profile-form-bio",
  location: "/profile#profile-form-location",
  skills: "/profile#profile-form-skills-writer",
  genres: "/profile#profile-form-genres",
  publicProfile: "/profile#profile-form-publicProfile",
};

export interface DashboardShowcase {
  tracks: ShowcaseTrackView[];
  limit: number;
}

export interface DashboardData {
  /** "Good morning" in the viewer's time zone. */
  greeting: string;
  timeZone: string;
  /** When the account was created: for an applicant, when they applied. */
  joinedAt: string | null;
  decision: Decision | null;
  application: ApplicationStanding | null;
  newSongs: NewSongs;
  /** Members only (null for everyone else). */
  showcase: DashboardShowcase | null;
  /**
   * The camp section (ADR 0089): invitations to answer and the next sessions.
   * For the people camps invite (members and admins); null for A&R and applicants.
   */
  campSessions: DashboardCamps | null;
  checks: ProfileCheck[];
  /** The applicant's application: the form or its status (app/applications); null for members. */
  applicant: ApplicantSection | null;
}

export interface DashboardOptions {
  storage?: StoragePort;
  now?: Date;
  /** A prefetch reads "new since your last visit" without counting as a visit. */
  prefetch?: boolean;
  /** The page's query (`?kind=` preselects the application's kind, `?withdraw=confirm`). */
  searchParams?: URLSearchParams;
}

export async function getDashboard(db: Database, viewer: Viewer, options: DashboardOptions = {}): Promise<DashboardData> {
  const store = options.storage ?? runtimeStorage();
  const now = options.now ?? new Date();
  const member = isMember(viewer);
  const campMember = viewer.role === "accepted_member" || viewer.role === "admin" || viewer.isAdmin;
  const [profile, user, newSongs, showcase, applicant, camps] = await Promise.all([
    db
      .selectFrom("profiles")
      .select(["display_name", "avatar_url", "bio", "location", "skills", "genres", "public_profile", "has_seen_decision_banner", "time_zone"])
      .where("user_id", "=", viewer.id)
      .executeTakeFirst(),
    db.selectFrom("auth.users").select("created_at").where("id", "=", viewer.id).executeTakeFirst(),
    (options.prefetch ? peekDashboardVisit : recordDashboardView)(db, viewer.id, now).then((visit) => newInCatalogue(db, store, visit.newSince)),
    member ? listShowcase(db, store, viewer.id, { includeHidden: true }) : Promise.resolve(null),
    loadApplicantSection(db, store, viewer, options.searchParams),
    campMember ? dashboardCamps(db, viewer.id, now) : Promise.resolve(null),
  ]);
  const application = applicant?.application ? { ...applicant.application, offer: applicant.offer } : null;
  const timeZone = safeTimeZone(profile?.time_zone);
  const joinedAt = user ? new Date(user.created_at).toISOString() : null;
  const items: Omit<ProfileCheck, "href">[] = [
    { key: "displayName", label: "Add a display name", done: Boolean(profile?.display_name) },
    { key: "avatar", label: "Add a profile photo", done: Boolean(profile?.avatar_url) },
    { key: "bio", label: "Write a short bio", done: Boolean(profile?.bio) },
    { key: "location", label: "Say where you are based", done: Boolean(profile?.location) },
    { key: "skills", label: "Pick your skills", done: (profile?.skills.length ?? 0) > 0 },
    { key: "genres", label: "List your genres", done: (profile?.genres.length ?? 0) > 0 },
    { key: "publicProfile", label: "Make your profile public", done: Boolean(profile?.public_profile) },
  ];
  const checks = items.map((check) => ({ ...check, href: PROFILE_FIELD_HREFS[check.key] }));
  return {
    greeting: greetingFor(now, timeZone),
    timeZone,
    joinedAt,
    // No profile row (cannot happen after sign-in, which makes one): nothing to announce.
    decision: decisionFor(viewer, { hasSeenDecisionBanner: profile?.has_seen_decision_banner ?? true, application }),
    application: applicationStandingFor(viewer, { joinedAt, application }),
    newSongs,
    showcase: showcase ? { tracks: showcase, limit: SHOWCASE_LIMIT } : null,
    campSessions: camps,
    checks,
    applicant,
  };
}

/**
 * Marks the viewer's decision as seen, so the banner does not come back: their
 * own row only, and only when there is a decision to dismiss (an applicant
 * posting it before any decision must not hide the one to come). True when
 * something was dismissed.
 */
export async function dismissDecision(db: Database, viewer: Pick<Viewer, "id" | "role" | "isAdmin">): Promise<boolean> {
  const application = viewer.role === null && !viewer.isAdmin ? await getApplicationForUser(db, viewer.id) : null;
  if (!decisionFor(viewer, { hasSeenDecisionBanner: false, application })) return false;
  const row = await db
    .updateTable("profiles")
    .set({ has_seen_decision_banner: true })
    .where("user_id", "=", viewer.id)
    .where("has_seen_decision_banner", "=", false)
    .returning("user_id")
    .executeTakeFirst();
  return Boolean(row);
}

/** The dashboard's forms: only the banner's dismiss, which names nobody (the viewer is the subject). */
export const dashboardForms = {
  // The applicant's application (app/applications/applicant.server.ts).
  ...applicationForms,
  [DISMISS_DECISION_INTENT]: form({
    // The intent must be named: a bare POST to /dashboard dismisses nothing (400, like any empty form).
    schema: z.object({ intent: z.literal(DISMISS_DECISION_INTENT) }),
    async handle({ db, viewer }) {
      const dismissed = await dismissDecision(db, viewer!);
      // A replayed or stray post changes nothing and says nothing.
      if (!dismissed) return redirect("/dashboard");
      return redirectWithToast("/dashboard", { type: "success", message: DASHBOARD_TEXT.decision.dismissed });
    },
  }),
};
