/**
 * /admin/catalog and /admin/catalog/{songId} (issue 12 §4, ADR 0082) through
 * the real request handler, as a browser without JavaScript posts the forms
 * (the JavaScript upload posts the same multipart form to the same action),
 * on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and real
 * files in the runtime's storage. Each action is checked with its audit
 * entry, and attacked: splits of 99.99, a negative split, 21 rows, a member
 * id that is no member, the same row twice, a NUL byte, HTML, a stale
 * updated_at, an unknown song id, a version of the wrong type or of 100 MB.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG_TEXT } from "~/admin/catalog-text";
import { isSplitsViolation } from "~/admin/catalog.server";
import { createLocalUser } from "~/auth/users.server";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { followCatalogRevision } from "~/catalog/search-cache.server";
import { insertSongRecord } from "~/catalog/song-records.server";
import { searchCatalog } from "~/catalog/songs.server";
import { UPLOAD_MESSAGES } from "~/catalog/upload.server";
import { DemoFiles } from "~/demo/songs.server";
import { seedDemoSongVersions } from "~/demo/seed-song-versions.server";
import { bodyLimitFor } from "~/platform/http/body-limit.server";
import { getRuntime } from "~/platform/runtime.server";
import { localStorageRoot, storage } from "~/platform/storage/index.server";
import { createAppHandler, locationOf, TEST_ORIGIN, TestClient, type AppHandler } from "../support/app-handler";
import { wavFile } from "../support/audio-files";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { newSong } from "../support/songs";

const PASSWORD = "admin-catalog-test-password";
const T = CATALOG_TEXT;
const E = CATALOG_TEXT.errors;
let database: TestDatabase;
let app: AppHandler;
let admin: TestClient;
let member: TestClient;
const ids: Record<"admin" | "member" | "applicant", string> = { admin: "", member: "", applicant: "" };
let stopFollowing: () => Promise<void>;

async function account(key: keyof typeof ids, role: "admin" | "accepted_member" | null, name: string) {
  const email = `${key}-catalog@example.test`;
  const user = await createLocalUser(database.db, { email, password: PASSWORD, displayName: name, role: role ?? undefined, confirmed: true });
  await database.db
    .insertInto("profiles")
    .values({ user_id: user.id, role, display_name: name, is_admin: role === "admin", public_profile: role !== null, onboarding_completed: true })
    .execute();
  ids[key] = user.id;
  return email;
}

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  // As the server does on the embedded database: the revision kept in memory, moved by NOTIFY.
  stopFollowing = await followCatalogRevision(database);
  const adminEmail = await account("admin", "admin", "Ada Admin");
  const memberEmail = await account("member", "accepted_member", "Mia Member");
  await account("applicant", null, "Abe Applicant");
  app = await createAppHandler();
  admin = new TestClient(app);
  await admin.signIn(adminEmail, PASSWORD);
  member = new TestClient(app);
  await member.signIn(memberEmail, PASSWORD);
}, 240_000);

afterAll(async () => {
  await stopFollowing?.();
  await app?.close();
  await database?.close();
});

let counter = 0;
async function createSong(extra: Parameters<typeof newSong>[1] = {}): Promise<{ id: string; title: string }> {
  const title = `Catalog Test Song ${++counter}`;
  const id = await database.db.transaction().execute((tx) => insertSongRecord(tx, newSong(title, extra)));
  return { id, title };
}

const stampOf = async (id: string) =>
  (
    await sql<{ stamp: string }>`select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as stamp from songs where id = ${id}`.execute(database.db)
  ).rows[0]!.stamp;

const auditOf = (songId: string, action: string) =>
  database.db.selectFrom("admin_audit_log").selectAll().where("target_id", "=", songId).where("action", "=", action).orderBy("id").execute();

const creditsOf = async (songId: string) =>
  (await database.db.selectFrom("song_credits").select(["name", "member_id", "role", "split"]).where("song_id", "=", songId).orderBy("position").execute()).map((c) => ({
    name: c.name,
    memberId: c.member_id,
    role: c.role,
    split: Number(c.split),
  }));

/** The messages of an error list the page rendered, by its element id. */
function errorsIn(html: string, id: string): string[] {
  const match = new RegExp(`<ul id="${id.replace(/[[\]]/g, "\\$&")}"[^>]*>(.*?)</ul>`, "s").exec(html);
  return match ? [...match[1]!.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, "&")) : [];
}

