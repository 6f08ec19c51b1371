/**
 * Opens the one database the app talks to: PGlite in DATA_DIR by default,
 * a pg pool when DATABASE_URL is set. Both are wrapped in the same Kysely type.
 */
import { Kysely, PostgresDialect, sql } from "kysely";
import path from "node:path";
import { PGliteDialect } from "./pglite-dialect.server";
import type { DB } from "./schema";
import { lockDataDir, type DataDirLock } from "./data-dir-lock.server";

export type Database = Kysely<DB>;

/** Runs a multi-statement SQL script and returns the rows of its last statement. */
export type ScriptRunner = (script: string) => Promise<Record<string, unknown>[]>;

export interface OpenDatabase {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Runs `fn` with exclusive use of one connection that accepts whole SQL
   * scripts (migrations, resets). On PostgreSQL an advisory lock keeps two
   * servers from migrating at once.
   */
  withExclusiveScripts<T>(fn: (run: ScriptRunner) => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` for each NOTIFY on `channel`; resolves, once the LISTEN
   * is in force, to an unsubscribe function. PGlite has one session, so a
   * notification arrives with the commit that raised it, before any later
   * query. PostgreSQL delivers them on a dedicated connection, later and
   * asynchronously; notifications raised while that connection was down are
   * lost, so `onReconnect` runs after every reconnection (once every channel
   * is listened to again) for the consumer to read what it missed.
   * (Optional in the type for stand-ins; both real databases have it.)
   */
  listen?(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  /**
   * Embedded only (docs/decisions/0098): runs `fn` while no other query or
   * transaction can run (it holds the dialect's turn, after any open
   * transaction has ended). `run` reads what the snapshot holds;
   * `dumpDataDir` is PGlite's own tar of its data directory, taken after a
   * CHECKPOINT. PostgreSQL has pg_dump instead: undefined there.
   */
  snapshot?<T>(fn: (held: SnapshotTools) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface SnapshotTools {
  run: ScriptRunner;
  dumpDataDir(): Promise<Uint8Array>;
}

export interface ListenOptions {
  /** PostgreSQL: the listening connection was lost and is back; notifications in between are gone. */
  onReconnect?: () => void;
}

const MIGRATION_LOCK_KEY = 727_274_001;

export interface OpenOptions {
  databaseUrl?: string;
  /** Directory holding pgdata; ignored for PostgreSQL. `memory://` for tests. */
  dataDir?: string;
  /** Lock the data dir against a second process (servers do; tests on temp dirs may not). */
  lock?: boolean;
  /** PGlite: a tar of a data directory (from `snapshot`'s dumpDataDir) to create the database from; the directory must hold none yet. */
  loadDataDir?: Blob;
}

const DATE_OID = 1082;
const DATE_ARRAY_OID = 1182;
const TEXT_ARRAY_OID = 1009;

export async function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPGlite(options.dataDir ?? "memory://", options.lock ?? true, options.loadDataDir);
}

