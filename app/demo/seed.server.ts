/**
 * Demo data for the embedded default. Each product area adds its own seeder
 * here; all of them run in one transaction so a failed seed leaves nothing.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import { createLocalUser } from "~/auth/users.server";
import { DEMO_ACCOUNTS } from "./accounts";
import { DemoFiles, seedDemoCatalogue } from "./songs.server";
import { seedDemoMembers } from "./seed-members.server";
import { seedDemoAvatars } from "./seed-avatars.server";
import { seedDemoShowcases } from "./seed-showcases.server";
import { seedDemoCuration } from "~/admin/seed-curation.server";
import { seedDemoNotices } from "~/inbox/seed-notices.server";
import { seedDemoArRegistrations } from "~/ar/seed-registrations.server";
import { seedDemoApplications } from "~/applications/seed-applications.server";
import { seedDemoReviews } from "~/applications/seed-review.server";
import { seedDemoSubmissions } from "~/submissions/seed-submissions.server";
import { seedDemoBriefs } from "~/briefs/seed-briefs.server";
import { seedDemoShortlists } from "~/shortlists/seed-shortlists.server";
import { seedDemoHolds } from "~/holds/seed-holds.server";
import { seedDemoSongVersions } from "./seed-song-versions.server";
import { seedDemoPlays } from "~/admin/statistics-seed.server";
import { seedDemoVitals } from "~/admin/statistics-vitals-seed.server";
import { seedDemoArchive } from "~/admin/archive-seed.server";
import { seedDemoDrafts } from "~/audio-uploads/seed.server";
import { seedDemoSuspension } from "~/admin/users-seed.server";
import { seedDemoOrphans } from "~/files/seed-files.server";
import { seedDemoCamps } from "~/camps/seed-camps.server";
import { seedDemoCampGroups } from "~/camps/seed-groups.server";
import { seedDemoCampSongs } from "~/camps/seed-songs.server";
import { seedDemoCampOutcomes } from "~/camps/seed-outcomes.server";
import { seedDemoParties } from "~/party/seed.server";
import type { StoragePort } from "~/platform/storage/port";

export interface SeedOptions {
  password: string;
  log?: (line: string) => void;
  now?: Date;
  /** Where the demo catalogue's generated audio and artwork go (default: the runtime's storage, else DATA_DIR). */
  storage?: StoragePort;
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const row = await sql<{ count: number }>`select count(*)::int as count from auth.users`.execute(db);
  return (row.rows[0]?.count ?? 0) === 0;
}

const DAY = 24 * 60 * 60_000;

export async function seedDemoData(db: Database, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  // Files are written before the transaction commits; a failed seed removes the ones it created.
  const demoFiles = new DemoFiles(options.storage);
  await db.transaction().execute(async (tx) => {
    for (const account of DEMO_ACCOUNTS) {
      const user = await createLocalUser(tx, {
        email: account.email,
        password: options.password,
        displayName: account.displayName,
        role: account.role ?? undefined,
        confirmed: true,
      });
      // Established accounts are months old; the new member was accepted today.
      const createdAt = account.key === "newmember" || account.key === "applicant" ? now : new Date(now.getTime() - 120 * DAY);
      await tx.updateTable("auth.users").set({ created_at: createdAt }).where("id", "=", user.id).execute();
      const finished = account.key !== "newmember" && account.role !== null;
      await tx
        .insertInto("profiles")
        .values({
          user_id: user.id,
          role: account.role,
          display_name: account.displayName,
          is_admin: account.isAdmin,
          public_profile: account.role !== null,
          has_seen_decision_banner: finished,
          onboarding_completed: finished,
          onboarding_completed_at: finished ? createdAt : null,
          first_login_after_acceptance: finished ? createdAt : null,
          bio: DEMO_BIOS[account.key],
          location: DEMO_LOCATIONS[account.key],
          skills: DEMO_SKILLS[account.key],
          genres: DEMO_GENRES[account.key],
          links: JSON.stringify([]),
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    }
    await seedDemoCatalogue(tx, { now, files: demoFiles, log: options.log });
    await seedDemoSongVersions(tx, { files: demoFiles, log: options.log });
    await seedDemoMembers(tx, { password: options.password, now, log: options.log });
    await seedDemoAvatars(tx, { files: demoFiles, log: options.log });
    await seedDemoShowcases(tx, { now, files: demoFiles, log: options.log });
    await seedDemoCuration(tx, { now, log: options.log });
    await seedDemoNotices(tx, { now, log: options.log });
    await seedDemoArRegistrations(tx, { password: options.password, now, log: options.log });
    await seedDemoApplications(tx, { password: options.password, now, files: demoFiles, log: options.log });
    await seedDemoReviews(tx, { now, log: options.log });
    await seedDemoSubmissions(tx, { now, files: demoFiles, log: options.log });
    await seedDemoBriefs(tx, { now, log: options.log });
    await seedDemoShortlists(tx, { now, log: options.log });
    await seedDemoHolds(tx, { now, log: options.log });
    await seedDemoPlays(tx, { now, log: options.log });
    // Speed and visits on the overview (issue 15, ADR 0096): a month of page views and web vitals.
    await seedDemoVitals(tx, { now, log: options.log });
    await seedDemoArchive(tx, { now, log: options.log });
    await seedDemoDrafts(tx, { now, files: demoFiles, log: options.log });
    await seedDemoSuspension(tx, { password: options.password, now, log: options.log });
    await seedDemoOrphans(tx, { now, files: demoFiles, log: options.log });
    // Songwriting camps (issue 13): planning, then groups, then what the sessions wrote, then where those songs went.
    await seedDemoCamps(tx, { now, files: demoFiles, log: options.log });
    await seedDemoCampGroups(tx, { now, files: demoFiles, log: options.log });
    await seedDemoCampSongs(tx, { now, files: demoFiles, log: options.log });
    await seedDemoCampOutcomes(tx, { now, files: demoFiles, log: options.log });
    // Listening parties (issue 14): one past with its outcome, one scheduled for tomorrow.
    await seedDemoParties(tx, { now, log: options.log });
  }).catch(async (error: unknown) => {
    await demoFiles.removeCreated();
    throw error;
  });
  options.log?.(`seeded ${DEMO_ACCOUNTS.length} demo accounts`);
}

const DEMO_BIOS: Record<string, string | null> = {
  admin: "Runs the collective: applications, camps and the catalogue.",
  ar: "A&R at an independent label, looking for uptempo pop and left-field R&B.",
  member: "Topliner and producer. Twelve cuts across pop and dance, always up for a camp.",
  newmember: "Writer and guitarist, just joined the collective.",
  applicant: null,
};
const DEMO_LOCATIONS: Record<string, string | null> = {
  admin: "London",
  ar: "Los Angeles",
  member: "Stockholm",
  newmember: "Nashville",
  applicant: "Berlin",
};
const DEMO_SKILLS: Record<string, string[]> = {
  admin: ["producer"],
  ar: [],
  member: ["topliner", "producer"],
  newmember: ["writer", "artist"],
  applicant: ["writer"],
};
const DEMO_GENRES: Record<string, string[]> = {
  admin: ["pop"],
  ar: ["pop", "r&b"],
  member: ["pop", "dance"],
  newmember: ["country", "americana"],
  applicant: ["indie"],
};
