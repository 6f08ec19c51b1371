/**
 * The admin overview (issue 12 §1, ADR 0079) through the real request handler
 * on a real, seeded database:
 *  - the statistics object equals independent recounts and follows the data
 *    (a new account, a sign-in, an archived song);
 *  - GET /api/admin/statistics: JSON, no-store, admins only, 405 for POST;
 *  - a statistics query that really fails (its table renamed away) gives
 *    'Failed to fetch statistics' in the page and 503 from the endpoint,
 *    while the rest of the page still renders; a closed database fails every
 *    part without throwing;
 *  - the queues' counts and links; the charts (role="img", title, desc, table);
 *  - plays: counted once per listener and song within the repeat window,
 *    404 for archived/unknown songs, 405 for GET, 415 for a JSON body, 403
 *    cross-site, 429 past the limits; the weekly counters follow inserts,
 *    status changes and deletes;
 *  - the audit log on the overview: honest empty state, filters, keyset
 *    paging, links to the targets, the before/after table; and
 *    app/audit/audit.server.ts itself: append-only, redaction, filters, paging.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStatistics, getWeeklySeries, loadOverview } from "~/admin/statistics.server";
import { PLAY_LIMITS, recordPlay } from "~/admin/statistics-plays.server";
import { utcWeekStart } from "~/admin/statistics";
import { AUDIT_PAGE_SIZE, listAuditActors, listAuditEntries, recordAdminAction } from "~/audit/audit.server";
import { createLocalUser } from "~/auth/users.server";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { consume } from "~/platform/rate-limit.server";
import { createAppHandler, TEST_ORIGIN, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "admin-overview-test-password";
let database: TestDatabase;
let app: AppHandler;
const clients: Record<"admin" | "member", TestClient> = {} as never;
const ids: Record<string, string> = {};
let songs: { id: string; title: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  for (const key of ["admin", "member"] as const) {
    ids[key] = (await database.db.selectFrom("auth.users").select("id").where("email", "=", demoAccount(key).email).executeTakeFirstOrThrow()).id;
  }
  app = await createAppHandler();
  for (const key of ["admin", "member"] as const) {
    clients[key] = new TestClient(app);
    await clients[key].signIn(demoAccount(key).email, PASSWORD);
  }
  songs = await database.db.selectFrom("songs").select(["id", "title"]).where("status", "=", "catalogue").orderBy("title").execute();
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const count = async (query: string) => Number((await sql.raw<{ n: number }>(`select (${query})::int as n`).execute(database.db)).rows[0]!.n);

/** The statistics recounted here, independently of app/admin/statistics.server.ts. */
async function recount() {
  return {
    totalUsers: await count("select count(*) from auth.users"),
    activeUsers: await count("select count(*) from auth.users where last_sign_in_at > now() - interval '30 days'"),
    totalApplications: await count("select count(*) from applications where status <> 'draft' and submitted_at is not null"),
    pendingApplications: await count("select count(*) from applications where status in ('pending', 'shortlisted', 'waitlisted')"),
    approvedApplications: await count("select count(*) from applications where status = 'accepted'"),
    totalSongs: await count("select count(*) from songs where status = 'catalogue'"),
    showcaseSongs: await count("select count(*) from showcase_tracks where hidden_at is null"),
    featuredSongs: await count("select count(*) from songs where status = 'catalogue' and featured"),
  };
}

async function statisticsJson(client: TestClient) {
  const response = await client.get("/api/admin/statistics");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  expect(response.headers.get("cache-control")).toMatch(/no-store/);
  return (await response.json()) as Record<string, number | string>;
}

