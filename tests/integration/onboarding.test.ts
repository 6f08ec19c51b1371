/**
 * Onboarding against a real seeded database (SPEC §4 "Onboarding", §7, §8):
 * the state changes themselves, then the welcome, the tour and their forms
 * through the real request handler, as a browser without JavaScript sees and
 * posts them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { seedDemoData } from "~/demo/seed.server";
import { demoAccount } from "~/demo/accounts";
import { startSessionClock } from "~/auth/session-activity.server";
import { CALENDAR, TOUR_STEPS } from "~/onboarding/copy";
import {
  completeTour,
  loadSessionOnboarding,
  onboardingForPage,
  resetTour,
  saveStep,
  skipTour,
  startTour,
  tourView,
} from "~/onboarding/onboarding.server";
import type { Viewer } from "~/auth/viewer";
import type { Database } from "~/platform/db/connect.server";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";

const PASSWORD = "onboarding-password";
const DAY = 24 * 60 * 60_000;
let database: TestDatabase;
let db: Database;
let app: AppHandler;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  useTestRuntime(database);
  await seedDemoData(db, { password: PASSWORD });
  for (const row of await db.selectFrom("auth.users").select(["id", "email"]).execute()) ids[row.email!.split("@")[0]!] = row.id;
  app = await createAppHandler();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const onboardingRow = (userId: string) =>
  db
    .selectFrom("profiles")
    .select([
      "onboarding_completed",
      "onboarding_skipped",
      "onboarding_current_step",
      "onboarding_started_at",
      "onboarding_completed_at",
      "first_login_after_acceptance",
    ])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();

/** A fresh, eligible member of its own: accepted today, onboarding untouched. */
async function freshMember(name: string, createdAt = new Date()): Promise<string> {
  const { createLocalUser } = await import("~/auth/users.server");
  const user = await createLocalUser(db, { email: `${name}@onboarding.test`, password: PASSWORD, displayName: name, role: "accepted_member", confirmed: true });
  await db.updateTable("auth.users").set({ created_at: createdAt }).where("id", "=", user.id).execute();
  await db.insertInto("profiles").values({ user_id: user.id, role: "accepted_member", display_name: name, links: JSON.stringify([]) }).execute();
  return user.id;
}

const viewerOf = (id: string, name: string, role: Viewer["role"] = "accepted_member"): Viewer => ({ id, email: `${name}@onboarding.test`, displayName: name, role, isAdmin: false });
const page = (path: string) => ({ request: new Request(`http://test${path}`), url: new URL(`http://test${path}`) });

