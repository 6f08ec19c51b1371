/**
 * THE AUTHORIZATION TABLE: every route x every persona x GET and POST, with
 * the expected answer, DERIVED from what each route module declares
 * (`defineRoute({ access, forms })`, read by route-declarations.ts) and the
 * access policy stated once below. tests/integration/route-table.test.ts walks
 * it against the real request handler and real sessions.
 *
 * What the declarations cannot say is a route's own answer once the guard has
 * let a persona in when it is not the default (a page: 200; a POST: 400 for an
 * empty form where the route has forms, else 405): a redirect's target, a 404
 * for an unknown id, /auth sending signed-in people on. Those, and the
 * concrete paths for URL parameters, are the SAMPLES; they say nothing about
 * who may enter.
 *
 * Paths may hold placeholders the test fills from the seeded database:
 *   {publicMemberId}  user id of a member with a public profile (demo member)
 *   {applicantId}     user id of the demo applicant (no role, not public)
 *   {archivedSongId}  id of a demo song with status archived
 *   {liveSongId}      id of a demo song in the public catalogue
 *   {showcaseTrackId} id of the demo member's first showcase track (public profile)
 *   {memberSubmissionId} id of the demo member's pending song submission (ADR 0075)
 *   {applicantTrackKey} the demo applicant's first collab track's key (the player's id, ADR 0070)
 *   {briefId}         id of the demo A&R's first open brief (ADR 0076)
 *   {applicationId}   id of the demo applicant's pending application (ADR 0071)
 *   {shortlistId}     id of the demo A&R's first shortlist (ADR 0074)
 *   {pastCampId}      id of the demo past camp (DEMO_PAST_CAMP, ADR 0086)
 *   {upcomingCampId}  id of the demo upcoming camp (DEMO_UPCOMING_CAMP, ADR 0086)
 *   {campSessionId}   id of a past demo camp session the demo member is in, with songs (ADR 0090)
 *   {campSongId}      id of a demo camp song of that session, with rough audio (ADR 0090)
 *   {pastPartyId}     id of the demo listening party that has ended, with its outcome (ADR 0092)
 *   {scheduledPartyId} id of the demo listening party scheduled for tomorrow (ADR 0092)
 */
import type { Access } from "~/routing/access";
import { declaredRoutes, type DeclaredRoute } from "./route-declarations";

/**
 * "pendingAr": signed in, no role, an A&R registration waiting for review
 * (ADR 0072). Every guard treats them as an applicant, and so does every
 * sample below unless it names pendingAr itself.
 */
export const PERSONAS = ["anonymous", "applicant", "pendingAr", "member", "ar", "admin"] as const;
export type Persona = (typeof PERSONAS)[number];

export type Outcome = { status: number } | { redirect: string };
export type PersonaOutcomes = Record<Persona, Outcome>;

export interface RouteRow {
  /** A concrete path to request (may contain placeholders, see above). */
  path: string;
  /** The SPEC §2 route (or server endpoint) this row exercises. */
  route: string;
  /** The module that answers it and what it declares. */
  declared: DeclaredRoute;
  get: PersonaOutcomes;
  post: PersonaOutcomes;
}

// ---------------------------------------------------------------------------
// Outcome helpers

export const ok: Outcome = { status: 200 };
export const notFound: Outcome = { status: 404 };
export const badRequest: Outcome = { status: 400 };
export const notAllowed: Outcome = { status: 405 };
export const to = (location: string): Outcome => ({ redirect: location });

/** Where the login guard sends a visitor: /auth?redirect=<path+query> (SPEC §2 guard behaviour). */
export function signIn(pathAndQuery: string): Outcome {
  return to(`/auth?${new URLSearchParams({ redirect: pathAndQuery })}`);
}

export function everyone(outcome: Outcome): PersonaOutcomes {
  return { anonymous: outcome, applicant: outcome, pendingAr: outcome, member: outcome, ar: outcome, admin: outcome };
}

// ---------------------------------------------------------------------------
// THE POLICY: what each access level does to each persona (SPEC §2, §6),
// stated here independently of app/routing, so the walk can catch a guard
// that drifts. null: the persona is let in.

