/**
 * Briefs (ADR 0076) through the real request handler on a seeded database:
 * the A&R posts, closes and reopens briefs and rates the answers to their
 * own; members answer open briefs with catalogue songs they are credited on;
 * every refusal writes nothing. Plus the submissions' contract
 * (answerBriefWithSubmission in the submission's transaction) and who may
 * stream a submission that answers a brief.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalUser } from "~/auth/users.server";
import { answerBriefWithSubmission, BriefNotAnswerableError, findAnswerableBrief } from "~/briefs/answers.server";
import { DEADLINE_MESSAGES, todayUtc } from "~/briefs/brief-schema";
import { dashboardOpenBriefs } from "~/briefs/briefs.server";
import { BRIEF_LIMITS, BRIEF_TEXT } from "~/briefs/constants";
import { DEMO_BRIEFS } from "~/briefs/seed-briefs.server";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { createAppHandler, locationOf, TestClient, type AppHandler } from "../support/app-handler";

const PASSWORD = "briefs-test-password";
let database: TestDatabase;
let app: AppHandler;
const ids: Record<string, string> = {};
const clients: Record<string, TestClient> = {};
/** A demo member of the collective credited on catalogue songs (song_credits.member_id), and one of those songs. */
let credited: { id: string; email: string; name: string; songId: string; songTitle: string };
/** A catalogue song the credited member is not credited on. */
let otherSongId: string;

const db = () => database.db;
/** Text as a person reads it in the HTML (React escapes quotes and ampersands). */
const text = async (response: Response) =>
  (await response.text()).replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");

