/**
 * /members, the member directory (issue 10, ADR 0062), against the seeded
 * demo collective: who is listed, name search, the skill / genre / location
 * filters, the sorts, pagination, lenient parameters, the genre menu, that
 * each query can use its partial index, and the page itself through the real
 * request handler, as a browser without JavaScript sends it.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "~/demo/accounts";
import { DEMO_MEMBERS, demoMemberEmail } from "~/demo/members-data";
import { seedDemoData } from "~/demo/seed.server";
import { DIRECTORY_MAX_PAGE, DIRECTORY_PAGE_SIZE } from "~/members/directory-constants";
import { directorySearch, parseDirectoryQuery, type DirectoryQuery } from "~/members/directory-query";
import { escapeLike, explainDirectory, listDirectory, listDirectoryGenres, listPublicMembers } from "~/members/members.server";
import { seedBenchMembers } from "../../bench/member-fixture";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { createAppHandler, TestClient, type AppHandler } from "../support/app-handler";

let database: TestDatabase;
let app: AppHandler;
const ids: Record<string, string> = {};

const ALL: DirectoryQuery = { q: null, skill: null, genre: null, location: null, sort: "name", page: 1 };
const query = (changes: Partial<DirectoryQuery>): DirectoryQuery => ({ ...ALL, ...changes });
const names = async (changes: Partial<DirectoryQuery>) => (await listDirectory(database.db, query(changes))).members.map((m) => m.displayName);

/** Everyone the directory should list: public personas with a role, and the public demo members. */
const LISTED_NAMES = [
  ...DEMO_ACCOUNTS.filter((a) => a.role !== null).map((a) => a.displayName),
  ...DEMO_MEMBERS.filter((m) => m.public).map((m) => m.displayName),
];
const PRIVATE_NAMES = DEMO_MEMBERS.filter((m) => !m.public).map((m) => m.displayName);

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: "directory-password" });
  const rows = await database.db.selectFrom("auth.users").select(["id", "email"]).execute();
  for (const row of rows) ids[row.email!.split("@")[0]!] = row.id;
  app = await createAppHandler();
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("who is listed", () => {
  it("lists every public member, A&R and admin, and no private profile or applicant", async () => {
    const all = [...(await names({ page: 1 })), ...(await names({ page: 2 }))];
    expect(new Set(all)).toEqual(new Set(LISTED_NAMES));
    expect(all).toHaveLength(LISTED_NAMES.length);
    for (const hidden of [...PRIVATE_NAMES, "Alex Applicant"]) expect(all).not.toContain(hidden);
    const result = await listDirectory(database.db, ALL);
    expect(result.total).toBe(LISTED_NAMES.length);
    // The demo collective is bigger than a page: pagination shows on the demo.
    expect(result.pageCount).toBe(Math.ceil(LISTED_NAMES.length / DIRECTORY_PAGE_SIZE));
    expect(LISTED_NAMES.length).toBeGreaterThan(DIRECTORY_PAGE_SIZE);
  });

  it("never lists an applicant who ticks public, nor a member without a name", async () => {
    await database.db.updateTable("profiles").set({ public_profile: true }).where("user_id", "=", ids.applicant!).execute();
    const nameless = await database.db.insertInto("auth.users").values({ email: "nameless@example.test" }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("profiles").values({ user_id: nameless.id, role: "accepted_member", public_profile: true }).execute();
    try {
      const result = await listDirectory(database.db, query({ page: 1 }));
      expect(result.total).toBe(LISTED_NAMES.length);
      expect((await names({ q: "alex" }))).toEqual([]);
    } finally {
      await database.db.updateTable("profiles").set({ public_profile: false }).where("user_id", "=", ids.applicant!).execute();
      await database.db.deleteFrom("auth.users").where("id", "=", nameless.id).execute();
    }
  });

  it("drops a member who makes the profile private, at once", async () => {
    await database.db.updateTable("profiles").set({ public_profile: false }).where("user_id", "=", ids["ellie.hart"]!).execute();
    try {
      expect(await names({ q: "ellie" })).toEqual([]);
    } finally {
      await database.db.updateTable("profiles").set({ public_profile: true }).where("user_id", "=", ids["ellie.hart"]!).execute();
    }
    expect(await names({ q: "ellie" })).toEqual(["Ellie Hart"]);
  });
});

describe("name search", () => {
  it("finds a name by any part of it, each word anywhere, in any case", async () => {
    expect(await names({ q: "brook" })).toEqual(["Maya Brooks"]);
    expect(await names({ q: "MAYA brooks" })).toEqual(["Maya Brooks"]);
    expect(await names({ q: "brooks maya" })).toEqual(["Maya Brooks"]);
    expect(await names({ q: "son" })).toEqual(expect.arrayContaining(["Freya Nilsson"]));
    expect(await names({ q: "o'connor" })).toEqual(["Liam O'Connor"]);
    expect(await names({ q: "nobody-called-this" })).toEqual([]);
  });

  it("matches one or two letters at the start of the name only", async () => {
    expect(await names({ q: "el" })).toEqual(["Ellie Hart"]);
    expect(await names({ q: "j" })).toEqual(["Jin Park", "Jonas Weber", "Jordan Blake"]);
    // "Maya" contains "ay" but does not start with it.
    expect(await names({ q: "ay" })).toEqual([]);
  });

  it("takes LIKE wildcards and backslashes literally", async () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
    expect(await names({ q: "%" })).toEqual([]);
    expect(await names({ q: "___" })).toEqual([]);
    expect(await names({ q: "%%%" })).toEqual([]);
    expect(await names({ q: "\\" })).toEqual([]);
    expect(await names({ location: "%" })).toEqual([]);
  });
});

