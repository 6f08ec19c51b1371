/**
 * Synthetic members for the directory benchmark (bench/member-directory.ts)
 * and the directory's index test: seeded, so every run writes the same
 * people. Mixes what a real collective has: about 88 % public profiles, 6 %
 * applicants (no role, never listed), a few A&R and admins, 1 to 3 skills, 1
 * to 4 genres, a hundred cities, five years of join dates, and a "Maya
 * Brooks" every few hundred members so name searches find something.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import { SKILL_VALUES } from "~/profile/profile-fields";
import { createRandom, pick, pickSome, between } from "~/demo/songs-random";

const FIRST = [
  "Maya", "Noah", "Ellie", "Zara", "Felix", "Tove", "Oscar", "Hannah", "Diego", "Amara", "Jin", "Sofia", "Marcus", "Chloe", "Liam",
  "Nadia", "Ben", "Isla", "Mateo", "Grace", "Samuel", "Freya", "Kai", "Olivia", "Jonas", "Priya", "Jordan", "Camille", "Ruth", "Tom",
  "Lena", "Victor", "Ava", "Leo", "Mia", "Ethan", "Nora", "Lucas", "Ivy", "Omar", "Yara", "Hugo", "Elsa", "Ravi", "Aisha", "Finn",
];
const LAST = [
  "Brooks", "Kim", "Hart", "Ahmed", "Brandt", "Berg", "Lindqvist", "Cole", "Alvarez", "Okafor", "Park", "Rossi", "Bell", "Martin",
  "O'Connor", "Haddad", "Carter", "Mackenzie", "Silva", "Osei", "Nilsson", "Tanaka", "Brown", "Weber", "Sharma", "Blake", "Dubois",
  "Evans", "Fischer", "Vogel", "Adeyemi", "Reed", "Grant", "Novak", "Costa", "Jensen", "Moreau", "Singh", "Ito", "Walsh", "Khan",
];
const CITIES = [
  "London", "Stockholm", "Los Angeles", "Nashville", "Berlin", "Lagos", "Seoul", "Toronto", "São Paulo", "Atlanta", "Manchester",
  "Paris", "Sydney", "Copenhagen", "Amsterdam", "Mexico City", "Tokyo", "Dublin", "Glasgow", "Milan", "New York", "Miami", "Chicago",
  "Austin", "Oslo", "Helsinki", "Reykjavik", "Lisbon", "Madrid", "Barcelona", "Rome", "Vienna", "Prague", "Warsaw", "Budapest",
  "Athens", "Istanbul", "Cairo", "Nairobi", "Accra", "Johannesburg", "Cape Town", "Mumbai", "Delhi", "Bangalore", "Singapore",
  "Jakarta", "Manila", "Bangkok", "Hong Kong", "Shanghai", "Taipei", "Osaka", "Melbourne", "Auckland", "Vancouver", "Montreal",
  "Bogotá", "Lima", "Santiago", "Buenos Aires", "Havana", "Kingston", "San Juan", "Seattle", "Portland", "Denver", "Detroit",
  "Philadelphia", "Boston", "New Orleans", "Memphis", "Houston", "Dallas", "Phoenix", "San Diego", "San Francisco", "Brighton",
  "Bristol", "Leeds", "Liverpool", "Birmingham", "Cardiff", "Edinburgh", "Belfast", "Gothenburg", "Malmö", "Aarhus", "Hamburg",
  "Munich", "Cologne", "Zurich", "Geneva", "Brussels", "Antwerp", "Rotterdam", "Lyon", "Marseille", "Bordeaux", "Valencia",
];
const GENRES = [
  "pop", "dance", "r&b", "hip-hop", "indie", "rock", "country", "soul", "folk", "latin", "electronic", "synthwave", "k-pop",
  "afrobeats", "jazz", "gospel", "trap", "house", "techno", "drum and bass", "reggaeton", "americana", "blues", "funk", "disco",
  "metal", "punk", "ambient", "lo-fi", "chanson",
];

const DAY = 24 * 60 * 60_000;

export interface BenchMemberOptions {
  batch?: number;
  seed?: number;
  now?: Date;
  log?: (line: string) => void;
}

/** Writes `count` members (auth.users and profiles) and analyzes the table; returns how many are listed. */
export async function seedBenchMembers(db: Database, count: number, options: BenchMemberOptions = {}): Promise<number> {
  const random = createRandom(options.seed ?? 20261125);
  const batch = options.batch ?? 1000;
  const now = (options.now ?? new Date()).getTime();
  let listed = 0;
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    const people = Array.from({ length: size }, (_, offset) => {
      const i = start + offset;
      const roll = random();
      const role = roll < 0.06 ? null : roll < 0.1 ? "accepted_ar" : roll < 0.105 ? "admin" : "accepted_member";
      const isPublic = random() < 0.9;
      const displayName = i % 397 === 0 ? "Maya Brooks" : `${pick(random, FIRST)} ${pick(random, LAST)}`;
      if (role && isPublic) listed++;
      return {
        email: `bench-${i}@bench.hitfactory.test`,
        createdAt: new Date(now - between(random, 0, 5 * 365) * DAY - between(random, 0, DAY - 1)),
        profile: {
          role: role as "accepted_member" | "accepted_ar" | "admin" | null,
          display_name: displayName,
          public_profile: isPublic,
          is_admin: role === "admin",
          location: pick(random, CITIES),
          skills: role === "accepted_ar" ? [] : pickSome(random, SKILL_VALUES, between(random, 1, 3)),
          genres: pickSome(random, GENRES, between(random, 1, 4)),
          bio: `${displayName} writes and produces in the collective.`,
        },
      };
    });
    const users = await db
      .insertInto("auth.users")
      .values(people.map((p) => ({ email: p.email, created_at: p.createdAt, updated_at: p.createdAt })))
      .returning(["id", "email"])
      .execute();
    const idOf = new Map(users.map((u) => [u.email, u.id]));
    await db
      .insertInto("profiles")
      .values(
        people.map((p) => ({
          user_id: idOf.get(p.email)!,
          ...p.profile,
          links: JSON.stringify([]),
          created_at: p.createdAt,
          updated_at: p.createdAt,
        })),
      )
      .execute();
    options.log?.(`  ${start + size} / ${count} members`);
  }
  await sql`analyze profiles`.execute(db);
  await sql`analyze auth.users`.execute(db);
  return listed;
}