type Fields = Record<string, string>;

function detailsForm(stamp: string, overrides: Fields = {}): Fields {
  return {
    intent: "details",
    updatedAt: stamp,
    title: "Edited Title",
    genre: "Soul",
    moods: "Warm, Late night",
    bpm: "96",
    musicalKey: "F# minor",
    vocalType: "female",
    explicit: "on",
    lyrics: "One line\r\nTwo lines",
    ...overrides,
  };
}

function creditsForm(stamp: string, rows: { name: string; role: string; split: string; memberId?: string }[], extra: Fields = {}): Fields {
  const fields: Fields = { intent: "credits", updatedAt: stamp, rows: String(Math.min(20, rows.length + 2)) };
  rows.forEach((row, index) => {
    fields[`credits[${index}].name`] = row.name;
    fields[`credits[${index}].role`] = row.role;
    fields[`credits[${index}].split`] = row.split;
    fields[`credits[${index}].memberId`] = row.memberId ?? "";
  });
  // Two blank rows, as the page renders them.
  for (const index of [rows.length, rows.length + 1]) for (const f of ["name", "role", "split", "memberId"]) fields[`credits[${index}].${f}`] = "";
  return { ...fields, ...extra };
}

function headersFor(client: TestClient): Headers {
  const headers = new Headers({ "sec-fetch-site": "same-origin", host: new URL(TEST_ORIGIN).host, origin: TEST_ORIGIN });
  const cookie = client.jar.header();
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

async function postMultipart(client: TestClient, target: string, form: FormData): Promise<Response> {
  const response = await app.handle(new Request(new URL(target, TEST_ORIGIN), { method: "POST", headers: headersFor(client), body: form, redirect: "manual" }));
  client.jar.update(response);
  return response;
}

function versionForm(kind: string, bytes: Uint8Array, name = "version.wav"): FormData {
  const form = new FormData();
  form.set("intent", "uploadVersion");
  form.set("kind", kind);
  form.set("audio", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "audio/wav" }));
  return form;
}

