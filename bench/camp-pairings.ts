/**
 * bench/camp-pairings: the pairing suggestions (issue 13 §2, ADR 0087) for a
 * camp of 40 people (10 producers, 15 writers, 15 topliners; 3 days, 3 slots
 * a day, 4 rooms of 4, everyone available), beside random grouping of the
 * same camp in the same run:
 *
 *  - the time to suggest (median of RUNS runs, wall clock; target under 1 s),
 *  - repeat pairings in this camp (target 0),
 *  - role-balanced groups (a producer and a topliner), of how many,
 *  - the same camp with a history: two earlier camps of the same 40 people
 *    (their groups made by random grouping, as an organiser without the tool
 *    would), and how many of this camp's pairings met there before,
 *  - sessions per person (fewest, most),
 *  - the ratio of the times.
 *
 *   npm run bench:camps                 RUNS=9 by default
 *   RUNS=3 SEED=7 npm run bench:camps
 *
 * Figures are printed, never asserted (the tests assert the guarantees:
 * app/camps/pairing.test.ts).
 */
import { pairKey, randomGroups, suggestGroups, type PairingInput, type PairingPerson, type PairingResult } from "~/camps/pairing";

const RUNS = Math.max(1, Number(process.env.RUNS ?? 9));
const SEED = Number(process.env.SEED ?? 2026);
const TARGET_MS = 1000;

const days = ["2026-10-12", "2026-10-13", "2026-10-14"];
const people: PairingPerson[] = Array.from({ length: 40 }, (_, i) => ({
  id: `person-${String(i + 1).padStart(2, "0")}`,
  role: i < 10 ? "producer" : i < 25 ? "writer" : "topliner",
  availableDays: days,
}));
const camp: PairingInput = {
  days,
  slots: [{ id: "10:00" }, { id: "14:00" }, { id: "17:30" }],
  rooms: [1, 2, 3, 4].map((i) => ({ id: `room-${i}`, name: `Room ${i}`, capacity: 4 })),
  people,
  seed: SEED,
};

/** Two earlier camps of the same people, grouped at random: the pairs who already met. */
function history(): Set<string> {
  const pairs = new Set<string>();
  for (const seed of [SEED + 101, SEED + 202]) {
    for (const session of randomGroups(camp, seed).sessions) {
      const m = session.memberIds;
      for (let a = 0; a < m.length; a++) for (let b = a + 1; b < m.length; b++) pairs.add(pairKey(m[a]!, m[b]!));
    }
  }
  return pairs;
}

function timed(fn: () => PairingResult): { result: PairingResult; ms: number } {
  fn(); // warm-up
  const samples: number[] = [];
  let result!: PairingResult;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    result = fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { result, ms: samples[Math.floor(samples.length / 2)]! };
}

const pastPairs = history();
const withHistory: PairingInput = { ...camp, pastPairs };
const suggested = timed(() => suggestGroups(camp));
const random = timed(() => randomGroups(camp));
const suggestedHistory = timed(() => suggestGroups(withHistory));
const randomHistory = timed(() => randomGroups(withHistory));
const sessions = camp.days.length * camp.slots.length * camp.rooms.length;

const col = (value: string | number, width = 16) => String(value).padStart(width);
const line = (label: string, a: string | number, b: string | number) => console.log(`${label.padEnd(46)}${col(a)}${col(b)}`);

console.log(`Camp pairings: ${people.length} people (10 producers, 15 writers, 15 topliners), ${days.length} days x ${camp.slots.length} slots x ${camp.rooms.length} rooms of 4 = ${sessions} sessions; everyone available. Seed ${SEED}, median of ${RUNS} runs.`);
console.log(`History: two earlier camps of the same people grouped at random, ${pastPairs.size} pairs already met.`);
console.log("");
line("", "suggestGroups", "random");
line(`time to suggest, ms (target < ${TARGET_MS})`, suggested.ms.toFixed(1), random.ms.toFixed(3));
line("groups (sessions with 2+ people)", `${suggested.result.metrics.groups} of ${sessions}`, `${random.result.metrics.groups} of ${sessions}`);
line("seats filled", suggested.result.metrics.seats, random.result.metrics.seats);
line("repeat pairings in this camp (target 0)", suggested.result.metrics.repeatPairsThisCamp, random.result.metrics.repeatPairsThisCamp);
line(
  "role-balanced groups (producer + topliner)",
  `${suggested.result.metrics.balancedGroups} of ${suggested.result.metrics.groups}`,
  `${random.result.metrics.balancedGroups} of ${random.result.metrics.groups}`,
);
line(
  "sessions per person (fewest-most)",
  `${suggested.result.metrics.seatsPerPerson.min}-${suggested.result.metrics.seatsPerPerson.max}`,
  `${random.result.metrics.seatsPerPerson.min}-${random.result.metrics.seatsPerPerson.max}`,
);
console.log("with the history of earlier camps:");
line("  time to suggest, ms", suggestedHistory.ms.toFixed(1), randomHistory.ms.toFixed(3));
line("  repeat pairings in this camp", suggestedHistory.result.metrics.repeatPairsThisCamp, randomHistory.result.metrics.repeatPairsThisCamp);
line("  pairings that met in an earlier camp", suggestedHistory.result.metrics.repeatPairsEarlierCamps, randomHistory.result.metrics.repeatPairsEarlierCamps);
line(
  "  role-balanced groups",
  `${suggestedHistory.result.metrics.balancedGroups} of ${suggestedHistory.result.metrics.groups}`,
  `${randomHistory.result.metrics.balancedGroups} of ${randomHistory.result.metrics.groups}`,
);
console.log("");
console.log(
  `suggestGroups takes ${(suggested.ms / Math.max(random.ms, 1e-6)).toFixed(0)}x the time of random grouping (${suggested.ms.toFixed(1)} ms vs ${random.ms.toFixed(3)} ms); ` +
    `target under ${TARGET_MS} ms: ${suggested.ms < TARGET_MS && suggestedHistory.ms < TARGET_MS ? "met" : "NOT met"}.`,
);
