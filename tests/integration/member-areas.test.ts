/**
 * The data behind the member-facing pages, against a real seeded database:
 * the directory, public profiles, saving one's own profile, A&R access
 * requests and the admin read models.
 */
import { DEMO_SUSPENDED_EMAIL } from "~/admin/users-seed.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { seedDemoData } from "~/demo/seed.server";
import { getPublicMember } from "~/members/members.server";
import { DEMO_MEMBERS } from "~/demo/members-data";
import { getOwnProfile, saveOwnProfile } from "~/profile/profile.server";
import { profileSchema, splitGenres } from "~/profile/profile-schema";
import { arRegisterSchema, arRequestSchema } from "~/ar/registration-schema";
import { DEMO_AR_REGISTRANT_EMAILS } from "~/ar/registration-demo";
import { DEMO_APPLICANTS, demoApplicantEmail } from "~/applications/seed-applications.server";
import { DEMO_SUBMISSIONS } from "~/submissions/seed-submissions.server";
import { DEMO_CAMP_OUTCOME_COUNTS } from "~/camps/seed-outcomes.server";
import { DEMO_SONGS } from "~/demo/songs-data";
import { createArRegistration } from "~/ar/registrations.server";
import { getOverviewCounts, listMembers, listUsers, listPendingArRequests } from "~/admin/admin.server";
import { countPublicMembersBySkill } from "~/ar/ar.server";
import { getDashboard } from "~/dashboard/dashboard.server";
import { createLocalUser } from "~/auth/users.server";
import { getArchivedSong, listArchivedSongs, songCounts } from "~/admin/archive.server";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

let database: TestDatabase;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  // The runtime supplies storage (signed audio URLs) to the archive functions.
  useTestRuntime(database);
  await seedDemoData(database.db, { password: "integration-password" });
  const rows = await database.db.selectFrom("auth.users").select(["id", "email"]).execute();
  for (const row of rows) ids[row.email!.split("@")[0]!] = row.id;
  // The demo seed writes audio for applications and submissions too (issue 11): slow on a busy machine.
}, 240_000);
afterAll(async () => {
  await database?.close();
});

/** The field errors of a failed parse (undefined when it succeeded). */
function errorsOf(submission: { status?: string } & ({ error: Record<string, string[] | null> | null } | { value: unknown })) {
  return "error" in submission && submission.status === "error" ? (submission.error ?? undefined) : undefined;
}

function form(entries: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(key, item);
  }
  return data;
}

// The member directory and member pages: tests/integration/member-directory.test.ts and
// member-profile.test.ts (issue 10).

describe("own profile", () => {
  it("validates with length messages and sanitises text before saving", async () => {
    const tooLong = parseWithZod(form({ displayName: "x".repeat(101), bio: "y".repeat(1001) }), { schema: profileSchema });
    expect(tooLong.status).toBe("error");
    expect(errorsOf(tooLong)).toMatchObject({
      displayName: ["Display name must be no more than 100 characters"],
      bio: ["Bio must be no more than 1000 characters"],
    });

    const onlyMarkup = parseWithZod(form({ displayName: "<b></b>" }), { schema: profileSchema });
    expect(onlyMarkup.status).toBe("error");
    expect(errorsOf(onlyMarkup)?.displayName).toEqual(["Display name is required"]);

    const badSkill = parseWithZod(form({ displayName: "Ok", skills: ["producer", "astronaut"] }), { schema: profileSchema });
    expect(badSkill.status).toBe("error");

    const submission = parseWithZod(
      form({
        displayName: "  <b>Maya</b> Brooks ",
        bio: "Writes <script>alert(1)</script>hooks javascript:void(0)",
        location: "Stockholm",
        skills: "topliner",
        genres: "Pop, dance,  pop , R&B",
        publicProfile: "on",
      }),
      { schema: profileSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      displayName: "Maya Brooks",
      bio: "Writes alert(1)hooks void(0)",
      location: "Stockholm",
      skills: ["topliner"],
      genres: ["pop", "dance", "r&b"],
      links: [],
      publicProfile: true,
    });
    await saveOwnProfile(database.db, ids.member!, submission.value);
    expect(await getOwnProfile(database.db, ids.member!)).toMatchObject({ displayName: "Maya Brooks", skills: ["topliner"], genres: ["pop", "dance", "r&b"] });
  });

  it("limits genres in number and length", () => {
    expect(splitGenres(" Pop ,, pop,Indie  Rock ")).toEqual(["pop", "indie rock"]);
    const many = parseWithZod(form({ displayName: "A", genres: "a,b,c,d,e,f,g,h,i" }), { schema: profileSchema });
    expect(errorsOf(many)?.genres).toEqual(["List at most 8 genres"]);
    const long = parseWithZod(form({ displayName: "A", genres: "g".repeat(31) }), { schema: profileSchema });
    expect(errorsOf(long)?.genres).toEqual(["Each genre must be no more than 30 characters"]);
  });

  it("creates the profile row on first save and never touches role or admin flag", async () => {
    const user = await createLocalUser(database.db, { email: "fresh@example.test", password: "irrelevant-password" });
    expect(await getOwnProfile(database.db, user.id)).toBeNull();
    await saveOwnProfile(database.db, user.id, { displayName: "Fresh", bio: "", location: "", skills: [], genres: [], links: [], publicProfile: true });
    const row = await database.db.selectFrom("profiles").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ display_name: "Fresh", role: null, is_admin: false, public_profile: true, bio: null });
    // Public or not, an applicant stays out of the directory.
    expect(await getPublicMember(database.db, user.id)).toBeNull();

    await saveOwnProfile(database.db, ids.admin!, { displayName: "Avery Admin", bio: "", location: "London", skills: [], genres: [], links: [], publicProfile: true });
    const admin = await database.db.selectFrom("profiles").select(["role", "is_admin"]).where("user_id", "=", ids.admin!).executeTakeFirstOrThrow();
    expect(admin).toEqual({ role: "admin", is_admin: true });
  });
});

