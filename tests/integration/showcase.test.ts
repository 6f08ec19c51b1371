/**
 * The showcase through the real request handler, as a browser posts its
 * forms (multipart uploads without JavaScript; the JavaScript upload posts
 * the same form to the same action), on a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL: tests/support/database.ts) and real
 * files in the runtime's storage.
 *
 * Audio files are generated here (tests/support/audio-files.ts): WAV, MP3
 * (LAME's encoder in JavaScript) and FLAC, each a tone that gets louder, so
 * the waveform's shape is known.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalUser } from "~/auth/users.server";
import { AUDIO_BUCKET, AUDIO_MAX_BYTES, AUDIO_MAX_SECONDS } from "~/catalog/constants";
import { UPLOAD_MESSAGES } from "~/catalog/upload.server";
import { seedDemoData } from "~/demo/seed.server";
import { demoAccount } from "~/demo/accounts";
import { BODY_LIMITS, bodyLimitFor, limitRequestBodies, TOO_LARGE_MESSAGE } from "~/platform/http/body-limit.server";
import { getRuntime } from "~/platform/runtime.server";
import { localStorageRoot } from "~/platform/storage/index.server";
import { SHOWCASE_LIMIT, SHOWCASE_TEXT } from "~/showcase/constants";
import { listShowcase } from "~/showcase/showcase.server";
import { storage } from "~/platform/storage/index.server";
import { createAppHandler, locationOf, TEST_ORIGIN, TestClient, type AppHandler } from "../support/app-handler";
import { flacConstantFile, flacFile, mp3File, wavFile } from "../support/audio-files";
import { createTestDatabase, usingPostgres, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "showcase-test-password";
let database: TestDatabase;
let app: AppHandler;
const ids: Record<string, string> = {};
const clients: Record<string, TestClient> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  for (const key of ["member", "admin", "ar", "applicant"] as const) {
    ids[key] = (await database.db.selectFrom("auth.users").select("id").where("email", "=", demoAccount(key).email).executeTakeFirstOrThrow()).id;
  }
  app = await createAppHandler();
  for (const key of ["member", "admin", "applicant"] as const) {
    clients[key] = new TestClient(app);
    await clients[key].signIn(demoAccount(key).email, PASSWORD);
  }
  clients.anonymous = new TestClient(app);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

let counter = 0;
/** A new signed-in member with an empty showcase. */
async function newMember(options: { publicProfile?: boolean } = {}): Promise<{ id: string; client: TestClient }> {
  const email = `showcase-${++counter}-${Date.now()}@example.test`;
  const user = await createLocalUser(database.db, { email, password: PASSWORD, displayName: `Showcase Tester ${counter}`, role: "accepted_member", confirmed: true });
  await database.db
    .insertInto("profiles")
    .values({ user_id: user.id, role: "accepted_member", display_name: `Showcase Tester ${counter}`, public_profile: options.publicProfile ?? true, onboarding_completed: true })
    .execute();
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

/** A multipart post, as the upload form sends it (with or without JavaScript). */
async function postMultipart(client: TestClient, form: FormData, target = "/showcase"): Promise<Response> {
  const response = await app.handle(new Request(new URL(target, TEST_ORIGIN), { method: "POST", headers: headersFor(client), body: form, redirect: "manual" }));
  client.jar.update(response);
  return response;
}

function uploadForm(bytes: Uint8Array | null, fileName: string, title = "", type = "application/octet-stream"): FormData {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("title", title);
  if (bytes) form.set("audio", new File([bytes as Uint8Array<ArrayBuffer>], fileName, { type }));
  return form;
}

const rowsOf = (userId: string) =>
  database.db
    .selectFrom("showcase_tracks")
    .select(["id", "title", "position", "duration_seconds", "peaks", "content_type", "audio_bucket", "audio_path", "size_bytes"])
    .where("user_id", "=", userId)
    .orderBy("position")
    .execute();

/** Files in the member's showcase folder of the runtime's local storage. */
function filesOf(userId: string): string[] {
  const dir = path.join(localStorageRoot(getRuntime().env.dataDir), AUDIO_BUCKET, "showcase", userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

const storageRowsOf = (userId: string) =>
  database.db.selectFrom("storage_objects").select(["path"]).where("bucket", "=", AUDIO_BUCKET).where("path", "like", `showcase/${userId}/%`).execute();

const peaksOf = (value: unknown): number[] => (typeof value === "string" ? JSON.parse(value) : value) as number[];

/** The tone gets louder over the file: the waveform rises. */
function expectRising(peaks: number[]) {
  expect(peaks.length).toBe(200);
  const head = peaks.slice(0, 20).reduce((a, b) => a + b, 0) / 20;
  const tail = peaks.slice(-20).reduce((a, b) => a + b, 0) / 20;
  expect(Math.max(...peaks)).toBe(1);
  expect(tail).toBeGreaterThan(0.8);
  expect(head).toBeLessThan(0.25);
}

describe("uploading", () => {
  it("stores a WAV upload without JavaScript: redirect with a toast, the row, the file, duration and a rising waveform", async () => {
    const { id, client } = await newMember();
    const response = await postMultipart(client, uploadForm(wavFile({ seconds: 3 }), "first-take.wav", "First take"));
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/showcase");
    expect(response.headers.get("set-cookie")).toContain("hf_toast=");
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ title: "First take", position: 1, content_type: "audio/wav", audio_bucket: AUDIO_BUCKET });
    expect(Number(row!.duration_seconds)).toBeCloseTo(3, 3);
    expectRising(peaksOf(row!.peaks));
    expect(filesOf(id)).toEqual([`${row!.id}.wav`]);
    expect((await storageRowsOf(id)).map((r) => r.path)).toEqual([row!.audio_path]);

    // The page lists it; the toast names it.
    const page = await (await client.get("/showcase")).text();
    expect(page).toContain("First take");
    expect(page).toContain(SHOWCASE_TEXT.count(1));
  });

  it("decodes MP3 for duration and waveform and takes the title from its ID3 tag when the field is empty", async () => {
    const { id, client } = await newMember();
    const response = await postMultipart(client, uploadForm(mp3File({ seconds: 3, title: "Tagged Mp3 Song" }), "whatever.mp3"));
    expect(response.status).toBe(302);
    const [row] = await rowsOf(id);
    expect(row!.title).toBe("Tagged Mp3 Song");
    expect(row!.content_type).toBe("audio/mpeg");
    // LAME adds encoder delay and padding (about a frame each).
    expect(Number(row!.duration_seconds)).toBeGreaterThan(2.95);
    expect(Number(row!.duration_seconds)).toBeLessThan(3.2);
    expectRising(peaksOf(row!.peaks));
    expect(filesOf(id)).toEqual([`${row!.id}.mp3`]);
  });

  it("decodes FLAC for duration and waveform and reads its Vorbis comment title", async () => {
    const { id, client } = await newMember();
    const response = await postMultipart(client, uploadForm(flacFile({ seconds: 3, title: "Flac Comment Title" }), "x.flac"));
    expect(response.status).toBe(302);
    const [row] = await rowsOf(id);
    expect(row!.title).toBe("Flac Comment Title");
    expect(row!.content_type).toBe("audio/flac");
    expect(Number(row!.duration_seconds)).toBeCloseTo(3, 3);
    expectRising(peaksOf(row!.peaks));
  });

  it("names an untagged upload without a title after its file, sanitised", async () => {
    const { id, client } = await newMember();
    expect((await postMultipart(client, uploadForm(wavFile({ seconds: 1 }), "late_night <b>demo</b>.wav"))).status).toBe(302);
    expect((await rowsOf(id))[0]!.title).toBe("late night demo");
  });

  it("sanitises the title (SPEC section 5) and refuses one over 100 characters with the message at the field", async () => {
    const { id, client } = await newMember();
    const long = await postMultipart(client, uploadForm(wavFile({ seconds: 1 }), "a.wav", "T".repeat(101)));
    expect(long.status).toBe(400);
    const html = await long.text();
    expect(html).toContain("Title must be no more than 100 characters");
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*title-error/);
    expect(await rowsOf(id)).toEqual([]);
    expect(filesOf(id)).toEqual([]);

    const marked = await postMultipart(client, uploadForm(wavFile({ seconds: 1 }), "a.wav", "<b>Bold</b> move <script>x()</script> javascript:go"));
    expect(marked.status).toBe(302);
    expect((await rowsOf(id))[0]!.title).toBe("Bold move x() go");
  });

  it("refuses what is not audio by its content, an empty file and no file, leaving nothing behind", async () => {
    const { id, client } = await newMember();
    const text = new TextEncoder().encode("This is a text file pretending to be an MP3.\n".repeat(50));
    const fake = await postMultipart(client, uploadForm(text, "hit-single.mp3", "Fake", "audio/mpeg"));
    expect(fake.status).toBe(422);
    expect(await fake.text()).toContain(UPLOAD_MESSAGES.notAudio.replace("(", "("));

    const empty = await postMultipart(client, uploadForm(new Uint8Array(0), "empty.wav", "Empty"));
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain(UPLOAD_MESSAGES.empty);

    const none = await postMultipart(client, uploadForm(null, "", "No file"));
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(SHOWCASE_TEXT.audioRequired);

    expect(await rowsOf(id)).toEqual([]);
    expect(filesOf(id)).toEqual([]);
    expect(await storageRowsOf(id)).toEqual([]);
  });

  it("refuses a file over AUDIO_MAX_BYTES with the size message, before anything is written", async () => {
    const { id, client } = await newMember();
    // A real body of 50 MiB + 1 byte (a WAV header in front, so only its size is wrong).
    const big = new Uint8Array(AUDIO_MAX_BYTES + 1);
    big.set(wavFile({ seconds: 0.1 }));
    const response = await postMultipart(client, uploadForm(big, "huge.wav", "Huge"));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(SHOWCASE_TEXT.audioTooLarge);
    expect(await rowsOf(id)).toEqual([]);
    expect(filesOf(id)).toEqual([]);
  });

  it("refuses audio longer than AUDIO_MAX_SECONDS, also a small FLAC that decodes to hours, without decoding it all", async () => {
    const { id, client } = await newMember();
    // 3 hours in about 15 KB: decoding stops at the limit instead of producing every sample.
    const bomb = flacConstantFile({ seconds: 3 * 60 * 60 });
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    const started = performance.now();
    const response = await postMultipart(client, uploadForm(bomb, "bomb.flac", "Bomb"));
    const elapsedMs = performance.now() - started;
    expect(response.status).toBe(422);
    expect(await response.text()).toContain(UPLOAD_MESSAGES.tooLong);
    console.log(`a FLAC of 3 h in ${bomb.byteLength} bytes refused in ${elapsedMs.toFixed(0)} ms`);
    // A WAV whose header says 31 minutes (8 kHz mono, 16-bit: 30 MB) is refused by its length.
    const long = wavFile({ seconds: (AUDIO_MAX_SECONDS + 60), sampleRate: 8000 });
    const refused = await postMultipart(client, uploadForm(long, "long.wav", "Long"));
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(UPLOAD_MESSAGES.tooLong);
    expect(await rowsOf(id)).toEqual([]);
    expect(filesOf(id)).toEqual([]);
    expect(await storageRowsOf(id)).toEqual([]);
  });

  it("a cancelled upload (the body stops half way) stores nothing", async () => {
    const { id, client } = await newMember();
    const form = uploadForm(wavFile({ seconds: 2 }), "cut.wav", "Cut short");
    const whole = new Uint8Array(await new Response(form).arrayBuffer());
    const type = new Response(form).headers.get("content-type")!;
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(whole.subarray(0, Math.floor(whole.length / 2)));
        } else {
          controller.error(new Error("client aborted"));
        }
      },
    });
    const headers = headersFor(client, { "content-type": type });
    const response = await app
      .handle(new Request(new URL("/showcase", TEST_ORIGIN), { method: "POST", headers, body, redirect: "manual", duplex: "half" } as RequestInit))
      .catch(() => null);
    expect(response === null || response.status >= 400).toBe(true);
    expect(await rowsOf(id)).toEqual([]);
    expect(filesOf(id)).toEqual([]);
  });

  it("non-members cannot upload (the member guard runs before the body is read)", async () => {
    const before = await database.db.selectFrom("showcase_tracks").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const anonymous = await postMultipart(clients.anonymous!, uploadForm(wavFile({ seconds: 1 }), "a.wav", "Nope"));
    expect(anonymous.status).toBe(302);
    expect(locationOf(anonymous)).toMatch(/^\/auth\?redirect=/);
    const applicant = await postMultipart(clients.applicant!, uploadForm(wavFile({ seconds: 1 }), "a.wav", "Nope"));
    expect(applicant.status).toBe(302);
    expect(locationOf(applicant)).toBe("/dashboard");
    const after = await database.db.selectFrom("showcase_tracks").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("the limit of 5", () => {
  it("refuses a sixth upload with a clear message and leaves no file", async () => {
    const { id, client } = await newMember();
    for (let i = 1; i <= SHOWCASE_LIMIT; i++) {
      expect((await postMultipart(client, uploadForm(wavFile({ seconds: 0.5, frequency: 200 + i * 50 }), `t${i}.wav`, `Track ${i}`))).status).toBe(302);
    }
    const sixth = await postMultipart(client, uploadForm(wavFile({ seconds: 0.5 }), "t6.wav", "Track 6"));
    expect(sixth.status).toBe(409);
    expect(await sixth.text()).toContain(SHOWCASE_TEXT.full);
    expect((await rowsOf(id)).map((r) => [r.title, r.position])).toEqual([1, 2, 3, 4, 5].map((n) => [`Track ${n}`, n]));
    expect(filesOf(id)).toHaveLength(SHOWCASE_LIMIT);
  });

  it(`holds in the database when 20 uploads arrive at once: exactly ${SHOWCASE_LIMIT} rows, ${SHOWCASE_LIMIT} files, nothing of the others (${usingPostgres ? "PostgreSQL" : "PGlite"})`, async () => {
    const { id, client } = await newMember();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postMultipart(client, uploadForm(wavFile({ seconds: 0.5, frequency: 300 + i * 20 }), `burst-${i}.wav`, `Burst ${i}`))),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(SHOWCASE_LIMIT);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20 - SHOWCASE_LIMIT);
    const rows = await rowsOf(id);
    expect(rows.map((row) => row.position)).toEqual([1, 2, 3, 4, 5]);
    expect(filesOf(id).sort()).toEqual(rows.map((row) => path.posix.basename(row.audio_path)).sort());
    expect((await storageRowsOf(id)).map((r) => r.path).sort()).toEqual(rows.map((row) => row.audio_path).sort());
  }, 120_000);

  it("is the database's own rule: a sixth row inserted with SQL is refused", async () => {
    const { id } = await newMember();
    const insert = (n: number) =>
      sql`insert into public.storage_objects (bucket, path, content_type, size_bytes, sha256, kind)
          values ('audio', ${`showcase/${id}/sql-${n}.wav`}, 'audio/wav', 10, ${"a".repeat(64)}, 'audio');
          `.execute(database.db).then(() =>
        database.db
          .insertInto("showcase_tracks")
          .values({ user_id: id, title: `Row ${n}`, audio_bucket: "audio", audio_path: `showcase/${id}/sql-${n}.wav`, content_type: "audio/wav", size_bytes: 10, duration_seconds: 1 })
          .execute(),
      );
    for (let n = 1; n <= 5; n++) await insert(n);
    await expect(insert(6)).rejects.toMatchObject({ code: "23514" });
    // A position outside 1..5 or taken twice is refused too.
    await expect(sql`update public.showcase_tracks set position = 6 where user_id = ${id} and position = 5`.execute(database.db)).rejects.toMatchObject({ code: "23514" });
    await expect(sql`update public.showcase_tracks set position = 1 where user_id = ${id} and position = 2`.execute(database.db)).rejects.toMatchObject({ code: "23505" });
    expect(await rowsOf(id)).toHaveLength(5);
  });
});