export function guardOutcome(access: Access, persona: Persona, pathAndQuery: string): Outcome | null {
  if (access === "public" || access === "public-viewer") return null;
  if (persona === "anonymous") return signIn(pathAndQuery);
  switch (access) {
    case "second-factor":
    case "signed-in":
      return null;
    case "member":
      return persona === "applicant" || persona === "pendingAr" ? to("/dashboard") : null;
    case "approved-ar":
      return persona === "ar" || persona === "admin" ? null : to("/ar");
    case "admin":
      return persona === "admin" ? null : to("/");
  }
}

// ---------------------------------------------------------------------------
// SAMPLES: concrete paths and each route's own answer once let in.

interface Sample {
  path?: string;
  /** The SPEC §2 route name (defaults to the pattern with {param}s). */
  route?: string;
  get?: Outcome | Partial<PersonaOutcomes>;
  post?: Outcome | Partial<PersonaOutcomes>;
}

/** Routes the walk leaves out, and why (their declarations are still checked). */
export const NOT_WALKED: Record<string, string> = {
  "/auth/sign-out": "a POST signs the persona out, which would end the walk's sessions (auth tests cover it)",
  "/storage/v1/object/sign/:bucket/*": "a signature guards it, not a persona (catalog-delivery tests walk it)",
};

