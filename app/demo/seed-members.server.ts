/**
 * The demo collective (issue 10): DEMO_MEMBERS (members-data.ts) as accounts
 * with full profiles, and the demo catalogue's credits that name them linked
 * to them (song_credits.member_id), so their pages list those songs.
 *
 * Runs inside seedDemoData's transaction, after seedDemoCatalogue. Fast: the
 * demo password is hashed once (argon2id, deliberately slow) and that hash is
 * stored for every extra member (each hash carries its own salt, so the same
 * hash on 30 demo accounts only says they share the public demo password),
 * and users, profiles and credits are written in three statements.
 */
import { sql, type Transaction } from "kysely";
import { hashPassword } from "~/auth/users.server";
import type { DB } from "~/platform/db/schema";
import { DEMO_MEMBERS, demoMemberEmail, type DemoMember } from "./members-data";

export interface MemberSeedOptions {
  password: string;
  now: Date;
  log?: (line: string) => void;
}

const DAY = 24 * 60 * 60_000;

export async function seedDemoMembers(
  tx: Transaction<DB>,
  options: MemberSeedOptions,
  members: readonly DemoMember[] = DEMO_MEMBERS,
): Promise<{ members: number; credits: number }> {
  if (members.length === 0) return { members: 0, credits: 0 };
  const hash = await hashPassword(options.password);
  const joined = (member: DemoMember) => new Date(options.now.getTime() - member.joinedDaysAgo * DAY);

  const users = await tx
    .insertInto("auth.users")
    .values(
      members.map((member) => ({
        email: demoMemberEmail(member),
        encrypted_password: hash,
        raw_user_meta_data: JSON.stringify({ display_name: member.displayName, role: member.role }),
        email_confirmed_at: joined(member),
        created_at: joined(member),
        updated_at: joined(member),
      })),
    )
    .returning(["id", "email"])
    .execute();
  const idOf = new Map(users.map((user) => [user.email, user.id]));
  const userId = (member: DemoMember) => idOf.get(demoMemberEmail(member))!;

  await tx
    .insertInto("profiles")
    .values(
      members.map((member) => ({
        user_id: userId(member),
        role: member.role,
        display_name: member.displayName,
        public_profile: member.public,
        // Established members: onboarding done long ago, no banner, no welcome.
        has_seen_decision_banner: true,
        onboarding_completed: true,
        onboarding_completed_at: joined(member),
        first_login_after_acceptance: joined(member),
        bio: member.bio,
        location: member.location,
        skills: member.skills,
        genres: member.genres,
        links: JSON.stringify(member.links),
        created_at: joined(member),
        updated_at: joined(member),
      })),
    )
    .execute();

  // Credits that name a member become theirs; credits of anyone else stay external.
  const credited = members.filter((member) => member.creditName);
  let credits = 0;
  if (credited.length > 0) {
    const pairs = sql.join(credited.map((member) => sql`(${member.creditName!}, ${userId(member)}::uuid)`));
    const result = await sql`
      update song_credits c
         set member_id = m.member_id
        from (values ${pairs}) as m (name, member_id)
       where c.name = m.name and c.member_id is null`.execute(tx);
    credits = Number(result.numAffectedRows ?? 0);
  }
  options.log?.(`seeded ${members.length} demo members (${members.filter((m) => !m.public).length} private), linked ${credits} song credits`);
  return { members: members.length, credits };
}