describe("reordering and deleting", () => {
  async function memberWithThree() {
    const member = await newMember();
    for (const title of ["One", "Two", "Three"]) {
      expect((await postMultipart(member.client, uploadForm(wavFile({ seconds: 0.5 }), `${title}.wav`, title))).status).toBe(302);
    }
    return member;
  }
  const titles = async (userId: string) => (await rowsOf(userId)).map((row) => row.title);

  it("moves a track up and down with plain forms; the ends stay put", async () => {
    const { id, client } = await memberWithThree();
    const [one, two, three] = await rowsOf(id);
    const down = await client.post("/showcase", { intent: "move", trackId: one!.id, direction: "down" });
    expect(down.status).toBe(302);
    expect(await titles(id)).toEqual(["Two", "One", "Three"]);
    expect((await client.post("/showcase", { intent: "move", trackId: three!.id, direction: "up" })).status).toBe(302);
    expect(await titles(id)).toEqual(["Two", "Three", "One"]);
    // Already first: nothing changes.
    expect((await client.post("/showcase", { intent: "move", trackId: two!.id, direction: "up" })).status).toBe(302);
    expect(await titles(id)).toEqual(["Two", "Three", "One"]);
    expect((await client.post("/showcase", { intent: "move", trackId: two!.id, direction: "sideways" })).status).toBe(400);
  });

  it("deletes only after the confirmation step, removing the row, the storage row and the file; the rest move up", async () => {
    const { id, client } = await memberWithThree();
    const [, two] = await rowsOf(id);
    // The no-JavaScript confirmation step.
    const confirmPage = await (await client.get(`/showcase?delete=${two!.id}`)).text();
    expect(confirmPage).toContain(SHOWCASE_TEXT.deleteConfirmTitle);
    expect(confirmPage).toContain('name="confirm" value="yes"');

    const unconfirmed = await client.post("/showcase", { intent: "delete", trackId: two!.id });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain(SHOWCASE_TEXT.confirmRequired);
    expect(await titles(id)).toEqual(["One", "Two", "Three"]);

    const response = await client.post("/showcase", { intent: "delete", trackId: two!.id, confirm: "yes" });
    expect(response.status).toBe(302);
    const rows = await rowsOf(id);
    expect(rows.map((row) => [row.title, row.position])).toEqual([
      ["One", 1],
      ["Three", 2],
    ]);
    expect(filesOf(id)).toHaveLength(2);
    expect(filesOf(id)).not.toContain(path.posix.basename(two!.audio_path));
    expect(await storageRowsOf(id)).toHaveLength(2);
    // Room again for a new one, at the end.
    expect((await postMultipart(client, uploadForm(wavFile({ seconds: 0.5 }), "Four.wav", "Four"))).status).toBe(302);
    expect(await titles(id)).toEqual(["One", "Three", "Four"]);
  });

  it("refuses another member's track id in a move or delete form with 404 and changes nothing", async () => {
    const owner = await memberWithThree();
    const other = await newMember();
    const [first] = await rowsOf(owner.id);
    const move = await other.client.post("/showcase", { intent: "move", trackId: first!.id, direction: "down" });
    expect(move.status).toBe(404);
    expect(await move.text()).toContain(SHOWCASE_TEXT.notFound);
    const del = await other.client.post("/showcase", { intent: "delete", trackId: first!.id, confirm: "yes" });
    expect(del.status).toBe(404);
    // Not even an admin deletes through their own showcase form.
    expect((await clients.admin!.post("/showcase", { intent: "delete", trackId: first!.id, confirm: "yes" })).status).toBe(404);
    expect(await titles(owner.id)).toEqual(["One", "Two", "Three"]);
    expect(filesOf(owner.id)).toHaveLength(3);
    // The confirmation step does not show someone else's track either.
    expect(await (await other.client.get(`/showcase?delete=${first!.id}`)).text()).not.toContain(SHOWCASE_TEXT.deleteConfirmTitle);
    // Garbage ids are refused as form errors, not server errors.
    expect((await other.client.post("/showcase", { intent: "delete", trackId: "'; drop table showcase_tracks; --", confirm: "yes" })).status).toBe(400);
  });
});