describe("A&R registration requests (ADR 0072; the routes: ar-registration.test.ts)", () => {
  it("validates the details, stores one open request per account and per address, and reports duplicates", async () => {
    const invalid = parseWithZod(form({ intent: "register", name: "", company: "Label", title: "A&R", territory: "UK", email: "not-an-email", password: "x" }), {
      schema: arRegisterSchema,
    });
    expect(invalid.status).toBe("error");
    expect(errorsOf(invalid)).toMatchObject({ name: ["Your name is required"], email: ["Enter an e-mail address like name@label.com"] });

    const valid = parseWithZod(
      form({ intent: "request", name: "Sam <i>Scout</i>", company: "Northern Records", title: "Scout", territory: "Nordics", "links[0].url": "https://northern.test/", message: "Pop toplines" }),
      { schema: arRequestSchema },
    );
    expect(valid.status).toBe("success");
    if (valid.status !== "success") return;
    const { intent: _intent, ...details } = valid.value;
    expect(details).toEqual({
      name: "Sam Scout",
      company: "Northern Records",
      title: "Scout",
      territory: "Nordics",
      links: [{ label: "northern.test", url: "https://northern.test/" }],
      message: "Pop toplines",
    });
    const user = await createLocalUser(database.db, { email: "sam@northern.test", password: "irrelevant-password", confirmed: true });
    const other = await createLocalUser(database.db, { email: "sam2@northern.test", password: "irrelevant-password", confirmed: true });
    expect(await createArRegistration(database.db, details, { userId: user.id, email: "sam@northern.test" })).toBe("created");
    // The same account again, or another account with the same address: not stored twice.
    expect(await createArRegistration(database.db, details, { userId: user.id, email: "sam+other@northern.test" })).toBe("duplicate");
    expect(await createArRegistration(database.db, details, { userId: other.id, email: "SAM@northern.test" })).toBe("duplicate");
    const rows = await database.db.selectFrom("ar_registrations").selectAll().where("email", "=", "sam@northern.test").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", user_id: user.id, title: "Scout" });
    expect((await listPendingArRequests(database.db)).map((r) => r.email)).toContain("sam@northern.test");
  });

  it("enforces its limits in the database too", async () => {
    await expect(
      database.db.insertInto("ar_registrations").values({ name: "n".repeat(101), company: "c", email: "x@y.test" }).execute(),
    ).rejects.toThrow();
  });
});

