/**
 * The forms of the member pages through the real request handler, as a
 * browser without JavaScript would post them: success redirects with a toast
 * cookie, bad input answers 400 with the error next to the field and writes
 * nothing, and each action runs its guard before reading the body.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "~/demo/seed.server";
import { demoAccount } from "~/demo/accounts";
import { PROFILE_SAVED_MESSAGE } from "~/profile/profile-route.server";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";

const PASSWORD = "route-forms-password";
let database: TestDatabase;
let app: AppHandler;
let member: TestClient;
let memberId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  memberId = (await database.db.selectFrom("auth.users").select("id").where("email", "=", demoAccount("member").email).executeTakeFirstOrThrow()).id;
  app = await createAppHandler();
  member = new TestClient(app);
  await member.signIn(demoAccount("member").email, PASSWORD);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const profileRow = () =>
  database.db
    .selectFrom("profiles")
    .select(["display_name", "bio", "location", "skills", "genres", "public_profile", "role"])
    .where("user_id", "=", memberId)
    .executeTakeFirstOrThrow();

describe("/profile", () => {
  it("shows the stored profile in the form", async () => {
    const response = await member.get("/profile");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('value="Maya Brooks"');
    expect(html).toContain("Topliner and producer.");
  });

  it("refuses an over-long display name with 400, the message at the field, and no write", async () => {
    const before = await profileRow();
    const response = await member.post("/profile", { intent: "profile", displayName: "M".repeat(101), bio: "Changed bio", skills: "writer" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Display name must be no more than 100 characters");
    // The error is tied to its input for screen readers.
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*displayName-error/);
    expect(await profileRow()).toEqual(before);
  });

  it("saves sanitised values and redirects back with a success toast", async () => {
    const response = await member.post("/profile", {
      intent: "profile",
      displayName: "Maya <em>B.</em> Brooks",
      bio: "Toplines <script>x()</script>for pop",
      location: "Gothenburg",
      skills: ["topliner", "vocalist"],
      genres: "Pop, Dance",
      publicProfile: "on",
    });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/profile");
    expect(await profileRow()).toEqual({
      display_name: "Maya B. Brooks",
      bio: "Toplines x()for pop",
      location: "Gothenburg",
      skills: ["topliner", "vocalist"],
      genres: ["pop", "dance"],
      public_profile: true,
      role: "accepted_member",
    });
    const page = await member.get("/profile");
    const html = await page.text();
    expect(html).toContain(PROFILE_SAVED_MESSAGE);
    expect(html).toContain('value="Maya B. Brooks"');
  });

  it("/mobile-profile saves through the same action and returns to itself", async () => {
    const response = await member.post("/mobile-profile", { intent: "profile", displayName: "Maya Brooks", skills: "producer", genres: "pop" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/mobile-profile");
    // An unticked checkbox is absent from the post: the profile becomes private.
    expect(await profileRow()).toMatchObject({ display_name: "Maya Brooks", skills: ["producer"], public_profile: false, bio: null });
    // Private now: others get 404 (its owner still sees it).
    expect((await new TestClient(app).get(`/members/${memberId}`)).status).toBe(404);
  });

  it("a visitor's post is sent to sign in before the body is read, and changes nothing", async () => {
    const before = await profileRow();
    const visitor = new TestClient(app);
    const response = await visitor.post("/profile", { displayName: "Hijacked" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/auth?redirect=%2Fprofile");
    expect(await profileRow()).toEqual(before);
  });

  it("a cross-site post is refused before it reaches the action", async () => {
    const response = await app.handle(
      new Request("http://hitfactory.test/profile", {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded", cookie: member.jar.header() },
        body: "displayName=Evil",
      }),
    );
    expect(response.status).toBe(403);
    expect((await profileRow()).display_name).toBe("Maya Brooks");
  });
});

// /ar/register (A&R registration: new and own accounts, honeypot, rate limit, the admins' overview) is
// tested in tests/integration/ar-registration.test.ts (ADR 0072).

describe("/members filter", () => {
  it("filters the directory with a plain GET form", async () => {
    const visitor = new TestClient(app);
    const html = await (await visitor.get("/members?skill=producer")).text();
    expect(html).toContain("Avery Admin");
    expect(html).not.toContain("Noah Kim");
    // The filter form keeps the choice it was sent (a GET form: works without JavaScript).
    expect(html).toMatch(/<option value="producer" selected="">Producer<\/option>/);
    expect(html).toContain('<form method="get" action="/members"');
  });
});
