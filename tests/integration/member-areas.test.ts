/**
 * The data behind the member-facing pages, against a real seeded database:
 * the directory, public profiles, saving one's own profile, A&R access
 * requests and the admin read models.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { seedDemoData } from "~/demo/seed.server";
import { getPublicMember, listPublicMembers, parseDirectoryQuery, DIRECTORY_PAGE_SIZE } from "~/members/members.server";
import { getOwnProfile, saveOwnProfile } from "~/profile/profile.server";
import { profileSchema, splitGenres } from "~/profile/profile-schema";
import { arRegistrationSchema } from "~/ar/registration-schema";
import { createArRegistration } from "~/ar/registrations.server";
import { getOverviewCounts, listApplicants, listMembers, listUsers, listPendingArRequests } from "~/admin/admin.server";
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
});
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

describe("member directory", () => {
  it("lists public profiles of members only, by name", async () => {
    const { members, total } = await listPublicMembers(database.db, { skill: null, page: 1 });
    // Seed: admin, ar, member and newmember are public members; the applicant is neither.
    expect(members.map((m) => m.displayName)).toEqual(["Avery Admin", "Maya Brooks", "Noah Kim", "Riley Reyes"]);
    expect(total).toBe(4);
    expect(members.find((m) => m.userId === ids.applicant)).toBeUndefined();
  });

  it("filters by skill", async () => {
    const producers = await listPublicMembers(database.db, { skill: "producer", page: 1 });
    expect(producers.members.map((m) => m.displayName)).toEqual(["Avery Admin", "Maya Brooks"]);
    const writers = await listPublicMembers(database.db, { skill: "writer", page: 1 });
    expect(writers.members.map((m) => m.displayName)).toEqual(["Noah Kim"]);
  });

  it("ignores unknown skills and bad page numbers instead of failing", () => {
    expect(parseDirectoryQuery(new URLSearchParams("skill=<script>&page=-3"))).toEqual({ skill: null, page: 1 });
    expect(parseDirectoryQuery(new URLSearchParams("skill=topliner&page=2"))).toEqual({ skill: "topliner", page: 2 });
  });

  it("pages through many members", async () => {
    const fresh = await createTestDatabase();
    try {
      for (let i = 0; i < DIRECTORY_PAGE_SIZE + 3; i++) {
        // Straight into auth.users: hashing 27 passwords would only slow the test down.
        const user = await fresh.db.insertInto("auth.users").values({ email: `m${i}@example.test` }).returning("id").executeTakeFirstOrThrow();
        await fresh.db
          .insertInto("profiles")
          .values({ user_id: user.id, role: "accepted_member", display_name: `Member ${String(i).padStart(2, "0")}`, public_profile: true })
          .execute();
      }
      const first = await listPublicMembers(fresh.db, { skill: null, page: 1 });
      const second = await listPublicMembers(fresh.db, { skill: null, page: 2 });
      expect(first.members).toHaveLength(DIRECTORY_PAGE_SIZE);
      expect(second.members.map((m) => m.displayName)).toEqual(["Member 24", "Member 25", "Member 26"]);
      expect(first.pageCount).toBe(2);
    } finally {
      await fresh.close();
    }
  });

  it("shows a public profile and hides private, applicant, unknown and malformed ids", async () => {
    const maya = await getPublicMember(database.db, ids.member!);
    expect(maya).toMatchObject({ displayName: "Maya Brooks", role: "accepted_member", location: "Stockholm", skills: ["topliner", "producer"] });
    expect(await getPublicMember(database.db, ids.applicant!)).toBeNull();
    expect(await getPublicMember(database.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getPublicMember(database.db, "not-a-uuid'; drop table profiles; --")).toBeNull();
  });
});

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
    await saveOwnProfile(database.db, user.id, { displayName: "Fresh", bio: "", location: "", skills: [], genres: [], publicProfile: true });
    const row = await database.db.selectFrom("profiles").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ display_name: "Fresh", role: null, is_admin: false, public_profile: true, bio: null });
    // Public or not, an applicant stays out of the directory.
    expect(await getPublicMember(database.db, user.id)).toBeNull();

    await saveOwnProfile(database.db, ids.admin!, { displayName: "Avery Admin", bio: "", location: "London", skills: [], genres: [], publicProfile: true });
    const admin = await database.db.selectFrom("profiles").select(["role", "is_admin"]).where("user_id", "=", ids.admin!).executeTakeFirstOrThrow();
    expect(admin).toEqual({ role: "admin", is_admin: true });
  });
});

describe("A&R access requests", () => {
  it("validates, stores once per open e-mail and reports duplicates", async () => {
    const invalid = parseWithZod(form({ name: "", company: "Label", email: "not-an-email" }), { schema: arRegistrationSchema });
    expect(invalid.status).toBe("error");
    expect(errorsOf(invalid)).toMatchObject({ name: ["Name is required"], email: ["Enter an e-mail address like name@label.com"] });

    const valid = parseWithZod(form({ name: "Sam <i>Scout</i>", company: "Northern Records", email: "Sam@Northern.test", message: "Pop toplines" }), {
      schema: arRegistrationSchema,
    });
    expect(valid.status).toBe("success");
    if (valid.status !== "success") return;
    expect(valid.value).toEqual({ name: "Sam Scout", company: "Northern Records", email: "sam@northern.test", message: "Pop toplines" });
    expect(await createArRegistration(database.db, valid.value, null)).toBe("created");
    expect(await createArRegistration(database.db, { ...valid.value, email: "SAM@northern.test" }, null)).toBe("duplicate");
    const rows = await database.db.selectFrom("ar_registrations").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", user_id: null });
    expect((await listPendingArRequests(database.db)).map((r) => r.email)).toEqual(["sam@northern.test"]);
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
      expect(await getOverviewCounts(fresh.db)).toEqual({
        users: 6,
        profiles: 5,
        members: 4,
        arProfessionals: 1,
        applicants: 2,
        admins: 1,
        publicProfiles: 4,
        pendingArRequests: 0,
      });
      const users = await listUsers(fresh.db);
      expect(users.rows).toHaveLength(6);
      expect(users.rows[0]).toMatchObject({ email: "no-profile@example.test", hasProfile: false, role: null });
      expect(Object.keys(users.rows[0]!)).not.toContain("encrypted_password");
      expect((await listMembers(fresh.db)).rows.map((r) => r.role).sort()).toEqual(["accepted_ar", "accepted_member", "accepted_member", "admin"]);
      expect((await listApplicants(fresh.db)).rows.map((r) => r.email).sort()).toEqual(["applicant@demo.hitfactory.test", "no-profile@example.test"]);
      const skills = await countPublicMembersBySkill(fresh.db);
      expect(skills.find((s) => s.skill === "producer")?.count).toBe(2);
      expect(skills.find((s) => s.skill === "engineer")?.count).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it("builds the dashboard checklist from the viewer's profile", async () => {
    const dashboard = await getDashboard(database.db, { id: ids.applicant!, email: "applicant@demo.hitfactory.test", displayName: "Alex Applicant", role: null, isAdmin: false });
    expect(Object.fromEntries(dashboard.checks.map((c) => [c.key, c.done]))).toEqual({
      displayName: true,
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
    expect(counts.catalogue).toBe(40);
    expect(counts.archived).toBe(3);
    expect(counts.featured).toBeLessThanOrEqual(counts.catalogue);
  });

  it("lists only archived songs, searchable by title or credited name, with LIKE wildcards taken literally", async () => {
    const all = await listArchivedSongs(database.db);
    expect(all.songs.map((s) => s.title).sort()).toEqual(["Homesick Satellites", "Midnight Avenue (Demo)", "Rainmaker (Rough Mix)"]);
    expect((await listArchivedSongs(database.db, { search: "rough" })).songs.map((s) => s.title)).toEqual(["Rainmaker (Rough Mix)"]);
    const byName = (await listArchivedSongs(database.db, { search: "Ellie Hart" })).songs;
    expect(byName.map((s) => s.title)).toEqual(["Midnight Avenue (Demo)"]);
    expect(byName[0]!.credits).toBe("Maya Brooks, Ellie Hart");
    expect((await listArchivedSongs(database.db, { search: "%" })).songs).toEqual([]);
    // A live song never shows here, even when its title matches.
    expect((await listArchivedSongs(database.db, { search: "Bassline" })).songs).toEqual([]);
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
