/**
 * Shortlists and their share links through the real request handler (issue
 * 11 item 5), on a real database and real stored audio:
 *  - CRUD, reorder, remove, duplicate refused, bad input refused, sanitised;
 *  - ownership: another A&R's shortlist is a 404 for pages and forms; an
 *    administrator reads it and changes nothing;
 *  - share links: the token appears once, in the reply to the form that made
 *    it, and nowhere else (loader data, database); expiry and revocation;
 *  - /listen/:token without an account: what a listener sees, the clear
 *    404/410 pages, headers, the guess limit;
 *  - /api/listen/:token/:songId: audio only for the shortlist's songs while
 *    the link is live, byte ranges (206);
 *  - play counting: the too-early report, once per listener per song per day;
 *    only server-signed listener cookies count (a forged one records nothing);
 *    at most PLAYS_PER_ADDRESS_PER_DAY counted plays of a song on a link per address a day.
 */
import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalUser } from "~/auth/users.server";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { LISTENER_COOKIE, PLAYS_PER_ADDRESS_PER_DAY, SHORTLIST_NOTE_MAX, SHORTLIST_TEXT } from "~/shortlists/constants";
import { addressKey, LISTEN_LIMITS } from "~/shortlists/listener.server";
import { recordAudioFetch, reportPlay, sha256Hex, utcDay } from "~/shortlists/shortlists.server";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "shortlists-test-password";
let database: TestDatabase;
let app: AppHandler;
const ids: Record<string, string> = {};
const clients: Record<string, TestClient> = {};
let songs: { id: string; title: string; duration_seconds: number }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  for (const key of ["member", "admin", "ar"] as const) {
    ids[key] = (await database.db.selectFrom("auth.users").select("id").where("email", "=", demoAccount(key).email).executeTakeFirstOrThrow()).id;
  }
  // A second approved A&R.
  const other = await createLocalUser(database.db, { email: "other-ar@example.test", password: PASSWORD, displayName: "Olive Other", role: "accepted_ar", confirmed: true });
  await database.db.insertInto("profiles").values({ user_id: other.id, role: "accepted_ar", display_name: "Olive Other", onboarding_completed: true, links: "[]" }).execute();
  ids.other = other.id;
  app = await createAppHandler();
  for (const key of ["member", "admin", "ar"] as const) {
    clients[key] = new TestClient(app);
    await clients[key].signIn(demoAccount(key).email, PASSWORD);
  }
  clients.other = new TestClient(app);
  await clients.other.signIn("other-ar@example.test", PASSWORD);
  songs = await database.db.selectFrom("songs").select(["id", "title", "duration_seconds"]).where("status", "=", "catalogue").orderBy("title").limit(12).execute();
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const itemsOf = (shortlistId: string) =>
  database.db.selectFrom("shortlist_items").select(["id", "song_id", "note", "rating", "position"]).where("shortlist_id", "=", shortlistId).orderBy("position").execute();

async function newShortlist(client: TestClient, title: string): Promise<string> {
  const response = await client.post("/ar/shortlists", { intent: "create", title });
  expect(response.status).toBe(302);
  const location = locationOf(response)!;
  expect(location).toMatch(/^\/ar\/shortlists\/[0-9a-f-]{36}$/);
  return location.split("/").pop()!;
}

async function addSong(client: TestClient, shortlistId: string, songId: string, extra: Record<string, string> = {}) {
  return client.post(`/ar/shortlists/${shortlistId}`, { intent: "add", songId, ...extra });
}

/** Makes a link as the A&R would, and reads the token from the one reply that shows it. */
async function share(client: TestClient, shortlistId: string, days = "30"): Promise<{ token: string; html: string; response: Response }> {
  const response = await client.post(`/ar/shortlists/${shortlistId}`, { intent: "share", days });
  const html = await response.text();
  const token = /\/listen\/([A-Za-z0-9_-]{43})/.exec(html)?.[1];
  expect(response.status, html.slice(0, 300)).toBe(201);
  expect(token).toBeTruthy();
  return { token: token!, html, response };
}