describe("the state changes (SPEC §4, §7)", () => {
  let userId: string;
  let viewer: Viewer;
  const session = () => `session-${userId}`;
  beforeEach(async () => {
    const name = `state-${Math.random().toString(36).slice(2, 8)}`;
    userId = await freshMember(name);
    viewer = viewerOf(userId, name);
    await startSessionClock(db, session(), userId);
  });

  it("showing the welcome sets first_login_after_acceptance and onboarding_started_at when empty, once per session", async () => {
    const now = new Date("2026-11-25T10:00:00Z");
    // The account is a few minutes old at `now`.
    await db.updateTable("auth.users").set({ created_at: new Date(now.getTime() - 5 * 60_000) }).where("id", "=", userId).execute();
    const view = await onboardingForPage({ db, viewer, sessionId: session(), ...page("/dashboard") }, now);
    expect(view).toMatchObject({ kind: "welcome", title: `Welcome, ${viewer.displayName}!`, badges: [{ label: "Hit Factory" }, { label: "Member" }] });
    expect(await onboardingRow(userId)).toMatchObject({ first_login_after_acceptance: now, onboarding_started_at: now, onboarding_completed: false });
    expect((await loadSessionOnboarding(db, session())).welcomeShownAt).toEqual(now);

    // The same session: not again. The stored first login is kept, not moved.
    const later = new Date(now.getTime() + 60_000);
    expect(await onboardingForPage({ db, viewer, sessionId: session(), ...page("/members") }, later)).toBeNull();
    await startSessionClock(db, "another-session", userId);
    expect(await onboardingForPage({ db, viewer, sessionId: "another-session", ...page("/members") }, later)).toMatchObject({ kind: "welcome" });
    expect((await onboardingRow(userId)).first_login_after_acceptance).toEqual(now);
  });

  it("the tour's eight steps in SPEC's order; the showcase step says members can upload up to 5 tracks", () => {
    expect(TOUR_STEPS.map((step) => step.title)).toEqual([
      "Welcome to The Hit Factory!",
      "Your Dashboard",
      "Your Profile",
      "Meet the Community",
      "Music Catalog",
      "Your Showcase",
      "Stay Connected",
      "You're All Set!",
    ]);
    expect(TOUR_STEPS.map((step) => step.route)).toEqual(["/dashboard", "/dashboard", "/profile", "/members", "/music-catalog", "/showcase", "/calendar", "/dashboard"]);
    expect(tourView(5).description).toContain("members can upload up to 5 tracks");
    expect(tourView(7)).toMatchObject({ stepOf: "Step 8 of 8", last: true });
    expect(tourView(0)).toMatchObject({ stepOf: "Step 1 of 8", last: false });
  });

  it("never on a path containing /auth, and never records it there", async () => {
    expect(await onboardingForPage({ db, viewer, sessionId: session(), ...page("/auth?mode=recover") })).toBeNull();
    expect((await onboardingRow(userId)).first_login_after_acceptance).toBeNull();
    expect((await loadSessionOnboarding(db, session())).welcomeShownAt).toBeNull();
  });

  it("start restores the stored step; every step change is saved", async () => {
    await saveStep(db, userId, 3);
    expect(await startTour(db, userId, session())).toBe(3);
    expect(await onboardingForPage({ db, viewer, sessionId: session(), ...page("/members") })).toMatchObject({
      kind: "tour",
      step: 3,
      total: 8,
      stepOf: "Step 4 of 8",
      title: "Meet the Community",
      last: false,
    });
    await saveStep(db, userId, 4);
    expect((await onboardingRow(userId)).onboarding_current_step).toBe(4);
    // The tour runs in this session only: another session gets the welcome first.
    await startSessionClock(db, `${session()}-b`, userId);
    expect(await onboardingForPage({ db, viewer, sessionId: `${session()}-b`, ...page("/members") })).toMatchObject({ kind: "welcome" });
  });

  it("complete: onboarding_completed with its timestamp and the last step; the tour is hidden after", async () => {
    await startTour(db, userId, session());
    const now = new Date();
    await completeTour(db, userId, session(), now);
    expect(await onboardingRow(userId)).toMatchObject({ onboarding_completed: true, onboarding_completed_at: now, onboarding_current_step: 7, onboarding_skipped: false });
    expect(await onboardingForPage({ db, viewer, sessionId: session(), ...page("/dashboard") })).toBeNull();
    // A step change after completion is ignored (a replayed form).
    await saveStep(db, userId, 2);
    expect((await onboardingRow(userId)).onboarding_current_step).toBe(7);
  });

  it("skip: onboarding_skipped and onboarding_completed, the current step saved", async () => {
    await startTour(db, userId, session());
    await skipTour(db, userId, session(), 2);
    expect(await onboardingRow(userId)).toMatchObject({ onboarding_completed: true, onboarding_skipped: true, onboarding_current_step: 2, onboarding_completed_at: null });
    expect((await loadSessionOnboarding(db, session())).tourActive).toBe(false);
    expect(await startTour(db, userId, session())).toBeNull();
  });

  it("reset: completion and skip cleared, step 0, a new start time, no completion time; the welcome shows again", async () => {
    await startTour(db, userId, session());
    await saveStep(db, userId, 5);
    await skipTour(db, userId, session(), 5);
    const before = await onboardingRow(userId);
    const now = new Date(Date.now() + 1000);
    await resetTour(db, userId, session(), now);
    const after = await onboardingRow(userId);
    expect(after).toMatchObject({ onboarding_completed: false, onboarding_skipped: false, onboarding_current_step: 0, onboarding_completed_at: null, onboarding_started_at: now });
    expect(after.first_login_after_acceptance).toEqual(before.first_login_after_acceptance);
    expect(await onboardingForPage({ db, viewer, sessionId: session(), ...page("/profile") })).toMatchObject({ kind: "welcome" });
  });

  it("a member past both windows gets no welcome, unless they restarted the tour in this session", async () => {
    await db.updateTable("auth.users").set({ created_at: new Date(Date.now() - 60 * DAY) }).where("id", "=", userId).execute();
    await db.updateTable("profiles").set({ first_login_after_acceptance: new Date(Date.now() - 30 * DAY) }).where("user_id", "=", userId).execute();
    expect(await onboardingForPage({ db, viewer, sessionId: session(), ...page("/dashboard") })).toBeNull();
    await resetTour(db, userId, session());
    expect(await onboardingForPage({ db, viewer, sessionId: session(), ...page("/dashboard") })).toMatchObject({ kind: "welcome" });
  });

  it("a load failure is logged and ignored: the page renders without onboarding", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = new Proxy(db, {
      get(target, key) {
        if (key === "selectFrom" || key === "updateTable") return () => { throw new Error("database unavailable"); };
        return Reflect.get(target, key);
      },
    });
    await expect(onboardingForPage({ db: broken, viewer, sessionId: session(), ...page("/dashboard") })).resolves.toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining("onboarding: loading failed"), "database unavailable");
    error.mockRestore();
  });
});

