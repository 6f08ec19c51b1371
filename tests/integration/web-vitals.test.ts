/**
 * Page views and web vitals (SPEC §7 "speed insights and analytics", ADR
 * 0096) through the real request handler on a real, seeded database:
 *  - POST /api/vitals stores what a beacon says (the rating computed by the
 *    server) and answers 204; GET is 405;
 *  - malformed beacons are 400 (unknown route, metric, out-of-range or
 *    non-numeric value, none or too many entries), a JSON body 415, a
 *    cross-site post 403, and the address's budget 429; none stores anything;
 *  - the response never sets a cookie, even for a signed-in member whose
 *    session is due for a refresh (which any page would refresh), and the
 *    stored rows have no column that could name the sender;
 *  - the admin overview shows per route the page views and each metric's
 *    75th percentile, recounted here independently;
 *  - rows older than 90 days are pruned; the demo seeds a month of them.
 * The 413 for an oversized beacon is the real server's (body limits are
 * about sockets): tests/integration/monitoring-server.test.ts.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_VITALS_ROUTES } from "~/admin/statistics-vitals-seed.server";
import { startSessionClock } from "~/auth/session-activity.server";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { MAX_BEACON_ENTRIES, rateVital, VITAL_METRICS } from "~/enhance/vitals/metrics";
import { pruneWebVitals, VITALS_RATE_LIMIT } from "~/enhance/vitals/vitals.server";
import { createCookieJar } from "~/platform/auth/cookies.server";
import { createLocalAuth } from "~/platform/auth/local.server";
import { sessionIdOf } from "~/platform/auth/tokens.server";
import { consume } from "~/platform/rate-limit.server";
import { getRuntime } from "~/platform/runtime.server";
import { createAppHandler, TEST_ORIGIN, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "web-vitals-test-password";
let database: TestDatabase;
let app: AppHandler;
let admin: TestClient;

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  app = await createAppHandler();
  admin = new TestClient(app);
  await admin.signIn(demoAccount("admin").email, PASSWORD);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const count = async (query: string) => Number((await sql.raw<{ n: number }>(`select (${query})::int as n`).execute(database.db)).rows[0]!.n);
const rowCounts = async () => ({ views: await count("select count(*) from web_page_views"), vitals: await count("select count(*) from web_vitals") });

/** Each test posts from an address of its own, so the per-address budget of one never touches another. */
let addressCounter = 0;
const freshAddress = () => `192.0.2.${++addressCounter}`;

