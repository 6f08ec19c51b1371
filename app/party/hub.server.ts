/**
 * The party hub: one per database handle in a process, it turns the NOTIFYs
 * on PARTY_CHANNEL into each room's events, in seq order, for the event
 * streams this server instance holds open (issue 14 §6, ADR 0092).
 *
 * Notifications are only a fast path. A subscriber is promised every event
 * after the seq it names, once and in order; what notifications cannot
 * promise (one lost while the listening connection was down, one too large to
 * carry its event, one that came before its predecessor) is read from
 * party_events. Per room the hub keeps the last seq it handed on, shared by
 * every subscriber of that room here: a gap costs one query however many
 * listeners wait behind it. A subscriber that starts further back replays its
 * own stretch from the table and then joins the shared stream.
 *
 * PGlite delivers a notification with the commit, PostgreSQL later and from
 * another connection; the code is the same, it only relies on seq.
 */
import type { Database, OpenDatabase } from "~/platform/db/connect.server";
import { eventsAfter, parsePartyNotification, PARTY_CHANNEL, PARTY_EVENTS_PAGE, type PartyEvent } from "./events.server";

export interface PartySubscribeOptions {
  /**
   * The subscription ended by itself and delivers nothing more: its replay
   * failed (the database is unreachable) or the hub closed. A browser's stream
   * then closes, and the browser reconnects from its last seq.
   */
  onEnd?: (error: Error) => void;
}

export interface PartyHubStats {
  /** Rooms followed (with at least one subscriber). */
  parties: number;
  subscribers: number;
  /** Subscribers still replaying their own stretch from the table. */
  catchingUp: number;
  listening: boolean;
  /** Notifications handled (of followed rooms). */
  notifications: number;
  /** Queries that filled a room's gap (shared by its subscribers). */
  gapFills: number;
  /** Queries of subscribers replaying their own stretch. */
  replays: number;
}

export interface PartyHub {
  /**
   * Calls `onEvent` with every event of the party with seq > afterSeq, once
   * each and in seq order: first those already stored, then live ones.
   * Returns the unsubscribe function (nothing is delivered after it is called).
   */
  subscribe(partyId: string, afterSeq: number, onEvent: (event: PartyEvent) => void, options?: PartySubscribeOptions): () => void;
  stats(): PartyHubStats;
  /** Stops listening and ends every subscription (their onEnd); the next partyHub() makes a new hub. */
  close(): Promise<void>;
}

interface Subscriber {
  onEvent: (event: PartyEvent) => void;
  onEnd?: (error: Error) => void;
  /** The last seq delivered to it. */
  cursor: number;
  /** Receives the room's shared stream (done replaying its own stretch). */
  joined: boolean;
  ended: boolean;
}

interface Room {
  partyId: string;
  /** Every event up to this seq has gone to the joined subscribers; null until read. */
  last: number | null;
  /** Resolves once `last` is known (LISTEN in force first, so nothing falls between). */
  ready: Promise<void>;
  subscribers: Set<Subscriber>;
  /** Notified ahead of `last`, waiting for their predecessors; null: a reference to read. */
  pending: Map<number, PartyEvent | null>;
  filling: boolean;
  fillAgain: boolean;
  /** A reconnection asked for a fill before `last` was known. */
  fillWhenReady: boolean;
  /** No longer followed: a fill still running drops what it reads. */
  gone: boolean;
}

/** Reads that found nothing for a notified seq before the hub skips it (see #fillRoom). */
const MISSING_RETRIES = 3;
const MISSING_RETRY_MS = 50;
const FILL_ERROR_RETRY_MS = 1_000;

class Hub implements PartyHub {
  readonly #database: OpenDatabase;
  readonly #db: Database;
  readonly #rooms = new Map<string, Room>();
  #listening: Promise<void> | undefined;
  #unlisten: (() => Promise<void>) | undefined;
  #closed = false;
  readonly #counts = { notifications: 0, gapFills: 0, replays: 0 };

  constructor(database: OpenDatabase) {
    this.#database = database;
    this.#db = database.db;
  }

