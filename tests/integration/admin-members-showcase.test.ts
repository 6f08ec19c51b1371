/**
 * /admin/members, /admin/members/{userId} and /admin/showcase through the
 * real request handler on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), as browsers post their forms without JavaScript (ADR
 * 0081): every action, its audit entry in the same transaction, the attacks
 * (a member posting, unknown and malformed ids, another member's track,
 * positions sent twice, a thousand positions, an admin's membership), and
 * the visibility rules of a hidden track (public profile, landing page,
 * showcase audio URL).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAdminMembers, parseMembersQuery } from "~/admin/members.server";
import { LANDING_TRACKS_MAX, MEMBER_TEXT } from "~/admin/members-showcase-text";
import { createLocalUser } from "~/auth/users.server";
import { seedDemoData } from "~/demo/seed.server";
import { demoAccount } from "~/demo/accounts";
import { storage } from "~/platform/storage/index.server";
import { loader as landingLoader } from "~/routes/home/landing";
import { addShowcaseTrack } from "~/showcase/showcase.server";
import { listLandingShowcase } from "~/landing/landing-showcase.server";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";
import { wavFile } from "../support/audio-files";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

const PASSWORD = "curation-test-password";
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
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

let counter = 0;
/** A new signed-in member of its own (public unless said), optionally with showcase tracks. */
async function newMember(options: { publicProfile?: boolean; tracks?: number; name?: string } = {}) {
  const n = ++counter;
  const email = `curation-${n}-${Date.now()}@example.test`;
  const name = options.name ?? `Curation Tester ${n}`;
  const user = await createLocalUser(database.db, { email, password: PASSWORD, displayName: name, role: "accepted_member", confirmed: true });
  await database.db
    .insertInto("profiles")
    .values({ user_id: user.id, role: "accepted_member", display_name: name, public_profile: options.publicProfile ?? true, onboarding_completed: true, links: "[]" })
    .execute();
  const tracks: string[] = [];
  for (let i = 0; i < (options.tracks ?? 0); i++) {
    const track = await addShowcaseTrack({ db: database.db, storage: storage(), userId: user.id, title: `${name} Track ${i + 1}`, audio: wavFile({ seconds: 1 }) });
    tracks.push(track.id);
  }
  return { id: user.id, email, name, tracks };
}

async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.signIn(email, PASSWORD);
  return client;
}

const profileOf = (userId: string) =>
  database.db.selectFrom("profiles").select(["role", "featured_at", "public_profile", "is_admin"]).where("user_id", "=", userId).executeTakeFirstOrThrow();

const auditFor = (targetId: string) =>
  database.db.selectFrom("admin_audit_log").select(["action", "actor_id", "target_type", "target_label", "before", "after"]).where("target_id", "=", targetId).orderBy("id").execute();

const auditCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from admin_audit_log`.execute(database.db)).rows[0]!.n);

/** The landing page's order as stored: [id, position] for every track with a position. */
const landingRows = () =>
  database.db.selectFrom("showcase_tracks").select(["id", "landing_position"]).where("landing_position", "is not", null).orderBy("landing_position").execute();

const landing = async () =>
  (await landingLoader({ request: new Request("http://localhost/"), params: {}, context: {} })) as unknown as {
    showcase: { id: string; title: string; memberName: string; url: string }[];
  };

const memberPath = (id: string) => `/admin/members/${id}`;

describe("demo data", () => {
  it("puts four showcase tracks on the landing page (the demo member's first) and features one member", async () => {
    const rows = await landingRows();
    expect(rows.map((row) => Number(row.landing_position))).toEqual([1, 2, 3, 4]);
    const first = await database.db.selectFrom("showcase_tracks").select("user_id").where("id", "=", rows[0]!.id).executeTakeFirstOrThrow();
    expect(first.user_id).toBe(ids.member);
    const featured = await database.db.selectFrom("profiles").select("display_name").where("featured_at", "is not", null).execute();
    expect(featured.map((row) => row.display_name)).toEqual(["Kai Tanaka"]);
    // The landing page plays them, in that order, each with a signed URL.
    const { showcase } = await landing();
    expect(showcase.map((track) => track.id)).toEqual(rows.map((row) => row.id));
    expect(showcase.every((track) => track.url.startsWith("/storage/v1/object/sign/audio/"))).toBe(true);
    const html = await (await clients.anonymous!.get("/")).text();
    expect(html).toContain('data-testid="landing-showcase"');
    for (const track of showcase) expect(html).toContain(track.title);
  });
});

describe("/admin/members", () => {
  it("lists members, A&R and admins with counts; searches name and e-mail (LIKE characters are plain); filters by role", async () => {
    const all = await listAdminMembers(database.db, parseMembersQuery(new URLSearchParams()));
    expect(all.counts.all).toBeGreaterThan(30);
    expect(all.counts.admin).toBeGreaterThanOrEqual(1);
    expect(all.counts.featured).toBe(1);
    expect(all.counts.all).toBe(all.total);
    // Applicants are not members.
    expect(all.rows.some((row) => row.userId === ids.applicant)).toBe(false);

    const ar = await listAdminMembers(database.db, parseMembersQuery(new URLSearchParams("role=ar")));
    expect(ar.rows.every((row) => row.role === "accepted_ar" && !row.isAdmin)).toBe(true);
    expect(ar.rows.some((row) => row.userId === ids.ar)).toBe(true);
    const admins = await listAdminMembers(database.db, parseMembersQuery(new URLSearchParams("role=admin")));
    expect(admins.rows.map((row) => row.userId)).toContain(ids.admin);
    const featured = await listAdminMembers(database.db, parseMembersQuery(new URLSearchParams("role=featured")));
    expect(featured.rows.map((row) => row.displayName)).toEqual(["Kai Tanaka"]);

    const byEmail = await listAdminMembers(database.db, parseMembersQuery(new URLSearchParams("q=MEMBER@demo.hitfactory")));
    // member@ and newmember@ both contain it; the A&R's address does not.
    expect(byEmail.rows.map((row) => row.userId)).toContain(ids.member);
    expect(byEmail.rows.map((row) => row.userId)).not.toContain(ids.ar);
    expect(byEmail.total).toBe(2);
    const byName = await listAdminMembers(database.db, parseMembersQuery(new URLSearchParams("q=maya")));
    expect(byName.rows.map((row) => row.displayName)).toContain("Maya Brooks");
    for (const wildcard of ["%", "_", "\\", "%%"]) {
      expect((await listAdminMembers(database.db, parseMembersQuery(new URLSearchParams({ q: wildcard })))).total).toBe(0);
    }
    // A NUL and an unknown filter: no error, no filter.
    const odd = await listAdminMembers(database.db, parseMembersQuery(new URLSearchParams({ q: "maya\u0000", role: "owner" })));
    expect(odd.rows.map((row) => row.displayName)).toContain("Maya Brooks");
  });

  it("pages past the end show the last page; the page renders the search as a GET form", async () => {
    const deep = await listAdminMembers(database.db, parseMembersQuery(new URLSearchParams("page=999")));
    expect(deep.page).toBe(deep.pageCount);
    const response = await clients.admin!.get("/admin/members?q=brooks&role=member");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('method="get"');
    expect(html).toContain("Maya Brooks");
    expect(html).toContain(`href="/admin/members/${ids.member}"`);
    // Nobody else's e-mail is sent for a search that does not find them.
    expect(html).not.toContain("ar@demo.hitfactory.test");
  });
});

describe("/admin/members/{userId}", () => {
  it("shows a member: profile, e-mail, showcase, credits, counts, history; 404 for applicants, unknown and malformed ids", async () => {
    const response = await clients.admin!.get(memberPath(ids.member!));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Maya Brooks");
    expect(html).toContain(demoAccount("member").email);
    expect(html).toContain('data-testid="showcase-list"');
    expect(html).toContain(MEMBER_TEXT.credits);
    expect(html).toContain('data-testid="member-applications"');
    for (const path of [memberPath(ids.applicant!), "/admin/members/not-a-user-id", "/admin/members/00000000-0000-4000-8000-000000000000"]) {
      expect((await clients.admin!.get(path)).status, path).toBe(404);
    }
    // An admin's page says their role is managed on /admin/users, with no role form.
    const adminPage = await (await clients.admin!.get(memberPath(ids.admin!))).text();
    expect(adminPage).toContain("which are managed on the Users page");
    expect(adminPage).toContain('data-testid="admin-role-note"');
    expect(adminPage).not.toContain('name="role"');
  });

  it("changes the role between Member and A&R, with one audit entry; the person's next request has the new role", async () => {
    const person = await newMember();
    const client = await signedIn(person.email);
    expect(locationOf(await client.get("/ar/dashboard"))).toBe("/ar");

    const before = await auditCount();
    const response = await clients.admin!.post(memberPath(person.id), { intent: "role", role: "accepted_ar" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(memberPath(person.id));
    expect((await profileOf(person.id)).role).toBe("accepted_ar");
    expect(await auditCount()).toBe(before + 1);
    const [entry] = await auditFor(person.id);
    expect(entry).toMatchObject({ action: "member.role_changed", actor_id: ids.admin, target_type: "member", target_label: person.name });
    expect(entry!.before).toEqual({ role: "accepted_member" });
    expect(entry!.after).toEqual({ role: "accepted_ar" });
    expect((await client.get("/ar/dashboard")).status).toBe(200);

    // The same role again: refused, nothing recorded.
    const same = await clients.admin!.post(memberPath(person.id), { intent: "role", role: "accepted_ar" });
    expect(same.status).toBe(409);
    // Back to Member.
    expect((await clients.admin!.post(memberPath(person.id), { intent: "role", role: "accepted_member" })).status).toBe(302);
    expect((await profileOf(person.id)).role).toBe("accepted_member");
    expect((await auditFor(person.id)).map((e) => e.action)).toEqual(["member.role_changed", "member.role_changed"]);
  });

  it("refuses roles it does not manage, an administrator's role, members posting and unknown people", async () => {
    const person = await newMember();
    const before = await auditCount();
    // "admin" is not a role this form gives (is_admin is /admin/users'); nor any other text.
    for (const role of ["admin", "superuser", "", "accepted_member\u0000"]) {
      expect((await clients.admin!.post(memberPath(person.id), { intent: "role", role })).status, role).toBe(400);
    }
    // Sent twice: conform reads a repeated field as a list, which is not a role.
    expect((await clients.admin!.post(memberPath(person.id), { intent: "role", role: ["accepted_ar", "accepted_member"] })).status).toBe(400);
    // An administrator's role follows their admin rights.
    const adminRole = await clients.admin!.post(memberPath(ids.admin!), { intent: "role", role: "accepted_member" });
    expect(adminRole.status).toBe(409);
    expect(await adminRole.text()).toContain("Users page");
    expect((await profileOf(ids.admin!)).role).toBe("admin");
    // A member posting the admin's form is sent away; nothing changes.
    const attack = await clients.member!.post(memberPath(person.id), { intent: "role", role: "accepted_ar" });
    expect(attack.status).toBe(302);
    expect(locationOf(attack)).toBe("/");
    expect((await clients.anonymous!.post(memberPath(person.id), { intent: "role", role: "accepted_ar" })).status).toBe(302);
    // Unknown, malformed ids and an applicant: 404 (400 for a malformed one, which no route matches as a member).
    expect((await clients.admin!.post("/admin/members/00000000-0000-4000-8000-000000000000", { intent: "role", role: "accepted_ar" })).status).toBe(404);
    expect((await clients.admin!.post(memberPath(ids.applicant!), { intent: "role", role: "accepted_ar" })).status).toBe(404);
    expect((await clients.admin!.post("/admin/members/not-an-id", { intent: "role", role: "accepted_ar" })).status).toBe(404);
    expect((await profileOf(person.id)).role).toBe("accepted_member");
    expect((await profileOf(ids.applicant!)).role).toBeNull();
    expect(await auditCount()).toBe(before);
  });

  it("features a member first in the directory with a badge, and stops; a private profile cannot be featured", async () => {
    const person = await newMember({ name: "Zephyr Quill" });
    const response = await clients.admin!.post(memberPath(person.id), { intent: "feature", featured: "yes" });
    expect(response.status).toBe(302);
    expect((await profileOf(person.id)).featured_at).not.toBeNull();
    // First on the directory's first page: the featured list comes before the results.
    const directory = await (await clients.anonymous!.get("/members")).text();
    const featuredAt = directory.indexOf('data-testid="featured-members"');
    expect(featuredAt).toBeGreaterThan(-1);
    expect(directory.indexOf("Zephyr Quill")).toBeGreaterThan(featuredAt);
    expect(directory.indexOf("Zephyr Quill")).toBeLessThan(directory.indexOf('id="members-count"'));
    expect(directory).toContain(">Featured<");
    // Filters apply to the featured list too.
    expect(await (await clients.anonymous!.get("/members?q=nobody-called-this")).text()).not.toContain('data-testid="featured-members"');
    // Twice: refused.
    expect((await clients.admin!.post(memberPath(person.id), { intent: "feature", featured: "yes" })).status).toBe(409);
    expect((await clients.admin!.post(memberPath(person.id), { intent: "feature", featured: "no" })).status).toBe(302);
    expect((await profileOf(person.id)).featured_at).toBeNull();
    expect((await auditFor(person.id)).map((e) => e.action)).toEqual(["member.featured", "member.unfeatured"]);

    const hidden = await newMember({ publicProfile: false });
    const refused = await clients.admin!.post(memberPath(hidden.id), { intent: "feature", featured: "yes" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("profile is private");
    expect((await profileOf(hidden.id)).featured_at).toBeNull();
  });

  it("ends a membership after confirming: no role, out of the directory and the landing page, a notice, one audit entry", async () => {
    const person = await newMember({ tracks: 1, name: "Ending Tester" });
    const client = await signedIn(person.email);
    expect((await client.get("/showcase")).status).toBe(200);
    await clients.admin!.post(memberPath(person.id), { intent: "feature", featured: "yes" });
    await clients.admin!.post("/admin/showcase", { intent: "feature", trackId: person.tracks[0]! });
    const onLanding = (await landingRows()).map((row) => row.id);
    expect(onLanding).toContain(person.tracks[0]);

    // The confirmation step says what happens (no JavaScript needed: a page of its own).
    const confirm = await (await clients.admin!.get(`${memberPath(person.id)}?end=confirm`)).text();
    expect(confirm).toContain(MEMBER_TEXT.endConfirmTitle);
    expect(confirm).toContain("can still sign in");
    // Without the confirmation: refused, nothing changes.
    expect((await clients.admin!.post(memberPath(person.id), { intent: "end" })).status).toBe(400);
    expect((await profileOf(person.id)).role).toBe("accepted_member");

    const response = await clients.admin!.post(memberPath(person.id), { intent: "end", confirm: "yes" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin/members");
    const profile = await profileOf(person.id);
    expect(profile.role).toBeNull();
    expect(profile.featured_at).toBeNull();
    // Off the landing page, which closed up (positions 1..n).
    const after = await landingRows();
    expect(after.map((row) => row.id)).toEqual(onLanding.filter((id) => id !== person.tracks[0]));
    expect(after.map((row) => Number(row.landing_position))).toEqual(after.map((_, i) => i + 1));
    // A neutral notice in their inbox.
    const notice = await database.db.selectFrom("notices").select(["subject", "body", "kind"]).where("recipient_id", "=", person.id).executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ kind: "system", subject: MEMBER_TEXT.noticeSubject });
    // The audit entry with before and after.
    const entries = await auditFor(person.id);
    const ended = entries.find((e) => e.action === "member.membership_ended")!;
    expect(ended.before).toMatchObject({ role: "accepted_member", featured: true, landingTracks: ["Ending Tester Track 1"] });
    expect(ended.after).toMatchObject({ role: null, featured: false, landingTracks: [] });
    // Gone from the directory and the member pages; their own next request is an applicant's.
    expect((await clients.anonymous!.get(`/members/${person.id}`)).status).toBe(404);
    expect(await (await clients.anonymous!.get("/members?q=ending+tester")).text()).not.toContain("Ending Tester");
    expect(locationOf(await client.get("/showcase"))).toBe("/dashboard");
    // Their admin page is 404 now (they are an account, /admin/users' business); ending again is 404.
    expect((await clients.admin!.get(memberPath(person.id))).status).toBe(404);
    expect((await clients.admin!.post(memberPath(person.id), { intent: "end", confirm: "yes" })).status).toBe(404);
  });

  it("never ends an administrator's membership (their own included)", async () => {
    const before = await auditCount();
    const response = await clients.admin!.post(memberPath(ids.admin!), { intent: "end", confirm: "yes" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("administrator");
    expect((await profileOf(ids.admin!)).role).toBe("admin");
    // No confirmation step is offered either.
    expect(await (await clients.admin!.get(`${memberPath(ids.admin!)}?end=confirm`)).text()).not.toContain('data-testid="end-confirm"');
    expect(await auditCount()).toBe(before);
    // A member cannot end anyone's.
    expect(locationOf(await clients.member!.post(memberPath(ids.ar!), { intent: "end", confirm: "yes" }))).toBe("/");
    expect((await profileOf(ids.ar!)).role).toBe("accepted_ar");
  });
});

describe("/admin/showcase", () => {
  it("features a track last on the landing page, takes it off again, with audit entries; the landing page shows it at once", async () => {
    const person = await newMember({ tracks: 2 });
    const [trackId] = person.tracks;
    const countBefore = (await landingRows()).length;
    const response = await clients.admin!.post("/admin/showcase?filter=all", { intent: "feature", trackId: trackId! });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin/showcase?filter=all");
    const rows = await landingRows();
    expect(rows.length).toBe(countBefore + 1);
    expect(rows.at(-1)).toMatchObject({ id: trackId, landing_position: countBefore + 1 });
    expect((await landing()).showcase.at(-1)?.id).toBe(trackId);
    const [entry] = await auditFor(trackId!);
    expect(entry).toMatchObject({ action: "showcase.featured", target_type: "showcase_track", actor_id: ids.admin });
    expect(entry!.after).toEqual({ landingPosition: countBefore + 1 });

    expect((await clients.admin!.post("/admin/showcase", { intent: "feature", trackId: trackId! })).status).toBe(409);
    expect((await clients.admin!.post("/admin/showcase", { intent: "unfeature", trackId: trackId! })).status).toBe(302);
    expect((await landingRows()).map((row) => row.id)).not.toContain(trackId);
    expect((await landing()).showcase.map((track) => track.id)).not.toContain(trackId);
    expect((await clients.admin!.post("/admin/showcase", { intent: "unfeature", trackId: trackId! })).status).toBe(409);
    expect((await auditFor(trackId!)).map((e) => e.action)).toEqual(["showcase.featured", "showcase.unfeatured"]);
  });

  it("refuses unknown and malformed ids, members posting, a private member's track and a full landing page", async () => {
    const before = await auditCount();
    const landingBefore = await landingRows();
    expect((await clients.admin!.post("/admin/showcase", { intent: "feature", trackId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await clients.admin!.post("/admin/showcase", { intent: "hide", trackId: "not-a-track" })).status).toBe(400);
    expect((await clients.admin!.post("/admin/showcase", { intent: "feature", trackId: "'; drop table showcase_tracks; --" })).status).toBe(400);
    expect((await clients.admin!.post("/admin/showcase", { intent: "nonsense" })).status).toBe(400);
    const someone = await newMember({ tracks: 1 });
    const attack = await clients.member!.post("/admin/showcase", { intent: "feature", trackId: someone.tracks[0]! });
    expect(locationOf(attack)).toBe("/");
    expect(locationOf(await clients.member!.post("/admin/showcase", { intent: "hide", trackId: someone.tracks[0]! }))).toBe("/");
    const hiddenProfile = await newMember({ tracks: 1, publicProfile: false });
    const privateRefused = await clients.admin!.post("/admin/showcase", { intent: "feature", trackId: hiddenProfile.tracks[0]! });
    expect(privateRefused.status).toBe(409);
    expect(await privateRefused.text()).toContain("profile is private");
    expect(await landingRows()).toEqual(landingBefore);
    expect(await auditCount()).toBe(before);

    // Fill the landing page; the next one is refused.
    const filler = await newMember({ tracks: 5 });
    const extra = await newMember({ tracks: 5 });
    const candidates = [...filler.tracks, ...extra.tracks];
    const free = LANDING_TRACKS_MAX - landingBefore.length;
    for (const id of candidates.slice(0, free)) expect((await clients.admin!.post("/admin/showcase", { intent: "feature", trackId: id })).status).toBe(302);
    const full = await clients.admin!.post("/admin/showcase", { intent: "feature", trackId: candidates[free]! });
    expect(full.status).toBe(409);
    expect(await full.text()).toContain(`at most ${LANDING_TRACKS_MAX}`);
    expect((await landingRows()).length).toBe(LANDING_TRACKS_MAX);
    // Put the landing page back as it was.
    for (const id of candidates.slice(0, free)) await clients.admin!.post("/admin/showcase", { intent: "unfeature", trackId: id });
    expect(await landingRows()).toEqual(landingBefore);
  });

  it("features concurrently without two tracks sharing a place or passing the limit", async () => {
    const landingBefore = await landingRows();
    const people = await Promise.all([newMember({ tracks: 5 }), newMember({ tracks: 5 })]);
    const tracks = people.flatMap((p) => p.tracks);
    const answers = await Promise.all(tracks.map((trackId) => clients.admin!.post("/admin/showcase", { intent: "feature", trackId })));
    const accepted = answers.filter((r) => r.status === 302).length;
    expect(accepted).toBe(LANDING_TRACKS_MAX - landingBefore.length);
    expect(answers.filter((r) => r.status === 409).length).toBe(tracks.length - accepted);
    const rows = await landingRows();
    expect(rows.map((row) => Number(row.landing_position))).toEqual(Array.from({ length: LANDING_TRACKS_MAX }, (_, i) => i + 1));
    for (const row of rows) if (tracks.includes(row.id)) await clients.admin!.post("/admin/showcase", { intent: "unfeature", trackId: row.id });
    expect(await landingRows()).toEqual(landingBefore);
  });

  it("reorders with the whole order (move up / down); refuses positions sent twice, a thousand, another member's track, a stale order", async () => {
    const original = (await landingRows()).map((row) => row.id);
    expect(original.length).toBeGreaterThanOrEqual(3);
    // "Move up" on the second: the order with the first two swapped.
    const moved = [original[1]!, original[0]!, ...original.slice(2)];
    const response = await clients.admin!.post("/admin/showcase", { intent: "reorder", order: moved });
    expect(response.status).toBe(302);
    expect((await landingRows()).map((row) => row.id)).toEqual(moved);
    expect((await landing()).showcase.map((track) => track.id)).toEqual(moved);
    const entry = (await database.db.selectFrom("admin_audit_log").select(["action", "before", "after", "target_type"]).where("action", "=", "showcase.reordered").orderBy("id", "desc").executeTakeFirstOrThrow());
    expect((entry.before as { order: { id: string }[] }).order.map((t) => t.id)).toEqual(original);
    expect((entry.after as { order: { id: string }[] }).order.map((t) => t.id)).toEqual(moved);

    const before = await auditCount();
    const stored = await landingRows();
    // The same track twice (positions sent twice).
    expect((await clients.admin!.post("/admin/showcase", { intent: "reorder", order: [moved[0]!, moved[0]!, ...moved.slice(2)] })).status).toBe(400);
    // A thousand positions.
    const many = Array.from({ length: 1000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    expect((await clients.admin!.post("/admin/showcase", { intent: "reorder", order: many })).status).toBe(400);
    // Another member's track (not on the landing page) in place of one that is: stale, refused.
    const other = await newMember({ tracks: 1 });
    expect((await clients.admin!.post("/admin/showcase", { intent: "reorder", order: [other.tracks[0]!, ...moved.slice(1)] })).status).toBe(409);
    // One missing (the page changed meanwhile): refused.
    expect((await clients.admin!.post("/admin/showcase", { intent: "reorder", order: moved.slice(1) })).status).toBe(409);
    // Not ids at all, and nothing.
    expect((await clients.admin!.post("/admin/showcase", { intent: "reorder", order: ["1", "2"] })).status).toBe(400);
    expect((await clients.admin!.post("/admin/showcase", { intent: "reorder" })).status).toBe(400);
    // A member posting an order.
    expect(locationOf(await clients.member!.post("/admin/showcase", { intent: "reorder", order: original }))).toBe("/");
    expect(await landingRows()).toEqual(stored);
    expect(await auditCount()).toBe(before);

    // Back as it was.
    expect((await clients.admin!.post("/admin/showcase", { intent: "reorder", order: original })).status).toBe(302);
    expect((await landingRows()).map((row) => row.id)).toEqual(original);
  });

  it("hides a track: gone from the public profile, the landing page and the audio URL for others; its member sees it marked, and cannot unhide it", async () => {
    const person = await newMember({ tracks: 2, name: "Hidden Tester" });
    const client = await signedIn(person.email);
    const [trackId, keptId] = person.tracks as [string, string];
    await clients.admin!.post("/admin/showcase", { intent: "feature", trackId });
    const landingBefore = (await landingRows()).map((row) => row.id);
    expect(landingBefore).toContain(trackId);
    expect((await clients.anonymous!.get(`/api/showcase/${trackId}/audio-url`)).status).toBe(200);

    const response = await clients.admin!.post("/admin/showcase", { intent: "hide", trackId });
    expect(response.status).toBe(302);
    const row = await database.db.selectFrom("showcase_tracks").select(["hidden_at", "hidden_by", "landing_position"]).where("id", "=", trackId).executeTakeFirstOrThrow();
    expect(row.hidden_at).not.toBeNull();
    expect(row.hidden_by).toBe(ids.admin);
    expect(row.landing_position).toBeNull();
    // The landing page closed up.
    const landingAfter = await landingRows();
    expect(landingAfter.map((r) => r.id)).toEqual(landingBefore.filter((id) => id !== trackId));
    expect(landingAfter.map((r) => Number(r.landing_position))).toEqual(landingAfter.map((_, i) => i + 1));
    expect((await landing()).showcase.map((t) => t.id)).not.toContain(trackId);
    const home = await (await clients.anonymous!.get("/")).text();
    expect(home).not.toContain("Hidden Tester Track 1");
    // The public profile, for anyone: the other track only.
    for (const viewer of [clients.anonymous!, clients.member!]) {
      const profile = await (await viewer.get(`/members/${person.id}`)).text();
      expect(profile).not.toContain("Hidden Tester Track 1");
      expect(profile).toContain("Hidden Tester Track 2");
    }
    // The audio URL: 404 for visitors and other members; the member and admins still get it.
    expect((await clients.anonymous!.get(`/api/showcase/${trackId}/audio-url`)).status).toBe(404);
    expect((await clients.member!.get(`/api/showcase/${trackId}/audio-url`)).status).toBe(404);
    expect((await client.get(`/api/showcase/${trackId}/audio-url`)).status).toBe(200);
    expect((await clients.admin!.get(`/api/showcase/${trackId}/audio-url`)).status).toBe(200);
    expect((await clients.anonymous!.get(`/api/showcase/${keptId}/audio-url`)).status).toBe(200);
    // The member sees it on /showcase, marked, with no way to unhide it.
    const own = await (await client.get("/showcase")).text();
    expect(own).toContain("Hidden Tester Track 1");
    expect(own).toContain("Hidden by an admin");
    expect(own).not.toContain("unhide");
    expect(locationOf(await client.post("/admin/showcase", { intent: "unhide", trackId }))).toBe("/");
    // A hidden track cannot be featured.
    expect((await clients.admin!.post("/admin/showcase", { intent: "feature", trackId })).status).toBe(409);
    expect((await clients.admin!.post("/admin/showcase", { intent: "hide", trackId })).status).toBe(409);
    // The admin list filters hidden tracks.
    const list = await (await clients.admin!.get("/admin/showcase?filter=hidden&q=hidden+tester")).text();
    expect(list).toContain("Hidden Tester Track 1");
    expect(list).not.toContain("Hidden Tester Track 2");

    // Shown again: back on the profile (not on the landing page: featuring is a decision of its own).
    expect((await clients.admin!.post("/admin/showcase", { intent: "unhide", trackId })).status).toBe(302);
    expect(await (await clients.anonymous!.get(`/members/${person.id}`)).text()).toContain("Hidden Tester Track 1");
    expect((await clients.anonymous!.get(`/api/showcase/${trackId}/audio-url`)).status).toBe(200);
    expect((await landingRows()).map((r) => r.id)).not.toContain(trackId);
    expect((await auditFor(trackId)).map((e) => e.action)).toEqual(["showcase.featured", "showcase.hidden", "showcase.unhidden"]);
    expect((await clients.admin!.post("/admin/showcase", { intent: "unhide", trackId })).status).toBe(409);
  });

  it("the database refuses a hidden track on the landing page and two tracks in one place", async () => {
    const person = await newMember({ tracks: 2 });
    await expect(
      database.db.updateTable("showcase_tracks").set({ hidden_at: new Date(), landing_position: 50 }).where("id", "=", person.tracks[0]!).execute(),
    ).rejects.toThrow(/showcase_tracks_hidden_not_on_landing/);
    const taken = Number((await landingRows())[0]!.landing_position);
    await expect(database.db.updateTable("showcase_tracks").set({ landing_position: taken }).where("id", "=", person.tracks[1]!).execute()).rejects.toThrow(
      /showcase_tracks_landing_position_key/,
    );
  });

  it("lists and searches every member's tracks for admins, by title or member, with counts", async () => {
    const response = await clients.admin!.get("/admin/showcase?q=maya");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Maya Brooks");
    expect(html).toContain('data-testid="landing-queue"');
    expect((await clients.admin!.get("/admin/showcase?q=%25%25&filter=bogus&page=-1")).status).toBe(200);
    expect(await (await clients.admin!.get("/admin/showcase?q=%25%25")).text()).toContain("No track matches");
  });

  it("the landing page reads its tracks cheaply", async () => {
    await landing();
    const runs = 20;
    const started = performance.now();
    for (let i = 0; i < runs; i++) await landing();
    const perLoad = (performance.now() - started) / runs;
    const curatedStart = performance.now();
    for (let i = 0; i < runs; i++) await listLandingShowcase(database.db, storage());
    const curated = (performance.now() - curatedStart) / runs;
    console.log(`landing loader (catalogue + curated showcase): ${perLoad.toFixed(2)} ms per load; the curated tracks alone: ${curated.toFixed(2)} ms`);
    // Generous bounds: the machine running the suite may be busy. The figures are what matter (ADR 0081).
    expect(perLoad).toBeLessThan(250);
    expect(curated).toBeLessThan(100);
  });
});
