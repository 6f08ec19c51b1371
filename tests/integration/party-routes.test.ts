/**
 * The listening party through the real request handler, as browsers (and
 * attackers) would post (issue 14, ADR 0092): starting a party, the room's
 * forms on the page (no JavaScript: redirects) and on the action endpoint
 * (the script: JSON), who may do what, and what the room refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { PARTY_TEXT } from "~/party/constants";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "party-routes-password";
let database: TestDatabase;
let app: AppHandler;
let admin: TestClient;
let member: TestClient;
let ar: TestClient;
let applicant: TestClient;
let anonymous: TestClient;
let songIds: string[];

const idOf = async (persona: "admin" | "member" | "ar") =>
  (await database.db.selectFrom("auth.users").select("id").where("email", "=", demoAccount(persona).email).executeTakeFirstOrThrow()).id;

async function startParty(client: TestClient, fields: Record<string, string | string[]> = {}): Promise<string> {
  const response = await client.post("/party/new", { intent: "create", title: "Friday listening", visibility: "members", ...fields });
  expect(response.status).toBe(302);
  const location = locationOf(response)!;
  const id = /^\/party\/([0-9a-f-]{36})$/.exec(location)?.[1];
  if (id) return id;
  // A scheduled party goes back to the list: find it by title.
  const row = await database.db.selectFrom("parties").select("id").where("title", "=", String(fields.title ?? "Friday listening")).orderBy("created_at", "desc").executeTakeFirstOrThrow();
  return row.id;
}

const json = async (response: Response) => (await response.json()) as { intent: string; result: { status: string; error?: Record<string, string[]> } };
const events = (partyId: string) => database.db.selectFrom("party_events").select(["seq", "type"]).where("party_id", "=", partyId).orderBy("seq").execute();

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  app = await createAppHandler();
  [admin, member, ar, applicant, anonymous] = [new TestClient(app), new TestClient(app), new TestClient(app), new TestClient(app), new TestClient(app)];
  await admin.signIn(demoAccount("admin").email, PASSWORD);
  await member.signIn(demoAccount("member").email, PASSWORD);
  await ar.signIn(demoAccount("ar").email, PASSWORD);
  await applicant.signIn(demoAccount("applicant").email, PASSWORD);
  songIds = (await database.db.selectFrom("songs").select("id").where("status", "=", "catalogue").orderBy("title").limit(4).execute()).map((r) => r.id);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("starting a party", () => {
  it("a member starts a live party and lands in its room; the title is sanitised", async () => {
    const id = await startParty(member, { title: "<b>Demo</b> night" });
    const party = await database.db.selectFrom("parties").select(["title", "status", "host_id"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(party).toEqual({ title: "Demo night", status: "live", host_id: await idOf("member") });
    const page = await member.get(`/party/${id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Demo night");
  });

  it("refuses an empty title and an invite-only party with nobody invited: 400 at the fields, nothing stored", async () => {
    const before = await database.db.selectFrom("parties").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const empty = await member.post("/party/new", { intent: "create", title: "  ", visibility: "members" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Give the party a title.");
    const lonely = await member.post("/party/new", { intent: "create", title: "Secret", visibility: "invite" });
    expect(lonely.status).toBe(400);
    expect(await lonely.text()).toContain("Invite at least one person");
    const half = await member.post("/party/new", { intent: "create", title: "Later", visibility: "members", startDay: "2030-01-01" });
    expect(half.status).toBe(400);
    const after = await database.db.selectFrom("parties").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("an applicant and a visitor cannot start one", async () => {
    expect(locationOf(await applicant.post("/party/new", { intent: "create", title: "Mine", visibility: "members" }))).toBe("/dashboard");
    expect(locationOf(await anonymous.post("/party/new", { intent: "create", title: "Mine", visibility: "members" }))).toMatch(/^\/auth\?redirect=/);
  });

  it("a scheduled party is listed under Coming up, to visitors too, and not live", async () => {
    const id = await startParty(admin, { title: "Next week", startDay: "2031-03-01", startTime: "19:30" });
    const party = await database.db.selectFrom("parties").select(["status", "scheduled_for"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(party.status).toBe("scheduled");
    const list = await (await anonymous.get("/party")).text();
    expect(list).toContain("Next week");
    expect(list).toContain("Sign in to join");
    // The visitor sees what is on but gets no link into a room.
    expect(list).not.toContain(`href="/party/${id}"`);
  });
});

describe("the room", () => {
  let partyId: string;
  let itemIds: string[];

  beforeAll(async () => {
    partyId = await startParty(admin, { title: "Room checks" });
    for (const sourceId of songIds.slice(0, 3)) {
      const response = await admin.post(`/party/${partyId}/actions`, { intent: "add", kind: "song", sourceId, js: "1" });
      expect(response.status).toBe(200);
      expect((await json(response)).result.status).toBe("success");
    }
    itemIds = (await database.db.selectFrom("party_queue").select("id").where("party_id", "=", partyId).orderBy("position").execute()).map((r) => r.id);
    // Guests join by visiting.
    expect((await member.get(`/party/${partyId}`)).status).toBe(200);
    expect((await ar.get(`/party/${partyId}`)).status).toBe(200);
  });

  it("the host plays for everyone; a guest's pause is refused with 403 and changes nothing", async () => {
    const play = await admin.post(`/party/${partyId}`, { intent: "play" });
    expect(play.status).toBe(302);
    expect(locationOf(play)).toBe(`/party/${partyId}`);
    const playing = await database.db.selectFrom("parties").select(["playing", "current_item_id"]).where("id", "=", partyId).executeTakeFirstOrThrow();
    expect(playing).toEqual({ playing: true, current_item_id: itemIds[0] });
    const seen = (await events(partyId)).length;
    for (const intent of ["pause", "skip", "play"]) {
      const refused = await member.post(`/party/${partyId}/actions`, { intent, js: "1" });
      expect(refused.status).toBe(403);
      expect((await json(refused)).result.error?.[""]).toEqual([PARTY_TEXT.hostOnly]);
    }
    const seek = await member.post(`/party/${partyId}/actions`, { intent: "seek", position: "10", js: "1" });
    expect(seek.status).toBe(403);
    expect((await events(partyId)).length).toBe(seen);
    expect((await database.db.selectFrom("parties").select("playing").where("id", "=", partyId).executeTakeFirstOrThrow()).playing).toBe(true);
  });

  it("chat: markup is stored and shown as text, an empty or over-long message is a 400 at the field", async () => {
    const sent = await member.post(`/party/${partyId}`, { intent: "chat", body: '<b>bold</b> <script>alert("x")</script>hi <img src=x onerror=alert(1)>' });
    expect(sent.status).toBe(302);
    const row = await database.db.selectFrom("party_messages").select("body").where("party_id", "=", partyId).orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(row.body).not.toMatch(/[<>]/);
    expect(row.body).toContain("bold");
    expect(row.body).toContain("hi");
    const page = await (await ar.get(`/party/${partyId}`)).text();
    expect(page).not.toContain("<b>bold</b>");
    expect(page).not.toMatch(/<img[^>]*onerror/);
    const empty = await member.post(`/party/${partyId}`, { intent: "chat", body: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write a message first.");
    const long = await member.post(`/party/${partyId}/actions`, { intent: "chat", body: "x".repeat(501), js: "1" });
    expect(long.status).toBe(400);
    expect(JSON.stringify(await json(long))).toContain("Message must be no more than 500 characters");
  });

  it("chat and reactions are rate limited per listener: past the limit a 429 with Retry-After, nothing stored, others unaffected", async () => {
    // A listener of its own, so the limits this spends reach no other test.
    const noah = new TestClient(app);
    await noah.signIn(demoAccount("newmember").email, PASSWORD);
    expect((await noah.get(`/party/${partyId}`)).status).toBe(200);
    const noahId = (await database.db.selectFrom("auth.users").select("id").where("email", "=", demoAccount("newmember").email).executeTakeFirstOrThrow()).id;
    const stored = async () =>
      Number((await database.db.selectFrom("party_messages").select((eb) => eb.fn.countAll().as("n")).where("party_id", "=", partyId).where("user_id", "=", noahId).executeTakeFirstOrThrow()).n);

    for (let i = 0; i < 20; i++) {
      const sent = await noah.post(`/party/${partyId}/actions`, { intent: "chat", body: `message ${i}`, js: "1" });
      expect(sent.status).toBe(200);
    }
    const before = await stored();
    const refused = await noah.post(`/party/${partyId}/actions`, { intent: "chat", body: "one too many", js: "1" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(JSON.stringify(await json(refused))).toContain("You are sending messages too fast.");
    // Without JavaScript the same refusal, on the page.
    const refusedPage = await noah.post(`/party/${partyId}`, { intent: "chat", body: "one too many" });
    expect(refusedPage.status).toBe(429);
    expect(await stored()).toBe(before);
    // Another listener still chats.
    expect((await ar.post(`/party/${partyId}/actions`, { intent: "chat", body: "still here", js: "1" })).status).toBe(200);

    for (let i = 0; i < 30; i++) expect((await noah.post(`/party/${partyId}/actions`, { intent: "react", reaction: "fire", js: "1" })).status).toBe(200);
    const tooMany = await noah.post(`/party/${partyId}/actions`, { intent: "react", reaction: "fire", js: "1" });
    expect(tooMany.status).toBe(429);
    expect(JSON.stringify(await json(tooMany))).toContain("You are reacting too fast.");
  }, 60_000);

  it("ratings: a song not yet played is refused (409); the current one is kept, once per person", async () => {
    const early = await member.post(`/party/${partyId}/actions`, { intent: "rate", itemId: itemIds[2]!, rating: "keeper", js: "1" });
    expect(early.status).toBe(409);
    for (const rating of ["maybe", "keeper"]) {
      expect((await member.post(`/party/${partyId}/actions`, { intent: "rate", itemId: itemIds[0]!, rating, js: "1" })).status).toBe(200);
    }
    const rows = await database.db.selectFrom("party_ratings").select(["rating"]).where("item_id", "=", itemIds[0]!).where("user_id", "=", await idOf("member")).execute();
    expect(rows).toEqual([{ rating: "keeper" }]);
    const bogus = await member.post(`/party/${partyId}/actions`, { intent: "rate", itemId: itemIds[0]!, rating: "love", js: "1" });
    expect(bogus.status).toBe(400);
  });

  it("another party's item, an unknown item and a malformed id are refused without a write", async () => {
    const other = await startParty(member, { title: "Elsewhere" });
    await member.post(`/party/${other}/actions`, { intent: "add", kind: "song", sourceId: songIds[3]!, js: "1" });
    const foreign = (await database.db.selectFrom("party_queue").select("id").where("party_id", "=", other).executeTakeFirstOrThrow()).id;
    const cross = await admin.post(`/party/${partyId}/actions`, { intent: "remove-item", itemId: foreign, js: "1" });
    expect(cross.status).toBe(404);
    expect((await database.db.selectFrom("party_queue").select("removed_at").where("id", "=", foreign).executeTakeFirstOrThrow()).removed_at).toBeNull();
    expect((await admin.post(`/party/${partyId}/actions`, { intent: "rate", itemId: foreign, rating: "keeper", js: "1" })).status).toBe(404);
    expect((await admin.post(`/party/${partyId}/actions`, { intent: "remove-item", itemId: "not-an-id", js: "1" })).status).toBe(400);
  });

  it("the queue takes only what the room may hear: an archived song, a hidden or private track, someone else's submission", async () => {
    const archived = await database.db.selectFrom("songs").select("id").where("status", "=", "archived").executeTakeFirstOrThrow();
    expect((await member.post(`/party/${partyId}/actions`, { intent: "add", kind: "song", sourceId: archived.id, js: "1" })).status).toBe(404);
    const submission = await database.db.selectFrom("submissions").select("id").where("member_id", "=", await idOf("member")).executeTakeFirstOrThrow();
    // The member's own submission, in the admin's party: not the host's, so refused.
    const refused = await member.post(`/party/${partyId}/actions`, { intent: "add", kind: "submission", sourceId: submission.id, js: "1" });
    expect(refused.status).toBe(404);
    expect(JSON.stringify(await json(refused))).toContain(PARTY_TEXT.sourceNotAllowed);
  });

  it("the item audio is a signed redirect for the room, 404 for anyone outside or for another party's item", async () => {
    const audio = await member.get(`/party/${partyId}/items/${itemIds[0]}/audio`);
    expect(audio.status).toBe(302);
    expect(audio.headers.get("location")).toMatch(/^\/storage\/v1\/object\/sign\/audio\/.+token=/);
    expect(audio.headers.get("cache-control")).toContain("no-store");
    expect(locationOf(await anonymous.get(`/party/${partyId}/items/${itemIds[0]}/audio`))).toMatch(/^\/auth\?redirect=/);
    expect(locationOf(await applicant.get(`/party/${partyId}/items/${itemIds[0]}/audio`))).toBe("/dashboard");
  });

  it("moderation: the host removes a message and a listener; the removed listener is told so and cannot act or listen", async () => {
    const message = await database.db.selectFrom("party_messages").select("id").where("party_id", "=", partyId).executeTakeFirstOrThrow();
    expect((await ar.post(`/party/${partyId}/actions`, { intent: "remove-message", messageId: message.id, js: "1" })).status).toBe(403);
    expect((await admin.post(`/party/${partyId}/actions`, { intent: "remove-message", messageId: message.id, js: "1" })).status).toBe(200);
    expect(await (await member.get(`/party/${partyId}`)).text()).not.toContain("bold");

    const arId = await idOf("ar");
    expect((await member.post(`/party/${partyId}/actions`, { intent: "remove-listener", userId: arId, js: "1" })).status).toBe(403);
    expect((await admin.post(`/party/${partyId}/actions`, { intent: "remove-listener", userId: await idOf("admin"), js: "1" })).status).toBe(409);
    expect((await admin.post(`/party/${partyId}/actions`, { intent: "remove-listener", userId: arId, js: "1" })).status).toBe(200);
    const page = await ar.get(`/party/${partyId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(PARTY_TEXT.removedFromParty);
    const chat = await ar.post(`/party/${partyId}/actions`, { intent: "chat", body: "let me back", js: "1" });
    expect(chat.status).toBe(403);
    expect((await ar.get(`/party/${partyId}/events`)).status).toBe(404);
    expect((await ar.get(`/party/${partyId}/items/${itemIds[0]}/audio`)).status).toBe(404);
  });

  it("ending: host only; the outcome is saved once, the room then refuses changes", async () => {
    expect((await member.post(`/party/${partyId}`, { intent: "end", confirm: "end" })).status).toBe(403);
    expect((await admin.post(`/party/${partyId}`, { intent: "end" })).status).toBe(400);
    const ended = await admin.post(`/party/${partyId}`, { intent: "end", confirm: "end" });
    expect(ended.status).toBe(302);
    const results = await database.db.selectFrom("party_results").select(["item_id", "rank", "keepers", "shortlisted"]).where("party_id", "=", partyId).orderBy("rank").execute();
    expect(results[0]).toEqual({ item_id: itemIds[0], rank: 1, keepers: 1, shortlisted: true });
    expect((await admin.post(`/party/${partyId}`, { intent: "end", confirm: "end" })).status).toBe(409);
    expect((await member.post(`/party/${partyId}/actions`, { intent: "chat", body: "late", js: "1" })).status).toBe(409);
    const page = await (await member.get(`/party/${partyId}`)).text();
    expect(page).toContain("The outcome");
    expect(page).toContain("Shortlisted");
    // Members who are not A&R are not offered the shortlist, and cannot take it.
    expect(page).not.toContain("Add the shortlist to my shortlists");
    expect((await member.post(`/party/${partyId}`, { intent: "take" })).status).toBe(403);
  });

  it("an A&R takes the outcome into a new shortlist of their own, with the room's verdict noted", async () => {
    const response = await ar.post(`/party/${partyId}`, { intent: "take" });
    // The A&R was removed from this party: the room refuses them, like any action.
    expect(response.status).toBe(403);
    const other = await startParty(admin, { title: "Take me" });
    await admin.post(`/party/${other}/actions`, { intent: "add", kind: "song", sourceId: songIds[1]!, js: "1" });
    await admin.post(`/party/${other}/actions`, { intent: "play", js: "1" });
    expect((await ar.get(`/party/${other}`)).status).toBe(200);
    const item = (await database.db.selectFrom("party_queue").select("id").where("party_id", "=", other).executeTakeFirstOrThrow()).id;
    expect((await ar.post(`/party/${other}/actions`, { intent: "rate", itemId: item, rating: "keeper", js: "1" })).status).toBe(200);
    expect((await admin.post(`/party/${other}`, { intent: "end", confirm: "end" })).status).toBe(302);
    const taken = await ar.post(`/party/${other}`, { intent: "take" });
    expect(taken.status).toBe(302);
    const shortlistId = /^\/ar\/shortlists\/([0-9a-f-]{36})$/.exec(locationOf(taken)!)?.[1];
    expect(shortlistId).toBeTruthy();
    const items = await database.db.selectFrom("shortlist_items").select(["song_id", "note"]).where("shortlist_id", "=", shortlistId!).execute();
    expect(items).toEqual([{ song_id: songIds[1], note: "Party rank 1: 1 keeper, 0 maybe, 0 pass" }]);
  });
});

describe("invite-only parties", () => {
  it("are invisible to members who are not invited (404, not listed), open to the invitee", async () => {
    const id = await startParty(admin, { title: "Invite only", visibility: "invite", invitees: [await idOf("member")] });
    expect((await ar.get(`/party/${id}`)).status).toBe(404);
    expect((await ar.post(`/party/${id}/actions`, { intent: "chat", body: "hello", js: "1" })).status).toBe(404);
    expect((await ar.get(`/party/${id}/events`)).status).toBe(404);
    expect(await (await ar.get("/party")).text()).not.toContain("Invite only");
    expect(await (await anonymous.get("/party")).text()).not.toContain("Invite only");
    expect((await member.get(`/party/${id}`)).status).toBe(200);
    expect(await (await member.get("/party")).text()).toContain("Invite only");
  });
});

describe("the clock and the stream", () => {
  it("/party/clock answers the server's time, uncached, without a session", async () => {
    const before = Date.now();
    const response = await anonymous.get("/party/clock");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { now } = (await response.json()) as { now: number };
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("a live room's stream replays what the browser missed, from the seq it names, as server-sent events", async () => {
    const id = await startParty(member, { title: "Stream check" });
    await member.post(`/party/${id}/actions`, { intent: "chat", body: "first", js: "1" });
    await member.post(`/party/${id}/actions`, { intent: "chat", body: "second", js: "1" });
    const controller = new AbortController();
    const response = await app.handle(
      new Request(`http://hitfactory.test/party/${id}/events?after=1`, { headers: { cookie: member.jar.header(), host: "hitfactory.test" }, signal: controller.signal }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes("second")) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    await reader.cancel().catch(() => undefined);
    expect(text).toContain("retry:");
    expect(text).toMatch(/id: 2\nevent: message\n/);
    expect(text).not.toMatch(/\nid: 1\n/);
    expect(text.indexOf("first")).toBeLessThan(text.indexOf("second"));
  });
});
