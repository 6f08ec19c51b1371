/**
 * Split sheets become credits, and the camp review (issue 13 §4 second half
 * and §5; docs/decisions/0091-split-sheets-become-credits.md), through the
 * real request handler (the forms as a browser without JavaScript posts
 * them: multipart for the submission), on a real database and real files in
 * the runtime's storage. The sheets are written and confirmed with the split
 * sheet's own functions (app/camps/split-sheets.server.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalUser } from "~/auth/users.server";
import { DEMO_CAMP_SONGS } from "~/camps/demo-camp-songs";
import { DEMO_PAST_CAMP, DEMO_UPCOMING_CAMP } from "~/camps/demo-camps";
import { CAMP_CREDITS_TEXT, CAMP_SONG_STATUS_LABELS, REVIEW_TEXT } from "~/camps/review-text";
import { campReview, campSongStatus } from "~/camps/review.server";
import { DEMO_CAMP_OUTCOME_COUNTS } from "~/camps/seed-outcomes.server";
import { ensureCampSessions } from "~/camps/sessions.server";
import { confirmShare, getSplitSheet, saveSplitSheet } from "~/camps/split-sheets.server";
import { AUDIO_BUCKET } from "~/catalog/constants";
import type { Credit } from "~/catalog/types";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { getRuntime } from "~/platform/runtime.server";
import { localStorageRoot } from "~/platform/storage/index.server";
import { isSecondLiveSubmission, sheetCredits } from "~/submissions/camp-song.server";
import { createAppHandler, locationOf, TEST_ORIGIN, TestClient, type AppHandler } from "../support/app-handler";
import { wavFile } from "../support/audio-files";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "camp-credits-test-password";
const E = CAMP_CREDITS_TEXT.errors;
let database: TestDatabase;
let app: AppHandler;
const ids: Record<string, string> = {};
const clients: Record<string, TestClient> = {};
const DAY = 24 * 3600_000;

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  for (const key of ["member", "admin", "ar"] as const) {
    ids[key] = (await database.db.selectFrom("auth.users").select("id").where("email", "=", demoAccount(key).email).executeTakeFirstOrThrow()).id;
  }
  app = await createAppHandler();
  for (const key of ["admin", "ar"] as const) {
    clients[key] = new TestClient(app);
    await clients[key].signIn(demoAccount(key).email, PASSWORD);
  }
}, 300_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

// ---------------------------------------------------------------------------
// People, camps, songs and sheets of the tests' own

interface Person {
  id: string;
  name: string;
  email: string;
  client: TestClient;
}

let counter = 0;
async function newMember(label = "Camper"): Promise<Person> {
  const n = ++counter;
  const email = `camp-credits-${n}-${Date.now()}@example.test`;
  const name = `${label} ${n}`;
  const user = await createLocalUser(database.db, { email, password: PASSWORD, displayName: name, role: "accepted_member", confirmed: true });
  await database.db
    .insertInto("profiles")
    .values({ user_id: user.id, role: "accepted_member", display_name: name, public_profile: true, onboarding_completed: true })
    .execute();
  // A phone on the account, to show it never reaches a page.
  await database.db.updateTable("auth.users").set({ phone: `+4420700${String(n).padStart(5, "0")}` }).where("id", "=", user.id).execute();
  const client = new TestClient(app);
  await client.signIn(email, PASSWORD);
  return { id: user.id, name, email, client };
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

interface Camp {
  id: string;
  sessions: { id: string; day: string; roomName: string }[];
}

/** A camp of two rooms and one slot a day (days from `startsIn`), with its participants accepted. */
async function newCamp(options: { startsIn: number; days?: number; people: Person[]; declined?: Person[]; invited?: Person[] }): Promise<Camp> {
  const n = ++counter;
  const days = options.days ?? 2;
  const camp = await database.db
    .insertInto("camps")
    .values({ name: `Credits Camp ${n}`, venue: "Test Studios", time_zone: "Europe/Lisbon", starts_on: isoDay(options.startsIn), ends_on: isoDay(options.startsIn + days - 1) })
    .returning("id")
    .executeTakeFirstOrThrow();
  await database.db.insertInto("camp_rooms").values([
    { camp_id: camp.id, name: "Studio A", capacity: 4, position: 0 },
    { camp_id: camp.id, name: "Studio B", capacity: 4, position: 1 },
  ]).execute();
  await database.db.insertInto("camp_slots").values({ camp_id: camp.id, starts_at: "10:00", ends_at: "13:00", position: 0 }).execute();
  await ensureCampSessions(database.db, camp.id);
  const allDays = Array.from({ length: days }, (_, i) => isoDay(options.startsIn + i));
  const invite = (people: Person[], status: "accepted" | "declined" | "invited") =>
    people.length === 0
      ? Promise.resolve()
      : database.db
          .insertInto("camp_invitations")
          .values(people.map((p) => ({ camp_id: camp.id, member_id: p.id, camp_role: "writer" as const, status, available_days: status === "accepted" ? allDays : [] })))
          .execute()
          .then(() => undefined);
  await invite(options.people, "accepted");
  await invite(options.declined ?? [], "declined");
  await invite(options.invited ?? [], "invited");
  const sessions = await database.db
    .selectFrom("camp_sessions as s")
    .innerJoin("camp_rooms as r", "r.id", "s.room_id")
    .select(["s.id", "s.day", "r.name as roomName"])
    .where("s.camp_id", "=", camp.id)
    .orderBy("s.day")
    .orderBy("r.position")
    .execute();
  return { id: camp.id, sessions };
}

