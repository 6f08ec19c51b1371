/**
 * The archive (issue 12 §5, ADR 0083): archiving and restoring songs, each
 * one transaction with its audit entry; the archived date kept by the
 * database; browsing with filters; the routes' answers (404/409/redirect).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARCHIVE_SEARCH_MAX, ARCHIVE_TEXT, parseArchiveQuery } from "~/admin/archive";
import { archiveCounts, archiveFacets, archiveSong, listArchivedSongs, recentlyRestored, restoreSong, songHistory, SongStateError } from "~/admin/archive.server";
import { listAuditEntries, recordAdminAction } from "~/audit/audit.server";
import { createLocalUser } from "~/auth/users.server";
import { catalogRevision } from "~/catalog/search-cache.server";
import { insertSongRecord } from "~/catalog/song-records.server";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { newSong } from "../support/songs";

const PASSWORD = "archive-test-password";
let database: TestDatabase;
let app: AppHandler;
const admin = { id: "00000000-0000-4000-8000-00000000a001", displayName: "Ada Admin" };
const otherAdmin = { id: "00000000-0000-4000-8000-00000000a002", displayName: "Ben Admin" };
const clients: Record<"admin" | "admin2" | "member" | "anonymous", TestClient> = {} as never;
const people: Record<"admin" | "admin2" | "member", { id: string; email: string; name: string }> = {} as never;

async function person(key: "admin" | "admin2" | "member", name: string, isAdmin: boolean) {
  const email = `archive-${key}@example.test`;
  const user = await createLocalUser(database.db, { email, password: PASSWORD, displayName: name, role: isAdmin ? "admin" : "accepted_member", confirmed: true });
  await database.db
    .insertInto("profiles")
    .values({ user_id: user.id, role: isAdmin ? "admin" : "accepted_member", is_admin: isAdmin, display_name: name, onboarding_completed: true, links: "[]" })
    .execute();
  people[key] = { id: user.id, email, name };
  clients[key] = new TestClient(app);
  await clients[key].signIn(email, PASSWORD);
}

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  app = await createAppHandler();
  await person("admin", "Ada Admin", true);
  await person("admin2", "Ben Admin", true);
  await person("member", "Mia Member", false);
  clients.anonymous = new TestClient(app);
}, 240_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function makeSong(title: string, extra: Parameters<typeof newSong>[1] = {}) {
  return database.db.transaction().execute((tx) => insertSongRecord(tx, newSong(title, extra)));
}

async function songRow(id: string) {
  return database.db.selectFrom("songs").select(["status", "archived_at", "updated_at"]).where("id", "=", id).executeTakeFirstOrThrow();
}

async function stateError(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SongStateError) return error.kind;
    throw error;
  }
  return "no error";
}

describe("archiveSong and restoreSong", () => {
  it("move a song out of the catalogue and back, each with one audit entry, and keep the archived date", async () => {
    const id = await makeSong("Paper Lanterns", { createdAt: new Date("2026-01-02T03:04:05Z") });
    expect((await songRow(id)).archived_at).toBeNull();

    const archived = await archiveSong(database.db, admin, id);
    expect(archived).toEqual({ id, title: "Paper Lanterns" });
    const afterArchive = await songRow(id);
    expect(afterArchive.status).toBe("archived");
    expect(afterArchive.archived_at).not.toBeNull();
    expect(new Date(afterArchive.updated_at).getTime()).toBeGreaterThan(new Date("2026-01-02T03:04:05Z").getTime());

    // Another edit of the archived song moves updated_at, never the archived date.
    await database.db.updateTable("songs").set({ bpm: 101, updated_at: sql`now() + interval '1 day'` }).where("id", "=", id).execute();
    expect((await songRow(id)).archived_at).toEqual(afterArchive.archived_at);

    let { entries } = await listAuditEntries(database.db, { targetType: "song", targetId: id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      actorName: "Ada Admin",
      action: "song.archived",
      targetType: "song",
      targetId: id,
      targetLabel: "Paper Lanterns",
      before: { status: "catalogue" },
      after: { status: "archived" },
    });

    await restoreSong(database.db, otherAdmin, id);
    const afterRestore = await songRow(id);
    expect(afterRestore.status).toBe("catalogue");
    expect(afterRestore.archived_at).toBeNull();
    ({ entries } = await listAuditEntries(database.db, { targetType: "song", targetId: id }));
    expect(entries.map((e) => [e.action, e.actorId, e.before, e.after])).toEqual([
      ["song.restored", otherAdmin.id, { status: "archived" }, { status: "catalogue" }],
      ["song.archived", admin.id, { status: "catalogue" }, { status: "archived" }],
    ]);
  });

  it("refuse a song already in that state, an unknown id and a draft, recording nothing", async () => {
    const id = await makeSong("Glass Harbour");
    expect(await stateError(restoreSong(database.db, admin, id))).toBe("already");
    await archiveSong(database.db, admin, id);
    expect(await stateError(archiveSong(database.db, admin, id))).toBe("already");
    expect(await stateError(archiveSong(database.db, admin, "00000000-0000-4000-8000-000000000000"))).toBe("not_found");
    expect(await stateError(restoreSong(database.db, admin, "not-a-uuid"))).toBe("not_found");
    expect(await stateError(restoreSong(database.db, admin, "x".repeat(5000)))).toBe("not_found");
    const { entries } = await listAuditEntries(database.db, { targetType: "song", targetId: id });
    expect(entries.map((e) => e.action)).toEqual(["song.archived"]);

    // A draft (ADR 0085) is published or deleted, never archived or restored.
    const draft = await makeSong("Draft Horse");
    await database.db.updateTable("songs").set({ status: "draft" }).where("id", "=", draft).execute();
    expect(await stateError(archiveSong(database.db, admin, draft))).toBe("wrong_state");
    expect(await stateError(restoreSong(database.db, admin, draft))).toBe("wrong_state");
    expect((await songRow(draft)).status).toBe("draft");
    expect((await listAuditEntries(database.db, { targetId: draft })).entries).toEqual([]);
  });

  it("lets exactly one of two admins restoring at once win; the other gets 'already'", async () => {
    const id = await makeSong("Twin Engines");
    await archiveSong(database.db, admin, id);
    const results = await Promise.allSettled([restoreSong(database.db, admin, id), restoreSong(database.db, otherAdmin, id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(SongStateError);
    expect((refused.reason as SongStateError).kind).toBe("already");
    const { entries } = await listAuditEntries(database.db, { targetType: "song", targetId: id, action: "song.restored" });
    expect(entries).toHaveLength(1);
  });
});

const auditCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from admin_audit_log`.execute(database.db)).rows[0]!.n);
const pagePath = (id: string) => `/admin/archive/song/${id}`;

describe("the archived song's page and its Restore form (no JavaScript)", () => {
  it("shows an archived song with its audio, credits and history, restores it, and the public search finds it at once", async () => {
    const title = "Velvet Switchboard";
    const id = await makeSong(title, { createdAt: new Date("2026-03-01T10:00:00Z"), credits: [{ memberId: null, name: "Nora Quist", role: "writer", split: 100 }] });
    await archiveSong(database.db, { id: people.admin.id, displayName: people.admin.name }, id);

    // Not in the public search while archived (this also caches that answer for the revision).
    const before = await (await clients.anonymous.get(`/music-catalog?q=${encodeURIComponent("Velvet Switchboard")}`)).text();
    expect(before).not.toContain(title);
    const revisionBefore = await catalogRevision(database.db);

    const page = await clients.admin.get(pagePath(id));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(title);
    expect(html).toContain("Nora Quist");
    expect(html).toContain("<audio");
    expect(html).toContain(ARCHIVE_TEXT.restore);
    // The history: its creation, then the archiving with who and what changed.
    expect(html).toContain("Added to the catalogue");
    expect(html).toContain("Archived a song");
    expect(html).toContain("by Ada Admin");
    expect(html).toMatch(/status: catalogue → archived/);

    const restored = await clients.admin.post(pagePath(id), { intent: "restore", expected: "archived" });
    expect(restored.status).toBe(302);
    expect(locationOf(restored)).toBe(pagePath(id));
    expect(restored.headers.get("set-cookie")).toMatch(/toast/i);
    expect((await songRow(id)).status).toBe("catalogue");
    expect(await catalogRevision(database.db)).toBeGreaterThan(revisionBefore);

    const after = await (await clients.anonymous.get(`/music-catalog?q=${encodeURIComponent("Velvet Switchboard")}`)).text();
    expect(after).toContain(title);
    expect((await clients.anonymous.get(`/song/${id}`)).status).toBe(200);

    // The page now explains where the song lives, with its history.
    const explained = await (await clients.admin.get(pagePath(id))).text();
    expect(explained).toContain(ARCHIVE_TEXT.notArchivedTitle);
    expect(explained).toContain(`href="/admin/catalog/${id}"`);
    expect(explained).toContain(`href="/song/${id}"`);
    expect(explained).toContain("Restored a song from the archive");
    expect(explained).not.toContain(ARCHIVE_TEXT.restore);

    const { entries } = await listAuditEntries(database.db, { targetType: "song", targetId: id });
    expect(entries[0]).toMatchObject({ action: "song.restored", actorId: people.admin.id, actorName: "Ada Admin", targetLabel: title, before: { status: "archived" }, after: { status: "catalogue" } });
  });

  it("answers the second of two admins restoring at once with 409 and one audit entry in all", async () => {
    const id = await makeSong("Double Take");
    await archiveSong(database.db, admin, id);
    const [a, b] = await Promise.all([clients.admin.post(pagePath(id), { intent: "restore", expected: "archived" }), clients.admin2.post(pagePath(id), { intent: "restore", expected: "archived" })]);
    expect([a.status, b.status].sort()).toEqual([302, 409]);
    const refused = a.status === 409 ? a : b;
    expect(await refused.text()).toContain(ARCHIVE_TEXT.alreadyRestored);
    const { entries } = await listAuditEntries(database.db, { targetId: id, action: "song.restored" });
    expect(entries).toHaveLength(1);
  });

  it("answers a replayed restore with 409 and records nothing more", async () => {
    const id = await makeSong("Replay Button");
    await archiveSong(database.db, admin, id);
    expect((await clients.admin.post(pagePath(id), { intent: "restore", expected: "archived" })).status).toBe(302);
    const count = await auditCount();
    const replay = await clients.admin.post(pagePath(id), { intent: "restore", expected: "archived" });
    expect(replay.status).toBe(409);
    expect(await auditCount()).toBe(count);
  });

  it("explains a draft instead of offering a restore, and refuses a restore posted anyway with 409", async () => {
    const id = await makeSong("Draft Page");
    await database.db.updateTable("songs").set({ status: "draft" }).where("id", "=", id).execute();
    const html = await (await clients.admin.get(pagePath(id))).text();
    expect(html).toContain("It is a draft");
    expect(html).not.toContain(ARCHIVE_TEXT.restore);
    const posted = await clients.admin.post(pagePath(id), { intent: "restore", expected: "archived" });
    expect(posted.status).toBe(409);
    expect(await posted.text()).toContain(ARCHIVE_TEXT.notRestorable);
    expect((await songRow(id)).status).toBe("draft");
  });

  it("answers an unknown or malformed id with 404, on the page and the form", async () => {
    const unknown = "00000000-0000-4000-8000-0000000000ff";
    expect((await clients.admin.get(pagePath(unknown))).status).toBe(404);
    expect((await clients.admin.get(pagePath("not-a-song"))).status).toBe(404);
    const count = await auditCount();
    const posted = await clients.admin.post(pagePath(unknown), { intent: "restore", expected: "archived" });
    expect(posted.status).toBe(404);
    expect(await posted.text()).toContain(ARCHIVE_TEXT.noSuchSong);
    expect((await clients.admin.post(pagePath("%00' or 1=1"), { intent: "restore", expected: "archived" })).status).toBeGreaterThanOrEqual(400);
    expect(await auditCount()).toBe(count);
  });

  it("redirects a member and an anonymous visitor away from every archive page and the action, changing nothing", async () => {
    const id = await makeSong("Members Only Not");
    await archiveSong(database.db, admin, id);
    const count = await auditCount();
    for (const path of ["/admin/archive", "/admin/archive/browse", pagePath(id)]) {
      const member = await clients.member.get(path);
      expect(member.status).toBe(302);
      expect(locationOf(member)).not.toContain("/admin");
      const anonymous = await clients.anonymous.get(path);
      expect(anonymous.status).toBe(302);
    }
    const posted = await clients.member.post(pagePath(id), { intent: "restore", expected: "archived" });
    expect(posted.status).toBe(302);
    expect(locationOf(posted)).not.toContain("/admin");
    expect((await clients.anonymous.post(pagePath(id), { intent: "restore", expected: "archived" })).status).toBe(302);
    expect((await songRow(id)).status).toBe("archived");
    expect(await auditCount()).toBe(count);
  });

  it("refuses an unknown intent, an empty post and a field sent twice with 400, changing nothing", async () => {
    const id = await makeSong("Wrong Intent");
    await archiveSong(database.db, admin, id);
    expect((await clients.admin.post(pagePath(id), { intent: "delete", expected: "archived" })).status).toBe(400);
    expect((await clients.admin.post(pagePath(id), {})).status).toBe(400);
    expect((await clients.admin.post(pagePath(id), { intent: "restore" })).status).toBe(400);
    expect((await clients.admin.post(pagePath(id), { intent: "restore", expected: "catalogue" })).status).toBe(400);
    expect((await clients.admin.post(pagePath(id), { intent: "restore", expected: ["archived", "archived"] })).status).toBe(400);
    expect((await songRow(id)).status).toBe("archived");
  });

  it("keeps the song id through the old /archive/song/{id} address and sends /archive to the browse page", async () => {
    const id = await makeSong("Old Address");
    const moved = await clients.admin.get(`/archive/song/${id}`);
    expect(moved.status).toBe(302);
    expect(locationOf(moved)).toBe(pagePath(id));
    const archive = await clients.admin.get("/archive");
    expect(locationOf(archive)).toBe("/admin/archive/browse");
    // Not for members: the guard runs first.
    expect(locationOf(await clients.member.get(`/archive/song/${id}`))).not.toContain("/admin");
  });
});

describe("browsing the archive", () => {
  const titles: Record<string, string> = {};
  beforeAll(async () => {
    const make = async (title: string, extra: Parameters<typeof newSong>[1], archivedDaysAgo: number) => {
      const id = await makeSong(title, extra);
      await archiveSong(database.db, admin, id);
      await sql`update songs set archived_at = now() - make_interval(days => ${archivedDaysAgo}) where id = ${id}`.execute(database.db);
      titles[title] = id;
    };
    await make("Browse 100% Pure", { genre: "Jazz", musicalKey: "D minor", credits: [{ memberId: null, name: "Zed_Underscore", role: "writer", split: 100 }] }, 2);
    await make("Browse Old Tape", { genre: "jazz", musicalKey: "F major" }, 400);
    await make("Browse Middle Age", { genre: "Folk", musicalKey: "D minor" }, 60);
  });

  const titlesOf = (songs: { title: string }[]) => songs.map((s) => s.title).filter((t) => t.startsWith("Browse "));

  it("takes LIKE wildcards literally in titles and credited names", async () => {
    expect(titlesOf((await listArchivedSongs(database.db, { q: "100%" })).songs)).toEqual(["Browse 100% Pure"]);
    expect(titlesOf((await listArchivedSongs(database.db, { q: "%" })).songs)).toEqual(["Browse 100% Pure"]);
    expect(titlesOf((await listArchivedSongs(database.db, { q: "Zed_" })).songs)).toEqual(["Browse 100% Pure"]);
    expect(titlesOf((await listArchivedSongs(database.db, { q: "Ze_" })).songs)).toEqual([]);
    expect(titlesOf((await listArchivedSongs(database.db, { q: "\\" })).songs)).toEqual([]);
  });

  it("filters by genre (any case), key and archiving date, and sorts", async () => {
    expect(titlesOf((await listArchivedSongs(database.db, { genre: "JAZZ" })).songs).sort()).toEqual(["Browse 100% Pure", "Browse Old Tape"]);
    expect(titlesOf((await listArchivedSongs(database.db, { key: "D minor" })).songs).sort()).toEqual(["Browse 100% Pure", "Browse Middle Age"]);
    expect(titlesOf((await listArchivedSongs(database.db, { when: "30d" })).songs)).toEqual(["Browse 100% Pure"]);
    const year = titlesOf((await listArchivedSongs(database.db, { when: "year" })).songs);
    expect(year).not.toContain("Browse Old Tape");
    expect(titlesOf((await listArchivedSongs(database.db, { sort: "newest", limit: 200 })).songs)).toEqual(["Browse 100% Pure", "Browse Middle Age", "Browse Old Tape"]);
    expect(titlesOf((await listArchivedSongs(database.db, { sort: "oldest", limit: 200 })).songs)).toEqual(["Browse Old Tape", "Browse Middle Age", "Browse 100% Pure"]);
    expect(titlesOf((await listArchivedSongs(database.db, { sort: "title", limit: 200 })).songs)).toEqual(["Browse 100% Pure", "Browse Middle Age", "Browse Old Tape"]);
    const facets = await archiveFacets(database.db);
    expect(facets.genres.find((g) => g.value.toLowerCase() === "jazz")?.count).toBe(2);
  });

  it("reads the query leniently: unknown values fall back, a 1000-character search is cut, a NUL is dropped", () => {
    const query = parseArchiveQuery(new URLSearchParams({ q: "a".repeat(1000), when: "forever", sort: "random", page: "-3", genre: "Jazz\0" }));
    expect(query.q).toHaveLength(ARCHIVE_SEARCH_MAX);
    expect(query).toMatchObject({ when: "all", sort: "newest", page: 1, genre: "Jazz" });
  });

  it("serves the GET form without JavaScript: filters, counts, a 1000-character search and paging links keep the query", async () => {
    const response = await clients.admin.get(`/admin/archive/browse?genre=jazz&sort=title`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Browse 100% Pure");
    expect(html).toContain("Browse Old Tape");
    expect(html).not.toContain("Browse Middle Age");
    expect(html).toContain("2 archived songs");
    const long = await clients.admin.get(`/admin/archive/browse?q=${"x".repeat(1000)}`);
    expect(long.status).toBe(200);
    expect(await long.text()).toContain("No archived song matches");
    const wild = await (await clients.admin.get(`/admin/archive/browse?q=${encodeURIComponent("<script>alert(1)</script>")}`)).text();
    expect(wild).not.toContain("<script>alert(1)</script>");
    // 26 archived songs make two pages; the next-page link keeps the filters.
    for (let i = 0; i < 26; i++) {
      const id = await makeSong(`Pager ${String(i).padStart(2, "0")}`, { genre: "Pagerock" });
      await archiveSong(database.db, admin, id);
    }
    const first = await (await clients.admin.get("/admin/archive/browse?genre=Pagerock&sort=title")).text();
    expect(first).toContain("26 archived songs match");
    expect(first).toContain('href="/admin/archive/browse?genre=Pagerock&amp;sort=title&amp;page=2"');
    const second = await (await clients.admin.get("/admin/archive/browse?genre=Pagerock&sort=title&page=2")).text();
    expect(second).toContain("Pager 25");
    expect(second).not.toContain("Pager 24");
  });
});

describe("the overview", () => {
  it("counts what is archived and restored and lists the latest of each, from real rows", async () => {
    const id = await makeSong("Overview Comeback");
    await archiveSong(database.db, admin, id);
    await restoreSong(database.db, otherAdmin, id);
    const counts = await archiveCounts(database.db);
    const archivedRows = await database.db.selectFrom("songs").select(sql<number>`count(*)::int`.as("n")).where("status", "=", "archived").executeTakeFirstOrThrow();
    expect(counts.archived).toBe(Number(archivedRows.n));
    expect(counts.archivedThisMonth).toBeGreaterThan(0);
    expect(counts.restoredThisMonth).toBeGreaterThan(0);
    const restored = await recentlyRestored(database.db);
    expect(restored[0]).toMatchObject({ songId: id, title: "Overview Comeback", restoredBy: "Ben Admin", status: "catalogue" });
    const html = await (await clients.admin.get("/admin/archive")).text();
    expect(html).toContain("Recently restored");
    expect(html).toContain("Overview Comeback");
    expect(html).toContain("Ben Admin");
  });

  it("tells a song's history oldest first with the submission it came from", async () => {
    const id = await makeSong("History Lesson");
    await archiveSong(database.db, admin, id);
    await restoreSong(database.db, otherAdmin, id);
    const history = await songHistory(database.db, { id, createdAt: new Date().toISOString() });
    expect(history.events.map((e) => e.label)).toEqual(["Added to the catalogue", "Archived a song", "Restored a song from the archive"]);
    expect(history.events[2]!.changes).toEqual([{ field: "status", before: "archived", after: "catalogue" }]);
 
    // A song uploaded as a draft: its upload entry is its creation, not a second "Added to the catalogue".
    const uploaded = await makeSong("Draft Origin");
    await database.db.transaction().execute((tx) =>
      recordAdminAction(tx, { actor: admin, action: "song.draft_uploaded", target: { type: "song", id: uploaded, label: "Draft Origin" }, after: { status: "draft" } }),
    );
    const drafted = await songHistory(database.db, { id: uploaded, createdAt: new Date().toISOString() });
    expect(drafted.events.map((e) => e.label)).toEqual(["Uploaded audio as a draft song"]);
  });
});
