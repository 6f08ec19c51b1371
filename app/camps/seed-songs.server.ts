/**
 * Demo data of issue 13 §4 (ADR 0090): the past camp's songs, their rough
 * audio and split sheets, from DEMO_CAMP_SONGS (demo-camp-songs.ts).
 *
 * Runs after the camps (H1) and the groups (H2) are seeded. The songs name
 * who was in the room; where the groups seed did not seat someone a song
 * needs, this seats them (adding an accepted invitation for the day when the
 * roster lacks one, moving them out of another room at the same time, and in
 * a full room taking the seat of someone no song of that session names; each
 * logged), so a session's sheet only ever names the session's members.
 * Without the past camp (no camps seeded) it does nothing.
 */
import crypto from "node:crypto";
import { sql, type Transaction } from "kysely";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { DEMO_SAMPLE_RATE, barsFor, renderSong } from "~/demo/audio-synth";
import { encodeWav } from "~/demo/audio-wav";
import { GENRE_STYLES } from "~/demo/songs-data";
import { seedOf } from "~/demo/songs-random";
import type { DemoFiles } from "~/demo/songs.server";
import type { DB } from "~/platform/db/schema";
import { AUDIO_TYPES } from "~/shared/media-types";
import { DEMO_CAMP_SONGS, type DemoCampSong } from "./demo-camp-songs";
import { DEMO_PAST_CAMP } from "./demo-camps";
import { campRoleFromSkills } from "./roles";
import { campSongAudioPath } from "./songs.server";
import { ensureCampSessions, touchSessions } from "./sessions.server";
import { campDays, sessionInstants } from "./time";
import { recordDemoAudioObject } from "~/demo/submission-audio.server";

const DAY = 24 * 3600_000;

function roughMix(song: DemoCampSong): Uint8Array {
  const seed = seedOf(`camp-rough:v1:${song.workingTitle}`);
  const style = song.bpm >= 120 ? GENRE_STYLES.Dance! : GENRE_STYLES.Pop!;
  const samples = renderSong({ seed, bpm: song.bpm, root: seed % 12, mode: seed % 2 ? "minor" : "major", bars: barsFor(song.bpm, 15), style });
  return encodeWav(samples, DEMO_SAMPLE_RATE);
}

