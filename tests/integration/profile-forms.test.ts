/**
 * The profile pages' forms through the real request handler, as a browser
 * without JavaScript posts them: links (http(s) only), field errors with 400
 * and nothing written, sanitised text, the time zone, a field sent twice,
 * another user's id in the form, and SPEC §8's 'Failed to fetch user
 * profile' / 'Failed to refetch user profile' when the profile cannot be read.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "~/demo/seed.server";
import { demoAccount } from "~/demo/accounts";
import { PROFILE_TEXT } from "~/profile/profile-text";
import { timeZones } from "~/profile/time-zones";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";

const PASSWORD = "profile-forms-password";
let database: TestDatabase;
let app: AppHandler;
let member: TestClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  for (const row of await database.db.selectFrom("auth.users").select(["id", "email"]).execute()) ids[row.email!.split("@")[0]!] = row.id;
  app = await createAppHandler();
  member = new TestClient(app);
  await member.signIn(demoAccount("member").email, PASSWORD);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const row = (userId = ids.member!) =>
  database.db
    .selectFrom("profiles")
    .select(["display_name", "bio", "location", "skills", "genres", "links", "public_profile", "time_zone", "avatar_url", "role", "is_admin"])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();

const base = { intent: "profile", displayName: "Maya Brooks", skills: ["topliner", "producer"], genres: "pop, dance", publicProfile: "on" };

describe("links", () => {
  it("saves http(s) links, normalised, with the host as the name when none is given; empty rows are ignored", async () => {
    const response = await member.post("/profile", {
      ...base,
      "links[0].label": "Website <b>now</b>",
      "links[0].url": "https://maya.example.com/music?a=1&b=<2>",
      "links[1].label": "",
      "links[1].url": "",
      "links[2].url": "http://open.example.org/artist/maya",
    });
    expect(response.status).toBe(302);
    expect((await row()).links).toEqual([
      { label: "Website now", url: "https://maya.example.com/music?a=1&b=%3C2%3E" },
      { label: "open.example.org", url: "http://open.example.org/artist/maya" },
    ]);
    const html = await (await member.get("/profile")).text();
    expect(html).toContain('value="https://maya.example.com/music?a=1&amp;b=%3C2%3E"');
  });

  it.each([
    ["javascript:alert(1)", PROFILE_TEXT.links.badScheme],
    ["JaVaScRiPt:alert(document.cookie)", PROFILE_TEXT.links.badScheme],
    ["data:text/html,<script>alert(1)</script>", PROFILE_TEXT.links.badScheme],
    ["ftp://files.example.com/song.wav", PROFILE_TEXT.links.badScheme],
    ["vbscript:msgbox(1)", PROFILE_TEXT.links.badScheme],
    ["maya.example.com", PROFILE_TEXT.links.badUrl],
    ["https://user:secret@maya.example.com", PROFILE_TEXT.links.credentials],
    [`https://example.com/${"a".repeat(300)}`, "Link address must be no more than 300 characters"],
  ])("refuses %s with a field error, 400 and no write", async (url, message) => {
    const before = await row();
    const response = await member.post("/profile", { ...base, displayName: "Changed Name", "links[0].label": "Bad", "links[0].url": url });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message.replace(/&/g, "&amp;"));
    // The message is tied to the link's address input.
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*links\[0\]\.url-error/);
    expect(await row()).toEqual(before);
  });

  it("asks for the address of a named link, and refuses more than five", async () => {
    const named = await member.post("/profile", { ...base, "links[0].label": "Spotify" });
    expect(named.status).toBe(400);
    expect(await named.text()).toContain(PROFILE_TEXT.links.urlRequired);

    const many: Record<string, string> = {};
    for (let i = 0; i < 6; i++) many[`links[${i}].url`] = `https://example.com/${i}`;
    const tooMany = await member.post("/profile", { ...base, ...many });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain(PROFILE_TEXT.links.tooMany);
  });

  it("refuses a huge list position in a link's name before parsing (no giant array)", async () => {
    const response = await member.post("/profile", { ...base, "links[99999999].url": "https://example.com" });
    expect(response.status).toBe(400);
  });
});

describe("the details form", () => {
  it("shows length errors for every long field at once, with SPEC's wording, and writes nothing", async () => {
    const before = await row();
    const response = await member.post("/profile", { ...base, displayName: "x".repeat(101), bio: "y".repeat(1001), location: "z".repeat(101) });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of [
      "Display name must be no more than 100 characters",
      "Bio must be no more than 1000 characters",
      "Location must be no more than 100 characters",
    ]) {
      expect(html).toContain(message);
    }
    expect(await row()).toEqual(before);
  });

  it("ignores fields a member may not set (role, admin flag, another user's id)", async () => {
    const response = await member.post("/profile", { ...base, role: "admin", is_admin: "true", isAdmin: "on", user_id: ids.admin!, userId: ids.admin! });
    expect(response.status).toBe(302);
    expect(await row()).toMatchObject({ role: "accepted_member", is_admin: false, display_name: "Maya Brooks" });
    expect((await row(ids.admin!)).display_name).toBe("Avery Admin");
  });

  it("a field sent twice is refused or one value taken, never both joined", async () => {
    const response = await member.post("/profile", { ...base, displayName: ["First Name", "Second Name"] });
    if (response.status === 302) expect(["First Name", "Second Name"]).toContain((await row()).display_name);
    else expect(response.status).toBe(400);
    expect((await row()).display_name).not.toContain(",");
  });

  it("strips markup and dangerous schemes from the text fields", async () => {
    const response = await member.post("/profile", {
      ...base,
      displayName: "<img src=x onerror=alert(1)>Maya Brooks",
      bio: "<script>alert(1)</script>Hooks javascript:alert(1) and data:text/html",
      location: "<b>Stockholm</b>",
    });
    expect(response.status).toBe(302);
    expect(await row()).toMatchObject({ display_name: "Maya Brooks", bio: "alert(1)Hooks alert(1) and text/html", location: "Stockholm" });
    const html = await (await member.get("/profile")).text();
    expect(html).not.toContain("<script>alert(1)");
  });

  it("an unknown intent is refused with 400 and changes nothing", async () => {
    const before = await row();
    const response = await member.post("/profile", { ...base, intent: "toString", displayName: "Other" });
    expect(response.status).toBe(400);
    expect(await row()).toEqual(before);
  });
});

describe("time zone", () => {
  it("defaults to UTC and lists the runtime's IANA zones", async () => {
    expect((await row(ids.newmember!)).time_zone).toBe("UTC");
    const html = await (await member.get("/profile")).text();
    expect(html).toContain('<option value="Europe/Stockholm">Europe / Stockholm</option>');
    expect(timeZones()[0]).toBe("UTC");
    expect(timeZones()).toContain("America/Sao_Paulo");
  });

  it("saves a zone from the list, on /mobile-profile too", async () => {
    const response = await member.post("/mobile-profile", { intent: "timeZone", timeZone: "Europe/Stockholm" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/mobile-profile");
    expect((await row()).time_zone).toBe("Europe/Stockholm");
    expect(await (await member.get("/mobile-profile")).text()).toMatch(/<option value="Europe\/Stockholm" selected="">/);
  });

  it.each(["Mars/Olympus_Mons", "Europe/Stockholm'; drop table profiles; --", "", "../../etc/passwd", "utc "])(
    "refuses %j with a field error and keeps the stored zone",
    async (zone) => {
      const response = await member.post("/profile", { intent: "timeZone", timeZone: zone });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(PROFILE_TEXT.account.timeZoneInvalid);
      expect((await row()).time_zone).toBe("Europe/Stockholm");
    },
  );
});

describe("account settings", () => {
  it("has the restart-tour form, the change-password link and the e-mail change form", async () => {
    const html = await (await member.get("/profile")).text();
    expect(html).toMatch(/<form[^>]*action="\/onboarding"/);
    expect(html).toContain('name="intent" value="restart"');
    expect(html).toContain('href="/auth?mode=recover&amp;step=password&amp;redirect=%2Fprofile"');
    expect(html).toContain('name="newContact"');
    expect(html).toContain(demoAccount("member").email);
  });
});

describe("when the profile cannot be read (SPEC §8)", () => {
  it("shows 'Failed to fetch user profile' in an alert instead of the form, and the rest of the page still works", async () => {
    const fresh = await createTestDatabase();
    const freshApp = app;
    try {
      useTestRuntime(fresh);
      await seedDemoData(fresh.db, { password: PASSWORD });
      const client = new TestClient(freshApp);
      await client.signIn(demoAccount("member").email, PASSWORD);
      // The read fails the way a broken schema or database would.
      await sql`alter table public.profiles drop column time_zone`.execute(fresh.db);
      const response = await client.get("/profile");
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(PROFILE_TEXT.fetchFailed);
      expect(html).toMatch(/role="alert"/);
      expect(html).not.toContain('id="profile-form"');
      expect(html).toContain(PROFILE_TEXT.account.title);
      expect(await (await client.get("/mobile-profile")).text()).toContain(PROFILE_TEXT.fetchFailed);

      // A save still goes through (it needs no time zone), but reading it again fails: the refetch message.
      const saved = await client.post("/profile", { ...base, displayName: "Maya Saved" });
      expect(saved.status).toBe(302);
      const after = await (await client.get("/profile")).text();
      expect(after).toContain(PROFILE_TEXT.refetchFailed);
      const stored = await fresh.db.selectFrom("profiles").select("display_name").where("display_name", "=", "Maya Saved").executeTakeFirst();
      expect(stored).toBeDefined();
    } finally {
      useTestRuntime(database);
      await fresh.close();
    }
  });

  it("a missing profile row is not a failure: the form starts from the account's name", async () => {
    await database.db.deleteFrom("profiles").where("user_id", "=", ids.applicant!).execute();
    const applicant = new TestClient(app);
    await applicant.signIn(demoAccount("applicant").email, PASSWORD);
    const html = await (await applicant.get("/profile")).text();
    expect(html).not.toContain(PROFILE_TEXT.fetchFailed);
    expect(html).toContain('id="profile-form"');
  });
});

describe("a display name is one line of visible text", () => {
  it("drops control characters, bidirectional overrides and line breaks (the name heads notices and e-mail subjects)", async () => {
    const { profileSchema } = await import("~/profile/profile-schema");
    const parsed = profileSchema.shape.displayName.parse("Maya\u202E skoorB\u0007\nBrooks\r\n<b>x</b>");
    expect(parsed).toBe("Maya skoorB Brooks x");
    expect(profileSchema.shape.displayName.safeParse("\u202E\u2066\u0000").success).toBe(false);
  });
});
