/**
 * bench:party-fanout — one listening party, 200 listeners (issue 14 §6, ADR 0092).
 *
 * From this process (a second one: the server is the production build in a
 * child process, on a fresh embedded DATA_DIR):
 *   1. the build starts once with DEMO_PASSWORD and seeds the demo data, and stops;
 *   2. a child of this file (`--prepare`) opens that DATA_DIR as the server
 *      would (boot), writes LISTENERS accepted members and signs each in
 *      through the auth adapter, then beginSession, as the e2e session pool
 *      does (tests/e2e/support/prepare-sessions.ts): no form, no per-address
 *      sign-in limit. Their one password hash is argon2id with the cheapest
 *      parameters (the adapter verifies with the hash's own), so 200 sign-ins
 *      take the real path in a second, not minutes. The host and the
 *      listeners' session cookies go to a file in DATA_DIR;
 *   3. the build starts again on that DATA_DIR; admin@ (the host) starts a
 *      party with three catalogue songs, opens its own stream and plays;
 *   4. LISTENERS listeners open GET /party/:id/events, each a real HTTP
 *      connection with its own cookie, and catch up;
 *   5. the host sends ROUNDS pause/play actions one after another (POST
 *      /party/:id/actions); for each, the time from sending the request to
 *      the first listener and to the LAST listener receiving its `timeline`
 *      event (matched by seq: the seq the first listener saw).
 * BASELINE, in the same run: a plain node:http SSE server (BASELINE_SERVER
 * below, a child process of its own, no app, no database) with the same
 * number of connections, the same client code and a POST that broadcasts one
 * event of the same shape; the same measurement. Its rounds alternate with
 * the app's (app, baseline, app, ...), so on a shared machine both are
 * measured under the same load and the ratio means something.
 *
 * Prints p50/p95/max of both, the ratio of the p95s, the server's RSS
 * (/proc/<pid>/status VmRSS) before the listeners connect, with them
 * connected, and the peak while they were (sampled every 50 ms; VmHWM, the
 * kernel's high-water mark since the process started, beside it), whether
 * every listener got every event in order, and the machine's load.
 *
 *   npm run bench:party-fanout                         (needs a build: npm run build)
 *   LISTENERS=500 ROUNDS=100 npm run bench:party-fanout
 *
 * Target (printed, never asserted): host action -> all listeners p95 < 100 ms.
 * The host's actions are rate-limited (120 a minute a person): ROUNDS over
 * ~110 in one minute are refused.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startBuiltServer, waitForLine, type BuiltServer } from "./built-server";

const LISTENERS = Number(process.env.LISTENERS ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 50);
const PASSWORD = process.env.DEMO_PASSWORD ?? "party-fanout-bench-1";
/** The listeners' own password (one hash for all: each sign-in still checks it). */
const LISTENER_PASSWORD = "party-fanout-listener-1";
const ROUND_TIMEOUT_MS = 10_000;
/** Streams opened at once while connecting (each open is a sign-in check and a join: a write under the room's lock). */
const CONNECT_WAVE = 25;
/** Pause between rounds, so one round's stragglers never overlap the next. */
const ROUND_GAP_MS = 20;
const WATCHDOG_MS = 5 * 60_000;
const SELF = fileURLToPath(import.meta.url);
const HOST_EMAIL = "admin@demo.hitfactory.test";

interface Fixture {
  cookieName: string;
  host: string;
  listeners: string[];
  songIds: string[];
}

// ---------------------------------------------------------------------------
// Child: prepare the DATA_DIR (the server is not running; the database is ours).