export async function seedDemoCampSongs(tx: Transaction<DB>, options: { now: Date; files: DemoFiles; log?: (line: string) => void }): Promise<void> {
  const camp = await tx.selectFrom("camps").select(["id", "starts_on", "ends_on", "time_zone"]).where("name", "=", DEMO_PAST_CAMP.name).executeTakeFirst();
  if (!camp) return;
  const already = await tx.selectFrom("camp_songs").select("id").where("camp_id", "=", camp.id).limit(1).executeTakeFirst();
  if (already) return;
  await ensureCampSessions(tx, camp.id);
  const days = campDays(camp.starts_on, camp.ends_on);
  const slots = await tx.selectFrom("camp_slots").select(["id", "starts_at", "ends_at"]).where("camp_id", "=", camp.id).orderBy("position").orderBy("starts_at").execute();
  const rooms = await tx.selectFrom("camp_rooms").select(["id", "name", "capacity"]).where("camp_id", "=", camp.id).execute();
  const emails = [...new Set(DEMO_CAMP_SONGS.flatMap((s) => s.group))];
  const people = await tx
    .selectFrom("auth.users as u")
    .innerJoin("profiles as p", "p.user_id", "u.id")
    .select(["u.id", "u.email", "p.display_name", "p.skills"])
    .where("u.email", "in", emails)
    .execute();
  const byEmail = new Map(people.map((p) => [p.email!, p]));
  const admin = await tx.selectFrom("auth.users").select("id").where("email", "=", "admin@demo.hitfactory.test").executeTakeFirst();

  let songs = 0;
  let seated = 0;
  for (const demo of DEMO_CAMP_SONGS) {
    const day = days[demo.session.dayIndex];
    const slot = slots[demo.session.slotIndex];
    const room = rooms.find((r) => r.name === demo.session.roomName);
    if (!day || !slot || !room) throw new Error(`Demo camp song "${demo.workingTitle}": no session ${demo.session.roomName}, day ${demo.session.dayIndex}, slot ${demo.session.slotIndex}`);
    const members = demo.group.map((email) => byEmail.get(email)).filter((p): p is NonNullable<typeof p> => Boolean(p));
    // Only the demo accounts exist in a small seed (tests seeding without the collective): skip songs whose people are missing.
    if (members.length !== demo.group.length) continue;
    const session = await tx
      .selectFrom("camp_sessions")
      .select(["id"])
      .where("room_id", "=", room.id)
      .where("slot_id", "=", slot.id)
      .where("day", "=", day)
      .executeTakeFirstOrThrow();

    // The people in the room: on the roster for that day, in no other room at that time.
    const changed = new Set<string>();
    for (const person of members) {
      const invitation = await tx
        .selectFrom("camp_invitations")
        .select(["status", "available_days"])
        .where("camp_id", "=", camp.id)
        .where("member_id", "=", person.id)
        .executeTakeFirst();
      if (!invitation) {
        await tx
          .insertInto("camp_invitations")
          .values({ camp_id: camp.id, member_id: person.id, camp_role: campRoleFromSkills(person.skills ?? []), status: "accepted", available_days: [day], invited_by: admin?.id ?? null, responded_at: new Date(Date.parse(`${camp.starts_on}T12:00:00Z`) - 7 * DAY) })
          .execute();
      } else if (invitation.status !== "accepted" || !invitation.available_days.includes(day)) {
        await tx
          .updateTable("camp_invitations")
          .set({ status: "accepted", available_days: [...new Set([...(invitation.status === "accepted" ? invitation.available_days : []), day])].sort() })
          .where("camp_id", "=", camp.id)
          .where("member_id", "=", person.id)
          .execute();
      }
      const seat = await tx
        .selectFrom("camp_session_members")
        .select("session_id")
        .where("member_id", "=", person.id)
        .where("camp_id", "=", camp.id)
        .where("day", "=", day)
        .where("slot_id", "=", slot.id)
        .executeTakeFirst();
      if (seat?.session_id === session.id) continue;
      if (seat) {
        await tx.deleteFrom("camp_session_members").where("session_id", "=", seat.session_id).where("member_id", "=", person.id).execute();
        changed.add(seat.session_id);
        options.log?.(`demo camp songs: moved ${person.display_name} to ${room.name} for "${demo.workingTitle}"`);
      }
      const seatedHere = await tx.selectFrom("camp_session_members").select("member_id").where("session_id", "=", session.id).execute();
      if (seatedHere.length >= room.capacity) {
        // A full room: someone no song of this session names gives up the seat (the songs say who wrote them).
        const needed = new Set(members.map((m) => m.id));
        for (const other of DEMO_CAMP_SONGS) {
          if (other.session.dayIndex === demo.session.dayIndex && other.session.slotIndex === demo.session.slotIndex && other.session.roomName === demo.session.roomName) {
            for (const email of other.group) if (byEmail.get(email)) needed.add(byEmail.get(email)!.id);
          }
        }
        const spare = seatedHere.find((s) => !needed.has(s.member_id));
        if (!spare) throw new Error(`Demo camp song "${demo.workingTitle}": ${room.name} holds ${room.capacity} people, no seat for ${person.display_name}`);
        await tx.deleteFrom("camp_session_members").where("session_id", "=", session.id).where("member_id", "=", spare.member_id).execute();
        options.log?.(`demo camp songs: freed a seat in ${room.name} for ${person.display_name} ("${demo.workingTitle}")`);
      }
      await tx.insertInto("camp_session_members").values({ session_id: session.id, camp_id: camp.id, day, slot_id: slot.id, member_id: person.id, added_by: admin?.id ?? null }).execute();
      changed.add(session.id);
      seated++;
    }
    // The room is exactly the people the song names: a split sheet names everyone in its session.
    const extras = await tx
      .deleteFrom("camp_session_members")
      .where("session_id", "=", session.id)
      .where("member_id", "not in", members.map((m) => m.id))
      .returning("member_id")
      .execute();
    if (extras.length > 0) changed.add(session.id);
    if (changed.size > 0) await touchSessions(tx, [...changed], options.now);

    const { endsAt } = sessionInstants(day, slot, camp.time_zone);
    const id = crypto.randomUUID();
    const creator = members[0]!;
    let audio: { path: string; size: number; seconds: number } | null = null;
    if (demo.roughAudio) {
      const path = campSongAudioPath(camp.id, id) + AUDIO_TYPES.wav.extension;
      const bytes = roughMix(demo);
      await options.files.storage.put(AUDIO_BUCKET, path, bytes, AUDIO_TYPES.wav.contentType);
      options.files.record(AUDIO_BUCKET, path);
      await recordDemoAudioObject(tx, path, bytes, creator.id, endsAt);
      audio = { path, size: bytes.byteLength, seconds: (bytes.byteLength - 44) / 2 / DEMO_SAMPLE_RATE };
    }
    await tx
      .insertInto("camp_songs")
      .values({
        id,
        camp_id: camp.id,
        session_id: session.id,
        working_title: demo.workingTitle,
        notes: demo.notes ?? null,
        audio_bucket: audio ? AUDIO_BUCKET : null,
        audio_path: audio?.path ?? null,
        audio_content_type: audio ? AUDIO_TYPES.wav.contentType : null,
        audio_size_bytes: audio?.size ?? null,
        audio_duration_seconds: audio ? audio.seconds.toFixed(3) : null,
        created_by: creator.id,
        created_at: endsAt,
        updated_at: endsAt,
        split_version: demo.shares.length > 0 ? 1 : 0,
      })
      .execute();
    if (demo.shares.length > 0) {
      const confirmedAt = new Date(endsAt.getTime() + DAY);
      await tx
        .insertInto("camp_split_shares")
        .values(
          demo.shares.map((share, position) => {
            const member = share.email ? byEmail.get(share.email)! : null;
            const confirmed = share.confirmed;
            return {
              camp_song_id: id,
              position,
              member_id: member?.id ?? null,
              name: member ? member.display_name?.trim() || "Member" : share.guestName!,
              role: share.role,
              share: share.share.toFixed(2),
              confirmed_at: confirmed ? confirmedAt : null,
              confirmed_by: confirmed ? (member?.id ?? admin?.id ?? null) : null,
              confirmed_as: confirmed ? (member ? ("self" as const) : ("admin" as const)) : null,
            };
          }),
        )
        .execute();
    }
    songs++;
  }
  // The moves above can leave someone alone in a room: nobody writes alone at a camp, so such a seat
  // (in a session without songs) is given up rather than shown as a group of one.
  const alone = await tx
    .selectFrom("camp_session_members as m")
    .select(["m.session_id", sql<string>`min(m.member_id::text)`.as("member_id")])
    .where("m.camp_id", "=", camp.id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("camp_songs as cs").select("cs.id").whereRef("cs.session_id", "=", "m.session_id"))))
    .groupBy("m.session_id")
    .having(sql`count(*)`, "=", 1)
    .execute();
  for (const seat of alone) {
    await tx.deleteFrom("camp_session_members").where("session_id", "=", seat.session_id).where("member_id", "=", seat.member_id).execute();
  }
  if (alone.length > 0) await touchSessions(tx, alone.map((seat) => seat.session_id), options.now);
  options.log?.(`seeded ${songs} demo camp songs${seated ? ` (${seated} seats added for them)` : ""}`);
}
