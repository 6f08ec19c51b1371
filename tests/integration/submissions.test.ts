/**
 * Song submissions (issue 11 item 6) through the real request handler, as a
 * browser posts the forms (a multipart upload without JavaScript; the
 * JavaScript upload posts the same form to the same action), on a real
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and real files in
 * the runtime's storage. docs/decisions/0075-song-submissions.md
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalUser } from "~/auth/users.server";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { searchCatalog } from "~/catalog/songs.server";
import { UPLOAD_MESSAGES } from "~/catalog/upload.server";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { bodyLimitFor } from "~/platform/http/body-limit.server";
import { getRuntime } from "~/platform/runtime.server";
import { localStorageRoot, storage } from "~/platform/storage/index.server";
import { STATUS_LABELS, SUBMISSION_TEXT } from "~/submissions/constants";
import { DEMO_SUBMISSIONS } from "~/submissions/seed-submissions.server";
import { acceptSubmission, collectiveMembers } from "~/submissions/submissions.server";
import { createAppHandler, locationOf, TEST_ORIGIN, TestClient, type AppHandler } from "../support/app-handler";
import { wavFile } from "../support/audio-files";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "submissions-test-password";
const T = SUBMISSION_TEXT;
const E = SUBMISSION_TEXT.errors;
let database: TestDatabase;
let app: AppHandler;
const ids: Record<string, string> = {};
const clients: Record<string, TestClient> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  for (const key of ["member", "admin", "ar", "newmember"] as const) {
    ids[key] = (await database.db.selectFrom("auth.users").select("id").where("email", "=", demoAccount(key).email).executeTakeFirstOrThrow()).id;
  }
  app = await createAppHandler();
  for (const key of ["admin", "ar"] as const) {
    clients[key] = new TestClient(app);
    await clients[key].signIn(demoAccount(key).email, PASSWORD);
  }
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

let counter = 0;
/** A new signed-in member with no submissions. */
async function newMember(): Promise<{ id: string; name: string; client: TestClient }> {
  const n = ++counter;
  const email = `submitter-${n}-${Date.now()}@example.test`;
  const name = `Submitter ${n}`;
  const user = await createLocalUser(database.db, { email, password: PASSWORD, displayName: name, role: "accepted_member", confirmed: true });
  await database.db.insertInto("profiles").values({ user_id: user.id, role: "accepted_member", display_name: name, public_profile: true, onboarding_completed: true }).execute();
  const client = new TestClient(app);
  await client.signIn(email, PASSWORD);
  return { id: user.id, name, client };
}

function headersFor(client: TestClient): Headers {
  const headers = new Headers({ "sec-fetch-site": "same-origin", host: new URL(TEST_ORIGIN).host, origin: TEST_ORIGIN });
  const cookie = client.jar.header();
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

async function postMultipart(client: TestClient, form: FormData, target = "/submissions"): Promise<Response> {
  const response = await app.handle(new Request(new URL(target, TEST_ORIGIN), { method: "POST", headers: headersFor(client), body: form, redirect: "manual" }));
  client.jar.update(response);
  return response;
}

type Fields = Record<string, string>;

/** The form as a browser sends it without JavaScript: six credit rows, unused ones blank. */
function submissionForm(overrides: Fields = {}, audio: Uint8Array | null = wavFile({ seconds: 2 }), fileName = "demo.wav"): FormData {
  const fields: Fields = {
    intent: "submit",
    title: "Harbour Song",
    genre: "Pop",
    moods: "Uplifting, summer",
    bpm: "120",
    musicalKey: "A minor",
    vocalType: "female",
    explicit: "on",
    lyrics: "First line\nSecond line",
    "credits[0].name": "First Writer",
    "credits[0].memberId": "",
    "credits[0].role": "writer",
    "credits[0].split": "60",
    "credits[1].name": "Second Producer",
    "credits[1].memberId": "",
    "credits[1].role": "producer",
    "credits[1].split": "40",
  };
  for (let i = 2; i < 6; i++) for (const f of ["name", "memberId", "role", "split"]) fields[`credits[${i}].${f}`] = "";
  Object.assign(fields, overrides);
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== "\u0000omit") form.set(key, value);
  form.set("audio", audio ? new File([audio as Uint8Array<ArrayBuffer>], fileName, { type: "audio/wav" }) : new File([], "", { type: "application/octet-stream" }));
  return form;
}

