/**
 * /dashboard for every persona, through the real request handler against a
 * seeded database (ADR 0069): the greeting, the decision banner and its
 * dismiss form (persisted, per user, only for a real decision), "new in the
 * catalogue since your last visit" with songs added before and after visits,
 * the applicant's application status without the member sections, and the
 * profile checklist's links to the /profile fields.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoAccount, type DemoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { createLocalUser } from "~/auth/users.server";
import { insertSongRecord } from "~/catalog/song-records.server";
import { dashboardCamps } from "~/camps/invitations.server";
import { DEMO_UPCOMING_CAMP } from "~/camps/demo-camps";
import { dismissDecision, getDashboard, PROFILE_FIELD_HREFS } from "~/dashboard/dashboard.server";
import { DASHBOARD_TEXT } from "~/dashboard/dashboard-text";
import { greetingFor, safeTimeZone } from "~/dashboard/greeting";
import { decisionFor } from "~/dashboard/standing";
import { isPrefetch, VISIT_GAP_MS } from "~/dashboard/visits.server";
import type { Viewer } from "~/auth/viewer";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { newSong } from "../support/songs";

const PASSWORD = "dashboard-password";
const PERSONAS = ["admin", "ar", "member", "newmember", "applicant"] as const;
type Persona = (typeof PERSONAS)[number];

let database: TestDatabase;
let app: AppHandler;
const clients = {} as Record<Persona, TestClient>;
const ids = {} as Record<Persona, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  app = await createAppHandler();
  for (const persona of PERSONAS) {
    const account = demoAccount(persona);
    ids[persona] = (await database.db.selectFrom("auth.users").select("id").where("email", "=", account.email).executeTakeFirstOrThrow()).id;
    clients[persona] = new TestClient(app);
    await clients[persona].signIn(account.email, PASSWORD);
  }
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const MINUTE = 60_000;

function viewerOf(persona: Persona): Viewer {
  const account: DemoAccount = demoAccount(persona);
  return { id: ids[persona], email: account.email, displayName: account.displayName, role: account.role, isAdmin: account.isAdmin };
}

const bannerSeen = async (userId: string) =>
  (await database.db.selectFrom("profiles").select("has_seen_decision_banner").where("user_id", "=", userId).executeTakeFirstOrThrow()).has_seen_decision_banner;

const added: string[] = [];
async function addSong(title: string, createdAt: Date, extra: Parameters<typeof newSong>[1] = {}) {
  const id = await database.db.transaction().execute((tx) => insertSongRecord(tx, newSong(title, { createdAt, ...extra })));
  added.push(id);
  return id;
}

/** Removes the songs a test added (some lie in the future), so the next test starts from the seeded catalogue. */
async function removeAddedSongs() {
  if (added.length) await database.db.deleteFrom("songs").where("id", "in", added.splice(0)).execute();
}

async function resetVisits(userId: string) {
  await database.db.updateTable("profiles").set({ dashboard_last_view_at: null, dashboard_new_since: null }).where("user_id", "=", userId).execute();
}

/** Text as React writes it into HTML. */
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The html of a section by its heading id (up to the next section), for "does it show X" checks. */
function sectionOf(html: string, headingId: string): string | null {
  const start = html.indexOf(`id="${headingId}"`);
  if (start < 0) return null;
  const end = html.indexOf("</section>", start);
  return html.slice(start, end < 0 ? undefined : end);
}

describe("greeting and standing (pure)", () => {
  it("greets by the time of day in the member's time zone, UTC when it is unknown", () => {
    const at = new Date("2026-11-24T07:30:00Z");
    expect(greetingFor(at, "UTC")).toBe("Good morning");
    expect(greetingFor(at, "Asia/Tokyo")).toBe("Good afternoon"); // 16:30
    expect(greetingFor(at, "America/Los_Angeles")).toBe("Good evening"); // 23:30 the day before
    expect(safeTimeZone("Europe/Stockholm")).toBe("Europe/Stockholm");
    for (const bad of ["Mars/Olympus", "<script>", "", null, undefined]) expect(safeTimeZone(bad)).toBe("UTC");
    expect(greetingFor(at, "Mars/Olympus")).toBe("Good morning");
  });

  it("announces an acceptance until it is seen, and nothing for applicants and admins", () => {
    const unseen = { hasSeenDecisionBanner: false };
    expect(decisionFor({ role: "accepted_member", isAdmin: false }, unseen)).toMatchObject({ kind: "accepted", title: DASHBOARD_TEXT.decision.accepted.title });
    expect(decisionFor({ role: "accepted_ar", isAdmin: false }, unseen)).toMatchObject({ kind: "accepted", title: DASHBOARD_TEXT.decision.acceptedAr.title });
    expect(decisionFor({ role: "accepted_member", isAdmin: false }, { hasSeenDecisionBanner: true })).toBeNull();
    expect(decisionFor({ role: null, isAdmin: false }, unseen)).toBeNull();
    expect(decisionFor({ role: "admin", isAdmin: true }, unseen)).toBeNull();
  });
});

