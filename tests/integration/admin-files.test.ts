/**
 * /admin/files (issue 12 §6, ADR 0084) on a real PGlite database and real
 * local storage in a temporary DATA_DIR: the registry finds every kind of
 * row that uses a file (batched), the bucket listing joins storage with the
 * records and their uses page by page, the scan counts usage from both sides
 * and finds the three kinds of orphans (never one younger than the grace
 * period), and a removal checks everything again: refused (409) when a row
 * uses the file, also when that row arrived after the page was shown; the
 * record, the file and the audit entry otherwise. Through the real request
 * handler: the page, the confirmation step, the remove form, path traversal
 * and unknown buckets in its fields, and a member posting it.
 */
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAuditEntries } from "~/audit/audit.server";
import { createLocalUser } from "~/auth/users.server";
import { insertSongRecord } from "~/catalog/song-records.server";
import { FileActionError, ORPHAN_GRACE_MS, browseBucket, removeOrphan, scanStorage, unusedOf } from "~/files/files.server";
import { FILES_TEXT } from "~/files/files-text";
import { FILE_REFERENCES, findFileUses } from "~/files/references.server";
import { LocalStorage } from "~/platform/storage/local.server";
import { storage } from "~/platform/storage/index.server";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { newSong } from "../support/songs";
import { DemoFiles } from "~/demo/songs.server";
import { SupabaseStorage } from "~/platform/storage/supabase.server";
import { startStorageStandIn } from "../support/storage-stand-in";
import { DEMO_ORPHANS, seedDemoOrphans } from "~/files/seed-files.server";

const PASSWORD = "files-test-password-1";
const HOUR = 60 * 60 * 1000;
let database: TestDatabase;
let store: LocalStorage;
let app: AppHandler;
let adminClient: TestClient;
let memberClient: TestClient;
const people: Record<string, { id: string; email: string; name: string }> = {};

async function person(key: string, name: string, options: { isAdmin?: boolean } = {}) {
  const email = `files-${key}@example.test`;
  const user = await createLocalUser(database.db, { email, phone: null, password: PASSWORD, displayName: name, confirmed: true });
  await database.db
    .insertInto("profiles")
    .values({ user_id: user.id, role: options.isAdmin ? "admin" : "accepted_member", is_admin: options.isAdmin ?? false, display_name: name, onboarding_completed: true, links: "[]" })
    .execute();
  people[key] = { id: user.id, email, name };
  return people[key]!;
}

/** A file in local storage (and its storage_objects row when `record`), `ageMs` old. */
async function stored(bucket: string, objectPath: string, options: { record?: boolean; ageMs?: number; bytes?: number; owner?: string | null; writeFile?: boolean } = {}) {
  const bytes = crypto.randomBytes(options.bytes ?? 100);
  const when = new Date(Date.now() - (options.ageMs ?? 2 * HOUR));
  if (options.writeFile !== false) {
    await store.put(bucket, objectPath, bytes, "audio/wav");
    fs.utimesSync(store.filePath(bucket, objectPath), when, when);
  }
  if (options.record) {
    await database.db
      .insertInto("storage_objects")
      .values({
        bucket,
        path: objectPath,
        content_type: "audio/wav",
        size_bytes: bytes.byteLength,
        sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
        kind: "audio",
        uploaded_by: options.owner ?? null,
        created_at: when,
      })
      .execute();
  }
  return { bucket, path: objectPath, size: bytes.byteLength };
}

async function song(title: string, audioPath: string, artworkPath: string | null = null) {
  return database.db.transaction().execute((tx) => insertSongRecord(tx, newSong(title, { audioPath, artworkPath })));
}

const orphanPaths = (scan: Awaited<ReturnType<typeof scanStorage>>) => scan.orphans.map((orphan) => `${orphan.kind}:${orphan.bucket}/${orphan.path}`).sort();