describe("the statistics object", () => {
  it("equals the database's own counts, with every SPEC §3 field", async () => {
    const stats = await statisticsJson(clients.admin);
    expect(Object.keys(stats).sort()).toEqual(
      ["totalUsers", "activeUsers", "totalApplications", "pendingApplications", "approvedApplications", "totalSongs", "showcaseSongs", "featuredSongs", "lastUpdated"].sort(),
    );
    const { lastUpdated, ...figures } = stats;
    expect(figures).toEqual(await recount());
    expect(Math.abs(Date.parse(String(lastUpdated)) - Date.now())).toBeLessThan(60_000);
    // The demo has something in every figure that matters (never random, never all zero).
    expect(figures.totalUsers).toBeGreaterThanOrEqual(5);
    expect(figures.totalSongs).toBeGreaterThan(10);
    expect(figures.totalApplications).toBeGreaterThan(0);
    expect(figures.pendingApplications).toBeGreaterThan(0);
    expect(figures.activeUsers).toBeGreaterThanOrEqual(2); // the two test clients signed in
  });

  it("follows the data: a new account, a sign-in, an archived song", async () => {
    const before = await getStatistics(database.db);
    const user = await createLocalUser(database.db, { email: "brand-new@example.test", password: PASSWORD, displayName: "Brand New", confirmed: true });
    let after = await getStatistics(database.db);
    expect(after.totalUsers).toBe(before.totalUsers + 1);
    expect(after.activeUsers).toBe(before.activeUsers);
    // Signed in 31 days ago: not active; today: active.
    await database.db.updateTable("auth.users").set({ last_sign_in_at: new Date(Date.now() - 31 * 86_400_000) }).where("id", "=", user.id).execute();
    expect((await getStatistics(database.db)).activeUsers).toBe(before.activeUsers);
    await database.db.updateTable("auth.users").set({ last_sign_in_at: new Date() }).where("id", "=", user.id).execute();
    expect((await getStatistics(database.db)).activeUsers).toBe(before.activeUsers + 1);

    const song = songs.at(-1)!;
    await database.db.updateTable("songs").set({ status: "archived", featured: true }).where("id", "=", song.id).execute();
    after = await getStatistics(database.db);
    expect(after.totalSongs).toBe(before.totalSongs - 1);
    expect(after.featuredSongs).toBe(before.featuredSongs); // archived songs are not featured catalogue songs
    await database.db.updateTable("songs").set({ status: "catalogue", featured: false }).where("id", "=", song.id).execute();
    expect(await getStatistics(database.db)).toMatchObject({ totalSongs: before.totalSongs });
  });

  it("is for admins only, and read-only", async () => {
    const member = await clients.member.get("/api/admin/statistics");
    expect(member.status).toBe(302);
    expect(member.headers.get("location")).toBe("/");
    const anonymous = await new TestClient(app).get("/api/admin/statistics");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth\?redirect=/);
    expect((await clients.admin.post("/api/admin/statistics")).status).toBe(405);
  });
});

describe("when the statistics cannot be read", () => {
  it("the page says 'Failed to fetch statistics' in an alert and shows the rest; the endpoint answers 503", async () => {
    // A real failure of the statistics statement: one of the tables it reads is gone.
    await sql`alter table public.showcase_tracks rename to showcase_tracks_away`.execute(database.db);
    try {
      const response = await clients.admin.get("/admin");
      expect(response.status).toBe(200);
      const html = await response.text();
      const alert = html.indexOf('role="alert"', html.indexOf('id="statistics-title"'));
      expect(alert).toBeGreaterThan(0);
      expect(html.slice(alert, alert + 2000)).toContain("Failed to fetch statistics");
      expect(html).not.toContain('data-statistic="totalUsers"');
      // The queues, the charts and the audit log are still there.
      expect(html).toContain('data-queue="applications"');
      expect(html).toContain("Plays per week");
      expect(html).toContain("Audit log");

      const api = await clients.admin.get("/api/admin/statistics");
      expect(api.status).toBe(503);
      expect(api.headers.get("cache-control")).toMatch(/no-store/);
      expect(await api.json()).toEqual({ error: "Failed to fetch statistics" });
    } finally {
      await sql`alter table public.showcase_tracks_away rename to showcase_tracks`.execute(database.db);
    }
    const html = await (await clients.admin.get("/admin")).text();
    expect(html).not.toContain("Failed to fetch statistics");
    expect(html).toContain('data-statistic="totalUsers"');
  });

  it("a database that is gone fails every part without throwing", async () => {
    const broken = await createTestDatabase();
    await broken.close();
    const overview = await loadOverview(broken.db, new URLSearchParams());
    expect(overview).toMatchObject({ statistics: null, queues: null, series: null, audit: null });
  });
});

