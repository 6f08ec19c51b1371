/**
 * The pairing suggestions (ADR 0087): worked examples, then properties checked
 * by fast-check on random rosters, rooms, slots, availability, hand-placed
 * groups and histories. PAIRING_RUNS=1000 npx vitest run app/camps/pairing.test.ts
 * for a bigger run (default 50 per property).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  groupLimit,
  groupProblems,
  pairKey,
  pairingMetrics,
  randomGroups,
  suggestGroups,
  type PairingInput,
  type PairingPerson,
  type PairingSession,
} from "./pairing";
import type { CampRole } from "./roles";

const RUNS = Number(process.env.PAIRING_RUNS ?? 50);
const DAYS = ["2026-10-12", "2026-10-13", "2026-10-14", "2026-10-15"];

function benchCamp(): PairingInput {
  const days = DAYS.slice(0, 3);
  const people: PairingPerson[] = Array.from({ length: 40 }, (_, i) => ({
    id: `person-${String(i).padStart(2, "0")}`,
    role: i < 10 ? "producer" : i < 25 ? "writer" : "topliner",
    availableDays: days,
  }));
  return {
    days,
    slots: [{ id: "s1" }, { id: "s2" }, { id: "s3" }],
    rooms: [1, 2, 3, 4].map((i) => ({ id: `room-${i}`, name: `Room ${i}`, capacity: 4 })),
    people,
    seed: 42,
  };
}

/** Everything a valid schedule keeps, whatever the preferences. */
function expectValid(input: PairingInput, sessions: PairingSession[], options: { allowSingles?: boolean } = {}) {
  expect(groupProblems(input, sessions)).toEqual([]);
  // One entry per room, slot and day.
  const keys = sessions.map((s) => `${s.day}|${s.slotId}|${s.roomId}`);
  expect(new Set(keys).size).toBe(keys.length);
  expect(keys.length).toBe(input.days.length * input.slots.length * input.rooms.length);
  const rooms = new Map(input.rooms.map((r) => [r.id, r]));
  for (const session of sessions) {
    const size = session.memberIds.length;
    const limit = groupLimit(rooms.get(session.roomId)!.capacity);
    expect(size).toBeLessThanOrEqual(Math.max(limit, options.allowSingles ? 1 : 0));
    if (!options.allowSingles) expect(size === 0 || size >= 2).toBe(true);
    expect(new Set(session.memberIds).size).toBe(size);
  }
}