async function seat(camp: Camp, sessionId: string, people: Person[]) {
  const session = await database.db.selectFrom("camp_sessions").select(["id", "camp_id", "day", "slot_id"]).where("id", "=", sessionId).executeTakeFirstOrThrow();
  await database.db
    .insertInto("camp_session_members")
    .values(people.map((p) => ({ session_id: session.id, camp_id: camp.id, day: session.day, slot_id: session.slot_id, member_id: p.id })))
    .execute();
}

async function newCampSong(camp: Camp, sessionId: string, title: string): Promise<string> {
  const row = await database.db.insertInto("camp_songs").values({ camp_id: camp.id, session_id: sessionId, working_title: title }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

const actor = (p: Person) => ({ id: p.id, displayName: p.name, isAdmin: false });

/** Writes a sheet with the split sheet's own function; `confirm` says who confirms their row. */
async function writeSheet(campSongId: string, by: Person, rows: { person?: Person; guest?: string; role: Credit["role"]; share: number }[], confirm: Person[]) {
  const before = await getSplitSheet(database.db, campSongId);
  const saved = await saveSplitSheet(database.db, {
    campSongId,
    version: before!.version,
    rows: rows.map((r) => ({ memberId: r.person?.id ?? null, name: r.person?.name ?? r.guest ?? "", role: r.role, share: r.share })),
    actor: actor(by),
    link: "/camps",
  });
  expect(saved.ok).toBe(true);
  const sheet = await getSplitSheet(database.db, campSongId);
  for (const person of confirm) {
    const row = sheet!.rows.find((r) => r.memberId === person.id)!;
    const confirmed = await confirmShare(database.db, { campSongId, rowId: row.id, version: sheet!.version, actor: actor(person) });
    expect(confirmed.ok).toBe(true);
  }
  return (await getSplitSheet(database.db, campSongId))!;
}

// ---------------------------------------------------------------------------
// Posting like a browser

function headersFor(client: TestClient): Headers {
  const headers = new Headers({ "sec-fetch-site": "same-origin", host: new URL(TEST_ORIGIN).host, origin: TEST_ORIGIN });
  const cookie = client.jar.header();
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

async function postMultipart(client: TestClient, form: FormData, target: string): Promise<Response> {
  const response = await app.handle(new Request(new URL(target, TEST_ORIGIN), { method: "POST", headers: headersFor(client), body: form, redirect: "manual" }));
  client.jar.update(response);
  return response;
}

/** The camp song form as the page renders it, plus credit rows a forger added (they must be ignored). */
function campSongForm(campSongId: string, overrides: Record<string, string> = {}): FormData {
  const fields: Record<string, string> = {
    intent: "submitCampSong",
    campSongId,
    title: "Finished Title",
    genre: "Pop",
    moods: "uplifting",
    bpm: "110",
    musicalKey: "C major",
    vocalType: "female",
    lyrics: "",
    // Forged credits: the sheet's are used whatever is posted.
    "credits[0].name": "Forger",
    "credits[0].memberId": "",
    "credits[0].role": "writer",
    "credits[0].split": "100",
    ...overrides,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("audio", new File([wavFile({ seconds: 2 }) as Uint8Array<ArrayBuffer>], "song.wav", { type: "audio/wav" }));
  return form;
}

/** Text as React writes it into HTML. */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

const submitPath = (campSongId: string) => `/submissions?campSong=${campSongId}`;

/** The messages of an error list the page rendered, by its element id. */
function errorsIn(html: string, id: string): string[] {
  const match = new RegExp(`<ul id="${id}"[^>]*>(.*?)</ul>`, "s").exec(html);
  return match ? [...match[1]!.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, "&")) : [];
}

const submissionsOf = (memberId: string) => database.db.selectFrom("submissions").selectAll().where("member_id", "=", memberId).execute();

function filesOf(memberId: string): string[] {
  const dir = path.join(localStorageRoot(getRuntime().env.dataDir), AUDIO_BUCKET, "submissions", memberId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function expectNothingStored(memberId: string) {
  expect(await submissionsOf(memberId)).toEqual([]);
  expect(filesOf(memberId)).toEqual([]);
  expect(await database.db.selectFrom("storage_objects").select("path").where("path", "like", `submissions/${memberId}/%`).execute()).toEqual([]);
}

const creditsOf = async (songId: string): Promise<Credit[]> =>
  (await database.db.selectFrom("song_credits").select(["name", "member_id", "role", "split"]).where("song_id", "=", songId).orderBy("position").execute()).map((c) => ({
    name: c.name,
    memberId: c.member_id,
    role: c.role,
    split: Number(c.split),
  }));

const stampOf = async (id: string) =>
  (await sql<{ stamp: string }>`select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as stamp from songs where id = ${id}`.execute(database.db)).rows[0]!.stamp;

const auditOf = (songId: string, action: string) =>
  database.db.selectFrom("admin_audit_log").selectAll().where("target_id", "=", songId).where("action", "=", action).orderBy("id").execute();

function creditsForm(stamp: string, credits: Credit[]): Record<string, string> {
  const fields: Record<string, string> = { intent: "credits", updatedAt: stamp, rows: String(credits.length + 1) };
  credits.forEach((c, i) => {
    fields[`credits[${i}].name`] = c.name;
    fields[`credits[${i}].memberId`] = c.memberId ?? "";
    fields[`credits[${i}].role`] = c.role;
    fields[`credits[${i}].split`] = String(c.split);
  });
  for (const f of ["name", "memberId", "role", "split"]) fields[`credits[${credits.length}].${f}`] = "";
  return fields;
}

// ---------------------------------------------------------------------------

describe("submitting a camp song", () => {
  let maya: Person, felix: Person, guestHost: Person, outsider: Person, sameCamp: Person;
  let camp: Camp;
  let incompleteId: string, completeId: string;
  let sheetOfComplete: Credit[];

  beforeAll(async () => {
    [maya, felix, guestHost, outsider, sameCamp] = await Promise.all([newMember("Maya"), newMember("Felix"), newMember("Host"), newMember("Outsider"), newMember("Neighbour")]);
    camp = await newCamp({ startsIn: -10, people: [maya, felix, guestHost, sameCamp] });
    // The session is Maya and Felix (every split sheet names everyone in its session).
    await seat(camp, camp.sessions[0]!.id, [maya, felix]);
    await seat(camp, camp.sessions[1]!.id, [sameCamp]);
    incompleteId = await newCampSong(camp, camp.sessions[0]!.id, "Half Confirmed");
    await writeSheet(incompleteId, maya, [{ person: maya, role: "topliner", share: 50 }, { person: felix, role: "producer", share: 50 }], [maya]);
    completeId = await newCampSong(camp, camp.sessions[0]!.id, "All Confirmed");
    const sheet = await writeSheet(
      completeId,
      maya,
      [
        { person: maya, role: "topliner", share: 33.34 },
        { person: felix, role: "producer", share: 33.33 },
        { guest: "Marta Guest", role: "writer", share: 33.33 },
      ],
      [maya, felix],
    );
    // The guest's row is confirmed by an admin, as the sheet's rules say.
    const guestRow = sheet.rows.find((r) => r.memberId === null)!;
    expect((await confirmShare(database.db, { campSongId: completeId, rowId: guestRow.id, version: sheet.version, actor: { id: ids.admin!, displayName: "Admin", isAdmin: true } })).ok).toBe(true);
    sheetOfComplete = sheetCredits((await getSplitSheet(database.db, completeId))!);
  }, 120_000);

  it("shows the form prefilled with the working title and the sheet's credits read-only", async () => {
    const html = await (await maya.client.get(submitPath(completeId))).text();
    expect(html).toContain(escaped(CAMP_CREDITS_TEXT.submittingCampSong("All Confirmed")));
    expect(html).toMatch(/name="title"[^>]*value="All Confirmed"/);
    expect(html).toContain(`name="campSongId" value="${completeId}"`);
    expect(html).toContain("Credits from the split sheet of Credits Camp");
    expect(html).toContain("Marta Guest");
    // No editable credit rows: the sheet's are the credits.
    expect(html).not.toContain('name="credits[0].name"');
    // Nobody else's e-mail, nobody's phone.
    for (const p of [felix, guestHost]) expect(html).not.toContain(p.email);
    expect(html).not.toContain("+4420700");
  });

  it("refuses a sheet not everyone has confirmed: 409 under the form, nothing stored, no file left", async () => {
    const page = await (await maya.client.get(submitPath(incompleteId))).text();
    expect(page).toContain(E.notComplete);
    const response = await postMultipart(maya.client, campSongForm(incompleteId), submitPath(incompleteId));
    expect(response.status).toBe(409);
    expect(errorsIn(await response.text(), "submission-campSongId-error")).toEqual([E.notComplete]);
    await expectNothingStored(maya.id);
  });

  it("refuses a member neither in the session nor on the sheet (403), someone outside the camp and unknown ids (404), a malformed id (400)", async () => {
    const neighbour = await postMultipart(sameCamp.client, campSongForm(completeId), submitPath(completeId));
    expect(neighbour.status).toBe(403);
    expect(errorsIn(await neighbour.text(), "submission-campSongId-error")).toEqual([E.notInSession]);
    await expectNothingStored(sameCamp.id);

    const stranger = await postMultipart(outsider.client, campSongForm(completeId), submitPath(completeId));
    expect(stranger.status).toBe(404);
    const strangerPage = await stranger.text();
    expect(errorsIn(strangerPage, "submission-campSongId-error")).toEqual([E.unknown]);
    // The stranger learns nothing of the sheet.
    expect(strangerPage).not.toContain("Marta Guest");
    expect(await (await outsider.client.get(submitPath(completeId))).text()).not.toContain("Marta Guest");
    await expectNothingStored(outsider.id);

    const unknown = await postMultipart(maya.client, campSongForm("00000000-0000-4000-8000-000000000000"), submitPath(completeId));
    expect(unknown.status).toBe(404);
    const malformed = await postMultipart(maya.client, campSongForm("not-a-camp-song"), submitPath(completeId));
    expect(malformed.status).toBe(400);
    expect(errorsIn(await malformed.text(), "submission-campSongId-error")).toEqual([E.unknown]);
    await expectNothingStored(maya.id);
  });

  let submissionId: string;
  it("stores a complete sheet's submission with the sheet's credits (the posted ones ignored) and the camp song's id", async () => {
    const response = await postMultipart(maya.client, campSongForm(completeId, { title: "Finished <b>Title</b>" }), submitPath(completeId));
    expect(response.status).toBe(302);
    const [row] = await submissionsOf(maya.id);
    submissionId = row!.id;
    expect(locationOf(response)).toBe(`/submissions/${row!.id}`);
    expect(row).toMatchObject({ title: "Finished Title", camp_song_id: completeId, status: "pending" });
    expect(row!.credits).toEqual(sheetOfComplete);
    expect(sheetOfComplete).toEqual([
      { name: maya.name, memberId: maya.id, role: "topliner", split: 33.34 },
      { name: felix.name, memberId: felix.id, role: "producer", split: 33.33 },
      { name: "Marta Guest", memberId: null, role: "writer", split: 33.33 },
    ]);
    expect(filesOf(maya.id)).toHaveLength(1);
    // The sheet is now locked by the live submission.
    expect((await getSplitSheet(database.db, completeId))!.locked).toBe(true);
    expect(await campSongStatus(database.db, completeId)).toMatchObject({ status: "submitted", submissionId: row!.id });
    // Her submission's page says where it came from.
    const page = await (await maya.client.get(`/submissions/${row!.id}`)).text();
    expect(page).toContain(escaped(CAMP_CREDITS_TEXT.fromCampSong(await campName(camp.id), "All Confirmed")));
  });

  it("refuses a second live submission of the same camp song (another member of the sheet, a replayed post)", async () => {
    const second = await postMultipart(felix.client, campSongForm(completeId), submitPath(completeId));
    expect(second.status).toBe(409);
    expect(errorsIn(await second.text(), "submission-campSongId-error")).toEqual([E.alreadySubmitted]);
    await expectNothingStored(felix.id);
    const replay = await postMultipart(maya.client, campSongForm(completeId), submitPath(completeId));
    expect(replay.status).toBe(409);
    expect(await submissionsOf(maya.id)).toHaveLength(1);
    expect(filesOf(maya.id)).toHaveLength(1);
  });

  it("the database's unique index is the last word on a second live submission, read as the same refusal", async () => {
    const [row] = await submissionsOf(maya.id);
    const { id: _id, created_at: _c, updated_at: _u, ...copy } = row!;
    // Its own audio (a submission's file is its own), as if the checks had both passed at once.
    const audioPath = `submissions/${felix.id}/race.wav`;
    await database.db.insertInto("storage_objects").values({ bucket: AUDIO_BUCKET, path: audioPath, content_type: "audio/wav", size_bytes: 10, sha256: "0".repeat(64), kind: "audio", uploaded_by: felix.id }).execute();
    const error = await database.db
      .insertInto("submissions")
      .values({ ...copy, member_id: felix.id, audio_path: audioPath, credits: JSON.stringify(copy.credits), peaks: JSON.stringify(copy.peaks) })
      .execute()
      .then(() => null, (e: unknown) => e);
    expect(error).not.toBeNull();
    expect({ code: (error as { code?: string }).code, constraint: (error as { constraint?: string }).constraint, message: String((error as Error).message) }).toMatchObject({ code: "23505" });
    expect(isSecondLiveSubmission(error)).toBe(true);
    await database.db.deleteFrom("storage_objects").where("path", "=", audioPath).execute();
  });

  let songId: string;
  it("accepting writes the sheet's rows as the song's credits, exactly, and links the song to the camp song", async () => {
    const adminPage = await (await clients.admin!.get(`/admin/submissions/${submissionId}`)).text();
    expect(adminPage).toContain(CAMP_CREDITS_TEXT.adminFromSheet);
    const response = await clients.admin!.post(`/admin/submissions/${submissionId}`, { intent: "accept", note: "" });
    expect(response.status).toBe(302);
    const submission = await database.db.selectFrom("submissions").select(["status", "song_id"]).where("id", "=", submissionId).executeTakeFirstOrThrow();
    expect(submission.status).toBe("accepted");
    songId = submission.song_id!;
    expect(await creditsOf(songId)).toEqual(sheetOfComplete);
    const song = await database.db.selectFrom("songs").select(["camp_song_id", "status"]).where("id", "=", songId).executeTakeFirstOrThrow();
    expect(song).toEqual({ camp_song_id: completeId, status: "catalogue" });
    expect(await campSongStatus(database.db, completeId)).toMatchObject({ status: "catalogue", songId, songLive: true });
    // The song page shows the sheet's people and shares.
    const songPage = await (await clients.ar!.get(`/song/${songId}`)).text();
    for (const credit of sheetOfComplete) expect(songPage).toContain(credit.name);
    expect(songPage).toContain("33.34%");
  });

  it("refuses to accept when the sheet is no longer complete (defended even though a live submission locks it): nothing created", async () => {
    const id = await newCampSong(camp, camp.sessions[0]!.id, "Slipped Sheet");
    await writeSheet(id, felix, [{ person: felix, role: "producer", share: 60 }, { person: maya, role: "topliner", share: 40 }], [felix, maya]);
    const created = await postMultipart(felix.client, campSongForm(id, { title: "Slipped" }), submitPath(id));
    expect(created.status).toBe(302);
    const submission = (await submissionsOf(felix.id)).find((s) => s.camp_song_id === id)!;
    // Something outside the app's rules clears the confirmation.
    await database.db.updateTable("camp_split_shares").set({ confirmed_at: null, confirmed_as: null, confirmed_by: null }).where("camp_song_id", "=", id).execute();
    const count = async (table: "songs" | "storage_objects") => (await database.db.selectFrom(table).select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow()).n;
    const catalogueDir = path.join(localStorageRoot(getRuntime().env.dataDir), AUDIO_BUCKET, "catalogue");
    const catalogueFiles = () =>
      fs.existsSync(catalogueDir) ? fs.readdirSync(catalogueDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length : 0;
    const before = { songs: await count("songs"), objects: await count("storage_objects"), files: catalogueFiles() };
    const response = await clients.admin!.post(`/admin/submissions/${submission.id}`, { intent: "accept", note: "" });
    expect(response.status).toBe(409);
    expect(errorsIn(await response.text(), "decision-accept-form-error")).toEqual([E.sheetChanged]);
    expect((await database.db.selectFrom("submissions").select("status").where("id", "=", submission.id).executeTakeFirstOrThrow()).status).toBe("pending");
    // No song, and no catalogue copy of the audio left behind.
    expect({ songs: await count("songs"), objects: await count("storage_objects"), files: catalogueFiles() }).toEqual(before);
  });

  it("keeps the name without the link of a member on the sheet who has left the collective", async () => {
    const leaving = await newMember("Leaving");
    const c = await newCamp({ startsIn: -5, people: [maya, leaving] });
    await seat(c, c.sessions[0]!.id, [maya, leaving]);
    const id = await newCampSong(c, c.sessions[0]!.id, "Departure");
    await writeSheet(id, maya, [{ person: maya, role: "topliner", share: 60 }, { person: leaving, role: "producer", share: 40 }], [maya, leaving]);
    expect((await postMultipart(maya.client, campSongForm(id, { title: "Departure" }), submitPath(id))).status).toBe(302);
    const submission = (await submissionsOf(maya.id)).find((s) => s.camp_song_id === id)!;
    await database.db.updateTable("profiles").set({ role: null }).where("user_id", "=", leaving.id).execute();
    expect((await clients.admin!.post(`/admin/submissions/${submission.id}`, { intent: "accept", note: "" })).status).toBe(302);
    const accepted = await database.db.selectFrom("submissions").select("song_id").where("id", "=", submission.id).executeTakeFirstOrThrow();
    expect(await creditsOf(accepted.song_id!)).toEqual([
      { name: maya.name, memberId: maya.id, role: "topliner", split: 60 },
      { name: leaving.name, memberId: null, role: "producer", split: 40 },
    ]);
  });

  it("an admin's edit of those credits is recorded as an override of the sheet (before: the credits and the sheet, after: the new); an edit back to the sheet is not", async () => {
    const editor = await (await clients.admin!.get(`/admin/catalog/${songId}`)).text();
    expect(editor).toContain(CAMP_CREDITS_TEXT.editor.title);
    expect(editor).toContain(CAMP_CREDITS_TEXT.editor.body(await campName(camp.id)));

    const changed: Credit[] = [
      { name: maya.name, memberId: maya.id, role: "topliner", split: 40 },
      { name: felix.name, memberId: felix.id, role: "producer", split: 30 },
      { name: "Marta Guest", memberId: null, role: "writer", split: 30 },
    ];
    const response = await clients.admin!.post(`/admin/catalog/${songId}`, creditsForm(await stampOf(songId), changed));
    expect(response.status).toBe(302);
    expect(await creditsOf(songId)).toEqual(changed);
    const [override, ...more] = await auditOf(songId, "song.split_sheet_overridden");
    expect(more).toHaveLength(0);
    expect(override!.before).toEqual({ credits: sheetOfComplete, splitSheet: sheetOfComplete });
    expect(override!.after).toEqual({ credits: changed });
    expect(override!.actor_id).toBe(ids.admin);
    expect(await auditOf(songId, "song.credits_updated")).toHaveLength(0);

    // Back to exactly the sheet: a credits edit, not an override.
    expect((await clients.admin!.post(`/admin/catalog/${songId}`, creditsForm(await stampOf(songId), sheetOfComplete))).status).toBe(302);
    expect(await creditsOf(songId)).toEqual(sheetOfComplete);
    expect(await auditOf(songId, "song.split_sheet_overridden")).toHaveLength(1);
    const [edit] = await auditOf(songId, "song.credits_updated");
    expect(edit!.before).toEqual({ credits: changed });
    expect(edit!.after).toEqual({ credits: sheetOfComplete });
  });

  it("a song that did not come from a camp records a plain credits edit and its editor says nothing about a sheet", async () => {
    const song = await database.db.selectFrom("songs").select("id").where("status", "=", "catalogue").where("camp_song_id", "is", null).orderBy("created_at").executeTakeFirstOrThrow();
    const editor = await (await clients.admin!.get(`/admin/catalog/${song.id}`)).text();
    expect(editor).not.toContain(CAMP_CREDITS_TEXT.editor.title);
    const credits = await creditsOf(song.id);
    const changed = credits.map((c, i) => (i === 0 ? { ...c, name: `${c.name} Jr` } : c));
    expect((await clients.admin!.post(`/admin/catalog/${song.id}`, creditsForm(await stampOf(song.id), changed))).status).toBe(302);
    expect(await auditOf(song.id, "song.credits_updated")).toHaveLength(1);
    expect(await auditOf(song.id, "song.split_sheet_overridden")).toHaveLength(0);
  });
});

async function campName(campId: string): Promise<string> {
  return (await database.db.selectFrom("camps").select("name").where("id", "=", campId).executeTakeFirstOrThrow()).name;
}

describe("the camp review", () => {
  let a: Person, b: Person, c: Person, declined: Person, invited: Person, outsider: Person;
  let camp: Camp;
  const songIds: Record<string, string> = {};

  beforeAll(async () => {
    [a, b, c, declined, invited, outsider] = await Promise.all([newMember("Ana"), newMember("Ben"), newMember("Cleo"), newMember("Dora"), newMember("Eli"), newMember("Finn")]);
    camp = await newCamp({ startsIn: -20, days: 2, people: [a, b, c], declined: [declined], invited: [invited] });
    // Day 1: Studio A (a, b) writes four songs; Studio B (c) writes none. Day 2: nobody is seated.
    await seat(camp, camp.sessions[0]!.id, [a, b]);
    await seat(camp, camp.sessions[1]!.id, [c]);
    const session = camp.sessions[0]!.id;
    for (const title of ["Demo Song", "Submitted Song", "Catalogue Song", "Pitched Song", "Held Song", "Brief Song"]) {
      songIds[title] = await newCampSong(camp, session, title);
      if (title === "Demo Song") {
        await writeSheet(songIds[title]!, a, [{ person: a, role: "writer", share: 50 }, { person: b, role: "producer", share: 50 }], [a]);
        continue;
      }
      await writeSheet(songIds[title]!, a, [{ person: a, role: "writer", share: 50 }, { person: b, role: "producer", share: 50 }], [a, b]);
      const response = await postMultipart(a.client, campSongForm(songIds[title]!, { title }), submitPath(songIds[title]!));
      expect(response.status).toBe(302);
      if (title === "Submitted Song") continue;
      const submission = (await submissionsOf(a.id)).find((s) => s.camp_song_id === songIds[title])!;
      expect((await clients.admin!.post(`/admin/submissions/${submission.id}`, { intent: "accept", note: "" })).status).toBe(302);
      const { song_id } = await database.db.selectFrom("submissions").select("song_id").where("id", "=", submission.id).executeTakeFirstOrThrow();
      if (title === "Pitched Song") {
        const list = await database.db.selectFrom("shortlists").select("id").where("owner_id", "=", ids.ar!).orderBy("created_at").executeTakeFirstOrThrow();
        const last = await database.db.selectFrom("shortlist_items").select((eb) => eb.fn.max("position").as("p")).where("shortlist_id", "=", list.id).executeTakeFirstOrThrow();
        await database.db.insertInto("shortlist_items").values({ shortlist_id: list.id, song_id: song_id!, position: Number(last.p ?? 0) + 1 }).execute();
      }
      if (title === "Held Song") {
        const decided = new Date();
        await database.db
          .insertInto("song_holds")
          .values({ song_id: song_id!, ar_id: ids.ar!, status: "granted", decided_at: decided, decided_by: ids.admin!, expires_at: new Date(decided.getTime() + 7 * DAY) })
          .execute();
      }
      if (title === "Brief Song") {
        const brief = await database.db.selectFrom("briefs").select("id").orderBy("created_at").executeTakeFirstOrThrow();
        await database.db.insertInto("brief_answers").values({ brief_id: brief.id, member_id: a.id, song_id: song_id! }).execute();
      }
    }
  }, 180_000);

  it("gives each song its status and the camp its totals", async () => {
    const review = (await campReview(database.db, camp.id))!;
    const songs = review.days.flatMap((d) => d.sessions.flatMap((s) => s.songs));
    expect(Object.fromEntries(songs.map((s) => [s.workingTitle, s.status]))).toEqual({
      "Demo Song": "demo",
      "Submitted Song": "submitted",
      "Catalogue Song": "catalogue",
      "Pitched Song": "pitched",
      "Held Song": "pitched",
      "Brief Song": "pitched",
    });
    expect(Object.fromEntries(songs.map((s) => [s.workingTitle, s.sheet]))).toMatchObject({ "Demo Song": "incomplete", "Catalogue Song": "complete" });
    // Only sessions with people or songs; day 2 had none.
    expect(review.days.map((d) => d.day)).toEqual([camp.sessions[0]!.day]);
    expect(review.days[0]!.sessions.map((s) => [s.roomName, s.group.map((p) => p.displayName).sort(), s.songs.length])).toEqual([
      ["Studio A", [a.name, b.name].sort(), 6],
      ["Studio B", [c.name], 0],
    ]);
    expect(review.totals).toEqual({
      sessionsHeld: 2,
      songsWritten: 6,
      songsPerSession: 3,
      completeSheets: 5,
      submitted: 5,
      catalogue: 4,
      pitched: 3,
      participants: 3,
    });
  });

  it("shows the review to participants and admins, with links to the catalogue songs and no one's e-mail or phone", async () => {
    for (const client of [a.client, clients.admin!]) {
      for (const url of [`/camps/${camp.id}/review`, ...(client === clients.admin ? [`/admin/camps/${camp.id}/review`] : [])]) {
        const response = await client.get(url);
        expect(response.status).toBe(200);
        const html = await response.text();
        for (const label of Object.values(CAMP_SONG_STATUS_LABELS)) expect(html).toContain(label);
        expect(html).toContain(REVIEW_TEXT.totals.sessions);
        const { song_id } = await database.db.selectFrom("submissions").select("song_id").where("camp_song_id", "=", songIds["Catalogue Song"]!).where("status", "=", "accepted").executeTakeFirstOrThrow();
        expect(html).toContain(`href="/song/${song_id}"`);
        // Nobody's e-mail or phone (the viewer's own session data aside, the page has none at all).
        const others = [a, b, c, declined, invited].filter((p) => p.client !== client);
        for (const p of others) expect(html).not.toContain(p.email);
        expect(html).not.toContain("+4420700");
        expect(html.replaceAll(client === a.client ? a.email : demoAccount("admin").email, "")).not.toMatch(/@example\.test|@demo\.hitfactory\.test/);
      }
    }
  });

  it("is 404 for a member who is not a participant, a declined or still-invited invitee, the A&R, and unknown or malformed ids", async () => {
    for (const person of [outsider, declined, invited]) expect((await person.client.get(`/camps/${camp.id}/review`)).status).toBe(404);
    expect((await clients.ar!.get(`/camps/${camp.id}/review`)).status).toBe(404);
    expect((await a.client.get(`/camps/00000000-0000-4000-8000-000000000000/review`)).status).toBe(404);
    expect((await a.client.get(`/camps/not-a-camp/review`)).status).toBe(404);
    expect((await clients.admin!.get(`/admin/camps/00000000-0000-4000-8000-000000000000/review`)).status).toBe(404);
    // The member's address is not the admin's.
    expect(locationOf(await a.client.get(`/admin/camps/${camp.id}/review`))).toBe("/");
  });

  it("says it is not available yet before the camp starts", async () => {
    const upcoming = await newCamp({ startsIn: 5, people: [a] });
    for (const [client, url] of [[a.client, `/camps/${upcoming.id}/review`], [clients.admin!, `/admin/camps/${upcoming.id}/review`]] as const) {
      const response = await client.get(url);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(REVIEW_TEXT.notYetTitle);
      expect(html).not.toContain(REVIEW_TEXT.totals.sessions);
    }
  });
});

describe("the demo camps", () => {
  it("carries the past camp's songs to their outcomes: submitted, in the catalogue with the sheet's credits, pitched", async () => {
    const camp = await database.db.selectFrom("camps").select("id").where("name", "=", DEMO_PAST_CAMP.name).executeTakeFirstOrThrow();
    const review = (await campReview(database.db, camp.id))!;
    const songs = review.days.flatMap((d) => d.sessions.flatMap((s) => s.songs));
    expect(Object.fromEntries(songs.map((s) => [s.workingTitle, s.status]))).toEqual(Object.fromEntries(DEMO_CAMP_SONGS.map((s) => [s.workingTitle, s.outcome])));
    expect(review.totals.songsWritten).toBe(DEMO_CAMP_SONGS.length);
    expect(review.totals.completeSheets).toBe(DEMO_CAMP_SONGS.filter((s) => s.state === "complete").length);
    expect(review.totals.catalogue).toBe(DEMO_CAMP_OUTCOME_COUNTS.catalogueSongs);
    expect(review.totals.submitted).toBe(DEMO_CAMP_OUTCOME_COUNTS.submissions);
    for (const song of songs.filter((s) => s.songId)) {
      expect(await creditsOf(song.songId!)).toEqual(sheetCredits((await getSplitSheet(database.db, song.id))!));
      expect((await database.db.selectFrom("songs").select("camp_song_id").where("id", "=", song.songId!).executeTakeFirstOrThrow()).camp_song_id).toBe(song.id);
    }
    const upcoming = await database.db.selectFrom("camps").select("id").where("name", "=", DEMO_UPCOMING_CAMP.name).executeTakeFirstOrThrow();
    expect((await clients.admin!.get(`/admin/camps/${upcoming.id}/review`)).status).toBe(200);
    expect(await (await clients.admin!.get(`/admin/camps/${upcoming.id}/review`)).text()).toContain(REVIEW_TEXT.notYetTitle);
  });
});
