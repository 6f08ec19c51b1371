/**
 * Walks THE AUTHORIZATION TABLE (tests/support/route-table.ts): every route of
 * SPEC §2, for every persona, with a GET and with a POST, through the app's
 * real request handler, on a freshly seeded database, with sessions made by
 * the real sign-in form. A row fails with the list of personas whose answer
 * differs from the table.
 */
import { DEMO_PAST_CAMP, DEMO_UPCOMING_CAMP } from "~/camps/demo-camps";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "~/demo/seed.server";
import { demoAccount } from "~/demo/accounts";
import { navigationFor } from "~/routing/registry.server";
import type { Viewer } from "~/auth/viewer";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { API_ROUTES, ISSUE_ROUTES, NOT_WALKED, PERSONAS, ROUTE_TABLE, SPEC_ROUTES, type Outcome, type Persona } from "../support/route-table";
import { declaredRoutes } from "../support/route-declarations";
import { demoCampSongPlaceholders, demoPartyPlaceholders, personaAccount } from "../support/route-table-world";

const PASSWORD = "route-table-password";
const SIGNED_IN: Exclude<Persona, "anonymous">[] = ["applicant", "pendingAr", "member", "ar", "admin"];

let database: TestDatabase;
let app: AppHandler;
const clients = {} as Record<Persona, TestClient>;
const placeholders: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  const users = await database.db.selectFrom("auth.users").select(["id", "email"]).execute();
  const idOf = (key: Parameters<typeof demoAccount>[0]) => users.find((u) => u.email === demoAccount(key).email)!.id;
  placeholders["{publicMemberId}"] = idOf("member");
  placeholders["{applicantId}"] = idOf("applicant");
  const songOf = async (status: "archived" | "catalogue") =>
    (await database.db.selectFrom("songs").select("id").where("status", "=", status).orderBy("title").executeTakeFirstOrThrow()).id;
  placeholders["{archivedSongId}"] = await songOf("archived");
  placeholders["{liveSongId}"] = await songOf("catalogue");
  placeholders["{applicantTrackKey}"] = (
    await database.db
      .selectFrom("application_tracks as t")
      .innerJoin("applications as a", "a.id", "t.application_id")
      .select("t.track_key")
      .where("a.user_id", "=", idOf("applicant"))
      .where("t.mode", "=", "collab")
      .orderBy("t.position")
      .executeTakeFirstOrThrow()
  ).track_key;
  placeholders["{applicationId}"] = (
    await database.db.selectFrom("applications").select("id").where("user_id", "=", idOf("applicant")).where("status", "=", "pending").executeTakeFirstOrThrow()
  ).id;
  placeholders["{memberSubmissionId}"] = (
    await database.db.selectFrom("submissions").select("id").where("member_id", "=", idOf("member")).where("status", "=", "pending").orderBy("created_at").executeTakeFirstOrThrow()
  ).id;
  placeholders["{showcaseTrackId}"] = (
    await database.db.selectFrom("showcase_tracks").select("id").where("user_id", "=", idOf("member")).orderBy("position").executeTakeFirstOrThrow()
  ).id;
  placeholders["{briefId}"] = (
    await database.db.selectFrom("briefs").select("id").where("ar_id", "=", idOf("ar")).where("status", "=", "open").orderBy("created_at").executeTakeFirstOrThrow()
  ).id;
  placeholders["{shortlistId}"] = (
    await database.db.selectFrom("shortlists").select("id").where("owner_id", "=", idOf("ar")).orderBy("created_at").orderBy("id").executeTakeFirstOrThrow()
  ).id;
  placeholders["{pastCampId}"] = (await database.db.selectFrom("camps").select("id").where("name", "=", DEMO_PAST_CAMP.name).executeTakeFirstOrThrow()).id;
  placeholders["{upcomingCampId}"] = (await database.db.selectFrom("camps").select("id").where("name", "=", DEMO_UPCOMING_CAMP.name).executeTakeFirstOrThrow()).id;
  Object.assign(placeholders, await demoCampSongPlaceholders(database));
  Object.assign(placeholders, await demoPartyPlaceholders(database));

  app = await createAppHandler();
  clients.anonymous = new TestClient(app);
  for (const persona of SIGNED_IN) {
    clients[persona] = new TestClient(app);
    await clients[persona].signIn(personaAccount(persona).email, PASSWORD);
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Replaces placeholders, also inside an encoded ?redirect= value. */
function fill(text: string): string {
  return Object.entries(placeholders).reduce(
    (out, [token, value]) => out.split(token).join(value).split(encodeURIComponent(token)).join(encodeURIComponent(value)),
    text,
  );
}

function describeOutcome(outcome: Outcome): string {
  return "redirect" in outcome ? `redirect ${fill(outcome.redirect)}` : `status ${outcome.status}`;
}

async function actual(persona: Persona, method: "GET" | "POST", path: string): Promise<string> {
  const response = await clients[persona].request(method, path);
  await response.text();
  if (response.status >= 300 && response.status < 400) return `redirect ${locationOf(response)}`;
  return `status ${response.status}`;
}

describe("the table covers SPEC §2", () => {
  it("has a row for every route of SPEC §2 and no route SPEC does not name", () => {
    const covered = new Set(ROUTE_TABLE.map((row) => row.route));
    expect(SPEC_ROUTES.filter((route) => !covered.has(route))).toEqual([]);
    const known = [...SPEC_ROUTES, ...API_ROUTES, ...ISSUE_ROUTES] as readonly string[];
    expect([...covered].filter((route) => !known.includes(route))).toEqual([]);
  });
});

describe("sessions", () => {
  it("each persona is signed in as who the table assumes", async () => {
    for (const persona of SIGNED_IN) {
      const response = await clients[persona].get("/dashboard");
      expect(response.status, persona).toBe(200);
      expect(await response.text()).toMatch(new RegExp(`Good (morning|afternoon|evening), ${personaAccount(persona).displayName}<`));
    }
  });
});

for (const method of ["GET", "POST"] as const) {
  describe(`${method} every route as every persona`, () => {
    for (const row of ROUTE_TABLE) {
      it(`${method} ${row.path} (${row.declared.access}, ${row.declared.file})`, async () => {
        const path = fill(row.path);
        const expected = method === "GET" ? row.get : row.post;
        const mismatches: string[] = [];
        for (const persona of PERSONAS) {
          const want = describeOutcome(expected[persona]);
          const got = await actual(persona, method, path);
          if (got !== want) mismatches.push(`${persona}: expected ${want}, got ${got}`);
        }
        expect(mismatches).toEqual([]);
      });
    }
  });
}

describe("the header only offers what the table allows", () => {
  it("every navigation link of a persona is a page that persona may open", async () => {
    const viewers: Record<Persona, Viewer | null> = { anonymous: null } as Record<Persona, Viewer | null>;
    for (const persona of SIGNED_IN) {
      const account = personaAccount(persona);
      viewers[persona] = { id: "", email: account.email, displayName: account.displayName, role: account.role, isAdmin: account.isAdmin };
    }
    const problems: string[] = [];
    for (const persona of PERSONAS) {
      for (const item of navigationFor(viewers[persona])) {
        const got = await actual(persona, "GET", item.to);
        if (got !== "status 200") problems.push(`${persona} -> ${item.to}: ${got}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("the walk itself", () => {
  it("left every session signed in (no request above signed anyone out)", async () => {
    for (const persona of SIGNED_IN) expect(await actual(persona, "GET", "/dashboard"), persona).toBe("status 200");
  });
});

describe("the table is derived from the declarations", () => {
  it("has a row for every route the map mounts, except those it says it leaves out", () => {
    const walked = new Set(ROUTE_TABLE.map((row) => row.declared.pattern));
    const missing = declaredRoutes()
      .map((route) => route.pattern)
      .filter((pattern) => !walked.has(pattern) && !(pattern in NOT_WALKED));
    expect(missing).toEqual([]);
  });
});
