/**
 * THE AUTHORIZATION TABLE: every route of SPEC §2 x every persona, with the
 * expected answer to a GET and to a POST. tests/integration/route-table.test.ts
 * walks it against the real request handler and real sessions.
 *
 * Reading a row: `get`/`post` give, per persona, either a status (the page
 * renders with it) or a redirect target (302 + Location). POSTs carry an
 * empty form body with same-origin headers: a guarded action must refuse
 * before it looks at the body; a form action that lets the person through
 * answers 400 (nothing valid was sent); a page without a form answers 405
 * after its guard (docs/decisions/0020-route-table-and-guarded-posts.md).
 *
 * Paths may hold placeholders the test fills from the seeded database:
 *   {publicMemberId}  user id of a member with a public profile (demo member)
 *   {applicantId}     user id of the demo applicant (no role, not public)
 *   {archivedSongId}  id of a demo song with status archived
 *   {liveSongId}      id of a demo song in the public catalogue
 */

export const PERSONAS = ["anonymous", "applicant", "member", "ar", "admin"] as const;
export type Persona = (typeof PERSONAS)[number];

export type Outcome = { status: number } | { redirect: string };
export type PersonaOutcomes = Record<Persona, Outcome>;

export interface RouteRow {
  /** A concrete path to request (may contain placeholders, see above). */
  path: string;
  /** The SPEC §2 route this row exercises. */
  route: string;
  /** Which part of the code answers it. */
  owner: "routes" | "auth" | "catalogue" | "foundation";
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
  return { anonymous: outcome, applicant: outcome, member: outcome, ar: outcome, admin: outcome };
}

/** Login guard: visitors sign in, every signed-in persona gets `allowed`. */
export function signedIn(path: string, allowed: Outcome): PersonaOutcomes {
  return { anonymous: signIn(path), applicant: allowed, member: allowed, ar: allowed, admin: allowed };
}

/** Approved-A&R guard (accepted_ar or admin): other signed-in people go to /ar. */
export function approvedAR(path: string, allowed: Outcome): PersonaOutcomes {
  return { anonymous: signIn(path), applicant: to("/ar"), member: to("/ar"), ar: allowed, admin: allowed };
}

/** Admin guard (is_admin): other signed-in people go to /. */
export function adminOnly(path: string, allowed: Outcome): PersonaOutcomes {
  return { anonymous: signIn(path), applicant: to("/"), member: to("/"), ar: to("/"), admin: allowed };
}

function row(route: string, owner: RouteRow["owner"], path: string, get: PersonaOutcomes, post: PersonaOutcomes): RouteRow {
  return { route, owner, path, get, post };
}

/** A public page without a form: everyone reads it, nobody posts to it. */
const publicPage = (route: string, owner: RouteRow["owner"], path = route) => row(route, owner, path, everyone(ok), everyone(notAllowed));

/** A public page with a form: an empty post is invalid input. */
const publicForm = (route: string, owner: RouteRow["owner"], path = route) => row(route, owner, path, everyone(ok), everyone(badRequest));

/** An admin page without a form. */
const adminPage = (route: string, path = route, status = 200) =>
  row(route, "routes", path, adminOnly(path, { status }), adminOnly(path, notAllowed));

/** An admin-only redirect: guard first, then the same redirect for GET and POST. */
const adminRedirect = (route: string, path: string, target: string) =>
  row(route, "routes", path, adminOnly(path, to(target)), adminOnly(path, to(target)));

/** The SPEC §2 entry points that all lead to /dashboard, behind the login guard. */
const toDashboard = (route: string) => row(route, "routes", route, signedIn(route, to("/dashboard")), signedIn(route, to("/dashboard")));

// ---------------------------------------------------------------------------
// The table

