/**
 * A listening party served by TWO server processes on one PostgreSQL
 * (issue 14 §6, ADR 0092): the production build twice (build/server.js,
 * DATABASE_URL of this file's fresh database, the same SESSION_SECRET), a
 * listener's event stream on each, and a host posting to one instance, then
 * the other. Both listeners must get the same events, every one of them,
 * with seqs 1, 2, 3... and the host's changes in the order they were made,
 * whichever instance made them (events cross instances by LISTEN/NOTIFY,
 * app/party/hub.server.ts). A chat line posted through B is on A's page, as
 * text.
 *
 * PostgreSQL only (TEST_DATABASE_URL; on PGlite the database belongs to one
 * process, so there is no second instance). Needs the production build
 * (npm run build). Sessions are minted as the e2e pool mints them: the auth
 * adapter's password sign-in and beginSession in this process, on the same
 * database and secret the servers use.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, beginSession, getSessionHeaders } from "~/auth/session.server";
import { createLocalUser } from "~/auth/users.server";
import { insertSongRecord } from "~/catalog/song-records.server";
import { eventsAfter, type PartyEvent } from "~/party/events.server";
import { LOCAL_SESSION_COOKIE } from "~/platform/auth/local.server";
import { createTestDatabase, usingPostgres, useTestRuntime, type TestDatabase } from "../support/database";
import { COMPILED_SERVER, startServer, type ServerProcess } from "../support/server-process";
import { newSong } from "../support/songs";

const PASSWORD = "party-instances-password-1";
const ACTIONS = 30;

interface Listener {
  events: PartyEvent[];
  /** Events whose SSE `event:` name was not their type (the browser dispatches by that name). */
  misnamed: string[];
  /** Set when the stream ended (it should not, until we close it). */
  ended: boolean;
  lastSeq(): number;
  close(): void;
}

/** A party's event stream over a real connection, parsed as EventSource parses it. */
function listen(url: string, cookie: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const listener: Listener = {
      events: [],
      misnamed: [],
      ended: false,
      lastSeq: () => listener.events.at(-1)?.seq ?? 0,
      close: () => request.destroy(),
    };
    const request = http.get(url, { agent: false, headers: { Accept: "text/event-stream", Cookie: cookie } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      response.setEncoding("utf8");
      let buffer = "";
      let type = "message";
      let data = "";
      response.on("data", (chunk: string) => {
        buffer += chunk;
        for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
          const line = buffer.slice(0, nl).replace(/\r$/, "");
          buffer = buffer.slice(nl + 1);
          if (line === "") {
            if (data) {
              const event = JSON.parse(data) as PartyEvent;
              if (type !== event.type) listener.misnamed.push(`${event.seq}: event ${type}, type ${event.type}`);
              listener.events.push(event);
            }
            type = "message";
            data = "";
          } else if (!line.startsWith(":")) {
            const colon = line.indexOf(":");
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
            if (field === "event") type = value;
            else if (field === "data") data = data ? `${data}\n${value}` : value;
          }
        }
      });
      response.on("close", () => (listener.ended = true));
      resolve(listener);
    });
    request.on("error", (error) => {
      listener.ended = true;
      reject(error);
    });
  });
}

async function until(condition: () => boolean | Promise<boolean>, what: () => string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A form POST from the page's own origin (the CSRF guard lets it through), redirects not followed. */
async function post(base: string, pathname: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: base },
    body: new URLSearchParams(fields),
  });
}

