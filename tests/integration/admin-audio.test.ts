/**
 * /admin/audio and its tus endpoint (issue 12 §7, ADR 0085) through the real
 * request handler, on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) with real files: the runtime's storage and the tus
 * staging directory under its DATA_DIR. Audio is generated here (WAV with
 * ID3 tags in an "id3 " chunk: app/audio-uploads/wav-tags.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalUser } from "~/auth/users.server";
import { AUDIO_TEXT, TUS_CHUNK_BYTES, TUS_ENDPOINT, TUS_MAX_BYTES } from "~/audio-uploads/constants";
import { DEMO_DRAFTS } from "~/audio-uploads/seed.server";
import { tusEndpoint, uploadsDirectory } from "~/audio-uploads/tus.server";
import { tagWav } from "~/audio-uploads/wav-tags";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { searchCatalog } from "~/catalog/songs.server";
import { UPLOAD_MESSAGES } from "~/catalog/upload.server";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { bodyLimitFor } from "~/platform/http/body-limit.server";
import { checkRequestInput } from "~/platform/http/input-hygiene.server";
import { getRuntime } from "~/platform/runtime.server";
import { storage } from "~/platform/storage/index.server";
import { createAppHandler, locationOf, TEST_ORIGIN, TestClient, type AppHandler } from "../support/app-handler";
import { wavFile } from "../support/audio-files";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "admin-audio-test-password";
let database: TestDatabase;
let app: AppHandler;
let staging: string;
const clients: Record<"admin" | "admin2" | "member" | "anonymous", TestClient> = {} as never;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  app = await createAppHandler();
  for (const key of ["admin", "member"] as const) {
    clients[key] = new TestClient(app);
    await clients[key].signIn(demoAccount(key).email, PASSWORD);
    ids[key] = (await database.db.selectFrom("auth.users").select("id").where("email", "=", demoAccount(key).email).executeTakeFirstOrThrow()).id;
  }
  // A second admin, to try the first one's uploads.
  const email = `second-admin-${Date.now()}@example.test`;
  const user = await createLocalUser(database.db, { email, password: PASSWORD, displayName: "Second Admin", role: "admin", confirmed: true });
  await database.db.insertInto("profiles").values({ user_id: user.id, role: "admin", is_admin: true, display_name: "Second Admin", onboarding_completed: true }).execute();
  clients.admin2 = new TestClient(app);
  await clients.admin2.signIn(email, PASSWORD);
  clients.anonymous = new TestClient(app);
  staging = uploadsDirectory(getRuntime().env.dataDir);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

function headersFor(client: TestClient, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ "sec-fetch-site": "same-origin", host: new URL(TEST_ORIGIN).host, origin: TEST_ORIGIN, ...extra });
  const cookie = client.jar.header();
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

/** One tus request as tus-js-client sends it (Tus-Resumable 1.0.0 unless told otherwise). */
async function tus(client: TestClient, method: string, target: string, options: { headers?: Record<string, string>; body?: BodyInit; noTusHeader?: boolean } = {}) {
  const headers = headersFor(client, options.noTusHeader ? options.headers : { "Tus-Resumable": "1.0.0", ...options.headers });
  const init: RequestInit & { duplex?: string } = { method, headers, body: options.body, redirect: "manual" };
  if (options.body instanceof ReadableStream) init.duplex = "half";
  return app.handle(new Request(new URL(target, TEST_ORIGIN), init));
}

const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

async function create(client: TestClient, size: number, filename: string) {
  const response = await tus(client, "POST", TUS_ENDPOINT, { headers: { "Upload-Length": String(size), "Upload-Metadata": meta({ filename, filetype: "audio/wav" }) } });
  expect(response.status, await response.clone().text()).toBe(201);
  const location = response.headers.get("location")!;
  expect(location).toMatch(new RegExp(`^${TUS_ENDPOINT}/[0-9a-f]{32}$`));
  return location;
}

