/**
 * Demo curation (ADR 0081), inside the demo seed's transaction, after the
 * showcases: the first track of the demo member (Maya Brooks) and of three
 * other listed members (in name order) on the landing page, and one featured
 * member in the directory (Kai Tanaka, when the directory's members were
 * seeded). Nothing random: the same seed gives the same landing page.
 */
import type { Transaction } from "kysely";
import { demoAccount } from "~/demo/accounts";
import type { DB } from "~/platform/db/schema";

export interface CurationSeedOptions {
  now: Date;
  log?: (line: string) => void;
}

/** Landing-page tracks the seed chooses (the demo member's first, then one each of others). */
const LANDING_TRACKS = 4;
const FEATURED_MEMBER = "Kai Tanaka";

export async function seedDemoCuration(tx: Transaction<DB>, options: CurationSeedOptions): Promise<{ landing: number; featuredMembers: number }> {
  const memberEmail = demoAccount("member").email;
  // Each listed member's first track, the demo member's first of all.
  const firsts = await tx
    .selectFrom("showcase_tracks as t")
    .innerJoin("profiles as p", "p.user_id", "t.user_id")
    .innerJoin("auth.users as u", "u.id", "t.user_id")
    .select(["t.id", "u.email", "p.display_name"])
    .where("t.position", "=", 1)
    .where("p.public_profile", "=", true)
    .where("p.role", "is not", null)
    .where("p.display_name", "is not", null)
    .where("p.is_admin", "=", false)
    .orderBy("p.display_name")
    .orderBy("t.id")
    .execute();
  const chosen = [...firsts.filter((row) => row.email === memberEmail), ...firsts.filter((row) => row.email !== memberEmail)].slice(0, LANDING_TRACKS);
  for (const [index, track] of chosen.entries()) {
    await tx.updateTable("showcase_tracks").set({ landing_position: index + 1 }).where("id", "=", track.id).execute();
  }
  const featured = await tx
    .updateTable("profiles")
    .set({ featured_at: options.now })
    .where("display_name", "=", FEATURED_MEMBER)
    .where("public_profile", "=", true)
    .where("role", "is not", null)
    .returning("user_id")
    .execute();
  options.log?.(`seeded ${chosen.length} landing-page showcase tracks and ${featured.length} featured member`);
  return { landing: chosen.length, featuredMembers: featured.length };
}