describe("suggestGroups, worked examples", () => {
  it("gives the benchmark camp full, balanced groups with no repeat and a fair spread", () => {
    const input = benchCamp();
    const { sessions, metrics } = suggestGroups(input);
    expectValid(input, sessions);
    expect(metrics.groups).toBe(36);
    expect(metrics.seats).toBe(144);
    expect(metrics.repeatPairsThisCamp).toBe(0);
    expect(metrics.balancedGroups).toBe(36);
    expect(metrics.seatsPerPerson.max - metrics.seatsPerPerson.min).toBeLessThanOrEqual(1);
    // The random baseline on the same input repeats pairings and leaves groups unbalanced.
    const random = randomGroups(input);
    expectValid(input, random.sessions);
    expect(random.metrics.repeatPairsThisCamp).toBeGreaterThan(0);
    expect(random.metrics.balancedGroups).toBeLessThan(36);
  });

  it("is deterministic for a seed, and another seed may give other groups", () => {
    const input = benchCamp();
    expect(suggestGroups(input).sessions).toEqual(suggestGroups(input).sessions);
    expect(suggestGroups({ ...input, seed: 43 }).sessions).not.toEqual(suggestGroups(input).sessions);
  });

  it("avoids pairs who met in earlier camps where it can", () => {
    const days = ["2026-10-12"];
    const people: PairingPerson[] = [
      { id: "p1", role: "producer", availableDays: days },
      { id: "p2", role: "producer", availableDays: days },
      { id: "t1", role: "topliner", availableDays: days },
      { id: "t2", role: "topliner", availableDays: days },
    ];
    const input: PairingInput = {
      days,
      slots: [{ id: "s1" }],
      rooms: [
        { id: "a", name: "A", capacity: 2 },
        { id: "b", name: "B", capacity: 2 },
      ],
      people,
      pastPairs: new Set([pairKey("p1", "t1"), pairKey("p2", "t2")]),
    };
    for (const seed of [1, 2, 3, 4, 5]) {
      const { sessions, metrics } = suggestGroups({ ...input, seed });
      expect(metrics.repeatPairsEarlierCamps).toBe(0);
      expect(metrics.balancedGroups).toBe(2);
      const pairs = sessions.map((s) => pairKey(s.memberIds[0]!, s.memberIds[1]!)).sort();
      expect(pairs).toEqual([pairKey("p1", "t2"), pairKey("p2", "t1")].sort());
    }
  });

  it("meets fewer earlier partners than random grouping in the benchmark camp", () => {
    const input = benchCamp();
    // Every writer already met every other writer, and every producer each topliner with the same number.
    const past = new Set<string>();
    const writers = input.people.filter((p) => p.role === "writer");
    for (const a of writers) for (const b of writers) if (a.id < b.id) past.add(pairKey(a.id, b.id));
    for (let i = 0; i < 10; i++) past.add(pairKey(`person-${String(i).padStart(2, "0")}`, `person-${25 + i}`));
    const suggested = suggestGroups({ ...input, pastPairs: past });
    const random = randomGroups({ ...input, pastPairs: past });
    expect(suggested.metrics.repeatPairsThisCamp).toBe(0);
    expect(suggested.metrics.repeatPairsEarlierCamps).toBeLessThan(random.metrics.repeatPairsEarlierCamps);
    expect(suggested.metrics.repeatPairsEarlierCamps).toBeLessThanOrEqual(2);
  });

  it("leaves a room empty rather than repeat a pairing, and seats nobody twice in a slot", () => {
    const days = ["2026-10-12"];
    const people: PairingPerson[] = ["a", "b", "c", "d"].map((id, i) => ({ id, role: (["producer", "topliner", "writer", "writer"] as const)[i]!, availableDays: days }));
    const input: PairingInput = { days, slots: [{ id: "s1" }, { id: "s2" }, { id: "s3" }], rooms: [{ id: "r", name: "R", capacity: 4 }], people, seed: 9 };
    const { sessions, metrics } = suggestGroups(input);
    expectValid(input, sessions);
    expect(metrics.repeatPairsThisCamp).toBe(0);
    // Four people in one room: one group of four meets every pair, so the other slots stay empty.
    expect(metrics.seats).toBe(4);
  });

  it("keeps hand-placed people where they are and builds around them", () => {
    const input = benchCamp();
    const keep: PairingSession[] = [
      { day: DAYS[0]!, slotId: "s1", roomId: "room-1", memberIds: ["person-25", "person-26"] },
      { day: DAYS[1]!, slotId: "s2", roomId: "room-3", memberIds: ["person-25", "person-26", "person-27"] },
    ];
    const { sessions, metrics } = suggestGroups({ ...input, keep });
    expectValid(input, sessions);
    const first = sessions.find((s) => s.day === DAYS[0] && s.slotId === "s1" && s.roomId === "room-1")!;
    const second = sessions.find((s) => s.day === DAYS[1] && s.slotId === "s2" && s.roomId === "room-3")!;
    expect(first.memberIds).toEqual(expect.arrayContaining(["person-25", "person-26"]));
    expect(second.memberIds).toEqual(expect.arrayContaining(["person-25", "person-26", "person-27"]));
    // The repeat the admin made by hand (25 with 26, twice) is the only one.
    expect(metrics.repeatPairsThisCamp).toBe(1);
  });

  it("keeps a hand-made group larger than 4 whole, and places nobody from it elsewhere in that slot", () => {
    const input = benchCamp();
    const rooms = input.rooms.map((r, i) => (i === 0 ? { ...r, capacity: 6 } : r));
    const five = ["person-00", "person-10", "person-11", "person-25", "person-26"];
    const keep: PairingSession[] = [{ day: DAYS[0]!, slotId: "s1", roomId: "room-1", memberIds: five }];
    const { sessions } = suggestGroups({ ...input, rooms, keep });
    expect(groupProblems({ ...input, rooms }, sessions)).toEqual([]);
    const slot = sessions.filter((s) => s.day === DAYS[0] && s.slotId === "s1");
    expect(slot.find((s) => s.roomId === "room-1")!.memberIds).toEqual(five);
    for (const s of slot.filter((s) => s.roomId !== "room-1")) for (const id of five) expect(s.memberIds).not.toContain(id);
  });

  it("names what breaks the rules: unknown session, off the roster, unavailable, double booked, over capacity", () => {
    const days = ["2026-10-12", "2026-10-13"];
    const input = {
      days,
      slots: [{ id: "s1" }],
      rooms: [
        { id: "a", name: "A", capacity: 2 },
        { id: "b", name: "B", capacity: 4 },
      ],
      people: [
        { id: "x", role: "producer" as CampRole, availableDays: ["2026-10-12"] },
        { id: "y", role: "writer" as CampRole, availableDays: days },
        { id: "z", role: "writer" as CampRole, availableDays: days },
      ],
    };
    const kinds = groupProblems(input, [
      { day: "2026-10-12", slotId: "s1", roomId: "a", memberIds: ["x", "y", "z"] },
      { day: "2026-10-12", slotId: "s1", roomId: "b", memberIds: ["y", "stranger"] },
      { day: "2026-10-13", slotId: "s1", roomId: "b", memberIds: ["x"] },
      { day: "2026-10-13", slotId: "nope", roomId: "b", memberIds: [] },
    ]).map((p) => p.kind);
    expect(kinds.sort()).toEqual(["double-booked", "not-on-roster", "over-capacity", "unavailable", "unknown-session"].sort());
  });

  it("reports pairings and seats per person", () => {
    const people: PairingPerson[] = [
      { id: "a", role: "producer", availableDays: ["d"] },
      { id: "b", role: "topliner", availableDays: ["d"] },
      { id: "c", role: "writer", availableDays: ["d"] },
      { id: "idle", role: "writer", availableDays: ["d"] },
      { id: "away", role: "writer", availableDays: [] },
    ];
    const metrics = pairingMetrics({ people, pastPairs: new Set([pairKey("a", "c")]) }, [
      { day: "d", slotId: "1", roomId: "r", memberIds: ["a", "b", "c"] },
      { day: "d", slotId: "2", roomId: "r", memberIds: ["a", "b"] },
      { day: "d", slotId: "3", roomId: "r", memberIds: ["c"] },
    ]);
    expect(metrics).toEqual({
      groups: 2,
      seats: 5,
      repeatPairsThisCamp: 1,
      repeatPairsEarlierCamps: 1,
      balancedGroups: 2,
      seatsPerPerson: { min: 0, max: 2 },
    });
  });
});