const patch = (client: TestClient, url: string, offset: number, bytes: Uint8Array | ReadableStream<Uint8Array>, extra: Record<string, string> = {}) =>
  tus(client, "PATCH", url, { headers: { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream", ...extra }, body: bytes as BodyInit });

async function offsetOf(client: TestClient, url: string) {
  const response = await tus(client, "HEAD", url);
  return { status: response.status, offset: Number(response.headers.get("upload-offset")), length: Number(response.headers.get("upload-length")) };
}

const stagedFiles = () => (fs.existsSync(staging) ? fs.readdirSync(staging) : []);
const idOf = (url: string) => url.split("/").pop()!;

/** A tagged WAV of about `seconds` at 22.05 kHz mono 16-bit (44 KB a second). */
function taggedWav(seconds: number, tags: Parameters<typeof tagWav>[1]) {
  return tagWav(wavFile({ seconds }), tags);
}

async function songCounts() {
  const songs = await sql<{ n: number }>`select count(*)::int as n from songs`.execute(database.db);
  const objects = await sql<{ n: number }>`select count(*)::int as n from storage_objects`.execute(database.db);
  return { songs: songs.rows[0]!.n, objects: objects.rows[0]!.n };
}

async function auditEntries(action: string, targetId: string) {
  return database.db.selectFrom("admin_audit_log").selectAll().where("action", "=", action).where("target_id", "=", targetId).execute();
}

describe("the tus endpoint, end to end", () => {
  it("creates, takes chunks, reports the offset, resumes after a dropped PATCH and makes a draft with the tag's title", async () => {
    const wav = taggedWav(160, { title: "Tus Lighthouse Song", artist: "The Testers", genre: "Zydecotest", bpm: 101, key: "E minor" });
    expect(wav.length).toBeGreaterThan(TUS_CHUNK_BYTES + 100_000);
    const url = await create(clients.admin, wav.length, "lighthouse_final.wav");
    expect(await offsetOf(clients.admin, url)).toEqual({ status: 200, offset: 0, length: wav.length });

    // First chunk whole.
    const first = await patch(clients.admin, url, 0, wav.subarray(0, TUS_CHUNK_BYTES));
    expect(first.status).toBe(204);
    expect(Number(first.headers.get("upload-offset"))).toBe(TUS_CHUNK_BYTES);
    expect(first.headers.get("upload-expires")).toBeTruthy();

    // A PATCH whose connection drops part way: some bytes arrive, then the stream fails.
    const partial = 200_000;
    let sent = false;
    const dropping = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(wav.slice(TUS_CHUNK_BYTES, TUS_CHUNK_BYTES + partial));
          return;
        }
        controller.error(new Error("connection dropped"));
      },
    });
    const dropped = await patch(clients.admin, url, TUS_CHUNK_BYTES, dropping).catch((error: unknown) => error);
    if (dropped instanceof Response) expect(dropped.status).not.toBe(204);

    // The client asks where the upload stands and goes on from there, not from zero.
    const after = await offsetOf(clients.admin, url);
    expect(after.offset).toBeGreaterThanOrEqual(TUS_CHUNK_BYTES);
    expect(after.offset).toBeLessThanOrEqual(TUS_CHUNK_BYTES + partial);
    const last = await patch(clients.admin, url, after.offset, wav.subarray(after.offset));
    expect(last.status, await last.clone().text()).toBe(204);
    const songId = last.headers.get("hit-factory-draft-id")!;
    expect(decodeURIComponent(last.headers.get("hit-factory-draft-title")!)).toBe("Tus Lighthouse Song");

    const song = await database.db.selectFrom("songs").selectAll().where("id", "=", songId).executeTakeFirstOrThrow();
    expect(song).toMatchObject({ status: "draft", title: "Tus Lighthouse Song", genre: "Zydecotest", bpm: 101, musical_key: "E minor" });
    expect(song.duration_seconds).toBeCloseTo(160, 0);
    expect(song.peaks.length).toBeGreaterThan(100);
    const draft = await database.db.selectFrom("song_drafts").selectAll().where("song_id", "=", songId).executeTakeFirstOrThrow();
    expect(draft).toMatchObject({ uploaded_by: ids.admin, source_file_name: "lighthouse_final.wav", tag_artist: "The Testers", missing: [] });
    // The stored file is the whole upload, byte for byte, with its storage row.
    const stored = await storage().get(AUDIO_BUCKET, song.audio_path);
    expect(stored && Buffer.from(stored).equals(Buffer.from(wav))).toBe(true);
    const object = await database.db.selectFrom("storage_objects").selectAll().where("bucket", "=", AUDIO_BUCKET).where("path", "=", song.audio_path).executeTakeFirstOrThrow();
    expect(object).toMatchObject({ content_type: "audio/wav", size_bytes: wav.length, uploaded_by: ids.admin });
    expect(await auditEntries("song.draft_uploaded", songId)).toHaveLength(1);
    // The staged copy is gone, and the upload with it.
    expect(stagedFiles().filter((name) => name.startsWith(idOf(url)))).toEqual([]);
    expect((await offsetOf(clients.admin, url)).status).toBe(404);
  }, 60_000);

  it("cancels an upload with DELETE (termination): the staged bytes go", async () => {
    const url = await create(clients.admin, 500_000, "cancel-me.wav");
    expect((await patch(clients.admin, url, 0, new Uint8Array(100_000))).status).toBe(204);
    expect(stagedFiles().filter((name) => name.startsWith(idOf(url)))).toHaveLength(2);
    const deleted = await tus(clients.admin, "DELETE", url);
    expect(deleted.status).toBe(204);
    expect(stagedFiles().filter((name) => name.startsWith(idOf(url)))).toEqual([]);
    expect((await offsetOf(clients.admin, url)).status).toBe(404);
  });

  it("refuses non-admins: a member is sent to /, an anonymous visitor to sign in", async () => {
    const member = await tus(clients.member, "POST", TUS_ENDPOINT, { headers: { "Upload-Length": "1000" } });
    expect(member.status).toBe(302);
    expect(locationOf(member)).toBe("/");
    const anonymous = await tus(clients.anonymous, "POST", TUS_ENDPOINT, { headers: { "Upload-Length": "1000" } });
    expect(locationOf(anonymous)).toMatch(/^\/auth\?redirect=/);
    const url = await create(clients.admin, 1000, "mine.wav");
    for (const method of ["HEAD", "PATCH", "DELETE"]) {
      const response = await tus(clients.member, method, url, method === "PATCH" ? { headers: { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }, body: new Uint8Array(10) } : {});
      expect(response.status, method).toBe(302);
    }
    expect(await offsetOf(clients.admin, url)).toMatchObject({ status: 200, offset: 0 });
    await tus(clients.admin, "DELETE", url);
  });

  it("answers another admin's upload id like one that does not exist, and leaves the upload alone", async () => {
    const url = await create(clients.admin, 1000, "first-admins.wav");
    expect((await patch(clients.admin, url, 0, new Uint8Array(10))).status).toBe(204);
    expect((await tus(clients.admin2, "HEAD", url)).status).toBe(404);
    expect((await patch(clients.admin2, url, 10, new Uint8Array(10))).status).toBe(404);
    expect((await tus(clients.admin2, "DELETE", url)).status).toBe(404);
    expect(await offsetOf(clients.admin, url)).toMatchObject({ status: 200, offset: 10 });
    // An owner the client names in its metadata is ignored: the session says who owns an upload.
    const forged = await tus(clients.admin2, "POST", TUS_ENDPOINT, { headers: { "Upload-Length": "100", "Upload-Metadata": meta({ filename: "x.wav", owner: ids.admin! }) } });
    const forgedUrl = forged.headers.get("location")!;
    expect((await tus(clients.admin, "HEAD", forgedUrl)).status).toBe(404);
    expect((await tus(clients.admin2, "HEAD", forgedUrl)).status).toBe(200);
    // Malformed and unknown ids.
    expect((await tus(clients.admin, "HEAD", `${TUS_ENDPOINT}/..%2F..%2Fetc`)).status).toBe(404);
    expect((await tus(clients.admin, "HEAD", `${TUS_ENDPOINT}/0123456789abcdef0123456789abcdef`)).status).toBe(404);
    await tus(clients.admin, "DELETE", url);
    await tus(clients.admin2, "DELETE", forgedUrl);
  });

  it("refuses a missing Tus-Resumable (412), a wrong Upload-Offset (409) and a body that is not offset+octet-stream", async () => {
    const missing = await tus(clients.admin, "POST", TUS_ENDPOINT, { noTusHeader: true, headers: { "Upload-Length": "1000" } });
    expect(missing.status).toBe(412);
    const url = await create(clients.admin, 1000, "offsets.wav");
    expect((await patch(clients.admin, url, 0, new Uint8Array(100))).status).toBe(204);
    expect((await patch(clients.admin, url, 0, new Uint8Array(100))).status).toBe(409);
    expect((await patch(clients.admin, url, 500, new Uint8Array(100))).status).toBe(409);
    expect((await tus(clients.admin, "PATCH", url, { noTusHeader: true, headers: { "Upload-Offset": "100", "Content-Type": "application/offset+octet-stream" }, body: new Uint8Array(10) })).status).toBe(412);
    // Only tus chunks may be a body that is not a form, and only on this path.
    const json = await tus(clients.admin, "PATCH", url, { headers: { "Upload-Offset": "100", "Content-Type": "application/json" }, body: "{}" });
    expect(json.status).toBe(415);
    expect(await offsetOf(clients.admin, url)).toMatchObject({ offset: 100 });
    await tus(clients.admin, "DELETE", url);
  });

  it("refuses an upload over the cap when it is created and bytes beyond the declared length", async () => {
    const tooLarge = await tus(clients.admin, "POST", TUS_ENDPOINT, { headers: { "Upload-Length": String(TUS_MAX_BYTES + 1), "Upload-Metadata": meta({ filename: "huge.wav" }) } });
    expect(tooLarge.status).toBe(413);
    const url = await create(clients.admin, 100, "small.wav");
    expect((await patch(clients.admin, url, 0, new Uint8Array(200))).status).toBe(413);
    await tus(clients.admin, "DELETE", url);
    expect(bodyLimitFor(`${TUS_ENDPOINT}/abc`)).toBe(TUS_CHUNK_BYTES + 1024 * 1024);
    expect(bodyLimitFor("/admin/audio")).toBe(51 * 1024 * 1024);
    expect(checkRequestInput({ method: "PATCH", target: `${TUS_ENDPOINT}/abc`, contentType: "application/offset+octet-stream", hasBody: true })).toBeNull();
    expect(checkRequestInput({ method: "POST", target: `${TUS_ENDPOINT}/../../../auth`, contentType: "application/offset+octet-stream", hasBody: true })?.status).toBe(415);
  });

  it("refuses a file that is not audio (a PNG renamed .wav) with a clear message and leaves nothing behind", async () => {
    const png = new Uint8Array(300_000);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
    const before = await songCounts();
    const storedBefore = fs.readdirSync(path.join(getRuntime().env.dataDir, "storage"), { recursive: true }).length;
    const url = await create(clients.admin, png.length, "cover.wav");
    const response = await patch(clients.admin, url, 0, png);
    expect(response.status).toBe(415);
    expect((await response.text()).trim()).toBe(UPLOAD_MESSAGES.notAudio);
    expect(await songCounts()).toEqual(before);
    expect(stagedFiles().filter((name) => name.startsWith(idOf(url)))).toEqual([]);
    expect(fs.readdirSync(path.join(getRuntime().env.dataDir, "storage"), { recursive: true }).length).toBe(storedBefore);
    expect((await offsetOf(clients.admin, url)).status).toBe(404);
  });

  it("expires unfinished uploads after a day: a PATCH gets 410 and the sweep removes the staged bytes", async () => {
    const url = await create(clients.admin, 1000, "stale.wav");
    expect((await patch(clients.admin, url, 0, new Uint8Array(10))).status).toBe(204);
    const fresh = await create(clients.admin, 1000, "fresh.wav");
    // Back-date the first upload's creation by 25 hours, as if it had been left since yesterday.
    const infoFile = path.join(staging, `${idOf(url)}.json`);
    const info = JSON.parse(fs.readFileSync(infoFile, "utf8"));
    info.creation_date = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    fs.writeFileSync(infoFile, JSON.stringify(info));
    expect((await patch(clients.admin, url, 10, new Uint8Array(10))).status).toBe(410);
    expect(await tusEndpoint().sweep()).toBeGreaterThanOrEqual(1);
    expect(stagedFiles().filter((name) => name.startsWith(idOf(url)))).toEqual([]);
    expect(stagedFiles().filter((name) => name.startsWith(idOf(fresh)))).toHaveLength(2);
    await tus(clients.admin, "DELETE", fresh);
  });
});

