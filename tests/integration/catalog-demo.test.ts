/**
 * The demo catalogue (DESIGN §4: at least 40 songs with real, generated
 * audio): what the seed writes to the database and to storage, that it is the
 * same on every run, and that a failed seed takes its files away again.
 */
import { DEMO_SUSPENDED_EMAIL } from "~/admin/users-seed.server";
import { DEMO_ORPHANS } from "~/files/seed-files.server";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CAMP_OUTCOME_COUNTS } from "~/camps/seed-outcomes.server";
import { DEMO_SUBMISSIONS } from "~/submissions/seed-submissions.server";
import { seedDemoData } from "~/demo/seed.server";
import { DEMO_ACCOUNTS } from "~/demo/accounts";
import { DEMO_APPLICANTS } from "~/applications/seed-applications.server";
import { DEMO_AR_REGISTRANT_EMAILS } from "~/ar/registration-demo";
import { DEMO_MEMBERS, demoMemberEmail } from "~/demo/members-data";
import { detectAudioType, detectImageType } from "~/catalog/media-types";
import { parseWav } from "~/catalog/audio-info";
import { ARTWORK_BUCKET, AUDIO_BUCKET, WAVEFORM_PEAKS } from "~/catalog/constants";
import { getSong, searchCatalog } from "~/catalog/songs.server";
import { LocalStorage } from "~/platform/storage/local.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

let database: TestDatabase;
let dir: string;
let storage: LocalStorage;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-demo-catalogue-"));
  storage = new LocalStorage({ root: path.join(dir, "storage"), secret: "demo-catalogue-test-secret-0123456789" });
  await seedDemoData(database.db, { password: "demo-password-123", storage, log: (line) => lines.push(line) });
}, 120_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const allSongs = () => database.db.selectFrom("songs").selectAll().orderBy("title").execute();

