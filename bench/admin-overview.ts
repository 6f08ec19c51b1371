/**
 * bench/admin-overview: the /admin overview at scale (issue 12 §1: "at
 * 100,000 songs and 10,000 members answers in under 50 ms on the embedded
 * default"). Builds a throwaway PGlite in memory with SONGS catalogue songs
 * (bench/catalog-fixture.ts), MEMBERS accounts with profiles
 * (bench/member-fixture.ts), PLAYS counted plays over the last 12 weeks,
 * applications and audit entries, then measures, p50 and p95 in ms:
 *
 *  1. the rendered page for a signed-in admin, loader included: GET /admin
 *     through the app's real request handler (the production build in
 *     BUILD_DIR when there is one, else Vite's SSR of the source, where React
 *     runs in development mode and everything is slower), against a
 *     baseline measured in the same run on the same server: /admin/camps, an
 *     admin page with the same layout, session and guard but nothing to read;
 *  2. the overview's reads one by one (statistics, queues, weekly series,
 *     audit log page);
 *  3. the same figures computed the naive way (counting songs and grouping
 *     plays, songs, applications and members by week on every request): what
 *     the overview would cost without the trigger-kept counters (ADR 0079).
 *
 *   npm run bench:admin                         100,000 songs, 10,000 members, 30 runs
 *   SONGS=20000 MEMBERS=2000 RUNS=15 npm run bench:admin     a quicker, smaller run
 *   BUILD_DIR=.builds/h1 npm run bench:admin    render with that production build
 *
 * Target (printed, never asserted): /admin p95 < 50 ms on PGlite.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { getQueues, getStatistics, getWeeklySeries } from "~/admin/statistics.server";
import { lastWeeks } from "~/admin/statistics";
import { listAuditActors, listAuditEntries } from "~/audit/audit.server";
import { getSessionHeaders, runInRequestScope } from "~/auth/request-context.server";
import { createLocalUser } from "~/auth/users.server";
import { setCookieName } from "~/platform/auth/cookies.server";
import type { Database } from "~/platform/db/connect.server";
import { useTestRuntime } from "../tests/support/database";
import { TestClient, type AppHandler } from "../tests/support/app-handler";
import { benchPGlite, percentile, seedBenchSongs } from "./catalog-fixture";
import { seedBenchMembers } from "./member-fixture";

const SONGS = Number(process.env.SONGS ?? 100_000);
const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const PLAYS = Number(process.env.PLAYS ?? 200_000);
const RUNS = Number(process.env.RUNS ?? 30);
const WARMUP = 5;
const TARGET_P95_MS = 50;
const BUILD_DIR = process.env.BUILD_DIR ? path.resolve(process.env.BUILD_DIR) : null;
const PASSWORD = "bench-admin-password-123";
const ADMIN_EMAIL = "bench-admin@bench.hitfactory.test";

/**
 * Wall-clock and CPU milliseconds of each run. The CPU time of this process
 * (PGlite runs in it) is what a request costs whatever else the machine is
 * doing; the wall clock also counts the waits for a busy machine's cores.
 */
interface Samples {
  wall: number[];
  cpu: number[];
}

async function measure(fn: () => Promise<unknown>, into: Samples) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await fn();
  into.wall.push(performance.now() - start);
  const used = process.cpuUsage(cpu);
  into.cpu.push((used.user + used.system) / 1000);
}

async function time(fn: () => Promise<unknown>, runs = RUNS): Promise<Samples> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: Samples = { wall: [], cpu: [] };
  for (let i = 0; i < runs; i++) await measure(fn, samples);
  return samples;
}

const ms = (value: number) => value.toFixed(2).padStart(8);
const HEADER = `${"".padEnd(44)} ${"wall p50".padStart(8)} ${"p95".padStart(8)} | ${"CPU p50".padStart(8)} ${"p95".padStart(8)}`;
const row = (name: string, samples: Samples, extra = "") =>
  console.log(`${name.padEnd(44)} ${ms(percentile(samples.wall, 50))} ${ms(percentile(samples.wall, 95))} | ${ms(percentile(samples.cpu, 50))} ${ms(percentile(samples.cpu, 95))}${extra}`);