describe("drafts stay out of the catalogue until published", () => {
  let draftId: string;
  const title = "Quixotic Marmalade Draft";

  it("a draft is absent from /music-catalog, the search, the song page and the facet counts", async () => {
    const wav = taggedWav(5, { title, genre: "Polkadraftwave" });
    const url = await create(clients.admin, wav.length, "marmalade.wav");
    const done = await patch(clients.admin, url, 0, wav);
    expect(done.status).toBe(204);
    draftId = done.headers.get("hit-factory-draft-id")!;
    const draft = await database.db.selectFrom("song_drafts").select("missing").where("song_id", "=", draftId).executeTakeFirstOrThrow();
    expect(draft.missing).toEqual(["bpm", "musical_key"]);

    const search = await searchCatalog(database.db, { search: "Quixotic Marmalade" }, { storage: storage(), cache: false });
    expect(search.songs.map((song) => song.id)).not.toContain(draftId);
    const all = await searchCatalog(database.db, { pageSize: 100 }, { storage: storage(), cache: false });
    expect(all.facets.genres.map((genre) => genre.value.toLowerCase())).not.toContain("polkadraftwave");
    const catalogue = await sql<{ n: number }>`select count(*)::int as n from songs where status = 'catalogue'`.execute(database.db);
    expect(all.total).toBe(catalogue.rows[0]!.n);
    const total = await sql<{ count: number }>`select count from catalog_facet_counts where facet = 'total' and value = 'catalogue'`.execute(database.db);
    expect(Number(total.rows[0]!.count)).toBe(catalogue.rows[0]!.n);
    const page = await clients.anonymous.get(`/music-catalog?search=${encodeURIComponent("Quixotic Marmalade")}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(title);
    expect((await clients.member.get(`/song/${draftId}`)).status).toBe(404);
    // The demo drafts too.
    for (const demo of DEMO_DRAFTS) {
      const found = await searchCatalog(database.db, { search: demo.title }, { storage: storage(), cache: false });
      expect(found.songs.map((song) => song.title)).not.toContain(demo.title);
    }
  });

  it("lists drafts on /admin/audio for admins only", async () => {
    const page = await clients.admin.get("/admin/audio");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(title);
    expect(html).toContain(`/admin/catalog/${draftId}`);
    for (const demo of DEMO_DRAFTS) expect(html).toContain(demo.title.replace("(", "").slice(0, 10));
    expect(locationOf(await clients.member.get("/admin/audio"))).toBe("/");
    expect(locationOf(await clients.admin.get("/admin/audio-upload"))).toBe("/admin/audio");
  });

  it("a draft opens in the catalogue editor, and a field set there is no longer asked for", async () => {
    expect((await clients.admin.get(`/admin/catalog/${draftId}`)).status).toBe(200);
    // What the editor's save does to the row (H4's form): the trigger takes bpm off the missing list.
    await database.db.updateTable("songs").set({ bpm: 99 }).where("id", "=", draftId).execute();
    expect((await database.db.selectFrom("song_drafts").select("missing").where("song_id", "=", draftId).executeTakeFirstOrThrow()).missing).toEqual(["musical_key"]);
    const page = await (await clients.admin.get(`/admin/audio?publish=${draftId}`)).text();
    expect(page).toMatch(/id="audio-publish-bpm"[^>]*value="99"/);
    expect(page).toMatch(/id="audio-publish-musicalKey"[^>]*value=""/);
  });

  it("publishing asks for the fields the tags did not give, then puts the song in the catalogue and the search at once", async () => {
    const missing = await clients.admin.post(`/admin/audio?publish=${draftId}`, { intent: "publish", songId: draftId, title, genre: "Polkadraftwave", bpm: "", musicalKey: "" });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain(AUDIO_TEXT.errors.bpm);
    expect(html).toContain(AUDIO_TEXT.errors.key);
    expect((await database.db.selectFrom("songs").select("status").where("id", "=", draftId).executeTakeFirstOrThrow()).status).toBe("draft");

    const published = await clients.admin.post(`/admin/audio?publish=${draftId}`, { intent: "publish", songId: draftId, title: `${title} <b>Final</b>`, genre: "Polkadraftwave", bpm: "118", musicalKey: "G major" });
    expect(published.status).toBe(302);
    const song = await database.db.selectFrom("songs").selectAll().where("id", "=", draftId).executeTakeFirstOrThrow();
    expect(song).toMatchObject({ status: "catalogue", title: `${title} Final`, bpm: 118, musical_key: "G major" });
    expect(await database.db.selectFrom("song_drafts").select("song_id").where("song_id", "=", draftId).execute()).toEqual([]);
    const search = await searchCatalog(database.db, { search: "Quixotic Marmalade" }, { storage: storage(), cache: false });
    expect(search.songs.map((found) => found.id)).toContain(draftId);
    const all = await searchCatalog(database.db, { pageSize: 100 }, { storage: storage(), cache: false });
    expect(all.facets.genres.map((genre) => genre.value.toLowerCase())).toContain("polkadraftwave");
    const [entry] = await auditEntries("song.published", draftId);
    expect(entry).toMatchObject({ actor_id: ids.admin });
    expect(entry!.before).toMatchObject({ status: "draft" });
    expect(entry!.after).toMatchObject({ status: "catalogue", bpm: 118 });
    // Published once: a replay is refused, a song of the catalogue is not a draft.
    const replay = await clients.admin.post(`/admin/audio?publish=${draftId}`, { intent: "publish", songId: draftId, title, genre: "Pop", bpm: "100", musicalKey: "C major" });
    expect(replay.status).toBe(409);
    const page = await clients.anonymous.get(`/song/${draftId}`);
    expect(page.status).toBe(200);
  });

  it("publishing keeps the credits an editor added to the draft", async () => {
    const wav = taggedWav(3, { title: "Credited Draft", genre: "Pop", bpm: 100, key: "C major" });
    const url = await create(clients.admin, wav.length, "credited.wav");
    const songId = (await patch(clients.admin, url, 0, wav)).headers.get("hit-factory-draft-id")!;
    await database.db.insertInto("song_credits").values({ song_id: songId, member_id: ids.member, name: "Demo Member", role: "writer", split: "100", position: 0 }).execute();
    const response = await clients.admin.post(`/admin/audio?publish=${songId}`, { intent: "publish", songId, title: "Credited Draft", genre: "Pop", bpm: "100", musicalKey: "C major" });
    expect(response.status).toBe(302);
    const credits = await database.db.selectFrom("song_credits").select(["name", "split"]).where("song_id", "=", songId).execute();
    expect(credits).toEqual([{ name: "Demo Member", split: "100.00" }]);
    const found = await searchCatalog(database.db, { search: "Credited Draft" }, { storage: storage(), cache: false });
    expect(found.songs.map((song) => song.id)).toContain(songId);
  });

  it("deleting a draft asks for confirmation, then removes the row, its file and its storage row, with an audit entry", async () => {
    const wav = taggedWav(3, { title: "Delete Me Draft" });
    const url = await create(clients.admin, wav.length, "delete-me.wav");
    const songId = (await patch(clients.admin, url, 0, wav)).headers.get("hit-factory-draft-id")!;
    const song = await database.db.selectFrom("songs").select("audio_path").where("id", "=", songId).executeTakeFirstOrThrow();
    expect(await storage().stat(AUDIO_BUCKET, song.audio_path)).not.toBeNull();

    const confirmPage = await clients.admin.get(`/admin/audio?delete=${songId}`);
    const confirmHtml = await confirmPage.text();
    expect(confirmHtml).toContain('data-testid="audio-delete"');
    expect(confirmHtml).toContain(AUDIO_TEXT.deleteText);
    const unconfirmed = await clients.admin.post("/admin/audio", { intent: "delete", songId });
    expect(unconfirmed.status).toBe(400);
    expect(await database.db.selectFrom("songs").select("id").where("id", "=", songId).execute()).toHaveLength(1);

    const deleted = await clients.admin.post("/admin/audio", { intent: "delete", songId, confirm: "yes" });
    expect(deleted.status).toBe(302);
    expect(await database.db.selectFrom("songs").select("id").where("id", "=", songId).execute()).toEqual([]);
    expect(await database.db.selectFrom("storage_objects").select("path").where("path", "=", song.audio_path).execute()).toEqual([]);
    expect(await storage().stat(AUDIO_BUCKET, song.audio_path)).toBeNull();
    const [entry] = await auditEntries("song.draft_deleted", songId);
    expect(entry!.before).toMatchObject({ status: "draft", title: "Delete Me Draft" });
    // Gone: a second delete is 404; a catalogue song cannot be deleted here.
    expect((await clients.admin.post("/admin/audio", { intent: "delete", songId, confirm: "yes" })).status).toBe(404);
    const live = await database.db.selectFrom("songs").select("id").where("status", "=", "catalogue").executeTakeFirstOrThrow();
    expect((await clients.admin.post("/admin/audio", { intent: "delete", songId: live.id, confirm: "yes" })).status).toBe(409);
    expect((await clients.member.post("/admin/audio", { intent: "delete", songId: draftId, confirm: "yes" })).status).toBe(302);
  });
});

describe("the form without JavaScript", () => {
  async function postFile(client: TestClient, bytes: Uint8Array, name: string, type = "audio/wav") {
    const body = new FormData();
    body.set("intent", "upload");
    body.set("audio", new File([new Uint8Array(bytes)], name, { type }));
    return app.handle(new Request(new URL("/admin/audio", TEST_ORIGIN), { method: "POST", headers: headersFor(client), body, redirect: "manual" }));
  }

  it("uploads one file as a draft titled from its tags, or from its name without tags", async () => {
    const tagged = await postFile(clients.admin, taggedWav(4, { title: "Plain Form Tagged" }), "whatever.wav");
    expect(tagged.status).toBe(302);
    expect(locationOf(tagged)).toBe("/admin/audio");
    expect(await database.db.selectFrom("songs").select("status").where("title", "=", "Plain Form Tagged").executeTakeFirst()).toEqual({ status: "draft" });

    const untagged = await postFile(clients.admin, wavFile({ seconds: 2 }), "my_<b>great</b>_demo.wav");
    expect(untagged.status).toBe(302);
    const row = await database.db
      .selectFrom("songs")
      .innerJoin("song_drafts", "song_drafts.song_id", "songs.id")
      .select(["songs.title", "song_drafts.source_file_name", "song_drafts.missing"])
      .where("song_drafts.source_file_name", "like", "my_%")
      .executeTakeFirstOrThrow();
    expect(row.title).toBe("my great demo");
    expect(row.source_file_name).not.toMatch(/[<>]/);
    expect(row.missing).toEqual(["genre", "bpm", "musical_key"]);
  });

  it("refuses a file that is not audio, with the message under the field and nothing stored", async () => {
    const before = await songCounts();
    const response = await postFile(clients.admin, new TextEncoder().encode("just some text, not an mp3 at all".repeat(100)), "song.mp3", "audio/mpeg");
    expect(response.status).toBe(422);
    expect(await response.text()).toContain(UPLOAD_MESSAGES.notAudio);
    expect(await songCounts()).toEqual(before);
    const empty = await postFile(clients.admin, new Uint8Array(0), "");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(AUDIO_TEXT.fileRequired);
    expect((await postFile(clients.member, taggedWav(1, { title: "Member Try" }), "m.wav")).status).toBe(302);
    expect(await database.db.selectFrom("songs").select("id").where("title", "=", "Member Try").execute()).toEqual([]);
  });
});

describe("the demo drafts", () => {
  it("are drafts uploaded by the demo admin, one missing tempo and key", async () => {
    const rows = await database.db
      .selectFrom("songs")
      .innerJoin("song_drafts", "song_drafts.song_id", "songs.id")
      .select(["songs.title", "songs.status", "song_drafts.uploaded_by", "song_drafts.missing", "songs.audio_path"])
      .where("songs.title", "in", DEMO_DRAFTS.map((draft) => draft.title))
      .execute();
    expect(rows).toHaveLength(DEMO_DRAFTS.length);
    for (const row of rows) {
      expect(row.status).toBe("draft");
      expect(row.uploaded_by).toBe(ids.admin);
      expect(await storage().stat(AUDIO_BUCKET, row.audio_path)).not.toBeNull();
    }
    expect(rows.find((row) => row.title === "Night Bus Home")?.missing).toEqual(["bpm", "musical_key"]);
  });
});
