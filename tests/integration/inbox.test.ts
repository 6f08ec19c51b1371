/**
 * The inbox and getting in touch, against a real seeded database and the real
 * request handler (forms posted as a browser without JavaScript would):
 * delivering, listing, opening, marking and deleting notices; isolation between
 * people (another person's notice id: 404, nothing changed); the header's
 * unread count; and the contact form on /members/{userId}: who may send, to
 * whom, sanitising and limits, rate limits (429 + Retry-After), a double
 * submit delivered once, the e-mail notice through the messages port (the
 * local adapter's outbox file), and no e-mail address crossing over.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { seedDemoData } from "~/demo/seed.server";
import { demoAccount } from "~/demo/accounts";
import {
  deleteNotice,
  deliverNotice,
  getNotice,
  headerUnreadCount,
  isAppPath,
  listNotices,
  markAllRead,
  markRead,
  markUnread,
  openNotice,
  unreadCount,
} from "~/inbox/inbox.server";
import { CONTACT_RATE_LIMITS, contactFormProps } from "~/inbox/contact.server";
import { CONTACT_TEXT, INBOX_TEXT } from "~/inbox/inbox-text";
import { recordHit } from "~/platform/rate-limit.server";
import type { Runtime } from "~/platform/runtime.server";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { createAppHandler, locationOf, TestClient, type AppHandler, TEST_ORIGIN } from "../support/app-handler";
import { readOutbox } from "../support/messages";

const PASSWORD = "inbox-test-password";
let database: TestDatabase;
let runtime: Runtime;
let app: AppHandler;
const ids = { member: "", newmember: "", ar: "", admin: "", applicant: "" };
const clients = {} as Record<keyof typeof ids | "visitor", TestClient>;

const EMAIL = {
  member: demoAccount("member").email,
  newmember: demoAccount("newmember").email,
  ar: demoAccount("ar").email,
  admin: demoAccount("admin").email,
  applicant: demoAccount("applicant").email,
};

/** Text as React writes it into HTML. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

/** "member@demo..." but not inside "newmember@demo...". */
const mentions = (html: string, email: string) => new RegExp(`(?<![A-Za-z0-9._%+-])${email.replace(/[.+]/g, "\\$&")}`, "i").test(html);