async function newUser(role: "accepted_ar" | "accepted_member", name: string): Promise<{ id: string; client: TestClient }> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@example.test`;
  const user = await createLocalUser(db(), { email, password: PASSWORD, displayName: name, role, confirmed: true });
  await db().insertInto("profiles").values({ user_id: user.id, role, display_name: name, onboarding_completed: true, has_seen_decision_banner: true }).execute();
  const client = new TestClient(app);
  await client.signIn(email, PASSWORD);
  return { id: user.id, client };
}

async function postBrief(client: TestClient, fields: Record<string, string>): Promise<Response> {
  return client.post("/ar/briefs", { intent: "post", company: "Northbound Records", body: "Bright pop, big chorus.", ...fields });
}

async function newBrief(title: string, values: { deadline?: string | null; status?: "open" | "closed"; arId?: string } = {}): Promise<string> {
  const row = await db()
    .insertInto("briefs")
    .values({ ar_id: values.arId ?? ids.ar!, company: "Northbound Records", title, body: "Looking for songs.", genre: null, deadline: values.deadline ?? null, status: values.status ?? "open" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const answersOf = (briefId: string) => db().selectFrom("brief_answers").selectAll().where("brief_id", "=", briefId).execute();
const briefCount = async () => Number((await db().selectFrom("briefs").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  await seedDemoData(database.db, { password: PASSWORD });
  for (const key of ["member", "admin", "ar"] as const) {
    ids[key] = (await db().selectFrom("auth.users").select("id").where("email", "=", demoAccount(key).email).executeTakeFirstOrThrow()).id;
  }
  const row = await sql<{ id: string; email: string; name: string; song_id: string; title: string }>`
    select u.id, u.email, p.display_name as name, s.id as song_id, s.title
      from song_credits c join songs s on s.id = c.song_id and s.status = 'catalogue'
      join profiles p on p.user_id = c.member_id and p.role = 'accepted_member'
      join auth.users u on u.id = c.member_id
     order by p.display_name, s.title limit 1`.execute(db());
  const first = row.rows[0]!;
  credited = { id: first.id, email: first.email, name: first.name, songId: first.song_id, songTitle: first.title };
  otherSongId = (
    await sql<{ id: string }>`select s.id from songs s where s.status = 'catalogue'
      and not exists (select 1 from song_credits c where c.song_id = s.id and c.member_id = ${credited.id}) limit 1`.execute(db())
  ).rows[0]!.id;
  app = await createAppHandler();
  for (const key of ["member", "admin", "ar"] as const) {
    clients[key] = new TestClient(app);
    await clients[key].signIn(demoAccount(key).email, PASSWORD);
  }
  clients.credited = new TestClient(app);
  await clients.credited.signIn(credited.email, PASSWORD);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("demo data", () => {
  it("seeds two open briefs and a closed one from the demo A&R, answered with songs the members are credited on, some rated", async () => {
    const briefs = await db().selectFrom("briefs").select(["id", "status", "title"]).where("ar_id", "=", ids.ar!).orderBy("created_at").execute();
    expect(briefs.map((b) => b.status).sort()).toEqual(["closed", "open", "open"]);
    expect(briefs.map((b) => b.title).sort()).toEqual(DEMO_BRIEFS.map((b) => b.title).sort());
    const answers = await sql<{ rating: string | null; credited: boolean }>`
      select a.rating, exists (select 1 from song_credits c where c.song_id = a.song_id and c.member_id = a.member_id) as credited
        from brief_answers a join briefs b on b.id = a.brief_id where b.ar_id = ${ids.ar}`.execute(db());
    expect(answers.rows.length).toBe(DEMO_BRIEFS.reduce((n, b) => n + b.answers.length, 0));
    expect(answers.rows.every((a) => a.credited)).toBe(true);
    expect(answers.rows.filter((a) => a.rating !== null).length).toBeGreaterThan(0);
    expect(answers.rows.filter((a) => a.rating === null).length).toBeGreaterThan(0);
  });
});

describe("the A&R posts, closes and reopens", () => {
  it("posts a brief without JavaScript: redirect to its page with a toast, stored sanitised, listed with its answer count", async () => {
    const deadline = todayUtc(new Date(Date.now() + 3 * 86_400_000));
    const response = await postBrief(clients.ar!, { title: "Uptempo <b>pop</b>, female vocal", genre: "Pop", deadline, body: "Big chorus <script>alert(1)</script> please" });
    expect(response.status).toBe(302);
    const location = locationOf(response)!;
    expect(location).toMatch(/^\/ar\/briefs\/[0-9a-f-]{36}$/);
    expect(response.headers.get("set-cookie")).toContain("hf_toast=");
    const brief = await db()
      .selectFrom("briefs")
      .select(["title", "body", "genre", "status", "ar_id", sql<string>`deadline::text`.as("deadline")])
      .where("id", "=", location.split("/").pop()!)
      .executeTakeFirstOrThrow();
    expect(brief).toMatchObject({ title: "Uptempo pop, female vocal", genre: "Pop", status: "open", ar_id: ids.ar, deadline });
    expect(brief.body).not.toContain("<");
    const list = await text(await clients.ar!.get("/ar/briefs"));
    expect(list).toContain("Uptempo pop, female vocal");
    expect(list).toContain(BRIEF_TEXT.ar.answers(0));
  });

  it("refuses bad input with 400 and field errors, and writes nothing", async () => {
    const before = await briefCount();
    const cases: [Record<string, string>, string][] = [
      [{ title: "" }, "Title is required"],
      [{ title: "ab" }, "Title must be at least 3 characters"],
      [{ title: "x".repeat(BRIEF_LIMITS.title + 1) }, `Title must be no more than ${BRIEF_LIMITS.title} characters`],
      [{ title: "Fine title", body: "y".repeat(BRIEF_LIMITS.body + 1) }, `What you are looking for must be no more than ${BRIEF_LIMITS.body} characters`],
      [{ title: "Fine title", deadline: "2020-01-01" }, DEADLINE_MESSAGES.past],
      [{ title: "Fine title", deadline: "2031-02-30" }, DEADLINE_MESSAGES.invalid],
      [{ title: "Fine title", deadline: "tomorrow" }, DEADLINE_MESSAGES.invalid],
      [{ title: "Fine title", deadline: "2099-01-01" }, DEADLINE_MESSAGES.tooFar],
      [{ title: "Fine title", company: "" }, "Company or label is required"],
      // Nothing left once the tags are gone.
      [{ title: "<b></b><i></i>" }, "Title must be at least 3 characters"],
    ];
    for (const [fields, message] of cases) {
      const response = await postBrief(clients.ar!, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await text(response)).toContain(message);
    }
    expect(await briefCount()).toBe(before);
  });

  it("refuses a NUL byte in a field before any form runs", async () => {
    const before = await briefCount();
    const response = await postBrief(clients.ar!, { title: "Null\u0000byte" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await briefCount()).toBe(before);
  });

  it("closes and reopens its own brief; a brief past its deadline is not reopened", async () => {
    const briefId = await newBrief("Close me");
    let response = await clients.ar!.post("/ar/briefs", { intent: "close", briefId });
    expect(response.status).toBe(302);
    expect((await db().selectFrom("briefs").select("status").where("id", "=", briefId).executeTakeFirstOrThrow()).status).toBe("closed");
    response = await clients.ar!.post(`/ar/briefs/${briefId}`, { intent: "reopen", briefId });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/ar/briefs/${briefId}`);
    expect((await db().selectFrom("briefs").select("status").where("id", "=", briefId).executeTakeFirstOrThrow()).status).toBe("open");

    const past = await newBrief("Past it", { deadline: "2020-01-01", status: "closed" });
    response = await clients.ar!.post("/ar/briefs", { intent: "reopen", briefId: past });
    expect(response.status).toBe(409);
    expect(await text(response)).toContain(BRIEF_TEXT.ar.cannotReopenPastDeadline);
    expect((await db().selectFrom("briefs").select("status").where("id", "=", past).executeTakeFirstOrThrow()).status).toBe("closed");
  });

  it("members are sent away from the A&R pages; A&R are sent from the members' briefs to their own", async () => {
    const briefId = await newBrief("Not for members");
    expect(locationOf(await clients.member!.get("/ar/briefs"))).toBe("/ar");
    expect(locationOf(await clients.member!.get(`/ar/briefs/${briefId}`))).toBe("/ar");
    expect(locationOf(await clients.ar!.get("/briefs"))).toBe("/ar/briefs");
    expect(locationOf(await clients.ar!.get(`/briefs/${briefId}`))).toBe("/ar/briefs");
  });
});