describe("demo catalogue", () => {
  it("has at least 40 catalogue songs, 2 or 3 archived, some featured, with varied metadata", async () => {
    const songs = await allSongs();
    const catalogue = songs.filter((s) => s.status === "catalogue");
    expect(catalogue.length).toBeGreaterThanOrEqual(40);
    expect(songs.filter((s) => s.status === "archived").length).toBeGreaterThanOrEqual(2);
    expect(songs.filter((s) => s.status === "archived").length).toBeLessThanOrEqual(3);
    expect(catalogue.filter((s) => s.featured).length).toBeGreaterThanOrEqual(3);
    expect(new Set(songs.map((s) => s.genre)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(songs.flatMap((s) => s.moods)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(songs.map((s) => s.musical_key)).size).toBeGreaterThanOrEqual(10);
    for (const s of songs) {
      expect(s.bpm).toBeGreaterThanOrEqual(70);
      expect(s.bpm).toBeLessThanOrEqual(170);
    }
    expect(songs.filter((s) => s.lyrics).length).toBeGreaterThan(30);
    expect((await searchCatalog(database.db, {}, { storage })).total).toBe(catalogue.length);
  });

  it("gives the catalogue songs of every vocal type, explicit and clean ones, and some without a vocal type (the A&R desk's facets)", async () => {
    const { facets } = await searchCatalog(database.db, {}, { storage });
    expect(facets.vocalTypes.map((count) => count.value).sort()).toEqual(["duet", "female", "group", "instrumental", "male"]);
    for (const count of facets.vocalTypes) expect(count.count, count.value).toBeGreaterThanOrEqual(1);
    expect(facets.explicit.map((count) => count.value).sort()).toEqual(["false", "true"]);
    const catalogue = (await allSongs()).filter((s) => s.status === "catalogue");
    expect(catalogue.some((s) => s.vocal_type === null)).toBe(true);
    // Instrumentals (no lyrics) are never explicit.
    for (const s of catalogue.filter((song) => song.vocal_type === "instrumental")) expect(s.explicit, s.title).toBe(false);
  });

  it("gives every song its own playable WAV (15 to 60 s) with a waveform, and PNG artwork", async () => {
    const hashes = new Set<string>();
    const fromSubmissions = new Set(
      (await database.db.selectFrom("submissions").select("song_id").where("song_id", "is not", null).execute()).map((r) => r.song_id!),
    );
    // The demo member's accepted submission (ADR 0075) and the demo camp's songs accepted into the catalogue (ADR 0091).
    expect(fromSubmissions.size).toBe(DEMO_SUBMISSIONS.filter((d) => d.status === "accepted").length + DEMO_CAMP_OUTCOME_COUNTS.catalogueSongs);
    for (const s of await allSongs()) {
      const audio = await storage.get(AUDIO_BUCKET, s.audio_path);
      expect(audio, s.title).not.toBeNull();
      expect(detectAudioType(audio!)?.contentType).toBe("audio/wav");
      const format = parseWav(audio!)!;
      expect(format).toMatchObject({ audioFormat: 1, channels: 1, sampleRate: 22_050, bitsPerSample: 16 });
      const seconds = format.dataLength / format.blockAlign / format.sampleRate;
      expect(seconds).toBeGreaterThanOrEqual(15);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(s.duration_seconds).toBeCloseTo(seconds, 1);
      expect(s.peaks).toHaveLength(WAVEFORM_PEAKS);
      expect(Math.max(...s.peaks)).toBe(1);
      // Not silence and not a constant: the waveform moves.
      expect(new Set(s.peaks.map((p) => Math.round(p * 10))).size).toBeGreaterThan(3);
      hashes.add(crypto.createHash("sha256").update(audio!).digest("hex"));
      // Songs accepted from members' submissions (ADR 0075) come without artwork.
      if (fromSubmissions.has(s.id)) {
        expect(s.artwork_path).toBeNull();
        continue;
      }
      const artwork = await storage.get(ARTWORK_BUCKET, s.artwork_path!);
      expect(detectImageType(artwork!)?.contentType).toBe("image/png");
    }
    expect(hashes.size).toBe((await allSongs()).length);
    const objects = await database.db.selectFrom("storage_objects").select(["bucket", "kind", "path"]).execute();
    // Showcase tracks (app/showcase, seeded too) keep their audio under showcase/ in the same bucket,
    // application tracks (app/applications) under applications/, song submissions (app/submissions) under submissions/,
    // songs' alternate versions (ADR 0082) under .../versions/ (counted on their own below), camp songs' rough audio
    // (ADR 0090) under camps/.
    const isVersion = (o: { path: string }) => o.path.includes("/versions/");
    expect(
      // The demo orphan (ADR 0084) is a file on purpose: no song uses it.
      objects.filter((o) => o.kind === "audio" && !isVersion(o) && o.path !== DEMO_ORPHANS.unused.path && !o.path.startsWith("showcase/") && !o.path.startsWith("applications/") && !o.path.startsWith("submissions/") && !o.path.startsWith("camps/")),
    ).toHaveLength(hashes.size);
    const versions = await database.db.selectFrom("song_versions").select("audio_path").execute();
    expect(versions.length).toBeGreaterThanOrEqual(2);
    expect(objects.filter((o) => o.kind === "audio" && isVersion(o)).map((o) => o.path).sort()).toEqual(versions.map((v) => v.audio_path).sort());
  });

  it("credits demo members and external co-writers, with splits of 100 per song", async () => {
    const members = await database.db.selectFrom("auth.users").select(["id", "email"]).execute();
    const idOf = (key: string) => members.find((m) => m.email === DEMO_ACCOUNTS.find((a) => a.key === key)!.email)!.id;
    const credits = await database.db.selectFrom("song_credits").selectAll().execute();
    const memberIds = new Set(credits.map((c) => c.member_id).filter(Boolean));
    // The personas, and the demo collective's co-writers their credits name (seed-members.server.ts).
    const collective = DEMO_MEMBERS.filter((m) => m.creditName).map((m) => members.find((u) => u.email === demoMemberEmail(m))!.id);
    expect(memberIds).toEqual(new Set([idOf("member"), idOf("newmember"), idOf("admin"), ...collective]));
    for (const c of credits.filter((credit) => collective.includes(credit.member_id!))) {
      expect(c.name).toBe(DEMO_MEMBERS.find((m) => demoMemberEmail(m) === members.find((u) => u.id === c.member_id)!.email)!.creditName);
    }
    expect(credits.some((c) => c.member_id === null)).toBe(true);
    const totals = new Map<string, number>();
    for (const c of credits) totals.set(c.song_id, (totals.get(c.song_id) ?? 0) + Number(c.split));
    expect([...new Set(totals.values())]).toEqual([100]);
    // No login-able accounts beyond the five demo personas, the demo collective, the demo applicants (ADR 0070)
    // the demo A&R registrants (ADR 0072) and the suspended demo member (ADR 0080).
    expect(members).toHaveLength(DEMO_ACCOUNTS.length + DEMO_MEMBERS.length + DEMO_APPLICANTS.length + DEMO_AR_REGISTRANT_EMAILS.length + [DEMO_SUSPENDED_EMAIL].length);
  });

  it("is found by search: a misspelt title, a member's name, and not the archived demo", async () => {
    const typo = await searchCatalog(database.db, { search: "midnite avenue" }, { storage });
    expect(typo.songs[0].title).toBe("Midnight Avenue");
    const maya = await searchCatalog(database.db, { search: "maya brooks", pageSize: 100 }, { storage });
    expect(maya.total).toBeGreaterThan(5);
    const titles = (await searchCatalog(database.db, { search: "midnight", pageSize: 100 }, { storage })).songs.map((s) => s.title);
    expect(titles).toContain("Midnight Avenue (Club Remix)");
    expect(titles).not.toContain("Midnight Avenue (Demo)");
    const song = await getSong(database.db, typo.songs[0].id);
    expect(song?.lyrics).toContain("Midnight Avenue");
  });

  it("is the same on every run: a second seed into the same storage reuses the files", async () => {
    const again = await createTestDatabase();
    try {
      const log: string[] = [];
      await seedDemoData(again.db, { password: "demo-password-123", storage, log: (line) => log.push(line) });
      expect(log.join("\n")).toMatch(/0 audio files generated, 43 reused/);
      const first = (await allSongs()).map((s) => [s.title, s.duration_seconds, s.peaks, s.audio_path, s.bpm]);
      const second = (await again.db.selectFrom("songs").selectAll().orderBy("title").execute()).map((s) => [s.title, s.duration_seconds, s.peaks, s.audio_path, s.bpm]);
      expect(second).toEqual(first);
    } finally {
      await again.close();
    }
  }, 120_000);

  it("a seed that fails removes the files it created and keeps files that were there", async () => {
    const failing = await createTestDatabase();
    const freshRoot = path.join(dir, "fresh-storage");
    const fresh = new LocalStorage({ root: freshRoot, secret: "demo-catalogue-test-secret-0123456789" });
    const breakAtTenthSong = async (db: TestDatabase) => {
      await sql`create function fail_tenth_song() returns trigger language plpgsql as $$
        begin if (select count(*) from songs) >= 9 then raise exception 'storage test: seeding fails'; end if; return new; end $$`.execute(db.db);
      await sql`create trigger fail_tenth_song before insert on songs for each row execute function fail_tenth_song()`.execute(db.db);
    };
    try {
      await breakAtTenthSong(failing);
      await expect(seedDemoData(failing.db, { password: "demo-password-123", storage: fresh })).rejects.toThrow("seeding fails");
      const left = fs.existsSync(path.join(freshRoot, "audio")) ? fs.readdirSync(path.join(freshRoot, "audio"), { recursive: true }).filter((f) => String(f).endsWith(".wav")) : [];
      expect(left).toEqual([]);
      expect(Number((await sql<{ n: number }>`select count(*)::int as n from auth.users`.execute(failing.db)).rows[0].n)).toBe(0);

      // Into the storage of the first seed: its files stay, the first database still has them all.
      await seedDemoData(failing.db, { password: "demo-password-123", storage }).catch(() => undefined);
      for (const s of await allSongs()) expect(await storage.stat(AUDIO_BUCKET, s.audio_path), s.title).not.toBeNull();
    } finally {
      await failing.close();
    }
  }, 120_000);
});
