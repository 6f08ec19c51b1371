/**
 * The world THE AUTHORIZATION TABLE (route-table.ts) is walked in: a freshly
 * seeded database, the app's real request handler, one TestClient per
 * persona (signed in through the real /auth form) and the values that fill
 * the table's placeholders. For tests that walk every row with something
 * other than the table's own expectations (bad input, cache headers).
 */
import { DEMO_PAST_PARTY, DEMO_SCHEDULED_PARTY } from "~/party/seed.server";
import { DEMO_PAST_CAMP, DEMO_UPCOMING_CAMP } from "~/camps/demo-camps";
import { seedDemoData } from "~/demo/seed.server";
import { demoAccount, type DemoAccount } from "~/demo/accounts";
import { PENDING_AR_DEMO } from "~/ar/registration-demo";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "./database";
import { createAppHandler, TestClient, type AppHandler } from "./app-handler";
import type { Persona } from "./route-table";
import { DEMO_CAMP_SONGS, DEMO_MAYA_EMAIL } from "~/camps/demo-camp-songs";

/**
 * {campSessionId} and {campSongId} (ADR 0090): the past demo camp's first song
 * that names the demo member and has rough audio, and its session (which she is in).
 */
/** {pastPartyId} and {scheduledPartyId}: the demo listening parties (ADR 0092). */
export async function demoPartyPlaceholders(database: TestDatabase): Promise<Record<string, string>> {
  const idOf = async (title: string) => (await database.db.selectFrom("parties").select("id").where("title", "=", title).executeTakeFirstOrThrow()).id;
  return { "{pastPartyId}": await idOf(DEMO_PAST_PARTY.title), "{scheduledPartyId}": await idOf(DEMO_SCHEDULED_PARTY.title) };
}

export async function demoCampSongPlaceholders(database: TestDatabase): Promise<Record<string, string>> {
  const demo = DEMO_CAMP_SONGS.find((song) => song.roughAudio && song.group.includes(DEMO_MAYA_EMAIL))!;
  const row = await database.db
    .selectFrom("camp_songs as cs")
    .innerJoin("camps as c", "c.id", "cs.camp_id")
    .select(["cs.id", "cs.session_id"])
    .where("c.name", "=", DEMO_PAST_CAMP.name)
    .where("cs.working_title", "=", demo.workingTitle)
    .executeTakeFirstOrThrow();
  return { "{campSessionId}": row.session_id, "{campSongId}": row.id };
}

export const WORLD_PASSWORD = "route-table-password";

/**
 * Who a signed-in persona is: one of DESIGN §4's demo accounts, or the demo
 * collective's pending A&R (pendingar@, seeded by app/ar/seed-registrations.server.ts).
 */
export function personaAccount(persona: Exclude<Persona, "anonymous">): Pick<DemoAccount, "email" | "displayName" | "role" | "isAdmin"> {
  if (persona === "pendingAr") return { email: PENDING_AR_DEMO.email, displayName: PENDING_AR_DEMO.displayName, role: null, isAdmin: false };
  return demoAccount(persona);
}

export interface RouteTableWorld {
  database: TestDatabase;
  app: AppHandler;
  clients: Partial<Record<Persona, TestClient>>;
  /** Replaces the table's placeholders, also inside an encoded ?redirect= value. */
  fill(text: string): string;
  close(): Promise<void>;
}

export async function createRouteTableWorld(personas: readonly Persona[]): Promise<RouteTableWorld> {
  const database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: WORLD_PASSWORD });
  const users = await database.db.selectFrom("auth.users").select(["id", "email"]).execute();
  const idOf = (key: Parameters<typeof demoAccount>[0]) => users.find((u) => u.email === demoAccount(key).email)!.id;
  const songOf = async (status: "archived" | "catalogue") =>
    (await database.db.selectFrom("songs").select("id").where("status", "=", status).orderBy("title").executeTakeFirstOrThrow()).id;
  const placeholders: Record<string, string> = {
    "{publicMemberId}": idOf("member"),
    "{applicantId}": idOf("applicant"),
    "{archivedSongId}": await songOf("archived"),
    "{liveSongId}": await songOf("catalogue"),
    "{applicantTrackKey}": (
      await database.db
        .selectFrom("application_tracks as t")
        .innerJoin("applications as a", "a.id", "t.application_id")
        .select("t.track_key")
        .where("a.user_id", "=", idOf("applicant"))
        .where("t.mode", "=", "collab")
        .orderBy("t.position")
        .executeTakeFirstOrThrow()
    ).track_key,
    "{memberSubmissionId}": (
      await database.db.selectFrom("submissions").select("id").where("member_id", "=", idOf("member")).where("status", "=", "pending").orderBy("created_at").executeTakeFirstOrThrow()
    ).id,
    "{applicationId}": (
      await database.db.selectFrom("applications").select("id").where("user_id", "=", idOf("applicant")).where("status", "=", "pending").executeTakeFirstOrThrow()
    ).id,
    "{showcaseTrackId}": (
      await database.db.selectFrom("showcase_tracks").select("id").where("user_id", "=", idOf("member")).orderBy("position").executeTakeFirstOrThrow()
    ).id,
    "{briefId}": (
      await database.db
        .selectFrom("briefs")
        .select("id")
        .where("ar_id", "=", idOf("ar"))
        .where("status", "=", "open")
        .orderBy("created_at")
        .executeTakeFirstOrThrow()
    ).id,
    "{shortlistId}": (
      await database.db.selectFrom("shortlists").select("id").where("owner_id", "=", idOf("ar")).orderBy("created_at").orderBy("id").executeTakeFirstOrThrow()
    ).id,
    "{pastCampId}": (await database.db.selectFrom("camps").select("id").where("name", "=", DEMO_PAST_CAMP.name).executeTakeFirstOrThrow()).id,
    "{upcomingCampId}": (await database.db.selectFrom("camps").select("id").where("name", "=", DEMO_UPCOMING_CAMP.name).executeTakeFirstOrThrow()).id,
    ...(await demoCampSongPlaceholders(database)),
    ...(await demoPartyPlaceholders(database)),
  };

  const app = await createAppHandler();
  const clients: RouteTableWorld["clients"] = {};
  for (const persona of personas) {
    const client = new TestClient(app);
    if (persona !== "anonymous") await client.signIn(personaAccount(persona).email, WORLD_PASSWORD);
    clients[persona] = client;
  }

  return {
    database,
    app,
    clients,
    fill: (text) =>
      Object.entries(placeholders).reduce(
        (out, [token, value]) => out.split(token).join(value).split(encodeURIComponent(token)).join(encodeURIComponent(value)),
        text,
      ),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