describe("the overview page", () => {
  it("shows the queues first, with their counts and links", async () => {
    const html = await (await clients.admin.get("/admin")).text();
    const pending = await count("select count(*) from applications where status = 'pending'");
    const ar = await count("select count(*) from ar_registrations where status = 'pending'");
    const submissions = await count("select count(*) from submissions where status = 'pending'");
    const holds = await count("select count(*) from song_holds where status = 'requested'");
    for (const [key, href, n] of [
      ["applications", "/admin/applications?status=pending", pending],
      ["arRegistrations", "/admin/ar-registrations", ar],
      ["submissions", "/admin/submissions", submissions],
      ["holds", "/admin/holds", holds],
    ] as const) {
      const link = new RegExp(`<a[^>]*data-queue="${key}"[^>]*href="${href.replace(/[?]/g, "\\?")}"[^>]*>\\s*<span[^>]*>${n}</span>`);
      expect(html, key).toMatch(link);
    }
    expect(pending + holds + submissions).toBeGreaterThan(0);
    // In the order the issue asks: queues, statistics, charts, audit log, sections.
    const order = ["Waiting for an admin", "Statistics", "Trends", "Audit log", "Sections"].map((title) => html.indexOf(`>${title}</h2>`));
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("draws the four charts as accessible SVG with their figures in a table", async () => {
    const html = await (await clients.admin.get("/admin")).text();
    const svgs = [...html.matchAll(/<svg[^>]*role="img"[^>]*aria-labelledby="([^"]+) ([^"]+)"[^>]*>([\s\S]*?)<\/svg>/g)];
    // The four weekly charts, and speed and visits' five (page views and each web vital per route, ADR 0096).
    expect(svgs.length).toBe(4 + 5);
    for (const [, titleId, descId, body] of svgs) {
      expect(body).toContain(`<title id="${titleId}">`);
      expect(body).toContain(`<desc id="${descId}">`);
    }
    for (const title of ["Applications per week", "New members per week", "Plays per week", "Songs in the catalogue"]) expect(html).toContain(`${title}</figcaption>`);
    // The figures: 12 weeks, each starting on a Monday.
    const weeks = [...html.matchAll(/<th scope="row"><time dateTime="(\d{4}-\d{2}-\d{2})">/g)].map((m) => m[1]!);
    expect(weeks.length).toBe(48);
    for (const week of weeks) expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks.at(-1)).toBe(utcWeekStart(new Date()));
  });
});

describe("the weekly series", () => {
  it("equal recounts from the tables (the triggers' counters are exact)", async () => {
    const series = await getWeeklySeries(database.db);
    const plays = await sql<{ week: string; n: number }>`
      select date_trunc('week', played_at at time zone 'UTC')::date::text as week, count(*)::int as n from song_plays group by 1
    `.execute(database.db);
    const byWeek = new Map(plays.rows.map((row) => [row.week, Number(row.n)]));
    expect(series.plays).toEqual(series.weeks.map((week) => byWeek.get(week) ?? 0));
    expect(series.plays.reduce((a, b) => a + b, 0)).toBeGreaterThan(100); // the demo's history of plays
    expect(series.catalogue.at(-1)).toBe(await count("select count(*) from songs where status = 'catalogue'"));
    const applications = await sql<{ week: string; n: number }>`
      select date_trunc('week', submitted_at at time zone 'UTC')::date::text as week, count(*)::int as n from applications where submitted_at is not null group by 1
    `.execute(database.db);
    const apps = new Map(applications.rows.map((row) => [row.week, Number(row.n)]));
    expect(series.applications).toEqual(series.weeks.map((week) => apps.get(week) ?? 0));
  });

  it("move with a play, an archived song, a new member and a deleted song", async () => {
    const before = await getWeeklySeries(database.db);
    const song = songs[0]!;
    expect(await recordPlay(database.db, { songId: song.id, listenerId: null, listenerKey: "addr:series-test" })).toBe("counted");
    await database.db.updateTable("songs").set({ status: "archived" }).where("id", "=", songs[1]!.id).execute();
    const user = await createLocalUser(database.db, { email: "new-member-series@example.test", password: PASSWORD, confirmed: true });
    await database.db.insertInto("profiles").values({ user_id: user.id, role: null, links: "[]" }).execute();
    await database.db.updateTable("profiles").set({ role: "accepted_member" }).where("user_id", "=", user.id).execute();
    let after = await getWeeklySeries(database.db);
    expect(after.plays.at(-1)).toBe(before.plays.at(-1)! + 1);
    expect(after.catalogue.at(-1)).toBe(before.catalogue.at(-1)! - 1);
    expect(after.catalogue.slice(0, -1)).toEqual(before.catalogue.slice(0, -1));
    expect(after.members.at(-1)).toBe(before.members.at(-1)! + 1);

    // Restoring puts it back; deleting a song takes its plays with it.
    await database.db.updateTable("songs").set({ status: "catalogue" }).where("id", "=", songs[1]!.id).execute();
    const theirPlays = await database.db.selectFrom("song_plays").select(sql<string>`date_trunc('week', played_at at time zone 'UTC')::date::text`.as("week")).where("song_id", "=", song.id).execute();
    const deleted = await database.db.insertInto("songs").values({ title: "Doomed", genre: "Pop", bpm: 100, musical_key: "C major", duration_seconds: 60, audio_path: "doomed.wav" }).returning("id").executeTakeFirstOrThrow();
    await recordPlay(database.db, { songId: deleted.id, listenerId: null, listenerKey: "addr:series-test" });
    const mid = await getWeeklySeries(database.db);
    expect(mid.catalogue.at(-1)).toBe(before.catalogue.at(-1)! + 1);
    await database.db.deleteFrom("songs").where("id", "=", deleted.id).execute();
    after = await getWeeklySeries(database.db);
    expect(after.plays).toEqual(mid.plays.map((n, i) => (i === mid.plays.length - 1 ? n - 1 : n)));
    expect(after.catalogue.at(-1)).toBe(before.catalogue.at(-1));
    expect(theirPlays.length).toBeGreaterThan(0);
  });
});

describe("POST /api/songs/:songId/plays", () => {
  const plays = (songId: string) => database.db.selectFrom("song_plays").select(["listener_id", "listener_key", "day"]).where("song_id", "=", songId).execute();

  it("counts an anonymous listener's play once within the repeat window, keyed without the address in clear", async () => {
    const song = songs[2]!;
    const listener = new TestClient(app, { address: "203.0.113.7" });
    const before = (await plays(song.id)).length;
    const first = await listener.post(`/api/songs/${song.id}/plays`);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ counted: true });
    const again = await listener.post(`/api/songs/${song.id}/plays`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ counted: false });
    const rows = await plays(song.id);
    expect(rows.length).toBe(before + 1);
    const row = rows.find((r) => r.listener_key.startsWith("addr:") && r.listener_id === null && !r.listener_key.includes("demo"))!;
    expect(row.listener_key).toMatch(/^addr:[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain("203.0.113.7");
    // Another address is another listener.
    expect((await new TestClient(app, { address: "203.0.113.8" }).post(`/api/songs/${song.id}/plays`)).status).toBe(201);
  });

  it("counts a signed-in listener under the account, whatever the address, and again after the window", async () => {
    const song = songs[3]!;
    expect((await clients.member.post(`/api/songs/${song.id}/plays`)).status).toBe(201);
    expect((await clients.member.post(`/api/songs/${song.id}/plays`)).status).toBe(200);
    const mine = (await plays(song.id)).filter((r) => r.listener_id === ids.member);
    expect(mine.map((r) => r.listener_key)).toContain(`user:${ids.member}`);
    // 31 minutes later the same listener's play counts again.
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await recordPlay(database.db, { songId: song.id, listenerId: ids.member!, listenerKey: `user:${ids.member}`, now: later })).toBe("counted");
  });

  it("refuses archived, unknown and malformed songs, GET, a JSON body and a cross-site post", async () => {
    const archived = await database.db.selectFrom("songs").select("id").where("status", "=", "archived").executeTakeFirstOrThrow();
    const anonymous = new TestClient(app, { address: "198.51.100.20" });
    expect((await anonymous.post(`/api/songs/${archived.id}/plays`)).status).toBe(404);
    expect((await anonymous.post("/api/songs/00000000-0000-4000-8000-000000000000/plays")).status).toBe(404);
    expect((await anonymous.post("/api/songs/not-a-song'%20or%201=1/plays")).status).toBe(404);
    expect((await plays(archived.id)).length).toBe(0);
    const get = await anonymous.get(`/api/songs/${songs[4]!.id}/plays`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");

    const json = await app.handle(
      new Request(`${TEST_ORIGIN}/api/songs/${songs[4]!.id}/plays`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, "sec-fetch-site": "same-origin", "content-type": "application/json" },
        body: JSON.stringify({ plays: 1000 }),
      }),
    );
    expect(json.status).toBe(415);
    const crossSite = await app.handle(
      new Request(`${TEST_ORIGIN}/api/songs/${songs[4]!.id}/plays`, {
        method: "POST",
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
        body: "",
      }),
    );
    expect(crossSite.status).toBe(403);
    expect((await plays(songs[4]!.id)).filter((r) => !r.listener_key.startsWith("addr:demo") && !r.listener_key.startsWith("user:")).length).toBe(0);
  });

  it("stops an address, and an account, past their limits (429 with Retry-After)", async () => {
    const address = "192.0.2.99";
    for (let i = 0; i < PLAY_LIMITS.perAddress.limit; i++) await consume(database.db, PLAY_LIMITS.perAddress, address);
    const limited = await new TestClient(app, { address }).post(`/api/songs/${songs[5]!.id}/plays`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    const user = await createLocalUser(database.db, { email: "busy-listener@example.test", password: PASSWORD, confirmed: true });
    await database.db.insertInto("profiles").values({ user_id: user.id, role: "accepted_member", display_name: "Busy", links: "[]", onboarding_completed: true }).execute();
    const busy = new TestClient(app, { address: "192.0.2.100" });
    await busy.signIn("busy-listener@example.test", PASSWORD);
    for (let i = 0; i < PLAY_LIMITS.perListener.limit; i++) await consume(database.db, PLAY_LIMITS.perListener, user.id);
    const refused = await busy.post(`/api/songs/${songs[5]!.id}/plays`);
    expect(refused.status).toBe(429);
    expect((await plays(songs[5]!.id)).some((r) => r.listener_id === user.id)).toBe(false);
  });
});