async function auditFor(bucket: string, objectPath: string) {
  const { entries } = await listAuditEntries(database.db, { targetType: "file", targetId: `${bucket}/${objectPath}` });
  return entries;
}

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  store = storage() as LocalStorage;
  await person("admin", "Ada Admin", { isAdmin: true });
  await person("member", "Mia Member");
  app = await createAppHandler();
  adminClient = new TestClient(app);
  await adminClient.signIn(people.admin!.email, PASSWORD);
  memberClient = new TestClient(app);
  await memberClient.signIn(people.member!.email, PASSWORD);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("the reference registry", () => {
  it("finds the rows of every declared kind that use a file, in one batch", async () => {
    const audio = await stored("audio", "registry/song.wav", { record: true });
    const art = await stored("artwork", "registry/art.png", { record: true });
    const version = await stored("audio", "registry/instrumental.wav", { record: true });
    const showcase = await stored("audio", "registry/showcase.wav", { record: true });
    const application = await stored("audio", "registry/application.wav", { record: true });
    const submission = await stored("audio", "registry/submission.wav", { record: true });
    const avatar = await stored("avatars", `${people.member!.id}/v1abc-64.webp`, { record: true });
    const loose = await stored("audio", "registry/loose.wav", { record: true });
    const songId = await song("Registry Song", audio.path, art.path);
    await database.db.insertInto("song_versions").values({ song_id: songId, kind: "instrumental", audio_path: version.path, duration_seconds: 60, size_bytes: 100 }).execute();
    await database.db
      .insertInto("showcase_tracks")
      .values({ user_id: people.member!.id, title: "Show Tune", audio_bucket: "audio", audio_path: showcase.path, content_type: "audio/wav", size_bytes: 100, duration_seconds: 60, position: 1 })
      .execute();
    const publicKey = crypto.randomBytes(8).toString("hex");
    const { id: applicationId } = await database.db
      .insertInto("applications")
      .values({ user_id: people.member!.id, public_key: publicKey, name: "Appy Applicant" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto("application_tracks")
      .values({ application_id: applicationId, mode: "solo", track_key: `${publicKey}-solo-1`, title: "Demo Take", audio_bucket: "audio", audio_path: application.path, content_type: "audio/wav", size_bytes: 100, duration_seconds: 60, position: 1 })
      .execute();
    await database.db
      .insertInto("submissions")
      .values({
        member_id: people.member!.id,
        title: "Sent Song",
        genre: "Pop",
        bpm: 100,
        musical_key: "C major",
        audio_bucket: "audio",
        audio_path: submission.path,
        content_type: "audio/wav",
        size_bytes: 100,
        duration_seconds: 60,
        credits: JSON.stringify([{ name: "Mia Member", memberId: people.member!.id, role: "writer", split: 100 }]),
      })
      .execute();
    await database.db.updateTable("profiles").set({ avatar_url: `avatars/${people.member!.id}/v1abc` }).where("user_id", "=", people.member!.id).execute();

    const uses = await findFileUses(database.db, [audio, art, version, showcase, application, submission, avatar, loose]);
    const labels = (file: { bucket: string; path: string }) => uses.get(`${file.bucket}/${file.path}`)?.map((use) => use.label);
    expect(labels(audio)).toEqual(["Song 'Registry Song'"]);
    expect(labels(art)).toEqual(["Artwork of song 'Registry Song'"]);
    expect(labels(version)).toEqual(["Instrumental version of song 'Registry Song'"]);
    expect(labels(showcase)).toEqual(["Showcase track 'Show Tune' of Mia Member"]);
    expect(labels(application)).toEqual(["Track 'Demo Take' of the application of Appy Applicant"]);
    expect(labels(submission)).toEqual(["Submission 'Sent Song' by Mia Member"]);
    expect(labels(avatar)).toEqual(["Profile picture of Mia Member"]);
    expect(labels(loose)).toBeUndefined();
    expect(uses.get(`audio/${audio.path}`)![0]!.href).toBe(`/admin/catalog/${songId}`);
    // The scan's SQL form of each declaration agrees with its lookup, bucket by bucket.
    for (const bucket of ["audio", "artwork", "avatars"]) {
      const inBucket = [audio, art, version, showcase, application, submission, avatar, loose].filter((file) => file.bucket === bucket);
      const unused = await unusedOf(database.db, bucket, inBucket.map((file) => file.path));
      expect([...unused.keys()].sort(), bucket).toEqual(inBucket.filter((file) => !uses.has(`${file.bucket}/${file.path}`)).map((file) => file.path).sort());
    }
    expect([...(await unusedOf(database.db, "avatars", [`${people.member!.id}/v1abc-65.webp`, `${people.admin!.id}/v1abc-64.webp`])).keys()]).toHaveLength(2);
    // The same path in another bucket is another file.
    expect((await findFileUses(database.db, [{ bucket: "artwork", path: audio.path }])).size).toBe(0);
    expect(FILE_REFERENCES.length).toBeGreaterThanOrEqual(7);

    // Tidy: these rows are for this test only.
    await database.db.deleteFrom("submissions").where("audio_path", "=", submission.path).execute();
    await database.db.deleteFrom("application_tracks").where("audio_path", "=", application.path).execute();
    await database.db.deleteFrom("applications").where("id", "=", applicationId).execute();
    await database.db.deleteFrom("showcase_tracks").where("audio_path", "=", showcase.path).execute();
    await database.db.deleteFrom("songs").where("id", "=", songId).execute();
    await database.db.updateTable("profiles").set({ avatar_url: null }).where("user_id", "=", people.member!.id).execute();
    for (const file of [audio, art, version, showcase, application, submission, avatar, loose]) {
      await database.db.deleteFrom("storage_objects").where("bucket", "=", file.bucket).where("path", "=", file.path).execute();
      await store.remove(file.bucket, file.path);
    }
  });

  it("answers many files with a few queries, not one per file", async () => {
    const files = Array.from({ length: 1200 }, (_, index) => ({ bucket: "audio", path: `many/${index}.wav` }));
    const started = performance.now();
    const uses = await findFileUses(database.db, files);
    expect(uses.size).toBe(0);
    // 1200 paths, 3 chunks, 5 declarations that can use the audio bucket: 15 queries.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe("listing, usage and orphans", () => {
  let used: { bucket: string; path: string; size: number };
  beforeAll(async () => {
    used = await stored("audio", "scan/used.wav", { record: true, owner: people.admin!.id, bytes: 300 });
    await song("Used Song", used.path);
    await stored("audio", "scan/unrecorded-old.wav", { bytes: 50 });
    await stored("audio", "scan/unrecorded-new.wav", { ageMs: 5 * 60 * 1000 });
    await stored("audio", "scan/unused-old.wav", { record: true, owner: people.member!.id, bytes: 70 });
    await stored("audio", "scan/missing-old.wav", { record: true, writeFile: false, bytes: 80 });
    await stored("audio", "scan/missing-used.wav", { record: true, writeFile: false });
    await song("Song Without Its File", "scan/missing-used.wav");
  });

  it("browses a bucket page by page, joined with records, owners and uses", async () => {
    const first = await browseBucket(database.db, store, { bucket: "audio", prefix: "scan/", limit: 2 });
    expect(first.rows.map((row) => row.path)).toEqual(["scan/unrecorded-new.wav", "scan/unrecorded-old.wav"]);
    expect(first.rows[1]).toMatchObject({ recorded: false, owner: null, usedBy: [], size: 50 });
    const second = await browseBucket(database.db, store, { bucket: "audio", prefix: "scan/", cursor: first.nextCursor, limit: 2 });
    expect(second.rows.map((row) => row.path)).toEqual(["scan/unused-old.wav", "scan/used.wav"]);
    expect(second.rows[0]).toMatchObject({ recorded: true, owner: "Mia Member", contentType: "audio/wav", usedBy: [] });
    expect(second.rows[1]).toMatchObject({ recorded: true, owner: "Ada Admin", size: 300 });
    expect(second.rows[1]!.usedBy.map((use) => use.label)).toEqual(["Song 'Used Song'"]);
    expect(second.rows[1]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(second.nextCursor).toBeNull();
    await expect(browseBucket(database.db, store, { bucket: "nope" })).rejects.toThrow(FileActionError);
  });

  it("counts usage from storage and from the records, and finds each kind of orphan", async () => {
    const scan = await scanStorage(database.db, store);
    expect(orphanPaths(scan)).toEqual(["missing:audio/scan/missing-old.wav", "unrecorded:audio/scan/unrecorded-old.wav", "unused:audio/scan/unused-old.wav"]);
    expect(scan.orphanCount).toBe(3);
    expect(scan.orphanBytes).toBe(50 + 70 + 80);
    // The recent upload is held back, and said so.
    expect(scan.recentSkipped).toBe(1);
    expect(scan.orphans.find((orphan) => orphan.kind === "unused")).toMatchObject({ owner: "Mia Member", size: 70, contentType: "audio/wav" });
    // A used record without its file is reported, never offered.
    expect(scan.broken).toEqual([{ bucket: "audio", path: "scan/missing-used.wav", usedBy: [expect.objectContaining({ label: "Song 'Song Without Its File'" })] }]);

    const audio = scan.usage.find((usage) => usage.bucket === "audio")!;
    const files = fs.readdirSync(path.join(store.root, "audio", "scan"));
    expect(audio.storage.count).toBe(files.length);
    expect(audio.storage).toEqual({ count: 4, bytes: 300 + 50 + 100 + 70 });
    expect(audio.records).toEqual({ count: 4, bytes: 300 + 70 + 80 + 100 });
    expect(audio.agree).toBe(false);
    expect(scan.total.storage.count).toBe(scan.usage.reduce((sum, usage) => sum + usage.storage.count, 0));
    expect(scan.usage.map((usage) => usage.bucket)).toEqual(expect.arrayContaining(["artwork", "audio", "avatars"]));

    // Small listing pages find the same.
    const paged = await scanStorage(database.db, store, { pageSize: 1 });
    expect(orphanPaths(paged)).toEqual(orphanPaths(scan));
    expect(paged.usage).toEqual(scan.usage);
    // An hour on, the recent file is offered too.
    const later = await scanStorage(database.db, store, { now: new Date(Date.now() + ORPHAN_GRACE_MS) });
    expect(orphanPaths(later)).toContain("unrecorded:audio/scan/unrecorded-new.wav");
  });
});

describe("removing an orphan", () => {
  const admin = () => ({ id: people.admin!.id, displayName: people.admin!.name });

  it("removes a file without a record, and writes the audit entry", async () => {
    const file = await stored("audio", "remove/unrecorded.wav", { bytes: 42 });
    const removed = await removeOrphan(database.db, store, admin(), file);
    expect(removed).toMatchObject({ kind: "unrecorded", size: 42, contentType: "audio/wav" });
    expect(await store.stat(file.bucket, file.path)).toBeNull();
    const [entry] = await auditFor(file.bucket, file.path);
    expect(entry).toMatchObject({ action: "file.orphan_removed", actorId: people.admin!.id });
    expect(entry!.before).toMatchObject({ bucket: "audio", path: "remove/unrecorded.wav", size: 42, contentType: "audio/wav", kind: "unrecorded" });
  });

  it("removes an unused record and its file, and a stale record of a missing file", async () => {
    const unused = await stored("audio", "remove/unused.wav", { record: true });
    expect((await removeOrphan(database.db, store, admin(), unused)).kind).toBe("unused");
    expect(await store.stat(unused.bucket, unused.path)).toBeNull();
    expect(await database.db.selectFrom("storage_objects").select("path").where("path", "=", unused.path).executeTakeFirst()).toBeUndefined();

    const missing = await stored("audio", "remove/missing.wav", { record: true, writeFile: false });
    expect((await removeOrphan(database.db, store, admin(), missing)).kind).toBe("missing");
    expect(await database.db.selectFrom("storage_objects").select("path").where("path", "=", missing.path).executeTakeFirst()).toBeUndefined();
    expect(await auditFor(missing.bucket, missing.path)).toHaveLength(1);
  });

  it("refuses (409) a file a row uses, whatever kind of row, and changes nothing", async () => {
    const songFile = await stored("audio", "remove/used-by-song.wav", { record: true });
    await song("Still Needed", songFile.path);
    await expect(removeOrphan(database.db, store, admin(), songFile)).rejects.toMatchObject({ status: 409, message: FILES_TEXT.refusedInUse("Song 'Still Needed'") });
    expect(await store.stat(songFile.bucket, songFile.path)).not.toBeNull();
    expect(await database.db.selectFrom("storage_objects").select("path").where("path", "=", songFile.path).executeTakeFirst()).toBeDefined();
    expect(await auditFor(songFile.bucket, songFile.path)).toHaveLength(0);

    // A song's file without a record is still the song's.
    const unrecordedUsed = await stored("artwork", "remove/cover.png");
    await song("Cover Song", "remove/other.wav", unrecordedUsed.path);
    await expect(removeOrphan(database.db, store, admin(), unrecordedUsed)).rejects.toMatchObject({ status: 409 });
    expect(await store.stat(unrecordedUsed.bucket, unrecordedUsed.path)).not.toBeNull();
  });

  it("refuses when a row started using the file after the page listed it as an orphan", async () => {
    const file = await stored("audio", "remove/race.wav", { record: true });
    const before = await scanStorage(database.db, store);
    expect(orphanPaths(before)).toContain("unused:audio/remove/race.wav");
    // Between the listing and the confirmation, a member's showcase track takes the file.
    await database.db
      .insertInto("showcase_tracks")
      .values({ user_id: people.member!.id, title: "Late Claim", audio_bucket: "audio", audio_path: file.path, content_type: "audio/wav", size_bytes: 100, duration_seconds: 60, position: 2 })
      .execute();
    await expect(removeOrphan(database.db, store, admin(), file)).rejects.toMatchObject({ status: 409, message: FILES_TEXT.refusedInUse("Showcase track 'Late Claim' of Mia Member") });
    expect(await store.stat(file.bucket, file.path)).not.toBeNull();
    expect(await auditFor(file.bucket, file.path)).toHaveLength(0);
    // And the foreign key stands guard even if the check were skipped.
    await expect(database.db.deleteFrom("storage_objects").where("path", "=", file.path).execute()).rejects.toThrow(/foreign key/);
  });

  it("refuses a file younger than the grace period, and one that is not there", async () => {
    const fresh = await stored("audio", "remove/fresh.wav", { ageMs: 60_000 });
    await expect(removeOrphan(database.db, store, admin(), fresh)).rejects.toMatchObject({ status: 409, message: FILES_TEXT.refusedRecent(60) });
    expect(await store.stat(fresh.bucket, fresh.path)).not.toBeNull();
    await expect(removeOrphan(database.db, store, admin(), { bucket: "audio", path: "remove/never-existed.wav" })).rejects.toMatchObject({ status: 404 });
  });

  it("refuses unknown buckets and paths that leave the bucket, touching nothing outside", async () => {
    const outside = path.join(store.root, "..", "outside.txt");
    fs.writeFileSync(outside, "not a stored object");
    fs.utimesSync(outside, new Date(Date.now() - 3 * HOUR), new Date(Date.now() - 3 * HOUR));
    const attempts = [
      { bucket: "../audio", path: "x.wav", status: 404 },
      { bucket: "nope", path: "x.wav", status: 404 },
      { bucket: ".meta", path: "x.wav", status: 404 },
      { bucket: "audio", path: "../outside.txt", status: 400 },
      { bucket: "audio", path: "../../outside.txt", status: 400 },
      { bucket: "audio", path: outside, status: 400 },
      { bucket: "audio", path: "a/../../../outside.txt", status: 400 },
      { bucket: "audio", path: "x\u0000.wav", status: 400 },
      { bucket: "audio", path: "", status: 400 },
    ];
    for (const attempt of attempts) {
      await expect(removeOrphan(database.db, store, admin(), attempt), JSON.stringify(attempt)).rejects.toMatchObject({ status: attempt.status });
    }
    expect(fs.existsSync(outside)).toBe(true);
  });
});

describe("the page and its form", () => {
  it("shows usage, the orphans with a remove step, and a bucket's files (admins only)", async () => {
    await stored("audio", "page/orphan.wav", { bytes: 2048 });
    const response = await adminClient.get("/admin/files");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(FILES_TEXT.usageTitle);
    expect(html).toContain("audio/page/orphan.wav");
    expect(html).toContain("2 KB");
    expect(html).toContain(FILES_TEXT.graceNote(60).replace(/'/g, "&#x27;"));
    expect(html).toContain(`href="/admin/files?removeBucket=audio&amp;removePath=page%2Forphan.wav"`);

    const search = await (await adminClient.get("/admin/files?bucket=audio&prefix=page%2F")).text();
    expect(search).toContain("Files in audio beginning with page/");
    const member = await memberClient.get("/admin/files");
    expect(member.status).toBe(302);
    expect(locationOf(member)).toBe("/");
    expect((await adminClient.get("/admin/files?bucket=nope")).status).toBe(404);
    expect((await adminClient.get("/admin/files?bucket=..%2Faudio")).status).toBe(404);
    // An unsafe prefix or cursor in the address is ignored, not followed.
    expect((await adminClient.get("/admin/files?bucket=audio&prefix=..%2F..%2F&cursor=%2Fetc%2Fpasswd")).status).toBe(200);
  });

  it("confirms, removes, and says so; the audit log has it", async () => {
    const file = await stored("audio", "page/remove-me.wav", { record: true, bytes: 1500 });
    const confirm = await (await adminClient.get(`/admin/files?removeBucket=audio&removePath=${encodeURIComponent(file.path)}`)).text();
    expect(confirm).toContain(FILES_TEXT.removeConfirmTitle);
    expect(confirm).toContain(FILES_TEXT.removeConfirm);
    const response = await adminClient.post("/admin/files", { intent: "remove", bucket: "audio", path: file.path });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin/files");
    expect(await store.stat("audio", file.path)).toBeNull();
    const [entry] = await auditFor("audio", file.path);
    expect(entry!.before).toMatchObject({ bucket: "audio", path: file.path, size: 1500, contentType: "audio/wav" });
    const after = await (await adminClient.get("/admin/files")).text();
    expect(after).not.toContain(`data-path="audio/page/remove-me.wav"`);
    expect(after).toContain("Removed audio/page/remove-me.wav.");
  });

  it("refuses a used file with 409 and the reason; the confirmation offers no remove button for it", async () => {
    const file = await stored("audio", "page/used.wav", { record: true });
    await song("Page Song", file.path);
    const confirm = await (await adminClient.get(`/admin/files?removeBucket=audio&removePath=${encodeURIComponent(file.path)}`)).text();
    expect(confirm).toContain("Page Song");
    expect(confirm).not.toContain(FILES_TEXT.removeConfirm);
    const response = await adminClient.post("/admin/files", { intent: "remove", bucket: "audio", path: file.path });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Page Song");
    expect(await store.stat("audio", file.path)).not.toBeNull();
  });

  it("refuses traversal, NUL bytes and unknown buckets in the form's fields", async () => {
    const cases: [Record<string, string>, number][] = [
      [{ intent: "remove", bucket: "audio", path: "../../secret" }, 400],
      [{ intent: "remove", bucket: "audio", path: "/etc/passwd" }, 400],
      [{ intent: "remove", bucket: "nope", path: "a.wav" }, 404],
      [{ intent: "remove", bucket: "../audio", path: "a.wav" }, 404],
      [{ intent: "remove", bucket: "audio", path: "a\u0000.wav" }, 400],
      [{ intent: "remove", bucket: "audio", path: "x".repeat(501) }, 400],
      [{ intent: "remove", bucket: "audio" }, 400],
    ];
    for (const [body, status] of cases) {
      const response = await adminClient.post("/admin/files", body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
    }
  });

  it("sends a member who posts the action away and removes nothing", async () => {
    const file = await stored("audio", "page/member-target.wav");
    const response = await memberClient.post("/admin/files", { intent: "remove", bucket: "audio", path: file.path });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/");
    expect(await store.stat("audio", file.path)).not.toBeNull();
    expect(await auditFor("audio", file.path)).toHaveLength(0);
  });
});

describe("demo data", () => {
  it("leaves one orphan of each kind a fresh database can show at once (old enough to be offered)", async () => {
    const files = new DemoFiles(store);
    await database.db.transaction().execute((tx) => seedDemoOrphans(tx, { now: new Date(), files }));
    const scan = await scanStorage(database.db, store);
    const offered = orphanPaths(scan);
    expect(offered).toContain(`unused:${DEMO_ORPHANS.unused.bucket}/${DEMO_ORPHANS.unused.path}`);
    expect(offered).toContain(`unrecorded:${DEMO_ORPHANS.unrecorded.bucket}/${DEMO_ORPHANS.unrecorded.path}`);
    const removed = await removeOrphan(database.db, store, { id: people.admin!.id, displayName: people.admin!.name }, DEMO_ORPHANS.unused);
    expect(removed).toMatchObject({ kind: "unused", contentType: "audio/wav" });
  });
});

describe("on Supabase Storage", () => {
  it("scans, browses and removes through the Supabase adapter (Storage's HTTP API stood in)", async () => {
    const standIn = await startStorageStandIn();
    try {
      const supabase = new SupabaseStorage({ url: standIn.url, key: standIn.key });
      const bytes = new Uint8Array(crypto.randomBytes(64));
      await supabase.put("artwork", "sb/used.png", bytes, "image/png");
      await supabase.put("artwork", "sb/nobody.png", bytes, "image/png");
      await song("Supabase Song", "sb/audio.wav", "sb/used.png");
      // Storage dates objects itself (now): an hour on, the unrecorded one is offered.
      const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
      const scan = await scanStorage(database.db, supabase, { now: later });
      expect(scan.orphans.filter((orphan) => orphan.path.startsWith("sb/")).map((orphan) => `${orphan.kind}:${orphan.path}`)).toEqual(["unrecorded:sb/nobody.png"]);
      expect(scan.orphans.find((orphan) => orphan.path === "sb/nobody.png")).toMatchObject({ size: 64, contentType: "image/png" });
      expect(standIn.requests.some((call) => call.method === "POST" && call.path === "/storage/v1/object/list/artwork")).toBe(true);
      const page = await browseBucket(database.db, supabase, { bucket: "artwork", prefix: "sb/" });
      expect(page.rows.map((row) => [row.path, row.usedBy.map((use) => use.label)])).toEqual([
        ["sb/nobody.png", []],
        ["sb/used.png", ["Artwork of song 'Supabase Song'"]],
      ]);
      const admin = { id: people.admin!.id, displayName: people.admin!.name };
      await expect(removeOrphan(database.db, supabase, admin, { bucket: "artwork", path: "sb/used.png" }, { now: later })).rejects.toMatchObject({ status: 409 });
      await removeOrphan(database.db, supabase, admin, { bucket: "artwork", path: "sb/nobody.png" }, { now: later });
      expect(standIn.objects.has("artwork/sb/nobody.png")).toBe(false);
      expect(standIn.objects.has("artwork/sb/used.png")).toBe(true);
    } finally {
      await standIn.close();
    }
  });
});