describe("filters", () => {
  it("filters by skill, genre and location, together", async () => {
    const engineers = await names({ skill: "engineer" });
    expect(engineers).toEqual(expect.arrayContaining(["Felix Brandt", "Jonas Weber", "Sofia Rossi"]));
    expect(engineers).not.toContain("Lena Vogel"); // private
    expect(await names({ skill: "engineer", location: "berlin" })).toEqual(["Felix Brandt", "Jonas Weber"]);
    expect(await names({ skill: "producer", genre: "r&b", location: "Stockholm" })).toEqual(["Oscar Lindqvist"]);
    expect(await names({ genre: "afrobeats" })).toEqual(["Amara Okafor"]); // Victor Adeyemi is private
    expect(await names({ genre: "country", skill: "writer" })).toEqual(["Hannah Cole", "Noah Kim"]);
  });

  it("matches part of a location, in any case, and a name search with the filters", async () => {
    expect(await names({ location: "LOND" })).toEqual(["Avery Admin", "Ellie Hart", "Nadia Haddad", "Zara Ahmed"]);
    expect(await names({ location: "são" })).toEqual(["Mateo Silva"]);
    expect(await names({ location: "london", q: "zara" })).toEqual(["Zara Ahmed"]);
    expect(await names({ location: "london", skill: "engineer" })).toEqual(["Nadia Haddad"]);
  });

  it("counts what the filters match, not everyone", async () => {
    const result = await listDirectory(database.db, query({ location: "stockholm" }));
    expect(result.total).toBe(4); // Maya Brooks, Tove Berg, Oscar Lindqvist, Freya Nilsson
    expect(result.pageCount).toBe(1);
  });

  it("keeps the first directory's callers working (skill and page)", async () => {
    const writers = await listPublicMembers(database.db, { skill: "writer", page: 1 });
    expect(writers.members.map((m) => m.displayName)).toContain("Noah Kim");
    expect(writers.members.every((m) => m.skills.includes("writer"))).toBe(true);
  });
});