// ---- Properties ----------------------------------------------------------------

const roleArb = fc.constantFrom<CampRole>("producer", "writer", "topliner");

const campArb = fc
  .record({
    dayCount: fc.integer({ min: 1, max: 4 }),
    slotCount: fc.integer({ min: 1, max: 3 }),
    capacities: fc.array(fc.integer({ min: 2, max: 6 }), { minLength: 1, maxLength: 4 }),
    people: fc.array(fc.record({ role: roleArb, days: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }) }), { maxLength: 24 }),
    pastPairs: fc.array(fc.tuple(fc.nat(23), fc.nat(23)), { maxLength: 30 }),
    seed: fc.nat(),
  })
  .map(({ dayCount, slotCount, capacities, people, pastPairs, seed }): PairingInput => {
    const days = DAYS.slice(0, dayCount);
    return {
      days,
      slots: Array.from({ length: slotCount }, (_, i) => ({ id: `slot-${i}` })),
      rooms: capacities.map((capacity, i) => ({ id: `room-${i}`, name: `Room ${i}`, capacity })),
      people: people.map((p, i) => ({ id: `m${String(i).padStart(2, "0")}`, role: p.role, availableDays: days.filter((_, d) => p.days[d]) })),
      pastPairs: new Set(pastPairs.filter(([a, b]) => a !== b && a < people.length && b < people.length).map(([a, b]) => pairKey(`m${String(a).padStart(2, "0")}`, `m${String(b).padStart(2, "0")}`))),
      seed,
      restarts: 3,
      timeBudgetMs: Number.POSITIVE_INFINITY,
    };
  });

