/**
 * Applying (issue 11, ADR 0070) through the real request handler, as a
 * browser posts the dashboard's forms without JavaScript (the JavaScript
 * upload posts the same multipart form), on a real database and real files.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLICATION_INTENTS, APPLICATION_LIMITS, APPLICATION_TEXT } from "~/applications/constants";
import { DEMO_APPLICANTS, demoApplicantEmail } from "~/applications/seed-applications.server";
import { applicationTrackKey, parseApplicationTrackKey } from "~/applications/track-ids";
import { generatePublicKey, listApplicationTracks } from "~/applications/applications.server";
import { createOffer } from "~/applications/offers.server";
import { createLocalUser } from "~/auth/users.server";
import { AUDIO_BUCKET, AUDIO_MAX_BYTES } from "~/catalog/constants";
import { UPLOAD_MESSAGES } from "~/catalog/upload.server";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { bodyLimitFor, limitRequestBodies, TOO_LARGE_MESSAGE } from "~/platform/http/body-limit.server";
import { getRuntime } from "~/platform/runtime.server";
import { localStorageRoot, storage } from "~/platform/storage/index.server";
import { createAppHandler, locationOf, TEST_ORIGIN, TestClient, type AppHandler } from "../support/app-handler";
import { wavFile } from "../support/audio-files";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "applications-test-password";
let database: TestDatabase;
let app: AppHandler;
const ids: Record<string, string> = {};
const clients: Record<string, TestClient> = {};
let requiredQuestions: { id: string; prompt: string }[] = [];
let optionalQuestions: { id: string; prompt: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  for (const key of ["member", "admin", "ar", "applicant"] as const) {
    ids[key] = (await database.db.selectFrom("auth.users").select("id").where("email", "=", demoAccount(key).email).executeTakeFirstOrThrow()).id;
  }
  app = await createAppHandler();
  for (const key of ["member", "admin", "applicant", "ar"] as const) {
    clients[key] = new TestClient(app);
    await clients[key].signIn(demoAccount(key).email, PASSWORD);
  }
  clients.anonymous = new TestClient(app);
  const questions = await database.db.selectFrom("application_questions").select(["id", "prompt", "required"]).where("archived_at", "is", null).orderBy("position").execute();
  requiredQuestions = questions.filter((q) => q.required);
  optionalQuestions = questions.filter((q) => !q.required);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

let counter = 0;
/** A new signed-up person without a role (nothing applied yet). */
async function newApplicant(): Promise<{ id: string; client: TestClient }> {
  const email = `applying-${++counter}-${Date.now()}@example.test`;
  const user = await createLocalUser(database.db, { email, password: PASSWORD, displayName: `Applying Tester ${counter}`, confirmed: true });
  await database.db.insertInto("profiles").values({ user_id: user.id, role: null, display_name: `Applying Tester ${counter}` }).execute();
  const client = new TestClient(app);
  await client.signIn(email, PASSWORD);
  return { id: user.id, client };
}

function headersFor(client: TestClient, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ "sec-fetch-site": "same-origin", host: new URL(TEST_ORIGIN).host, origin: TEST_ORIGIN, ...extra });
  const cookie = client.jar.header();
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

async function postMultipart(client: TestClient, form: FormData, target = "/dashboard"): Promise<Response> {
  const response = await app.handle(new Request(new URL(target, TEST_ORIGIN), { method: "POST", headers: headersFor(client), body: form, redirect: "manual" }));
  client.jar.update(response);
  return response;
}

function trackForm(mode: string, bytes: Uint8Array | null, fileName: string, title = ""): FormData {
  const form = new FormData();
  form.set("intent", APPLICATION_INTENTS.addTrack);
  form.set("mode", mode);
  form.set("title", title);
  if (bytes) form.set("audio", new File([bytes as Uint8Array<ArrayBuffer>], fileName, { type: "application/octet-stream" }));
  return form;
}

/** Complete details for the submit form, every required answer given. */
function details(extra: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {
    kind: "both",
    name: "Robin Vale",
    location: "Bristol",
    bio: "Writer and producer of left-field pop.",
    "links[0].label": "Site",
    "links[0].url": "https://example.com/robin",
  };
  for (const q of requiredQuestions) fields[`answers.${q.id}`] = `Answer to ${q.prompt}`;
  return { ...fields, ...extra };
}

const applicationsOf = (userId: string) =>
  database.db.selectFrom("applications").select(["id", "status", "name", "kind", "answers", "public_key", "submitted_at"]).where("user_id", "=", userId).orderBy("created_at").execute();