const rowsOf = (memberId: string) => database.db.selectFrom("submissions").selectAll().where("member_id", "=", memberId).orderBy("created_at").execute();

function filesOf(memberId: string): string[] {
  const dir = path.join(localStorageRoot(getRuntime().env.dataDir), AUDIO_BUCKET, "submissions", memberId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

const storageRowsOf = (memberId: string) =>
  database.db.selectFrom("storage_objects").select("path").where("bucket", "=", AUDIO_BUCKET).where("path", "like", `submissions/${memberId}/%`).execute();

/** The messages of an error list the page rendered, by its element id. */
function errorsIn(html: string, id: string): string[] {
  const match = new RegExp(`<ul id="${id.replace(/[[\]]/g, "\\$&")}"[^>]*>(.*?)</ul>`, "s").exec(html);
  return match ? [...match[1]!.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, "&")) : [];
}

async function expectNothingStored(memberId: string) {
  expect(await rowsOf(memberId)).toEqual([]);
  expect(filesOf(memberId)).toEqual([]);
  expect(await storageRowsOf(memberId)).toEqual([]);
}

async function submit(member: { client: TestClient }, overrides: Fields = {}): Promise<string> {
  const response = await postMultipart(member.client, submissionForm(overrides));
  expect(response.status).toBe(302);
  return locationOf(response)!.split("/").pop()!;
}

describe("submitting a song", () => {
  it("stores a submission without JavaScript: redirect to its page with a toast, the row, credits, audio, waveform", async () => {
    const member = await newMember();
    const response = await postMultipart(member.client, submissionForm({ title: "<b>Harbour</b> Song" }));
    expect(response.status).toBe(302);
    const [row] = await rowsOf(member.id);
    expect(locationOf(response)).toBe(`/submissions/${row!.id}`);
    expect(response.headers.get("set-cookie")).toContain("hf_toast=");
    expect(row).toMatchObject({
      title: "Harbour Song",
      genre: "Pop",
      moods: ["uplifting", "summer"],
      bpm: 120,
      musical_key: "A minor",
      vocal_type: "female",
      explicit: true,
      lyrics: "First line\nSecond line",
      status: "pending",
      content_type: "audio/wav",
      brief_id: null,
      song_id: null,
    });
    expect(row!.credits).toEqual([
      { name: "First Writer", memberId: null, role: "writer", split: 60 },
      { name: "Second Producer", memberId: null, role: "producer", split: 40 },
    ]);
    expect(Number(row!.duration_seconds)).toBeCloseTo(2, 2);
    expect((row!.peaks as unknown as number[]).length).toBe(200);
    expect(filesOf(member.id)).toEqual([`${row!.id}.wav`]);
    expect((await storageRowsOf(member.id)).map((r) => r.path)).toEqual([row!.audio_path]);

    // Its page and the list show it with its status.
    const page = await (await member.client.get(`/submissions/${row!.id}`)).text();
    expect(page).toContain("Harbour Song");
    expect(page).toContain("First Writer");
    expect(page).toContain(STATUS_LABELS.pending);
    const list = await (await member.client.get("/submissions")).text();
    expect(list).toContain(`href="/submissions/${row!.id}"`);
  });

  it("links a credit to a member of the collective; a made-up member id is refused under its row, nothing stored", async () => {
    const member = await newMember();
    const bogus = "00000000-0000-4000-8000-000000000000";
    const refused = await postMultipart(member.client, submissionForm({ "credits[1].memberId": bogus }));
    expect(refused.status).toBe(400);
    expect(errorsIn(await refused.text(), "submission-credits-1-memberId-error")).toEqual([E.creditMember]);
    await expectNothingStored(member.id);

    // The A&R is not a member of the collective either.
    const ar = await postMultipart(member.client, submissionForm({ "credits[1].memberId": ids.ar! }));
    expect(ar.status).toBe(400);
    await expectNothingStored(member.id);

    await submit(member, { "credits[0].memberId": ids.member! });
    const [row] = await rowsOf(member.id);
    expect(row!.credits[0]).toEqual({ name: "First Writer", memberId: ids.member, role: "writer", split: 60 });
  });

  it("offers to link only members with a public profile, and the viewer themself: a private member is in no one's form data", async () => {
    const n = ++counter;
    const email = `private-${n}-${Date.now()}@example.test`;
    const hidden = await createLocalUser(database.db, { email, password: PASSWORD, displayName: `Private Person ${n}`, role: "accepted_member", confirmed: true });
    await database.db.insertInto("profiles").values({ user_id: hidden.id, role: "accepted_member", display_name: `Private Person ${n}`, public_profile: false, onboarding_completed: true }).execute();
    const publicMember = await newMember();
    const privateClient = new TestClient(app);
    await privateClient.signIn(email, PASSWORD);

    for (const [who, client] of [["another member", publicMember.client], ["the A&R", clients.ar!], ["an admin", clients.admin!]] as const) {
      const response = await client.get("/submissions.data");
      expect(response.status, who).toBe(200);
      const data = await response.text();
      expect(data, who).toContain(publicMember.name);
      expect(data, who).toContain(publicMember.id);
      expect(data, who).not.toContain(hidden.id);
      expect(data, who).not.toContain(`Private Person ${n}`);
    }
    // The private member may still credit themself (their own page works; the list holds them for them only).
    expect((await privateClient.get("/submissions.data")).status).toBe(200);
    expect((await collectiveMembers(database.db, hidden.id)).map((m) => m.id)).toContain(hidden.id);
    expect((await collectiveMembers(database.db, publicMember.id)).map((m) => m.id)).not.toContain(hidden.id);
  });

  it("refuses splits that do not sum to 100 with the error under the credits, and stores nothing", async () => {
    const member = await newMember();
    const response = await postMultipart(member.client, submissionForm({ "credits[1].split": "30" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(errorsIn(html, "submission-credits-error")).toEqual([E.splitsSum("90")]);
    // The typed values come back (the title, the credit rows).
    expect(html).toContain('value="Harbour Song"');
    expect(html).toContain('value="Second Producer"');
    await expectNothingStored(member.id);

    // 33.33 + 33.33 + 33.34 is exactly 100.
    await submit(member, {
      "credits[0].split": "33.33",
      "credits[1].split": "33.33",
      "credits[2].name": "Third",
      "credits[2].role": "artist",
      "credits[2].split": "33.34",
    });
    expect((await rowsOf(member.id))[0]!.credits.map((c) => c.split)).toEqual([33.33, 33.33, 33.34]);
  });

  it("ignores blank credit rows and keeps each error under the row the member filled", async () => {
    const member = await newMember();
    const response = await postMultipart(
      member.client,
      submissionForm({
        "credits[0].split": "100",
        "credits[1].name": "",
        "credits[1].role": "",
        "credits[1].split": "",
        "credits[3].name": "Half Filled",
        "credits[3].split": "0",
      }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(errorsIn(html, "submission-credits-3-role-error")).toEqual([E.creditRoleRequired]);
    expect(errorsIn(html, "submission-credits-1-name-error")).toEqual([]);
    await expectNothingStored(member.id);

    // No credit at all.
    const none = await postMultipart(member.client, submissionForm({ "credits[0].name": "", "credits[0].role": "", "credits[0].split": "", "credits[1].name": "", "credits[1].role": "", "credits[1].split": "" }));
    expect(none.status).toBe(400);
    expect(errorsIn(await none.text(), "submission-credits-error")).toEqual([E.creditsRequired]);
    // A split with three decimals, or over 100.
    const decimals = await postMultipart(member.client, submissionForm({ "credits[0].split": "59.999", "credits[1].split": "40.001" }));
    expect(decimals.status).toBe(400);
    expect(errorsIn(await decimals.text(), "submission-credits-0-split-error")).toEqual([E.creditSplit]);
    await expectNothingStored(member.id);
  });

  it("refuses a file that is not audio by its bytes, whatever its name and type, and stores nothing", async () => {
    const member = await newMember();
    const fake = new TextEncoder().encode("this is not audio at all, just text pretending to be a wav file");
    const response = await postMultipart(member.client, submissionForm({}, fake, "song.wav"));
    expect(response.status).toBe(400);
    expect(errorsIn(await response.text(), "submission-audio-error")).toEqual([UPLOAD_MESSAGES.notAudio]);
    await expectNothingStored(member.id);
  });

  it("refuses missing fields, each with its message, and stores nothing", async () => {
    const member = await newMember();
    const response = await postMultipart(member.client, submissionForm({ title: "", genre: "", bpm: "", musicalKey: "" }, null));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(errorsIn(html, "submission-title-error")).toEqual([E.titleRequired]);
    expect(errorsIn(html, "submission-genre-error")).toEqual([E.genreRequired]);
    expect(errorsIn(html, "submission-bpm-error")).toEqual([E.bpmRequired]);
    expect(errorsIn(html, "submission-musicalKey-error")).toEqual([E.keyRequired]);
    expect(errorsIn(html, "submission-audio-error")).toEqual([E.audioRequired]);
    await expectNothingStored(member.id);

    const bad = await postMultipart(member.client, submissionForm({ bpm: "12", musicalKey: "H minor", vocalType: "choir", title: "x".repeat(201) }));
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(errorsIn(badHtml, "submission-bpm-error")).toEqual([E.bpm]);
    expect(errorsIn(badHtml, "submission-musicalKey-error")).toEqual([E.key]);
    expect(errorsIn(badHtml, "submission-vocalType-error")).toEqual([E.vocalType]);
    expect(errorsIn(badHtml, "submission-title-error")).toEqual(["Title must be no more than 200 characters"]);
    // A title of nothing but markup is no title.
    const markup = await postMultipart(member.client, submissionForm({ title: "<script></script>" }));
    expect(markup.status).toBe(400);
    await expectNothingStored(member.id);
  });

  it("refuses a NUL byte in a field, a field sent twice, and a post without its form's content type", async () => {
    const member = await newMember();
    const nul = await postMultipart(member.client, submissionForm({ title: "Bad\u0000Title" }));
    expect(nul.status).toBe(400);
    const twice = submissionForm();
    twice.append("bpm", "90");
    expect((await postMultipart(member.client, twice)).status).toBe(400);
    const urlencoded = await member.client.post("/submissions", { intent: "submit", title: "No file", genre: "Pop", bpm: "100", musicalKey: "A minor" });
    expect(urlencoded.status).toBe(400);
    await expectNothingStored(member.id);
  });

  it("allows 52 MiB bodies on /submissions (audio limit plus the form) and the default elsewhere", () => {
    expect(bodyLimitFor("/submissions")).toBe(52 * 1024 * 1024);
    expect(bodyLimitFor("/submissions?brief=x")).toBe(52 * 1024 * 1024);
    expect(bodyLimitFor("/submissions/abc")).toBe(52 * 1024 * 1024);
    expect(bodyLimitFor("/submissions/../auth")).toBe(1024 * 1024);
  });

  it("says when a brief named in ?brief= cannot be answered, and refuses a briefId that is not open, storing nothing", async () => {
    const member = await newMember();
    const page = await (await member.client.get("/submissions?brief=00000000-0000-4000-8000-000000000001")).text();
    expect(page).toContain(T.briefUnavailable);
    const response = await postMultipart(member.client, submissionForm({ briefId: "00000000-0000-4000-8000-000000000001" }));
    expect(response.status).toBe(409);
    expect(errorsIn(await response.text(), "submission-briefId-error")).toEqual([T.briefUnavailable]);
    await expectNothingStored(member.id);
  });
});

describe("who sees a submission", () => {
  it("shows a member only their own: another member's, the A&R's and an unknown id are 404; the audio URL is for the submitter and admins", async () => {
    const owner = await newMember();
    const other = await newMember();
    const id = await submit(owner);
    expect((await owner.client.get(`/submissions/${id}`)).status).toBe(200);
    expect((await other.client.get(`/submissions/${id}`)).status).toBe(404);
    expect((await clients.ar!.get(`/submissions/${id}`)).status).toBe(404);
    expect((await other.client.get("/submissions/00000000-0000-4000-8000-000000000000")).status).toBe(404);

    const own = await owner.client.get(`/api/submissions/${id}/audio-url`);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toContain("no-store");
    expect(((await own.json()) as { url: string }).url).toMatch(/^\/storage\/v1\/object\/sign\/audio\/submissions\//);
    expect((await clients.admin!.get(`/api/submissions/${id}/audio-url`)).status).toBe(200);
    expect((await other.client.get(`/api/submissions/${id}/audio-url`)).status).toBe(404);
    expect((await clients.ar!.get(`/api/submissions/${id}/audio-url`)).status).toBe(404);
    // The other member's list does not name it.
    expect(await (await other.client.get("/submissions")).text()).not.toContain(id);
  });

  it("withdraws only the member's own pending submission", async () => {
    const owner = await newMember();
    const other = await newMember();
    const id = await submit(owner);
    const stolen = await other.client.post("/submissions", { intent: "withdraw", submissionId: id });
    expect(stolen.status).toBe(404);
    expect((await rowsOf(owner.id))[0]!.status).toBe("pending");

    const withdrawn = await owner.client.post(`/submissions/${id}`, { intent: "withdraw", submissionId: id });
    expect(withdrawn.status).toBe(302);
    expect((await rowsOf(owner.id))[0]!.status).toBe("withdrawn");
    expect((await owner.client.post("/submissions", { intent: "withdraw", submissionId: id })).status).toBe(404);
    // A withdrawn submission cannot be accepted.
    expect((await clients.admin!.post(`/admin/submissions/${id}`, { intent: "accept" })).status).toBe(409);
  });
});

describe("the admins' review", () => {
  it("accepts into the catalogue: the song with its credits, audio, waveform, vocal type and explicit flag, found by the search at once; the member is told", async () => {
    const owner = await newMember();
    const title = "Zephyrquill Lantern";
    const id = await submit(owner, { title, "credits[0].memberId": owner.id, "credits[0].name": owner.name });
    const before = await searchCatalog(database.db, { search: "zephyrquill" }, { storage: storage() });
    expect(before.total).toBe(0);

    // The queue lists it among the pending, with the counts.
    const queue = await (await clients.admin!.get("/admin/submissions?status=pending")).text();
    expect(queue).toContain(title);
    const review = await (await clients.admin!.get(`/admin/submissions/${id}`)).text();
    expect(review).toContain(owner.name);
    expect(review).toContain(title);
    expect(review).toContain("Second Producer");

    // Not for other people: the guard sends a member away and nothing changes.
    const refused = await owner.client.post(`/admin/submissions/${id}`, { intent: "accept" });
    expect(refused.status).toBe(302);
    expect(locationOf(refused)).toBe("/");
    expect((await rowsOf(owner.id))[0]!.status).toBe("pending");

    const accepted = await clients.admin!.post(`/admin/submissions/${id}`, { intent: "accept", note: "Welcome to the catalogue" });
    expect(accepted.status).toBe(302);
    const [row] = await rowsOf(owner.id);
    expect(row).toMatchObject({ status: "accepted", decided_by: ids.admin, decision_note: "Welcome to the catalogue" });
    expect(row!.song_id).toBeTruthy();

    const song = await database.db.selectFrom("songs").selectAll().where("id", "=", row!.song_id!).executeTakeFirstOrThrow();
    expect(song).toMatchObject({ title, genre: "Pop", bpm: 120, musical_key: "A minor", status: "catalogue", vocal_type: "female", explicit: true, moods: ["uplifting", "summer"] });
    expect(song.audio_path).toBe(`catalogue/${song.id}/audio.wav`);
    expect(song.peaks.length).toBe(200);
    expect(Number(song.duration_seconds)).toBeCloseTo(2, 2);
    const credits = await database.db.selectFrom("song_credits").select(["name", "member_id", "role", "split"]).where("song_id", "=", song.id).orderBy("position").execute();
    expect(credits).toEqual([
      { name: owner.name, member_id: owner.id, role: "writer", split: "60.00" },
      { name: "Second Producer", member_id: null, role: "producer", split: "40.00" },
    ]);
    // The audio is in the catalogue's storage, with its storage row; the submission keeps its own.
    expect(await storage().stat(AUDIO_BUCKET, song.audio_path)).not.toBeNull();
    expect(await database.db.selectFrom("storage_objects").select("path").where("path", "=", song.audio_path).executeTakeFirst()).toBeTruthy();
    expect(filesOf(owner.id)).toEqual([`${id}.wav`]);

    // The search finds it at once, by title and by a credited name.
    const found = await searchCatalog(database.db, { search: "zephyrquill" }, { storage: storage() });
    expect(found.songs.map((s) => s.id)).toEqual([song.id]);
    const byWriter = await searchCatalog(database.db, { search: `"${owner.name}"` }, { storage: storage() });
    expect(byWriter.songs.map((s) => s.id)).toContain(song.id);
    const catalogPage = await (await clients.ar!.get("/music-catalog?search=zephyrquill")).text();
    expect(catalogPage).toContain(title);
    const songPage = await (await clients.ar!.get(`/song/${song.id}`)).text();
    expect(songPage).toContain("Second Producer");
    expect(songPage).toContain(`/members/${owner.id}`);

    // The member's inbox says so, linking the song.
    const notice = await database.db.selectFrom("notices").selectAll().where("recipient_id", "=", owner.id).executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ kind: "decision", sender_id: ids.admin, link: `/song/${song.id}`, subject: T.notice.acceptedSubject(title) });
    expect(notice.body).toContain("Welcome to the catalogue");
  });

  it("refuses a second accept, replayed or concurrent: one song, one file, one notice", async () => {
    const owner = await newMember();
    const id = await submit(owner, { title: "Twice Told Tale" });
    const songsBefore = (await database.db.selectFrom("songs").select("id").execute()).length;
    const catalogueDir = path.join(localStorageRoot(getRuntime().env.dataDir), AUDIO_BUCKET, "catalogue");
    const dirsBefore = fs.readdirSync(catalogueDir).length;
    const admin = { id: ids.admin!, displayName: "Avery Admin" };
    const results = await Promise.allSettled([
      acceptSubmission({ db: database.db, storage: storage(), admin, submissionId: id }),
      acceptSubmission({ db: database.db, storage: storage(), admin, submissionId: id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.name)).toEqual(["SubmissionNotPendingError"]);

    const replay = await clients.admin!.post(`/admin/submissions/${id}`, { intent: "accept" });
    expect(replay.status).toBe(409);
    expect(errorsIn(await replay.text(), "decision-error")).toEqual([T.admin.alreadyDecided]);
    expect((await database.db.selectFrom("songs").select("id").execute()).length).toBe(songsBefore + 1);
    // One new folder holding one file: the loser's copy was removed.
    const newDirs = fs.readdirSync(catalogueDir).filter((d) => fs.readdirSync(path.join(catalogueDir, d)).length > 0);
    expect(newDirs.length).toBe(dirsBefore + 1);
    expect((await database.db.selectFrom("notices").select("id").where("recipient_id", "=", owner.id).execute()).length).toBe(1);
    // Declining an accepted one is refused too.
    expect((await clients.admin!.post(`/admin/submissions/${id}`, { intent: "decline", note: "Too late" })).status).toBe(409);
  });

  it("declines with a required note; the member reads it on the submission's page and in the inbox", async () => {
    const owner = await newMember();
    const id = await submit(owner, { title: "Maybe Next Time" });
    const noNote = await clients.admin!.post(`/admin/submissions/${id}`, { intent: "decline", note: "" });
    expect(noNote.status).toBe(400);
    expect(errorsIn(await noNote.text(), "decision-decline-note-error")).toEqual([E.noteRequired]);
    expect((await rowsOf(owner.id))[0]!.status).toBe("pending");

    const declined = await clients.admin!.post(`/admin/submissions/${id}`, { intent: "decline", note: "The <b>chorus</b> needs work." });
    expect(declined.status).toBe(302);
    const [row] = await rowsOf(owner.id);
    expect(row).toMatchObject({ status: "declined", decision_note: "The chorus needs work.", decided_by: ids.admin, song_id: null });
    const page = await (await owner.client.get(`/submissions/${id}`)).text();
    expect(page).toContain("The chorus needs work.");
    expect(page).toContain(STATUS_LABELS.declined);
    const notice = await database.db.selectFrom("notices").selectAll().where("recipient_id", "=", owner.id).executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ kind: "decision", link: `/submissions/${id}`, subject: T.notice.declinedSubject("Maybe Next Time") });
    // Declined stays declined: accepting it now is refused.
    expect((await clients.admin!.post(`/admin/submissions/${id}`, { intent: "accept" })).status).toBe(409);
    expect(await database.db.selectFrom("songs").select("id").where("title", "=", "Maybe Next Time").execute()).toEqual([]);
  });

  it("answers 404 for an unknown submission, to the page and to a decision", async () => {
    expect((await clients.admin!.get("/admin/submissions/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await clients.admin!.post("/admin/submissions/00000000-0000-4000-8000-000000000000", { intent: "decline", note: "x" })).status).toBe(404);
  });
});

describe("the demo and the dashboard", () => {
  it("seeds pending, accepted (with its song and credits), declined (with a note) and withdrawn submissions", async () => {
    const rows = await database.db.selectFrom("submissions").selectAll().where("member_id", "=", ids.member!).orderBy("created_at").execute();
    const statuses = new Set(rows.map((r) => r.status));
    expect(statuses).toEqual(new Set(["pending", "accepted", "declined"]));
    const accepted = rows.find((r) => r.status === "accepted")!;
    const song = await database.db.selectFrom("songs").selectAll().where("id", "=", accepted.song_id!).executeTakeFirstOrThrow();
    expect(song.title).toBe(accepted.title);
    expect(song.status).toBe("catalogue");
    const credits = await database.db.selectFrom("song_credits").select(["member_id"]).where("song_id", "=", song.id).execute();
    expect(credits.map((c) => c.member_id)).toContain(ids.member);
    expect(rows.find((r) => r.status === "declined")!.decision_note).toBeTruthy();
    // The collective's members are seeded too, so every demo submission is there (the tests above add their own).
    const all = await database.db.selectFrom("submissions").select("status").where("title", "in", DEMO_SUBMISSIONS.map((d) => d.title)).execute();
    expect(all.length).toBe(DEMO_SUBMISSIONS.length);
    expect(all.filter((r) => r.status === "withdrawn").length).toBe(1);
  });

  it("shows the member's submissions with their status on the dashboard; the A&R's dashboard has none of hers", async () => {
    const member = new TestClient(app);
    await member.signIn(demoAccount("member").email, PASSWORD);
    const html = await (await member.get("/dashboard")).text();
    expect(html).toContain('data-testid="dashboard-submissions"');
    for (const demo of DEMO_SUBMISSIONS.filter((d) => d.by === "member")) {
      expect(html).toContain(demo.title);
      expect(html).toContain(`data-status="${demo.status}"`);
    }
    const admin = await (await clients.admin!.get("/admin/submissions")).text();
    expect(admin).toContain("Paper Planes at Dawn");
    expect(admin).not.toContain("Glasshouse Heart"); // accepted: not in the pending view
    const arDashboard = await (await clients.ar!.get("/dashboard")).text();
    expect(arDashboard).not.toContain("Paper Planes at Dawn");
  });
});