describe.skipIf(!usingPostgres)("a listening party on two server instances sharing one PostgreSQL", () => {
  let database: TestDatabase;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const streams: Listener[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  const cookies: Record<"host" | "alice" | "bob", string> = { host: "", alice: "", bob: "" };
  let songId: string;
  let partyId: string;
  let alice: Listener;
  let bob: Listener;

  async function member(key: keyof typeof cookies, displayName: string) {
    const email = `party-instances-${key}@example.test`;
    const user = await createLocalUser(database.db, { email, password: PASSWORD, displayName, role: "accepted_member", confirmed: true });
    await database.db
      .insertInto("profiles")
      .values({
        user_id: user.id,
        role: "accepted_member",
        display_name: displayName,
        public_profile: false,
        has_seen_decision_banner: true,
        onboarding_completed: true,
        onboarding_completed_at: new Date(),
        first_login_after_acceptance: new Date(),
        links: JSON.stringify([]),
      })
      .execute();
    // As the e2e session pool signs its personas in: the adapter checks the password, beginSession starts the session's clocks.
    const request = new Request("http://localhost/auth", { method: "POST" });
    const outcome = await authClient(request).signInWithPassword({ email, password: PASSWORD });
    if (outcome.error) throw new Error(`signing in ${email}: ${outcome.error.message}`);
    await beginSession(request, outcome.data);
    const header = getSessionHeaders(request)
      .getSetCookie()
      .find((line) => line.startsWith(`${LOCAL_SESSION_COOKIE}=`));
    if (!header) throw new Error(`signing in ${email}: no session cookie`);
    cookies[key] = header.slice(0, header.indexOf(";"));
  }

  async function storedSeq(): Promise<number> {
    const row = await database.db.selectFrom("parties").select("event_seq").where("id", "=", partyId).executeTakeFirstOrThrow();
    return Number(row.event_seq);
  }

  async function stream(server: ServerProcess, cookie: string): Promise<Listener> {
    const listener = await listen(`${server.url}/party/${partyId}/events?after=0`, cookie);
    streams.push(listener);
    return listener;
  }

  /** Both listeners have everything the room has stored. */
  async function bothCaughtUp() {
    await until(
      async () => {
        const seq = await storedSeq();
        return alice.lastSeq() >= seq && bob.lastSeq() >= seq;
      },
      () => `both listeners to catch up (alice at ${alice.lastSeq()}, bob at ${bob.lastSeq()})`,
    );
  }

  beforeAll(async () => {
    if (!fs.existsSync(COMPILED_SERVER)) throw new Error(`No production build at ${COMPILED_SERVER}: run \`npm run build\` first.`);
    database = await createTestDatabase();
    const runtime = useTestRuntime(database);
    const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
    databaseUrl.pathname = `/${database.name}`;

    songId = await database.db.transaction().execute((tx) => insertSongRecord(tx, newSong("Two Rooms", { durationSeconds: 900 })));
    await member("host", "Hana Host");
    await member("alice", "Alice on A");
    await member("bob", "Bob on B");

    // Two instances: the same database and session secret, each its own port and DATA_DIR.
    for (const name of ["a", "b"]) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hf-party-instance-${name}-`));
      dataDirs.push(dir);
    }
    [a, b] = await Promise.all(
      dataDirs.map((dir) =>
        startServer({ DATABASE_URL: databaseUrl.toString(), SESSION_SECRET: runtime.sessionSecret, DATA_DIR: dir, PORT: "0", SEED_DEMO: "false" }).then((server) => {
          servers.push(server);
          return server;
        }),
      ),
    );
    expect(a.url).not.toBe(b.url);
    expect(a.output()).toContain("(postgres");
  }, 240_000);

  afterAll(async () => {
    for (const listener of streams) listener.close();
    await Promise.all(
      servers.map(async (server) => {
        if (server.child.exitCode !== null || server.child.signalCode !== null) return;
        const killer = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
        server.child.kill("SIGTERM");
        await server.exited;
        clearTimeout(killer);
      }),
    );
    await database?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("both listeners get every event of the room once, in the same order, whichever instance the host posts to", async () => {
    // The host starts the party through A (the form, as without JavaScript) and adds the song through B.
    const created = await post(a.url, "/party/new", cookies.host, { intent: "create", title: "Two rooms, one party", visibility: "members" });
    expect(created.status).toBe(302);
    partyId = /^\/party\/([0-9a-f-]{36})$/.exec(created.headers.get("location") ?? "")?.[1] ?? "";
    expect(partyId).not.toBe("");
    const added = await post(b.url, `/party/${partyId}/actions`, cookies.host, { intent: "add", kind: "song", sourceId: songId, js: "1" });
    expect(added.status).toBe(200);

    // The host's own stream (on A) keeps them present; Alice listens on A, Bob on B.
    await stream(a, cookies.host);
    alice = await stream(a, cookies.alice);
    bob = await stream(b, cookies.bob);
    await bothCaughtUp();
    const before = await storedSeq();

    // 30 changes, alternately through A and B: play/pause, and every third a chat line.
    const expected: string[] = [];
    let playing = false;
    for (let i = 0; i < ACTIONS; i++) {
      const server = i % 2 === 0 ? a : b;
      const via = server === a ? "A" : "B";
      let fields: Record<string, string>;
      if (i % 3 === 2) {
        const body = `line ${i} via ${via}`;
        fields = { intent: "chat", body };
        expected.push(`message:${body}`);
      } else {
        const intent = playing ? "pause" : "play";
        playing = !playing;
        fields = { intent };
        expected.push(`timeline:${intent}`);
      }
      const response = await post(server.url, `/party/${partyId}/actions`, cookies.host, { ...fields, js: "1" });
      const text = await response.text();
      expect(response.status, `action ${i} (${fields.intent} via ${via}): ${text.slice(0, 200)}`).toBe(200);
      expect((JSON.parse(text) as { intent: string }).intent).toBe(fields.intent);
    }
    await bothCaughtUp();

    const stored = await eventsAfter(database.db, partyId, 0);
    const seqs = stored.map((event) => event.seq);
    // The room's log runs 1..n without a hole, and both listeners got exactly that, in that order.
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(alice.events.map((event) => event.seq)).toEqual(seqs);
    expect(bob.events).toEqual(alice.events);
    expect(alice.events).toEqual(stored);

    // Every one of the host's changes is there, in the order it was made (the first play also announced the queue).
    const changes = alice.events
      .filter((event) => event.seq > before && (event.type === "message" || event.type === "timeline"))
      .map((event) =>
        event.type === "message"
          ? `message:${(event.data.message as { body: string }).body}`
          : `timeline:${(event.data.timeline as { playing: boolean }).playing ? "play" : "pause"}`,
      );
    expect(changes).toEqual(expected);
    expect(changes).toHaveLength(ACTIONS);
    expect(alice.events.filter((event) => event.seq > before).length).toBeGreaterThanOrEqual(ACTIONS);
    expect([...alice.misnamed, ...bob.misnamed]).toEqual([]);
    expect(alice.ended || bob.ended).toBe(false);
  }, 120_000);

  it("a chat line posted through B is on A's page, as text", async () => {
    const response = await post(b.url, `/party/${partyId}/actions`, cookies.host, { intent: "chat", body: "<b>hi</b> from B", js: "1" });
    expect(response.status).toBe(200);
    // It reached A's listener by the same road.
    await until(
      () => alice.events.some((event) => event.type === "message" && (event.data.message as { body: string }).body.includes("from B")),
      () => "the chat line on A's stream",
    );
    const line = alice.events.findLast((event) => event.type === "message")!;
    expect((line.data.message as { body: string }).body).toBe("hi from B");

    const page = await fetch(`${a.url}/party/${partyId}`, { headers: { Cookie: cookies.alice } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const chatLog = /<ol[^>]*data-testid="chat-log"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1];
    expect(chatLog, "the page's chat log").toBeDefined();
    expect(chatLog).toMatch(/>hi from B</);
    expect(chatLog).not.toMatch(/<b[\s>]/i);
    expect(html).not.toContain("<b>hi</b>");
  }, 60_000);
});