describe("admin read models and dashboard", () => {
  it("counts people from the database", async () => {
    const fresh = await createTestDatabase();
    try {
      await seedDemoData(fresh.db, { password: "integration-password" });
      await createLocalUser(fresh.db, { email: "no-profile@example.test", password: "irrelevant-password" });
      // The five personas, the demo collective (DEMO_MEMBERS), the demo A&R registrants and applicants
      // (no role, private profiles) and one account without a profile.
      const extraAr = DEMO_MEMBERS.filter((m) => m.role === "accepted_ar").length;
      const roleless = DEMO_AR_REGISTRANT_EMAILS.length + DEMO_APPLICANTS.length;
      // The suspended demo member (ADR 0080) is a member with a profile too.
      const suspended = [DEMO_SUSPENDED_EMAIL].length;
      expect(await getOverviewCounts(fresh.db)).toEqual({
        users: 6 + DEMO_MEMBERS.length + roleless + suspended,
        profiles: 5 + DEMO_MEMBERS.length + roleless + suspended,
        members: 4 + DEMO_MEMBERS.length + suspended,
        arProfessionals: 1 + extraAr,
        applicants: 2 + roleless,
        admins: 1,
        publicProfiles: 4 + DEMO_MEMBERS.filter((m) => m.public).length,
        // The pending demo A&R's request and one from before registration needed an account (ADR 0072).
        pendingArRequests: 2,
      });
      const users = await listUsers(fresh.db);
      expect(users.rows.length).toBeGreaterThanOrEqual(6);
      expect(users.rows[0]).toMatchObject({ email: "no-profile@example.test", hasProfile: false, role: null });
      expect(Object.keys(users.rows[0]!)).not.toContain("encrypted_password");
      const roles = (await listMembers(fresh.db)).rows.map((r) => r.role);
      expect(roles.filter((r) => r === "admin")).toHaveLength(1);
      expect(roles.filter((r) => r === "accepted_ar")).toHaveLength(1 + extraAr);
      // Everyone without a role: the applicants and the A&R requests waiting for a decision.
      const withoutRole = await fresh.db
        .selectFrom("auth.users as u")
        .leftJoin("profiles as p", "p.user_id", "u.id")
        .select("u.email")
        .where("p.role", "is", null)
        .execute();
      expect(withoutRole.map((r) => r.email).sort()).toEqual(
        ["applicant@demo.hitfactory.test", "no-profile@example.test", ...DEMO_AR_REGISTRANT_EMAILS, ...DEMO_APPLICANTS.map(demoApplicantEmail)].sort(),
      );
      const skills = await countPublicMembersBySkill(fresh.db);
      const publicWith = (skill: string) => DEMO_MEMBERS.filter((m) => m.public && (m.skills as string[]).includes(skill)).length;
      expect(skills.find((s) => s.skill === "producer")?.count).toBe(2 + publicWith("producer"));
      expect(skills.find((s) => s.skill === "engineer")?.count).toBe(publicWith("engineer"));
    } finally {
      await fresh.close();
    }
  });

  it("builds the dashboard checklist from the viewer's profile", async () => {
    const dashboard = await getDashboard(database.db, { id: ids.applicant!, email: "applicant@demo.hitfactory.test", displayName: "Alex Applicant", role: null, isAdmin: false });
    expect(Object.fromEntries(dashboard.checks.map((c) => [c.key, c.done]))).toEqual({
      displayName: true,
      avatar: false,
      bio: false,
      location: true,
      skills: true,
      genres: true,
      publicProfile: false,
    });
    expect(dashboard.joinedAt).not.toBeNull();
  });
});

describe("archive", () => {
  it("counts live and archived songs", async () => {
    const counts = await songCounts(database.db);
    // The demo catalogue's live songs plus each demo submission the admins accepted into it (the demo camp's too, ADR 0091).
    const accepted = DEMO_SUBMISSIONS.filter((s) => s.status === "accepted").length + DEMO_CAMP_OUTCOME_COUNTS.catalogueSongs;
    expect(accepted).toBeGreaterThan(0);
    expect(counts.catalogue).toBe(DEMO_SONGS.filter((s) => (s.status ?? "catalogue") === "catalogue").length + accepted);
    expect(counts.archived).toBe(DEMO_SONGS.filter((s) => s.status === "archived").length);
    expect(counts.featured).toBeLessThanOrEqual(counts.catalogue);
  });

  it("lists only archived songs, searchable by title or credited name, with LIKE wildcards taken literally", async () => {
    const all = await listArchivedSongs(database.db);
    expect(all.songs.map((s) => s.title).sort()).toEqual(["Homesick Satellites", "Midnight Avenue (Demo)", "Rainmaker (Rough Mix)"]);
    expect((await listArchivedSongs(database.db, { q: "rough" })).songs.map((s) => s.title)).toEqual(["Rainmaker (Rough Mix)"]);
    const byName = (await listArchivedSongs(database.db, { q: "Ellie Hart" })).songs;
    expect(byName.map((s) => s.title)).toEqual(["Midnight Avenue (Demo)"]);
    expect(byName[0]!.credits).toBe("Maya Brooks, Ellie Hart");
    expect((await listArchivedSongs(database.db, { q: "%" })).songs).toEqual([]);
    // A live song never shows here, even when its title matches.
    expect((await listArchivedSongs(database.db, { q: "Bassline" })).songs).toEqual([]);
    const paged = await listArchivedSongs(database.db, { limit: 2 });
    expect(paged.songs).toHaveLength(2);
    expect(paged.hasNextPage).toBe(true);
  });

  it("opens an archived song with a signed audio URL and refuses live or unknown ones", async () => {
    const archived = await database.db.selectFrom("songs").select("id").where("title", "=", "Homesick Satellites").executeTakeFirstOrThrow();
    const live = await database.db.selectFrom("songs").select("id").where("title", "=", "Glasshouse").executeTakeFirstOrThrow();
    const found = await getArchivedSong(database.db, archived.id);
    expect(found?.song.title).toBe("Homesick Satellites");
    expect(found?.song.credits.map((c) => c.split)).toEqual([100]);
    expect(found?.audioUrl).toBeTruthy();
    expect(await getArchivedSong(database.db, live.id)).toBeNull();
    expect(await getArchivedSong(database.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getArchivedSong(database.db, "not-an-id")).toBeNull();
  });
});