async function openPostgres(url: string): Promise<OpenDatabase> {
  const { default: pg } = await import("pg");
  // Return timestamps as Date and bigint counts as numbers where safe.
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  // Calendar dates stay 'YYYY-MM-DD' strings: a Date would put a camp day at
  // midnight in the server's zone and shift it elsewhere (ADR 0086).
  pg.types.setTypeParser(DATE_OID, (v) => v);
  // (1182 and 1009 are real OIDs that the driver's TypeId list leaves out.)
  pg.types.setTypeParser(DATE_ARRAY_OID as number as 1082, pg.types.getTypeParser(TEXT_ARRAY_OID as number as 1082));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client can be cut off by the server (restart, admin termination);
  // without a listener that error would crash the process. The pool replaces it.
  pool.on("error", (error) => console.error(`PostgreSQL pool: ${error.message}`));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  const listener = new PostgresListener(() => new pg.Client({ connectionString: url, keepAlive: true }));
  return {
    db,
    kind: "postgres",
    async withExclusiveScripts(fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        return await fn(async (script) => {
          const result = await client.query(script);
          const last = Array.isArray(result) ? result[result.length - 1] : result;
          return (last?.rows ?? []) as Record<string, unknown>[];
        });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    listen: (channel, onPayload, options) => listener.listen(channel, onPayload, options),
    close: async () => {
      // The listening connection is not the pool's: left open it would keep the process alive.
      await listener.close();
      await db.destroy();
    },
  };
}

type PgClient = import("pg").Client;

interface ListenEntry {
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
}

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5_000;

/**
 * LISTEN on PostgreSQL: one connection of its own per OpenDatabase, opened on
 * the first listen. A pooled connection would not do: the pool hands it to
 * queries and recycles it when idle, and a LISTEN lives only as long as its
 * session. When the connection is lost (server restart, admin termination,
 * network) it is reopened with backoff, every channel is listened to again and
 * then every `onReconnect` runs.
 */
class PostgresListener {
  readonly #createClient: () => PgClient;
  readonly #channels = new Map<string, Set<ListenEntry>>();
  /** The connection that listens to every channel; unset while (re)connecting. */
  #client: PgClient | undefined;
  /** Resolves to #client once it is there: the first connection, or the one after a loss. */
  #ready: Promise<PgClient> | undefined;
  #reconnected: { resolve(client: PgClient): void; reject(error: Error): void } | undefined;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(createClient: () => PgClient) {
    this.#createClient = createClient;
  }

  async listen(channel: string, onPayload: (payload: string) => void, options: ListenOptions = {}): Promise<() => Promise<void>> {
    if (this.#closed) throw new Error("The database is closed.");
    const entry: ListenEntry = { onPayload, onReconnect: options.onReconnect };
    let entries = this.#channels.get(channel);
    if (!entries) this.#channels.set(channel, (entries = new Set()));
    entries.add(entry);
    let client: PgClient | undefined;
    try {
      // The first connection's failure goes to the caller, as a failed query
      // would, and the next listen tries again; later losses are retried.
      this.#ready ??= this.#open().catch((error) => {
        this.#ready = undefined;
        throw error;
      });
      client = await this.#ready;
      // Repeating a LISTEN is harmless, and it makes sure of a channel added
      // while the connection was being set up.
      await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      // Lost in between: the reconnection listens to this channel too, then calls onReconnect.
      if (!client || client === this.#client || this.#closed) {
        this.#remove(channel, entry);
        throw error;
      }
    }
    let active = true;
    return async () => {
      if (!active) return;
      active = false;
      const client = this.#client;
      if (this.#remove(channel, entry) && client) {
        // Sent before any await, so a LISTEN of the same channel right after queues behind it.
        await client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#reconnectTimer);
    this.#reconnected?.reject(new Error("The database is closed."));
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** True when the channel has no callbacks left. */
  #remove(channel: string, entry: ListenEntry): boolean {
    const entries = this.#channels.get(channel);
    if (!entries?.delete(entry) || entries.size > 0) return false;
    this.#channels.delete(channel);
    return true;
  }

  /** A new connection listening to every channel, made #client. */
  async #open(): Promise<PgClient> {
    const client = this.#createClient();
    client.on("notification", (message) => this.#dispatch(message.channel, message.payload ?? ""));
    // 'error' and 'end' both come when the server cuts the session; only a
    // connection in use counts as lost (a failed attempt throws below instead).
    client.on("error", (error) => this.#lost(client, error));
    client.on("end", () => this.#lost(client));
    try {
      await client.connect();
      for (const channel of [...this.#channels.keys()]) await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (this.#closed) {
      // Closed while connecting: close() had no connection to end yet.
      await client.end().catch(() => undefined);
      throw new Error("The database is closed.");
    }
    this.#client = client;
    return client;
  }

  #dispatch(channel: string, payload: string) {
    // A copy: a callback may unsubscribe (or subscribe) while we go through them.
    for (const entry of [...(this.#channels.get(channel) ?? [])]) {
      try {
        entry.onPayload(payload);
      } catch (error) {
        console.error(`LISTEN ${channel}: a callback failed: ${(error as Error).message}`);
      }
    }
  }

  #lost(client: PgClient, error?: Error) {
    if (client !== this.#client) return;
    this.#client = undefined;
    client.end().catch(() => undefined);
    if (this.#closed) return;
    console.error(`PostgreSQL listener: connection lost${error ? ` (${error.message})` : ""}; reconnecting`);
    // Listens made meanwhile wait for the reconnection instead of opening a second connection.
    const ready = new Promise<PgClient>((resolve, reject) => (this.#reconnected = { resolve, reject }));
    ready.catch(() => undefined);
    this.#ready = ready;
    this.#retry(RECONNECT_FIRST_MS);
  }

  #retry(delayMs: number) {
    this.#reconnectTimer = setTimeout(async () => {
      let client: PgClient;
      try {
        client = await this.#open();
      } catch (error) {
        if (this.#closed) return;
        const next = Math.min(delayMs * 2, RECONNECT_MAX_MS);
        console.error(`PostgreSQL listener: reconnecting failed (${(error as Error).message}); next try in ${next} ms`);
        this.#retry(next);
        return;
      }
      this.#reconnected?.resolve(client);
      this.#reconnected = undefined;
      // Only now: a consumer that reads what it missed must not miss what comes while it reads.
      const entries = [...this.#channels.values()].flatMap((set) => [...set]);
      for (const { onReconnect } of entries) {
        try {
          onReconnect?.();
        } catch (error) {
          console.error(`PostgreSQL listener: a reconnect callback failed: ${(error as Error).message}`);
        }
      }
    }, delayMs);
  }
}

/** A channel name as a quoted identifier (LISTEN takes no parameters). */
function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function openPGlite(dataDir: string, lock: boolean, loadDataDir?: Blob): Promise<OpenDatabase> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { citext } = await import("@electric-sql/pglite/contrib/citext");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const inMemory = dataDir.startsWith("memory://");
  let dirLock: DataDirLock | undefined;
  if (!inMemory && lock) dirLock = lockDataDir(dataDir);
  try {
    const pglite = await PGlite.create({
      dataDir: inMemory ? dataDir : path.join(dataDir, "pgdata"),
      extensions: { pg_trgm, citext, unaccent },
      loadDataDir,
      // Dates as 'YYYY-MM-DD' strings, as on PostgreSQL (above); PGlite parses date[] with it too.
      parsers: { 20: (v: string) => Number.parseInt(v, 10), [DATE_OID]: (v: string) => v },
    });
    const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
    return {
      db,
      kind: "pglite",
      async withExclusiveScripts(fn) {
        // Go through Kysely's connection so the script waits for any open
        // transaction instead of running inside it.
        return db.connection().execute(() =>
          fn(async (script) => {
            const results = await pglite.exec(script);
            return (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[];
          }),
        );
      },
      // In-process, its one session is never lost: onReconnect has nothing to report here.
      listen: (channel, onPayload) => pglite.listen(channel, onPayload),
      async snapshot(fn) {
        // db.connection() holds the turn for the whole callback: every other caller waits in line.
        return db.connection().execute(() => {
          const run: ScriptRunner = async (script) => {
            const results = await pglite.exec(script);
            return (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[];
          };
          return fn({
            run,
            async dumpDataDir() {
              // Everything committed into the data files, so a restore starts without replaying WAL.
              await pglite.exec("checkpoint");
              const tar = await pglite.dumpDataDir("none");
              return new Uint8Array(await tar.arrayBuffer());
            },
          });
        });
      },
      close: async () => {
        await db.destroy();
        dirLock?.release();
      },
    };
  } catch (error) {
    dirLock?.release();
    throw error;
  }
}

/** True when the database answers a trivial query. Used by /healthz. */
export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