describe("playback", () => {
  it("lists the demo member's three seeded tracks with signed URLs that play", async () => {
    const tracks = await listShowcase(database.db, storage(), ids.member!);
    expect(tracks).toHaveLength(3);
    expect(tracks.map((track) => track.position)).toEqual([1, 2, 3]);
    for (const track of tracks) {
      expect(track.durationSeconds).toBeGreaterThanOrEqual(10);
      expect(track.durationSeconds).toBeLessThanOrEqual(21);
      expect(track.peaks).toHaveLength(200);
    }
    const url = new URL(tracks[0]!.url, TEST_ORIGIN);
    const audio = await app.handle(new Request(url));
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(44);
  });

  it("the audio-url endpoint answers a fresh signed URL only to those who may see the profile", async () => {
    const publicTrack = (await listShowcase(database.db, storage(), ids.member!))[0]!;
    const privateOwner = await newMember({ publicProfile: false });
    expect((await postMultipart(privateOwner.client, uploadForm(wavFile({ seconds: 0.5 }), "p.wav", "Private one"))).status).toBe(302);
    const [privateTrack] = await rowsOf(privateOwner.id);
    const stranger = await newMember();
    const urlOf = (trackId: string) => `/api/showcase/${trackId}/audio-url`;

    for (const client of [clients.anonymous!, clients.applicant!, stranger.client]) {
      const response = await client.get(urlOf(publicTrack.id));
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("no-store");
      const body = (await response.json()) as { url: string };
      expect(body.url).toContain("/storage/v1/object/sign/audio/");
      const denied = await client.get(urlOf(privateTrack!.id));
      expect(denied.status).toBe(404);
    }
    for (const client of [privateOwner.client, clients.admin!]) {
      expect((await client.get(urlOf(privateTrack!.id))).status).toBe(200);
    }
    expect((await clients.anonymous!.get(urlOf("00000000-0000-4000-8000-000000000000"))).status).toBe(404);
    expect((await clients.anonymous!.get(urlOf("not-a-uuid"))).status).toBe(404);
    expect((await clients.member!.post(urlOf(publicTrack.id))).status).toBe(405);
  });
});