  subscribe(partyId: string, afterSeq: number, onEvent: (event: PartyEvent) => void, options: PartySubscribeOptions = {}): () => void {
    const subscriber: Subscriber = {
      onEvent,
      onEnd: options.onEnd,
      cursor: Number.isSafeInteger(afterSeq) && afterSeq > 0 ? afterSeq : 0,
      joined: false,
      ended: false,
    };
    if (this.#closed) {
      queueMicrotask(() => this.#end(undefined, subscriber, new Error("The party hub is closed.")));
      return () => undefined;
    }
    const room = this.#rooms.get(partyId) ?? this.#follow(partyId);
    room.subscribers.add(subscriber);
    void this.#start(room, subscriber);
    return () => {
      subscriber.ended = true;
      this.#leave(room, subscriber);
    };
  }

  stats(): PartyHubStats {
    let subscribers = 0;
    let catchingUp = 0;
    for (const room of this.#rooms.values()) {
      subscribers += room.subscribers.size;
      for (const subscriber of room.subscribers) if (!subscriber.joined) catchingUp++;
    }
    return { parties: this.#rooms.size, subscribers, catchingUp, listening: this.#unlisten !== undefined, ...this.#counts };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    hubs().delete(this.#db);
    const error = new Error("The party hub is closed.");
    for (const room of [...this.#rooms.values()]) for (const subscriber of [...room.subscribers]) this.#end(room, subscriber, error);
    this.#rooms.clear();
    await this.#listening?.catch(() => undefined);
    await this.#unlisten?.().catch(() => undefined);
    this.#unlisten = undefined;
  }

  /** LISTEN once per hub, on the first subscription. */
  #listen(): Promise<void> {
    this.#listening ??= (async () => {
      if (!this.#database.listen) throw new Error("This database cannot LISTEN.");
      const unlisten = await this.#database.listen(PARTY_CHANNEL, (payload) => this.#onPayload(payload), {
        onReconnect: () => this.#onReconnect(),
      });
      if (this.#closed) await unlisten().catch(() => undefined);
      else this.#unlisten = unlisten;
    })().catch((error) => {
      // The next subscription tries again.
      this.#listening = undefined;
      throw error;
    });
    return this.#listening;
  }

  #follow(partyId: string): Room {
    const room: Room = {
      partyId,
      last: null,
      ready: Promise.resolve(),
      subscribers: new Set(),
      pending: new Map(),
      filling: false,
      fillAgain: false,
      fillWhenReady: false,
      gone: false,
    };
    room.ready = (async () => {
      await this.#listen();
      // Read after LISTEN is in force: a later commit is notified, an earlier one is counted here.
      const row = await this.#db.selectFrom("parties").select("event_seq").where("id", "=", partyId).executeTakeFirst();
      if (room.gone) return;
      room.last = Number(row?.event_seq ?? 0);
      this.#drain(room);
      if (room.fillWhenReady) this.#fill(room);
    })();
    // Its subscribers end (#start); a later subscriber starts the room afresh.
    room.ready.catch(() => this.#unfollow(room));
    this.#rooms.set(partyId, room);
    return room;
  }

  #unfollow(room: Room) {
    room.gone = true;
    if (this.#rooms.get(room.partyId) === room) this.#rooms.delete(room.partyId);
  }

  #leave(room: Room, subscriber: Subscriber) {
    room.subscribers.delete(subscriber);
    if (room.subscribers.size === 0) this.#unfollow(room);
  }