export const ROUTE_TABLE: readonly RouteRow[] = [
  // Public routes (SPEC §2)
  row("/", "foundation", "/", everyone(ok), everyone(notAllowed)),
  publicPage("/search", "catalogue"),
  row(
    "/auth",
    "auth",
    "/auth",
    { anonymous: ok, applicant: to("/dashboard"), member: to("/dashboard"), ar: to("/ar/dashboard"), admin: to("/admin") },
    // An empty post names no form ("intent"): refused as a bad request, signed in or not.
    everyone(badRequest),
  ),
  publicPage("/accept", "routes"),
  row("/catalog", "catalogue", "/catalog", everyone(to("/music-catalog")), everyone(to("/music-catalog"))),
  publicPage("/music-catalog", "catalogue"),
  // No form on a song page: a POST is 405 whether or not the song exists.
  row("/song/{songId}", "catalogue", "/song/no-such-song", everyone(notFound), everyone(notAllowed)),
  row("/song/{songId}", "catalogue", "/song/{liveSongId}", everyone(ok), everyone(notAllowed)),
  // Archived songs belong to the admin archive, not the public song page.
  row("/song/{songId}", "catalogue", "/song/{archivedSongId}", everyone(notFound), everyone(notAllowed)),
  // Not SPEC pages but server endpoints the pages use (API_ROUTES below).
  row("/api/songs/{songId}/audio-url", "catalogue", "/api/songs/{liveSongId}/audio-url", everyone(ok), everyone(notAllowed)),
  row(
    "/api/songs/{songId}/audio-url",
    "catalogue",
    "/api/songs/{archivedSongId}/audio-url",
    { anonymous: notFound, applicant: notFound, member: notFound, ar: notFound, admin: ok },
    everyone(notAllowed),
  ),
  publicPage("/members", "routes"),
  publicPage("/members", "routes", "/members?skill=producer"),
  publicPage("/members/{userId}", "routes", "/members/{publicMemberId}"),
  row("/members/{userId}", "routes", "/members/{applicantId}", everyone(notFound), everyone(notAllowed)),
  row("/members/{userId}", "routes", "/members/not-a-user-id", everyone(notFound), everyone(notAllowed)),
  row(
    "/profile/{userId}",
    "routes",
    "/profile/{publicMemberId}",
    everyone(to("/members/{publicMemberId}")),
    everyone(to("/members/{publicMemberId}")),
  ),
  publicPage("/audioplayer-demo", "catalogue"),
  publicPage("/party", "routes"),
  publicForm("/test-phone-auth", "auth"),
  publicForm("/simple-phone-test", "auth"),
  publicForm("/working-phone-test", "auth"),
  publicForm("/local-phone-test", "auth"),
  publicPage("/ar", "routes"),
  publicForm("/ar/register", "routes"),
  row("any other path", "foundation", "/no-such-page", everyone(notFound), everyone(notFound)),
  row("any other path", "foundation", "/admin/no-such-section", everyone(notFound), everyone(notFound)),

  // Guarded routes (SPEC §2)
  row("/ar/dashboard", "routes", "/ar/dashboard", approvedAR("/ar/dashboard", ok), approvedAR("/ar/dashboard", notAllowed)),
  row("/dashboard", "routes", "/dashboard", signedIn("/dashboard", ok), signedIn("/dashboard", notAllowed)),
  row("/profile", "routes", "/profile", signedIn("/profile", ok), signedIn("/profile", badRequest)),
  row("/mobile-profile", "routes", "/mobile-profile", signedIn("/mobile-profile", ok), signedIn("/mobile-profile", badRequest)),
  toDashboard("/join"),
  toDashboard("/join/writer"),
  toDashboard("/join/producer"),
  toDashboard("/application"),
  toDashboard("/member-application"),

  // Admin-only (SPEC §2)
  adminPage("/admin"),
  adminPage("/admin/applications"),
  adminPage("/admin/submissions"),
  adminPage("/admin/members"),
  adminPage("/admin/users"),
  adminPage("/admin/showcase"),
  adminPage("/admin/catalog"),
  adminPage("/admin/archive"),
  adminPage("/admin/archive/browse"),
  adminPage("/admin/archive/song/{songId}", "/admin/archive/song/{archivedSongId}"),
  // Unknown ids and songs still in the catalogue are not in the archive.
  adminPage("/admin/archive/song/{songId}", "/admin/archive/song/no-such-song", 404),
  adminPage("/admin/archive/song/{songId}", "/admin/archive/song/{liveSongId}", 404),
  adminPage("/admin/files"),
  adminPage("/admin/camps"),
  adminPage("/admin/audio"),

  // Admin-only redirects (SPEC §2)
  adminRedirect("/admin/dashboard", "/admin/dashboard", "/admin"),
  adminRedirect("/archive", "/archive", "/admin/archive/browse"),
  adminRedirect("/archive/song/{songId}", "/archive/song/{archivedSongId}", "/admin/archive/song/{archivedSongId}"),
  adminRedirect("/camp-scheduling", "/camp-scheduling", "/admin/camps"),
  adminRedirect("/admin/audio-upload", "/admin/audio-upload", "/admin/audio"),
  adminRedirect("/admin/test-applications", "/admin/test-applications", "/admin/applications"),
];

/** Every route string of SPEC §2, so a test can prove the table misses none. */
/**
 * Endpoints that are not SPEC pages but answer the pages (fresh signed audio
 * URLs for the player). Signed storage URLs are walked in catalog-delivery tests,
 * since they need a signature rather than a persona.
 */
export const API_ROUTES = ["/api/songs/{songId}/audio-url"] as const;

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