async function prepare(fixtureFile: string) {
  const { boot } = await import("../app/startup/boot.server");
  const { authClient, beginSession, getSessionHeaders } = await import("../app/auth/session.server");
  const { LOCAL_SESSION_COOKIE } = await import("../app/platform/auth/local.server");
  const { hash } = await import("@node-rs/argon2");
  const { totpCode } = await import("../app/platform/auth/totp.server");
  let started = performance.now();
  const step = (what: string) => {
    console.log(`  ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
  };
  const runtime = await boot({ log: () => {}, seed: false, lock: true });
  step("app loaded and database opened (--prepare)");
  try {
    if (runtime.database.kind !== "pglite" || runtime.env.backend !== "local") throw new Error("--prepare needs the embedded database and auth (DATABASE_URL and SUPABASE_* unset).");
    const db = runtime.database.db;

    const signIn = async (email: string, password: string): Promise<string> => {
      const request = new Request("http://localhost/auth", { method: "POST" });
      const outcome = await authClient(request).signInWithPassword({ email, password });
      if (outcome.error) throw new Error(`signing in ${email}: ${outcome.error.message}`);
      await beginSession(request, outcome.data);
      const header = getSessionHeaders(request)
        .getSetCookie()
        .find((line) => line.startsWith(`${LOCAL_SESSION_COOKIE}=`));
      if (!header) throw new Error(`signing in ${email}: no ${LOCAL_SESSION_COOKIE} cookie was set`);
      return header.slice(LOCAL_SESSION_COOKIE.length + 1, header.indexOf(";"));
    };

    /**
     * The host is the demo admin, and admins pass two-factor sign-in (ADR 0099): set up an
     * authenticator through the port, as /auth/mfa does, and answer its first code.
     */
    const passHostSecondFactor = async (cookie: string): Promise<string> => {
      const request = new Request("http://localhost/auth/mfa", { headers: { cookie: `${LOCAL_SESSION_COOKIE}=${cookie}` } });
      const mfa = authClient(request).mfa;
      const enrolment = await mfa.enroll("Bench authenticator");
      if (enrolment.error) throw new Error(`setting up the host's authenticator: ${enrolment.error.message}`);
      const challenge = await mfa.challenge(enrolment.data.factorId);
      if (challenge.error) throw new Error(`challenging the host's authenticator: ${challenge.error.message}`);
      const verified = await mfa.verify({ factorId: enrolment.data.factorId, challengeId: challenge.data.challengeId, code: totpCode(enrolment.data.secret) });
      if (verified.error) throw new Error(`verifying the host's authenticator: ${verified.error.message}`);
      // The verify issued new tokens: the host goes on with the cookie a browser would now hold.
      const header = getSessionHeaders(request)
        .getSetCookie()
        .find((line) => line.startsWith(`${LOCAL_SESSION_COOKIE}=`));
      return header ? header.slice(LOCAL_SESSION_COOKIE.length + 1, header.indexOf(";")) : cookie;
    };

    // Accepted members of their own, private (no directory lists them), onboarded.
    const count = Number(process.env.LISTENERS ?? 200);
    // Argon2id as every password is stored, with the cheapest parameters: the
    // adapter verifies with the parameters in the hash, so each sign-in below
    // takes the real path without 200 full-cost checks (fixtures, not people).
    const passwordHash = await hash(LISTENER_PASSWORD, { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const now = new Date();
    const people = Array.from({ length: count }, (_, i) => ({ email: `fanout-${i + 1}@bench.hitfactory.test`, name: `Fanout Listener ${i + 1}` }));
    const users = await db
      .insertInto("auth.users")
      .values(people.map((p) => ({ email: p.email, encrypted_password: passwordHash, raw_user_meta_data: JSON.stringify({ display_name: p.name, role: "accepted_member" }), email_confirmed_at: now })))
      .returning(["id", "email"])
      .execute();
    const idOf = new Map(users.map((u) => [u.email, u.id]));
    await db
      .insertInto("profiles")
      .values(
        people.map((p) => ({
          user_id: idOf.get(p.email)!,
          role: "accepted_member" as const,
          display_name: p.name,
          public_profile: false,
          has_seen_decision_banner: true,
          onboarding_completed: true,
          onboarding_completed_at: now,
          first_login_after_acceptance: now,
          links: JSON.stringify([]),
        })),
      )
      .execute();

    step(`${count} members written`);
    const host = await passHostSecondFactor(await signIn(HOST_EMAIL, PASSWORD));
    // Password checks run on their own threads; the database serialises the writes.
    const listeners = await Promise.all(people.map((p) => signIn(p.email, LISTENER_PASSWORD)));
    step(`the host and ${count} members signed in (auth adapter + beginSession)`);
    const songs = await db.selectFrom("songs").select("id").where("status", "=", "catalogue").orderBy("duration_seconds", "desc").limit(3).execute();
    if (songs.length === 0) throw new Error("The demo seed has no catalogue songs.");
    const fixture: Fixture = { cookieName: LOCAL_SESSION_COOKIE, host, listeners, songIds: songs.map((s) => s.id) };
    fs.writeFileSync(fixtureFile, JSON.stringify(fixture), { mode: 0o600 });
  } finally {
    await runtime.database.close();
  }
  // Timers of modules the boot loaded must not keep this child alive.
  process.exit(0);
}

// ---------------------------------------------------------------------------
// The baseline: plain node:http, no framework, no database (run with `node -e`).

const BASELINE_SERVER = String.raw`
const http = require("node:http");
const streams = new Set();
const partyId = "00000000-0000-4000-8000-000000000000";
let seq = 0;
const server = http.createServer((req, res) => {
  if (req.method === "GET" && req.url.startsWith("/events")) {
    res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store, no-transform", "X-Accel-Buffering": "no", Connection: "keep-alive" });
    res.write("retry: 2000\n\n");
    streams.add(res);
    req.on("close", () => streams.delete(res));
    return;
  }
  if (req.method === "POST" && req.url === "/trigger") {
    req.resume();
    req.on("end", () => {
      seq += 1;
      const playing = seq % 2 === 0;
      const event = { partyId, seq, type: "timeline", data: { timeline: { itemId: partyId, playing, positionMs: seq * 100, anchorMs: Date.now() }, reason: playing ? "play" : "pause" }, at: new Date().toISOString() };
      const bytes = Buffer.from("id: " + seq + "\nevent: timeline\ndata: " + JSON.stringify(event) + "\n\n");
      for (const stream of streams) stream.write(bytes);
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ intent: "trigger", result: { status: "success" } }));
    });
    return;
  }
  res.writeHead(404);
  res.end();
});
server.listen(0, "127.0.0.1", () => console.log("baseline listening on " + server.address().port));
process.on("SIGTERM", () => {
  for (const stream of streams) stream.destroy();
  server.close(() => process.exit(0));
});
`;

// ---------------------------------------------------------------------------
// Measuring.

interface Stream {
  index: number;
  request: http.ClientRequest;
  lastSeq: number;
  events: number;
  /** Events whose seq was not lastSeq + 1. */
  outOfOrder: number;
  closed: boolean;
}

interface Round {
  baseline: number;
  seq: number | null;
  sentAt: number;
  firstAt: number;
  lastAt: number;
  received: number;
  done: () => void;
}

/** A set of SSE connections and the round being measured on them. */
class Audience {
  readonly streams: Stream[] = [];
  round: Round | null = null;
  /** Highest seq any stream has seen. */
  maxSeq = 0;

  constructor(
    private readonly size: number,
    private readonly measured: (stream: Stream) => boolean,
  ) {}

  /** Opens one stream; resolves once its response headers are in (200). */
  open(url: string, headers: Record<string, string>, index: number): Promise<Stream> {
    return new Promise((resolve, reject) => {
      const stream: Stream = { index, request: undefined as unknown as http.ClientRequest, lastSeq: 0, events: 0, outOfOrder: 0, closed: false };
      stream.request = http.get(url, { agent: false, headers: { Accept: "text/event-stream", ...headers } }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream ${index} answered ${response.statusCode}`));
          return;
        }
        response.setEncoding("utf8");
        let buffer = "";
        let event = "message";
        let data = "";
        response.on("data", (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
            const line = buffer.charCodeAt(nl - 1) === 13 ? buffer.slice(0, nl - 1) : buffer.slice(0, nl);
            buffer = buffer.slice(nl + 1);
            if (line === "") {
              if (data) this.#dispatch(stream, event, data, at);
              event = "message";
              data = "";
            } else if (!line.startsWith(":")) {
              const colon = line.indexOf(":");
              const field = colon < 0 ? line : line.slice(0, colon);
              let value = colon < 0 ? "" : line.slice(colon + 1);
              if (value.startsWith(" ")) value = value.slice(1);
              if (field === "event") event = value;
              else if (field === "data") data = data ? `${data}\n${value}` : value;
            }
          }
        });
        response.on("close", () => (stream.closed = true));
        this.streams.push(stream);
        resolve(stream);
      });
      stream.request.on("error", (error) => {
        stream.closed = true;
        reject(error);
      });
    });
  }

  #dispatch(stream: Stream, type: string, data: string, at: number) {
    const event = JSON.parse(data) as { seq: number; type: string };
    stream.events++;
    if (event.seq !== stream.lastSeq + 1) stream.outOfOrder++;
    stream.lastSeq = Math.max(stream.lastSeq, event.seq);
    if (event.seq > this.maxSeq) this.maxSeq = event.seq;
    const round = this.round;
    if (type !== "timeline" || !round || !this.measured(stream) || event.seq <= round.baseline) return;
    if (round.seq === null) {
      round.seq = event.seq;
      round.firstAt = at;
    }
    if (event.seq !== round.seq) return;
    round.received++;
    if (round.received === this.size) {
      round.lastAt = at;
      round.done();
    }
  }

  /** Runs `send` and waits until every measured stream has the timeline event it caused. */
  async measure(send: () => Promise<void>): Promise<{ first: number; all: number; answered: number; seq: number }> {
    let done!: () => void;
    const arrived = new Promise<void>((resolve) => (done = resolve));
    const round: Round = { baseline: this.maxSeq, seq: null, sentAt: performance.now(), firstAt: 0, lastAt: 0, received: 0, done };
    this.round = round;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let answeredAt = 0;
    try {
      await Promise.all([
        send().then(() => (answeredAt = performance.now())),
        Promise.race([
          arrived,
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`round timed out after ${ROUND_TIMEOUT_MS} ms: ${round.received} of ${this.size} listeners had seq ${round.seq ?? "(none yet)"}`)),
              ROUND_TIMEOUT_MS,
            );
          }),
        ]),
      ]);
    } finally {
      clearTimeout(timer);
      this.round = null;
    }
    return { first: round.firstAt - round.sentAt, all: round.lastAt - round.sentAt, answered: answeredAt - round.sentAt, seq: round.seq! };
  }

  /** Resolves once every stream has seen `seq` (or throws after timeoutMs). */
  async caughtUp(seq: () => number, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const target = seq();
      const behind = this.streams.filter((s) => s.lastSeq < target).length;
      if (behind === 0) return;
      if (Date.now() > deadline) throw new Error(`${behind} of ${this.streams.length} streams are not at seq ${target} after ${timeoutMs} ms`);
      await sleep(25);
    }
  }

  close() {
    for (const stream of this.streams) stream.request.destroy();
  }

  order() {
    const streams = this.streams.filter(this.measured);
    return { outOfOrder: streams.reduce((n, s) => n + s.outOfOrder, 0), closed: streams.filter((s) => s.closed).length, streams: streams.length };
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? NaN };
}

const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
const mb = (kb: number | null) => (kb === null ? "   n/a" : `${(kb / 1024).toFixed(1).padStart(6)} MB`);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM); null where there is no /proc. */
function procStatusKb(pid: number | undefined, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) of a process so far, in ms (Linux /proc). */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Samples a process's VmRSS every 50 ms; `peak()` is the highest seen since start(). */
function rssSampler(pid: number | undefined) {
  let peak = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const sample = () => (peak = Math.max(peak, procStatusKb(pid, "VmRSS") ?? 0));
  return {
    start() {
      sample();
      timer = setInterval(sample, 50);
    },
    stop() {
      clearInterval(timer);
      sample();
      return peak || null;
    },
  };
}

/** A POST of a form, answered in full; keep-alive (the host's browser keeps its connection). */
function postForm(agent: http.Agent, url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; location?: string; body: string }> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: new URL(url).origin, ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body: text }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Opens `count` streams `CONNECT_WAVE` at a time. */
async function connectAll(audience: Audience, count: number, url: string, headersOf: (index: number) => Record<string, string>) {
  for (let start = 0; start < count; start += CONNECT_WAVE) {
    const wave = Array.from({ length: Math.min(CONNECT_WAVE, count - start) }, (_, i) => audience.open(url, headersOf(start + i), start + i));
    await Promise.all(wave);
  }
}

interface RunResult {
  first: number[];
  all: number[];
  answered: number[];
  /** First listener to last, per round. */
  spread: number[];
  rssBefore: number | null;
  rssConnected: number | null;
  rssPeak: number | null;
  hwm: number | null;
  connectMs: number;
  cpuPerRound: number | null;
  order: { outOfOrder: number; closed: number; streams: number };
}

/** A server with its listeners connected, ready for rounds. */
interface Target {
  audience: Audience;
  pid: number | undefined;
  /** One action whose event every listener must receive. */
  send(): Promise<void>;
  /** Waits until every stream has everything (after the rounds). */
  settle(): Promise<void>;
  rssBefore: number | null;
  rssConnected: number | null;
  connectMs: number;
  sampler: ReturnType<typeof rssSampler>;
  result: Pick<RunResult, "first" | "all" | "answered" | "spread">;
  cpuBefore: number | null;
  stop(): Promise<void>;
}

async function round(target: Target) {
  const measured = await target.audience.measure(() => target.send());
  target.result.first.push(measured.first);
  target.result.all.push(measured.all);
  target.result.answered.push(measured.answered);
  target.result.spread.push(measured.all - measured.first);
  await sleep(ROUND_GAP_MS);
}

async function finish(target: Target): Promise<RunResult> {
  const cpuAfter = cpuMs(target.pid);
  await target.settle();
  return {
    ...target.result,
    rssBefore: target.rssBefore,
    rssConnected: target.rssConnected,
    rssPeak: target.sampler.stop(),
    hwm: procStatusKb(target.pid, "VmHWM"),
    connectMs: target.connectMs,
    cpuPerRound: target.cpuBefore !== null && cpuAfter !== null ? (cpuAfter - target.cpuBefore) / ROUNDS : null,
    order: target.audience.order(),
  };
}

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];

// -- The app ------------------------------------------------------------------------------

async function startApp(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-party-fanout-"));
  const secret = crypto.randomBytes(32).toString("hex");
  const env = { DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, DATABASE_URL: "", SESSION_SECRET: secret };
  let server: BuiltServer | undefined;
  const hostAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const audience = new Audience(LISTENERS, (stream) => stream.index >= 0);
  const stop = async () => {
    audience.close();
    hostAgent.destroy();
    if (server) await stopWithin(server.child, 15_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.push(stop);

  let started = performance.now();
  const seeding = await startBuiltServer(env);
  children.add(seeding.child);
  await stopWithin(seeding.child, 15_000);
  console.log(`  demo data seeded by the build in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  started = performance.now();
  const fixtureFile = path.join(dataDir, "party-fanout.json");
  await runChild([process.execPath, "--import", "tsx", SELF, "--prepare", fixtureFile], { ...env, NODE_ENV: "production", LISTENERS: String(LISTENERS) });
  const fixture = JSON.parse(fs.readFileSync(fixtureFile, "utf8")) as Fixture;
  console.log(`  fixture ready (${fixture.listeners.length} listener sessions) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  started = performance.now();
  server = await startBuiltServer(env);
  children.add(server.child);
  console.log(`  server started in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const base = server.url;
  const pid = server.child.pid;
  const cookie = (value: string) => ({ Cookie: `${fixture.cookieName}=${value}` });
  const hostCookie = cookie(fixture.host);

  // The host starts the party (the form, as without JavaScript), adds the songs and plays.
  const created = await postForm(hostAgent, `${base}/party/new`, { intent: "create", title: `Fan-out ${new Date().toISOString().slice(11, 19)}`, visibility: "members" }, hostCookie);
  const partyId = /^\/party\/([0-9a-f-]{36})$/.exec(created.location ?? "")?.[1];
  if (created.status !== 302 || !partyId) throw new Error(`POST /party/new answered ${created.status} ${created.location ?? ""}: ${created.body.slice(0, 300)}`);
  const act = async (fields: Record<string, string>) => {
    const answer = await postForm(hostAgent, `${base}/party/${partyId}/actions`, { ...fields, js: "1" }, hostCookie);
    if (answer.status !== 200) throw new Error(`${fields.intent} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  };
  for (const sourceId of fixture.songIds) await act({ intent: "add", kind: "song", sourceId });
  // The host's own stream keeps them present (else the sweeper pauses the room and hands it over).
  const hostStream = await audience.open(`${base}/party/${partyId}/events?after=0`, hostCookie, -1);
  await act({ intent: "play" });
  let playing = true;
  await audience.caughtUp(() => hostStream.lastSeq, 10_000);
  await sleep(500);
  const rssBefore = procStatusKb(pid, "VmRSS");

  const sampler = rssSampler(pid);
  sampler.start();
  started = performance.now();
  await connectAll(audience, LISTENERS, `${base}/party/${partyId}/events?after=0`, (i) => cookie(fixture.listeners[i]!));
  // Each join announced itself to the room: wait until everyone has everything the host has.
  await audience.caughtUp(() => hostStream.lastSeq, 60_000);
  const connectMs = performance.now() - started;
  await sleep(500);
  return {
    audience,
    pid,
    async send() {
      await act({ intent: playing ? "pause" : "play" });
      playing = !playing;
    },
    // Everyone is still there and saw every event of the room once, in order.
    settle: () => audience.caughtUp(() => hostStream.lastSeq, 10_000),
    rssBefore,
    rssConnected: procStatusKb(pid, "VmRSS"),
    connectMs,
    sampler,
    result: { first: [], all: [], answered: [], spread: [] },
    cpuBefore: cpuMs(pid),
    stop,
  };
}

// -- The baseline -------------------------------------------------------------------------

async function startBaseline(): Promise<Target> {
  const child = spawn(process.execPath, ["-e", BASELINE_SERVER], { stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const audience = new Audience(LISTENERS, () => true);
  const stop = async () => {
    audience.close();
    agent.destroy();
    await stopWithin(child, 5_000);
  };
  cleanups.push(stop);
  const match = await waitForLine(child, /baseline listening on (\d+)/, 30_000);
  child.stdout?.resume();
  child.stderr?.resume();
  const base = `http://127.0.0.1:${match[1]}`;
  await sleep(200);
  const rssBefore = procStatusKb(child.pid, "VmRSS");
  const sampler = rssSampler(child.pid);
  sampler.start();
  const started = performance.now();
  await connectAll(audience, LISTENERS, `${base}/events`, () => ({}));
  const connectMs = performance.now() - started;
  await sleep(200);
  return {
    audience,
    pid: child.pid,
    async send() {
      const answer = await postForm(agent, `${base}/trigger`, { intent: "trigger" });
      if (answer.status !== 200) throw new Error(`the baseline's trigger answered ${answer.status}`);
    },
    settle: () => audience.caughtUp(() => audience.maxSeq, 10_000),
    rssBefore,
    rssConnected: procStatusKb(child.pid, "VmRSS"),
    connectMs,
    sampler,
    result: { first: [], all: [], answered: [], spread: [] },
    cpuBefore: cpuMs(child.pid),
    stop,
  };
}

// -- Processes --------------------------------------------------------------------------------

function runChild(command: string[], env: Record<string, string>): Promise<void> {
  const [file, ...args] = command;
  const child = spawn(file!, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let output = "";
  child.stdout!.on("data", (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  child.stderr!.on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${args.slice(-2).join(" ")} exited with ${code}:\n${output}`));
    });
  });
}

/** SIGTERM, then SIGKILL if it has not exited within `ms`. */
function stopWithin(child: ChildProcess, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      children.delete(child);
      resolve();
    };
    if (child.exitCode !== null || child.signalCode !== null) return finish();
    child.once("exit", finish);
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.kill("SIGTERM");
  });
}

function report(name: string, result: RunResult) {
  const all = percentiles(result.all);
  const first = percentiles(result.first);
  const spread = percentiles(result.spread);
  const answered = percentiles(result.answered);
  console.log(`\n${name}`);
  console.log(`  ${LISTENERS} streams connected and caught up in ${(result.connectMs / 1000).toFixed(1)} s`);
  console.log(`  host action -> all ${LISTENERS} received   p50 ${ms(all.p50)}   p95 ${ms(all.p95)}   max ${ms(all.max)}`);
  console.log(`  host action -> first listener      p50 ${ms(first.p50)}   p95 ${ms(first.p95)}   max ${ms(first.max)}`);
  console.log(`  first -> last listener (fan-out)   p50 ${ms(spread.p50)}   p95 ${ms(spread.p95)}   max ${ms(spread.max)}`);
  console.log(`  host action -> host's answer       p50 ${ms(answered.p50)}   p95 ${ms(answered.p95)}   max ${ms(answered.max)}`);
  console.log(`  server RSS   before ${mb(result.rssBefore)}   ${LISTENERS} connected ${mb(result.rssConnected)}   peak ${mb(result.rssPeak)}   (VmHWM ${mb(result.hwm)})`);
  console.log(`  server CPU   ${result.cpuPerRound === null ? "n/a" : `${result.cpuPerRound.toFixed(1)} ms`} per action (its background work meanwhile included)`);
  console.log(
    `  order        ${result.order.outOfOrder === 0 ? "every listener got every event once, in seq order" : `${result.order.outOfOrder} events out of order or missing`}; streams closed early: ${result.order.closed} of ${result.order.streams}`,
  );
}

async function main() {
  console.log(`bench:party-fanout — ${LISTENERS} listeners, ${ROUNDS} host actions, ${os.cpus().length} cores, node ${process.version}, load ${load()}`);
  if (ROUNDS > 110) console.log(`  note: the host may take 120 actions a minute; ROUNDS=${ROUNDS} will be refused part-way`);
  const app = await startApp();
  const baseline = await startBaseline();
  // Rounds alternate between the two, so both are measured under the same load of this shared machine.
  const loadBefore = load();
  for (let i = 0; i < ROUNDS; i++) {
    await round(app);
    await round(baseline);
  }
  const appResult = await finish(app);
  const baselineResult = await finish(baseline);
  const loadAfter = load();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  report(`The Hit Factory (production build, embedded PGlite, one process)`, appResult);
  report(`BASELINE: plain node:http SSE server (no app, no database, its own process; rounds alternated with the app's)`, baselineResult);
  const ours = percentiles(appResult.all).p95;
  const theirs = percentiles(baselineResult.all).p95;
  console.log(`\nload average (1/5/15 min) when the rounds began ${loadBefore}, after ${loadAfter}`);
  console.log(`ratio: ours p95 / baseline p95 = ${(ours / theirs).toFixed(1)}x (${ours.toFixed(1)} ms / ${theirs.toFixed(1)} ms)`);
  console.log(`target: host action -> all ${LISTENERS} received p95 < 100 ms: ${ours < 100 ? "met" : "NOT met"} (${ours.toFixed(1)} ms)`);
}

function killChildren() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

if (process.argv[2] === "--prepare") {
  await prepare(process.argv[3]!);
} else {
  process.on("exit", killChildren);
  const watchdog = setTimeout(() => {
    console.error(`bench:party-fanout: still running after ${WATCHDOG_MS / 1000} s; giving up`);
    killChildren();
    process.exit(1);
  }, WATCHDOG_MS);
  watchdog.unref();
  let code = 0;
  try {
    await main();
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    code = 1;
  }
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  killChildren();
  process.exit(code);
}
