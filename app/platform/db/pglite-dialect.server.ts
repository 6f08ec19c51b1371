/**
 * A Kysely dialect for the embedded database (PGlite), ours because Kysely's
 * own arrives only in 0.29, which needs Node 22 (docs/decisions/0036).
 *
 * PGlite is one Postgres session. Everything that goes through Kysely takes
 * turns on it: a query, a whole transaction or a `db.connection()` block holds
 * the session until it is done, and the next caller waits in line. Without that
 * turn-taking a query from another request runs inside an open transaction and
 * a rollback loses it (STACK.md "PGlite pitfalls"; the concurrent-rollback test
 * in tests/integration/database.test.ts).
 *
 * A transaction is also opened with PGlite's own `transaction()`, which holds
 * PGlite's internal lock: code that calls the PGlite instance directly
 * (`exec`, `listen`) waits for the commit instead of running inside it.
 */
import type { PGliteInterface, Transaction as PGliteTransaction } from "@electric-sql/pglite";
import {
  AbortedTransactionError,
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  createQueryId,
  sql,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";

export interface PGliteDialectConfig {
  /** An open (or opening) instance; `db.destroy()` closes it. */
  pglite: PGliteInterface;
}

export class PGliteDialect implements Dialect {
  constructor(private readonly config: PGliteDialectConfig) {}

  createDriver(): Driver {
    return new PGliteDriver(this.config.pglite);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new PGliteAdapter();
  }

  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

/**
 * Kysely's migration lock is a session advisory lock; with one session that is
 * already ours for the whole migration (we hold our turn), so there is nothing to lock.
 */
class PGliteAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

/** First come, first served: `release` hands the turn straight to the next waiter. */
export class TurnQueue {
  #busy = false;
  #waiting: Array<() => void> = [];

  async take(): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }
}

class PGliteDriver implements Driver {
  readonly #pglite: PGliteInterface;
  readonly #turns = new TurnQueue();
  #connection: PGliteConnection | undefined;

  constructor(pglite: PGliteInterface) {
    this.#pglite = pglite;
  }

  async init(): Promise<void> {
    if (this.#pglite.closed) throw new Error("The PGlite instance is already closed.");
    await this.#pglite.waitReady;
    this.#connection = new PGliteConnection(this.#pglite);
  }

  /** Kysely pairs every acquire with a release, after the query or the whole transaction. */
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turns.take();
    return this.#connection!;
  }

  async releaseConnection(): Promise<void> {
    this.#turns.release();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await (connection as PGliteConnection).begin(settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).rollback();
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await connection.executeQuery(compile(sql`savepoint ${sql.id(name)}`.toOperationNode(), createQueryId()));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await connection.executeQuery(compile(sql`rollback to savepoint ${sql.id(name)}`.toOperationNode(), createQueryId()));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await connection.executeQuery(compile(sql`release savepoint ${sql.id(name)}`.toOperationNode(), createQueryId()));
  }

  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}

/**
 * The one connection. While a transaction is open its queries go to PGlite's
 * transaction object; only the turn holder can reach this connection, so no
 * one else's query can land there.
 */
class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGliteInterface;
  #open: { tx: PGliteTransaction; finish: (commit: boolean) => void; closed: Promise<void> } | undefined;

  constructor(pglite: PGliteInterface) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.#open?.tx ?? this.#pglite;
    const { rows, affectedRows } = await target.query<R>(compiledQuery.sql, compiledQuery.parameters as unknown[], {
      rowMode: "object",
    });
    return { rows: rows ?? [], numAffectedRows: affectedRows == null ? undefined : BigInt(affectedRows) };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("PGlite does not stream query results.");
  }

  /**
   * PGlite's transaction() runs BEGIN, our queries, then COMMIT (or ROLLBACK if
   * the callback throws) under its own lock; the callback stays open until
   * Kysely commits or rolls back.
   */
  async begin(settings: TransactionSettings): Promise<void> {
    if (this.#open) throw new Error("A transaction is already open on the PGlite connection.");
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (finish = resolve));
    let closed!: Promise<void>;
    const tx = await new Promise<PGliteTransaction>((resolve, reject) => {
      closed = this.#pglite.transaction(async (tx) => {
        resolve(tx);
        if (!(await decided)) throw new RolledBack();
      });
      // Only matters when BEGIN itself fails; later outcomes are awaited by commit/rollback.
      closed.catch(reject);
    });
    this.#open = { tx, finish, closed };
    // Kysely has validated these against its fixed lists: safe to inline.
    const modes = [settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode].filter(Boolean);
    if (modes.length === 0) return;
    try {
      await tx.query(`set transaction ${modes.join(" ")}`);
    } catch (error) {
      // Kysely does not roll back a transaction whose begin failed: close it here,
      // or the session would stay inside it for good.
      await this.rollback();
      throw error;
    }
  }

  async commit(): Promise<void> {
    const open = this.#take();
    open.finish(true);
    try {
      await open.closed;
    } catch (error) {
      // PGlite reports a COMMIT that Postgres turned into a ROLLBACK (an earlier
      // statement failed) as 25P02; Kysely marks the transaction aborted on this error.
      if ((error as { code?: string }).code === "25P02") throw new AbortedTransactionError();
      throw error;
    }
  }

  async rollback(): Promise<void> {
    // Kysely rolls back after a failed COMMIT (a deferred constraint refused it):
    // that transaction is already closed, and the COMMIT's error is the one to report.
    if (!this.#open) return;
    const open = this.#take();
    open.finish(false);
    try {
      await open.closed;
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
    }
  }

  #take() {
    const open = this.#open;
    if (!open) throw new Error("No transaction is open on the PGlite connection.");
    this.#open = undefined;
    return open;
  }
}

/** Thrown inside PGlite's transaction callback so that PGlite rolls back. */
class RolledBack extends Error {}