describe("the audit log", () => {
  const actor = (id: string, displayName: string) => ({ id, displayName });

  it("shows an honest empty state when nothing matches (and an empty log lists nothing)", async () => {
    const html = await (await clients.admin.get("/admin?actor=00000000-0000-4000-8000-000000000000")).text();
    expect(html).toContain("No entry matches these filters");
    expect(html).toContain("Clear filters");
    const empty = await createTestDatabase();
    try {
      const overview = await loadOverview(empty.db, new URLSearchParams());
      expect(overview.audit).toEqual({ entries: [], nextBeforeId: null, actors: [] });
      expect(overview.statistics).toMatchObject({ totalUsers: 0, totalSongs: 0, featuredSongs: 0 });
      expect(overview.series?.plays.every((n) => n === 0)).toBe(true);
    } finally {
      await empty.close();
    }
  });

  it("is append-only: UPDATE, DELETE and TRUNCATE are refused by the database", async () => {
    await recordAdminAction(database.db, { actor: actor(ids.admin!, "Avery Admin"), action: "song.featured", target: { type: "song", id: songs[0]!.id, label: songs[0]!.title }, before: { featured: false }, after: { featured: true } });
    const entries = await count("select count(*) from admin_audit_log");
    await expect(sql`update admin_audit_log set actor_name = 'someone else'`.execute(database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from admin_audit_log`.execute(database.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate admin_audit_log`.execute(database.db)).rejects.toThrow();
    expect(await count("select count(*) from admin_audit_log")).toBe(entries);
  });

  it("never stores secrets, and cuts an oversized snapshot to a note", async () => {
    await recordAdminAction(database.db, {
      actor: actor(ids.admin!, "Avery Admin"),
      action: "user.recovery_sent",
      target: { type: "user", id: ids.member!, label: "Maya" },
      before: { password: "hunter2", nested: { access_token: "tok", apiKey: "k", name: "kept" } },
      after: { encrypted_password: "$2b$...", note: "x".repeat(70_000) },
    });
    const [entry] = (await listAuditEntries(database.db, { action: "user.recovery_sent" })).entries;
    expect(entry!.before).toEqual({ password: "[redacted]", nested: { access_token: "[redacted]", apiKey: "[redacted]", name: "kept" } });
    expect(JSON.stringify(entry!.after)).not.toContain("$2b$");
    expect(JSON.stringify(entry!.after)).toMatch(/not kept/);
  });

  it("filters by who, what and kind of record, and pages by keyset, newest first", async () => {
    const other = await createLocalUser(database.db, { email: "second-admin@example.test", password: PASSWORD, displayName: "Sam Second", confirmed: true });
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i++) {
      await recordAdminAction(database.db, { actor: actor(other.id, "Sam Second"), action: "song.archived", target: { type: "song", id: songs[i % songs.length]!.id, label: `Song ${i}` }, before: { status: "catalogue" }, after: { status: "archived" } });
    }
    const first = await listAuditEntries(database.db, { actorId: other.id });
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]!.targetLabel).toBe(`Song ${AUDIT_PAGE_SIZE + 4}`);
    const ids_ = first.entries.map((e) => Number(e.id));
    expect([...ids_].sort((a, b) => b - a)).toEqual(ids_);
    // A new entry arriving between two pages does not shift the next page.
    await recordAdminAction(database.db, { actor: actor(other.id, "Sam Second"), action: "song.restored", target: { type: "song", id: songs[0]!.id, label: "Late" } });
    const second = await listAuditEntries(database.db, { actorId: other.id, beforeId: first.nextBeforeId! });
    expect(second.entries.map((e) => e.targetLabel)).toEqual(["Song 4", "Song 3", "Song 2", "Song 1", "Song 0"]);
    expect(second.nextBeforeId).toBeNull();

    const restored = (await listAuditEntries(database.db, { action: "song.restored" })).entries;
    expect(restored[0]!.targetLabel).toBe("Late");
    expect(restored.every((e) => e.action === "song.restored")).toBe(true);
    expect((await listAuditEntries(database.db, { targetType: "user" })).entries.every((e) => e.targetType === "user")).toBe(true);
    expect((await listAuditEntries(database.db, { targetType: "song", targetId: songs[0]!.id })).entries.length).toBeGreaterThan(1);
    const actors = await listAuditActors(database.db);
    expect(actors.map((a) => a.name)).toEqual(expect.arrayContaining(["Avery Admin", "Sam Second"]));
    expect(actors.find((a) => a.name === "Sam Second")!.id).toBe(other.id);
    expect(new Set(actors.map((a) => a.id)).size).toBe(actors.length);
    expect([...actors.map((a) => a.name)].sort()).toEqual(actors.map((a) => a.name));
  });

  it("lists on the overview with working GET filters, an 'Older entries' link, target links and a readable diff", async () => {
    let html = await (await clients.admin.get("/admin")).text();
    expect(html).not.toContain("No admin actions yet");
    expect(html).toContain("Archived a song");
    expect(html).toContain(`href="/admin/catalog/${songs[0]!.id}"`);
    // The diff: field, before, after.
    expect(html).toMatch(/<th scope="row">status<\/th><td><span[^>]*>catalogue<\/span><\/td><td><span[^>]*>archived<\/span>/);
    const older = /href="(\/admin\?before=\d+#audit-log)"/.exec(html)?.[1];
    expect(older).toBeTruthy();
    html = await (await clients.admin.get(older!.replace(/&amp;/g, "&"))).text();
    expect(html).toContain("Newest entries");

    html = await (await clients.admin.get("/admin?action=user.recovery_sent")).text();
    const log = html.slice(html.indexOf('id="audit-log"'));
    expect(log).toContain("Sent a password recovery");
    expect(log).toContain(`href="/admin/users/${ids.member}"`);
    expect(log).toContain("[redacted]");
    expect(log).not.toContain("Archived a song</span>");
    // The selects keep the filter.
    expect(log).toMatch(/<option value="user.recovery_sent" selected="">/);

    // Unknown filter values are ignored, never passed on.
    const junk = await clients.admin.get("/admin?action=drop%20table&target=%3Cscript%3E&actor=x&before=-1");
    expect(junk.status).toBe(200);
    expect(await junk.text()).toContain("Archived a song");

    html = await (await clients.admin.get("/admin?action=member.featured")).text();
    expect(html).toContain("No entry matches these filters");
  });
});