const SAMPLES: Record<string, Sample[]> = {
  "/theme": [{ route: "/theme", get: to("/") }],
  "/auth": [{ get: { applicant: to("/dashboard"), member: to("/dashboard"), ar: to("/ar/dashboard"), admin: to("/admin") } }],
  // JSON for the session-timeout host: GET is not how it is called; an empty post names no form.
  "/auth/keep-alive": [{ route: "/auth/keep-alive", get: notAllowed }],
  // Two-factor sign-in (ADR 0099): every signed-in persona may see it (the challenge, a set-up, or its management).
  "/auth/mfa": [{}],
  "/catalog": [{ get: to("/music-catalog"), post: to("/music-catalog") }],
  // No form on a song page: a POST is 405 whether or not the song exists.
  "/song/:songId": [
    { path: "/song/no-such-song", get: notFound },
    { path: "/song/{liveSongId}" },
    // Archived songs belong to the admin archive, not the public song page.
    { path: "/song/{archivedSongId}", get: notFound },
  ],
  "/api/songs/:songId/audio-url": [
    { path: "/api/songs/{liveSongId}/audio-url" },
    { path: "/api/songs/{archivedSongId}/audio-url", get: { anonymous: notFound, applicant: notFound, member: notFound, ar: notFound } },
  ],
  // A public member's showcase track (the demo member's first); unknown and malformed ids are 404.
  // Song submissions (ADR 0075): a member's own, seen by that member (and, at the admin URL, by admins);
  // another member's or an A&R's view of it is 404, like an unknown id. The audio URL: submitter and admins.
  "/submissions/:submissionId": [
    { path: "/submissions/{memberSubmissionId}", get: { ar: notFound, admin: notFound } },
    { path: "/submissions/not-a-submission", get: notFound },
  ],
  "/api/submissions/:submissionId/audio-url": [
    { path: "/api/submissions/{memberSubmissionId}/audio-url", get: { ar: notFound } },
    { path: "/api/submissions/not-a-submission/audio-url", get: notFound },
  ],
  "/admin/submissions/:submissionId": [
    { path: "/admin/submissions/{memberSubmissionId}" },
    { path: "/admin/submissions/not-a-submission", get: notFound },
  ],
  "/api/showcase/:trackId/audio-url": [
    { path: "/api/showcase/{showcaseTrackId}/audio-url" },
    { path: "/api/showcase/not-a-track/audio-url", get: notFound },
  ],
  // Briefs (ADR 0076): A&R read their own briefs at the desk, not the members' pages; another A&R's brief is 404.
  "/briefs": [{ get: { ar: to("/ar/briefs") } }],
  "/briefs/:briefId": [
    // A refused post renders the page, which sends an A&R to their own briefs.
    { path: "/briefs/{briefId}", get: { ar: to("/ar/briefs") }, post: { ar: to("/ar/briefs") } },
    { path: "/briefs/not-a-brief", get: { member: notFound, admin: notFound, ar: to("/ar/briefs") }, post: { ar: to("/ar/briefs") } },
  ],
  "/ar/briefs/:briefId": [{ path: "/ar/briefs/{briefId}" }, { path: "/ar/briefs/not-a-brief", get: notFound }],
  // Shortlists (ADR 0074): the demo A&R's; an admin reads any shortlist (read-only); unknown ids are 404.
  "/ar/shortlists/:shortlistId": [{ path: "/ar/shortlists/{shortlistId}" }, { path: "/ar/shortlists/not-a-shortlist", get: notFound }],
  // A share link is its token (stored hashed, so the walk cannot know a live one): an unknown token is the 404 page for all.
  "/listen/:token": [{ path: "/listen/no-such-token", get: notFound }],
  // The audio of an unknown link is 404. A play report must say intent "played" (the beacon always does), so an
  // empty post is 400 before the link is looked at; a real report to an unknown link is 404 (tests/integration/shortlists.test.ts).
  "/api/listen/:token/:songId": [{ path: "/api/listen/no-such-token/{liveSongId}", get: notFound, post: badRequest }],
  // An application's track: for its applicant and admins only; anyone else, unknown and malformed ids are 404 (ADR 0070).
  "/api/applications/tracks/:trackId/audio-url": [
    { path: "/api/applications/tracks/{applicantTrackKey}/audio-url", get: { ...everyone(notFound), applicant: ok, admin: ok } },
    { path: "/api/applications/tracks/abcdefgh-collab-99/audio-url", get: notFound },
    { path: "/api/applications/tracks/not-a-track/audio-url", get: notFound },
  ],
  "/members": [{}, { path: "/members?skill=producer" }],
  "/members/:userId": [
    { path: "/members/{publicMemberId}" },
    { path: "/members/{applicantId}", get: notFound },
    { path: "/members/not-a-user-id", get: notFound },
  ],
  "/profile/:userId": [{ path: "/profile/{publicMemberId}", get: to("/members/{publicMemberId}"), post: to("/members/{publicMemberId}") }],
  // A member's picture (the demo member has one, public); the applicant's profile is private and has none; malformed ids are 404.
  "/media/avatars/:userId": [
    { path: "/media/avatars/{publicMemberId}?size=sm" },
    { path: "/media/avatars/{applicantId}", get: notFound },
    { path: "/media/avatars/not-a-user-id", get: notFound },
  ],
  // The onboarding forms' endpoint: nothing to show, a GET goes on to the dashboard; an empty post names no form.
  "/onboarding": [{ get: to("/dashboard") }],
  "/join": [{ get: to("/dashboard"), post: to("/dashboard") }],
  // The kind of application the address names is preselected on the dashboard (ADR 0070).
  "/join/writer": [{ get: to("/dashboard?kind=writer"), post: to("/dashboard?kind=writer") }],
  "/join/producer": [{ get: to("/dashboard?kind=producer"), post: to("/dashboard?kind=producer") }],
  "/application": [{ get: to("/dashboard"), post: to("/dashboard") }],
  "/member-application": [{ get: to("/dashboard"), post: to("/dashboard") }],
  // An archived song with its history and Restore form (ADR 0083; an empty post restores nothing: 400). A song
  // in the catalogue says it is no longer archived (200); unknown and malformed ids are 404.
  "/admin/archive/song/:songId": [
    { path: "/admin/archive/song/{archivedSongId}" },
    { path: "/admin/archive/song/{liveSongId}" },
    { path: "/admin/archive/song/no-such-song", get: notFound },
    { path: "/admin/archive/song/00000000-0000-4000-8000-000000000000", get: notFound },
  ],
  "/admin/archive/browse": [{}, { path: "/admin/archive/browse?q=rain&genre=Rock&key=E+minor&when=year&sort=title&page=1" }],
  // SPEC §2 admin-only redirects.
  "/admin/dashboard": [{ get: to("/admin"), post: to("/admin") }],
  "/archive": [{ get: to("/admin/archive/browse"), post: to("/admin/archive/browse") }],
  "/archive/song/:songId": [
    { path: "/archive/song/{archivedSongId}", get: to("/admin/archive/song/{archivedSongId}"), post: to("/admin/archive/song/{archivedSongId}") },
  ],
  "/camp-scheduling": [{ get: to("/admin/camps"), post: to("/admin/camps") }],
  "/admin/audio-upload": [{ get: to("/admin/audio"), post: to("/admin/audio") }],
  "/admin/test-applications": [{ get: to("/admin/applications"), post: to("/admin/applications") }],
  // Reviewing an application (ADR 0071): admins only; unknown and malformed ids are 404.
  "/admin/applications/:applicationId": [
    { path: "/admin/applications/{applicationId}" },
    { path: "/admin/applications/{applicationId}?status=shortlisted&order=oldest&mode=solo" },
    { path: "/admin/applications/not-an-application", get: notFound },
    { path: "/admin/applications/00000000-0000-4000-8000-000000000000", get: notFound },
  ],
  // Issue 12 placeholders (the owners replace these samples with their routes' real answers).
  // A member as admins manage them (ADR 0081); an account without a membership (the applicant) is /admin/users' business: 404 here.
  "/admin/members/:userId": [
    { path: "/admin/members/{publicMemberId}" },
    { path: "/admin/members/{applicantId}", get: notFound },
    { path: "/admin/members/not-a-user-id", get: notFound },
    { path: "/admin/members/00000000-0000-4000-8000-000000000000", get: notFound },
    // The no-JavaScript confirmation step of ending a membership: a GET shows it and changes nothing.
    { path: "/admin/members/{publicMemberId}?end=confirm" },
  ],
  "/admin/members": [{}, { path: "/admin/members?q=maya&role=member" }],
  "/admin/showcase": [{}, { path: "/admin/showcase?q=maya&filter=landing" }],
  // One account as admins manage it (ADR 0080): applicants too; unknown and malformed ids are 404 (an empty post names no form: 400).
  "/admin/users/:userId": [
    { path: "/admin/users/{applicantId}" },
    { path: "/admin/users/{publicMemberId}" },
    // The no-JavaScript confirmation step of a deletion: a GET shows the statement and changes nothing.
    { path: "/admin/users/{applicantId}?step=delete" },
    { path: "/admin/users/not-a-user-id", get: notFound },
    { path: "/admin/users/00000000-0000-4000-8000-000000000000", get: notFound },
  ],
  "/admin/users": [{}, { path: "/admin/users?q=demo&filter=members&page=1" }],
  // Storage for admins (ADR 0084): a bucket page with a path search, the no-JavaScript confirmation step of a
  // removal (a GET shows it and changes nothing); an unknown bucket is 404 (an empty post names no form: 400).
  "/admin/files": [
    {},
    { path: "/admin/files?bucket=audio&prefix=catalogue%2F" },
    { path: "/admin/files?removeBucket=audio&removePath=uploads%2Fabandoned-demo-take.wav" },
    { path: "/admin/files?bucket=no-such-bucket", get: notFound },
  ],
  // The admin's song editor (ADR 0082): any status; unknown and malformed ids are 404 (an empty post names no form: 400).
  "/admin/catalog/:songId": [
    { path: "/admin/catalog/{liveSongId}" },
    { path: "/admin/catalog/{archivedSongId}" },
    { path: "/admin/catalog/no-such-song", get: notFound },
    { path: "/admin/catalog/00000000-0000-4000-8000-000000000000", get: notFound },
  ],
  // Backups (ADR 0098): the download answers only a POST (a GET is 405); an empty post lacks the confirmation (400).
  "/admin/backup/download": [{ get: notAllowed }],
  // SPEC §3's statistics as JSON (ADR 0079): admins only, read-only (a POST is 405).
  "/api/admin/statistics": [{}],
  // The tus endpoint of /admin/audio (ADR 0085): admins only. Nothing is downloaded from it (GET 404); a POST
  // that is not a tus request (no Tus-Resumable header, as the walk's empty form) is 412 Precondition Failed.
  "/api/admin/audio/uploads/*": [
    { path: "/api/admin/audio/uploads/", route: "/api/admin/audio/uploads/*", get: { admin: notFound }, post: { admin: { status: 412 } } },
    { path: "/api/admin/audio/uploads/0123456789abcdef0123456789abcdef", route: "/api/admin/audio/uploads/*", get: { admin: notFound }, post: { admin: notFound } },
  ],
  // The player's play report (ADR 0079): POST only, no body needed; each persona's first report of a catalogue song
  // counts (201); archived, unknown and malformed songs are 404 for everyone.
  "/api/songs/:songId/plays": [
    { path: "/api/songs/{liveSongId}/plays", get: notAllowed, post: { status: 201 } },
    { path: "/api/songs/{archivedSongId}/plays", get: notAllowed, post: notFound },
    { path: "/api/songs/not-a-song/plays", get: notAllowed, post: notFound },
  ],
  // Issue 13 placeholders (the owners replace these samples with their routes' real answers, ADR 0086).
  // One camp's planning (ADR 0086): the demo camps; unknown and malformed ids are 404 (an empty post names no form: 400);
  // the no-JavaScript confirmation step of withdrawing an invitation is a GET that changes nothing.
  "/admin/camps/:campId": [
    { path: "/admin/camps/{pastCampId}" },
    { path: "/admin/camps/{upcomingCampId}" },
    { path: "/admin/camps/{upcomingCampId}?q=maya" },
    { path: "/admin/camps/{upcomingCampId}?withdraw={publicMemberId}" },
    { path: "/admin/camps/not-a-camp", get: notFound },
    { path: "/admin/camps/00000000-0000-4000-8000-000000000000", get: notFound },
  ],
  // The groups of a camp's sessions (ADR 0087): the demo camps; unknown and malformed ids are 404 (an empty post
  // names no form: 400, before any camp is read).
  "/admin/camps/:campId/schedule": [
    { path: "/admin/camps/{pastCampId}/schedule" },
    { path: "/admin/camps/{upcomingCampId}/schedule" },
    { path: "/admin/camps/not-a-camp/schedule", get: notFound },
    { path: "/admin/camps/00000000-0000-4000-8000-000000000000/schedule", get: notFound },
  ],
  // The camp review (ADR 0091): any camp for admins (an upcoming one says it is not available yet); unknown and
  // malformed ids are 404. Read-only: a POST is 405.
  "/admin/camps/:campId/review": [
    { path: "/admin/camps/{pastCampId}/review" },
    { path: "/admin/camps/{upcomingCampId}/review" },
    { path: "/admin/camps/not-a-camp/review", get: notFound },
    { path: "/admin/camps/00000000-0000-4000-8000-000000000000/review", get: notFound },
  ],
  // The member's camps (ADR 0089): every member-level persona (an A&R, never invited, sees the empty state). Read-only: a POST is 405.
  "/camps": [{}],
  // One camp as its invitee sees it (ADR 0089): the demo member is invited to both demo camps, admins see any camp;
  // anyone else (the A&R) 404, as for an unknown or malformed camp. An empty post names no answer: 400 (before any
  // invitation is read, so it says nothing about the camp). The no-JavaScript confirmation step is a GET that changes nothing.
  "/camps/:campId": [
    { path: "/camps/{upcomingCampId}", get: { ar: notFound } },
    { path: "/camps/{pastCampId}", get: { ar: notFound } },
    { path: "/camps/{upcomingCampId}?step=confirm&answer=decline&back=dashboard", get: { ar: notFound } },
    { path: "/camps/not-a-camp", get: notFound },
    { path: "/camps/00000000-0000-4000-8000-000000000000", get: notFound },
  ],
  // The camp review (ADR 0091): the camp's accepted participants (the demo member, at both demo camps) and admins;
  // anyone else (the A&R) 404, as for unknown or malformed ids. Read-only: a POST is 405.
  "/camps/:campId/review": [
    { path: "/camps/{pastCampId}/review", get: { ar: notFound } },
    { path: "/camps/{upcomingCampId}/review", get: { ar: notFound } },
    { path: "/camps/not-a-camp/review", get: notFound },
    { path: "/camps/00000000-0000-4000-8000-000000000000/review", get: notFound },
  ],
  // A camp session (ADR 0090): the camp's accepted participants (the demo member) and admins; anyone else (the A&R)
  // 404, as for unknown ids or a session named under another camp. An empty post names no form: 400, before the
  // session is read, so it says nothing about it.
  "/camps/:campId/sessions/:sessionId": [
    { path: "/camps/{pastCampId}/sessions/{campSessionId}", get: { ar: notFound } },
    { path: "/camps/{upcomingCampId}/sessions/{campSessionId}", get: notFound },
    { path: "/camps/{pastCampId}/sessions/00000000-0000-4000-8000-000000000000", get: notFound },
    { path: "/camps/not-a-camp/sessions/not-a-session", get: notFound },
  ],
  // The calendars (ADR 0088). A camp's .ics: admins and the camp's accepted participants (the demo member is
  // accepted at both demo camps); anyone else 404, as for an unknown or malformed camp. Read-only: a POST is 405.
  "/camps/:campId/calendar.ics": [
    { path: "/camps/{upcomingCampId}/calendar.ics", get: { ar: notFound } },
    { path: "/camps/{pastCampId}/calendar.ics", get: { ar: notFound } },
    { path: "/camps/not-a-camp/calendar.ics", get: notFound },
    { path: "/camps/00000000-0000-4000-8000-000000000000/calendar.ics", get: notFound },
  ],
  // The signed-in member's own sessions (an A&R's or admin's: their own, maybe none).
  "/calendar/sessions.ics": [{}],
  // Listening parties (ADR 0092): the demo parties are open to every member; unknown and malformed ids are 404
  // (an empty post names no form: 400, before any party is read). A live room is not walked: a visit joins it.
  "/party/:partyId": [
    { path: "/party/{pastPartyId}" },
    { path: "/party/{scheduledPartyId}" },
    { path: "/party/not-a-party", get: notFound },
    { path: "/party/00000000-0000-4000-8000-000000000000", get: notFound },
  ],
  // The room's script posts here; a GET is 405 once the guard has let the persona in.
  "/party/:partyId/actions": [{ path: "/party/{pastPartyId}/actions", get: notAllowed }],
  // An ended party's stream has nothing more to say: 204 (EventSource stops). Unknown ids: 404.
  "/party/:partyId/events": [
    { path: "/party/{pastPartyId}/events", get: { status: 204 } },
    { path: "/party/not-a-party/events", get: notFound },
  ],
  "/party/:partyId/items/:itemId/audio": [
    { path: "/party/{pastPartyId}/items/00000000-0000-4000-8000-000000000000/audio", get: notFound },
    { path: "/party/not-a-party/items/not-an-item/audio", get: notFound },
  ],
  // The private subscription: the token is the key (no session read); malformed or unknown tokens are 404.
  "/calendar/feed/:token": [
    { path: "/calendar/feed/no-such-token.ics", get: notFound },
    { path: "/calendar/feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics", get: notFound },
  ],
  // A camp song's rough audio (ADR 0090): the camp's accepted participants and admins; anyone else 404. Read-only: a POST is 405.
  "/api/camps/songs/:campSongId/audio-url": [
    { path: "/api/camps/songs/{campSongId}/audio-url", get: { ar: notFound } },
    { path: "/api/camps/songs/00000000-0000-4000-8000-000000000000/audio-url", get: notFound },
    { path: "/api/camps/songs/not-a-song/audio-url", get: notFound },
  ],
  // Failing on purpose exists only with ENABLE_TEST_ROUTES, which the walk's server does not set.
  "/__test/crash": [{ route: "/__test/*", get: notFound }],
  "/__test/route-error": [{ route: "/__test/*", get: notFound }],
  "/__test/routing-error": [{ route: "/__test/*", get: notFound }],
  "/__test/toast": [{ route: "/__test/*", get: notFound }],
  "/__test/monitored-error": [{ route: "/__test/*", get: notFound }],
  // Beacons of page views and web vitals (ADR 0096): POST only; an empty beacon is malformed.
  "/api/vitals": [{ route: "/api/vitals", get: notAllowed }],
  "/auth/__test/expire-session": [{ route: "/__test/*", get: notFound }],
  "/*": [
    { route: "any other path", path: "/no-such-page", get: notFound, post: notFound },
    { route: "any other path", path: "/admin/no-such-section", get: notFound, post: notFound },
  ],
};

