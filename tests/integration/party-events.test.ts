/**
 * The listening party's event transport (issue 14 §6, ADR 0092) on a real
 * database: the room's ordered log written in the changing transaction, the
 * hub that turns NOTIFYs into every event once and in order (replay, live,
 * gaps, references for large events, many subscribers sharing one read), and
 * the server-sent event stream. On PostgreSQL also two instances (two
 * connections, two hubs) on one database, and a listening connection killed
 * and recovered.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitPartyEvent, eventsAfter, PARTY_CHANNEL, type PartyEvent } from "~/party/events.server";
import { partyHub, type PartyHub } from "~/party/hub.server";
import { parseLastEventId, partyEventStream } from "~/party/sse.server";
import { openDatabase, type OpenDatabase } from "~/platform/db/connect.server";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../support/database";

let database: TestDatabase;
let hub: PartyHub;
let hostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hub = partyHub(database);
  hostId = (await database.db.insertInto("auth.users").values({ email: "party-host@example.test" }).returning("id").executeTakeFirstOrThrow()).id;
});

afterAll(async () => {
  await hub?.close();
  await database?.close();
});

async function createParty(title = "Friday listening"): Promise<string> {
  const row = await database.db
    .insertInto("parties")
    .values({ title, host_id: hostId, created_by: hostId, visibility: "members", status: "live", started_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One change to the room: its own transaction, as the domain's commands run. */
function emit(partyId: string, type: string, data: Record<string, unknown>, db: OpenDatabase["db"] = database.db): Promise<PartyEvent> {
  return db.transaction().execute((tx) => emitPartyEvent(tx, partyId, type, data));
}