describe("/dashboard per persona", () => {
  it("sends a visitor to sign in and back", async () => {
    const response = await new TestClient(app).get("/dashboard");
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/auth?redirect=%2Fdashboard");
  });

  it.each(["admin", "ar", "member"] as const)("%s: greeting, new songs, showcase, camps and tour; no banner, no application", async (persona) => {
    const response = await clients[persona].get("/dashboard");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>Good (morning|afternoon|evening), ${demoAccount(persona).displayName}</h1>`));
    expect(sectionOf(html, "new-songs-title")).not.toBeNull();
    expect(sectionOf(html, "showcase-title")).toMatch(/\d of 5 tracks/);
    // The camp section (ADR 0089): for the people camps invite (members and admins), not A&R; it shows
    // what the database holds for them: invitations to answer (each with its form) and the next sessions.
    const camps = sectionOf(html, "camps-title");
    if (persona === "ar") {
      expect(camps).toBeNull();
    } else {
      expect(camps).toContain('href="/calendar"');
      const expected = await dashboardCamps(database.db, ids[persona]);
      for (const { camp } of expected.invitations) expect(camps).toContain(`action="/camps/${camp.id}"`);
      for (const session of expected.sessions) expect(camps).toContain(escape(session.roomName));
      if (expected.anyCamp) expect(camps).toContain('href="/camps"');
      else expect(camps).toContain(escape(DASHBOARD_TEXT.camps.empty));
    }
    // The way back into the tour: a form posting intent=restart to /onboarding.
    const tour = sectionOf(html, "tour-title")!;
    expect(tour).toMatch(/<form[^>]*action="\/onboarding"/);
    expect(tour).toContain('value="restart"');
    expect(sectionOf(html, "decision-title")).toBeNull();
    expect(sectionOf(html, "application-title")).toBeNull();
  });

  it("newmember: the acceptance banner with a dismiss form that works without JavaScript", async () => {
    const html = await (await clients.newmember.get("/dashboard")).text();
    const banner = sectionOf(html, "decision-title")!;
    expect(banner).toContain("Your application was accepted: welcome to The Hit Factory");
    expect(banner).toMatch(/<form[^>]*method="post"[^>]*action="\/dashboard"|<form[^>]*action="\/dashboard"[^>]*method="post"/);
    expect(banner).toContain('name="intent" value="dismiss-decision"');
    expect(html).toContain("Good ");
    expect(html).toContain("Noah Kim");
  });

  it("newmember: the demo invitation to the upcoming camp, answerable right there without JavaScript", async () => {
    const html = await (await clients.newmember.get("/dashboard")).text();
    const camps = sectionOf(html, "camps-title")!;
    expect(camps).toContain(escape(DASHBOARD_TEXT.camps.invitations));
    expect(camps).toContain(escape(DEMO_UPCOMING_CAMP.name));
    const camp = await database.db.selectFrom("camps").select("id").where("name", "=", DEMO_UPCOMING_CAMP.name).executeTakeFirstOrThrow();
    expect(camps).toMatch(new RegExp(`<form method="post" action="/camps/${camp.id}"`));
    expect(camps).toContain('name="back" value="dashboard"');
    expect(camps).toContain('name="answer" value="accept"');
    expect(camps).toContain('name="answer" value="decline"');
  });

  it("applicant: where the application stands, with the date, and none of the member sections", async () => {
    const response = await clients.applicant.get("/dashboard");
    expect(response.status).toBe(200);
    const html = await response.text();
    const status = sectionOf(html, "application-title")!;
    expect(status).toContain(DASHBOARD_TEXT.application.inReview.heading);
    // The day they submitted their application (ADR 0070).
    const submitted = (await database.db.selectFrom("applications").select("submitted_at").where("user_id", "=", ids.applicant).executeTakeFirstOrThrow()).submitted_at!;
    const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(submitted));
    expect(status).toContain(`You applied on ${day}.`);
    expect(status).toContain('aria-current="step"');
    for (const memberOnly of ["showcase-title", "camps-title", "tour-title", "decision-title"]) expect(sectionOf(html, memberOnly)).toBeNull();
    expect(html).not.toContain('action="/onboarding"');
    // What is new in the catalogue is for everyone (the catalogue is public).
    expect(sectionOf(html, "new-songs-title")).not.toBeNull();
  });

  it("the profile checklist links each open item to its field on /profile", async () => {
    const { checks } = await getDashboard(database.db, viewerOf("applicant"));
    expect(checks.filter((c) => !c.done).map((c) => c.key)).toEqual(["avatar", "bio", "publicProfile"]);
    const dashboard = await (await clients.applicant.get("/dashboard")).text();
    expect(sectionOf(dashboard, "checklist-title")).toContain(`href="${PROFILE_FIELD_HREFS.bio}"`);
    // Every anchor names an element /profile really renders.
    const profile = await (await clients.applicant.get("/profile")).text();
    for (const href of Object.values(PROFILE_FIELD_HREFS)) expect(profile).toContain(`id="${href.split("#")[1]}"`);
  });
});