const specName = (pattern: string) => pattern.replace(/:(\w+)/g, "{$1}");

function personaOutcomes(value: Outcome | Partial<PersonaOutcomes> | undefined, fallback: Outcome): PersonaOutcomes {
  if (!value) return everyone(fallback);
  if ("status" in value || "redirect" in value) return everyone(value as Outcome);
  const given = value as Partial<PersonaOutcomes>;
  // A pending A&R is an applicant to every route, unless the sample says otherwise.
  return { ...everyone(fallback), ...given, pendingAr: given.pendingAr ?? given.applicant ?? fallback };
}

/** The table, derived: for each declared route (one row per URL pattern and sample), each persona's answer. */
export function deriveRouteTable(routes: DeclaredRoute[] = declaredRoutes()): RouteRow[] {
  const rows: RouteRow[] = [];
  const seen = new Set<string>();
  // The leaf of a pattern answers it (the admin overview, not the admin layout, answers /admin).
  for (const declared of [...routes].reverse()) {
    if (seen.has(declared.pattern)) continue;
    seen.add(declared.pattern);
    if (NOT_WALKED[declared.pattern]) continue;
    for (const sample of SAMPLES[declared.pattern] ?? [{}]) {
      const path = sample.path ?? declared.pattern;
      const allowedGet = personaOutcomes(sample.get, ok);
      const allowedPost = personaOutcomes(sample.post, declared.hasForms ? badRequest : notAllowed);
      const by = (allowed: PersonaOutcomes) =>
        Object.fromEntries(PERSONAS.map((p) => [p, guardOutcome(declared.access, p, path) ?? allowed[p]])) as PersonaOutcomes;
      rows.push({ path, route: sample.route ?? specName(declared.pattern), declared, get: by(allowedGet), post: by(allowedPost) });
    }
  }
  return rows.reverse();
}

