/**
 * Holds (issue 11; docs/decisions/0073-pitching-search-and-holds.md) through
 * the real request handler, as a browser without JavaScript posts them: an
 * approved A&R requests a hold from the song page's form (posted to
 * /ar/holds), an admin grants or declines it at /admin/holds, the A&R gets an
 * inbox notice, releases it; double requests and double answers are refused
 * with nothing changed; malformed and foreign ids are refused; the hold shows
 * on the song page to that A&R and admins only, never to another A&R or a
 * visitor, and signed-in song pages are never cacheable.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalUser } from "~/auth/users.server";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { HOLD_TEXT, holdDate } from "~/holds/holds-text";
import { defaultHoldUntil, listArHolds, listAdminHolds } from "~/holds/holds.server";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";

const PASSWORD = "holds-test-password";
const OTHER_AR = { email: "other-ar@holds.test", displayName: "Olive Other" };
let database: TestDatabase;
let app: AppHandler;
let ar: TestClient;
let otherAr: TestClient;
let admin: TestClient;
let member: TestClient;
let visitor: TestClient;
const ids: Record<string, string> = {};

const songId = async (title: string) => (await database.db.selectFrom("songs").select("id").where("title", "=", title).executeTakeFirstOrThrow()).id;
const holdsOf = (arId: string, song: string) =>
  database.db.selectFrom("song_holds").selectAll().where("ar_id", "=", arId).where("song_id", "=", song).orderBy("requested_at").execute();
const html = async (response: Response) => (await response.text()).replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  // A second approved A&R, who must never see the first one's holds.
  const other = await createLocalUser(database.db, { email: OTHER_AR.email, password: PASSWORD, displayName: OTHER_AR.displayName, role: "accepted_ar", confirmed: true });
  await database.db
    .insertInto("profiles")
    .values({ user_id: other.id, role: "accepted_ar", display_name: OTHER_AR.displayName, onboarding_completed: true, has_seen_decision_banner: true, links: JSON.stringify([]) })
    .execute();
  for (const row of await database.db.selectFrom("auth.users").select(["id", "email"]).execute()) ids[row.email!] = row.id;
  app = await createAppHandler();
  ar = new TestClient(app);
  otherAr = new TestClient(app);
  admin = new TestClient(app);
  member = new TestClient(app);
  visitor = new TestClient(app);
  await ar.signIn(demoAccount("ar").email, PASSWORD);
  await otherAr.signIn(OTHER_AR.email, PASSWORD);
  await admin.signIn(demoAccount("admin").email, PASSWORD);
  await member.signIn(demoAccount("member").email, PASSWORD);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("demo holds", () => {
  it("give the demo A&R a hold in each state, the one past its end shown as expired", async () => {
    const holds = await listArHolds(database.db, ids[demoAccount("ar").email]);
    expect(holds.map((hold) => [hold.songTitle, hold.status]).sort()).toEqual([
      ["City of Glass", "declined"],
      ["Golden Hour Drive", "granted"],
      ["Midnight Avenue", "requested"],
      ["Paper Planes at Dawn", "expired"],
    ]);
    const { counts } = await listAdminHolds(database.db, "all");
    expect(counts).toMatchObject({ requested: 1, granted: 1, declined: 1, expired: 1, released: 0, all: 4 });
  });
});

describe("requesting a hold", () => {
  it("shows the request form on the song page to an approved A&R only", async () => {
    const id = await songId("Neon Heartbeat");
    const arPage = await html(await ar.get(`/song/${id}`));
    expect(arPage).toContain(HOLD_TEXT.requestHeading);
    expect(arPage).toContain('action="/ar/holds"');
    for (const client of [visitor, member]) {
      const page = await html(await client.get(`/song/${id}`));
      expect(page).not.toContain(HOLD_TEXT.requestHeading);
      expect(page).not.toContain('data-testid="song-holds"');
    }
  });

  it("records a request with its sanitised note and goes back to the song with a toast", async () => {
    const id = await songId("Neon Heartbeat");
    const response = await ar.post("/ar/holds", { intent: "request", songId: id, note: "For <b>Nova</b>'s single <script>x()</script>javascript:alert(1)" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/song/${id}`);
    const rows = await holdsOf(ids[demoAccount("ar").email], id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "requested", note: "For Nova's single x()alert(1)", decided_at: null, expires_at: null });
    const page = await html(await ar.get(`/song/${id}`));
    expect(page).toContain(HOLD_TEXT.yourHold("requested"));
    expect(page).not.toContain(HOLD_TEXT.requestHeading);
  });

  it("refuses a second open request on the same song (409, a clear message, one row)", async () => {
    const id = await songId("Neon Heartbeat");
    const response = await ar.post("/ar/holds", { intent: "request", songId: id, note: "again" });
    expect(response.status).toBe(409);
    expect(await html(response)).toContain(HOLD_TEXT.alreadyOpen);
    expect(await holdsOf(ids[demoAccount("ar").email], id)).toHaveLength(1);
    // Two at once: one wins.
    const twin = await songId("Velvet Static");
    const answers = await Promise.all([1, 2].map(() => ar.post("/ar/holds", { intent: "request", songId: twin })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect(await holdsOf(ids[demoAccount("ar").email], twin)).toHaveLength(1);
  });

  it("refuses malformed, unknown and archived song ids, over-long notes, and admins, writing nothing", async () => {
    const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from song_holds`.execute(database.db)).rows[0].n);
    const before = await count();
    const malformed = await ar.post("/ar/holds", { intent: "request", songId: "not-a-song'; drop table song_holds; --" });
    expect(malformed.status).toBe(400);
    expect(await html(malformed)).toContain(HOLD_TEXT.noSuchSong);
    const unknown = await ar.post("/ar/holds", { intent: "request", songId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.status).toBe(404);
    const archived = (await database.db.selectFrom("songs").select("id").where("status", "=", "archived").executeTakeFirstOrThrow()).id;
    expect((await ar.post("/ar/holds", { intent: "request", songId: archived })).status).toBe(404);
    const long = await ar.post("/ar/holds", { intent: "request", songId: await songId("Tidal"), note: "n".repeat(1001) });
    expect(long.status).toBe(400);
    expect(await html(long)).toContain("Note for the publisher must be no more than 1000 characters");
    const byAdmin = await admin.post("/ar/holds", { intent: "request", songId: await songId("Tidal") });
    expect(byAdmin.status).toBe(403);
    expect(await html(byAdmin)).toContain(HOLD_TEXT.onlyAr);
    expect(await count()).toBe(before);
  });

  it("sends members and visitors away before reading the form", async () => {
    const id = await songId("Tidal");
    const byMember = await member.post("/ar/holds", { intent: "request", songId: id });
    expect(byMember.status).toBe(302);
    expect(locationOf(byMember)).toBe("/ar");
    const byVisitor = await visitor.post("/ar/holds", { intent: "request", songId: id });
    expect(byVisitor.status).toBe(302);
    expect(locationOf(byVisitor)).toMatch(/^\/auth\?redirect=/);
    expect(await database.db.selectFrom("song_holds").select("id").where("song_id", "=", id).execute()).toEqual([]);
  });
});

describe("answering a hold", () => {
  const requested = async (title: string) => (await holdsOf(ids[demoAccount("ar").email], await songId(title))).find((hold) => hold.status === "requested")!;
  const noticesOfAr = () => database.db.selectFrom("notices").select(["subject", "body", "link"]).where("recipient_id", "=", ids[demoAccount("ar").email]).orderBy("created_at", "desc").execute();

  it("lists requests for admins (oldest first) with the A&R and the note; others are sent away", async () => {
    const page = await html(await admin.get("/admin/holds"));
    expect(page).toContain("Neon Heartbeat");
    expect(page).toContain("Riley Reyes");
    expect(page).toContain("For Nova's single");
    expect(page.indexOf("Midnight Avenue")).toBeLessThan(page.indexOf("Neon Heartbeat"));
    const byAr = await ar.get("/admin/holds");
    expect(byAr.status).toBe(302);
    expect(locationOf(byAr)).toBe("/");
    const post = await ar.post("/admin/holds", { intent: "answer", holdId: (await requested("Neon Heartbeat")).id, decision: "grant" });
    expect(post.status).toBe(302);
    expect((await requested("Neon Heartbeat")).status).toBe("requested");
  });

  it("grants until the default end date (14 days), tells the A&R in the inbox, and refuses a second answer", async () => {
    const hold = await requested("Neon Heartbeat");
    const before = (await noticesOfAr()).length;
    const response = await admin.post("/admin/holds", { intent: "answer", holdId: hold.id, decision: "grant", until: "", responseNote: "Yours for the <i>session</i>" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin/holds");
    const [row] = await database.db.selectFrom("song_holds").selectAll().where("id", "=", hold.id).execute();
    expect(row).toMatchObject({ status: "granted", decided_by: ids[demoAccount("admin").email], response_note: "Yours for the session" });
    expect(new Date(row.expires_at!).toISOString()).toBe(`${defaultHoldUntil()}T23:59:59.999Z`);
    const notices = await noticesOfAr();
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]).toMatchObject({ subject: "Hold granted: Neon Heartbeat", link: "/ar/holds" });
    expect(notices[0].body).toContain("Yours for the session");

    const again = await admin.post("/admin/holds", { intent: "answer", holdId: hold.id, decision: "decline", responseNote: "No" });
    expect(again.status).toBe(409);
    expect(await html(again)).toContain(HOLD_TEXT.alreadyAnswered);
    expect((await database.db.selectFrom("song_holds").select("status").where("id", "=", hold.id).executeTakeFirstOrThrow()).status).toBe("granted");
    expect(await noticesOfAr()).toHaveLength(before + 1);
  });

  it("declines only with a note, and refuses bad dates and malformed or unknown ids", async () => {
    const hold = await requested("Velvet Static");
    const noNote = await admin.post("/admin/holds", { intent: "answer", holdId: hold.id, decision: "decline", responseNote: "  " });
    expect(noNote.status).toBe(400);
    expect(await html(noNote)).toContain(HOLD_TEXT.declineNeedsNote);
    const past = await admin.post("/admin/holds", { intent: "answer", holdId: hold.id, decision: "grant", until: "2020-01-01" });
    expect(past.status).toBe(400);
    expect(await html(past)).toContain(HOLD_TEXT.untilPast);
    const nonsense = await admin.post("/admin/holds", { intent: "answer", holdId: hold.id, decision: "grant", until: "2030-02-31" });
    expect(nonsense.status).toBe(400);
    const malformed = await admin.post("/admin/holds", { intent: "answer", holdId: "../../etc/passwd", decision: "grant" });
    expect(malformed.status).toBe(400);
    const unknown = await admin.post("/admin/holds", { intent: "answer", holdId: "00000000-0000-4000-8000-000000000000", decision: "grant" });
    expect(unknown.status).toBe(404);
    const badDecision = await admin.post("/admin/holds", { intent: "answer", holdId: hold.id, decision: "maybe" });
    expect(badDecision.status).toBe(400);
    expect((await requested("Velvet Static")).status).toBe("requested");

    const declined = await admin.post("/admin/holds", { intent: "answer", holdId: hold.id, decision: "decline", responseNote: "Placed elsewhere" });
    expect(declined.status).toBe(302);
    const row = await database.db.selectFrom("song_holds").selectAll().where("id", "=", hold.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "declined", response_note: "Placed elsewhere", expires_at: null });
    expect((await noticesOfAr())[0]).toMatchObject({ subject: "Hold declined: Velvet Static" });
  });

  it("keeps a song held for one A&R at a time", async () => {
    const id = await songId("Neon Heartbeat"); // granted to the demo A&R above
    expect((await otherAr.post("/ar/holds", { intent: "request", songId: id, note: "Me too" })).status).toBe(302);
    const theirs = (await holdsOf(ids[OTHER_AR.email], id))[0];
    const response = await admin.post("/admin/holds", { intent: "answer", holdId: theirs.id, decision: "grant" });
    expect(response.status).toBe(409);
    expect(await html(response)).toContain("already on hold for another A&R");
    expect((await holdsOf(ids[OTHER_AR.email], id))[0].status).toBe("requested");
  });
});

describe("who sees a hold on the song page", () => {
  it("shows it to that A&R and to admins, never to another A&R or a visitor", async () => {
    const id = await songId("Neon Heartbeat");
    const mine = await ar.get(`/song/${id}`);
    expect(mine.headers.get("cache-control")).toMatch(/private/);
    expect(mine.headers.get("cache-control")).toMatch(/no-store/);
    const minePage = await html(mine);
    expect(minePage).toContain(HOLD_TEXT.yourHold("granted"));
    expect(minePage).toContain("For Nova's single");

    const adminPage = await html(await admin.get(`/song/${id}`));
    expect(adminPage).toContain(HOLD_TEXT.adminHoldsHeading);
    expect(adminPage).toContain("Riley Reyes");
    expect(adminPage).toContain(OTHER_AR.displayName);

    // The other A&R sees their own request and nothing of the granted hold: not by whom, nor why,
    // nor that the song is held at all, nor until when (page and data).
    const granted = await database.db
      .selectFrom("song_holds")
      .select("expires_at")
      .where("song_id", "=", id)
      .where("ar_id", "=", ids[demoAccount("ar").email]!)
      .where("status", "=", "granted")
      .executeTakeFirstOrThrow();
    const until = new Date(granted.expires_at!);
    expect(minePage).toContain(holdDate(until));
    const otherPage = await html(await otherAr.get(`/song/${id}`));
    const otherData = await (await otherAr.get(`/song/${id}.data`)).text();
    expect(otherPage).toContain(HOLD_TEXT.yourHold("requested"));
    for (const seen of [otherPage, otherData]) {
      for (const text of ["Riley Reyes", "For Nova's single", "Yours for the session", holdDate(until), until.toISOString(), "another A&R", "On hold", "heldFor"]) {
        expect(seen, text).not.toContain(text);
      }
    }

    const visitorResponse = await visitor.get(`/song/${id}`);
    const visitorPage = await html(visitorResponse);
    expect(visitorResponse.status).toBe(200);
    for (const text of ["song-holds", "Riley Reyes", OTHER_AR.displayName, "For Nova's single", HOLD_TEXT.adminHoldsHeading, "Hold"]) {
      expect(visitorPage, text).not.toContain(text === "Hold" ? ">Your hold" : text);
    }
    // Nor in the page's data (single fetch).
    const data = await (await visitor.get(`/song/${id}.data`)).text();
    expect(data).not.toContain("Riley Reyes");
    expect(data).not.toContain("For Nova's single");
  });
});

describe("releasing and expiry", () => {
  it("lets the A&R release their granted hold, not someone else's, and not twice", async () => {
    const id = await songId("Neon Heartbeat");
    const mine = (await holdsOf(ids[demoAccount("ar").email], id)).find((hold) => hold.status === "granted")!;
    const byOther = await otherAr.post("/ar/holds", { intent: "release", holdId: mine.id });
    expect(byOther.status).toBe(404);
    expect(await html(byOther)).toContain(HOLD_TEXT.noSuchHold);
    const malformed = await ar.post("/ar/holds", { intent: "release", holdId: "1 or 1=1" });
    expect(malformed.status).toBe(400);
    const released = await ar.post("/ar/holds", { intent: "release", holdId: mine.id });
    expect(released.status).toBe(302);
    expect(locationOf(released)).toBe("/ar/holds");
    expect((await holdsOf(ids[demoAccount("ar").email], id))[0]).toMatchObject({ status: "released" });
    const twice = await ar.post("/ar/holds", { intent: "release", holdId: mine.id });
    expect(twice.status).toBe(409);
    expect(await html(twice)).toContain(HOLD_TEXT.alreadyClosed);
    // Released: the other A&R's request can now be granted.
    const theirs = (await holdsOf(ids[OTHER_AR.email], id))[0];
    expect((await admin.post("/admin/holds", { intent: "answer", holdId: theirs.id, decision: "grant", until: defaultHoldUntil() })).status).toBe(302);
  });

  it("lets the A&R withdraw a request nobody has answered yet", async () => {
    const id = await songId("Tidal");
    expect((await otherAr.post("/ar/holds", { intent: "request", songId: id })).status).toBe(302);
    const [request] = await holdsOf(ids[OTHER_AR.email], id);
    const withdrawn = await otherAr.post("/ar/holds", { intent: "release", holdId: request.id });
    expect(withdrawn.status).toBe(302);
    const [row] = await holdsOf(ids[OTHER_AR.email], id);
    expect(row).toMatchObject({ status: "released", decided_at: null });
    expect(row.released_at).not.toBeNull();
    // Withdrawn: an admin's late answer is refused, nothing changes.
    const late = await admin.post("/admin/holds", { intent: "answer", holdId: request.id, decision: "grant" });
    expect(late.status).toBe(409);
    expect((await holdsOf(ids[OTHER_AR.email], id))[0].status).toBe("released");
  });

  it("shows a granted hold past its end as expired, and lets the A&R ask again", async () => {
    const id = await songId("Golden Hour Drive");
    const arId = ids[demoAccount("ar").email];
    await database.db.updateTable("song_holds").set({ decided_at: new Date(Date.now() - 20 * 86_400_000), expires_at: new Date(Date.now() - 60_000) }).where("song_id", "=", id).where("ar_id", "=", arId).execute();
    const page = await html(await ar.get("/ar/holds"));
    expect(page).toMatch(/Golden Hour Drive[\s\S]*?Expired/);
    expect((await listAdminHolds(database.db, "expired")).holds.map((hold) => hold.songTitle)).toContain("Golden Hour Drive");
    expect((await listAdminHolds(database.db, "granted")).holds.map((hold) => hold.songTitle)).not.toContain("Golden Hour Drive");
    expect((await ar.post("/ar/holds", { intent: "request", songId: id, note: "Again please" })).status).toBe(302);
    const rows = await holdsOf(arId, id);
    expect(rows.map((row) => row.status)).toEqual(["expired", "requested"]);
  });
});

describe("the desk's summary", () => {
  it("counts the A&R's open holds on /ar/dashboard", async () => {
    const response = await ar.get("/ar/dashboard");
    expect(response.status).toBe(200);
    const page = await html(response);
    const holds = await listArHolds(database.db, ids[demoAccount("ar").email]);
    const requestedCount = holds.filter((hold) => hold.status === "requested").length;
    const grantedCount = holds.filter((hold) => hold.status === "granted").length;
    expect(page).toContain(HOLD_TEXT.summaryCounts(requestedCount, grantedCount));
    expect(page).toContain('aria-label="A&R desk"');
  });
});