describe("demo data", () => {
  it("gives the demo A&R two rated, annotated shortlists, one shared with plays", async () => {
    const lists = await database.db.selectFrom("shortlists").select(["id", "title"]).where("owner_id", "=", ids.ar!).orderBy("updated_at", "desc").execute();
    expect(lists).toHaveLength(2);
    const items = await itemsOf(lists[0]!.id);
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(new Set(items.map((item) => item.rating))).toEqual(new Set(["keeper", "maybe", "needs_work", "pass"]));
    expect(items.every((item) => item.note.length > 0)).toBe(true);
    const html = await (await clients.ar!.get(`/ar/shortlists/${lists[0]!.id}`)).text();
    expect(html).toContain("Plays by song");
    expect(html).toMatch(/Plays: 7/); // the live link: 7 counted plays (one fetch stopped short)
    expect(html).toContain("Expired");
  });
});

describe("shortlist CRUD", () => {
  it("creates, renames, adds, annotates, rates, reorders and removes", async () => {
    const id = await newShortlist(clients.ar!, "Test list <b>bold</b>");
    expect((await database.db.selectFrom("shortlists").select("title").where("id", "=", id).executeTakeFirstOrThrow()).title).toBe("Test list bold");

    const renamed = await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "rename", title: "Road trip" });
    expect(renamed.status).toBe(302);
    expect((await database.db.selectFrom("shortlists").select("title").where("id", "=", id).executeTakeFirstOrThrow()).title).toBe("Road trip");

    for (const song of songs.slice(0, 3)) expect((await addSong(clients.ar!, id, song.id)).status).toBe(302);
    let items = await itemsOf(id);
    expect(items.map((item) => [item.song_id, item.position])).toEqual(songs.slice(0, 3).map((song, index) => [song.id, index + 1]));

    const saved = await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "item", itemId: items[1]!.id, note: "<script>alert(1)</script>Great hook", rating: "keeper" });
    expect(saved.status).toBe(302);
    items = await itemsOf(id);
    expect(items[1]).toMatchObject({ note: "alert(1)Great hook", rating: "keeper" });

    // Clearing the rating.
    await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "item", itemId: items[1]!.id, note: "", rating: "" });
    expect((await itemsOf(id))[1]).toMatchObject({ note: "", rating: null });

    // Move the last one up, then the first one down.
    expect((await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "move", itemId: items[2]!.id, direction: "up" })).status).toBe(302);
    expect((await itemsOf(id)).map((item) => item.song_id)).toEqual([songs[0]!.id, songs[2]!.id, songs[1]!.id]);
    await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "move", itemId: items[0]!.id, direction: "down" });
    expect((await itemsOf(id)).map((item) => item.song_id)).toEqual([songs[2]!.id, songs[0]!.id, songs[1]!.id]);
    // At the top, "up" changes nothing.
    await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "move", itemId: items[2]!.id, direction: "up" });
    expect((await itemsOf(id)).map((item) => item.position)).toEqual([1, 2, 3]);

    // Remove the middle one: the order closes up.
    expect((await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "remove", itemId: items[0]!.id })).status).toBe(302);
    items = await itemsOf(id);
    expect(items.map((item) => [item.song_id, item.position])).toEqual([
      [songs[2]!.id, 1],
      [songs[1]!.id, 2],
    ]);

    const page = await (await clients.ar!.get(`/ar/shortlists/${id}`)).text();
    expect(page).toContain("Road trip");
    expect(page).toContain(songs[2]!.title.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
    // Delete: the list, its songs, links and plays go; the link stops working.
    const { token } = await share(clients.ar!, id);
    expect((await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "delete" })).status).toBe(400); // unconfirmed
    const deleted = await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "delete", confirm: "yes" });
    expect(locationOf(deleted)).toBe("/ar/shortlists");
    expect(await itemsOf(id)).toHaveLength(0);
    expect(await database.db.selectFrom("shortlist_shares").select("id").where("shortlist_id", "=", id).execute()).toHaveLength(0);
    expect((await clients.ar!.get(`/ar/shortlists/${id}`)).status).toBe(404);
    expect((await new TestClient(app, { address: "10.1.1.1" }).get(`/listen/${token}`)).status).toBe(404);
  });

  it("refuses a duplicate, an unknown or archived song, and bad input, writing nothing", async () => {
    const id = await newShortlist(clients.ar!, "Refusals");
    expect((await addSong(clients.ar!, id, songs[0]!.id)).status).toBe(302);
    const again = await addSong(clients.ar!, id, songs[0]!.id);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(SHORTLIST_TEXT.duplicate);
    expect(await itemsOf(id)).toHaveLength(1);

    expect((await addSong(clients.ar!, id, crypto.randomUUID())).status).toBe(404);
    const archived = await database.db.selectFrom("songs").select("id").where("status", "=", "archived").executeTakeFirst();
    if (archived) expect((await addSong(clients.ar!, id, archived.id)).status).toBe(404);
    expect((await addSong(clients.ar!, id, "not-a-uuid")).status).toBe(400);

    const items = await itemsOf(id);
    const long = await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "item", itemId: items[0]!.id, note: "x".repeat(SHORTLIST_NOTE_MAX + 1), rating: "keeper" });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain(`Note must be no more than ${SHORTLIST_NOTE_MAX} characters`);
    expect((await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "item", itemId: items[0]!.id, note: "ok", rating: "superb" })).status).toBe(400);
    expect(await itemsOf(id)).toMatchObject([{ note: "", rating: null }]);

    expect((await clients.ar!.post("/ar/shortlists", { intent: "create", title: "   " })).status).toBe(400);
    expect((await clients.ar!.post("/ar/shortlists", { intent: "create", title: "t".repeat(121) })).status).toBe(400);
    expect((await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "share", days: "5" })).status).toBe(400);
    expect(await database.db.selectFrom("shortlist_shares").select("id").where("shortlist_id", "=", id).execute()).toHaveLength(0);
  });

  it("adds from the song page's form, which approved A&R see and nobody else", async () => {
    const id = await newShortlist(clients.ar!, "From the song page");
    const song = songs[4]!;
    const arPage = await (await clients.ar!.get(`/song/${song.id}`)).text();
    expect(arPage).toContain('data-testid="add-to-shortlist"');
    expect(arPage).toContain("From the song page");
    for (const key of ["member"] as const) expect(await (await clients[key]!.get(`/song/${song.id}`)).text()).not.toContain("add-to-shortlist");
    expect(await (await new TestClient(app).get(`/song/${song.id}`)).text()).not.toContain("add-to-shortlist");

    const added = await clients.ar!.post("/ar/shortlists", { intent: "add", shortlistId: id, songId: song.id, note: "Heard it at the desk", returnTo: "song" });
    expect(added.status).toBe(302);
    expect(locationOf(added)).toBe(`/song/${song.id}`);
    expect(await itemsOf(id)).toMatchObject([{ song_id: song.id, note: "Heard it at the desk" }]);
    // Twice: refused, still one row.
    await clients.ar!.post("/ar/shortlists", { intent: "add", shortlistId: id, songId: song.id, returnTo: "song" });
    expect(await itemsOf(id)).toHaveLength(1);

    // A shortlist created from a song page starts with it.
    const made = await clients.other!.post("/ar/shortlists", { intent: "create", title: "Olive's picks", songId: song.id });
    const otherId = locationOf(made)!.split("/").pop()!;
    expect(await itemsOf(otherId)).toMatchObject([{ song_id: song.id, position: 1 }]);
  });
});