/** Plays, applications, sign-ins and audit entries on top of the songs and members. */
async function seedTheRest(db: Database) {
  // Plays over the last 84 days, spread over every song (statement-level triggers keep the weekly counts).
  for (let from = 1; from <= PLAYS; from += 50_000) {
    const to = Math.min(PLAYS, from + 49_999);
    await sql`
      insert into song_plays (song_id, listener_key, played_at)
      select s.id, 'addr:bench-' || (g % 7919), now() - make_interval(secs => ((g::bigint * 2654435761) % (84 * 86400))::int)
        from generate_series(${from}::int, ${to}::int) g
        join (select id, row_number() over (order by id) as rn from songs where status = 'catalogue') s
          on s.rn = 1 + (g::bigint * 40503) % (select count(*) from songs where status = 'catalogue')
    `.execute(db);
  }
  // An application for every account without a role, in every status; sign-ins over the last 60 days.
  await sql`
    insert into applications (user_id, public_key, kind, name, bio, status, submitted_at, decided_at, created_at)
    select p.user_id, 'bench' || lpad(row_number() over (order by p.user_id)::text, 10, '0'), 'writer', coalesce(p.display_name, 'Applicant'), 'Bench applicant.',
           (array['pending', 'shortlisted', 'waitlisted', 'declined', 'accepted', 'draft'])[1 + (row_number() over (order by p.user_id))::int % 6],
           case when (row_number() over (order by p.user_id))::int % 6 = 5 then null else now() - make_interval(days => ((row_number() over (order by p.user_id))::int % 84)) end,
           case when (row_number() over (order by p.user_id))::int % 6 in (3, 4) then now() else null end,
           now() - make_interval(days => 90)
      from profiles p where p.role is null
  `.execute(db);
  await sql`update auth.users set last_sign_in_at = now() - make_interval(days => (abs(hashtext(id::text)) % 60))`.execute(db);
  await sql`
    insert into admin_audit_log (actor_id, actor_name, action, target_type, target_id, target_label, before, after)
    select (select user_id from profiles where is_admin order by user_id limit 1), 'Bench Admin', 'song.updated', 'song', s.id::text, s.title,
           '{"title":"Old title"}'::jsonb, jsonb_build_object('title', s.title)
      from (select id, title from songs order by id limit 2000) s
  `.execute(db);
  await sql`vacuum analyze`.execute(db);
}

/** The app's request handler in this process: the production build when BUILD_DIR has one, else Vite's SSR. */
async function openHandler(): Promise<{ handler: AppHandler; label: string }> {
  const built = BUILD_DIR ? path.join(BUILD_DIR, "server/index.js") : null;
  if (built && fs.existsSync(built)) {
    process.env.NODE_ENV = "production";
    const build = (await import(built)) as ServerBuild;
    const remix = createRequestHandler(build, "production");
    const handle = (request: Request) =>
      runInRequestScope(request, "127.0.0.1", async () => {
        const response = await remix(request);
        const scoped = getSessionHeaders(request).getSetCookie();
        if (scoped.length === 0) return response;
        const names = new Set(scoped.map(setCookieName));
        const headers = new Headers();
        response.headers.forEach((value, key) => {
          if (key.toLowerCase() !== "set-cookie") headers.append(key, value);
        });
        for (const cookie of response.headers.getSetCookie()) if (!names.has(setCookieName(cookie))) headers.append("Set-Cookie", cookie);
        for (const cookie of scoped) headers.append("Set-Cookie", cookie);
        return new Response(response.body, { status: response.status, headers });
      });
    return { handler: { build, handle, close: async () => undefined }, label: `production build ${path.relative(process.cwd(), BUILD_DIR!)}` };
  }
  const { createAppHandler } = await import("../tests/support/app-handler");
  return { handler: await createAppHandler(), label: "Vite SSR of the source (React in development mode: slower than production; set BUILD_DIR for the real figure)" };
}

/** What the overview would read without the counters: every figure counted from the big tables on each request. */
async function naiveOverviewReads(db: Database) {
  const first = lastWeeks(new Date())[0]!;
  await sql`select
      (select count(*) from songs where status = 'catalogue') as songs,
      (select count(*) from songs where status = 'catalogue' and featured) as featured`.execute(db);
  await sql`select date_trunc('week', played_at at time zone 'UTC') as week, count(*) from song_plays where played_at >= ${first}::date group by 1`.execute(db);
  await sql`select date_trunc('week', created_at at time zone 'UTC') as week, count(*) from songs where status = 'catalogue' group by 1`.execute(db);
  await sql`select date_trunc('week', submitted_at at time zone 'UTC') as week, count(*) from applications where submitted_at >= ${first}::date group by 1`.execute(db);
  await sql`select date_trunc('week', created_at at time zone 'UTC') as week, count(*) from profiles where role is not null and created_at >= ${first}::date group by 1`.execute(db);
}

