/**
 * Our PGlite dialect (app/platform/db/pglite-dialect.server.ts) on a real
 * in-memory PGlite: callers take turns on the one session, transactions hold
 * PGlite's own lock, and Kysely's transaction contract (aborted commit,
 * settings, savepoints) holds. The concurrent-rollback case across requests is
 * in database.test.ts.
 */
import { PGlite } from "@electric-sql/pglite";
import { Kysely, isAbortedTransactionError, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PGliteDialect } from "~/platform/db/pglite-dialect.server";

let pglite: PGlite;
let db: Kysely<any>;

beforeAll(async () => {
  pglite = await PGlite.create();
  db = new Kysely<any>({ dialect: new PGliteDialect({ pglite }) });
  await sql`create table probe (id text primary key)`.execute(db);
});
beforeEach(async () => {
  await sql`truncate probe`.execute(db);
});
afterAll(async () => {
  await db.destroy();
  expect(pglite.closed).toBe(true);
});

const ids = async () => (await sql<{ id: string }>`select id from probe order by id`.execute(db)).rows.map((r) => r.id);
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("PGlite dialect", () => {
  it("makes a query wait for an open transaction instead of running inside it", async () => {
    const order: string[] = [];
    let finishTransaction!: () => void;
    const mayFinish = new Promise<void>((resolve) => (finishTransaction = resolve));
    const transaction = db.transaction().execute(async (tx) => {
      await sql`insert into probe values ('in-tx')`.execute(tx);
      await mayFinish;
      order.push("rollback");
      throw new Error("roll back");
    });
    await tick(10);
    const outside = sql`insert into probe values ('outside')`.execute(db).then(() => order.push("outside"));
    await tick(20);
    // Still waiting: it must not have slipped into the open transaction.
    expect(order).toEqual([]);
    finishTransaction();
    await expect(transaction).rejects.toThrow("roll back");
    await outside;
    expect(order).toEqual(["rollback", "outside"]);
    expect(await ids()).toEqual(["outside"]);
  });

  it("makes direct PGlite calls (exec, listen) wait for an open Kysely transaction", async () => {
    let finishTransaction!: () => void;
    const mayFinish = new Promise<void>((resolve) => (finishTransaction = resolve));
    const transaction = db.transaction().execute(async (tx) => {
      await sql`insert into probe values ('in-tx')`.execute(tx);
      await mayFinish;
      throw new Error("roll back");
    });
    await tick(10);
    const direct = pglite.exec("insert into probe values ('direct')");
    await tick(20);
    finishTransaction();
    await expect(transaction).rejects.toThrow("roll back");
    await direct;
    expect(await ids()).toEqual(["direct"]);
  });

  it("serves callers in the order they asked", async () => {
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        db.transaction().execute(async (tx) => {
          await sql`insert into probe values (${String(n)})`.execute(tx);
          await tick(5 - n);
          order.push(n);
        }),
      ),
    );
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it("reports a commit that Postgres turned into a rollback, and keeps nothing of it", async () => {
    const attempt = db.transaction().execute(async (tx) => {
      await sql`insert into probe values ('lost')`.execute(tx);
      // A failed statement aborts the transaction; swallowing the error does not un-abort it.
      await sql`select 1/0`.execute(tx).catch(() => undefined);
      return "done";
    });
    const error = await attempt.catch((e: unknown) => e);
    expect(isAbortedTransactionError(error)).toBe(true);
    expect(await ids()).toEqual([]);
  });

  it("releases the session after a failed query", async () => {
    await expect(sql`select * from no_such_table`.execute(db)).rejects.toThrow(/no_such_table/);
    await sql`insert into probe values ('after')`.execute(db);
    expect(await ids()).toEqual(["after"]);
  });

  it("applies isolation level and access mode", async () => {
    const seen = await db
      .transaction()
      .setIsolationLevel("serializable")
      .setAccessMode("read only")
      .execute(async (tx) => {
        const level = await sql<{ transaction_isolation: string }>`show transaction_isolation`.execute(tx);
        const readOnly = await sql<{ transaction_read_only: string }>`show transaction_read_only`.execute(tx);
        return [level.rows[0].transaction_isolation, readOnly.rows[0].transaction_read_only];
      });
    expect(seen).toEqual(["serializable", "on"]);
  });

  it("rolls back to a savepoint inside a controlled transaction", async () => {
    const tx = await db.startTransaction().execute();
    await sql`insert into probe values ('kept')`.execute(tx);
    const withSavepoint = await tx.savepoint("before_dropped").execute();
    await sql`insert into probe values ('dropped')`.execute(withSavepoint);
    const back = await withSavepoint.rollbackToSavepoint("before_dropped").execute();
    await back.releaseSavepoint("before_dropped").execute();
    await back.commit().execute();
    expect(await ids()).toEqual(["kept"]);
  });

  it("reports affected rows for writes", async () => {
    const result = await db.insertInto("probe").values([{ id: "a" }, { id: "b" }]).executeTakeFirst();
    expect(result.numInsertedOrUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom("probe").where("id", "=", "a").executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(1n);
  });
});