describe("ownership", () => {
  it("answers another A&R's shortlist with 404 for the page and every form, and lets an admin read only", async () => {
    const id = await newShortlist(clients.ar!, "Private list");
    await addSong(clients.ar!, id, songs[0]!.id);
    const [item] = await itemsOf(id);
    const { token } = await share(clients.ar!, id);
    const shareId = (await database.db.selectFrom("shortlist_shares").select("id").where("token_hash", "=", sha256Hex(token)).executeTakeFirstOrThrow()).id;

    expect((await clients.other!.get(`/ar/shortlists/${id}`)).status).toBe(404);
    const attempts: Record<string, string>[] = [
      { intent: "rename", title: "Mine now" },
      { intent: "add", songId: songs[1]!.id },
      { intent: "item", itemId: item!.id, note: "hijacked", rating: "pass" },
      { intent: "move", itemId: item!.id, direction: "down" },
      { intent: "remove", itemId: item!.id },
      { intent: "share", days: "7" },
      { intent: "revoke", shareId },
      { intent: "delete", confirm: "yes" },
    ];
    for (const fields of attempts) {
      expect((await clients.other!.post(`/ar/shortlists/${id}`, fields)).status, fields.intent).toBe(404);
      expect((await clients.admin!.post(`/ar/shortlists/${id}`, fields)).status, `admin ${fields.intent}`).toBe(404);
    }
    // The song page's form names the shortlist in a field: another's is not found either.
    expect((await clients.other!.post("/ar/shortlists", { intent: "add", shortlistId: id, songId: songs[2]!.id })).status).toBe(404);
    expect(await itemsOf(id)).toMatchObject([{ song_id: songs[0]!.id, note: "", rating: null, position: 1 }]);
    const row = await database.db.selectFrom("shortlists").select("title").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.title).toBe("Private list");
    expect(await database.db.selectFrom("shortlist_shares").select(["id", "revoked_at"]).where("shortlist_id", "=", id).execute()).toMatchObject([{ revoked_at: null }]);

    // The other A&R's list page does not show it; the admin's lists it under others, read-only.
    expect(await (await clients.other!.get("/ar/shortlists")).text()).not.toContain("Private list");
    expect(await (await clients.admin!.get("/ar/shortlists")).text()).toContain("Private list");
    const adminView = await clients.admin!.get(`/ar/shortlists/${id}`);
    expect(adminView.status).toBe(200);
    const adminHtml = await adminView.text();
    expect(adminHtml).toContain("read-only");
    expect(adminHtml).not.toContain('name="intent" value="share"');

    // Members are sent to /ar; unknown and malformed ids are 404.
    expect(locationOf(await clients.member!.get(`/ar/shortlists/${id}`))).toBe("/ar");
    expect((await clients.ar!.get(`/ar/shortlists/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await clients.ar!.get("/ar/shortlists/not-an-id")).status).toBe(404);
  });
});

describe("share links", () => {
  it("shows the token once, in the reply, and stores only its hash", async () => {
    const id = await newShortlist(clients.ar!, "Token test");
    await addSong(clients.ar!, id, songs[0]!.id);
    const { token, html, response } = await share(clients.ar!, id, "7");
    expect(html).toContain(SHORTLIST_TEXT.shareCreatedOnce.slice(0, 40));
    expect(response.headers.get("cache-control")).toMatch(/no-store/);

    const row = await database.db.selectFrom("shortlist_shares").selectAll().where("shortlist_id", "=", id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256Hex(token));
    const days = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);
    // Nowhere in the database in the clear.
    const dump = await sql<{ t: string }>`select row_to_json(s)::text as t from public.shortlist_shares s`.execute(database.db);
    expect(dump.rows.some((r) => r.t.includes(token))).toBe(false);

    // Not in the page, nor its loader data, afterwards.
    for (const path of [`/ar/shortlists/${id}`, `/ar/shortlists/${id}.data`, "/ar/shortlists", "/ar/shortlists.data"]) {
      const later = await clients.ar!.get(path);
      expect(later.status, path).toBe(200);
      expect(await later.text(), path).not.toContain(token);
    }
  });

  it("opens without an account, shows the songs but not the notes, and refuses dead links with a clear page", async () => {
    const id = await newShortlist(clients.ar!, "For the label");
    await addSong(clients.ar!, id, songs[0]!.id);
    await addSong(clients.ar!, id, songs[1]!.id);
    const [first] = await itemsOf(id);
    await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "item", itemId: first!.id, note: "Secret internal note", rating: "needs_work" });
    const { token } = await share(clients.ar!, id);

    const visitor = new TestClient(app);
    const response = await visitor.get(`/listen/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("referrer-policy")).toContain("no-referrer");
    expect(response.headers.get("x-robots-tag")).toContain("noindex");
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${LISTENER_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    const html = await response.text();
    expect(html).toContain("For the label");
    expect(html).toContain('name="robots" content="noindex, nofollow"');
    expect(html).toMatch(/controlslist="nodownload/i);
    expect(html).not.toContain("Secret internal note");
    expect(html).not.toContain("Needs work");
    expect(html).not.toMatch(/download=|>Download/i);

    const unknown = await new TestClient(app, { address: "10.9.0.1" }).get(`/listen/${"A".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(SHORTLIST_TEXT.unknownTitle);
    // A play report to an unknown link is 404 like its audio; a post that is not a report is 400.
    const guesser = new TestClient(app, { address: "10.9.0.2" });
    expect((await guesser.get(`/api/listen/${"A".repeat(43)}/${songs[0]!.id}`)).status).toBe(404);
    expect((await guesser.post(`/api/listen/${"A".repeat(43)}/${songs[0]!.id}`, { intent: "played" })).status).toBe(404);
    expect((await guesser.post(`/api/listen/${"A".repeat(43)}/${songs[0]!.id}`, {})).status).toBe(400);

    // Revoked: 410 and the page says so, for the page and the audio.
    const shareId = (await database.db.selectFrom("shortlist_shares").select("id").where("token_hash", "=", sha256Hex(token)).executeTakeFirstOrThrow()).id;
    expect((await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "revoke", shareId })).status).toBe(302);
    const revoked = await visitor.get(`/listen/${token}`);
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain(SHORTLIST_TEXT.goneRevoked);
    expect((await visitor.get(`/api/listen/${token}/${songs[0]!.id}`)).status).toBe(410);

    // Expired: 410.
    const second = await share(clients.ar!, id);
    await database.db
      .updateTable("shortlist_shares")
      .set({ created_at: new Date(Date.now() - 10 * 86_400_000), expires_at: new Date(Date.now() - 60_000) })
      .where("token_hash", "=", sha256Hex(second.token))
      .execute();
    const expired = await visitor.get(`/listen/${second.token}`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain(SHORTLIST_TEXT.goneExpired);
    const listed = await (await clients.ar!.get(`/ar/shortlists/${id}`)).text();
    expect(listed).toContain('data-state="revoked"');
    expect(listed).toContain('data-state="expired"');
  });

  it("limits guessed tokens per address", async () => {
    const guesser = new TestClient(app, { address: "10.7.7.7" });
    for (let i = 0; i < LISTEN_LIMITS.tokenGuesses.limit; i += 1) {
      expect((await guesser.get(`/listen/${crypto.randomBytes(32).toString("base64url")}`)).status).toBe(404);
    }
    const refused = await guesser.get(`/listen/${crypto.randomBytes(32).toString("base64url")}`);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(SHORTLIST_TEXT.limitedTitle);
    expect((await guesser.get(`/api/listen/${"B".repeat(43)}/${songs[0]!.id}`)).status).toBe(429);
  });
});

describe("shared audio", () => {
  it("streams only the shortlist's songs, inline, with byte ranges", async () => {
    const id = await newShortlist(clients.ar!, "Audio");
    await addSong(clients.ar!, id, songs[0]!.id);
    const { token } = await share(clients.ar!, id);
    const visitor = new TestClient(app);

    const whole = await visitor.get(`/api/listen/${token}/${songs[0]!.id}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toMatch(/^audio\//);
    expect(whole.headers.get("content-disposition")).toBe("inline");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("cache-control")).toMatch(/no-store/);
    const size = (await whole.arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(1000);

    const ranged = await app.handle(
      new Request(`http://hitfactory.test/api/listen/${token}/${songs[0]!.id}`, { headers: { range: "bytes=100-199", host: "hitfactory.test" } }),
    );
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 100-199/${size}`);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);

    // A catalogue song that is not on this shortlist, an unknown id, an unknown token.
    expect((await visitor.get(`/api/listen/${token}/${songs[1]!.id}`)).status).toBe(404);
    expect((await visitor.get(`/api/listen/${token}/not-a-song`)).status).toBe(404);
    expect((await new TestClient(app, { address: "10.9.0.2" }).get(`/api/listen/${"C".repeat(43)}/${songs[0]!.id}`)).status).toBe(404);

    // The player's retry asks for a URL: this share's own path.
    const fresh = await visitor.get(`/api/listen/${token}/${songs[0]!.id}?fresh=1`);
    expect(await fresh.json()).toEqual({ url: `/api/listen/${token}/${songs[0]!.id}` });

    // A song taken out of the catalogue is no longer served.
    await database.db.updateTable("songs").set({ status: "archived" }).where("id", "=", songs[0]!.id).execute();
    try {
      expect((await visitor.get(`/api/listen/${token}/${songs[0]!.id}`)).status).toBe(404);
      expect(await (await visitor.get(`/listen/${token}`)).text()).not.toContain(`/api/listen/${token}/${songs[0]!.id}`);
    } finally {
      await database.db.updateTable("songs").set({ status: "catalogue" }).where("id", "=", songs[0]!.id).execute();
    }
  });
});

describe("play counting", () => {
  const countedPlays = async (shareId: string, songId: string) =>
    Number(
      (
        await database.db
          .selectFrom("shortlist_plays")
          .select(sql<number>`count(*)::int`.as("n"))
          .where("share_id", "=", shareId)
          .where("song_id", "=", songId)
          .where("counted_at", "is not", null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses a report before the song could have played 30 s, then counts once per listener per day", async () => {
    const id = await newShortlist(clients.ar!, "Plays");
    const song = songs.find((s) => s.duration_seconds > 31) ?? songs[0]!;
    await addSong(clients.ar!, id, song.id);
    const { token } = await share(clients.ar!, id);
    const shareId = (await database.db.selectFrom("shortlist_shares").select("id").where("token_hash", "=", sha256Hex(token)).executeTakeFirstOrThrow()).id;
    const listener = new TestClient(app, { address: "10.3.3.3" });
    const report = () => listener.post(`/api/listen/${token}/${song.id}`, { intent: "played" });

    // Without the page's cookie or before any audio fetch: refused.
    expect((await report()).status).toBe(409);
    await listener.get(`/listen/${token}`);
    expect(listener.jar.names()).toContain(LISTENER_COOKIE);
    const notFetched = await report();
    expect(notFetched.status).toBe(409);
    expect(await notFetched.json()).toMatchObject({ reason: "not-fetched" });

    await listener.get(`/api/listen/${token}/${song.id}`);
    const early = await report();
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ reason: "too-early" });
    expect(await countedPlays(shareId, song.id)).toBe(0);

    // 30 s later (the fetch moved back in time), the report counts, once.
    await database.db.updateTable("shortlist_plays").set({ fetched_at: sql`fetched_at - interval '31 seconds'` }).where("share_id", "=", shareId).execute();
    expect((await report()).status).toBe(201);
    expect((await report()).status).toBe(200);
    // A later fetch the same day does not start a new play.
    await listener.get(`/api/listen/${token}/${song.id}`);
    expect((await report()).status).toBe(200);
    expect(await countedPlays(shareId, song.id)).toBe(1);

    // Another listener (another browser) counts separately.
    const second = new TestClient(app, { address: "10.3.3.4" });
    await second.get(`/listen/${token}`);
    await second.get(`/api/listen/${token}/${song.id}`);
    await database.db.updateTable("shortlist_plays").set({ fetched_at: sql`fetched_at - interval '31 seconds'` }).where("share_id", "=", shareId).where("counted_at", "is", null).execute();
    expect((await second.post(`/api/listen/${token}/${song.id}`, { intent: "played" })).status).toBe(201);
    expect(await countedPlays(shareId, song.id)).toBe(2);

    // The A&R sees them per song per link.
    const page = await (await clients.ar!.get(`/ar/shortlists/${id}`)).text();
    expect(page).toMatch(/Plays: 2/);
    expect(page).toContain("2 plays");

    // A revoked link takes no more reports.
    await clients.ar!.post(`/ar/shortlists/${id}`, { intent: "revoke", shareId });
    expect((await report()).status).toBe(410);
  });

  it("applies the per-day key, the whole-song rule for short songs, and yesterday's fetch across midnight", async () => {
    const id = await newShortlist(clients.ar!, "Day rules");
    await addSong(clients.ar!, id, songs[0]!.id);
    const { token } = await share(clients.ar!, id);
    const shareId = (await database.db.selectFrom("shortlist_shares").select("id").where("token_hash", "=", sha256Hex(token)).executeTakeFirstOrThrow()).id;
    const songId = songs[0]!.id;
    const key = sha256Hex("listener-a");
    const db = database.db;
    const day1 = new Date("2026-11-20T12:00:00Z");

    await recordAudioFetch(db, shareId, songId, key, day1);
    expect(await reportPlay(db, shareId, songId, key, 200, new Date(day1.getTime() + 20_000))).toBe("too-early");
    expect(await reportPlay(db, shareId, songId, key, 200, new Date(day1.getTime() + 29_500))).toBe("counted");
    expect(await reportPlay(db, shareId, songId, key, 200, new Date(day1.getTime() + 60_000))).toBe("already-counted");

    // The next day: a new fetch, a new play.
    const day2 = new Date(day1.getTime() + 86_400_000);
    await recordAudioFetch(db, shareId, songId, key, day2);
    expect(await reportPlay(db, shareId, songId, key, 200, new Date(day2.getTime() + 31_000))).toBe("counted");
    const days = await db.selectFrom("shortlist_plays").select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as("d")).where("listener_key", "=", key).orderBy("day").execute();
    expect(days.map((row) => row.d)).toEqual([utcDay(day1), utcDay(day2)]);

    // A 12-second song: the whole song is the play (less a second of slack), not 30 s.
    const shortKey = sha256Hex("listener-b");
    await recordAudioFetch(db, shareId, songId, shortKey, day1);
    expect(await reportPlay(db, shareId, songId, shortKey, 12, new Date(day1.getTime() + 10_000))).toBe("too-early");
    expect(await reportPlay(db, shareId, songId, shortKey, 12, new Date(day1.getTime() + 11_500))).toBe("counted");

    // Started at 23:59:50, reported just after midnight: counted on the day it began.
    const lateKey = sha256Hex("listener-c");
    const late = new Date("2026-11-21T23:59:50Z");
    await recordAudioFetch(db, shareId, songId, lateKey, late);
    expect(await reportPlay(db, shareId, songId, lateKey, 200, new Date(late.getTime() + 31_000))).toBe("counted");

    // Two reports at once count once (the unique key and the uncounted-row update).
    const raceKey = sha256Hex("listener-d");
    await recordAudioFetch(db, shareId, songId, raceKey, day1);
    const both = await Promise.all([1, 2].map(() => reportPlay(db, shareId, songId, raceKey, 200, new Date(day1.getTime() + 40_000))));
    expect(both.filter((outcome) => outcome === "counted")).toHaveLength(1);
  });

  /** A cookie the server never issued, put in the client's jar as a script would send it. */
  const plantCookie = (client: TestClient, value: string) => client.jar.update(new Response(null, { headers: [["set-cookie", `${LISTENER_COOKIE}=${value}; Path=/`]] }));
  const cookieOf = (client: TestClient) => new RegExp(`(?:^|; )${LISTENER_COOKIE}=([^;]*)`).exec(client.jar.header())?.[1];
  /** A live link to one long song, and how to play it "30 s ago" from a client. */
  async function linkForPlays(title: string) {
    const id = await newShortlist(clients.ar!, title);
    const song = songs.find((s) => s.duration_seconds > 31) ?? songs[0]!;
    await addSong(clients.ar!, id, song.id);
    const { token } = await share(clients.ar!, id);
    const shareId = (await database.db.selectFrom("shortlist_shares").select("id").where("token_hash", "=", sha256Hex(token)).executeTakeFirstOrThrow()).id;
    const rows = () => database.db.selectFrom("shortlist_plays").select(["listener_key", "counted_at", "address_key"]).where("share_id", "=", shareId).execute();
    /** Fetches the audio (Range bytes=0-0 is the same request to the server), ages the fetch 31 s, reports. */
    const fetchWaitReport = async (client: TestClient) => {
      const audio = await client.get(`/api/listen/${token}/${song.id}`);
      expect(audio.status).toBeLessThan(300);
      await audio.arrayBuffer();
      await database.db.updateTable("shortlist_plays").set({ fetched_at: sql`fetched_at - interval '31 seconds'` }).where("share_id", "=", shareId).where("counted_at", "is", null).execute();
      return client.post(`/api/listen/${token}/${song.id}`, { intent: "played" });
    };
    return { token, shareId, song, rows, fetchWaitReport };
  }

  it("counts only a listener cookie this server signed: an invented or forged one records and counts nothing", async () => {
    const { token, shareId, song, rows, fetchWaitReport } = await linkForPlays("Forged listeners");
    const random = () => crypto.randomBytes(32).toString("base64url");
    const forgeries = [
      random(), // the shape of an unsigned id
      `${random()}.${random()}`, // signed with a made-up signature
      `${random()}.${random().slice(0, 42)}`, // a signature of the wrong length
      "", // empty
    ];
    for (const [index, forged] of forgeries.entries()) {
      const script = new TestClient(app, { address: `10.5.5.${index + 1}` });
      plantCookie(script, forged);
      const report = await fetchWaitReport(script);
      expect(report.status).toBe(409);
      expect(await report.json()).toMatchObject({ reason: "no-listener" });
    }
    // Nothing recorded for any of them, nothing counted.
    expect(await rows()).toEqual([]);
    expect(await countedPlays(shareId, song.id)).toBe(0);

    // Another share link's valid cookie copied with its signature swapped onto a new id: refused too.
    const honest = new TestClient(app, { address: "10.5.5.9" });
    await honest.get(`/listen/${token}`);
    const signed = cookieOf(honest)!;
    expect(signed).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    const swapped = new TestClient(app, { address: "10.5.5.10" });
    plantCookie(swapped, `${random()}.${signed.split(".")[1]}`);
    expect((await fetchWaitReport(swapped)).status).toBe(409);

    // The share page replaces a forged cookie with a fresh signed one; with that, the play counts.
    const script = new TestClient(app, { address: "10.5.5.11" });
    const forged = `${random()}.${random()}`;
    plantCookie(script, forged);
    await script.get(`/listen/${token}`);
    const issued = cookieOf(script)!;
    expect(issued).not.toBe(forged);
    expect(issued).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect((await fetchWaitReport(script)).status).toBe(201);
    // The honest listener's signed cookie counts as well.
    expect((await fetchWaitReport(honest)).status).toBe(201);
    expect(await countedPlays(shareId, song.id)).toBe(2);
    // The database holds the hash of the id, never the cookie or the id itself.
    const stored = (await rows()).map((row) => row.listener_key);
    expect(stored).toContain(sha256Hex(issued.split(".")[0]!));
    expect(stored).not.toContain(sha256Hex(issued));
  });

  it(`caps counted plays of a song on a link at ${PLAYS_PER_ADDRESS_PER_DAY} per network address a day, however many cookies`, async () => {
    const { token, shareId, song, rows, fetchWaitReport } = await linkForPlays("Address cap");
    const address = "10.6.6.6";
    const outcomes: number[] = [];
    // A script that clears its cookies between plays: a fresh signed cookie from the page each time.
    for (let i = 0; i < PLAYS_PER_ADDRESS_PER_DAY + 2; i++) {
      const browser = new TestClient(app, { address });
      await browser.get(`/listen/${token}`);
      expect(cookieOf(browser)).toBeTruthy();
      const report = await fetchWaitReport(browser);
      outcomes.push(report.status);
      if (report.status === 429) expect(await report.json()).toMatchObject({ counted: false, reason: "address-limit" });
    }
    expect(outcomes).toEqual([...Array(PLAYS_PER_ADDRESS_PER_DAY).fill(201), 429, 429]);
    expect(await countedPlays(shareId, song.id)).toBe(PLAYS_PER_ADDRESS_PER_DAY);
    // The next cookie's plays stay capped too (the cap is the address's, not the cookie's).
    const again = new TestClient(app, { address });
    await again.get(`/listen/${token}`);
    expect((await fetchWaitReport(again)).status).toBe(429);
    // The cap is per link (the A&R's figures are per link): another link to the song has its own.
    const other = await linkForPlays("Address cap, second link");
    expect(other.song.id).toBe(song.id);
    const browser = new TestClient(app, { address });
    await browser.get(`/listen/${other.token}`);
    expect((await other.fetchWaitReport(browser)).status).toBe(201);
    // Another address still counts.
    const elsewhere = new TestClient(app, { address: "10.6.6.7" });
    await elsewhere.get(`/listen/${token}`);
    expect((await fetchWaitReport(elsewhere)).status).toBe(201);
    expect(await countedPlays(shareId, song.id)).toBe(PLAYS_PER_ADDRESS_PER_DAY + 1);
    // The address is stored only as a keyed hash.
    const keys = (await rows()).map((row) => row.address_key).filter(Boolean);
    expect(keys).toHaveLength(PLAYS_PER_ADDRESS_PER_DAY + 1);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(keys).toContain(addressKey(address));
    expect(keys).not.toContain(sha256Hex(address));

    // Reports at the same moment from one address cannot slip past the cap together.
    const db = database.db;
    const day = new Date("2026-11-18T10:00:00Z");
    const raceAddress = addressKey("10.6.6.8");
    const listeners = Array.from({ length: 6 }, (_, i) => sha256Hex(`race-listener-${i}`));
    for (const key of listeners) await recordAudioFetch(db, shareId, song.id, key, day);
    const results = await Promise.all(listeners.map((key) => reportPlay(db, shareId, song.id, key, 200, new Date(day.getTime() + 40_000), raceAddress)));
    expect(results.filter((r) => r === "counted")).toHaveLength(PLAYS_PER_ADDRESS_PER_DAY);
    expect(results.filter((r) => r === "address-limit")).toHaveLength(6 - PLAYS_PER_ADDRESS_PER_DAY);
    // The next day the address starts again.
    const nextDay = new Date(day.getTime() + 86_400_000);
    await recordAudioFetch(db, shareId, song.id, listeners[5]!, nextDay);
    expect(await reportPlay(db, shareId, song.id, listeners[5]!, 200, new Date(nextDay.getTime() + 40_000), raceAddress)).toBe("counted");
  });
});
