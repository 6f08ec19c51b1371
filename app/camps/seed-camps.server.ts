/**
 * Demo data of issue 13 (ADR 0086): the two demo camps (app/camps/demo-camps.ts)
 * with their rooms, slots, sessions and rosters. The past camp has 16 accepted
 * people, each day with four producers and four topliners (so every room's
 * group can be balanced) and no more people than its rooms hold; the upcoming
 * camp has invitations in every state: Maya Brooks accepted for every day,
 * Noah Kim not answered yet, others accepted (one for some days only), two
 * declined, a few not answered. No notices are sent (the demo inbox stays as
 * ADR 0066 describes it). Rosters are listed here so other seeds and tests
 * derive from them; people are found by e-mail, camps by name.
 * Runs inside the seed's transaction, in a handful of statements.
 */
import type { Transaction } from "kysely";
import { demoAccount } from "~/demo/accounts";
import { DEMO_MEMBER_EMAIL_DOMAIN } from "~/demo/members-data";
import type { DemoFiles } from "~/demo/songs.server";
import type { CampInvitationStatus, CampRole, DB } from "~/platform/db/schema";
import { DEMO_PAST_CAMP, DEMO_UPCOMING_CAMP, type DemoCamp } from "./demo-camps";
import { ensureCampSessions } from "./sessions.server";
import { addDays, campDays, todayInZone } from "./time";

export interface DemoCampInvite {
  email: string;
  campRole: CampRole;
  status: CampInvitationStatus;
  /** Indexes of the camp's days the person can come (accepted only). */
  days: readonly number[];
}

const member = (key: string) => `${key}@${DEMO_MEMBER_EMAIL_DOMAIN}`;
const MAYA = demoAccount("member").email;
const NOAH = demoAccount("newmember").email;
const ALL = [0, 1, 2] as const;
const accepted = (email: string, campRole: CampRole, days: readonly number[] = ALL): DemoCampInvite => ({ email, campRole, status: "accepted", days });
const invited = (email: string, campRole: CampRole): DemoCampInvite => ({ email, campRole, status: "invited", days: [] });
const declined = (email: string, campRole: CampRole): DemoCampInvite => ({ email, campRole, status: "declined", days: [] });

/**
 * The rosters. Past camp (3 rooms holding 4 + 4 + 3): per day 4 producers, 4
 * topliners and 2 or 3 writers, 10 or 11 people.
 */
export const DEMO_CAMP_ROSTER: Record<DemoCamp["key"], readonly DemoCampInvite[]> = {
  past: [
    accepted(member("felix.brandt"), "producer"),
    accepted(member("tove.berg"), "producer"),
    accepted(member("oscar.lindqvist"), "producer", [0, 1]),
    accepted(member("jin.park"), "producer", [1, 2]),
    accepted(member("marcus.bell"), "producer", [0, 2]),
    accepted(MAYA, "topliner"),
    accepted(member("ellie.hart"), "topliner", [0, 1]),
    accepted(member("zara.ahmed"), "topliner", [1, 2]),
    accepted(member("chloe.martin"), "topliner", [0, 2]),
    accepted(member("grace.kim"), "topliner", [0, 1]),
    accepted(member("freya.nilsson"), "topliner", [2]),
    accepted(member("hannah.cole"), "writer", [0, 1]),
    accepted(member("amara.okafor"), "writer", [1, 2]),
    accepted(member("liam.oconnor"), "writer", [0, 2]),
    accepted(member("isla.mackenzie"), "writer", [2]),
    accepted(member("samuel.osei"), "writer", [0]),
  ],
  upcoming: [
    accepted(MAYA, "topliner"),
    accepted(member("ben.carter"), "producer"),
    accepted(member("hannah.cole"), "writer"),
    accepted(member("grace.kim"), "topliner"),
    accepted(member("diego.alvarez"), "producer", [0, 1]),
    invited(NOAH, "writer"),
    invited(member("priya.sharma"), "topliner"),
    invited(member("kai.tanaka"), "producer"),
    invited(member("samuel.osei"), "writer"),
    declined(member("liam.oconnor"), "writer"),
    declined(member("olivia.brown"), "writer"),
  ],
};

/** The demo camps' first day as the seed computes it (in the camp's zone, relative to `now`). */
export function demoCampStart(camp: DemoCamp, now: Date): string {
  return addDays(todayInZone(camp.timeZone, now), camp.startsInDays);
}

const DAY = 86_400_000;

export async function seedDemoCamps(tx: Transaction<DB>, options: { now: Date; files: DemoFiles; log?: (line: string) => void }): Promise<void> {
  const { now } = options;
  const admin = await tx.selectFrom("auth.users").select("id").where("email", "=", demoAccount("admin").email).executeTakeFirst();
  const emails = [...new Set(Object.values(DEMO_CAMP_ROSTER).flatMap((roster) => roster.map((i) => i.email)))];
  const users = await tx.selectFrom("auth.users").select(["id", "email"]).where("email", "in", emails).execute();
  const idOf = new Map(users.map((u) => [u.email, u.id]));
  for (const camp of [DEMO_PAST_CAMP, DEMO_UPCOMING_CAMP]) {
    const startsOn = demoCampStart(camp, now);
    const endsOn = addDays(startsOn, camp.days - 1);
    const days = campDays(startsOn, endsOn);
    // Created a month before it starts (or today, for one starting sooner), invited the same day.
    const createdAt = new Date(Math.min(now.getTime(), Date.parse(`${startsOn}T12:00:00Z`) - 30 * DAY));
    const { id: campId } = await tx
      .insertInto("camps")
      .values({
        name: camp.name,
        venue: camp.venue,
        time_zone: camp.timeZone,
        starts_on: startsOn,
        ends_on: endsOn,
        description: camp.description,
        created_by: admin?.id ?? null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("camp_rooms")
      .values(camp.rooms.map((room, position) => ({ camp_id: campId, name: room.name, capacity: room.capacity, position })))
      .execute();
    await tx
      .insertInto("camp_slots")
      .values(camp.slots.map((slot, position) => ({ camp_id: campId, starts_at: slot.startsAt, ends_at: slot.endsAt, position })))
      .execute();
    const { added } = await ensureCampSessions(tx, campId);
    const roster = DEMO_CAMP_ROSTER[camp.key].filter((invite) => idOf.has(invite.email));
    if (roster.length > 0) {
      await tx
        .insertInto("camp_invitations")
        .values(
          roster.map((invite, index) => ({
            camp_id: campId,
            member_id: idOf.get(invite.email)!,
            camp_role: invite.campRole,
            status: invite.status,
            available_days: invite.status === "accepted" ? invite.days.map((d) => days[d]!).filter(Boolean) : [],
            invited_by: admin?.id ?? null,
            invited_at: createdAt,
            // Answers came in over the following days.
            responded_at: invite.status === "invited" ? null : new Date(Math.min(now.getTime(), createdAt.getTime() + (1 + (index % 5)) * DAY)),
          })),
        )
        .execute();
    }
    options.log?.(`camp "${camp.name}": ${days.length} days, ${added} sessions, ${roster.length} invitations`);
  }
}
