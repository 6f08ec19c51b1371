/**
 * Camp songs and split sheets (issue 13 §4, ADR 0090) on a real database:
 * getSplitSheet (the contract H6 reads), saving (sums in hundredths, members
 * from the session only, every confirmation cleared, the named members told),
 * confirming (one's own row only; a guest's row only by an admin, audited),
 * withdrawing, the lock while a submission is live, and a confirmation racing
 * an edit.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalUser } from "~/auth/users.server";
import { DEMO_CAMP_SONGS, DEMO_GUEST_COWRITER } from "~/camps/demo-camp-songs";
import { DEMO_PAST_CAMP } from "~/camps/demo-camps";
import { DEMO_CAMP_ROSTER } from "~/camps/seed-camps.server";
import { ensureCampSessions } from "~/camps/sessions.server";
import { confirmShare, getSplitSheet, saveSplitSheet, withdrawConfirmation } from "~/camps/split-sheets.server";
import { SONG_TEXT, SPLIT_TEXT } from "~/camps/songs-text";
import { addDays, campDays, todayInZone } from "~/camps/time";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { UPLOAD_MESSAGES } from "~/catalog/upload.server";
import { demoAccount } from "~/demo/accounts";
import { seedDemoData } from "~/demo/seed.server";
import { findFileUses } from "~/files/references.server";
import { bodyLimitFor, limitRequestBodies, TOO_LARGE_MESSAGE } from "~/platform/http/body-limit.server";
import { getRuntime } from "~/platform/runtime.server";
import { localStorageRoot, storage } from "~/platform/storage/index.server";
import { createAppHandler, locationOf, TEST_ORIGIN, TestClient, type AppHandler } from "../support/app-handler";
import { wavFile } from "../support/audio-files";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

let database: TestDatabase;
const people: Record<string, { id: string; displayName: string; isAdmin: boolean }> = {};
let campId: string;
let sessionId: string;
let songId: string;

async function user(key: string, role: "accepted_member" | "admin", isAdmin = false) {
  const displayName = key[0]!.toUpperCase() + key.slice(1);
  const created = await createLocalUser(database.db, { email: `${key}@sheets.example.test`, password: "camp-sheet-password-1", displayName, confirmed: true });
  await database.db.insertInto("profiles").values({ user_id: created.id, display_name: displayName, role }).execute();
  people[key] = { id: created.id, displayName, isAdmin };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await user("ana", "accepted_member");
  await user("bo", "accepted_member");
  await user("cy", "accepted_member");
  await user("root", "admin", true);
  const camp = await db
    .insertInto("camps")
    .values({ name: "Sheet camp", venue: "Studio", time_zone: "Europe/Lisbon", starts_on: "2026-07-01", ends_on: "2026-07-01" })
    .returning("id")
    .executeTakeFirstOrThrow();
  campId = camp.id;
  await db.insertInto("camp_rooms").values({ camp_id: campId, name: "Room A", capacity: 4 }).execute();
  await db.insertInto("camp_slots").values({ camp_id: campId, starts_at: "10:00", ends_at: "13:00" }).execute();
  await db
    .insertInto("camp_invitations")
    .values(["ana", "bo", "cy"].map((k) => ({ camp_id: campId, member_id: people[k]!.id, camp_role: "writer" as const, status: "accepted" as const, available_days: ["2026-07-01"] })))
    .execute();
  await ensureCampSessions(db, campId);
  const session = await db.selectFrom("camp_sessions").select(["id", "day", "slot_id"]).where("camp_id", "=", campId).executeTakeFirstOrThrow();
  sessionId = session.id;
  await db
    .insertInto("camp_session_members")
    .values(["ana", "bo"].map((k) => ({ session_id: sessionId, camp_id: campId, day: session.day, slot_id: session.slot_id, member_id: people[k]!.id })))
    .execute();
  const song = await db.insertInto("camp_songs").values({ camp_id: campId, session_id: sessionId, working_title: "Sheet song" }).returning("id").executeTakeFirstOrThrow();
  songId = song.id;
});

afterAll(async () => {
  await database?.close();
});

const link = () => `/camps/${campId}/sessions/${sessionId}`;

describe("getSplitSheet", () => {
  it("is null for an unknown or malformed camp song, and empty (not complete) for a song without rows", async () => {
    expect(await getSplitSheet(database.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getSplitSheet(database.db, "not-a-uuid")).toBeNull();
    expect(await getSplitSheet(database.db, songId)).toMatchObject({ campSongId: songId, version: 0, rows: [], total: 0, complete: false, locked: false });
  });

  it("reads rows in order with numeric shares, complete only when every row is confirmed, locked by a live submission", async () => {
    const saved = await saveSplitSheet(database.db, {
      campSongId: songId,
      version: 0,
      actor: people.ana!,
      link: link(),
      rows: [
        { memberId: people.ana!.id, name: "ignored", role: "writer", share: 33.33 },
        { memberId: people.bo!.id, name: "", role: "producer", share: 33.33 },
        { memberId: null, name: "Guest Writer", role: "topliner", share: 33.34 },
      ],
    });
    expect(saved).toEqual({ ok: true, version: 1, notified: 1 });
    let sheet = (await getSplitSheet(database.db, songId))!;
    expect(sheet.rows.map((r) => [r.position, r.memberId, r.name, r.role, r.share, r.confirmedAs])).toEqual([
      [0, people.ana!.id, "Ana", "writer", 33.33, null],
      [1, people.bo!.id, "Bo", "producer", 33.33, null],
      [2, null, "Guest Writer", "topliner", 33.34, null],
    ]);
    expect(sheet.total).toBe(100);
    expect(sheet.complete).toBe(false);
    // Bo was told (Ana saved it herself).
    const notices = await database.db.selectFrom("notices").select(["recipient_id", "kind", "link"]).where("kind", "=", "camp").execute();
    expect(notices).toEqual([{ recipient_id: people.bo!.id, kind: "camp", link: link() }]);

    for (const [who, row] of [["ana", sheet.rows[0]!], ["bo", sheet.rows[1]!]] as const) {
      expect(await confirmShare(database.db, { campSongId: songId, rowId: row.id, version: 1, actor: people[who]! })).toEqual({ ok: true, confirmedAs: "self" });
    }
    expect((await getSplitSheet(database.db, songId))!.complete).toBe(false);
    expect(await confirmShare(database.db, { campSongId: songId, rowId: sheet.rows[2]!.id, version: 1, actor: people.root! })).toEqual({ ok: true, confirmedAs: "admin" });
    sheet = (await getSplitSheet(database.db, songId))!;
    expect(sheet.complete).toBe(true);
    expect(sheet.rows.map((r) => r.confirmedAs)).toEqual(["self", "self", "admin"]);
    expect(sheet.locked).toBe(false);
  });
});

describe("confirmations", () => {
  async function freshSheet(): Promise<{ version: number; rows: { id: string }[] }> {
    const before = (await getSplitSheet(database.db, songId))!;
    const saved = await saveSplitSheet(database.db, {
      campSongId: songId,
      version: before.version,
      actor: people.bo!,
      link: link(),
      rows: [
        { memberId: people.ana!.id, name: "", role: "writer", share: 50 },
        { memberId: people.bo!.id, name: "", role: "producer", share: 25 },
        { memberId: null, name: "Guest Writer", role: "writer", share: 25 },
      ],
    });
    if (!saved.ok) throw new Error(saved.message);
    return (await getSplitSheet(database.db, songId))!;
  }

  it("a member confirms only their own row; a guest row only an admin; an admin cannot confirm a member's row", async () => {
    const sheet = await freshSheet();
    expect(await confirmShare(database.db, { campSongId: songId, rowId: sheet.rows[1]!.id, version: sheet.version, actor: people.ana! })).toMatchObject({ ok: false, status: 403, message: SPLIT_TEXT.onlyOwn });
    expect(await confirmShare(database.db, { campSongId: songId, rowId: sheet.rows[2]!.id, version: sheet.version, actor: people.ana! })).toMatchObject({ ok: false, status: 403, message: SPLIT_TEXT.guestByAdmin });
    expect(await confirmShare(database.db, { campSongId: songId, rowId: sheet.rows[0]!.id, version: sheet.version, actor: people.root! })).toMatchObject({ ok: false, status: 403 });
    const after = (await getSplitSheet(database.db, songId))!;
    expect(after.rows.every((r) => r.confirmedAt === null)).toBe(true);
    const audit = await database.db.selectFrom("admin_audit_log").select(["action", "target_type", "target_id", "actor_id"]).where("action", "=", "camp.split_confirmed_for_guest").execute();
    // One from the first describe block, none from these refusals.
    expect(audit).toEqual([{ action: "camp.split_confirmed_for_guest", target_type: "camp_song", target_id: songId, actor_id: people.root!.id }]);
  });

  it("a confirmation naming a version or rows from before an edit is refused, and saving clears every confirmation", async () => {
    const first = await freshSheet();
    expect((await confirmShare(database.db, { campSongId: songId, rowId: first.rows[0]!.id, version: first.version, actor: people.ana! })).ok).toBe(true);
    const second = await freshSheet();
    expect(second.version).toBe(first.version + 1);
    expect((await getSplitSheet(database.db, songId))!.rows.every((r) => r.confirmedAt === null)).toBe(true);
    // The old row id with the new version, and the new row id with the old version: both refused.
    expect(await confirmShare(database.db, { campSongId: songId, rowId: first.rows[0]!.id, version: second.version, actor: people.ana! })).toMatchObject({ ok: false, status: 409, message: SPLIT_TEXT.stale });
    expect(await confirmShare(database.db, { campSongId: songId, rowId: second.rows[0]!.id, version: first.version, actor: people.ana! })).toMatchObject({ ok: false, status: 409 });
    // Two saves from the same version: the second is refused.
    const stale = await saveSplitSheet(database.db, { campSongId: songId, version: first.version, actor: people.ana!, link: link(), rows: [{ memberId: people.ana!.id, name: "", role: "writer", share: 100 }] });
    expect(stale).toMatchObject({ ok: false, status: 409 });
  });

  it("an edit and a confirmation racing never leave a confirmation on rows the confirmer did not see", async () => {
    for (let round = 0; round < 5; round++) {
      const sheet = await freshSheet();
      const [, confirmed] = await Promise.all([
        saveSplitSheet(database.db, {
          campSongId: songId,
          version: sheet.version,
          actor: people.bo!,
          link: link(),
          rows: [
            { memberId: people.ana!.id, name: "", role: "writer", share: 10 },
            { memberId: people.bo!.id, name: "", role: "producer", share: 90 },
          ],
        }),
        confirmShare(database.db, { campSongId: songId, rowId: sheet.rows[0]!.id, version: sheet.version, actor: people.ana! }),
      ]);
      const after = (await getSplitSheet(database.db, songId))!;
      // Whatever the order, the new rows (10/90) carry no confirmation.
      expect(after.rows.map((r) => r.share)).toEqual([10, 90]);
      expect(after.rows.every((r) => r.confirmedAt === null)).toBe(true);
      expect([true, false]).toContain(confirmed.ok);
    }
  });

  it("members named must be in the session; sums are exact in hundredths", async () => {
    const sheet = (await getSplitSheet(database.db, songId))!;
    const base = { campSongId: songId, version: sheet.version, actor: people.ana!, link: link() };
    expect(await saveSplitSheet(database.db, { ...base, rows: [{ memberId: people.cy!.id, name: "", role: "writer", share: 100 }] })).toMatchObject({ ok: false, message: SPLIT_TEXT.notInGroup });
    expect(await saveSplitSheet(database.db, { ...base, rows: [{ memberId: people.ana!.id, name: "", role: "writer", share: 99.99 }] })).toMatchObject({ ok: false, status: 400 });
    expect(await saveSplitSheet(database.db, { ...base, rows: [{ memberId: people.ana!.id, name: "", role: "writer", share: 50 }, { memberId: people.ana!.id, name: "", role: "producer", share: 50 }] })).toMatchObject({ ok: false, message: SPLIT_TEXT.memberTwice });
    expect((await getSplitSheet(database.db, songId))!.version).toBe(sheet.version);
  });

  it("names everyone in the session: nobody can be left off, a guest cannot stand in for a member, someone seated later makes it incomplete; an admin's save is audited", async () => {
    const sheet = (await getSplitSheet(database.db, songId))!;
    const base = { campSongId: songId, version: sheet.version, link: link() };
    // Ana alone at 100 % while Bo is in the room: refused, nothing changed.
    expect(await saveSplitSheet(database.db, { ...base, actor: people.ana!, rows: [{ memberId: people.ana!.id, name: "", role: "writer", share: 100 }] })).toMatchObject({
      ok: false,
      status: 400,
      message: SPLIT_TEXT.everyoneInGroup(["Bo"]),
    });
    // Bo typed in as a guest (an admin would then confirm "him" without his account): refused.
    expect(
      await saveSplitSheet(database.db, {
        ...base,
        actor: people.ana!,
        rows: [
          { memberId: people.ana!.id, name: "", role: "writer", share: 50 },
          { memberId: null, name: " bo ", role: "producer", share: 50 },
        ],
      }),
    ).toMatchObject({ ok: false, message: SPLIT_TEXT.everyoneInGroup(["Bo"]) });
    expect(
      await saveSplitSheet(database.db, {
        ...base,
        actor: people.ana!,
        rows: [
          { memberId: people.ana!.id, name: "", role: "writer", share: 40 },
          { memberId: people.bo!.id, name: "", role: "producer", share: 40 },
          { memberId: null, name: "BO", role: "writer", share: 20 },
        ],
      }),
    ).toMatchObject({ ok: false, message: SPLIT_TEXT.guestIsMember });
    expect((await getSplitSheet(database.db, songId))!.version).toBe(sheet.version);

    // A complete sheet stops being complete when someone joins the session after it was saved.
    const full = await freshSheet();
    for (const [who, row] of [["ana", 0], ["bo", 1], ["root", 2]] as const) {
      expect((await confirmShare(database.db, { campSongId: songId, rowId: full.rows[row]!.id, version: full.version, actor: people[who]! })).ok).toBe(true);
    }
    expect((await getSplitSheet(database.db, songId))!.complete).toBe(true);
    const session = await database.db.selectFrom("camp_sessions").select(["day", "slot_id"]).where("id", "=", sessionId).executeTakeFirstOrThrow();
    await database.db.insertInto("camp_session_members").values({ session_id: sessionId, camp_id: campId, day: session.day, slot_id: session.slot_id, member_id: people.cy!.id }).execute();
    expect(await getSplitSheet(database.db, songId)).toMatchObject({ complete: false, missing: [{ memberId: people.cy!.id, name: "Cy" }] });
    await database.db.deleteFrom("camp_session_members").where("session_id", "=", sessionId).where("member_id", "=", people.cy!.id).execute();

    // An admin's save (which clears every confirmation) is in the audit log with what was there.
    const now = (await getSplitSheet(database.db, songId))!;
    const saved = await saveSplitSheet(database.db, {
      campSongId: songId,
      version: now.version,
      link: link(),
      actor: people.root!,
      rows: [
        { memberId: people.ana!.id, name: "", role: "writer", share: 60 },
        { memberId: people.bo!.id, name: "", role: "producer", share: 40 },
      ],
    });
    expect(saved.ok).toBe(true);
    const entry = await database.db.selectFrom("admin_audit_log").selectAll().where("action", "=", "camp.split_sheet_saved").where("target_id", "=", songId).executeTakeFirstOrThrow();
    expect(entry.actor_id).toBe(people.root!.id);
    expect((entry.before as { shares: { name: string; confirmed: boolean }[] }).shares.map((r) => [r.name, r.confirmed])).toEqual([
      ["Ana", true],
      ["Bo", true],
      ["Guest Writer", true],
    ]);
    expect((entry.after as { shares: { name: string; share: number }[] }).shares.map((r) => [r.name, r.share])).toEqual([
      ["Ana", 60],
      ["Bo", 40],
    ]);
  });

  it("locked while a submission is pending: no edits, no withdrawals", async () => {
    const sheet = await freshSheet();
    for (const [who, row] of [["ana", 0], ["bo", 1], ["root", 2]] as const) {
      expect((await confirmShare(database.db, { campSongId: songId, rowId: sheet.rows[row]!.id, version: sheet.version, actor: people[who]! })).ok).toBe(true);
    }
    await database.db.insertInto("storage_objects").values({ bucket: "audio", path: "submissions/x/sheet.wav", content_type: "audio/wav", size_bytes: 10, sha256: "0".repeat(64), kind: "audio", uploaded_by: people.ana!.id }).execute();
    const submission = await database.db
      .insertInto("submissions")
      .values({
        member_id: people.ana!.id, title: "Sheet song", genre: "Pop", bpm: 100, musical_key: "C major", audio_bucket: "audio", audio_path: "submissions/x/sheet.wav",
        content_type: "audio/wav", size_bytes: 10, duration_seconds: 1, credits: JSON.stringify([{ name: "Ana", memberId: people.ana!.id, role: "writer", split: 100 }]), camp_song_id: songId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const locked = (await getSplitSheet(database.db, songId))!;
    expect(locked).toMatchObject({ complete: true, locked: true });
    expect(await withdrawConfirmation(database.db, { campSongId: songId, rowId: locked.rows[0]!.id, version: locked.version, actor: people.ana! })).toMatchObject({ ok: false, message: SPLIT_TEXT.locked });
    expect(await saveSplitSheet(database.db, { campSongId: songId, version: locked.version, actor: people.ana!, link: link(), rows: [{ memberId: people.ana!.id, name: "", role: "writer", share: 100 }] })).toMatchObject({ ok: false, message: SPLIT_TEXT.locked });
    await database.db.updateTable("submissions").set({ status: "withdrawn" }).where("id", "=", submission.id).execute();
    expect((await getSplitSheet(database.db, songId))!.locked).toBe(false);
    expect(await withdrawConfirmation(database.db, { campSongId: songId, rowId: locked.rows[0]!.id, version: locked.version, actor: people.ana! })).toEqual({ ok: true });
    expect((await getSplitSheet(database.db, songId))!.complete).toBe(false);
  });
});

describe("DEMO_CAMP_SONGS", () => {
  it("names only people on the past camp's roster for that day, sums every sheet to 100, and pairs nobody twice", () => {
    const roster = new Map(DEMO_CAMP_ROSTER.past.map((invite) => [invite.email, invite]));
    const pairs = new Map<string, string>();
    const sessions = new Set<string>();
    for (const song of DEMO_CAMP_SONGS) {
      for (const email of song.group) {
        const invite = roster.get(email);
        expect(invite?.status, `${email} on the roster`).toBe("accepted");
        expect(invite!.days, `${email} on day ${song.session.dayIndex}`).toContain(song.session.dayIndex);
      }
      for (const share of song.shares) if (share.email) expect(song.group).toContain(share.email);
      if (song.shares.length) expect(song.shares.reduce((sum, s) => sum + Math.round(s.share * 100), 0)).toBe(10_000);
      const key = `${song.session.dayIndex}|${song.session.slotIndex}|${song.session.roomName}`;
      if (sessions.has(key)) continue;
      sessions.add(key);
      const group = [...song.group].sort();
      for (let i = 0; i < group.length; i++)
        for (let j = i + 1; j < group.length; j++) {
          const pair = `${group[i]}+${group[j]}`;
          expect(pairs.get(pair), `${pair} twice`).toBeUndefined();
          pairs.set(pair, key);
        }
    }
    expect(new Set(DEMO_CAMP_SONGS.map((s) => s.state))).toEqual(new Set(["complete", "awaiting-member", "awaiting-admin", "none"]));
    expect(DEMO_CAMP_SONGS.filter((s) => s.state === "complete").map((s) => s.outcome).sort()).toEqual(["catalogue", "demo", "pitched", "submitted"]);
  });
});

// ---------------------------------------------------------------------------
// Through the real request handler, on the seeded demo, with real files.

const PASSWORD = "camp-songs-test-password";
let world: TestDatabase;
let app: AppHandler;
const ids: Record<string, string> = {};
const clients: Record<string, TestClient> = {};
let camp: { id: string; sessionId: string; upcomingSessionId: string; upcomingCampId: string };

function headersFor(client: TestClient): Headers {
  const headers = new Headers({ "sec-fetch-site": "same-origin", host: new URL(TEST_ORIGIN).host, origin: TEST_ORIGIN });
  const cookie = client.jar.header();
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

async function postMultipart(client: TestClient, target: string, form: FormData): Promise<Response> {
  const response = await app.handle(new Request(new URL(target, TEST_ORIGIN), { method: "POST", headers: headersFor(client), body: form, redirect: "manual" }));
  client.jar.update(response);
  return response;
}

function multipart(fields: Record<string, string | string[]>, audio?: { bytes: Uint8Array; name: string }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  if (audio) form.append("audio", new Blob([new Uint8Array(audio.bytes)]), audio.name);
  return form;
}

function errorsIn(html: string, id: string): string[] {
  const match = new RegExp(`<ul id="${id.replace(/[[\]]/g, "\\$&")}"[^>]*>(.*?)</ul>`, "s").exec(html);
  return match ? [...match[1]!.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, "&")) : [];
}

const page = () => `/camps/${camp.id}/sessions/${camp.sessionId}`;
const campFiles = (campId: string) => {
  const dir = path.join(localStorageRoot(getRuntime().env.dataDir), AUDIO_BUCKET, "camps", campId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
const songsOf = (sessionId: string) => world.db.selectFrom("camp_songs").selectAll().where("session_id", "=", sessionId).orderBy("created_at").execute();

async function addSong(client: TestClient, title: string, audio?: { bytes: Uint8Array; name: string }): Promise<string> {
  const before = new Set((await songsOf(camp.sessionId)).map((s) => s.id));
  const response = await postMultipart(client, page(), multipart({ intent: "addSong", workingTitle: title, notes: "" }, audio));
  expect(response.status).toBe(302);
  expect(locationOf(response)).toBe(page());
  const added = (await songsOf(camp.sessionId)).filter((s) => !before.has(s.id));
  expect(added).toHaveLength(1);
  return added[0]!.id;
}

/** Text as React writes it into HTML. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

async function sheetOf(songId: string) {
  return (await getSplitSheet(world.db, songId))!;
}

function sheetFields(songId: string, version: number, rows: { person: string; name?: string; role: string; share: string }[]): Record<string, string> {
  const fields: Record<string, string> = { intent: "saveSheet", campSongId: songId, version: String(version) };
  rows.forEach((row, i) => {
    fields[`rows[${i}].person`] = row.person;
    fields[`rows[${i}].name`] = row.name ?? "";
    fields[`rows[${i}].role`] = row.role;
    fields[`rows[${i}].share`] = row.share;
  });
  return fields;
}

describe("through the request handler (seeded demo)", () => {
  beforeAll(async () => {
    world = await createTestDatabase();
    useTestRuntime(world);
    await seedDemoData(world.db, { password: PASSWORD });
    const users = await world.db.selectFrom("auth.users").select(["id", "email"]).execute();
    for (const u of users) ids[u.email!.split("@")[0]!] = u.id;
    const { db } = world;
    // A camp that ended yesterday: Maya and Ellie in the session, Felix a participant outside it;
    // Noah accepted in another camp only; an upcoming camp where Maya is in a session.
    const today = todayInZone("Europe/Lisbon");
    const makeCamp = async (name: string, start: string) => {
      const row = await db.insertInto("camps").values({ name, venue: "Test venue", time_zone: "Europe/Lisbon", starts_on: start, ends_on: start }).returning("id").executeTakeFirstOrThrow();
      await db.insertInto("camp_rooms").values({ camp_id: row.id, name: "Room A", capacity: 4 }).execute();
      await db.insertInto("camp_slots").values({ camp_id: row.id, starts_at: "10:00", ends_at: "13:00" }).execute();
      await ensureCampSessions(db, row.id);
      const session = await db.selectFrom("camp_sessions").select(["id", "day", "slot_id"]).where("camp_id", "=", row.id).executeTakeFirstOrThrow();
      return { id: row.id, session };
    };
    const invite = async (campId: string, day: string, keys: string[]) =>
      db.insertInto("camp_invitations").values(keys.map((k) => ({ camp_id: campId, member_id: ids[k]!, camp_role: "writer" as const, status: "accepted" as const, available_days: [day] }))).execute();
    const seat = async (c: { id: string; session: { id: string; day: string; slot_id: string } }, keys: string[]) =>
      db.insertInto("camp_session_members").values(keys.map((k) => ({ session_id: c.session.id, camp_id: c.id, day: c.session.day, slot_id: c.session.slot_id, member_id: ids[k]! }))).execute();
    const past = await makeCamp("Songs test camp", addDays(today, -1));
    await invite(past.id, past.session.day, ["member", "ellie.hart", "felix.brandt"]);
    await seat(past, ["member", "ellie.hart"]);
    const other = await makeCamp("Other test camp", addDays(today, -1));
    await invite(other.id, other.session.day, ["newmember"]);
    const upcoming = await makeCamp("Upcoming test camp", addDays(today, 10));
    await invite(upcoming.id, upcoming.session.day, ["member"]);
    await seat(upcoming, ["member"]);
    camp = { id: past.id, sessionId: past.session.id, upcomingCampId: upcoming.id, upcomingSessionId: upcoming.session.id };
    app = await createAppHandler();
    for (const key of ["member", "admin", "ar", "newmember"] as const) {
      clients[key] = new TestClient(app);
      await clients[key].signIn(demoAccount(key).email, PASSWORD);
    }
    for (const key of ["ellie.hart", "felix.brandt"]) {
      clients[key] = new TestClient(app);
      await clients[key].signIn(`${key}@demo.hitfactory.test`, PASSWORD);
    }
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await world?.close();
  });

  it("seeds the past camp's songs with their sheets in the states DEMO_CAMP_SONGS names, everyone named in the session", async () => {
    const { db } = world;
    const pastCamp = await db.selectFrom("camps").select(["id", "starts_on", "ends_on"]).where("name", "=", DEMO_PAST_CAMP.name).executeTakeFirstOrThrow();
    const days = campDays(pastCamp.starts_on, pastCamp.ends_on);
    for (const demo of DEMO_CAMP_SONGS) {
      const song = await db
        .selectFrom("camp_songs as cs")
        .innerJoin("camp_sessions as s", "s.id", "cs.session_id")
        .innerJoin("camp_rooms as r", "r.id", "s.room_id")
        .select(["cs.id", "cs.audio_path", "cs.session_id", "s.day", "r.name as room"])
        .where("cs.camp_id", "=", pastCamp.id)
        .where("cs.working_title", "=", demo.workingTitle)
        .executeTakeFirstOrThrow();
      expect(song.day).toBe(days[demo.session.dayIndex]);
      expect(song.room).toBe(demo.session.roomName);
      expect(Boolean(song.audio_path)).toBe(demo.roughAudio);
      if (song.audio_path) expect(await storage().stat(AUDIO_BUCKET, song.audio_path)).toBeTruthy();
      const sheet = (await getSplitSheet(db, song.id))!;
      const unconfirmed = sheet.rows.filter((r) => !r.confirmedAt);
      const state = sheet.rows.length === 0 ? "none" : sheet.complete ? "complete" : unconfirmed.every((r) => r.memberId === null) ? "awaiting-admin" : "awaiting-member";
      expect(state, demo.workingTitle).toBe(demo.state);
      expect(sheet.total === 100 || sheet.rows.length === 0).toBe(true);
      const seated = new Set((await db.selectFrom("camp_session_members").select("member_id").where("session_id", "=", song.session_id).execute()).map((r) => r.member_id));
      for (const email of demo.group) expect(seated.has(ids[email.split("@")[0]!]!), `${email} in ${demo.workingTitle}`).toBe(true);
      if (demo.state === "awaiting-member") expect(unconfirmed.map((r) => r.memberId)).toEqual([ids.member]);
      if (demo.state === "awaiting-admin") expect(unconfirmed.map((r) => r.name)).toEqual([DEMO_GUEST_COWRITER]);
    }
  });

  it("shows the session to the camp's accepted participants and admins; 404 for anyone else and for ids that do not match", async () => {
    for (const key of ["member", "ellie.hart", "felix.brandt", "admin"]) {
      const response = await clients[key]!.get(page());
      expect(response.status, key).toBe(200);
    }
    const own = await (await clients.member!.get(page())).text();
    expect(own).toContain(SONG_TEXT.addSongHeading);
    // A participant outside the session reads, and is told so; no forms to change anything.
    const felix = await (await clients["felix.brandt"]!.get(page())).text();
    expect(felix).toContain(html(SONG_TEXT.readOnlyNote));
    expect(felix).not.toContain('value="addSong"');
    for (const key of ["newmember", "ar"]) expect((await clients[key]!.get(page())).status, key).toBe(404);
    expect((await clients.member!.get(`/camps/${camp.upcomingCampId}/sessions/${camp.sessionId}`)).status).toBe(404);
    expect((await clients.member!.get(`/camps/${camp.id}/sessions/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await clients.member!.get(`/camps/${camp.id}/sessions/not-a-session`)).status).toBe(404);
    // Writing from outside the camp is 404 too; from outside the session 403; nothing stored.
    expect((await postMultipart(clients.newmember!, page(), multipart({ intent: "addSong", workingTitle: "Intruder" }))).status).toBe(404);
    expect((await postMultipart(clients["felix.brandt"]!, page(), multipart({ intent: "addSong", workingTitle: "Outsider" }))).status).toBe(403);
    expect(await songsOf(camp.sessionId)).toEqual([]);
  });

  it("adds a song with rough audio (stored under camps/<campId>/<campSongId>, counted as used by /admin/files); refuses bad audio storing nothing", async () => {
    const bad = await postMultipart(clients.member!, page(), multipart({ intent: "addSong", workingTitle: "Bad take" }, { bytes: new TextEncoder().encode("not audio at all, just text"), name: "take.wav" }));
    expect(bad.status).toBe(422);
    expect(errorsIn(await bad.text(), "add-song-audio-error")).toEqual([UPLOAD_MESSAGES.notAudio]);
    expect(await songsOf(camp.sessionId)).toEqual([]);
    expect(campFiles(camp.id)).toEqual([]);
    expect(await world.db.selectFrom("storage_objects").select("path").where("path", "like", `camps/${camp.id}/%`).execute()).toEqual([]);

    const id = await addSong(clients.member!, "First Light", { bytes: wavFile({ seconds: 2 }), name: "rough.wav" });
    const [song] = await songsOf(camp.sessionId);
    expect(song).toMatchObject({ id, working_title: "First Light", audio_bucket: AUDIO_BUCKET, audio_path: `camps/${camp.id}/${id}.wav`, audio_content_type: "audio/wav" });
    expect(Number(song!.audio_duration_seconds)).toBeCloseTo(2, 1);
    expect(campFiles(camp.id)).toEqual([`${id}.wav`]);
    const uses = await findFileUses(world.db, [{ bucket: AUDIO_BUCKET, path: song!.audio_path! }]);
    expect([...uses.values()].flat().map((u) => u.reference)).toEqual(["camp_songs.audio_path"]);
    const shown = await (await clients.member!.get(page())).text();
    expect(shown).toContain("First Light");
    expect(shown).toMatch(new RegExp(`<audio[^>]*id="camp-song-audio-${id}"`));

    // HTML in the title is sanitised; a title sent twice and a NUL are refused.
    const twice = await postMultipart(clients.member!, page(), multipart({ intent: "addSong", workingTitle: ["One", "Two"] }));
    expect(twice.status).toBe(400);
    const nul = await postMultipart(clients.member!, page(), multipart({ intent: "addSong", workingTitle: "Nul\u0000title" }));
    expect(nul.status).toBe(400);
    const long = await postMultipart(clients.member!, page(), multipart({ intent: "addSong", workingTitle: "x".repeat(121) }));
    expect(long.status).toBe(400);
    expect(errorsIn(await long.text(), "add-song-title-error")).toEqual(["Working title must be no more than 120 characters"]);
    await addSong(clients.member!, "<b>Bold</b> <script>alert(1)</script>Move");
  });

  it("gives the rough audio's signed URL to the camp's accepted participants and admins, 404 to anyone else", async () => {
    const [song] = await songsOf(camp.sessionId);
    for (const key of ["member", "felix.brandt", "admin"]) {
      const response = await clients[key]!.get(`/api/camps/songs/${song!.id}/audio-url`);
      expect(response.status, key).toBe(200);
      expect(response.headers.get("cache-control")).toContain("no-store");
      const { url } = (await response.json()) as { url: string };
      expect(url).toContain(`camps/${camp.id}/${song!.id}.wav`);
    }
    for (const key of ["newmember", "ar"]) expect((await clients[key]!.get(`/api/camps/songs/${song!.id}/audio-url`)).status, key).toBe(404);
    expect((await clients.member!.get("/api/camps/songs/not-a-song/audio-url")).status).toBe(404);
    const withoutAudio = (await songsOf(camp.sessionId)).find((s) => !s.audio_path)!;
    expect((await clients.member!.get(`/api/camps/songs/${withoutAudio.id}/audio-url`)).status).toBe(404);
  });

  it("stores titles sanitised", async () => {
    const titles = (await songsOf(camp.sessionId)).map((s) => s.working_title);
    expect(titles).toContain("Bold alert(1)Move");
    expect(titles.join(" ")).not.toMatch(/[<>]/);
  });

  it("fills the sheet: sums exactly 100 in hundredths (99.99 and 100.01 refused, 33.33 x 3 + 0.01 accepted), saving clears confirmations", async () => {
    const [song] = await songsOf(camp.sessionId);
    const at = (version: number, shares: string[]) =>
      sheetFields(song!.id, version, [
        { person: ids.member!, role: "topliner", share: shares[0]! },
        { person: ids["ellie.hart"]!, role: "writer", share: shares[1]! },
        { person: "guest", name: "Guest <i>Player</i>", role: "producer", share: shares[2]! },
        ...(shares[3] ? [{ person: "guest", name: "Second Guest", role: "writer", share: shares[3] }] : []),
      ]);
    for (const shares of [["33.33", "33.33", "33.33"], ["33.33", "33.34", "33.34"], ["50", "50", "0"], ["50", "49.999", "0.001"]]) {
      const response = await clients.member!.post(page(), at(0, shares));
      expect(response.status, shares.join("+")).toBe(400);
    }
    const refused = await clients.member!.post(page(), at(0, ["33.33", "33.33", "33.33"]));
    expect(errorsIn(await refused.text(), `sheet-${song!.id}-error`)).toEqual([SPLIT_TEXT.sum("99.99")]);
    expect((await sheetOf(song!.id)).rows).toEqual([]);

    const saved = await clients.member!.post(page(), at(0, ["33.33", "33.33", "33.33", "0.01"]));
    expect(saved.status).toBe(302);
    let sheet = await sheetOf(song!.id);
    expect(sheet.rows.map((r) => [r.name, r.role, r.share])).toEqual([
      ["Maya Brooks", "topliner", 33.33],
      ["Ellie Hart", "writer", 33.33],
      ["Guest Player", "producer", 33.33],
      ["Second Guest", "writer", 0.01],
    ]);
    expect(sheet.total).toBe(100);
    // Ellie is asked to confirm, with a link to the session.
    const notice = await world.db.selectFrom("notices").select(["kind", "link", "subject"]).where("recipient_id", "=", ids["ellie.hart"]!).where("kind", "=", "camp").executeTakeFirstOrThrow();
    expect(notice).toEqual({ kind: "camp", link: page(), subject: SPLIT_TEXT.noticeSubject("First Light") });
    // The page says that saving clears every confirmation.
    expect(await (await clients.member!.get(page())).text()).toContain(html(SPLIT_TEXT.clearsNote));

    // Maya confirms her own row; a re-save (Ellie's) clears it.
    const mine = sheet.rows[0]!;
    expect((await clients.member!.post(page(), { intent: "confirmShare", campSongId: song!.id, rowId: mine.id, version: String(sheet.version) })).status).toBe(302);
    expect((await sheetOf(song!.id)).rows[0]!.confirmedAs).toBe("self");
    expect((await clients["ellie.hart"]!.post(page(), at(sheet.version, ["40", "30", "20", "10"]))).status).toBe(302);
    sheet = await sheetOf(song!.id);
    expect(sheet.rows.every((r) => r.confirmedAt === null)).toBe(true);
    // A second save naming the old version is refused: it did not see the new sheet.
    const stale = await clients.member!.post(page(), at(sheet.version - 1, ["25", "25", "25", "25"]));
    expect(stale.status).toBe(409);
    expect((await sheetOf(song!.id)).rows.map((r) => r.share)).toEqual([40, 30, 20, 10]);
    // A member not in the session cannot be named, nor can a participant outside it save.
    const outsider = sheetFields(song!.id, sheet.version, [{ person: ids["felix.brandt"]!, role: "producer", share: "100" }]);
    expect((await clients.member!.post(page(), outsider)).status).toBe(400);
    expect((await clients["felix.brandt"]!.post(page(), at(sheet.version, ["25", "25", "25", "25"]))).status).toBe(403);
  });

  it("confirms only one's own row; a guest's row only by an admin, audited; withdraws while unlocked", async () => {
    const [song] = await songsOf(camp.sessionId);
    const sheet = await sheetOf(song!.id);
    const [maya, ellie, guest] = sheet.rows;
    const post = (key: string, intent: string, rowId: string) => clients[key]!.post(page(), { intent, campSongId: song!.id, rowId, version: String(sheet.version) });
    const other = await post("member", "confirmShare", ellie!.id);
    expect(other.status).toBe(403);
    expect(errorsIn(await other.text(), `song-${song!.id}-error`)).toEqual([SPLIT_TEXT.onlyOwn]);
    expect((await post("member", "confirmShare", guest!.id)).status).toBe(403);
    expect((await post("admin", "confirmShare", maya!.id)).status).toBe(403);
    expect((await post("felix.brandt", "confirmShare", ellie!.id)).status).toBe(403);
    expect((await post("newmember", "confirmShare", ellie!.id)).status).toBe(404);
    expect((await sheetOf(song!.id)).rows.every((r) => r.confirmedAt === null)).toBe(true);

    expect((await post("member", "confirmShare", maya!.id)).status).toBe(302);
    expect((await post("ellie.hart", "confirmShare", ellie!.id)).status).toBe(302);
    expect((await post("admin", "confirmShare", guest!.id)).status).toBe(302);
    expect((await post("admin", "confirmShare", sheet.rows[3]!.id)).status).toBe(302);
    const after = await sheetOf(song!.id);
    expect(after.rows.map((r) => r.confirmedAs)).toEqual(["self", "self", "admin", "admin"]);
    expect(after.complete).toBe(true);
    const audit = await world.db.selectFrom("admin_audit_log").select(["actor_id", "target_id", "target_type"]).where("action", "=", "camp.split_confirmed_for_guest").where("target_id", "=", song!.id).execute();
    expect(audit).toEqual([
      { actor_id: ids.admin, target_id: song!.id, target_type: "camp_song" },
      { actor_id: ids.admin, target_id: song!.id, target_type: "camp_song" },
    ]);
    const shown = await (await clients.member!.get(page())).text();
    expect(shown).toContain(SPLIT_TEXT.stateComplete);
    expect(shown).toContain(`/submissions?campSong=${song!.id}`);

    expect((await post("member", "withdrawShare", maya!.id)).status).toBe(302);
    expect((await sheetOf(song!.id)).complete).toBe(false);
    expect((await post("member", "confirmShare", maya!.id)).status).toBe(302);
    expect((await sheetOf(song!.id)).complete).toBe(true);
  });

  it("locks the sheet and the song while a submission of it is pending", async () => {
    const [song] = await songsOf(camp.sessionId);
    const sheet = await sheetOf(song!.id);
    await world.db
      .insertInto("submissions")
      .values({
        member_id: ids.member!, title: "First Light", genre: "Pop", bpm: 100, musical_key: "C major", audio_bucket: AUDIO_BUCKET, audio_path: song!.audio_path!,
        content_type: "audio/wav", size_bytes: Number(song!.audio_size_bytes), duration_seconds: 2,
        credits: JSON.stringify(sheet.rows.map((r) => ({ name: r.name, memberId: r.memberId, role: r.role, split: r.share }))), camp_song_id: song!.id,
      })
      .execute();
    const post = (key: string, fields: Record<string, string>) => clients[key]!.post(page(), fields);
    const withdraw = await post("member", { intent: "withdrawShare", campSongId: song!.id, rowId: sheet.rows[0]!.id, version: String(sheet.version) });
    expect(withdraw.status).toBe(409);
    expect(errorsIn(await withdraw.text(), `song-${song!.id}-error`)).toEqual([SPLIT_TEXT.locked]);
    expect((await post("member", sheetFields(song!.id, sheet.version, [{ person: ids.member!, role: "writer", share: "100" }]))).status).toBe(409);
    expect((await post("member", { intent: "removeSong", campSongId: song!.id, confirm: "yes" })).status).toBe(409);
    const replace = await postMultipart(clients.member!, page(), multipart({ intent: "editSong", campSongId: song!.id, workingTitle: "First Light" }, { bytes: wavFile({ seconds: 1 }), name: "new.wav" }));
    expect(replace.status).toBe(409);
    expect(await sheetOf(song!.id)).toMatchObject({ complete: true, locked: true });
    const shown = await (await clients.member!.get(page())).text();
    expect(shown).toContain(html(SPLIT_TEXT.lockedNote));
    expect(shown).not.toContain(`/submissions?campSong=${song!.id}`);
  });

  it("edits and removes a song (its audio file goes with it); refuses recording before the camp has started", async () => {
    const id = await addSong(clients["ellie.hart"]!, "Short Lived", { bytes: wavFile({ seconds: 1 }), name: "short.wav" });
    const edited = await postMultipart(clients.admin!, page(), multipart({ intent: "editSong", campSongId: id, workingTitle: "Longer Lived", notes: "Second verse" }, { bytes: wavFile({ seconds: 1, frequency: 660 }), name: "v2.wav" }));
    expect(edited.status).toBe(302);
    const row = await world.db.selectFrom("camp_songs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ working_title: "Longer Lived", notes: "Second verse" });
    expect(row.audio_path).toMatch(new RegExp(`^camps/${camp.id}/${id}-[0-9a-z]+\\.wav$`));
    expect(campFiles(camp.id)).not.toContain(`${id}.wav`);
    // Another session's song id is not this session's.
    expect((await clients.member!.post(page(), { intent: "removeSong", campSongId: "00000000-0000-4000-8000-000000000000", confirm: "yes" })).status).toBe(404);
    expect((await clients.member!.post(page(), { intent: "removeSong", campSongId: id })).status).toBe(400);
    expect((await clients.member!.post(page(), { intent: "removeSong", campSongId: id, confirm: "yes" })).status).toBe(302);
    expect(await world.db.selectFrom("camp_songs").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(campFiles(camp.id).filter((f) => f.startsWith(id))).toEqual([]);

    const upcoming = `/camps/${camp.upcomingCampId}/sessions/${camp.upcomingSessionId}`;
    expect((await clients.member!.get(upcoming)).status).toBe(200);
    const early = await postMultipart(clients.member!, upcoming, multipart({ intent: "addSong", workingTitle: "Too early" }));
    expect(early.status).toBe(409);
    expect(await songsOf(camp.upcomingSessionId)).toEqual([]);
  });

  it("takes bodies up to the audio limit on session pages and refuses 100 MB at the body limit, over a real socket", async () => {
    expect(bodyLimitFor(page())).toBe(51 * 1024 * 1024);
    const server = express();
    let reached = 0;
    server.use(limitRequestBodies());
    server.post(/.*/, (req, res) => {
      reached++;
      req.resume();
      req.on("end", () => res.status(200).send("read"));
    });
    const listener = http.createServer(server).listen(0);
    const { port } = listener.address() as AddressInfo;
    try {
      const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          { port, method: "POST", path: page(), headers: { "content-type": "multipart/form-data; boundary=x", "content-length": 100 * 1024 * 1024 } },
          (response) => {
            let body = "";
            response.on("data", (chunk) => (body += chunk));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on("error", reject);
        request.write(Buffer.alloc(1024 * 1024, 0x61));
      });
      expect(result).toEqual({ status: 413, body: TOO_LARGE_MESSAGE });
      expect(reached).toBe(0);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