describe("showcase and time zone", () => {
  it("member: the showcase's tracks, n of 5, playable, with a link to manage it", async () => {
    const tracks = await database.db
      .selectFrom("showcase_tracks")
      .select("title")
      .where("user_id", "=", ids.member)
      .orderBy("position")
      .execute();
    expect(tracks.length).toBeGreaterThan(0);
    const section = sectionOf(await (await clients.member.get("/dashboard")).text(), "showcase-title")!;
    expect(section).toContain(`${tracks.length} of 5 tracks`);
    for (const { title } of tracks) {
      expect(section).toContain(title);
      expect(section).toContain(`aria-label="Play ${title}"`);
    }
    expect(section).toContain('href="/showcase"');
    expect(section).toContain(DASHBOARD_TEXT.showcase.manage);
  });

  it("newmember: an empty showcase invites to upload", async () => {
    const section = sectionOf(await (await clients.newmember.get("/dashboard")).text(), "showcase-title")!;
    expect(section).toContain("0 of 5 tracks");
    expect(section).toContain(escape(DASHBOARD_TEXT.showcase.empty));
    expect(section).toContain(DASHBOARD_TEXT.showcase.upload);
  });

  it("greets and dates in profiles.time_zone, UTC when it is UTC or unknown", async () => {
    const applicant = viewerOf("applicant");
    const at = new Date("2026-11-24T07:30:00Z");
    const setZone = (zone: string) => database.db.updateTable("profiles").set({ time_zone: zone }).where("user_id", "=", applicant.id).execute();
    try {
      await setZone("America/Los_Angeles");
      expect(await getDashboard(database.db, applicant, { now: at })).toMatchObject({ greeting: "Good evening", timeZone: "America/Los_Angeles" });
      await setZone("Mars/Olympus");
      expect(await getDashboard(database.db, applicant, { now: at })).toMatchObject({ greeting: "Good morning", timeZone: "UTC" });
      await setZone("UTC");
      expect(await getDashboard(database.db, applicant, { now: at })).toMatchObject({ greeting: "Good morning", timeZone: "UTC" });
      // The application's date is shown in the zone too: 00:30 UTC is still the day before in Los Angeles.
      await database.db.updateTable("applications").set({ submitted_at: new Date("2026-11-20T00:30:00Z") }).where("user_id", "=", applicant.id).execute();
      await setZone("America/Los_Angeles");
      expect(sectionOf(await (await clients.applicant.get("/dashboard")).text(), "application-title")).toContain("You applied on 19 November 2026.");
    } finally {
      await setZone("UTC");
    }
  });
});

