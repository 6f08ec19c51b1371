/** What the A&R pages read: how many public members offer each skill. */
import { sql } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import { ROLES } from "~/shared/constants";
import { SKILLS } from "~/profile/profile-fields";

export async function countPublicMembersBySkill(db: Database): Promise<{ skill: string; label: string; count: number }[]> {
  const rows = await db
    .selectFrom("profiles")
    .select([sql<string>`unnest(skills)`.as("skill")])
    .where("public_profile", "=", true)
    .where("role", "in", [...ROLES])
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.skill, (counts.get(row.skill) ?? 0) + 1);
  return SKILLS.map((skill) => ({ skill: skill.value, label: skill.label, count: counts.get(skill.value) ?? 0 }));
}