const tracksOf = (userId: string) =>
  database.db
    .selectFrom("application_tracks as t")
    .innerJoin("applications as a", "a.id", "t.application_id")
    .select(["t.id", "t.track_key", "t.mode", "t.title", "t.position", "t.audio_path"])
    .where("a.user_id", "=", userId)
    .orderBy("t.mode")
    .orderBy("t.position")
    .execute();
const eventsOf = async (userId: string) =>
  (
    await database.db
      .selectFrom("application_events as e")
      .innerJoin("applications as a", "a.id", "e.application_id")
      .select(["e.action", "e.from_status", "e.to_status", "e.actor_id"])
      .where("a.user_id", "=", userId)
      .orderBy("e.created_at")
      .orderBy("e.action")
      .execute()
  ).map((e) => `${e.action}:${e.from_status ?? "-"}>${e.to_status ?? "-"}`);
function filesOf(userId: string): string[] {
  const dir = path.join(localStorageRoot(getRuntime().env.dataDir), AUDIO_BUCKET, "applications", userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}
const storageRowsOf = (userId: string) =>
  database.db.selectFrom("storage_objects").select(["path"]).where("bucket", "=", AUDIO_BUCKET).where("path", "like", `applications/${userId}/%`).execute();

describe("the entry points", () => {
  it("/join/writer and /join/producer preselect the kind; /join, /application and /member-application lead to /dashboard", async () => {
    const { client } = await newApplicant();
    for (const [from, to] of [
      ["/join/writer", "/dashboard?kind=writer"],
      ["/join/producer", "/dashboard?kind=producer"],
      ["/join", "/dashboard"],
      ["/application", "/dashboard"],
      ["/member-application", "/dashboard"],
    ]) {
      const response = await client.get(from!);
      expect(response.status, from).toBe(302);
      expect(locationOf(response), from).toBe(to);
    }
    const page = await (await client.get("/dashboard?kind=producer")).text();
    expect(page).toContain(APPLICATION_TEXT.formTitle);
    expect(page).toMatch(/<input[^>]*value="producer"[^>]*checked=""|<input[^>]*checked=""[^>]*value="producer"/);
    expect(page).not.toMatch(/<input[^>]*value="writer"[^>]*checked=""/);
  });
});

describe("draft, submit, withdraw", () => {
  it("a new account saves a draft, uploads a collab and a solo track, submits, sees the status, withdraws and may start again", async () => {
    const { id, client } = await newApplicant();
    // A draft may be incomplete: no kind, no bio, no required answers.
    const saved = await client.post("/dashboard", { intent: APPLICATION_INTENTS.save, name: "Robin <b>Vale</b>", [`answers.${optionalQuestions[0]!.id}`]: "Anyone" });
    expect(saved.status).toBe(302);
    expect(locationOf(saved)).toBe("/dashboard");
    let [draft] = await applicationsOf(id);
    expect(draft).toMatchObject({ status: "draft", name: "Robin Vale", kind: null });
    expect(draft!.public_key).toMatch(/^[a-z0-9]{8,20}$/);
    expect(draft!.answers).toEqual([{ questionId: optionalQuestions[0]!.id, prompt: optionalQuestions[0]!.prompt, answer: "Anyone" }]);

    // Submitting without a track: refused at the form, nothing written.
    const early = await client.post("/dashboard", { intent: APPLICATION_INTENTS.submit, ...details() });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain(APPLICATION_TEXT.needsTrack);
    [draft] = await applicationsOf(id);
    expect(draft).toMatchObject({ status: "draft", name: "Robin Vale", kind: null });

    const collab = await postMultipart(client, trackForm("collab", wavFile({ seconds: 1 }), "first_collab.wav"));
    expect(collab.status).toBe(302);
    const solo = await postMultipart(client, trackForm("solo", wavFile({ seconds: 1, frequency: 660 }), "mine.wav", "All <i>Mine</i>"));
    expect(solo.status).toBe(302);
    const tracks = await tracksOf(id);
    expect(tracks.map((t) => [t.mode, t.title, t.position, t.track_key])).toEqual([
      ["collab", "first collab", 1, applicationTrackKey(draft!.public_key, "collab", 1)],
      ["solo", "All Mine", 1, applicationTrackKey(draft!.public_key, "solo", 1)],
    ]);
    // The player reads the applicant before the first hyphen and the mode second.
    expect(parseApplicationTrackKey(tracks[0]!.track_key)).toEqual({ publicKey: draft!.public_key, mode: "collab", n: 1 });
    expect(filesOf(id)).toHaveLength(2);

    const draftPage = await (await client.get("/dashboard")).text();
    expect(draftPage).toContain("first collab");
    expect(draftPage).toContain("All Mine");

    const submitted = await client.post("/dashboard", { intent: APPLICATION_INTENTS.submit, ...details() });
    expect(submitted.status).toBe(302);
    const [pending] = await applicationsOf(id);
    expect(pending).toMatchObject({ status: "pending", kind: "both", name: "Robin Vale" });
    expect(pending!.submitted_at).not.toBeNull();
    // The prompts are kept with the answers.
    expect((pending!.answers as { prompt: string }[]).map((a) => a.prompt)).toEqual(requiredQuestions.map((q) => q.prompt));

    const statusPage = await (await client.get("/dashboard")).text();
    expect(statusPage).toContain('data-stage="in-review"');
    expect(statusPage).not.toContain(APPLICATION_TEXT.formTitle);
    expect(statusPage).toContain("first collab");

    // Submitted: no more changes, no more tracks.
    expect((await client.post("/dashboard", { intent: APPLICATION_INTENTS.save, name: "Changed" })).status).toBe(409);
    expect((await postMultipart(client, trackForm("collab", wavFile({ seconds: 1 }), "late.wav"))).status).toBe(409);
    expect((await client.post("/dashboard", { intent: APPLICATION_INTENTS.removeTrack, trackId: tracks[0]!.id })).status).toBe(404);
    expect(await tracksOf(id)).toHaveLength(2);
    expect((await applicationsOf(id))[0]!.name).toBe("Robin Vale");

    // Withdrawing needs the confirmation.
    const confirmPage = await (await client.get("/dashboard?withdraw=confirm")).text();
    expect(confirmPage).toContain(APPLICATION_TEXT.withdrawConfirmTitle);
    const unconfirmed = await client.post("/dashboard", { intent: APPLICATION_INTENTS.withdraw });
    expect(unconfirmed.status).toBe(400);
    expect((await applicationsOf(id))[0]!.status).toBe("pending");
    const withdrawn = await client.post("/dashboard", { intent: APPLICATION_INTENTS.withdraw, confirm: "yes" });
    expect(withdrawn.status).toBe(302);
    expect((await applicationsOf(id))[0]!.status).toBe("withdrawn");
    // A withdrawn SUBMITTED application keeps its tracks: the admins' record of what was sent (ADR 0070).
    expect(await tracksOf(id)).toHaveLength(2);
    expect(filesOf(id)).toHaveLength(2);
    // A replay finds nothing open.
    expect((await client.post("/dashboard", { intent: APPLICATION_INTENTS.withdraw, confirm: "yes" })).status).toBe(404);

    // They may start again: a new draft with a new key.
    const again = await client.post("/dashboard", { intent: APPLICATION_INTENTS.save, name: "Robin Vale" });
    expect(again.status).toBe(302);
    const all = await applicationsOf(id);
    expect(all.map((a) => a.status)).toEqual(["withdrawn", "draft"]);
    expect(all[1]!.public_key).not.toBe(all[0]!.public_key);
    expect(await eventsOf(id)).toEqual(["created:->draft", "submitted:draft>pending", "withdrawn:pending>withdrawn", "created:->draft"]);
  });

  it("refuses incomplete or invalid submissions with 400, the messages at the fields, and nothing written", async () => {
    const { id, client } = await newApplicant();
    expect((await postMultipart(client, trackForm("collab", wavFile({ seconds: 1 }), "a.wav", "A"))).status).toBe(302);
    const before = await applicationsOf(id);

    const missing = await client.post("/dashboard", { intent: APPLICATION_INTENTS.submit, name: "<script></script>" });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    for (const message of [APPLICATION_TEXT.kindRequired, APPLICATION_TEXT.nameRequired, APPLICATION_TEXT.locationRequired, APPLICATION_TEXT.bioRequired]) expect(html).toContain(message);

    const noAnswers = details();
    for (const q of requiredQuestions) delete noAnswers[`answers.${q.id}`];
    const unanswered = await client.post("/dashboard", { intent: APPLICATION_INTENTS.submit, ...noAnswers });
    expect(unanswered.status).toBe(400);
    expect(await unanswered.text()).toContain(APPLICATION_TEXT.answerRequired);

    const tooLong = await client.post("/dashboard", { intent: APPLICATION_INTENTS.submit, ...details({ name: "x".repeat(101) }) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Name must be no more than 100 characters");

    const longAnswer = await client.post("/dashboard", { intent: APPLICATION_INTENTS.save, [`answers.${requiredQuestions[0]!.id}`]: "y".repeat(1001) });
    expect(longAnswer.status).toBe(400);
    expect(await longAnswer.text()).toContain("Your answer must be no more than 1000 characters");

    const badLink = await client.post("/dashboard", { intent: APPLICATION_INTENTS.submit, ...details({ "links[0].url": "javascript:alert(1)" }) });
    expect(badLink.status).toBe(400);
    expect(await badLink.text()).toContain("Links must start with http:// or https://");

    const badKind = await client.post("/dashboard", { intent: APPLICATION_INTENTS.submit, ...details({ kind: "dj" }) });
    expect(badKind.status).toBe(400);

    expect(await applicationsOf(id)).toEqual(before);
    expect(await eventsOf(id)).toEqual(["created:->draft"]);

    // HTML in the text is sanitised (SPEC section 5) when it is stored.
    const ok = await client.post("/dashboard", {
      intent: APPLICATION_INTENTS.submit,
      ...details({ bio: '<img src=x onerror="alert(1)">Loud <b>pop</b> javascript:void(0)', [`answers.${requiredQuestions[0]!.id}`]: "<script>x</script>Songs" }),
    });
    expect(ok.status).toBe(302);
    const stored = await database.db.selectFrom("applications").select(["bio", "answers"]).where("user_id", "=", id).executeTakeFirstOrThrow();
    expect(stored.bio).toBe("Loud pop void(0)");
    expect(JSON.stringify(stored.answers)).not.toMatch(/[<>]/);
  });

  it("unknown question ids and fields sent twice change nothing they should not", async () => {
    const { id, client } = await newApplicant();
    const response = await client.post("/dashboard", { intent: APPLICATION_INTENTS.save, name: ["First", "Second"] });
    // conform reads a repeated text field as a list, which the schema refuses.
    expect(response.status).toBe(400);
    expect(await applicationsOf(id)).toEqual([]);
    const unknown = await client.post("/dashboard", { intent: APPLICATION_INTENTS.save, name: "Once", "answers.00000000-0000-4000-8000-000000000000": "Nobody asked" });
    expect(unknown.status).toBe(302);
    const rows = await applicationsOf(id);
    for (const row of rows) expect(JSON.stringify(row.answers)).not.toContain("Nobody asked");
  });
});

describe("one open application per person", () => {
  it("the database refuses a second open application, and concurrent first saves end in one draft and a clear answer", async () => {
    const { id, client } = await newApplicant();
    const responses = await Promise.all(Array.from({ length: 6 }, (_, n) => client.post("/dashboard", { intent: APPLICATION_INTENTS.save, name: `Tab ${n}` })));
    for (const response of responses) expect([302, 409]).toContain(response.status);
    for (const response of responses.filter((r) => r.status === 409)) expect(await response.text()).toContain(APPLICATION_TEXT.openExists);
    const rows = await applicationsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("draft");
    await expect(
      database.db.insertInto("applications").values({ user_id: id, public_key: generatePublicKey(), status: "draft" }).execute(),
    ).rejects.toMatchObject({ code: "23505" });
  });

  it("members, A&R and admins do not apply; the demo applicant with a pending application cannot open another", async () => {
    for (const key of ["member", "ar", "admin"] as const) {
      const response = await clients[key]!.post("/dashboard", { intent: APPLICATION_INTENTS.save, name: "Nope" });
      expect(response.status, key).toBe(403);
      expect(await applicationsOf(ids[key]!)).toEqual([]);
    }
    const pending = await clients.applicant!.post("/dashboard", { intent: APPLICATION_INTENTS.save, name: "Again" });
    expect(pending.status).toBe(409);
    expect((await applicationsOf(ids.applicant!)).map((a) => a.status)).toEqual(["pending"]);
  });
});

describe("tracks", () => {
  it("refuses wrong bytes, an empty file, no file and a file over the limit, leaving no file and no row", async () => {
    const { id, client } = await newApplicant();
    const fake = await postMultipart(client, trackForm("collab", new TextEncoder().encode("<html>not audio</html>"), "song.mp3"));
    expect(fake.status).toBe(422);
    expect(await fake.text()).toContain(UPLOAD_MESSAGES.notAudio);
    const empty = await postMultipart(client, trackForm("solo", new Uint8Array(0), "empty.wav"));
    expect(empty.status).toBe(422);
    const none = await postMultipart(client, trackForm("solo", null, ""));
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(APPLICATION_TEXT.audioRequired);
    const badMode = await postMultipart(client, trackForm("duet", wavFile({ seconds: 1 }), "a.wav"));
    expect(badMode.status).toBe(400);
    const big = new Uint8Array(AUDIO_MAX_BYTES + 1);
    big.set(wavFile({ seconds: 0.1 }));
    const huge = await postMultipart(client, trackForm("collab", big, "huge.wav"));
    expect(huge.status).toBe(400);
    expect(await huge.text()).toContain(APPLICATION_TEXT.audioTooLarge);
    expect(await tracksOf(id)).toEqual([]);
    expect(filesOf(id)).toEqual([]);
    expect(await storageRowsOf(id)).toEqual([]);
  });

  it("the first upload makes the draft with the kind the page preselected (?kind=), a forged kind is ignored", async () => {
    const { id, client } = await newApplicant();
    const form = trackForm("collab", wavFile({ seconds: 0.5 }), "k.wav", "Kind");
    form.set("kind", "producer");
    expect((await postMultipart(client, form)).status).toBe(302);
    expect((await applicationsOf(id))[0]).toMatchObject({ status: "draft", kind: "producer" });
    const other = await newApplicant();
    const forged = trackForm("solo", wavFile({ seconds: 0.5 }), "f.wav", "Forged");
    forged.set("kind", "admin");
    expect((await postMultipart(other.client, forged)).status).toBe(302);
    expect((await applicationsOf(other.id))[0]).toMatchObject({ status: "draft", kind: null });
  });

  it("refuses a form with a NUL byte in a field", async () => {
    const { id, client } = await newApplicant();
    const response = await client.post("/dashboard", { intent: APPLICATION_INTENTS.save, name: "Nul\u0000Name" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await applicationsOf(id)).toEqual([]);
  });

  it("holds at most 3 per group, also when uploads arrive at once, and removing one frees its place", async () => {
    const { id, client } = await newApplicant();
    expect((await postMultipart(client, trackForm("solo", wavFile({ seconds: 0.5 }), "s.wav", "Solo"))).status).toBe(302);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => postMultipart(client, trackForm("collab", wavFile({ seconds: 0.5, frequency: 300 + i * 40 }), `c${i}.wav`, `Collab ${i}`))),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 302)).toHaveLength(3);
    for (const status of statuses.filter((s) => s !== 302)) expect(status).toBe(409);
    const tracks = await tracksOf(id);
    expect(tracks.filter((t) => t.mode === "collab").map((t) => t.position)).toEqual([1, 2, 3]);
    expect(filesOf(id)).toHaveLength(4);
    expect(await storageRowsOf(id)).toHaveLength(4);

    const first = tracks.find((t) => t.mode === "collab" && t.position === 1)!;
    const removed = await client.post("/dashboard", { intent: APPLICATION_INTENTS.removeTrack, trackId: first.id });
    expect(removed.status).toBe(302);
    const after = await tracksOf(id);
    expect(after.filter((t) => t.mode === "collab").map((t) => t.position)).toEqual([1, 2]);
    expect(filesOf(id)).toHaveLength(3);
    expect(fs.existsSync(path.join(localStorageRoot(getRuntime().env.dataDir), AUDIO_BUCKET, first.audio_path))).toBe(false);
    // A new one gets a number no track of the group holds.
    expect((await postMultipart(client, trackForm("collab", wavFile({ seconds: 0.5 }), "n.wav", "New"))).status).toBe(302);
    const keys = (await tracksOf(id)).filter((t) => t.mode === "collab").map((t) => t.track_key);
    expect(new Set(keys).size).toBe(3);
  });

  it("another person's track id in the remove form is refused and changes nothing", async () => {
    const owner = await newApplicant();
    const other = await newApplicant();
    expect((await postMultipart(owner.client, trackForm("collab", wavFile({ seconds: 0.5 }), "mine.wav", "Mine"))).status).toBe(302);
    expect((await postMultipart(other.client, trackForm("collab", wavFile({ seconds: 0.5 }), "theirs.wav", "Theirs"))).status).toBe(302);
    const [track] = await tracksOf(owner.id);
    const response = await other.client.post("/dashboard", { intent: APPLICATION_INTENTS.removeTrack, trackId: track!.id });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(APPLICATION_TEXT.trackNotFound);
    expect((await clients.admin!.post("/dashboard", { intent: APPLICATION_INTENTS.removeTrack, trackId: track!.id })).status).toBe(404);
    expect(await tracksOf(owner.id)).toHaveLength(1);
    // An application id in a form names nothing: each form acts on the sender's own application.
    const [ownerApplication] = await applicationsOf(owner.id);
    const hijack = await other.client.post("/dashboard", { intent: APPLICATION_INTENTS.withdraw, confirm: "yes", applicationId: ownerApplication!.id });
    expect(hijack.status).toBe(302);
    expect((await applicationsOf(owner.id))[0]!.status).toBe("draft");
    expect((await applicationsOf(other.id))[0]!.status).toBe("withdrawn");
  });

  it("a cancelled upload (the body stops half way) stores nothing", async () => {
    const { id, client } = await newApplicant();
    const form = trackForm("collab", wavFile({ seconds: 2 }), "cut.wav", "Cut short");
    const whole = new Uint8Array(await new Response(form).arrayBuffer());
    const type = new Response(form).headers.get("content-type")!;
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(whole.subarray(0, Math.floor(whole.length / 2)));
        } else controller.error(new Error("client aborted"));
      },
    });
    const response = await app
      .handle(new Request(new URL("/dashboard", TEST_ORIGIN), { method: "POST", headers: headersFor(client, { "content-type": type }), body, redirect: "manual", duplex: "half" } as RequestInit))
      .catch(() => null);
    expect(response === null || response.status >= 400).toBe(true);
    expect(await tracksOf(id)).toEqual([]);
    expect(filesOf(id)).toEqual([]);
  });
});