async function main() {
  const bench = await benchPGlite();
  const { db } = bench.database;
  try {
    const started = performance.now();
    await seedBenchSongs(db, SONGS, { log: (line) => process.stdout.write(`\r${line}   `) });
    process.stdout.write("\n");
    await seedBenchMembers(db, MEMBERS);
    const admin = await createLocalUser(db, { email: ADMIN_EMAIL, password: PASSWORD, displayName: "Bench Admin", role: "admin", confirmed: true });
    await db.insertInto("profiles").values({ user_id: admin.id, role: "admin", is_admin: true, display_name: "Bench Admin", onboarding_completed: true, links: "[]" }).execute();
    await seedTheRest(db);
    const counts = await sql<Record<string, number>>`select
        (select count(*) from songs)::int as songs, (select count(*) from auth.users)::int as users,
        (select count(*) from song_plays)::int as plays, (select count(*) from applications)::int as applications,
        (select count(*) from admin_audit_log)::int as audit`.execute(db);
    console.log(`PGlite: ${JSON.stringify(counts.rows[0])} seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; ${RUNS} runs after ${WARMUP} warm-up runs`);

    useTestRuntime(bench.database);
    const { handler, label } = await openHandler();
    const client = new TestClient(handler);
    await client.signIn(ADMIN_EMAIL, PASSWORD);
    const check = await client.get("/admin");
    const html = await check.text();
    if (check.status !== 200 || !html.includes('data-statistic="totalSongs"')) throw new Error(`GET /admin answered ${check.status} without the statistics`);

    console.log(`\n1. Rendered for a signed-in admin (${label}); load average at start ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
    console.log(HEADER);
    const render = async (url: string) => {
      const response = await client.get(url);
      await response.text();
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    };
    // Interleaved, so both see the same machine load.
    const page: Samples = { wall: [], cpu: [] };
    const base: Samples = { wall: [], cpu: [] };
    for (let i = 0; i < WARMUP; i++) {
      await render("/admin");
      await render("/admin/camps");
    }
    for (let i = 0; i < RUNS; i++) {
      await measure(() => render("/admin"), page);
      await measure(() => render("/admin/camps"), base);
    }
    row("GET /admin (the overview)", page);
    row("GET /admin/camps (baseline: same layout, no data)", base);
    for (const kind of ["wall", "cpu"] as const) {
      const [p, b] = [page[kind], base[kind]];
      console.log(
        `overview / baseline (${kind}): p50 ${(percentile(p, 50) / percentile(b, 50)).toFixed(2)}x, p95 ${(percentile(p, 95) / percentile(b, 95)).toFixed(2)}x; the overview's own cost (p50 difference): ${(percentile(p, 50) - percentile(b, 50)).toFixed(2)} ms`,
      );
    }

    console.log("\n2. The overview's reads");
    console.log(HEADER);
    const parts: [string, () => Promise<unknown>][] = [
      ["statistics (SPEC §3 object)", () => getStatistics(db)],
      ["queues", () => getQueues(db)],
      ["weekly series (4 charts)", () => getWeeklySeries(db)],
      ["audit log page + actors", () => Promise.all([listAuditEntries(db), listAuditActors(db)])],
    ];
    let sum50 = 0;
    for (const [name, read] of parts) {
      const samples = await time(read);
      sum50 += percentile(samples.cpu, 50);
      row(name, samples);
    }
    console.log(`${"sum of CPU p50s".padEnd(44)} ${"".padStart(17)} | ${ms(sum50)}`);

    console.log("\n3. Without the counters (ADR 0079's \"before\")");
    console.log(HEADER);
    const naive = await time(() => naiveOverviewReads(db), Math.max(5, Math.floor(RUNS / 3)));
    const counted = await time(() => Promise.all([getStatistics(db), getWeeklySeries(db)]));
    row("naive counts and weekly GROUP BYs", naive);
    row("counters (statistics + weekly series)", counted, `   ${(percentile(naive.cpu, 50) / percentile(counted.cpu, 50)).toFixed(1)}x less CPU at p50`);

    const p95 = percentile(page.wall, 95);
    const cpu95 = percentile(page.cpu, 95);
    console.log(
      `\n/admin p95: ${p95.toFixed(2)} ms wall, ${cpu95.toFixed(2)} ms CPU (target < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? "met" : cpu95 < TARGET_P95_MS ? "met in CPU time, not in wall time on this machine's load" : "NOT met"})`,
    );
    await handler.close();
  } finally {
    await bench.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
