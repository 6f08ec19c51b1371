/**
 * /members/{userId} and /profile/{userId} through the real request handler
 * (issue 10): a public page for everyone, with the songs that credit the
 * member and safe links; a private page only for its owner and admins (with a
 * note), 404 for everyone else; no member page for applicants; 404 for
 * unknown and malformed ids; never the member's e-mail; the old address
 * redirecting with its parameter and query string.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccount } from "~/demo/accounts";
import { DEMO_MEMBERS, demoMemberEmail } from "~/demo/members-data";
import { seedDemoData } from "~/demo/seed.server";
import { getMemberPage, listCreditedSongs, safeLinks } from "~/members/members.server";
import { PROFILE_TEXT } from "~/members/members-text";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";

const PASSWORD = "member-profile-password";
let database: TestDatabase;
let app: AppHandler;
const ids: Record<string, string> = {};
const clients: Record<"anonymous" | "member" | "ar" | "admin" | "applicant" | "owner", TestClient> = {} as never;

const PRIVATE = DEMO_MEMBERS.find((m) => !m.public && m.role === "accepted_member")!;
const CO_WRITER = DEMO_MEMBERS.find((m) => m.creditName === "Ellie Hart")!;

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  const rows = await database.db.selectFrom("auth.users").select(["id", "email"]).execute();
  for (const row of rows) ids[row.email!] = row.id;
  app = await createAppHandler();
  clients.anonymous = new TestClient(app);
  for (const persona of ["member", "ar", "admin", "applicant"] as const) {
    clients[persona] = new TestClient(app);
    await clients[persona].signIn(demoAccount(persona).email, PASSWORD);
  }
  clients.owner = new TestClient(app);
  await clients.owner.signIn(demoMemberEmail(PRIVATE), PASSWORD);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const idOf = (email: string) => ids[email]!;

describe("a public profile", () => {
  it("shows the member to anyone: name, bio, skills, genres, location, links, member since; never the e-mail", async () => {
    const response = await clients.anonymous.get(`/members/${idOf(demoMemberEmail(CO_WRITER))}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1`);
    expect(html).toContain(CO_WRITER.displayName);
    expect(html).toContain(escapeHtml(CO_WRITER.bio));
    expect(html).toContain("Songwriter");
    expect(html).toContain("Topliner");
    expect(html).toContain(CO_WRITER.location);
    expect(html).toContain(PROFILE_TEXT.memberSince);
    for (const link of CO_WRITER.links) {
      expect(html).toMatch(new RegExp(`<a href="${link.url.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/?" rel="noopener noreferrer nofollow ugc"`));
    }
    expect(html).not.toContain(demoMemberEmail(CO_WRITER));
    expect(html).not.toMatch(/@demo\.hitfactory\.test/);
    expect(html).not.toContain(PROFILE_TEXT.privateAdmin);
  });

  it("lists the catalogue songs that credit the member, linked to their pages and playable, never archived ones", async () => {
    const memberId = idOf(demoMemberEmail(CO_WRITER));
    const credited = await database.db
      .selectFrom("songs as s")
      .innerJoin("song_credits as c", "c.song_id", "s.id")
      .select(["s.id", "s.title", "s.status"])
      .where("c.member_id", "=", memberId)
      .execute();
    const live = credited.filter((s) => s.status === "catalogue");
    const archived = credited.filter((s) => s.status === "archived");
    expect(live.length).toBeGreaterThan(3);
    // Ellie Hart co-wrote "Midnight Avenue (Demo)", which is archived.
    expect(archived.length).toBeGreaterThan(0);

    const songs = await listCreditedSongs(database.db, (await import("~/platform/storage/index.server")).storage(), memberId);
    expect(new Set(songs.map((s) => s.id))).toEqual(new Set(live.map((s) => s.id)));
    expect(songs.every((s) => s.audioUrl && s.memberRoles.length > 0)).toBe(true);

    const html = await (await clients.anonymous.get(`/members/${memberId}`)).text();
    for (const song of live) expect(html).toContain(`href="/song/${song.id}"`);
    for (const song of archived) {
      expect(html).not.toContain(`/song/${song.id}`);
      expect(html).not.toContain(escapeHtml(song.title));
    }
    // Each row has a play button (a link to the song page without JavaScript).
    expect(html.match(/data-testid="credited-songs"/g)).toHaveLength(1);
  });

  it("lists the demo member's own credits on her page", async () => {
    const html = await (await clients.anonymous.get(`/members/${idOf(demoAccount("member").email)}`)).text();
    expect(html).toContain("Midnight Avenue");
    expect(html).toContain("Slow Burn");
  });

  it("says so when nobody credits the member yet", async () => {
    const uncredited = DEMO_MEMBERS.find((m) => m.public && !m.creditName)!;
    const html = await (await clients.member.get(`/members/${idOf(demoMemberEmail(uncredited))}`)).text();
    expect(html).toContain(escapeHtml(PROFILE_TEXT.creditsEmpty(uncredited.displayName)));
  });
});

describe("a private profile", () => {
  const path = () => `/members/${idOf(demoMemberEmail(PRIVATE))}`;

  it("is 404 to anonymous visitors, members, A&R and applicants", async () => {
    for (const persona of ["anonymous", "member", "ar", "applicant"] as const) {
      const response = await clients[persona].get(path());
      expect(response.status, persona).toBe(404);
      const html = await response.text();
      expect(html, persona).not.toContain(escapeHtml(PRIVATE.bio));
    }
  });

  it("is shown to its owner and to admins, with a note that it is private and not indexed", async () => {
    const owner = await clients.owner.get(path());
    expect(owner.status).toBe(200);
    const ownerHtml = await owner.text();
    expect(ownerHtml).toContain(escapeHtml(PRIVATE.bio));
    expect(ownerHtml).toContain(escapeHtml(PROFILE_TEXT.privateOwner));
    expect(ownerHtml).toContain('<meta name="robots" content="noindex"/>');
    expect(ownerHtml).toContain('href="/profile"');

    const admin = await clients.admin.get(path());
    expect(admin.status).toBe(200);
    const adminHtml = await admin.text();
    expect(adminHtml).toContain(escapeHtml(PROFILE_TEXT.privateAdmin));
    expect(adminHtml).not.toContain(demoMemberEmail(PRIVATE));
  });

  it("is private the moment its owner unticks public, and public again when ticked", async () => {
    const ellie = idOf(demoMemberEmail(CO_WRITER));
    await database.db.updateTable("profiles").set({ public_profile: false }).where("user_id", "=", ellie).execute();
    try {
      expect((await clients.member.get(`/members/${ellie}`)).status).toBe(404);
    } finally {
      await database.db.updateTable("profiles").set({ public_profile: true }).where("user_id", "=", ellie).execute();
    }
    expect((await clients.member.get(`/members/${ellie}`)).status).toBe(200);
  });
});

describe("ids without a member page", () => {
  it("is 404 for an applicant, even to the applicant and to admins", async () => {
    const applicant = idOf(demoAccount("applicant").email);
    await database.db.updateTable("profiles").set({ public_profile: true }).where("user_id", "=", applicant).execute();
    try {
      for (const persona of ["anonymous", "applicant", "admin"] as const) {
        expect((await clients[persona].get(`/members/${applicant}`)).status, persona).toBe(404);
      }
    } finally {
      await database.db.updateTable("profiles").set({ public_profile: false }).where("user_id", "=", applicant).execute();
    }
  });

  it("is 404, never 500, for unknown, malformed and uuid-like garbage ids", async () => {
    for (const id of [
      "00000000-0000-4000-8000-000000000000",
      crypto.randomUUID(),
      "not-a-user-id",
      "00000000-0000-0000-0000-00000000000g",
      "00000000000000000000000000000000",
      "{00000000-0000-4000-8000-000000000000}",
      `${crypto.randomUUID()}x`,
      "x".repeat(2000),
      encodeURIComponent("'; drop table profiles; --"),
      "%E2%80%AE",
      "..%2F..%2Fadmin",
    ]) {
      const response = await clients.admin.get(`/members/${id}`);
      expect(response.status, id.slice(0, 60)).toBe(404);
    }
    expect(await getMemberPage(database.db, "", null)).toBeNull();
  });

  it("answers a POST to an unknown or private profile without revealing it exists", async () => {
    const unknown = await clients.member.post(`/members/${crypto.randomUUID()}`, {});
    const hidden = await clients.member.post(`/members/${idOf(demoMemberEmail(PRIVATE))}`, {});
    expect(unknown.status).toBe(hidden.status);
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
  });
});

describe("links on a profile", () => {
  it("keeps only http(s) links with a host, without credentials", () => {
    const links = safeLinks([
      { label: "Site", url: "https://example.com/a" },
      { label: "Plain", url: "http://example.org" },
      { label: "Script", url: "javascript:alert(1)" },
      { label: "Data", url: "data:text/html,<script>alert(1)</script>" },
      { label: "Vb", url: "  JAVASCRIPT:alert(1)" },
      { label: "Creds", url: "https://user:pass@example.com" },
      { label: "File", url: "file:///etc/passwd" },
      { label: "Relative", url: "/admin" },
      { label: 42, url: "https://example.net" },
      "https://not-an-object.example",
      null,
    ]);
    expect(links).toEqual([
      { label: "Site", url: "https://example.com/a" },
      { label: "Plain", url: "http://example.org/" },
      { label: "example.net", url: "https://example.net/" },
    ]);
    expect(safeLinks("not json")).toEqual([]);
    expect(safeLinks(JSON.stringify([{ label: "J", url: "https://j.example" }]))).toEqual([{ label: "J", url: "https://j.example/" }]);
    expect(safeLinks(Array.from({ length: 30 }, (_, i) => ({ label: `L${i}`, url: `https://e${i}.example` })))).toHaveLength(10);
  });

  it("never renders a stored javascript: link or markup in text as markup", async () => {
    const maya = idOf(demoAccount("member").email);
    const before = await database.db.selectFrom("profiles").select(["links", "bio"]).where("user_id", "=", maya).executeTakeFirstOrThrow();
    await database.db
      .updateTable("profiles")
      .set({
        links: JSON.stringify([{ label: "<img src=x onerror=alert(1)>", url: "javascript:alert(1)" }, { label: "<b>Site</b>", url: "https://maya.example" }]),
        bio: "<script>alert('bio')</script>",
      })
      .where("user_id", "=", maya)
      .execute();
    try {
      const html = await (await clients.anonymous.get(`/members/${maya}`)).text();
      expect(html).not.toContain("javascript:alert");
      expect(html).not.toContain("<script>alert('bio')");
      expect(html).not.toContain("<b>Site</b>");
      expect(html).toContain("&lt;b&gt;Site&lt;/b&gt;");
      expect(html).toContain('href="https://maya.example/"');
    } finally {
      await database.db.updateTable("profiles").set({ links: JSON.stringify(before.links), bio: before.bio }).where("user_id", "=", maya).execute();
    }
  });
});

describe("/profile/{userId}", () => {
  it("redirects to /members/{userId}, keeping the parameter and the query string, for anyone", async () => {
    const maya = idOf(demoAccount("member").email);
    for (const persona of ["anonymous", "member", "admin"] as const) {
      const response = await clients[persona].get(`/profile/${maya}?ref=share&utm_source=x`);
      expect(response.status, persona).toBe(302);
      expect(locationOf(response), persona).toBe(`/members/${maya}?ref=share&utm_source=x`);
    }
    expect(locationOf(await clients.anonymous.get(`/profile/${maya}`))).toBe(`/members/${maya}`);
  });

  it("passes an odd parameter on as one encoded path segment, and the target answers 404", async () => {
    const response = await clients.anonymous.get("/profile/not%20a%20uuid");
    expect(locationOf(response)).toBe("/members/not%20a%20uuid");
    expect((await clients.anonymous.get(locationOf(response)!)).status).toBe(404);
    // Never an open redirect: the target stays on this site.
    const slashes = await clients.anonymous.get("/profile/%2F%2Fevil.example");
    expect(locationOf(slashes)).toBe("/members/%2F%2Fevil.example");
  });
});