beforeAll(async () => {
  database = await createTestDatabase();
  // Links in e-mails come from the configured address, never from the request's Host.
  runtime = useTestRuntime(database, { PUBLIC_ORIGIN: "https://hitfactory.example" });
  await seedDemoData(database.db, { password: PASSWORD });
  for (const key of Object.keys(ids) as (keyof typeof ids)[]) {
    ids[key] = (await database.db.selectFrom("auth.users").select("id").where("email", "=", EMAIL[key]).executeTakeFirstOrThrow()).id;
  }
  app = await createAppHandler();
  clients.visitor = new TestClient(app);
  for (const key of Object.keys(ids) as (keyof typeof ids)[]) {
    clients[key] = new TestClient(app);
    await clients[key].signIn(EMAIL[key], PASSWORD);
  }
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const clearInboxes = () => database.db.deleteFrom("notices").execute();
const clearLimits = () => database.db.deleteFrom("rate_limits").execute();

function notice(recipientId: string, n: number, extra: Partial<Parameters<typeof deliverNotice>[1]> = {}) {
  return deliverNotice(database.db, { recipientId, kind: "system", subject: `Notice ${n}`, body: `Body of notice ${n}`, ...extra });
}

const noticeRow = (id: string) => database.db.selectFrom("notices").selectAll().where("id", "=", id).executeTakeFirst();

describe("demo inbox (seeded)", () => {
  it("the demo member has messages from members (one unread) and a notice from the team, no e-mail in any", async () => {
    const { notices, unread, total } = await listNotices(database.db, ids.member);
    expect({ unread, total }).toEqual({ unread: 1, total: 3 });
    expect(notices.map((n) => [n.kind, n.senderName, n.read])).toEqual([
      ["contact", "Riley Reyes", false],
      ["contact", "Noah Kim", true],
      ["system", null, true],
    ]);
    expect(notices[0]!.link).toBe(`/members/${ids.ar}`);
    for (const n of notices) expect(`${n.subject} ${n.body}`).not.toMatch(/@/);
  });
});

describe("notices (app/inbox/inbox.server.ts)", () => {
  beforeEach(clearInboxes);

  it("delivers, lists newest first with pages, and counts unread", async () => {
    for (let i = 1; i <= 5; i++) {
      await notice(ids.member, i);
      // Distinct times, so "newest first" is observable.
      await sql`select pg_sleep(0.002)`.execute(database.db);
    }
    expect(await unreadCount(database.db, ids.member)).toBe(5);
    const first = await listNotices(database.db, ids.member, { page: 1, pageSize: 2 });
    expect(first.notices.map((n) => n.subject)).toEqual(["Notice 5", "Notice 4"]);
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 5, unread: 5 });
    const last = await listNotices(database.db, ids.member, { page: 3, pageSize: 2 });
    expect(last.notices.map((n) => n.subject)).toEqual(["Notice 1"]);
    // A page past the end is the last page, not an empty one.
    expect((await listNotices(database.db, ids.member, { page: 99, pageSize: 2 })).page).toBe(3);
    expect(first.notices[0]).toMatchObject({ kind: "system", read: false, senderId: null, senderName: null, link: null });
  });

  it("opens (marks read once), marks unread, marks all read and deletes: the viewer's own rows only", async () => {
    const mine = await notice(ids.member, 1);
    const mine2 = await notice(ids.member, 2);
    const theirs = await notice(ids.newmember, 3);

    // Another person's id finds nothing and changes nothing.
    expect(await openNotice(database.db, ids.member, theirs.id)).toBeNull();
    expect(await getNotice(database.db, ids.member, theirs.id)).toBeNull();
    expect(await markRead(database.db, ids.member, theirs.id)).toBe(false);
    expect(await deleteNotice(database.db, ids.member, theirs.id)).toBe(false);
    expect((await noticeRow(theirs.id))?.read_at).toBeNull();

    const opened = await openNotice(database.db, ids.member, mine.id, new Date("2026-11-25T10:00:00Z"));
    expect(opened).toMatchObject({ id: mine.id, read: true, subject: "Notice 1" });
    // Opening again keeps the first reading time.
    await openNotice(database.db, ids.member, mine.id, new Date("2026-11-26T10:00:00Z"));
    expect(new Date((await noticeRow(mine.id))!.read_at!).toISOString()).toBe("2026-11-25T10:00:00.000Z");
    expect(await unreadCount(database.db, ids.member)).toBe(1);

    expect(await markUnread(database.db, ids.member, mine.id)).toBe(true);
    expect(await markUnread(database.db, ids.member, theirs.id)).toBe(false);
    expect(await unreadCount(database.db, ids.member)).toBe(2);

    await markRead(database.db, ids.newmember, theirs.id);
    await markUnread(database.db, ids.newmember, theirs.id);
    expect(await markAllRead(database.db, ids.member)).toBe(2);
    expect(await unreadCount(database.db, ids.member)).toBe(0);
    // Someone else's unread notice is untouched.
    expect(await unreadCount(database.db, ids.newmember)).toBe(1);

    expect(await deleteNotice(database.db, ids.member, mine2.id)).toBe(true);
    expect(await noticeRow(mine2.id)).toBeUndefined();
    expect(await noticeRow(theirs.id)).toBeDefined();
  });

  it("malformed ids are nobody's notices", async () => {
    expect(await unreadCount(database.db, "not-a-uuid")).toBe(0);
    expect(await getNotice(database.db, ids.member, "1 or 1=1")).toBeNull();
    expect(await markRead(database.db, ids.member, "'; delete from notices; --")).toBe(false);
    expect(await headerUnreadCount(database.db, null)).toBeNull();
    await notice(ids.member, 1);
    expect(await headerUnreadCount(database.db, { id: ids.member })).toBe(1);
  });

  it("sanitises text (SPEC §5) and accepts links inside the app only", async () => {
    const { id } = await notice(ids.member, 1, { subject: "<b>Offer</b> <script>x()</script>", body: "Open <a href='javascript:alert(1)'>this</a> javascript:alert(1)" });
    const row = await noticeRow(id);
    expect(row).toMatchObject({ subject: "Offer x()", body: "Open this alert(1)" });

    for (const good of ["/", "/inbox", "/members/0b6e2a4e-0000-4000-8000-000000000000", "/music-catalog?genre=pop#top"]) expect(isAppPath(good)).toBe(true);
    for (const bad of ["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "inbox", "/a b", "/a\nb", "", null, "/" + "a".repeat(600)]) {
      expect(isAppPath(bad)).toBe(false);
    }
    await expect(notice(ids.member, 2, { link: "//evil.example/path" })).rejects.toThrow(/path inside the app/);
    await expect(notice(ids.member, 3, { link: "https://evil.example" })).rejects.toThrow(/path inside the app/);
    await expect(notice("not-a-user", 4)).rejects.toThrow();
    await expect(notice(ids.member, 5, { subject: "<b></b>" })).rejects.toThrow(/subject and a body/);
    // The database holds the same line for writers that skip deliverNotice.
    await expect(
      database.db.insertInto("notices").values({ recipient_id: ids.member, kind: "system", subject: "x", body: "y", link: "//evil.example" }).execute(),
    ).rejects.toThrow();
    await expect(
      database.db.insertInto("notices").values({ recipient_id: ids.member, kind: "system", subject: "x", body: "y", link: "/\\evil.example" }).execute(),
    ).rejects.toThrow();
    await database.db.insertInto("notices").values({ recipient_id: ids.member, kind: "system", subject: "x", body: "y", link: "/inbox?id=1" }).execute();
  });

  it("a repeat within the dedupe window is one notice, also when the copies arrive together", async () => {
    const base = { recipientId: ids.newmember, senderId: ids.member, senderName: "Maya Brooks", kind: "contact" as const, subject: "Hi", body: "Same words" };
    const dedupe = { key: "k".repeat(64), windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 5 }, () => deliverNotice(database.db, { ...base, dedupe })));
    expect(results.filter((r) => r.delivered)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await unreadCount(database.db, ids.newmember)).toBe(1);
    // Once the window has passed, the same words are a new message.
    await database.db.updateTable("notices").set({ created_at: new Date(Date.now() - 120_000) }).execute();
    expect((await deliverNotice(database.db, { ...base, dedupe })).delivered).toBe(true);
    expect(await unreadCount(database.db, ids.newmember)).toBe(2);
  });

  it("goes with its recipient's account; the sender's name stays when the sender's account goes", async () => {
    const gone = await database.db.insertInto("auth.users").values({ email: "gone@example.test" }).returning("id").executeTakeFirstOrThrow();
    const sender = await database.db.insertInto("auth.users").values({ email: "sender@example.test" }).returning("id").executeTakeFirstOrThrow();
    const toGone = await notice(gone.id, 1);
    const fromSender = await notice(ids.member, 2, { senderId: sender.id, senderName: "Sam Sender", kind: "contact" });
    await database.db.deleteFrom("auth.users").where("id", "in", [gone.id, sender.id]).execute();
    expect(await noticeRow(toGone.id)).toBeUndefined();
    expect(await noticeRow(fromSender.id)).toMatchObject({ sender_id: null, sender_name: "Sam Sender" });
  });

  it("the header's count and the inbox page use the indexes", async () => {
    await sql`set enable_seqscan = off`.execute(database.db);
    try {
      const count = await sql<{ "QUERY PLAN": string }>`explain select count(*) from notices where recipient_id = ${ids.member} and read_at is null`.execute(database.db);
      expect(count.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("notices_recipient_unread_idx");
      const page = await sql<{ "QUERY PLAN": string }>`explain select * from notices where recipient_id = ${ids.member} order by created_at desc, id desc limit 20`.execute(database.db);
      expect(page.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("notices_recipient_created_idx");
    } finally {
      await sql`reset enable_seqscan`.execute(database.db);
    }
  });
});

describe("/inbox", () => {
  beforeEach(clearInboxes);

  it("sends visitors to sign in", async () => {
    const response = await clients.visitor.get("/inbox");
    expect(locationOf(response)).toBe("/auth?redirect=%2Finbox");
  });

  it("says what will arrive when empty, and the header has no count", async () => {
    const response = await clients.member.get("/inbox");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(INBOX_TEXT.emptyTitle);
    expect(html).toContain("camp invitations will arrive here too");
    expect(html).not.toContain("unread\"");
    expect(html).toContain('aria-label="Menu"');
  });

  it("lists, shows the unread count in the header (also on the phone menu), and opens a message without JavaScript", async () => {
    const a = await notice(ids.member, 1, { subject: "First <i>hello</i>", body: "Line one\nLine two" });
    // Written a minute earlier than the next two: inserts in one millisecond would tie on created_at.
    await database.db.updateTable("notices").set({ created_at: new Date(Date.now() - 60_000) }).where("id", "=", a.id).execute();
    await notice(ids.member, 2);
    await notice(ids.member, 3);
    await notice(ids.newmember, 4, { subject: "Not for Maya" });

    const home = await (await clients.member.get("/music-catalog")).text();
    // The link reads "Inbox, 3 unread"; the phone menu's button says so too.
    expect(home).toMatch(/<a [^>]*(href="\/inbox"[^>]*aria-label="Inbox, 3 unread"|aria-label="Inbox, 3 unread"[^>]*href="\/inbox")/);
    expect(home).toMatch(/>Inbox<span[^>]*aria-hidden="true"[^>]*>3<\/span>/);
    expect(home).toContain('aria-label="Menu, 3 unread"');
    // Visitors get no count.
    const visitorHome = await (await clients.visitor.get("/music-catalog")).text();
    expect(visitorHome).not.toContain("unread");

    const list = await (await clients.member.get("/inbox")).text();
    expect(list).toContain("Notice 3");
    expect(list).toContain("First hello");
    expect(list).not.toContain("Not for Maya");
    expect(list.indexOf("Notice 3")).toBeLessThan(list.indexOf("First hello"));
    expect(list).toContain(INBOX_TEXT.unreadSummary(3));

    const opened = await clients.member.get(`/inbox?id=${a.id}`);
    expect(opened.status).toBe(200);
    const html = await opened.text();
    expect(html).toContain("Line one\nLine two");
    expect(html).toContain('id="message-title"');
    // Counted after opening, on the page that opened it.
    expect(html).toContain('aria-label="Inbox, 2 unread"');
    expect((await noticeRow(a.id))?.read_at).not.toBeNull();
  });

  it("someone else's or an unknown notice id is 404 and changes nothing, by URL or by form", async () => {
    const theirs = await notice(ids.newmember, 1);
    expect((await clients.member.get(`/inbox?id=${theirs.id}`)).status).toBe(404);
    expect((await clients.member.get("/inbox?id=00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await clients.member.get("/inbox?id=%3Cscript%3E")).status).toBe(404);
    for (const intent of ["read", "unread", "delete"]) {
      const response = await clients.member.post("/inbox", { intent, id: theirs.id });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain(INBOX_TEXT.notYours);
    }
    expect(await noticeRow(theirs.id)).toMatchObject({ read_at: null });
    // A malformed id is a bad form.
    expect((await clients.member.post("/inbox", { intent: "delete", id: "x' or '1'='1" })).status).toBe(400);
    // Marking all read touches only the poster's own.
    expect((await clients.member.post("/inbox", { intent: "read-all" })).status).toBe(302);
    expect(await noticeRow(theirs.id)).toMatchObject({ read_at: null });
  });

  it("marks read, unread, all read and deletes with redirects and toasts", async () => {
    const a = await notice(ids.member, 1);
    const b = await notice(ids.member, 2);
    const c = await notice(ids.member, 3);

    let response = await clients.member.post("/inbox", { intent: "read", id: a.id });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/inbox");
    expect(await (await clients.member.get("/inbox")).text()).toContain(INBOX_TEXT.markedRead);
    expect(await unreadCount(database.db, ids.member)).toBe(2);

    response = await clients.member.post("/inbox", { intent: "unread", id: a.id, page: "2" });
    expect(locationOf(response)).toBe("/inbox?page=2");
    expect(await unreadCount(database.db, ids.member)).toBe(3);

    response = await clients.member.post("/inbox", { intent: "read-all" });
    expect(response.status).toBe(302);
    expect(await (await clients.member.get("/inbox")).text()).toContain(INBOX_TEXT.allRead(3));
    expect(await unreadCount(database.db, ids.member)).toBe(0);

    response = await clients.member.post("/inbox", { intent: "delete", id: b.id });
    expect(response.status).toBe(302);
    const after = await (await clients.member.get("/inbox")).text();
    expect(after).toContain(INBOX_TEXT.deleted);
    expect(after).not.toContain("Notice 2");
    expect(await noticeRow(b.id)).toBeUndefined();
    expect(await noticeRow(c.id)).toBeDefined();
  });

  it("pages through many notices", async () => {
    for (let i = 1; i <= 23; i++) await notice(ids.member, i);
    const first = await (await clients.member.get("/inbox")).text();
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain('href="/inbox?page=2"');
    const second = await (await clients.member.get("/inbox?page=2")).text();
    expect(second).toContain("Page 2 of 2");
    expect((await clients.member.get("/inbox?page=-4")).status).toBe(200);
  });
});

describe("getting in touch (/members/{userId}, intent contact)", () => {
  beforeEach(async () => {
    await clearInboxes();
    await clearLimits();
  });

  const valid = { intent: "contact", subject: "Co-write in March?", message: "Loved your topline on the demo. Fancy a session?" };
  const memberPage = (id: string) => `/members/${id}`;
  const outboxTo = (email: string) => readOutbox(runtime.env.dataDir).filter((m) => m.recipient === email);

  it("delivers to the inbox and by e-mail, says who wrote and how to answer, and shows no e-mail address either way", async () => {
    const before = outboxTo(EMAIL.newmember).length;
    const response = await clients.member.post(memberPage(ids.newmember), valid);
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(memberPage(ids.newmember));
    const back = await (await clients.member.get(memberPage(ids.newmember))).text();
    expect(back).toContain(CONTACT_TEXT.sent);
    // The sender never sees the recipient's address.
    expect(mentions(back, EMAIL.newmember)).toBe(false);

    const { notices } = await listNotices(database.db, ids.newmember);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: "contact",
      subject: valid.subject,
      body: valid.message,
      senderId: ids.member,
      senderName: "Maya Brooks",
      link: `/members/${ids.member}`,
      read: false,
    });

    const mails = outboxTo(EMAIL.newmember);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail).toMatchObject({ channel: "email", subject: "Maya Brooks got in touch through The Hit Factory" });
    expect(mail.body).toContain(valid.message);
    expect(mail.body).toContain(`https://hitfactory.example/inbox?id=${notices[0]!.id}`);
    expect(mail.body).toContain(`https://hitfactory.example/members/${ids.member}`);
    // The request's own origin (which a sender can choose with the Host header) is never linked.
    expect(mail.body).not.toContain(new URL(TEST_ORIGIN).host);
    expect(mentions(mail.body, EMAIL.member)).toBe(false);
    // Nothing went to the sender.
    expect(outboxTo(EMAIL.member)).toHaveLength(0);

    // The recipient reads it: the sender's name and profile, how to answer, never the sender's address.
    const header = await (await clients.newmember.get("/music-catalog")).text();
    expect(header).toContain('aria-label="Inbox, 1 unread"');
    const read = await (await clients.newmember.get(`/inbox?id=${notices[0]!.id}`)).text();
    expect(read).toContain("From Maya Brooks");
    expect(read).toContain(`href="/members/${ids.member}"`);
    expect(read).toContain("To answer, open Maya Brooks&#x27;s profile");
    expect(mentions(read, EMAIL.member)).toBe(false);
  });

  it("a sender with a private profile is named only, and the notice says they cannot be answered here", async () => {
    await database.db.updateTable("profiles").set({ public_profile: false }).where("user_id", "=", ids.ar).execute();
    try {
      expect((await clients.ar.post(memberPage(ids.newmember), valid)).status).toBe(302);
      const [received] = (await listNotices(database.db, ids.newmember)).notices;
      expect(received).toMatchObject({ senderName: "Riley Reyes", link: null });
      const read = await (await clients.newmember.get(`/inbox?id=${received!.id}`)).text();
      expect(read).toContain(html(INBOX_TEXT.replyPrivate("Riley Reyes")));
      expect(read).not.toContain(`href="/members/${ids.ar}"`);
    } finally {
      await database.db.updateTable("profiles").set({ public_profile: true }).where("user_id", "=", ids.ar).execute();
    }
  });

  it("sends visitors to sign in and back, refuses applicants, and nothing is delivered", async () => {
    const visitor = await clients.visitor.post(memberPage(ids.newmember), valid);
    expect(visitor.status).toBe(302);
    expect(locationOf(visitor)).toBe(`/auth?${new URLSearchParams({ redirect: memberPage(ids.newmember) })}`);

    const applicant = await clients.applicant.post(memberPage(ids.newmember), valid);
    expect(applicant.status).toBe(403);
    const refusal = await applicant.text();
    // The page shows an applicant the sentence in place of the form; the refusal rides in the action's data.
    expect(refusal).toContain(html(CONTACT_TEXT.applicant("Noah Kim")));
    expect(refusal).toContain(CONTACT_TEXT.applicantRefused.replace(/&/g, "\\u0026"));

    expect(await unreadCount(database.db, ids.newmember)).toBe(0);
  });

  it("refuses unknown, private and applicant recipients (404) and oneself (400)", async () => {
    const privateUser = await database.db.insertInto("auth.users").values({ email: "private@example.test" }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("profiles").values({ user_id: privateUser.id, role: "accepted_member", display_name: "Pat Private", public_profile: false }).execute();
    for (const id of [privateUser.id, ids.applicant, "00000000-0000-4000-8000-000000000000", "not-a-user-id"]) {
      const response = await clients.member.post(memberPage(id), valid);
      expect(response.status, id).toBe(404);
    }
    // Admins see private pages, but a private profile is not open to messages.
    expect((await clients.admin.post(memberPage(privateUser.id), valid)).status).toBe(404);
    const self = await clients.member.post(memberPage(ids.member), valid);
    expect(self.status).toBe(400);
    expect(await self.text()).toContain(CONTACT_TEXT.self);
    expect(await database.db.selectFrom("notices").select("id").execute()).toEqual([]);
    expect(readOutbox(runtime.env.dataDir).filter((m) => m.recipient === "private@example.test")).toEqual([]);
  });

  it("checks lengths with SPEC's message and sanitises what it delivers", async () => {
    const tooLong = await clients.member.post(memberPage(ids.newmember), { intent: "contact", subject: "S".repeat(121), message: "M".repeat(1001) });
    expect(tooLong.status).toBe(400);
    const html = await tooLong.text();
    expect(html).toContain("Subject must be no more than 120 characters");
    expect(html).toContain("Message must be no more than 1000 characters");

    const onlyMarkup = await clients.member.post(memberPage(ids.newmember), { intent: "contact", subject: "<b></b>", message: "" });
    expect(onlyMarkup.status).toBe(400);
    const errors = await onlyMarkup.text();
    expect(errors).toContain("Subject is required");
    expect(errors).toContain("Message is required");

    // A field sent twice, or a NUL byte, is a bad form, not a message.
    expect((await clients.member.post(memberPage(ids.newmember), { ...valid, subject: ["One", "Two"] })).status).toBe(400);
    expect((await clients.member.post(memberPage(ids.newmember), { ...valid, message: "Hi\u0000there" })).status).toBe(400);
    expect(await unreadCount(database.db, ids.newmember)).toBe(0);

    const response = await clients.member.post(memberPage(ids.newmember), {
      intent: "contact",
      subject: "<img src=x onerror=alert(1)>Hello\tthere\u0007",
      message: "<script>alert(1)</script>Hi <b>Noah</b>,\r\nclick javascript:alert(1)\u0001",
    });
    expect(response.status).toBe(302);
    const [stored] = (await listNotices(database.db, ids.newmember)).notices;
    expect(stored).toMatchObject({ subject: "Hello there", body: "alert(1)Hi Noah,\nclick alert(1)" });
    const page = await (await clients.newmember.get(`/inbox?id=${stored!.id}`)).text();
    expect(page).not.toMatch(/<img src=x|<script>alert/);
    expect(await unreadCount(database.db, ids.newmember)).toBe(0);
  });

  it("delivers a double submit once (and one e-mail), even when both posts arrive together", async () => {
    const before = outboxTo(EMAIL.newmember).length;
    const [first, second] = await Promise.all([
      clients.member.post(memberPage(ids.newmember), valid),
      clients.member.post(memberPage(ids.newmember), valid),
    ]);
    expect([first.status, second.status]).toEqual([302, 302]);
    const third = await clients.member.post(memberPage(ids.newmember), valid);
    expect(third.status).toBe(302);
    expect(await unreadCount(database.db, ids.newmember)).toBe(1);
    expect(outboxTo(EMAIL.newmember)).toHaveLength(before + 1);
    // Different words are a new message.
    expect((await clients.member.post(memberPage(ids.newmember), { ...valid, message: "And another thing." })).status).toBe(302);
    expect(await unreadCount(database.db, ids.newmember)).toBe(2);
  });

  it("limits a sender to 5 an hour with 429 and Retry-After, without delivering the sixth", async () => {
    for (let i = 1; i <= 5; i++) {
      const ok = await clients.ar.post(memberPage(ids.member), { ...valid, message: `Message number ${i}` });
      expect(ok.status, `message ${i}`).toBe(302);
    }
    const refused = await clients.ar.post(memberPage(ids.member), { ...valid, message: "Message number 6" });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await refused.text()).toContain(CONTACT_TEXT.hourly);
    expect(await unreadCount(database.db, ids.member)).toBe(5);
    // Another sender is not held back by it.
    expect((await clients.newmember.post(memberPage(ids.member), valid)).status).toBe(302);
  });

  it("tells the member page what to show whom (contactFormProps)", async () => {
    const viewer = (key: keyof typeof ids, role: "accepted_member" | "accepted_ar" | "admin" | null) => ({
      id: ids[key],
      email: EMAIL[key],
      displayName: key,
      role,
      isAdmin: role === "admin",
    });
    expect(await contactFormProps(database.db, null, ids.member)).toMatchObject({
      viewerCanContact: false,
      signedIn: false,
      signInHref: `/auth?${new URLSearchParams({ redirect: `/members/${ids.member}` })}`,
    });
    expect(await contactFormProps(database.db, viewer("applicant", null), ids.member)).toMatchObject({ viewerCanContact: false, signedIn: true });
    expect(await contactFormProps(database.db, viewer("newmember", "accepted_member"), ids.member)).toMatchObject({
      viewerCanContact: true,
      senderProfilePublic: true,
      recipientPrivate: false,
    });
    expect(await contactFormProps(database.db, viewer("member", "accepted_member"), ids.member)).toMatchObject({ viewerCanContact: false });
    await database.db.updateTable("profiles").set({ public_profile: false }).where("user_id", "=", ids.newmember).execute();
    try {
      expect(await contactFormProps(database.db, viewer("admin", "admin"), ids.newmember)).toMatchObject({ viewerCanContact: false, recipientPrivate: true });
      expect(await contactFormProps(database.db, viewer("newmember", "accepted_member"), ids.member)).toMatchObject({
        viewerCanContact: true,
        senderProfilePublic: false,
      });
    } finally {
      await database.db.updateTable("profiles").set({ public_profile: true }).where("user_id", "=", ids.newmember).execute();
    }
  });

  it("limits a sender to 20 a day with 429 and Retry-After", async () => {
    for (let i = 0; i < CONTACT_RATE_LIMITS.perDay.limit; i++) await recordHit(database.db, CONTACT_RATE_LIMITS.perDay, ids.admin);
    const refused = await clients.admin.post(memberPage(ids.member), valid);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3600);
    expect(await refused.text()).toContain(CONTACT_TEXT.daily);
    expect(await unreadCount(database.db, ids.member)).toBe(0);
  });
});