function versionFiles(songId: string): string[] {
  const dir = path.join(localStorageRoot(getRuntime().env.dataDir), AUDIO_BUCKET, "catalogue", songId, "versions");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

describe("/admin/catalog: the listing", () => {
  it("lists songs of every status with counts, filters by status, searches title and credits, pages", async () => {
    const live = await createSong({ credits: [{ memberId: null, name: "Zelda Quillfeather", role: "writer", split: 100 }] });
    const archived = await createSong({ status: "archived" });
    const html = await (await admin.get("/admin/catalog")).text();
    expect(html).toContain(live.title);
    expect(html).toContain(archived.title);
    expect(html).toContain("Songs in the catalogue");

    const onlyArchived = await (await admin.get("/admin/catalog?status=archived")).text();
    expect(onlyArchived).toContain(archived.title);
    expect(onlyArchived).not.toContain(live.title);

    const byCredit = await (await admin.get("/admin/catalog?q=quillfeather")).text();
    expect(byCredit).toContain(live.title);
    expect(byCredit).not.toContain(archived.title);

    // A LIKE wildcard is text, not a pattern; nonsense filters fall back to all.
    expect(await (await admin.get("/admin/catalog?q=%25")).text()).not.toContain(live.title);
    expect((await admin.get("/admin/catalog?status=bogus&page=-4")).status).toBe(200);
  });

  it("lists and edits drafts too (H7's status), which stay out of the search; a draft cannot be featured", async () => {
    const draft = await createSong({ credits: [{ memberId: null, name: "Dorothea Draftwell", role: "writer", split: 100 }] });
    await sql`update songs set status = 'draft' where id = ${draft.id}`.execute(database.db);
    const listed = await (await admin.get("/admin/catalog?status=draft")).text();
    expect(listed).toContain(draft.title);
    expect(listed).toContain("Draft");
    const saved = await admin.post(`/admin/catalog/${draft.id}`, creditsForm(await stampOf(draft.id), [{ name: "Dorothea Draftwell", role: "writer", split: "60" }, { name: "Pemberton Draftwell", role: "producer", split: "40" }]));
    expect(saved.status).toBe(302);
    expect((await creditsOf(draft.id)).map((c) => c.name)).toEqual(["Dorothea Draftwell", "Pemberton Draftwell"]);
    expect((await searchCatalog(database.db, { search: "Pemberton" })).total).toBe(0);
    expect((await admin.post("/admin/catalog", { intent: "feature", songId: draft.id, featured: "yes" })).status).toBe(409);
  });

  it("is for admins only", async () => {
    const response = await member.get("/admin/catalog");
    expect(response.status).toBe(302);
    expect((await member.post("/admin/catalog", { intent: "feature", songId: (await createSong()).id, featured: "yes" })).status).toBe(302);
  });
});

describe("featuring", () => {
  it("features and unfeatures a song from the listing, with an audit entry each, and the search row follows", async () => {
    const song = await createSong();
    const response = await admin.post("/admin/catalog?status=catalogue", { intent: "feature", songId: song.id, featured: "yes" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin/catalog?status=catalogue");
    expect((await database.db.selectFrom("songs").select("featured").where("id", "=", song.id).executeTakeFirstOrThrow()).featured).toBe(true);
    expect((await database.db.selectFrom("song_search").select("featured").where("song_id", "=", song.id).executeTakeFirstOrThrow()).featured).toBe(true);
    const [entry] = await auditOf(song.id, "song.featured");
    expect(entry).toMatchObject({ actor_id: ids.admin, target_type: "song", target_label: song.title, before: { featured: false }, after: { featured: true } });

    // Replayed: already featured, nothing recorded twice.
    const again = await admin.post("/admin/catalog", { intent: "feature", songId: song.id, featured: "yes" });
    expect(again.status).toBe(409);
    expect(await auditOf(song.id, "song.featured")).toHaveLength(1);

    const off = await admin.post(`/admin/catalog/${song.id}`, { intent: "feature", featured: "no" });
    expect(off.status).toBe(302);
    expect(await auditOf(song.id, "song.unfeatured")).toHaveLength(1);
  });

  it("refuses to feature an archived song, and unknown or malformed ids", async () => {
    const archived = await createSong({ status: "archived" });
    const response = await admin.post("/admin/catalog", { intent: "feature", songId: archived.id, featured: "yes" });
    expect(response.status).toBe(409);
    expect(errorsIn(await response.text(), "catalog-list-error")).toEqual([T.featureOnlyCatalogue]);
    expect((await admin.post("/admin/catalog", { intent: "feature", songId: crypto.randomUUID(), featured: "yes" })).status).toBe(404);
    expect((await admin.post("/admin/catalog", { intent: "feature", songId: "not-a-song", featured: "yes" })).status).toBe(400);
  });
});

describe("/admin/catalog/{songId}: details", () => {
  it("shows any song, archived too; unknown and malformed ids are 404", async () => {
    const archived = await createSong({ status: "archived" });
    const page = await admin.get(`/admin/catalog/${archived.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(T.isArchived);
    expect((await admin.get(`/admin/catalog/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await admin.get("/admin/catalog/not-a-song")).status).toBe(404);
  });

  it("saves the details: sanitised, the changed fields in the audit entry, the song page and the search see them at once", async () => {
    const song = await createSong();
    // Warm the search cache at the old revision.
    expect((await searchCatalog(database.db, { search: "Harbourlight" })).total).toBe(0);
    const stamp = await stampOf(song.id);
    const response = await admin.post(`/admin/catalog/${song.id}`, detailsForm(stamp, { title: "Harbourlight <script>alert(1)</script>Serenade" }));
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/admin/catalog/${song.id}`);
    const row = await database.db.selectFrom("songs").selectAll().where("id", "=", song.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: "Harbourlight alert(1)Serenade", genre: "Soul", moods: ["warm", "late night"], bpm: 96, musical_key: "F# minor", vocal_type: "female", explicit: true, lyrics: "One line\nTwo lines" });
    expect(await stampOf(song.id)).not.toBe(stamp);

    const [entry] = await auditOf(song.id, "song.updated");
    expect(entry!.before).toMatchObject({ title: song.title, genre: "Pop", bpm: 100, explicit: false });
    expect(entry!.after).toMatchObject({ title: "Harbourlight alert(1)Serenade", genre: "Soul", bpm: 96, explicit: true });
    expect(Object.keys(entry!.before as object).sort()).toEqual(Object.keys(entry!.after as object).sort());

    const found = await searchCatalog(database.db, { search: "Harbourlight" });
    expect(found.songs.map((s) => s.id)).toEqual([song.id]);
    expect(await (await admin.get(`/song/${song.id}`)).text()).toContain("Harbourlight alert(1)Serenade");

    // The same form again: nothing changed, nothing recorded.
    const same = await admin.post(`/admin/catalog/${song.id}`, detailsForm(await stampOf(song.id), { title: "Harbourlight alert(1)Serenade" }));
    expect(same.status).toBe(302);
    expect(await auditOf(song.id, "song.updated")).toHaveLength(1);
  });

  it("refuses a stale updated_at with 409 and changes nothing (two admins editing at once)", async () => {
    const song = await createSong();
    const stamp = await stampOf(song.id);
    expect((await admin.post(`/admin/catalog/${song.id}`, detailsForm(stamp, { title: "First Admin Wins" }))).status).toBe(302);
    const late = await admin.post(`/admin/catalog/${song.id}`, detailsForm(stamp, { title: "Second Admin Loses" }));
    expect(late.status).toBe(409);
    expect(errorsIn(await late.text(), "details-errors")).toEqual([T.stale]);
    expect((await database.db.selectFrom("songs").select("title").where("id", "=", song.id).executeTakeFirstOrThrow()).title).toBe("First Admin Wins");
    expect(await auditOf(song.id, "song.updated")).toHaveLength(1);
  });

  it("refuses bad input under the fields: too long, out of range, a malformed stamp, a NUL byte, an unknown song", async () => {
    const song = await createSong();
    const stamp = await stampOf(song.id);
    const long = await admin.post(`/admin/catalog/${song.id}`, detailsForm(stamp, { title: "x".repeat(201), bpm: "999", lyrics: "y".repeat(20_001) }));
    expect(long.status).toBe(400);
    const html = await long.text();
    expect(errorsIn(html, "details-title-error")).toEqual(["Title must be no more than 200 characters"]);
    expect(errorsIn(html, "details-bpm-error")).toEqual([E.bpm]);
    expect(errorsIn(html, "details-lyrics-error")).toEqual(["Lyrics must be no more than 20000 characters"]);
    expect((await admin.post(`/admin/catalog/${song.id}`, detailsForm("yesterday"))).status).toBe(400);
    expect((await admin.post(`/admin/catalog/${song.id}`, detailsForm(stamp, { title: "Nul\u0000Title" }))).status).toBe(400);
    expect((await admin.post(`/admin/catalog/${crypto.randomUUID()}`, detailsForm(stamp))).status).toBe(404);
    expect(await auditOf(song.id, "song.updated")).toHaveLength(0);
  });
});

describe("/admin/catalog/{songId}: credits", () => {
  it("replaces the credits: the song page, the catalogue and the search (its cache) see the new name at once; audited before and after", async () => {
    const song = await createSong();
    // The search cache holds an answer computed before the change.
    expect((await (await admin.get("/music-catalog?search=Wolfsbane")).text())).not.toContain(song.title);
    expect((await searchCatalog(database.db, { search: "Wolfsbane" })).total).toBe(0);
    const stamp = await stampOf(song.id);
    const response = await admin.post(
      `/admin/catalog/${song.id}`,
      creditsForm(stamp, [
        { name: "Ellie Hart", role: "writer", split: "33.33" },
        { name: "Odile Wolfsbane", role: "producer", split: "33.33" },
        { name: "Mia Member", role: "topliner", split: "33.34", memberId: ids.member },
      ]),
    );
    expect(response.status).toBe(302);
    expect(await creditsOf(song.id)).toEqual([
      { name: "Ellie Hart", memberId: null, role: "writer", split: 33.33 },
      { name: "Odile Wolfsbane", memberId: null, role: "producer", split: 33.33 },
      { name: "Mia Member", memberId: ids.member, role: "topliner", split: 33.34 },
    ]);
    // Right after the save: the cached search must not answer from the old revision.
    expect((await searchCatalog(database.db, { search: "Wolfsbane" })).songs.map((s) => s.id)).toEqual([song.id]);
    expect(await (await admin.get("/music-catalog?search=Wolfsbane")).text()).toContain(song.title);
    expect(await (await admin.get(`/song/${song.id}`)).text()).toContain("Odile Wolfsbane");
    expect((await searchCatalog(database.db, { writer: ids.member })).songs.map((s) => s.id)).toContain(song.id);

    const [entry] = await auditOf(song.id, "song.credits_updated");
    expect(entry!.before).toEqual({ credits: [{ memberId: null, name: "Ellie Hart", role: "writer", split: 100 }] });
    expect((entry!.after as { credits: unknown[] }).credits).toHaveLength(3);
  });

  const attacks: [string, { name: string; role: string; split: string; memberId?: string }[], string, string][] = [
    ["splits summing to 99.99", [{ name: "A", role: "writer", split: "50" }, { name: "B", role: "producer", split: "49.99" }], "credits-credits-error", E.splitsSum("99.99")],
    ["a negative split", [{ name: "A", role: "writer", split: "101" }, { name: "B", role: "producer", split: "-1" }], "credits-credits-1-split-error", E.creditSplit],
    ["three decimals", [{ name: "A", role: "writer", split: "99.995" }, { name: "B", role: "producer", split: "0.005" }], "credits-credits-0-split-error", E.creditSplit],
    ["the same row twice", [{ name: "Ellie Hart", role: "writer", split: "50" }, { name: "ellie hart", role: "writer", split: "50" }], "credits-credits-1-name-error", E.duplicate],
    ["a missing role", [{ name: "A", role: "", split: "100" }], "credits-credits-0-role-error", E.creditRoleRequired],
    ["an unknown role", [{ name: "A", role: "owner", split: "100" }], "credits-credits-0-role-error", E.creditRoleRequired],
    ["a name too long", [{ name: "n".repeat(101), role: "writer", split: "100" }], "credits-credits-0-name-error", "Name must be no more than 100 characters"],
  ];
  for (const [label, rows, errorId, message] of attacks) {
    it(`refuses ${label}, keeping the credits`, async () => {
      const song = await createSong();
      const response = await admin.post(`/admin/catalog/${song.id}`, creditsForm(await stampOf(song.id), rows));
      expect(response.status).toBe(400);
      expect(errorsIn(await response.text(), errorId)).toContain(message);
      expect(await creditsOf(song.id)).toEqual([{ name: "Ellie Hart", memberId: null, role: "writer", split: 100 }]);
      expect(await auditOf(song.id, "song.credits_updated")).toHaveLength(0);
    });
  }

  it("refuses 21 rows", async () => {
    const song = await createSong();
    const rows = Array.from({ length: 21 }, (_, i) => ({ name: `Writer ${i}`, role: "writer", split: i === 0 ? "80" : "1" }));
    const response = await admin.post(`/admin/catalog/${song.id}`, creditsForm(await stampOf(song.id), rows));
    expect(response.status).toBe(400);
    expect(errorsIn(await response.text(), "credits-credits-error")).toContain(E.tooManyCredits);
    // A far index makes a long sparse list: refused the same way.
    const far = await admin.post(`/admin/catalog/${song.id}`, { ...creditsForm(await stampOf(song.id), [{ name: "A", role: "writer", split: "100" }]), "credits[5000].name": "Far" });
    expect(far.status).toBe(400);
    expect((await creditsOf(song.id))[0]!.name).toBe("Ellie Hart");
  });

  it("refuses a member id that is not a member (an applicant, a made-up id, not a uuid)", async () => {
    const song = await createSong();
    for (const memberId of [ids.applicant, crypto.randomUUID()]) {
      const response = await admin.post(`/admin/catalog/${song.id}`, creditsForm(await stampOf(song.id), [{ name: "Abe", role: "writer", split: "100", memberId }]));
      expect(response.status).toBe(400);
      expect(errorsIn(await response.text(), "credits-credits-error")).toEqual([E.creditMember]);
    }
    const malformed = await admin.post(`/admin/catalog/${song.id}`, creditsForm(await stampOf(song.id), [{ name: "Abe", role: "writer", split: "100", memberId: "admin" }]));
    expect(malformed.status).toBe(400);
    expect(errorsIn(await malformed.text(), "credits-credits-0-memberId-error")).toEqual([E.creditMember]);
    expect(await creditsOf(song.id)).toEqual([{ name: "Ellie Hart", memberId: null, role: "writer", split: 100 }]);
  });

  it("refuses a stale updated_at (409), an unknown song (404), a NUL byte (400)", async () => {
    const song = await createSong();
    const stamp = await stampOf(song.id);
    expect((await admin.post(`/admin/catalog/${song.id}`, detailsForm(stamp, { title: "Changed Meanwhile" }))).status).toBe(302);
    const stale = await admin.post(`/admin/catalog/${song.id}`, creditsForm(stamp, [{ name: "Late", role: "writer", split: "100" }]));
    expect(stale.status).toBe(409);
    expect(await creditsOf(song.id)).toEqual([{ name: "Ellie Hart", memberId: null, role: "writer", split: 100 }]);
    expect((await admin.post(`/admin/catalog/${crypto.randomUUID()}`, creditsForm(stamp, [{ name: "X", role: "writer", split: "100" }]))).status).toBe(404);
    expect((await admin.post(`/admin/catalog/${song.id}`, creditsForm(await stampOf(song.id), [{ name: "Nul\u0000", role: "writer", split: "100" }]))).status).toBe(400);
  });

  it("edits the credits of an archived song too", async () => {
    const song = await createSong({ status: "archived" });
    const response = await admin.post(`/admin/catalog/${song.id}`, creditsForm(await stampOf(song.id), [{ name: "Archive Keeper", role: "composer", split: "100" }]));
    expect(response.status).toBe(302);
    expect((await creditsOf(song.id))[0]!.name).toBe("Archive Keeper");
  });

  it("'Add a row' without JavaScript: the form comes back as typed with three more rows, nothing saved", async () => {
    const song = await createSong();
    const fields = creditsForm(await stampOf(song.id), [{ name: "Typed Not Saved", role: "writer", split: "100" }], { intent: "addRow", rows: "4" });
    const response = await admin.post(`/admin/catalog/${song.id}`, fields);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.match(/data-testid="credit-row"/g)).toHaveLength(7);
    expect(html).toContain('value="Typed Not Saved"');
    expect((await creditsOf(song.id))[0]!.name).toBe("Ellie Hart");
    // Never past the limit.
    const full = await admin.post(`/admin/catalog/${song.id}`, { ...fields, rows: "19" });
    expect((await full.text()).match(/data-testid="credit-row"/g)).toHaveLength(20);
  });

  it("the database's deferred check is the backstop: splits that do not sum to 100 never commit", async () => {
    const song = await createSong();
    const failure = await database.db
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable("song_credits").set({ split: "99.99" }).where("song_id", "=", song.id).execute();
      })
      .then(() => null)
      .catch((error: unknown) => error);
    expect(isSplitsViolation(failure)).toBe(true);
    expect((await creditsOf(song.id))[0]!.split).toBe(100);
  });
});

describe("/admin/catalog/{songId}: alternate versions", () => {
  it("uploads a version (sniffed, stored, one storage_objects row, audited), plays it on the song page, removes it leaving nothing", async () => {
    const song = await createSong();
    const response = await postMultipart(admin, `/admin/catalog/${song.id}`, versionForm("instrumental", wavFile({ seconds: 2 })));
    expect(response.status).toBe(302);
    const version = await database.db.selectFrom("song_versions").selectAll().where("song_id", "=", song.id).executeTakeFirstOrThrow();
    expect(version).toMatchObject({ kind: "instrumental" });
    expect(Number(version.duration_seconds)).toBeCloseTo(2, 1);
    expect(version.audio_path).toMatch(new RegExp(`^catalogue/${song.id}/versions/instrumental-[0-9a-f]{8}\\.wav$`));
    expect(await database.db.selectFrom("storage_objects").select(["content_type", "uploaded_by"]).where("path", "=", version.audio_path).executeTakeFirst()).toEqual({
      content_type: "audio/wav",
      uploaded_by: ids.admin,
    });
    expect(versionFiles(song.id)).toHaveLength(1);
    const [added] = await auditOf(song.id, "song.version_added");
    expect(added!.after).toMatchObject({ kind: "instrumental", audioPath: version.audio_path });

    // The public song page lists it with a signed URL; the player's retry endpoint answers for it.
    const songPage = await (await member.get(`/song/${song.id}`)).text();
    expect(songPage).toContain('data-testid="public-song-versions"');
    expect(songPage).toContain("Instrumental version of");
    const fresh = await member.get(`/api/songs/${song.id}/audio-url?version=instrumental`);
    expect(fresh.status).toBe(200);
    const { url } = (await fresh.json()) as { url: string };
    expect((await member.get(url)).status).toBe(200);
    expect((await member.get(`/api/songs/${song.id}/audio-url?version=clean`)).status).toBe(404);
    expect((await member.get(`/api/songs/${song.id}/audio-url?version=../../etc`)).status).toBe(404);

    // One per kind: a second instrumental is refused, and its file is not kept.
    const twice = await postMultipart(admin, `/admin/catalog/${song.id}`, versionForm("instrumental", wavFile({ seconds: 1 })));
    expect(twice.status).toBe(409);
    expect(versionFiles(song.id)).toHaveLength(1);

    const removed = await admin.post(`/admin/catalog/${song.id}`, { intent: "removeVersion", versionId: version.id });
    expect(removed.status).toBe(302);
    expect(await database.db.selectFrom("song_versions").select("id").where("song_id", "=", song.id).execute()).toEqual([]);
    expect(await database.db.selectFrom("storage_objects").select("path").where("path", "=", version.audio_path).execute()).toEqual([]);
    expect(versionFiles(song.id)).toEqual([]);
    const [entry] = await auditOf(song.id, "song.version_removed");
    expect(entry!.before).toMatchObject({ kind: "instrumental", audioPath: version.audio_path });
    // Replayed: gone already.
    expect((await admin.post(`/admin/catalog/${song.id}`, { intent: "removeVersion", versionId: version.id })).status).toBe(404);
  });

  it("an archived song's versions are for admins only", async () => {
    const song = await createSong({ status: "archived" });
    expect((await postMultipart(admin, `/admin/catalog/${song.id}`, versionForm("clean", wavFile({ seconds: 1 })))).status).toBe(302);
    expect((await member.get(`/api/songs/${song.id}/audio-url?version=clean`)).status).toBe(404);
    expect((await admin.get(`/api/songs/${song.id}/audio-url?version=clean`)).status).toBe(200);
  });

  it("refuses a file that is not audio, an empty one, an unknown kind, an unknown song and 100 MB, storing nothing", async () => {
    const song = await createSong();
    const text = new TextEncoder().encode("<html>this is not audio</html>".repeat(100));
    const notAudio = await postMultipart(admin, `/admin/catalog/${song.id}`, versionForm("clean", text, "sneaky.wav"));
    expect(notAudio.status).toBe(422);
    expect(errorsIn(await notAudio.text(), "version-audio-error")).toEqual([UPLOAD_MESSAGES.notAudio]);
    expect((await postMultipart(admin, `/admin/catalog/${song.id}`, versionForm("clean", new Uint8Array(0)))).status).toBe(400);
    expect((await postMultipart(admin, `/admin/catalog/${song.id}`, versionForm("remix", wavFile({ seconds: 1 })))).status).toBe(400);
    expect((await postMultipart(admin, `/admin/catalog/${crypto.randomUUID()}`, versionForm("clean", wavFile({ seconds: 1 })))).status).toBe(404);
    const huge = new Uint8Array(100 * 1024 * 1024);
    huge.set(wavFile({ seconds: 1 }));
    const tooLarge = await postMultipart(admin, `/admin/catalog/${song.id}`, versionForm("stems", huge));
    expect(tooLarge.status).toBe(400);
    expect(errorsIn(await tooLarge.text(), "version-audio-error")).toEqual([E.audioTooLarge]);
    // The server refuses such a body before reading it (51 MiB cap on this prefix only).
    expect(bodyLimitFor(`/admin/catalog/${song.id}`)).toBe(51 * 1024 * 1024);
    expect(bodyLimitFor("/admin/catalogue-other")).toBe(1024 * 1024);
    expect(await database.db.selectFrom("song_versions").select("id").where("song_id", "=", song.id).execute()).toEqual([]);
    expect(versionFiles(song.id)).toEqual([]);
    expect(await auditOf(song.id, "song.version_added")).toEqual([]);
  });

  it("the demo seed gives a couple of demo songs generated versions", async () => {
    const id = await database.db.transaction().execute((tx) => insertSongRecord(tx, newSong("Midnight Avenue", { musicalKey: "A minor", bpm: 118 })));
    const files = new DemoFiles(storage());
    const { versions } = await database.db.transaction().execute((tx) => seedDemoSongVersions(tx, { files }));
    expect(versions).toBe(2);
    const rows = await database.db.selectFrom("song_versions").select(["kind", "audio_path"]).where("song_id", "=", id).orderBy("kind").execute();
    expect(rows.map((r) => r.kind)).toEqual(["acappella", "instrumental"]);
    for (const row of rows) expect(await storage().get(AUDIO_BUCKET, row.audio_path)).not.toBeNull();
  });
});

describe("archiving from the editor", () => {
  it("archives a catalogue song (H5's archiveSong, audited) and it leaves the search at once", async () => {
    const song = await createSong({ credits: [{ memberId: null, name: "Xanthippe Archivist", role: "writer", split: 100 }] });
    expect((await searchCatalog(database.db, { search: "Xanthippe" })).total).toBe(1);
    const response = await admin.post(`/admin/catalog/${song.id}`, { intent: "archive" });
    expect(response.status).toBe(302);
    expect((await database.db.selectFrom("songs").select("status").where("id", "=", song.id).executeTakeFirstOrThrow()).status).toBe("archived");
    expect(await auditOf(song.id, "song.archived")).toHaveLength(1);
    expect((await searchCatalog(database.db, { search: "Xanthippe" })).total).toBe(0);
    expect((await admin.post(`/admin/catalog/${song.id}`, { intent: "archive" })).status).toBe(409);
  });
});
