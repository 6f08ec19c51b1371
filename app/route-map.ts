/**
 * THE PRODUCT'S MAP: every URL of the app and the route module that answers
 * it, grouped by product area (SPEC §2 lists the routes). vite.config.ts hands
 * this to Remix instead of file-name conventions, so app/routes/<area>/ holds
 * each area's pages and this file reads as the site map.
 *
 * Who may reach each route is declared in its module (`defineRoute({ access })`,
 * app/routing/route.server.ts), never here. A module mounted at several paths
 * (the phone test pages, the entry points that lead to /dashboard) gets one id
 * per path.
 *
 * Plain data and no imports: Vite reads it while loading its config.
 */

/** Remix's route definer (DefineRouteFunction), in the shape this map uses. */
export type DefineRoute = (
  path: string | undefined,
  file: string,
  optionsOrChildren?: { id?: string; index?: boolean } | (() => void),
  children?: () => void,
) => void;

/** Mounts one module at several paths, each with its own route id. */
function aliases(route: DefineRoute, file: string, paths: string[]) {
  for (const path of paths) route(path, file, { id: `${file.replace(/\.tsx$/, "")}:${path}` });
}

export function routeMap(route: DefineRoute): void {
  // Landing, theme and the not-found page.
  route(undefined, "routes/home/landing.tsx", { index: true });
  route("theme", "routes/home/theme.tsx");
  // What the service worker shows for a page it has not kept, offline (issue 15).
  route("offline", "routes/home/offline.tsx");
  // Page views and web vitals from real visits (SPEC §7 "speed insights and analytics"; issue 15).
  route("api/vitals", "routes/monitoring/vitals.tsx");

  // Accounts and sessions.
  route("auth", "routes/auth/sign-in.tsx");
  route("auth/sign-out", "routes/auth/sign-out.tsx");
  route("auth/keep-alive", "routes/auth/keep-alive.tsx");
  // Two-factor sign-in: the challenge, and setting up or managing an authenticator (issue 16, ADR 0099).
  route("auth/mfa", "routes/auth/mfa.tsx");
  aliases(route, "routes/auth/phone-test.tsx", ["test-phone-auth", "simple-phone-test", "working-phone-test", "local-phone-test"]);

  // The catalogue and its player.
  route("catalog", "routes/catalogue/catalog-redirect.tsx");
  route("music-catalog", "routes/catalogue/music-catalog.tsx");
  route("search", "routes/catalogue/search.tsx");
  route("song/:songId", "routes/catalogue/song.tsx");
  route("audioplayer-demo", "routes/catalogue/player-demo.tsx");
  route("api/songs/:songId/audio-url", "routes/catalogue/audio-url.tsx");
  // The player reports a play (30 s of playback or the whole song) for the admin charts.
  route("api/songs/:songId/plays", "routes/catalogue/song-play.tsx");
  route("storage/v1/object/sign/:bucket/*", "routes/catalogue/signed-file.tsx");

  // Members: dashboard, profiles, directory.
  route("dashboard", "routes/members/dashboard.tsx");
  route("profile", "routes/members/profile.tsx");
  route("mobile-profile", "routes/members/mobile-profile.tsx");
  route("profile/:userId", "routes/members/profile-redirect.tsx");
  route("members", "routes/members/directory.tsx");
  route("members/:userId", "routes/members/member.tsx");
  route("media/avatars/:userId", "routes/members/avatar.tsx");
  route("showcase", "routes/members/showcase.tsx");
  route("api/showcase/:trackId/audio-url", "routes/members/showcase-audio-url.tsx");
  route("inbox", "routes/members/inbox.tsx");

  // Members' song submissions and the A&R briefs they answer.
  route("submissions", "routes/members/submissions.tsx");
  route("submissions/:submissionId", "routes/members/submission.tsx");
  route("api/submissions/:submissionId/audio-url", "routes/members/submission-audio-url.tsx");
  route("briefs", "routes/members/briefs.tsx");
  route("briefs/:briefId", "routes/members/brief.tsx");

  // Onboarding: the welcome and the tour's forms, and the tour's calendar step.
  route("onboarding", "routes/members/onboarding.tsx");
  route("calendar", "routes/members/calendar.tsx");

  // Songwriting camps (issue 13, ADR 0086): the member's camps, a camp, its sessions and review, the calendars.
  route("camps", "routes/camps/camps.tsx");
  route("camps/:campId", "routes/camps/camp.tsx");
  route("camps/:campId/review", "routes/camps/camp-review.tsx");
  route("camps/:campId/sessions/:sessionId", "routes/camps/session.tsx");
  route("camps/:campId/calendar.ics", "routes/camps/camp-calendar-ics.tsx");
  route("calendar/sessions.ics", "routes/members/calendar-ics.tsx");
  // A member's private calendar subscription: its secret token is the only key (no session).
  route("calendar/feed/:token", "routes/members/calendar-feed.tsx");
  route("api/camps/songs/:campSongId/audio-url", "routes/camps/camp-song-audio-url.tsx");

  // Becoming a member.
  aliases(route, "routes/membership/apply.tsx", ["join", "join/writer", "join/producer", "application", "member-application"]);
  route("accept", "routes/membership/accept.tsx");
  route("api/applications/tracks/:trackId/audio-url", "routes/membership/application-track-url.tsx");

  // A&R professionals.
  route("ar", "routes/ar/landing.tsx");
  route("ar/register", "routes/ar/register.tsx");
  route("ar/dashboard", "routes/ar/dashboard.tsx");
  route("ar/holds", "routes/ar/holds.tsx");
  route("ar/shortlists", "routes/ar/shortlists.tsx");
  route("ar/shortlists/:shortlistId", "routes/ar/shortlist.tsx");
  route("ar/briefs", "routes/ar/briefs.tsx");
  route("ar/briefs/:briefId", "routes/ar/brief.tsx");
  // A shared shortlist: a read-only, expiring, revocable link that needs no account.
  route("listen/:token", "routes/ar/shared-shortlist.tsx");
  route("api/listen/:token/:songId", "routes/ar/shared-shortlist-audio.tsx");

  // The listening party (issue 14, ADR 0092): the parties, starting one, a room, its
  // event stream, the server clock listeners sync to, and the audio of a queued song.
  route("party", "routes/party/party.tsx");
  route("party/new", "routes/party/new-party.tsx");
  route("party/clock", "routes/party/clock.tsx");
  route("party/:partyId", "routes/party/room.tsx");
  route("party/:partyId/actions", "routes/party/room-actions.tsx");
  route("party/:partyId/events", "routes/party/events.tsx");
  route("party/:partyId/items/:itemId/audio", "routes/party/item-audio.tsx");

  // Administration: the sections share the admin layout.
  route("admin", "routes/admin/layout.tsx", () => {
    route(undefined, "routes/admin/overview.tsx", { index: true });
    route("applications", "routes/admin/applications.tsx");
    route("applications/questions", "routes/admin/application-questions.tsx");
    route("applications/:applicationId", "routes/admin/application.tsx");
    route("ar-registrations", "routes/admin/ar-registrations.tsx");
    route("submissions", "routes/admin/submissions.tsx");
    route("submissions/:submissionId", "routes/admin/submission.tsx");
    route("holds", "routes/admin/holds.tsx");
    route("members", "routes/admin/members.tsx");
    route("members/:userId", "routes/admin/member.tsx");
    route("users", "routes/admin/users.tsx");
    route("users/:userId", "routes/admin/user.tsx");
    route("showcase", "routes/admin/showcase.tsx");
    route("catalog", "routes/admin/catalog.tsx");
    route("catalog/:songId", "routes/admin/catalog-song.tsx");
    route("archive", "routes/admin/archive.tsx");
    route("archive/browse", "routes/admin/archive-browse.tsx");
    route("archive/song/:songId", "routes/admin/archive-song.tsx");
    route("files", "routes/admin/files.tsx");
    route("camps", "routes/admin/camps.tsx");
    route("camps/:campId", "routes/admin/camp.tsx");
    route("camps/:campId/schedule", "routes/admin/camp-schedule.tsx");
    route("camps/:campId/review", "routes/admin/camp-review.tsx");
    route("audio", "routes/admin/audio.tsx");
    // This browser's feature flags (SPEC §3; issue 15).
    route("flags", "routes/admin/flags.tsx");
    // Backups (ADR 0098): the page, and the POST that downloads the archive (a resource route: a file, not a page).
    route("backup", "routes/admin/backup.tsx");
    route("backup/download", "routes/admin/backup-download.tsx");
  });
  // Admin endpoints outside the admin layout: the overview's statistics (refreshed
  // every 300000 ms with JavaScript) and the resumable (tus) audio uploads.
  route("api/admin/statistics", "routes/admin/statistics.tsx");
  route("api/admin/audio/uploads/*", "routes/admin/audio-uploads.tsx");
  // Old admin addresses (SPEC §2 admin-only redirects).
  aliases(route, "routes/admin/moved.tsx", [
    "admin/dashboard",
    "archive",
    "archive/song/:songId",
    "camp-scheduling",
    "admin/audio-upload",
    "admin/test-applications",
  ]);

  // Pages that fail on purpose, for the error-screen tests (404 unless ENABLE_TEST_ROUTES).
  route("__test/crash", "routes/testing/crash.tsx");
  route("__test/route-error", "routes/testing/route-error.tsx");
  route("__test/routing-error", "routes/testing/routing-error.tsx");
  route("__test/toast", "routes/testing/toast.tsx");
  route("__test/monitored-error", "routes/testing/monitored-error.tsx");
  route("auth/__test/expire-session", "routes/testing/expire-session.tsx");

  // Any other path.
  route("*", "routes/home/not-found.tsx");
}