describe("suggestGroups, properties", () => {
  it("never double-books, never overfills, respects availability, never repeats a pairing in the camp", () => {
    fc.assert(
      fc.property(campArb, (input) => {
        const { sessions, metrics } = suggestGroups(input);
        expectValid(input, sessions);
        expect(metrics.repeatPairsThisCamp).toBe(0);
        expect(pairingMetrics(input, sessions)).toEqual(metrics);
      }),
      { numRuns: RUNS },
    );
  });

  it("fills every room of a first slot when enough people are free, each with a producer and a topliner when there are enough", () => {
    fc.assert(
      fc.property(campArb, (camp) => {
        const input = { ...camp, days: camp.days.slice(0, 1), slots: camp.slots.slice(0, 1) };
        const free = input.people.filter((p) => p.availableDays.includes(input.days[0]!));
        const { sessions, metrics } = suggestGroups(input);
        expectValid(input, sessions);
        const roomsWanted = Math.min(input.rooms.length, Math.floor(free.length / 2));
        expect(metrics.groups).toBe(roomsWanted);
        const seatsWanted = Math.min(free.length, input.rooms.reduce((sum, r) => sum + groupLimit(r.capacity), 0));
        if (free.length >= 2 * input.rooms.length) expect(metrics.seats).toBe(seatsWanted);
        const producers = free.filter((p) => p.role === "producer").length;
        const topliners = free.filter((p) => p.role === "topliner").length;
        if (free.length >= 2 * input.rooms.length && producers >= input.rooms.length && topliners >= input.rooms.length) {
          expect(metrics.balancedGroups).toBe(input.rooms.length);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("keeps what was placed by hand and adds no repeat of its own", () => {
    fc.assert(
      fc.property(campArb, fc.nat(), fc.double({ min: 0, max: 1, noNaN: true }), (input, keepSeed, share) => {
        // A valid hand-made schedule: part of a random one.
        const manual = randomGroups(input, keepSeed).sessions;
        const keep = manual.map((s, i) => ({ ...s, memberIds: (i * 7919) % 100 < share * 100 ? s.memberIds : [] })).filter((s) => s.memberIds.length > 0);
        const { sessions, metrics } = suggestGroups({ ...input, keep });
        expectValid(input, sessions, { allowSingles: true });
        for (const kept of keep) {
          const now = sessions.find((s) => s.day === kept.day && s.slotId === kept.slotId && s.roomId === kept.roomId)!;
          expect(now.memberIds).toEqual(expect.arrayContaining(kept.memberIds));
        }
        expect(metrics.repeatPairsThisCamp).toBe(pairingMetrics(input, keep).repeatPairsThisCamp);
      }),
      { numRuns: RUNS },
    );
  });

  it("is deterministic for a given seed", () => {
    fc.assert(
      fc.property(campArb, (input) => {
        expect(suggestGroups(input).sessions).toEqual(suggestGroups(input).sessions);
      }),
      { numRuns: Math.max(10, Math.floor(RUNS / 5)) },
    );
  });

  it("random grouping keeps the hard rules too (the baseline is a fair one)", () => {
    fc.assert(
      fc.property(campArb, (input) => {
        expectValid(input, randomGroups(input).sessions);
      }),
      { numRuns: RUNS },
    );
  });
});
