/**
 * Demo data of issue 13 (ADR 0087): the groups of the demo camps' sessions,
 * made by the same suggestion admins get (suggestGroups, fixed seeds), after
 * seedDemoCamps has made the camps and their rosters (found by name).
 *
 *  - The past camp: a group in every session, Maya Brooks (the demo member)
 *    in at least DEMO_GROUPS.pastMemberSessions of them.
 *  - The upcoming camp: groups for the accepted people, Maya in at least
 *    DEMO_GROUPS.upcomingMemberSessions, with seats left free (five accepted
 *    people cannot fill two rooms in every slot without meeting twice); the
 *    past camp's pairs count as earlier pairings.
 *
 * The first seed (from DEMO_GROUPS.seed on) whose groups meet these is used:
 * the same every time. No notices or audit entries: nobody changed anything.
 */
import type { Transaction } from "kysely";
import { demoAccount } from "~/demo/accounts";
import type { DemoFiles } from "~/demo/songs.server";
import type { DB } from "~/platform/db/schema";
import { DEMO_PAST_CAMP, DEMO_UPCOMING_CAMP, type DemoCamp } from "./demo-camps";
import { loadSchedule, suggestionInput, type CampSchedule } from "./groups.server";
import { suggestGroups, type PairingSession } from "./pairing";

export const DEMO_GROUPS = {
  seed: 13,
  pastMemberSessions: 3,
  upcomingMemberSessions: 2,
} as const;

const ATTEMPTS = 50;

function fits(camp: DemoCamp, schedule: CampSchedule, sessions: PairingSession[], memberId: string | undefined): boolean {
  const mine = memberId ? sessions.filter((s) => s.memberIds.includes(memberId)).length : 0;
  if (camp.key === "past") return mine >= DEMO_GROUPS.pastMemberSessions && sessions.every((s) => s.memberIds.length >= 2);
  const seats = schedule.rooms.reduce((sum, r) => sum + r.capacity, 0) * schedule.days.length * schedule.slots.length;
  const taken = sessions.reduce((sum, s) => sum + s.memberIds.length, 0);
  return mine >= DEMO_GROUPS.upcomingMemberSessions && taken < seats;
}

export async function seedDemoCampGroups(tx: Transaction<DB>, options: { now: Date; files: DemoFiles; log?: (line: string) => void }): Promise<void> {
  const admin = await tx.selectFrom("auth.users").select("id").where("email", "=", demoAccount("admin").email).executeTakeFirst();
  const maya = await tx.selectFrom("auth.users").select("id").where("email", "=", demoAccount("member").email).executeTakeFirst();
  for (const camp of [DEMO_PAST_CAMP, DEMO_UPCOMING_CAMP]) {
    const row = await tx.selectFrom("camps").select("id").where("name", "=", camp.name).executeTakeFirst();
    if (!row) continue;
    const schedule = await loadSchedule(tx, row.id);
    if (!schedule || schedule.sessions.some((s) => s.memberIds.length > 0)) continue;
    let chosen: PairingSession[] | null = null;
    let last: PairingSession[] = [];
    for (let attempt = 0; attempt < ATTEMPTS && !chosen; attempt++) {
      const input = await suggestionInput(tx, schedule, "replace", DEMO_GROUPS.seed + attempt);
      last = suggestGroups({ ...input, timeBudgetMs: Number.POSITIVE_INFINITY }).sessions;
      if (fits(camp, schedule, last, maya?.id)) chosen = last;
    }
    const sessions = chosen ?? last;
    const byKey = new Map(schedule.sessions.map((s) => [`${s.day}|${s.slotId}|${s.roomId}`, s]));
    const rows = sessions.flatMap((group) => {
      const session = byKey.get(`${group.day}|${group.slotId}|${group.roomId}`)!;
      return group.memberIds.map((memberId) => ({
        session_id: session.id,
        camp_id: row.id,
        day: session.day,
        slot_id: session.slotId,
        member_id: memberId,
        added_by: admin?.id ?? null,
      }));
    });
    if (rows.length > 0) await tx.insertInto("camp_session_members").values(rows).execute();
    options.log?.(`camp "${camp.name}": ${sessions.filter((s) => s.memberIds.length >= 2).length} groups, ${rows.length} places${chosen ? "" : " (demo targets not met)"}`);
  }
}
