/**
 * Postgres-backed rate limits: fixed windows per rule and subject, atomic
 * counting under concurrency, Retry-After, and the 5-minute cleanup.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import {
  RATE_LIMITS,
  consume,
  deleteExpiredRateLimits,
  describeWait,
  isLimited,
  recordHit,
  refund,
  resetLimit,
  startRateLimitCleanup,
} from "~/platform/rate-limit.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await sql`delete from public.rate_limits`.execute(database.db);
});

const rule = RATE_LIMITS.signInPerAccountAddress; // 5 per 15 minutes
const t0 = new Date("2026-03-01T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("rate limits", () => {
  it("refuses once the window's failures reach the limit, with the time left until it ends", async () => {
    for (let i = 0; i < 5; i++) {
      expect(await isLimited(database.db, rule, "ada@example.test", at(i * 1000))).toBeNull();
      await recordHit(database.db, rule, "ada@example.test", at(i * 1000));
    }
    const refused = await isLimited(database.db, rule, "ADA@example.test ", at(60_000));
    expect(refused?.status).toBe(429);
    // The window opened at t0 and lasts 15 minutes: 14 minutes are left a minute in.
    expect(refused?.retryAfterSeconds).toBe(14 * 60);
    expect(refused?.headers()).toEqual({ "Retry-After": "840" });
    expect(refused?.message).toBe("Too many failed sign-in attempts for this account. Try again in 14 minutes.");
    // Other subjects and other rules are untouched.
    expect(await isLimited(database.db, rule, "bob@example.test", at(60_000))).toBeNull();
    expect(await isLimited(database.db, RATE_LIMITS.signInPerAddress, "ada@example.test", at(60_000))).toBeNull();
  });

  it("starts a new window once the old one has expired", async () => {
    for (let i = 0; i < 5; i++) await recordHit(database.db, rule, "ada@example.test", t0);
    expect(await isLimited(database.db, rule, "ada@example.test", at(15 * 60_000 - 1000))).not.toBeNull();
    expect(await isLimited(database.db, rule, "ada@example.test", at(15 * 60_000))).toBeNull();
    const next = await recordHit(database.db, rule, "ada@example.test", at(15 * 60_000));
    expect(next.hits).toBe(1);
    expect(next.expiresAt.getTime()).toBe(at(30 * 60_000).getTime());
  });

  it("refund gives back one hit and keeps the window's other failures", async () => {
    for (let i = 0; i < 5; i++) await recordHit(database.db, rule, "ada@example.test", t0);
    await refund(database.db, rule, "ada@example.test");
    expect(await isLimited(database.db, rule, "ada@example.test", at(1000))).toBeNull();
    await recordHit(database.db, rule, "ada@example.test", at(2000));
    expect(await isLimited(database.db, rule, "ada@example.test", at(3000))).not.toBeNull();
    // Never below zero, and a refund for a subject with no window is a no-op.
    for (let i = 0; i < 10; i++) await refund(database.db, rule, "bob@example.test");
    const next = await recordHit(database.db, rule, "bob@example.test", at(4000));
    expect(next.hits).toBe(1);
  });

  it("counts requests with consume and refuses the one over budget", async () => {
    const codes = RATE_LIMITS.codesPerRecipientAddress; // 5 per 15 minutes
    for (let i = 0; i < 5; i++) expect(await consume(database.db, codes, "+447700900123", t0)).toBeNull();
    const refused = await consume(database.db, codes, "+447700900123", at(30_000));
    expect(refused?.retryAfterSeconds).toBe(15 * 60 - 30);
  });

  it("counts every hit exactly once when requests race", async () => {
    await Promise.all(Array.from({ length: 12 }, () => recordHit(database.db, rule, "race@example.test", t0)));
    const row = await database.db.selectFrom("rate_limits").select("hits").where("rule", "=", rule.name).executeTakeFirstOrThrow();
    expect(row.hits).toBe(12);
  });

  it("forgets a subject on reset and stores only a hash of it", async () => {
    await recordHit(database.db, rule, "private@example.test", t0);
    const stored = await database.db.selectFrom("rate_limits").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain("private@example.test");
    await resetLimit(database.db, rule, "private@example.test");
    expect(await database.db.selectFrom("rate_limits").selectAll().execute()).toEqual([]);
  });

  it("deletes expired rows, and the boot-time sweep does it on its own", async () => {
    await recordHit(database.db, rule, "old@example.test", at(-20 * 60_000));
    await recordHit(database.db, rule, "new@example.test", new Date());
    expect(await deleteExpiredRateLimits(database.db)).toBe(1);

    await recordHit(database.db, rule, "old-again@example.test", at(-20 * 60_000));
    const swept = new Promise<void>((resolve) => {
      const stop = startRateLimitCleanup(database.db, {
        intervalMs: 5,
        extra: async () => {
          stop();
          resolve();
        },
      });
    });
    await swept;
    const left = await database.db.selectFrom("rate_limits").select("rule").execute();
    expect(left).toHaveLength(1);
  });

  it("keeps row-level security on for its tables", async () => {
    const rows = await sql<{ relname: string; relrowsecurity: boolean }>`
      select relname, relrowsecurity from pg_class
      where relnamespace = 'public'::regnamespace and relname in ('rate_limits', 'session_activity')`.execute(database.db);
    expect(rows.rows.sort((a, b) => a.relname.localeCompare(b.relname))).toEqual([
      { relname: "rate_limits", relrowsecurity: true },
      { relname: "session_activity", relrowsecurity: true },
    ]);
  });

  it("describes waits in words", () => {
    expect(describeWait(1)).toBe("1 second");
    expect(describeWait(45)).toBe("45 seconds");
    expect(describeWait(60)).toBe("1 minute");
    expect(describeWait(61)).toBe("2 minutes");
  });
});