  #end(room: Room | undefined, subscriber: Subscriber, error: Error) {
    if (subscriber.ended) return;
    subscriber.ended = true;
    if (room) this.#leave(room, subscriber);
    try {
      subscriber.onEnd?.(error);
    } catch (callbackError) {
      console.error(`Party hub: an onEnd callback failed: ${(callbackError as Error).message}`);
    }
  }

  /** Replays the subscriber's own stretch from the table, then joins the room's shared stream. */
  async #start(room: Room, subscriber: Subscriber) {
    try {
      await room.ready;
      if (subscriber.cursor > room.last!) {
        // Ahead of this hub: its notification may still be on the way (PostgreSQL),
        // or the seq is not the room's (a stale or forged Last-Event-ID). The
        // latter would skip the room's next events; resume from what is stored.
        const row = await this.#db.selectFrom("parties").select("event_seq").where("id", "=", room.partyId).executeTakeFirst();
        subscriber.cursor = Math.min(subscriber.cursor, Number(row?.event_seq ?? 0));
      }
      while (!subscriber.ended) {
        // `last` may be behind the subscriber (PostgreSQL's notification not
        // here yet): joined, it skips what it already has.
        if (subscriber.cursor >= room.last!) {
          subscriber.joined = true;
          return;
        }
        const events = await eventsAfter(this.#db, room.partyId, subscriber.cursor, PARTY_EVENTS_PAGE);
        this.#counts.replays++;
        for (const event of events) deliver(subscriber, event);
        // The events up to `last` are gone (the party was deleted): nothing more to wait for.
        if (events.length === 0 && !subscriber.ended) subscriber.joined = true;
        if (subscriber.joined) return;
      }
    } catch (error) {
      this.#end(room, subscriber, error instanceof Error ? error : new Error(String(error)));
    }
  }

  #onPayload(payload: string) {
    const message = parsePartyNotification(payload);
    if (!message) return;
    const room = this.#rooms.get(message.partyId);
    if (!room) return;
    this.#counts.notifications++;
    const event = "ref" in message ? null : message;
    if (room.last === null || room.filling) {
      // Sorted out once `last` is known or the running fill is done.
      if (room.last === null || message.seq > room.last) keepPending(room, message.seq, event);
      return;
    }
    if (message.seq <= room.last) return;
    if (event && message.seq === room.last + 1) {
      this.#advance(room, event);
      this.#drain(room);
      return;
    }
    keepPending(room, message.seq, event);
    this.#fill(room);
  }

  #onReconnect() {
    // Notifications raised while the connection was down are lost: read every room's tail.
    for (const room of this.#rooms.values()) this.#fill(room);
  }

  /** Hands the next event of the room to its joined subscribers. */
  #advance(room: Room, event: PartyEvent) {
    room.last = event.seq;
    for (const subscriber of room.subscribers) if (subscriber.joined) deliver(subscriber, event);
  }

  /** After `last` moved: hands on the pending events that now follow, and reads for what is still missing. */
  #drain(room: Room) {
    for (let next = room.pending.get(room.last! + 1); next; next = room.pending.get(room.last! + 1)) {
      room.pending.delete(next.seq);
      this.#advance(room, next);
    }
    for (const seq of room.pending.keys()) if (seq <= room.last!) room.pending.delete(seq);
    if (room.pending.size > 0) this.#fill(room);
  }

  /** Reads the room's events after `last` from the table: one query per round, whatever the subscribers. */
  #fill(room: Room) {
    if (room.last === null) {
      room.fillWhenReady = true;
      return;
    }
    if (room.filling) {
      room.fillAgain = true;
      return;
    }
    room.filling = true;
    void this.#fillRoom(room).finally(() => {
      room.filling = false;
      if (room.gone) return;
      // Notifications kept while the fill ran.
      this.#drain(room);
    });
  }

  async #fillRoom(room: Room) {
    let fruitless = 0;
    let errors = 0;
    do {
      room.fillAgain = false;
      // Pending now means notified, so committed: this read must find it.
      const awaited = Math.max(0, ...room.pending.keys());
      let events: PartyEvent[];
      try {
        events = await eventsAfter(this.#db, room.partyId, room.last!, PARTY_EVENTS_PAGE);
        errors = 0;
      } catch (error) {
        if (room.gone) return;
        console.error(`Party hub: reading party ${room.partyId}'s events failed: ${(error as Error).message}`);
        await sleep(Math.min(FILL_ERROR_RETRY_MS * 2 ** errors++, 10_000));
        room.fillAgain = true;
        continue;
      }
      this.#counts.gapFills++;
      if (room.gone) return;
      for (const event of events) {
        if (event.seq <= room.last!) continue;
        room.pending.delete(event.seq);
        this.#advance(room, event);
      }
      for (let next = room.pending.get(room.last! + 1); next; next = room.pending.get(room.last! + 1)) {
        room.pending.delete(next.seq);
        this.#advance(room, next);
      }
      for (const seq of room.pending.keys()) if (seq <= room.last!) room.pending.delete(seq);
      if (events.length === PARTY_EVENTS_PAGE) room.fillAgain = true;
      else if (awaited > room.last!) {
        // Notified, so committed, yet not read: a notification can come a hair
        // before its commit is visible to other sessions; try again shortly.
        // Still missing after that, the rows are gone (the party's events
        // deleted): hand on what was notified rather than stall the room.
        if (++fruitless <= MISSING_RETRIES) {
          await sleep(MISSING_RETRY_MS);
          room.fillAgain = true;
        } else {
          console.error(`Party hub: party ${room.partyId}'s events after ${room.last} up to ${awaited} are not in the table; skipping them`);
          skipMissing(room, awaited, (event) => this.#advance(room, event));
          fruitless = 0;
        }
      }
    } while (room.fillAgain && !room.gone);
  }
}

function deliver(subscriber: Subscriber, event: PartyEvent) {
  if (subscriber.ended || event.seq <= subscriber.cursor) return;
  subscriber.cursor = event.seq;
  try {
    subscriber.onEvent(event);
  } catch (error) {
    console.error(`Party hub: a subscriber failed on event ${event.partyId}#${event.seq}: ${(error as Error).message}`);
  }
}

function keepPending(room: Room, seq: number, event: PartyEvent | null) {
  // A reference never replaces the event itself.
  if (event || !room.pending.has(seq)) room.pending.set(seq, event);
}

/** Moves `last` past the notified seqs up to `upTo` that the table does not have, handing on those carried whole. */
function skipMissing(room: Room, upTo: number, advance: (event: PartyEvent) => void) {
  const seqs = [...room.pending.keys()].filter((seq) => seq <= upTo).sort((a, b) => a - b);
  for (const seq of seqs) {
    const event = room.pending.get(seq);
    room.pending.delete(seq);
    if (event) advance(event);
    else room.last = seq;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// On globalThis, keyed by the Kysely handle: server.ts and the Remix bundle
// are two module graphs and must share one hub (one LISTEN) per database.
const HUBS = Symbol.for("hit-factory.party-hubs");
type Holder = { [HUBS]?: WeakMap<Database, PartyHub> };

function hubs(): WeakMap<Database, PartyHub> {
  const holder = globalThis as Holder;
  return (holder[HUBS] ??= new WeakMap());
}

/** The hub of this database in this process (made on first use; it LISTENs on the first subscription). */
export function partyHub(database: OpenDatabase): PartyHub {
  let hub = hubs().get(database.db);
  if (!hub) {
    hub = new Hub(database);
    hubs().set(database.db, hub);
  }
  return hub;
}