describe("the track audio URL", () => {
  it("answers the applicant and admins, and 404 to anyone else, for unknown and malformed ids; a visitor signs in", async () => {
    const [track] = await tracksOf(ids.applicant!);
    const url = (trackId: string) => `/api/applications/tracks/${encodeURIComponent(trackId)}/audio-url`;
    for (const key of ["applicant", "admin"] as const) {
      for (const trackId of [track!.track_key, track!.id]) {
        const response = await clients[key]!.get(url(trackId));
        expect(response.status, key).toBe(200);
        expect(response.headers.get("cache-control")).toContain("no-store");
        const { url: signed } = (await response.json()) as { url: string };
        expect(signed).toContain(track!.audio_path.replace(/\.wav$/, ""));
      }
    }
    for (const key of ["member", "ar"] as const) {
      const response = await clients[key]!.get(url(track!.track_key));
      expect(response.status, key).toBe(404);
      expect(await response.text()).not.toContain(track!.audio_path);
    }
    const stranger = await newApplicant();
    expect((await stranger.client.get(url(track!.id))).status).toBe(404);
    for (const bad of ["abcdefgh-collab-9", "not-a-track", "../../etc", "00000000-0000-4000-8000-000000000000"]) {
      expect((await clients.admin!.get(url(bad))).status, bad).toBe(404);
    }
    const anonymous = await clients.anonymous!.get(url(track!.track_key));
    expect(anonymous.status).toBe(302);
    expect(locationOf(anonymous)).toMatch(/^\/auth\?redirect=/);
    expect((await clients.applicant!.post(url(track!.track_key))).status).toBe(405);
  });

  it("listApplicationTracks gives the player's tracks: key ids, collab first, each with its retry endpoint", async () => {
    const application = await database.db.selectFrom("applications").select("id").where("user_id", "=", ids.applicant!).executeTakeFirstOrThrow();
    const tracks = await listApplicationTracks(database.db, storage(), application.id);
    expect(tracks.map((t) => t.mode)).toEqual(["collab", "collab", "solo"]);
    for (const t of tracks) {
      expect(parseApplicationTrackKey(t.id)?.mode).toBe(t.mode);
      expect(t.freshUrlEndpoint).toBe(`/api/applications/tracks/${t.id}/audio-url`);
      expect(t.artist).toBe("Alex Applicant");
      expect(t.url).toMatch(/^\/storage\/v1\/object\/sign\//);
    }
  });
});

describe("the demo", () => {
  it("has an application in every status; pending and shortlisted ones have collab and solo tracks", async () => {
    const rows = await database.db
      .selectFrom("applications as a")
      .innerJoin("auth.users as u", "u.id", "a.user_id")
      .select(["u.email", "a.status", "a.id"])
      .where("u.email", "like", "%@demo.hitfactory.test")
      .execute();
    const statuses = rows.map((r) => r.status);
    for (const status of ["draft", "pending", "shortlisted", "waitlisted", "declined", "accepted", "withdrawn"]) expect(statuses).toContain(status);
    expect(rows.find((r) => r.email === demoAccount("applicant").email)!.status).toBe("pending");
    expect(statuses.filter((s) => s === "pending").length).toBeGreaterThanOrEqual(3);
    for (const row of rows.filter((r) => r.status === "pending" || r.status === "shortlisted")) {
      const modes = (await database.db.selectFrom("application_tracks").select("mode").where("application_id", "=", row.id).execute()).map((t) => t.mode);
      expect(modes, String(row.email)).toContain("collab");
      expect(modes, String(row.email)).toContain("solo");
    }
    const persona = rows.find((r) => r.email === demoAccount("applicant").email)!;
    const personaModes = (await database.db.selectFrom("application_tracks").select("mode").where("application_id", "=", persona.id).orderBy("mode").execute()).map((t) => t.mode);
    expect(personaModes).toEqual(["collab", "collab", "solo"]);
    expect(rows.filter((r) => r.email !== demoAccount("applicant").email).map((r) => r.email).sort()).toEqual(DEMO_APPLICANTS.map(demoApplicantEmail).sort());
  });

  it("the declined and waitlisted applicants see the team's note in the banner; nobody sees 'shortlisted'", async () => {
    for (const key of ["theo", "hana", "marco"]) {
      const applicant = DEMO_APPLICANTS.find((a) => a.key === key)!;
      const client = new TestClient(app);
      await client.signIn(demoApplicantEmail(applicant), PASSWORD);
      const html = await (await client.get("/dashboard")).text();
      if (applicant.note) expect(html).toMatch(new RegExp(`data-testid="decision-note">.*${applicant.note.slice(0, 30)}`));
      expect(html.toLowerCase()).not.toContain("shortlisted");
      if (key === "marco") expect(html).toContain('data-stage="in-review"');
    }
  });
});

describe("application_events is append-only", () => {
  it("refuses updates and deletes, and still lets a deleted account's cascade through", async () => {
    const { id, client } = await newApplicant();
    expect((await client.post("/dashboard", { intent: APPLICATION_INTENTS.save, name: "Audit" })).status).toBe(302);
    await expect(sql`update public.application_events set action = 'forged' where actor_id = ${id}`.execute(database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from public.application_events where actor_id = ${id}`.execute(database.db)).rejects.toThrow(/append-only/);
    expect(await eventsOf(id)).toEqual(["created:->draft"]);
    await database.db.deleteFrom("auth.users").where("id", "=", id).execute();
    expect(await applicationsOf(id)).toEqual([]);
  });
});

describe("the body cap for /dashboard (server.ts's middleware)", () => {
  it("is AUDIO_MAX_BYTES plus room for the fields, and a 100 MB post is refused before it is read", async () => {
    expect(bodyLimitFor("/dashboard")).toBe(AUDIO_MAX_BYTES + 1024 * 1024);
    const server = express();
    let reached = 0;
    server.use(limitRequestBodies());
    server.post("/dashboard", (req, res) => {
      reached++;
      req.resume();
      req.on("end", () => res.status(200).send("read"));
    });
    const listener = http.createServer(server).listen(0);
    const { port } = listener.address() as AddressInfo;
    try {
      const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          { port, method: "POST", path: "/dashboard", headers: { "content-type": "multipart/form-data; boundary=x", "content-length": 100 * 1024 * 1024 } },
          (response) => {
            let body = "";
            response.on("data", (chunk) => (body += chunk));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on("error", reject);
        request.write(Buffer.alloc(1024 * 1024, 0x61));
        request.end();
      });
      expect(status.status).toBe(413);
      expect(status.body).toBe(TOO_LARGE_MESSAGE);
      expect(reached).toBe(0);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  }, 60_000);
});

describe("storage and refusals (security review)", () => {
  it("discarding a draft deletes its tracks, their storage rows and their files; the next draft starts empty", async () => {
    const { id, client } = await newApplicant();
    expect((await postMultipart(client, trackForm("collab", wavFile({ seconds: 0.5 }), "a.wav", "A"))).status).toBe(302);
    expect((await postMultipart(client, trackForm("solo", wavFile({ seconds: 0.5 }), "b.wav", "B"))).status).toBe(302);
    expect(filesOf(id)).toHaveLength(2);
    expect(await storageRowsOf(id)).toHaveLength(2);
    const discarded = await client.post("/dashboard", { intent: APPLICATION_INTENTS.withdraw, confirm: "yes" });
    expect(discarded.status).toBe(302);
    expect((await applicationsOf(id)).map((a) => a.status)).toEqual(["withdrawn"]);
    expect(await tracksOf(id)).toEqual([]);
    expect(await storageRowsOf(id)).toEqual([]);
    expect(filesOf(id)).toEqual([]);
    expect(await eventsOf(id)).toEqual(["created:->draft", "withdrawn:draft>withdrawn"]);
    // A new draft holds only its own upload.
    expect((await postMultipart(client, trackForm("collab", wavFile({ seconds: 0.5 }), "c.wav", "C"))).status).toBe(302);
    expect((await tracksOf(id)).map((t) => t.title)).toEqual(["C"]);
    expect(filesOf(id)).toHaveLength(1);
  });

  it("caps the tracks one account keeps across all its applications: the upload after the cap is refused, nothing stored", async () => {
    const { id, client } = await newApplicant();
    // Five withdrawn submitted applications, full: 30 tracks, the cap (rows only, as a withdrawn one keeps them).
    for (let n = 0; n < APPLICATION_LIMITS.tracksPerUser / 6; n++) {
      const key = generatePublicKey();
      const { id: applicationId } = await database.db
        .insertInto("applications")
        .values({ user_id: id, public_key: key, status: "withdrawn", submitted_at: new Date() })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const mode of ["collab", "solo"] as const) {
        for (let i = 1; i <= 3; i++) {
          const objectPath = `applications/${id}/old-${n}-${mode}-${i}`;
          await database.db
            .insertInto("storage_objects")
            .values({ bucket: AUDIO_BUCKET, path: objectPath, content_type: "audio/wav", size_bytes: 1, sha256: "0".repeat(64), kind: "audio", uploaded_by: id })
            .execute();
          await database.db
            .insertInto("application_tracks")
            .values({
              application_id: applicationId,
              mode,
              track_key: applicationTrackKey(key, mode, i),
              title: `Old ${i}`,
              audio_bucket: AUDIO_BUCKET,
              audio_path: objectPath,
              content_type: "audio/wav",
              size_bytes: 1,
              duration_seconds: 1,
              peaks: "[]",
            })
            .execute();
        }
      }
    }
    const refused = await postMultipart(client, trackForm("collab", wavFile({ seconds: 0.5 }), "over.wav", "Over"));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(APPLICATION_TEXT.trackQuota);
    expect(filesOf(id)).toEqual([]);
    expect(await storageRowsOf(id)).toHaveLength(APPLICATION_LIMITS.tracksPerUser);
    expect(await tracksOf(id)).toHaveLength(APPLICATION_LIMITS.tracksPerUser);
    expect((await applicationsOf(id)).filter((a) => a.status === "draft")).toEqual([]);
  });

  it("an accepted applicant (offer open, no role yet) cannot start another application; the dashboard keeps showing the offer", async () => {
    const { id, client } = await newApplicant();
    const { id: applicationId } = await database.db
      .insertInto("applications")
      .values({ user_id: id, public_key: generatePublicKey(), kind: "writer", name: "Offered", bio: "Songs.", status: "accepted", submitted_at: new Date(), decided_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const offer = await createOffer(database.db, { applicationId, userId: id, adminId: ids.admin! });
    for (const fields of [
      { intent: APPLICATION_INTENTS.save, name: "Second go" } as Record<string, string>,
      { intent: APPLICATION_INTENTS.submit, ...details() },
    ]) {
      const response = await client.post("/dashboard", fields);
      expect(response.status, fields.intent).toBe(403);
      expect(await response.text()).toContain(APPLICATION_TEXT.hasOffer);
    }
    const upload = await postMultipart(client, trackForm("collab", wavFile({ seconds: 0.5 }), "x.wav", "X"));
    expect(upload.status).toBe(403);
    expect(filesOf(id)).toEqual([]);
    expect((await applicationsOf(id)).map((a) => a.status)).toEqual(["accepted"]);
    const dashboard = await (await client.get("/dashboard")).text();
    expect(dashboard).toContain(`/accept?offer=${offer.id}`);
  });
});