export const ROUTE_TABLE: readonly RouteRow[] = deriveRouteTable();

/** Endpoints that are not SPEC pages but answer the pages. */
export const API_ROUTES = ["/api/songs/{songId}/audio-url", "/api/showcase/{trackId}/audio-url", "/api/submissions/{submissionId}/audio-url", "/api/applications/tracks/{trackId}/audio-url", "/api/listen/{token}/{songId}", "/api/songs/{songId}/plays", "/api/admin/statistics", "/api/admin/audio/uploads/*", "/api/camps/songs/{campSongId}/audio-url", "/camps/{campId}/calendar.ics", "/party/clock", "/party/{partyId}/actions", "/party/{partyId}/events", "/party/{partyId}/items/{itemId}/audio", "/calendar/sessions.ics", "/calendar/feed/{token}", "/media/avatars/{userId}", "/admin/backup/download", "/theme", "/auth/keep-alive", "/api/vitals", "/__test/*"] as const;

/** Pages the issues add beyond SPEC §2's list (issue 10: the showcase, the inbox, the onboarding endpoint, the calendar; issue 15: this browser's feature flags, the offline page; issue 16: backups). */
export const ISSUE_ROUTES = ["/admin/applications/questions", "/admin/applications/{applicationId}", "/admin/ar-registrations", "/showcase", "/submissions", "/submissions/{submissionId}", "/admin/submissions/{submissionId}", "/inbox", "/onboarding", "/calendar", "/briefs", "/briefs/{briefId}", "/ar/briefs", "/ar/briefs/{briefId}", "/ar/shortlists", "/ar/shortlists/{shortlistId}", "/listen/{token}", "/ar/holds", "/admin/holds", "/admin/members/{userId}", "/admin/users/{userId}", "/admin/catalog/{songId}", "/admin/camps/{campId}", "/admin/camps/{campId}/schedule", "/admin/camps/{campId}/review", "/camps", "/camps/{campId}", "/camps/{campId}/review", "/camps/{campId}/sessions/{sessionId}", "/party/new", "/party/{partyId}", "/admin/flags", "/offline", "/admin/backup", "/auth/mfa"] as const;

/** Every route string of SPEC §2, so a test can prove the table misses none. */
export const SPEC_ROUTES = [
  "/", "/search", "/auth", "/accept", "/catalog", "/music-catalog", "/song/{songId}", "/members", "/members/{userId}",
  "/profile/{userId}", "/audioplayer-demo", "/party", "/test-phone-auth", "/simple-phone-test", "/working-phone-test",
  "/local-phone-test", "/ar", "/ar/register", "any other path",
  "/ar/dashboard", "/dashboard", "/profile", "/mobile-profile", "/join", "/join/writer", "/join/producer", "/application",
  "/member-application",
  "/admin", "/admin/applications", "/admin/submissions", "/admin/members", "/admin/users", "/admin/showcase",
  "/admin/catalog", "/admin/archive", "/admin/archive/browse", "/admin/archive/song/{songId}", "/admin/files",
  "/admin/camps", "/admin/audio",
  "/admin/dashboard", "/archive", "/archive/song/{songId}", "/camp-scheduling", "/admin/audio-upload",
  "/admin/test-applications",
] as const;