describe("dismissing the decision banner", () => {
  it("persists for that user only, comes back with a toast, and stays dismissed", async () => {
    // Another accepted member who has not seen their decision either.
    const other = await createLocalUser(database.db, { email: "other-accepted@example.test", password: PASSWORD, displayName: "Other Accepted", role: "accepted_member", confirmed: true });
    await database.db.insertInto("profiles").values({ user_id: other.id, role: "accepted_member", display_name: "Other Accepted", links: "[]" }).execute();
    expect(await bannerSeen(ids.newmember)).toBe(false);

    // Naming someone else in the form changes nothing about them: the viewer is the subject.
    const response = await clients.newmember.post("/dashboard", { intent: "dismiss-decision", userId: other.id, user_id: other.id });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/dashboard");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("hf_toast="))).toBe(true);
    expect(await bannerSeen(ids.newmember)).toBe(true);
    expect(await bannerSeen(other.id)).toBe(false);

    const after = await (await clients.newmember.get("/dashboard")).text();
    expect(after).toContain(DASHBOARD_TEXT.decision.dismissed);
    expect(sectionOf(after, "decision-title")).toBeNull();
    const again = await (await clients.newmember.get("/dashboard")).text();
    expect(sectionOf(again, "decision-title")).toBeNull();
    expect(again).not.toContain(DASHBOARD_TEXT.decision.dismissed);

    // A replayed post: still a redirect, no second toast, nothing else changes.
    const replay = await clients.newmember.post("/dashboard", { intent: "dismiss-decision" });
    expect(replay.status).toBe(302);
    expect(replay.headers.getSetCookie().some((c) => c.startsWith("hf_toast="))).toBe(false);
    expect(await bannerSeen(other.id)).toBe(false);
    expect(decisionFor({ role: "accepted_member", isAdmin: false }, { hasSeenDecisionBanner: await bannerSeen(other.id) })).not.toBeNull();
  });

  it("an applicant's post cannot hide the decision to come", async () => {
    expect(await bannerSeen(ids.applicant)).toBe(false);
    const response = await clients.applicant.post("/dashboard", { intent: "dismiss-decision" });
    expect(response.status).toBe(302);
    expect(await bannerSeen(ids.applicant)).toBe(false);
    expect(await dismissDecision(database.db, viewerOf("applicant"))).toBe(false);
  });

  it("a visitor's post goes to sign in before the body is read; an unknown intent is a 400", async () => {
    const visitor = new TestClient(app);
    const response = await visitor.post("/dashboard", { intent: "dismiss-decision" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/auth?redirect=%2Fdashboard");
    expect((await clients.member.post("/dashboard", { intent: "toString" })).status).toBe(400);
    // A bare POST names no form: nothing is dismissed.
    const other = await database.db.selectFrom("profiles").select("user_id").where("display_name", "=", "Other Accepted").executeTakeFirstOrThrow();
    const bare = await app.handle(
      new Request("http://hitfactory.test/dashboard", {
        method: "POST",
        headers: { origin: "http://hitfactory.test", host: "hitfactory.test", "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded", cookie: clients.member.jar.header() },
        body: "",
      }),
    );
    expect(bare.status, await bare.clone().text()).toBe(400);
    expect(await bannerSeen(other.user_id)).toBe(false);
    expect((await clients.member.post("/dashboard", { intent: "dismiss-decision\u0000" })).status).toBe(400);
  });
});

describe("new in the catalogue since the last visit", () => {
  afterEach(removeAddedSongs);

  it("first visit: the newest songs, labelled; a visit lasts while views come within 30 minutes", async () => {
    const member = viewerOf("member");
    await resetVisits(member.id);
    const newest = await database.db
      .selectFrom("songs")
      .select("title")
      .where("status", "=", "catalogue")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(6)
      .execute();
    const t0 = new Date(Date.now() + 24 * 60 * MINUTE); // after every seeded song
    const first = await getDashboard(database.db, member, { now: t0 });
    expect(first.newSongs.since).toBeNull();
    expect(first.newSongs.count).toBeNull();
    expect(first.newSongs.songs.map((s) => s.title)).toEqual(newest.map((s) => s.title));
    expect(first.newSongs.songs[0]!.audioUrl).toBeTruthy();

    // A song arrives during the first visit; a reload 10 minutes later is the same (first) visit.
    await addSong("Arrived During First Visit", new Date(t0.getTime() + MINUTE));
    const reload = await getDashboard(database.db, member, { now: new Date(t0.getTime() + 10 * MINUTE) });
    expect(reload.newSongs.since).toBeNull();
    expect(reload.newSongs.songs[0]!.title).toBe("Arrived During First Visit");

    // 31 minutes without a view: a new visit, new since the last view (t0 + 10 min). The song shown then is not new.
    const second = await getDashboard(database.db, member, { now: new Date(t0.getTime() + 41 * MINUTE) });
    expect(second.newSongs.since).toBe(new Date(t0.getTime() + 10 * MINUTE).toISOString());
    expect(second.newSongs.songs).toEqual([]);
    expect(second.newSongs.count).toBe(0);

    // Songs added during the second visit: new (archived ones never), and still listed on reloads within it.
    await addSong("Added After Second Visit Began", new Date(t0.getTime() + 45 * MINUTE));
    await addSong("Archived Meanwhile", new Date(t0.getTime() + 46 * MINUTE), { status: "archived" });
    for (const minutes of [50, 70, 95]) {
      const view = await getDashboard(database.db, member, { now: new Date(t0.getTime() + minutes * MINUTE) });
      expect(view.newSongs.songs.map((s) => s.title)).toEqual(["Added After Second Visit Began"]);
      expect(view.newSongs.count).toBe(1);
    }

    // The next visit starts from the last view (t0 + 95 min): nothing is new any more.
    const third = await getDashboard(database.db, member, { now: new Date(t0.getTime() + 95 * MINUTE + VISIT_GAP_MS + MINUTE) });
    expect(third.newSongs.since).toBe(new Date(t0.getTime() + 95 * MINUTE).toISOString());
    expect(third.newSongs.songs).toEqual([]);
  });

  it("a prefetch (hovering the header link) shows what is new without counting as a visit", async () => {
    const ar = viewerOf("ar");
    await resetVisits(ar.id);
    const base = new Date(Date.now() + 20 * 24 * 60 * MINUTE);
    await getDashboard(database.db, ar, { now: base });
    await addSong("New Before The Hover", new Date(base.getTime() + 5 * MINUTE));
    const later = new Date(base.getTime() + 2 * 60 * MINUTE);
    // Hovering two hours later: the song is new; the hover is no visit, so when the member opens
    // the dashboard two hours after that, the song is still new to them.
    const hover = await getDashboard(database.db, ar, { now: later, prefetch: true });
    expect(hover.newSongs.songs.map((s) => s.title)).toEqual(["New Before The Hover"]);
    const visit = await getDashboard(database.db, ar, { now: new Date(later.getTime() + 2 * 60 * MINUTE) });
    expect(visit.newSongs.songs.map((s) => s.title)).toEqual(["New Before The Hover"]);
    expect(isPrefetch(new Request("http://x/dashboard.data", { headers: { "Sec-Purpose": "prefetch" } }))).toBe(true);
    expect(isPrefetch(new Request("http://x/dashboard"))).toBe(false);
  });

  it("each user has their own visits", async () => {
    const ar = viewerOf("ar");
    const admin = viewerOf("admin");
    await resetVisits(ar.id);
    await resetVisits(admin.id);
    const base = new Date(Date.now() + 10 * 24 * 60 * MINUTE);
    await getDashboard(database.db, ar, { now: base });
    await getDashboard(database.db, admin, { now: base });
    await addSong("Only New For The Admin", new Date(base.getTime() + 5 * MINUTE));
    // The A&R looks again within the visit (the song is then among the newest shown), the admin does not.
    await getDashboard(database.db, ar, { now: new Date(base.getTime() + 20 * MINUTE) });
    const later = new Date(base.getTime() + 3 * 60 * MINUTE);
    const arView = await getDashboard(database.db, ar, { now: later });
    const adminView = await getDashboard(database.db, admin, { now: later });
    expect(arView.newSongs.songs.map((s) => s.title)).toEqual([]);
    expect(adminView.newSongs.songs.map((s) => s.title)).toEqual(["Only New For The Admin"]);
  });

  it("shows at most six, says how many, links to the catalogue sorted by newest, and is honest when empty", async () => {
    const member = viewerOf("member");
    // The last visit ended an hour ago; every song since then is new.
    const lastView = new Date(Date.now() - 60 * MINUTE);
    await database.db.updateTable("profiles").set({ dashboard_last_view_at: lastView, dashboard_new_since: null }).where("user_id", "=", member.id).execute();
    const titles = Array.from({ length: 8 }, (_, i) => `Fresh Song ${i + 1}`);
    for (const [i, title] of titles.entries()) await addSong(title, new Date(lastView.getTime() + (i + 1) * MINUTE));

    const html = await (await clients.member.get("/dashboard")).text();
    const section = sectionOf(html, "new-songs-title")!;
    expect(section).toContain("8 songs added since your last visit on");
    expect(section).toContain("Showing the 6 newest.");
    for (const title of titles.slice(2)) expect(section).toContain(title);
    for (const title of titles.slice(0, 2)) expect(section).not.toContain(`>${title}<`);
    // Playable: without JavaScript the play control is a link to the song page.
    expect(section).toMatch(/aria-label="Play Fresh Song 8"/);
    expect(section).toContain('href="/music-catalog?sort=newest"');
    // A reload within the visit keeps the list.
    expect(sectionOf(await (await clients.member.get("/dashboard")).text(), "new-songs-title")).toContain("Fresh Song 8");

    // The next visit (the last view, after those songs came, is now more than 30 minutes ago): nothing new, said plainly.
    await database.db
      .updateTable("profiles")
      .set({ dashboard_last_view_at: new Date(Date.now() - VISIT_GAP_MS - MINUTE) })
      .where("user_id", "=", member.id)
      .execute();
    const empty = sectionOf(await (await clients.member.get("/dashboard")).text(), "new-songs-title")!;
    expect(empty).toContain("Nothing new since your last visit on");
    expect(empty).not.toContain("Fresh Song");
    expect(empty).toContain('href="/music-catalog?sort=newest"');
  });
});