// ---------------------------------------------------------------------------
// Through the request handler, as a browser without JavaScript.

const WELCOME_TITLE = /Welcome, Noah Kim!/;

async function signedIn(email: string): Promise<TestClient> {
  const client = new TestClient(app);
  await client.signIn(email, PASSWORD);
  return client;
}

async function html(client: TestClient, path: string): Promise<string> {
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The tour dialog's step, as the page renders it (null without a tour). */
function renderedStep(page: string): number | null {
  const match = /data-onboarding="tour"[\s\S]*?data-step="(\d)"/.exec(page);
  return match ? Number(match[1]) : null;
}

describe("the welcome and the tour without JavaScript", () => {
  it("newmember: welcome once per session, then the whole tour, each step on its own route, progress saved", async () => {
    const newmember = await signedIn(demoAccount("newmember").email);
    const first = await html(newmember, "/dashboard");
    expect(first).toMatch(WELCOME_TITLE);
    expect(first).toContain('role="dialog"');
    expect(first).toContain('aria-modal="true"');
    expect(first).toContain("Take a Quick Tour");
    expect(first).toContain("I&#x27;ll explore on my own");
    expect(first).toContain("You can always access the tour from your profile settings");
    expect(first).toMatch(/Hit Factory<\/li><li[^>]*>Member<\/li>/);
    // The dialog comes before the page, and the page is inert behind it.
    expect(first.indexOf('data-onboarding="welcome"')).toBeLessThan(first.indexOf("<main"));
    expect(first).toMatch(/data-onboarding-frame="" inert=""/);
    expect((await onboardingRow(ids.newmember!)).first_login_after_acceptance).not.toBeNull();

    // Once per session.
    expect(await html(newmember, "/members")).not.toMatch(WELCOME_TITLE);

    // Take a Quick Tour: the stored step (0) on its route.
    let response = await newmember.post("/onboarding", { intent: "start" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/dashboard");

    for (let step = 0; step < TOUR_STEPS.length; step++) {
      const route = TOUR_STEPS[step]!.route;
      const shown = await html(newmember, route);
      expect(renderedStep(shown), route).toBe(step);
      expect(shown).toContain(`Step ${step + 1} of 8`);
      expect(shown).toContain(TOUR_STEPS[step]!.title.replace("'", "&#x27;"));
      expect(shown).toContain(`aria-valuenow="${step + 1}"`);
      expect(shown.includes('value="previous"'), `Previous on step ${step + 1}`).toBe(step > 0);
      expect(shown.includes(">Skip tour</button>"), `Skip tour on step ${step + 1}`).toBe(step < 7);
      expect(shown.includes(">Complete Tour</button>")).toBe(step === 7);
      expect(shown.includes(">Next</button>")).toBe(step < 7);
      expect((await onboardingRow(ids.newmember!)).onboarding_current_step).toBe(step);
      response = await newmember.post("/onboarding", { intent: step === 7 ? "complete" : "next", step: String(step) });
      expect(response.status).toBe(302);
      expect(locationOf(response)).toBe(TOUR_STEPS[Math.min(step + 1, 7)]!.route);
    }
    const done = await onboardingRow(ids.newmember!);
    expect(done).toMatchObject({ onboarding_completed: true, onboarding_skipped: false, onboarding_current_step: 7 });
    expect(done.onboarding_completed_at).not.toBeNull();
    const after = await html(newmember, "/dashboard");
    expect(renderedStep(after)).toBeNull();
    expect(after).not.toMatch(/data-onboarding-frame="" inert/);

    // A replayed 'Next' changes nothing.
    response = await newmember.post("/onboarding", { intent: "next", step: "2" });
    expect(response.status).toBe(302);
    expect(await onboardingRow(ids.newmember!)).toEqual(done);
  });

  it("Previous goes back one step and saves it; Skip ends the tour and saves the step with the skipped marker", async () => {
    const userId = await freshMember("skipper");
    const client = await signedIn("skipper@onboarding.test");
    expect(await html(client, "/dashboard")).toMatch(/Welcome, skipper!/);
    await client.post("/onboarding", { intent: "start" });
    await client.post("/onboarding", { intent: "next", step: "0" });
    await client.post("/onboarding", { intent: "next", step: "1" });
    let response = await client.post("/onboarding", { intent: "previous", step: "2" });
    expect(locationOf(response)).toBe("/dashboard");
    expect((await onboardingRow(userId)).onboarding_current_step).toBe(1);
    expect(renderedStep(await html(client, "/dashboard"))).toBe(1);

    response = await client.post("/onboarding", { intent: "skip", step: "1", returnTo: "/dashboard" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/dashboard");
    expect(await onboardingRow(userId)).toMatchObject({ onboarding_skipped: true, onboarding_completed: true, onboarding_current_step: 1 });
    expect(renderedStep(await html(client, "/dashboard"))).toBeNull();
  });

  it("'I'll explore on my own' closes the welcome for the session and goes back to a same-origin page only", async () => {
    await freshMember("explorer");
    const client = await signedIn("explorer@onboarding.test");
    for (const [returnTo, expected] of [
      ["/members?skill=producer", "/members?skill=producer"],
      ["//evil.example/x", "/dashboard"],
      ["https://evil.example/", "/dashboard"],
      ["/\tevil.example", "/dashboard"],
      ["/\\evil.example", "/dashboard"],
      ["javascript:alert(1)", "/dashboard"],
      ["/onboarding", "/dashboard"],
    ] as const) {
      const response = await client.post("/onboarding", { intent: "dismiss-welcome", returnTo });
      expect(response.status, returnTo).toBe(302);
      expect(locationOf(response), returnTo).toBe(expected);
    }
    expect(await html(client, "/dashboard")).not.toMatch(/Welcome, explorer!/);
  });

  it("restart from the profile settings: reset, back to the page, the welcome there (also for a long-standing member)", async () => {
    const member = await signedIn(demoAccount("member").email);
    expect(await html(member, "/profile")).not.toMatch(/Welcome, Maya Brooks!/);
    const response = await member.post("/onboarding", { intent: "restart", returnTo: "/profile" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/profile");
    expect(await onboardingRow(ids.member!)).toMatchObject({ onboarding_completed: false, onboarding_skipped: false, onboarding_current_step: 0, onboarding_completed_at: null });
    const shown = await html(member, "/profile");
    expect(shown).toMatch(/Welcome, Maya Brooks!/);
    // Put the shared demo member back as the seed left it.
    await member.post("/onboarding", { intent: "start" });
    await member.post("/onboarding", { intent: "complete" });
    expect((await onboardingRow(ids.member!)).onboarding_completed).toBe(true);
  });

  it("refuses unknown intents and bad steps with 400, and writes nothing", async () => {
    const userId = await freshMember("prober");
    const client = await signedIn("prober@onboarding.test");
    await client.post("/onboarding", { intent: "start" });
    const before = await onboardingRow(userId);
    const bodies: Record<string, string>[] = [
      {},
      { intent: "delete-everything" },
      { intent: "toString" },
      { intent: "__proto__" },
      { intent: "next" },
      { intent: "next", step: "8" },
      { intent: "next", step: "-1" },
      { intent: "previous", step: "abc" },
      { intent: "skip", step: "1.5" },
      { intent: "restart", returnTo: "/".repeat(3000) },
    ];
    for (const body of bodies) {
      const response = await client.post("/onboarding", body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await onboardingRow(userId)).toEqual(before);
  });

  it("a save that fails is logged and ignored: the person still moves on, the page still renders", async () => {
    const userId = await freshMember("unlucky");
    const client = await signedIn("unlucky@onboarding.test");
    await client.post("/onboarding", { intent: "start" });
    // A real failure in the database: every update of this person's profile is refused.
    const { sql } = await import("kysely");
    await sql`create or replace function h5_refuse_update() returns trigger language plpgsql as $$
      begin raise exception 'profile writes are down'; end $$`.execute(db);
    await sql.raw(`create trigger h5_refuse before update on public.profiles for each row when (new.user_id = '${userId}') execute function h5_refuse_update()`).execute(db);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await client.post("/onboarding", { intent: "next", step: "1" });
      expect(response.status).toBe(302);
      expect(locationOf(response)).toBe("/profile");
      expect(error).toHaveBeenCalledWith(expect.stringContaining("onboarding: saving the step failed"), expect.stringContaining("profile writes are down"));
      expect((await onboardingRow(userId)).onboarding_current_step).toBe(0);
      expect(renderedStep(await html(client, "/profile"))).toBe(0);
    } finally {
      error.mockRestore();
      await sql`drop trigger h5_refuse on public.profiles`.execute(db);
      await sql`drop function h5_refuse_update()`.execute(db);
    }
  });

  it("only ever touches the viewer's own state: a user id in the form is ignored", async () => {
    const victim = await onboardingRow(ids.member!);
    const userId = await freshMember("intruder");
    const client = await signedIn("intruder@onboarding.test");
    await client.post("/onboarding", { intent: "start", userId: ids.member!, user_id: ids.member! });
    await client.post("/onboarding", { intent: "restart", userId: ids.member!, returnTo: "/dashboard" });
    await client.post("/onboarding", { intent: "skip", step: "0", userId: ids.member! });
    expect(await onboardingRow(ids.member!)).toEqual(victim);
    expect((await onboardingRow(userId)).onboarding_skipped).toBe(true);
  });

  it("applicants get no onboarding, and their posts change nothing", async () => {
    const applicant = await signedIn(demoAccount("applicant").email);
    const before = await onboardingRow(ids.applicant!);
    expect(await html(applicant, "/dashboard")).not.toContain('data-onboarding="');
    for (const intent of ["start", "complete", "restart"]) {
      const response = await applicant.post("/onboarding", { intent });
      expect(response.status).toBe(302);
    }
    expect(await onboardingRow(ids.applicant!)).toEqual(before);
    expect(await html(applicant, "/dashboard")).not.toContain('data-onboarding="');
  });

  it("a GET of /onboarding goes to the dashboard; visitors are sent to sign in", async () => {
    const member = await signedIn(demoAccount("member").email);
    expect(locationOf(await member.get("/onboarding"))).toBe("/dashboard");
    const visitor = new TestClient(app);
    const response = await visitor.post("/onboarding", { intent: "restart" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toMatch(/^\/auth\?redirect=/);
  });
});

describe("/calendar", () => {
  it("is the tour's calendar step: its title and lead for the demo member (whose camp sessions it lists, tests/integration/camp-calendars.test.ts)", async () => {
    const member = await signedIn(demoAccount("member").email);
    const page = await html(member, "/calendar");
    expect(page).toContain(CALENDAR.title);
    expect(page).toContain(CALENDAR.lead);
  });

  it("shows an honest empty state to a member without camp sessions", async () => {
    const name = `calendar-${Math.random().toString(36).slice(2, 8)}`;
    await freshMember(name);
    const member = await signedIn(`${name}@onboarding.test`);
    const page = await html(member, "/calendar");
    expect(page).toContain("No camp sessions yet");
    expect(page).toContain("Sessions you are invited to will show here");
  });

  it("sends applicants to the dashboard", async () => {
    const applicant = await signedIn(demoAccount("applicant").email);
    expect(locationOf(await applicant.get("/calendar"))).toBe("/dashboard");
  });
});