async function storedSeq(partyId: string): Promise<number> {
  return (await database.db.selectFrom("parties").select("event_seq").where("id", "=", partyId).executeTakeFirstOrThrow()).event_seq;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface Collector {
  events: PartyEvent[];
  ended: Error[];
  seqs(): number[];
  waitFor(count: number): Promise<void>;
  stop(): void;
}

function collect(on: PartyHub, partyId: string, afterSeq: number): Collector {
  const events: PartyEvent[] = [];
  const ended: Error[] = [];
  const stop = on.subscribe(partyId, afterSeq, (event) => events.push(event), { onEnd: (error) => ended.push(error) });
  return {
    events,
    ended,
    seqs: () => events.map((event) => event.seq),
    waitFor: (count) => until(() => events.length >= count, `${count} events (have ${events.length})`),
    stop,
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("the room's event log", () => {
  it("numbers a room's events from 1 in the changing transaction and replays them all, in order, from afterSeq 0", async () => {
    const partyId = await createParty();
    const emitted: PartyEvent[] = [];
    for (let i = 1; i <= 5; i++) emitted.push(await emit(partyId, i % 2 ? "timeline" : "message", { n: i, text: `event ${i}` }));
    expect(emitted.map((e) => e.seq)).toEqual(range(1, 5));
    expect(emitted[0]).toMatchObject({ partyId, seq: 1, type: "timeline", data: { n: 1, text: "event 1" } });
    expect(new Date(emitted[0]!.at).toISOString()).toBe(emitted[0]!.at);
    expect(await storedSeq(partyId)).toBe(5);
    // What the table gives back is what the emitter was given.
    expect(await eventsAfter(database.db, partyId, 0)).toEqual(emitted);
    expect(await eventsAfter(database.db, partyId, 3, 1)).toEqual([emitted[3]]);

    const subscriber = collect(hub, partyId, 0);
    await subscriber.waitFor(5);
    expect(subscriber.events).toEqual(emitted);
    subscriber.stop();
  });

  it("several events in one transaction take consecutive seqs; a room without the party's row is refused", async () => {
    const partyId = await createParty();
    const events = await database.db.transaction().execute(async (tx) => [
      await emitPartyEvent(tx, partyId, "queue", { a: 1 }),
      await emitPartyEvent(tx, partyId, "hosts", { b: 2 }),
    ]);
    expect(events.map((e) => e.seq)).toEqual([1, 2]);
    await expect(emit("00000000-0000-4000-8000-000000000000", "timeline", {})).rejects.toThrow(/no party/);
  });

  it("delivers live events in order after the replay, to subscribers that start at different seqs", async () => {
    const partyId = await createParty();
    for (let i = 1; i <= 3; i++) await emit(partyId, "message", { n: i });
    const fromStart = collect(hub, partyId, 0);
    const fromTwo = collect(hub, partyId, 2);
    const fromNow = collect(hub, partyId, 3);
    for (let i = 4; i <= 10; i++) await emit(partyId, "message", { n: i });
    await fromStart.waitFor(10);
    await fromTwo.waitFor(8);
    await fromNow.waitFor(7);
    expect(fromStart.seqs()).toEqual(range(1, 10));
    expect(fromTwo.seqs()).toEqual(range(3, 10));
    expect(fromNow.seqs()).toEqual(range(4, 10));
    expect(fromStart.events.map((e) => e.data.n)).toEqual(range(1, 10));
    // A late subscriber from far back replays, then joins the shared stream without holes or repeats.
    const late = collect(hub, partyId, 1);
    await emit(partyId, "message", { n: 11 });
    await late.waitFor(10);
    await fromStart.waitFor(11);
    expect(late.seqs()).toEqual(range(2, 11));
    expect(fromStart.seqs()).toEqual(range(1, 11));
    for (const s of [fromStart, fromTwo, fromNow, late]) s.stop();
    expect(hub.stats().parties).toBe(0);
  });

  it("a subscriber ahead of the room (a stale Last-Event-ID) resumes from the stored seq instead of skipping new events", async () => {
    const partyId = await createParty();
    await emit(partyId, "message", { n: 1 });
    await emit(partyId, "message", { n: 2 });
    const ahead = collect(hub, partyId, 99);
    await until(() => hub.stats().catchingUp === 0, "the subscriber to join");
    await emit(partyId, "message", { n: 3 });
    await ahead.waitFor(1);
    expect(ahead.seqs()).toEqual([3]);
    ahead.stop();
  });

  it("a rolled-back change announces nothing and uses no seq", async () => {
    const partyId = await createParty();
    await emit(partyId, "message", { n: 1 });
    const subscriber = collect(hub, partyId, 0);
    await subscriber.waitFor(1);
    await expect(
      database.db.transaction().execute(async (tx) => {
        await emitPartyEvent(tx, partyId, "message", { n: "rolled back" });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await storedSeq(partyId)).toBe(1);
    expect(await eventsAfter(database.db, partyId, 0)).toHaveLength(1);
    const next = await emit(partyId, "message", { n: 2 });
    expect(next.seq).toBe(2);
    await subscriber.waitFor(2);
    // Give a stray notification time to show up on PostgreSQL.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(subscriber.seqs()).toEqual([1, 2]);
    expect(subscriber.events.map((e) => e.data.n)).toEqual([1, 2]);
    subscriber.stop();
  });

  it("fills a gap (events whose notification never came) from the table with one query for all its subscribers", async () => {
    const partyId = await createParty();
    await emit(partyId, "message", { n: 1 });
    const subscribers = Array.from({ length: 200 }, (_, i) => collect(hub, partyId, i % 2 ? 1 : 0));
    await until(() => hub.stats().catchingUp === 0, "subscribers to join");
    // Two events written the way emitPartyEvent does, but with their NOTIFY lost.
    for (const n of [2, 3]) {
      await sql`
        with bumped as (update parties set event_seq = event_seq + 1 where id = ${partyId} returning event_seq)
        insert into party_events (party_id, seq, type, data) select ${partyId}::uuid, event_seq, 'message', ${JSON.stringify({ n })}::jsonb from bumped
      `.execute(database.db);
    }
    const before = hub.stats();
    expect(before.subscribers).toBe(200);
    await emit(partyId, "message", { n: 4 });
    for (const [i, s] of subscribers.entries()) await s.waitFor(i % 2 ? 3 : 4);
    for (const [i, s] of subscribers.entries()) {
      expect(s.seqs()).toEqual(range(i % 2 ? 2 : 1, 4));
      expect(s.events.map((e) => e.data.n)).toEqual(range(i % 2 ? 2 : 1, 4));
    }
    const after = hub.stats();
    expect(after.gapFills - before.gapFills).toBe(1);
    expect(after.replays).toBe(before.replays);
    for (const s of subscribers) s.stop();
  });

  it("many concurrent transactions on one room come out in strictly increasing, contiguous seq order at every subscriber", async () => {
    const partyId = await createParty();
    const subscribers = [collect(hub, partyId, 0), collect(hub, partyId, 0), collect(hub, partyId, 0)];
    await until(() => hub.stats().catchingUp === 0, "subscribers to join");
    const writers = 40;
    const results = await Promise.all(
      Array.from({ length: writers }, (_, w) =>
        database.db.transaction().execute(async (tx) => {
          const first = await emitPartyEvent(tx, partyId, "message", { writer: w, part: 1 });
          // Work after the lock is taken, so others queue behind it.
          await sql`select pg_sleep(0.002)`.execute(tx);
          const second = await emitPartyEvent(tx, partyId, "message", { writer: w, part: 2 });
          return [first, second];
        }),
      ),
    );
    const total = writers * 2;
    // One transaction's two events are adjacent: the room's lock is held until commit.
    for (const [first, second] of results) expect(second!.seq).toBe(first!.seq + 1);
    expect(results.flat().map((e) => e.seq).sort((a, b) => a - b)).toEqual(range(1, total));
    for (const s of subscribers) {
      await s.waitFor(total);
      expect(s.seqs()).toEqual(range(1, total));
      expect(s.events).toEqual(subscribers[0]!.events);
    }
    expect(subscribers[0]!.events).toEqual(await eventsAfter(database.db, partyId, 0));
    for (const s of subscribers) s.stop();
  });

  it("an event of 10 KB travels as a reference and reaches subscribers whole, read from the table", async () => {
    const partyId = await createParty();
    const payloads: string[] = [];
    const unlisten = await database.listen!(PARTY_CHANNEL, (payload) => payloads.push(payload));
    try {
      const subscriber = collect(hub, partyId, 0);
      await until(() => hub.stats().catchingUp === 0, "the subscriber to join");
      const big = { text: "x".repeat(10 * 1024) };
      // Under 7000 characters but over 7000 bytes: the limit counts bytes.
      const multibyte = { text: "é".repeat(4000) };
      await emit(partyId, "message", { small: true });
      await emit(partyId, "message", big);
      await emit(partyId, "message", multibyte);
      await emit(partyId, "message", { small: "again" });
      await subscriber.waitFor(4);
      await until(() => payloads.length >= 4, "four notifications");
      const notified = payloads.map((p) => JSON.parse(p) as Record<string, unknown>).filter((p) => p.partyId === partyId);
      expect(notified.map((p) => p.seq)).toEqual([1, 2, 3, 4]);
      expect(notified[0]).toMatchObject({ seq: 1, type: "message", data: { small: true } });
      expect(notified[1]).toEqual({ partyId, seq: 2, ref: true });
      expect(notified[2]).toEqual({ partyId, seq: 3, ref: true });
      expect(payloads.every((p) => Buffer.byteLength(p) < 7000)).toBe(true);
      expect(subscriber.seqs()).toEqual([1, 2, 3, 4]);
      expect(subscriber.events[1]!.data).toEqual(big);
      expect(subscriber.events[2]!.data).toEqual(multibyte);
      subscriber.stop();
    } finally {
      await unlisten();
    }
  });
});

describe("the event stream (text/event-stream)", () => {
  async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, seen: { text: string }, pattern: RegExp) {
    const decoder = new TextDecoder();
    const deadline = Date.now() + 10_000;
    while (!pattern.test(seen.text)) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${pattern} in ${JSON.stringify(seen.text)}`);
      const { done, value } = await reader.read();
      if (done) throw new Error(`The stream ended before ${pattern}: ${JSON.stringify(seen.text)}`);
      seen.text += decoder.decode(value, { stream: true });
    }
  }

  it("sends retry, then every event as id/event/data, pings, and ends (onClose once) when the request aborts", async () => {
    const partyId = await createParty();
    const first = await emit(partyId, "timeline", { playing: true, positionMs: 0 });
    const aborter = new AbortController();
    const request = new Request(`http://localhost/party/${partyId}/events`, { signal: aborter.signal });
    let heartbeats = 0;
    let closes = 0;
    const response = partyEventStream({
      request,
      hub,
      partyId,
      afterSeq: 0,
      heartbeatMs: 30,
      onHeartbeat: () => void heartbeats++,
      onClose: () => void closes++,
      headers: { "Set-Cookie": "a=b" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store, no-transform");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");
    expect(response.headers.get("Connection")).toBe("keep-alive");
    expect(response.headers.get("Set-Cookie")).toBe("a=b");

    const reader = response.body!.getReader();
    const seen = { text: "" };
    await readUntil(reader, seen, /\n\n[\s\S]*\n\n/);
    expect(seen.text.startsWith("retry: 2000\n\n")).toBe(true);
    expect(seen.text).toContain(`id: 1\nevent: timeline\ndata: ${JSON.stringify(first)}\n\n`);

    const live = await emit(partyId, "message", { body: "line one\nline two" });
    await readUntil(reader, seen, /id: 2\n/);
    await readUntil(reader, seen, /id: 2\n[^]*?\n\n/);
    const block = seen.text.slice(seen.text.indexOf("id: 2\n"));
    const lines = block.slice(0, block.indexOf("\n\n")).split("\n");
    expect(lines).toEqual(["id: 2", "event: message", `data: ${JSON.stringify(live)}`]);
    expect(JSON.parse(lines[2]!.slice("data: ".length))).toEqual(live);

    await readUntil(reader, seen, /\n: ping\n\n/);
    await until(() => heartbeats >= 1, "a heartbeat");
    expect(hub.stats().subscribers).toBe(1);

    aborter.abort();
    const rest = await reader.read();
    expect(rest.done).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(closes).toBe(1);
    expect(hub.stats().subscribers).toBe(0);
    // Nothing more is sent to a closed stream.
    await emit(partyId, "message", { after: "close" });
    expect(closes).toBe(1);
  });

  it("resumes after a seq, and a reader that cancels ends it (onClose once)", async () => {
    const partyId = await createParty();
    for (let i = 1; i <= 3; i++) await emit(partyId, "message", { n: i });
    let closes = 0;
    const response = partyEventStream({ request: new Request("http://localhost/"), hub, partyId, afterSeq: 2, onClose: () => void closes++ });
    const reader = response.body!.getReader();
    const seen = { text: "" };
    await readUntil(reader, seen, /id: 3\n[^]*?\n\n/);
    expect(seen.text).not.toContain("id: 1\n");
    expect(seen.text).not.toContain("id: 2\n");
    await reader.cancel();
    expect(closes).toBe(1);
    expect(hub.stats().subscribers).toBe(0);
  });

  it("a request already aborted gets the retry line and an ended stream", async () => {
    const partyId = await createParty();
    const aborter = new AbortController();
    aborter.abort();
    let closes = 0;
    const response = partyEventStream({ request: new Request("http://localhost/", { signal: aborter.signal }), hub, partyId, afterSeq: 0, onClose: () => void closes++ });
    expect(await response.text()).toBe("retry: 2000\n\n");
    expect(closes).toBe(1);
    expect(hub.stats().subscribers).toBe(0);
  });

  it("parseLastEventId: the Last-Event-ID header wins, else ?after=, else 0", () => {
    const at = (url: string, lastEventId?: string) =>
      parseLastEventId(new Request(url, { headers: lastEventId === undefined ? {} : { "Last-Event-ID": lastEventId } }), new URL(url));
    expect(at("http://h/e")).toBe(0);
    expect(at("http://h/e?after=12")).toBe(12);
    expect(at("http://h/e?after=12", "40")).toBe(40);
    expect(at("http://h/e", "7")).toBe(7);
    expect(at("http://h/e?after=5", "nope")).toBe(5);
    for (const bad of ["-1", "1.5", "1e3", "", "abc", "9007199254740993", "0x10"]) {
      expect(at(`http://h/e?after=${encodeURIComponent(bad)}`), bad).toBe(0);
      expect(at("http://h/e", bad), bad).toBe(0);
    }
    expect(at("http://h/e?after=0")).toBe(0);
    expect(parseLastEventId(new Request("http://h/e?after=9"), "http://h/e?after=9")).toBe(9);
  });
});

describe.runIf(usingPostgres)("on PostgreSQL", () => {
  function sameDatabaseUrl(options: { applicationName?: string } = {}): string {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database.name}`;
    if (options.applicationName) url.searchParams.set("application_name", options.applicationName);
    return url.toString();
  }

  async function listenerBackends(): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'
    `.execute(database.db);
    return rows[0]!.n;
  }

  async function killListeners(): Promise<number> {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()
    `.execute(database.db);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`.execute(
      database.db,
    );
    return rows.length;
  }

  it("two instances (two connections, two hubs) on one database both get all 200 events, emitted from both sides, in the same order", async () => {
    const second = await openDatabase({ databaseUrl: sameDatabaseUrl() });
    const secondHub = partyHub(second);
    try {
      expect(secondHub).not.toBe(hub);
      const partyId = await createParty("Two instances");
      const onFirst = collect(hub, partyId, 0);
      const onSecond = collect(secondHub, partyId, 0);
      await until(() => hub.stats().catchingUp === 0 && secondHub.stats().catchingUp === 0 && secondHub.stats().listening, "both hubs to listen");
      const fillsBefore = hub.stats().gapFills + secondHub.stats().gapFills;
      const emitted = await Promise.all(
        Array.from({ length: 200 }, (_, i) => emit(partyId, "message", { i, from: i % 2 ? "second" : "first" }, i % 2 ? second.db : database.db)),
      );
      expect(emitted.map((e) => e.seq).sort((a, b) => a - b)).toEqual(range(1, 200));
      await onFirst.waitFor(200);
      await onSecond.waitFor(200);
      expect(onFirst.seqs()).toEqual(range(1, 200));
      expect(onSecond.seqs()).toEqual(range(1, 200));
      expect(onSecond.events).toEqual(onFirst.events);
      const bySeq = new Map(emitted.map((e) => [e.seq, e]));
      expect(onFirst.events).toEqual(onFirst.events.map((e) => bySeq.get(e.seq)));
      // Live all along: no gap had to be read.
      expect(hub.stats().gapFills + secondHub.stats().gapFills).toBe(fillsBefore);
      onFirst.stop();
      onSecond.stop();
    } finally {
      await secondHub.close();
      await second.close();
    }
  });

  it("survives the listening connection being killed: events emitted while it reconnects still arrive, in order", async () => {
    const second = await openDatabase({ databaseUrl: sameDatabaseUrl() });
    const secondHub = partyHub(second);
    try {
      const partyId = await createParty("Reconnects");
      const onFirst = collect(hub, partyId, 0);
      const onSecond = collect(secondHub, partyId, 0);
      await until(() => hub.stats().catchingUp === 0 && secondHub.stats().catchingUp === 0 && secondHub.stats().listening, "both hubs to listen");
      for (let i = 1; i <= 5; i++) await emit(partyId, "message", { i });
      await onFirst.waitFor(5);
      await onSecond.waitFor(5);
      const fillsBefore = hub.stats().gapFills + secondHub.stats().gapFills;

      expect(await killListeners()).toBe(2);
      // While both listeners are away (the first retry waits 250 ms).
      for (let i = 6; i <= 20; i++) await emit(partyId, "message", { i }, i % 2 ? second.db : database.db);
      await onFirst.waitFor(20);
      await onSecond.waitFor(20);
      // And live again afterwards.
      for (let i = 21; i <= 25; i++) await emit(partyId, "message", { i });
      await onFirst.waitFor(25);
      await onSecond.waitFor(25);
      expect(onFirst.seqs()).toEqual(range(1, 25));
      expect(onSecond.seqs()).toEqual(range(1, 25));
      expect(onFirst.events.map((e) => e.data.i)).toEqual(range(1, 25));
      expect(onSecond.events).toEqual(onFirst.events);
      expect(hub.stats().gapFills + secondHub.stats().gapFills).toBeGreaterThan(fillsBefore);
      await until(async () => (await listenerBackends()) === 2, "both listeners back");
      onFirst.stop();
      onSecond.stop();
    } finally {
      await secondHub.close();
      await second.close();
    }
  });

  it("listen: several callbacks per channel, onReconnect after the connection is back, and close() ends the listening connection", async () => {
    const applicationName = `hf-listen-${Date.now()}`;
    const other = await openDatabase({ databaseUrl: sameDatabaseUrl({ applicationName }) });
    const backends = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where application_name = ${applicationName} and query ilike 'LISTEN%'`.execute(
          database.db,
        )
      ).rows[0]!.n;
    try {
      const a: string[] = [];
      const b: string[] = [];
      let reconnects = 0;
      const stopA = await other.listen!("hf_test_channel", (p) => a.push(p), { onReconnect: () => void reconnects++ });
      const stopB = await other.listen!("hf_test_channel", (p) => b.push(p));
      // The pool is not used for listening: one connection of its own.
      expect(await backends()).toBe(1);
      await sql`select pg_notify('hf_test_channel', 'one')`.execute(database.db);
      await until(() => a.length === 1 && b.length === 1, "both callbacks");
      await stopB();
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${applicationName} and query ilike 'LISTEN%'`.execute(database.db);
      await until(() => reconnects === 1, "onReconnect");
      await sql`select pg_notify('hf_test_channel', 'two')`.execute(database.db);
      await until(() => a.length === 2, "a notification after reconnecting");
      expect(a).toEqual(["one", "two"]);
      expect(b).toEqual(["one"]);
      await stopA();
    } finally {
      await other.close();
    }
    await until(async () => (await backends()) === 0, "the listening connection to end");
  });
});