describe("another A&R's brief", () => {
  it("is 404 to read, to close and to rate, and nothing changes", async () => {
    const briefId = await newBrief("Riley's secret brief");
    await db().insertInto("brief_answers").values({ brief_id: briefId, member_id: credited.id, song_id: credited.songId, note: "for Riley" }).execute();
    const [answer] = await answersOf(briefId);
    const rival = await newUser("accepted_ar", "Rival Ar");

    const page = await rival.client.get(`/ar/briefs/${briefId}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("for Riley");
    expect(await text(await rival.client.get("/ar/briefs"))).not.toContain("Riley's secret brief");

    const close = await rival.client.post("/ar/briefs", { intent: "close", briefId });
    expect(close.status).toBe(404);
    const closeHere = await rival.client.post(`/ar/briefs/${briefId}`, { intent: "close", briefId });
    expect(closeHere.status).toBe(404);
    expect((await db().selectFrom("briefs").select("status").where("id", "=", briefId).executeTakeFirstOrThrow()).status).toBe("open");

    // The rival's own brief in the URL and Riley's answer in the form: still refused.
    const ownBrief = await newBrief("Rival's own", { arId: rival.id });
    for (const path of [`/ar/briefs/${briefId}`, `/ar/briefs/${ownBrief}`]) {
      const rate = await rival.client.post(path, { intent: "rate", answerId: answer!.id, rating: "pass" });
      expect(rate.status).toBe(404);
    }
    expect((await answersOf(briefId))[0]!.rating).toBeNull();

    // The admins see any brief.
    expect((await clients.admin!.get(`/ar/briefs/${briefId}`)).status).toBe(200);
  });
});

describe("members answer", () => {
  it("with a catalogue song they are credited on: stored with the note, the A&R told in the inbox, the song offered no more", async () => {
    const briefId = await newBrief("Answer me");
    const form = await text(await clients.credited!.get(`/briefs/${briefId}`));
    expect(form).toContain(credited.songTitle);
    expect(form).not.toContain(demoAccount("ar").email);
    const response = await clients.credited!.post(`/briefs/${briefId}`, { intent: "answer", songId: credited.songId, note: "Chorus at <i>0:48</i>" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/briefs/${briefId}`);
    const [answer, ...more] = await answersOf(briefId);
    expect(more).toEqual([]);
    expect(answer).toMatchObject({ member_id: credited.id, song_id: credited.songId, submission_id: null, note: "Chorus at 0:48", rating: null });
    const notice = await db().selectFrom("notices").select(["kind", "link", "sender_id"]).where("recipient_id", "=", ids.ar!).where("link", "=", `/ar/briefs/${briefId}`).executeTakeFirst();
    expect(notice).toMatchObject({ kind: "brief", sender_id: credited.id });

    // A replayed post: one answer, a clear refusal.
    const replay = await clients.credited!.post(`/briefs/${briefId}`, { intent: "answer", songId: credited.songId, note: "" });
    expect(replay.status).toBe(409);
    expect(await text(replay)).toContain(BRIEF_TEXT.member.alreadySent);
    expect(await answersOf(briefId)).toHaveLength(1);
    const page = await text(await clients.credited!.get(`/briefs/${briefId}`));
    expect(page).toContain(BRIEF_TEXT.member.waiting);
    expect(page).not.toContain(`value="${credited.songId}"`);
  });

  it("refuses a song they are not credited on, and a song id that is not one", async () => {
    const briefId = await newBrief("Only your own");
    const response = await clients.credited!.post(`/briefs/${briefId}`, { intent: "answer", songId: otherSongId, note: "" });
    expect(response.status).toBe(403);
    expect(await text(response)).toContain(BRIEF_TEXT.member.notCredited);
    const garbage = await clients.credited!.post(`/briefs/${briefId}`, { intent: "answer", songId: "'; drop table briefs; --" });
    expect(garbage.status).toBe(400);
    // The field sent twice (their song and someone else's): not one song id, refused.
    const twice = await clients.credited!.post(`/briefs/${briefId}`, { intent: "answer", songId: [credited.songId, otherSongId] });
    expect(twice.status).toBe(400);
    expect(await answersOf(briefId)).toEqual([]);
  });

  it("refuses a closed brief and one past its deadline, with a page that says so", async () => {
    const closed = await newBrief("Closed already", { status: "closed" });
    const past = await newBrief("Too late", { deadline: "2020-01-01" });
    for (const [briefId, message] of [
      [closed, BRIEF_TEXT.member.closed],
      [past, BRIEF_TEXT.member.pastDeadline],
    ] as const) {
      const response = await clients.credited!.post(`/briefs/${briefId}`, { intent: "answer", songId: credited.songId, note: "" });
      expect(response.status).toBe(409);
      expect(await text(response)).toContain(message);
      expect(await text(await clients.credited!.get(`/briefs/${briefId}`))).toContain(message);
      expect(await answersOf(briefId)).toEqual([]);
    }
    // Not listed for members, nor answerable for the submission form.
    const list = await text(await clients.credited!.get("/briefs"));
    expect(list).not.toContain("Closed already");
    expect(list).not.toContain("Too late");
    expect(await findAnswerableBrief(db(), closed)).toBeNull();
    expect(await findAnswerableBrief(db(), past)).toBeNull();
  });

  it("refuses an A&R (who posts briefs, not answers) and an unknown brief", async () => {
    const briefId = await newBrief("No A&R answers");
    const response = await clients.ar!.post(`/briefs/${briefId}`, { intent: "answer", songId: credited.songId, note: "" });
    // Refused (nothing written); the page it would show an A&R sends them to their own briefs.
    expect(locationOf(response)).toBe("/ar/briefs");
    expect(await answersOf(briefId)).toEqual([]);
    expect((await clients.credited!.get("/briefs/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const unknown = await clients.credited!.post("/briefs/00000000-0000-4000-8000-000000000000", { intent: "answer", songId: credited.songId });
    expect(unknown.status).toBe(404);
  });

  it("the open briefs show on the member's dashboard, not on the A&R's", async () => {
    const dashboard = await text(await clients.member!.get("/dashboard"));
    expect(dashboard).toContain(BRIEF_TEXT.dashboard.title);
    expect(dashboard).toContain(DEMO_BRIEFS[0]!.title);
    expect(dashboard).not.toContain(DEMO_BRIEFS[2]!.title);
    expect(await text(await clients.ar!.get("/dashboard"))).not.toContain(BRIEF_TEXT.dashboard.title);
    const viewer = { id: ids.ar!, email: null, displayName: "Riley", role: "accepted_ar" as const, isAdmin: false };
    expect(await dashboardOpenBriefs(db(), viewer)).toBeNull();
  });
});

describe("rating", () => {
  it("only the brief's A&R rates; the member then sees that it was heard, not the rating", async () => {
    const briefId = await newBrief("Rate these");
    await clients.credited!.post(`/briefs/${briefId}`, { intent: "answer", songId: credited.songId, note: "please listen" });
    const [answer] = await answersOf(briefId);

    // The answer's page shows it, playable, with the member's name and note.
    const page = await text(await clients.ar!.get(`/ar/briefs/${briefId}`));
    expect(page).toContain(credited.songTitle);
    expect(page).toContain(credited.name);
    expect(page).toContain("please listen");
    expect(page).toMatch(/href="[^"]*\/storage\/v1\/object\/sign\/audio\//);

    // A member posting to the A&R page is sent away by the guard.
    expect(locationOf(await clients.credited!.post(`/ar/briefs/${briefId}`, { intent: "rate", answerId: answer!.id, rating: "keeper" }))).toBe("/ar");
    // A rating off the scale.
    expect((await clients.ar!.post(`/ar/briefs/${briefId}`, { intent: "rate", answerId: answer!.id, rating: "amazing" })).status).toBe(400);
    expect((await answersOf(briefId))[0]!.rating).toBeNull();

    const response = await clients.ar!.post(`/ar/briefs/${briefId}`, { intent: "rate", answerId: answer!.id, rating: "keeper" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/ar/briefs/${briefId}`);
    const rated = (await answersOf(briefId))[0]!;
    expect(rated.rating).toBe("keeper");
    expect(rated.rated_at).not.toBeNull();

    const memberPage = await text(await clients.credited!.get(`/briefs/${briefId}`));
    expect(memberPage).toContain(BRIEF_TEXT.member.heard);
    expect(memberPage).not.toContain("Keeper");
  });
});

describe("answering with a submission (the submission form's transaction)", () => {
  let counter = 0;
  async function insertSubmission(tx: typeof database.db, memberId: string, briefId: string | null): Promise<string> {
    const path = `submissions/${memberId}/brief-test-${++counter}.wav`;
    await tx.insertInto("storage_objects").values({ bucket: AUDIO_BUCKET, path, content_type: "audio/wav", size_bytes: 100, sha256: "0".repeat(64), kind: "audio", uploaded_by: memberId }).execute();
    const row = await tx
      .insertInto("submissions")
      .values({
        member_id: memberId,
        brief_id: briefId,
        title: `Brief submission ${counter}`,
        genre: "Pop",
        bpm: 120,
        musical_key: "C major",
        vocal_type: "female",
        lyrics: null,
        audio_bucket: AUDIO_BUCKET,
        audio_path: path,
        content_type: "audio/wav",
        size_bytes: 100,
        duration_seconds: 3,
        credits: JSON.stringify([{ name: "Someone", memberId, role: "writer", split: 100 }]),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const submissionsOf = (briefId: string) => db().selectFrom("submissions").select("id").where("brief_id", "=", briefId).execute();

  it("writes the submission and its answer together; the brief's A&R may stream it, another A&R may not", async () => {
    const briefId = await newBrief("Send something new");
    const submissionId = await db()
      .transaction()
      .execute(async (tx) => {
        const id = await insertSubmission(tx as unknown as typeof database.db, credited.id, briefId);
        await answerBriefWithSubmission(tx, { briefId, memberId: credited.id, submissionId: id, note: "fresh <b>demo</b>" });
        return id;
      });
    const [answer] = await answersOf(briefId);
    expect(answer).toMatchObject({ submission_id: submissionId, song_id: null, note: "fresh demo" });

    const page = await text(await clients.ar!.get(`/ar/briefs/${briefId}`));
    expect(page).toContain(BRIEF_TEXT.ar.submissionBadge);
    const audio = await clients.ar!.get(`/api/submissions/${submissionId}/audio-url`);
    expect(audio.status).toBe(200);
    expect(((await audio.json()) as { url: string }).url).toContain("/storage/v1/object/sign/audio/");
    const rival = await newUser("accepted_ar", "Other Ar");
    expect((await rival.client.get(`/api/submissions/${submissionId}/audio-url`)).status).toBe(404);
    expect((await clients.member!.get(`/api/submissions/${submissionId}/audio-url`)).status).toBe(404);
  });

  it("refuses a closed brief: the whole transaction rolls back, the submission with it", async () => {
    const briefId = await newBrief("Closed to submissions", { status: "closed" });
    await expect(
      db()
        .transaction()
        .execute(async (tx) => {
          const id = await insertSubmission(tx as unknown as typeof database.db, credited.id, briefId);
          await answerBriefWithSubmission(tx, { briefId, memberId: credited.id, submissionId: id, note: "" });
        }),
    ).rejects.toBeInstanceOf(BriefNotAnswerableError);
    expect(await submissionsOf(briefId)).toEqual([]);
    expect(await answersOf(briefId)).toEqual([]);
  });

  it("refuses someone else's submission", async () => {
    const briefId = await newBrief("Not yours");
    await expect(
      db()
        .transaction()
        .execute(async (tx) => {
          const id = await insertSubmission(tx as unknown as typeof database.db, ids.member!, briefId);
          await answerBriefWithSubmission(tx, { briefId, memberId: credited.id, submissionId: id, note: "" });
        }),
    ).rejects.toBeInstanceOf(BriefNotAnswerableError);
    expect(await answersOf(briefId)).toEqual([]);
  });

  it("the database keeps one source per answer and ratings from the scale", async () => {
    const briefId = await newBrief("Constraints");
    await expect(db().insertInto("brief_answers").values({ brief_id: briefId, member_id: credited.id, song_id: null, submission_id: null }).execute()).rejects.toThrow();
    await expect(
      db().insertInto("brief_answers").values({ brief_id: briefId, member_id: credited.id, song_id: credited.songId, rating: "amazing" as "keeper", rated_at: new Date() }).execute(),
    ).rejects.toThrow();
    await expect(db().insertInto("briefs").values({ ar_id: ids.ar!, company: "X", title: "x".repeat(121), body: "b" }).execute()).rejects.toThrow();
  });
});