describe("sort and pages", () => {
  it("sorts by name without regard to case, then pages through everyone once", async () => {
    const first = await listDirectory(database.db, query({ page: 1 }));
    const second = await listDirectory(database.db, query({ page: 2 }));
    expect(first.members).toHaveLength(DIRECTORY_PAGE_SIZE);
    const all = [...first.members, ...second.members].map((m) => m.displayName);
    expect(all).toEqual([...LISTED_NAMES].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
  });

  it("sorts by newest and by longest-standing members", async () => {
    const newest = await names({ sort: "newest" });
    // Noah Kim was accepted today; Freya Nilsson joined 12 days ago.
    expect(newest.slice(0, 2)).toEqual(["Noah Kim", "Freya Nilsson"]);
    const oldest = await names({ sort: "oldest" });
    expect(oldest[0]).toBe("Ben Carter"); // 880 days
    expect(oldest[1]).toBe("Tove Berg"); // 830 days
  });

  it("shows the last page for a page past the end", async () => {
    const past = await listDirectory(database.db, query({ page: 99 }));
    expect(past.page).toBe(2);
    expect(past.members.length).toBe(LISTED_NAMES.length - DIRECTORY_PAGE_SIZE);
    const filtered = await listDirectory(database.db, query({ skill: "engineer", page: 5 }));
    expect(filtered.page).toBe(1);
    const none = await listDirectory(database.db, query({ q: "zzzz", page: 3 }));
    expect(none).toMatchObject({ members: [], total: 0, page: 1, pageCount: 1 });
  });
});

describe("the query string", () => {
  it("reads every field and writes back a short URL", () => {
    const parsed = parseDirectoryQuery(new URLSearchParams("q=+Maya++Brooks+&skill=producer&genre=R%26B&location=London&sort=newest&page=2"));
    expect(parsed).toEqual({ q: "Maya Brooks", skill: "producer", genre: "r&b", location: "London", sort: "newest", page: 2 });
    expect(directorySearch(parsed)).toBe("?q=Maya+Brooks&skill=producer&genre=r%26b&location=London&sort=newest&page=2");
    expect(directorySearch(parsed, { page: 1, sort: "name" })).toBe("?q=Maya+Brooks&skill=producer&genre=r%26b&location=London");
    expect(directorySearch(ALL)).toBe("");
  });

  it("falls back leniently on bad values instead of failing", () => {
    const bad = parseDirectoryQuery(
      new URLSearchParams(`q=${"x".repeat(500)}&skill=<script>&genre=${"g".repeat(31)}&location=%00%01&sort=drop+table&page=-3`),
    );
    expect(bad).toEqual({ q: "x".repeat(100), skill: null, genre: null, location: null, sort: "name", page: 1 });
    expect(parseDirectoryQuery(new URLSearchParams("page=abc")).page).toBe(1);
    expect(parseDirectoryQuery(new URLSearchParams("page=1e9")).page).toBe(1);
    expect(parseDirectoryQuery(new URLSearchParams("page=99999999999")).page).toBe(1);
    expect(parseDirectoryQuery(new URLSearchParams("page=5000")).page).toBe(DIRECTORY_MAX_PAGE);
    expect(parseDirectoryQuery(new URLSearchParams("page=2.5")).page).toBe(1);
    // A field sent twice counts once.
    expect(parseDirectoryQuery(new URLSearchParams("skill=writer&skill=producer")).skill).toBe("writer");
    expect(parseDirectoryQuery(new URLSearchParams("q=%00Maya%0A")).q).toBe("Maya");
    expect(parseDirectoryQuery(new URLSearchParams("sort=")).sort).toBe("name");
  });
});

describe("the genre menu", () => {
  it("offers the genres listed members name, most named first, never a private member's only genre", async () => {
    const genres = await listDirectoryGenres(database.db);
    const values = genres.map((g) => g.value);
    expect(values[0]).toBe("pop");
    expect(values).toEqual(expect.arrayContaining(["r&b", "afrobeats", "country", "k-pop"]));
    for (let i = 1; i < genres.length; i++) expect(genres[i - 1]!.count).toBeGreaterThanOrEqual(genres[i]!.count);
    const pop = genres.find((g) => g.value === "pop")!;
    const listedPop = [...DEMO_MEMBERS.filter((m) => m.public && m.genres.includes("pop"))].length + 3; // admin, ar, member
    expect(pop.count).toBe(listedPop);
  });
});

describe("indexes, at scale", () => {
  // A few dozen demo rows prove nothing about plans: 4,000 synthetic members, vacuumed and
  // analysed as autovacuum leaves a table, and the planner's own choice with listDirectory's settings.
  let scaled: TestDatabase;
  beforeAll(async () => {
    scaled = await createTestDatabase();
    await seedBenchMembers(scaled.db, 4000);
    await sql`vacuum (analyze) profiles`.execute(scaled.db);
  }, 120_000);
  afterAll(async () => {
    await scaled?.close();
  });

  const plan = async (changes: Partial<DirectoryQuery>) => (await explainDirectory(scaled.db, query(changes))).join("\n");

  it("answers each directory query from its partial index, never by reading the whole table", async () => {
    const cases: [Partial<DirectoryQuery>, RegExp][] = [
      [{}, /profiles_directory_name_idx/],
      [{ page: 120 }, /profiles_directory_name_idx/],
      [{ sort: "newest" }, /profiles_directory_since_idx/],
      [{ sort: "oldest", page: 20 }, /profiles_directory_since_idx/],
      [{ q: "maya" }, /profiles_directory_name_trgm_idx/],
      [{ q: "brooks maya" }, /profiles_directory_name_trgm_idx/],
      // A prefix: the text_pattern_ops index, or under the C collation (PGlite) a range of the sort index, or the trigrams.
      [{ q: "ma" }, /profiles_directory_name_(prefix_|trgm_)?idx/],
      [{ skill: "engineer" }, /profiles_directory_skills_idx/],
      [{ genre: "afrobeats" }, /profiles_directory_genres_idx/],
      [{ location: "berlin" }, /profiles_directory_location_trgm_idx/],
      [{ skill: "producer", genre: "pop", location: "london" }, /profiles_directory_(location_trgm|skills|genres)_idx/],
    ];
    for (const [changes, index] of cases) {
      const text = await plan(changes);
      expect(text, JSON.stringify(changes)).toMatch(index);
      expect(text, JSON.stringify(changes)).not.toMatch(/Seq Scan on profiles/);
    }
  });
});

describe("/members through the request handler", () => {
  it("answers a GET form's query without JavaScript: filters applied, fields filled, cards linked", async () => {
    const client = new TestClient(app);
    const response = await client.get("/members?skill=engineer&location=Berlin&sort=");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("2 members");
    expect(html).toContain(`href="/members/${ids["felix.brandt"]}"`);
    expect(html).toContain(`href="/members/${ids["jonas.weber"]}"`);
    expect(html).not.toContain("Lena Vogel");
    expect(html).toMatch(/<option value="engineer" selected="">/);
    expect(html).toMatch(/name="location"[^>]*value="Berlin"|value="Berlin"[^>]*name="location"/);
    // Never an e-mail address on the page.
    expect(html).not.toContain(demoMemberEmail({ key: "felix.brandt" }));
    expect(html).not.toMatch(/@demo\.hitfactory\.test/);
  });

  it("says when nothing matches and offers to clear the filters", async () => {
    const html = await (await new TestClient(app).get("/members?q=zzzzzz&skill=vocalist")).text();
    expect(html).toContain("No members match");
    expect(html).toContain("0 members");
    expect(html).toMatch(/<a[^>]*href="\/members"[^>]*>Clear filters<\/a>/);
  });

  it("links the pages with the whole query, and the last page stands in for one past the end", async () => {
    const html = await (await new TestClient(app).get("/members?page=7&sort=newest")).text();
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('href="/members?sort=newest"');
    expect(html).toMatch(/aria-current="page"[^>]*>2</);
  });

  it("never fails on hostile parameters", async () => {
    const client = new TestClient(app);
    for (const search of [
      "page=abc&sort=%3Cscript%3E",
      "skill[]=writer&genre[x]=1",
      `q=${encodeURIComponent("'; drop table profiles; --")}`,
      `q=${"%25".repeat(300)}`,
      "location=%E2%80%AE%F0%9F%8E%B5",
      "page=999999999999999999999",
      "genre=&location=&q=",
    ]) {
      const response = await client.get(`/members?${search}`);
      expect(response.status, search).toBe(200);
    }
    // Bytes that are not UTF-8 are refused before any route (input hygiene), never a 500.
    expect((await client.get("/members?q=%C0%AF")).status).toBe(400);
    expect((await client.get("/members?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E")).status).toBe(200);
    const html = await (await client.get("/members?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E")).text();
    expect(html).not.toContain("<script>alert(1)</script>");
  });
});