/** A beacon as report.client.ts sends it: an urlencoded form, same origin, from `address`. */
function beaconRequest(body: string, { address = freshAddress(), cookie, origin = TEST_ORIGIN, contentType = "application/x-www-form-urlencoded;charset=UTF-8" }: { address?: string; cookie?: string; origin?: string; contentType?: string } = {}) {
  const headers = new Headers({ "content-type": contentType, origin, host: new URL(TEST_ORIGIN).host, "x-forwarded-for": address });
  if (origin === TEST_ORIGIN) headers.set("sec-fetch-site", "same-origin");
  else headers.set("sec-fetch-site", "cross-site");
  if (cookie) headers.set("cookie", cookie);
  return new Request(new URL("/api/vitals", TEST_ORIGIN), { method: "POST", headers, body });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe("POST /api/vitals", () => {
  it("stores page views and metrics with the server's rating, and answers 204 with no cookie", async () => {
    const before = await rowCounts();
    const response = await app.handle(
      beaconRequest(
        form({
          "views[0]": "routes/catalogue/song",
          "views[1]": "routes/members/directory",
          "vitals[0].route": "routes/catalogue/song",
          "vitals[0].metric": "LCP",
          "vitals[0].value": "4321",
          "vitals[1].route": "routes/catalogue/song",
          "vitals[1].metric": "CLS",
          "vitals[1].value": "0.05",
          // What the browser calls the rating is not taken: the server rates the value itself.
          "vitals[1].rating": "poor",
        }),
      ),
    );
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    expect(await rowCounts()).toEqual({ views: before.views + 2, vitals: before.vitals + 2 });
    const stored = await database.db.selectFrom("web_vitals").select(["route_id", "metric", "value", "rating"]).orderBy("id", "desc").limit(2).execute();
    expect(stored.reverse()).toEqual([
      { route_id: "routes/catalogue/song", metric: "LCP", value: 4321, rating: "poor" },
      { route_id: "routes/catalogue/song", metric: "CLS", value: 0.05, rating: "good" },
    ]);
  });

  it("answers GET with 405", async () => {
    const response = await admin.get("/api/vitals");
    expect(response.status).toBe(405);
  });

  it.each([
    ["an unknown route", { "views[0]": "routes/no/such-route" }],
    ["a URL instead of a route id", { "views[0]": "/song/123" }],
    ["an unknown metric", { "vitals[0].route": "routes/home/landing", "vitals[0].metric": "FID", "vitals[0].value": "12" }],
    ["a value that is not a number", { "vitals[0].route": "routes/home/landing", "vitals[0].metric": "LCP", "vitals[0].value": "fast" }],
    ["a negative value", { "vitals[0].route": "routes/home/landing", "vitals[0].metric": "TTFB", "vitals[0].value": "-5" }],
    ["a value out of the metric's range", { "vitals[0].route": "routes/home/landing", "vitals[0].metric": "CLS", "vitals[0].value": "55" }],
    ["an infinite value", { "vitals[0].route": "routes/home/landing", "vitals[0].metric": "LCP", "vitals[0].value": "Infinity" }],
    ["no entry at all", {}],
  ])("refuses %s with 400 and stores nothing", async (_case, fields) => {
    const before = await rowCounts();
    const response = await app.handle(beaconRequest(form(fields)));
    expect(response.status).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it(`refuses more than ${MAX_BEACON_ENTRIES} entries with 400`, async () => {
    const before = await rowCounts();
    const fields: Record<string, string> = {};
    for (let i = 0; i < MAX_BEACON_ENTRIES - 5; i++) fields[`views[${i}]`] = "routes/home/landing";
    for (let i = 0; i < 6; i++) Object.assign(fields, { [`vitals[${i}].route`]: "routes/home/landing", [`vitals[${i}].metric`]: "TTFB", [`vitals[${i}].value`]: "100" });
    const response = await app.handle(beaconRequest(form(fields)));
    expect(response.status).toBe(400);
    expect(await rowCounts()).toEqual(before);
    // Exactly the cap is a beacon.
    delete fields["views[0]"];
    const renumbered = new URLSearchParams();
    let view = 0;
    for (const [key, value] of Object.entries(fields)) renumbered.append(key.startsWith("views[") ? `views[${view++}]` : key, value);
    expect((await app.handle(beaconRequest(renumbered.toString()))).status).toBe(204);
  });

  it("refuses a body that is not a form with 415", async () => {
    const before = await rowCounts();
    const response = await app.handle(beaconRequest(JSON.stringify({ views: ["routes/home/landing"] }), { contentType: "application/json" }));
    expect(response.status).toBe(415);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a cross-site post with 403", async () => {
    const before = await rowCounts();
    const response = await app.handle(beaconRequest(form({ "views[0]": "routes/home/landing" }), { origin: "https://elsewhere.example" }));
    expect(response.status).toBe(403);
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 429 with Retry-After once an address has spent its budget, and other addresses still count", async () => {
    const address = freshAddress();
    for (let i = 0; i < VITALS_RATE_LIMIT.limit; i++) await consume(database.db, VITALS_RATE_LIMIT, address);
    const before = await rowCounts();
    const limited = await app.handle(beaconRequest(form({ "views[0]": "routes/home/landing" }), { address }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await rowCounts()).toEqual(before);
    expect((await app.handle(beaconRequest(form({ "views[0]": "routes/home/landing" })))).status).toBe(204);
  });
});

describe("privacy", () => {
  /** The member's session, issued with `ttlSeconds` left: under 10 minutes, any page refreshes it (SPEC §4). */
  async function memberSessionCookie(ttlSeconds: number) {
    const port = createLocalAuth({ db: database.db, secret: getRuntime().sessionSecret, messages: getRuntime().messages, accessTokenTtlSeconds: ttlSeconds });
    const jar = createCookieJar(null);
    const result = await port.client(jar).signInWithPassword({ email: demoAccount("member").email, password: PASSWORD });
    if (result.error) throw result.error;
    await startSessionClock(database.db, sessionIdOf(result.data.access_token)!, result.data.user.id);
    return jar.getAll().map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join("; ");
  }

  it("never sets a cookie, even for a member whose session any page would refresh now", async () => {
    const cookie = await memberSessionCookie(5 * 60);
    const response = await app.handle(beaconRequest(form({ "views[0]": "routes/members/dashboard" }), { cookie }));
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toEqual([]);
    // The same session on a page: refreshed, with new cookies (so the check above can fail).
    const page = await app.handle(new Request(new URL("/", TEST_ORIGIN), { headers: { cookie, "sec-fetch-site": "same-origin" } }));
    expect(page.headers.getSetCookie().length).toBeGreaterThan(0);
  });

  it("stores nothing that links a row to a person: no user, no address, no session", async () => {
    const member = await database.db.selectFrom("auth.users").select("id").where("email", "=", demoAccount("member").email).executeTakeFirstOrThrow();
    const cookie = await memberSessionCookie(60 * 60);
    const address = "198.51.100.23";
    const response = await app.handle(
      beaconRequest(form({ "views[0]": "routes/members/profile", "vitals[0].route": "routes/members/profile", "vitals[0].metric": "INP", "vitals[0].value": "120" }), { cookie, address }),
    );
    expect(response.status).toBe(204);
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
       where table_schema = 'public' and table_name in ('web_page_views', 'web_vitals')
       order by table_name, ordinal_position`.execute(database.db);
    expect(columns.rows.map((row) => `${row.table_name}.${row.column_name}`)).toEqual([
      "web_page_views.id",
      "web_page_views.route_id",
      "web_page_views.viewed_at",
      "web_vitals.id",
      "web_vitals.route_id",
      "web_vitals.metric",
      "web_vitals.value",
      "web_vitals.rating",
      "web_vitals.recorded_at",
    ]);
    const everything = JSON.stringify([
      ...(await database.db.selectFrom("web_page_views").selectAll().execute()),
      ...(await database.db.selectFrom("web_vitals").selectAll().execute()),
    ]);
    expect(everything).not.toContain(member.id);
    expect(everything).not.toContain(address);
  });
});

describe("the admin overview", () => {
  /** percentile_cont(0.75), computed here: linear interpolation between the closest ranks. */
  function p75(values: number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    const rank = 0.75 * (sorted.length - 1);
    const low = Math.floor(rank);
    return sorted[low]! + (sorted[Math.ceil(rank)]! - sorted[low]!) * (rank - low);
  }

  it("shows each route's page views and p75 of every web vital of the last 28 days, with Google's rating", async () => {
    const route = "routes/catalogue/song";
    // An old row (outside the 28 days) must not count.
    await database.db.insertInto("web_page_views").values({ route_id: route, viewed_at: new Date(Date.now() - 40 * 86_400_000) }).execute();
    await database.db.insertInto("web_vitals").values({ route_id: route, metric: "LCP", value: 99_000, rating: "poor", recorded_at: new Date(Date.now() - 40 * 86_400_000) }).execute();

    const since = new Date(Date.now() - 28 * 86_400_000);
    const views = Number(
      (await database.db.selectFrom("web_page_views").select(sql<number>`count(*)::int`.as("n")).where("route_id", "=", route).where("viewed_at", ">=", since).executeTakeFirstOrThrow()).n,
    );
    const html = await (await admin.get("/admin")).text();
    const row = new RegExp(`<tr data-route-id="${route.replace(/\//g, "\\/")}">([\\s\\S]*?)</tr>`).exec(html)?.[1];
    expect(row, "the song page's row").toBeTruthy();
    expect(row).toContain("/song/:songId");
    expect(/<td[^>]*data-views[^>]*>([\d,]+)<\/td>/.exec(row!)?.[1]?.replace(/,/g, "")).toBe(String(views));

    for (const metric of VITAL_METRICS) {
      const values = (
        await database.db.selectFrom("web_vitals").select("value").where("route_id", "=", route).where("metric", "=", metric).where("recorded_at", ">=", since).execute()
      ).map((r) => Number(r.value));
      expect(values.length, `${metric} samples`).toBeGreaterThan(0);
      const expected = metric === "CLS" ? Math.round(p75(values) * 10_000) / 10_000 : Math.round(p75(values));
      const cell = new RegExp(`<td data-metric="${metric}" data-rating="([a-z-]+)">([\\s\\S]*?)</td>`).exec(row!);
      expect(cell?.[1], `${metric} rating`).toBe(rateVital(metric, expected));
      const shown = metric === "CLS" ? expected.toFixed(2) : `${new Intl.NumberFormat("en-GB").format(expected)} ms`;
      expect(cell?.[2]).toContain(shown);
      expect(cell?.[2]).toContain(`${values.length} sample`);
    }
    // Charts: page views and each metric, as named images.
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*>\s*<title[^>]*>Page views per route<\/title>/);
    for (const metric of VITAL_METRICS) expect(html).toMatch(new RegExp(`<svg[^>]*role="img"[^>]*>\\s*<title[^>]*>${metric} per route \\(75th percentile\\)</title>`));
    expect(html).not.toContain("The speed and visit figures could not be read");
  });
});

describe("housekeeping and demo data", () => {
  beforeEach(async () => {
    await sql`delete from web_page_views where route_id = 'routes/ar/landing'`.execute(database.db);
    await sql`delete from web_vitals where route_id = 'routes/ar/landing'`.execute(database.db);
  });

  it("prunes rows older than 90 days and keeps younger ones", async () => {
    const day = 86_400_000;
    await database.db
      .insertInto("web_page_views")
      .values([
        { route_id: "routes/ar/landing", viewed_at: new Date(Date.now() - 91 * day) },
        { route_id: "routes/ar/landing", viewed_at: new Date(Date.now() - 89 * day) },
      ])
      .execute();
    await database.db
      .insertInto("web_vitals")
      .values([
        { route_id: "routes/ar/landing", metric: "TTFB", value: 100, rating: "good", recorded_at: new Date(Date.now() - 91 * day) },
        { route_id: "routes/ar/landing", metric: "TTFB", value: 100, rating: "good", recorded_at: new Date(Date.now() - 89 * day) },
      ])
      .execute();
    expect(await pruneWebVitals(database.db)).toBeGreaterThanOrEqual(2);
    expect(await count("select count(*) from web_page_views where route_id = 'routes/ar/landing'")).toBe(1);
    expect(await count("select count(*) from web_vitals where route_id = 'routes/ar/landing'")).toBe(1);
  });

  it("the demo seeds a month of page views and every metric on each of its routes", async () => {
    for (const { routeId } of DEMO_VITALS_ROUTES) {
      expect(await count(`select count(*) from web_page_views where route_id = '${routeId}'`), routeId).toBeGreaterThan(5);
      expect(await count(`select count(distinct metric) from web_vitals where route_id = '${routeId}'`), routeId).toBe(4);
    }
    // Each rating shows at least once, so the overview's colours and words all appear on a fresh install.
    expect(await count("select count(distinct rating) from web_vitals")).toBe(3);
  });
});