describe("the body cap for /showcase (server.ts's middleware)", () => {
  it("is AUDIO_MAX_BYTES plus room for the fields", () => {
    expect(bodyLimitFor("/showcase")).toBe(AUDIO_MAX_BYTES + 1024 * 1024);
    expect(bodyLimitFor("/showcase.data")).toBe(AUDIO_MAX_BYTES + 1024 * 1024);
    // No other page borrows it.
    expect(bodyLimitFor("/showcase/../auth")).toBe(BODY_LIMITS.defaultBytes);
    expect(bodyLimitFor("/showcase/../profile")).toBe(bodyLimitFor("/profile"));
    expect(bodyLimitFor("/showcases")).toBe(BODY_LIMITS.defaultBytes);
  });

  it("refuses a Content-Length over the cap at once and cuts off a longer chunked body, over a real socket", async () => {
    const server = express();
    let reached = 0;
    server.use(limitRequestBodies());
    server.post("/showcase", (req, res) => {
      reached++;
      req.resume();
      req.on("end", () => res.status(200).send("read"));
    });
    const listener = http.createServer(server).listen(0);
    const { port } = listener.address() as AddressInfo;
    const cap = bodyLimitFor("/showcase");
    const send = (headers: Record<string, string | number>, chunks: number) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request({ port, method: "POST", path: "/showcase", headers: { "content-type": "multipart/form-data; boundary=x", ...headers } }, (response) => {
          let body = "";
          response.on("data", (chunk) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on("error", reject);
        const chunk = Buffer.alloc(1024 * 1024, 0x61);
        let sent = 0;
        const write = () => {
          while (sent < chunks) {
            sent++;
            if (!request.write(chunk)) return void request.once("drain", write);
          }
          request.end();
        };
        write();
      });
    try {
      const declared = await send({ "content-length": cap + 1 }, 1);
      expect(declared.status).toBe(413);
      expect(declared.body).toBe(TOO_LARGE_MESSAGE);
      const chunked = await send({ "transfer-encoding": "chunked" }, 53);
      expect(chunked.status).toBe(413);
      expect(reached).toBeLessThanOrEqual(1);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  }, 60_000);
});
