/**
 * Groups for every session of a camp (issue 13 §2, ADR 0087). Pure: no I/O,
 * no clock except the optional time budget, no Math.random (a seeded PRNG),
 * so a given input and seed give the same groups; safe in the browser bundle.
 *
 * suggestGroups builds, slot after slot in time order, a group for each room:
 *   1. how many people each room takes: at least 2 per room while people are
 *      free, then one more per room in turn up to min(4, capacity);
 *   2. a producer for each room that has none, then a topliner, then the
 *      remaining seats, each pick the free person available that day with the
 *      lowest cost: never someone already paired with a member of the group
 *      in this camp (a seat stays empty instead; a room that cannot reach 2
 *      stays empty), then pairs met in earlier camps, then fewest sessions so
 *      far, then a role the group already has;
 *   3. local improvement per slot: swap two people between rooms, swap a
 *      seated person with a free one, add a free person, drop a person, kept
 *      while the score gets better;
 * several seeded restarts, best by the lexicographic score
 *   (repeat pairings in this camp, seats left empty, unbalanced groups,
 *    pairings from earlier camps, unfairness = sum of squared seats).
 * Pairs fixed by hand (`keep`) are never moved; a repeat they force is counted.
 */
import type { CampRole } from "./roles";

export interface PairingRoom {
  id: string;
  name: string;
  capacity: number;
}

export interface PairingPerson {
  id: string;
  role: CampRole;
  availableDays: readonly string[];
}

export interface PairingSession {
  day: string;
  slotId: string;
  roomId: string;
  memberIds: string[];
}

export interface PairingInput {
  /** The camp's days, in order ('YYYY-MM-DD'). */
  days: readonly string[];
  /** The daily slots, in order. */
  slots: readonly { id: string }[];
  rooms: readonly PairingRoom[];
  people: readonly PairingPerson[];
  /** Groups (or parts of groups) placed by hand to keep as they are. */
  keep?: readonly PairingSession[];
  /** Pairs who met in earlier camps (pairKey), optionally with how often. */
  pastPairs?: ReadonlySet<string> | ReadonlyMap<string, number>;
  seed?: number;
  /** A safety cap on the restarts (ms); the restarts' count decides the result below it. */
  timeBudgetMs?: number;
  /** Seeded restarts (default 24). */
  restarts?: number;
}

export interface PairingMetrics {
  /** Sessions with a group (2 people or more). */
  groups: number;
  /** Seats taken in those groups. */
  seats: number;
  /** Pairings that happen more than once in this camp (each extra meeting counts). */
  repeatPairsThisCamp: number;
  /** Pairings in this camp's groups that already met in an earlier camp. */
  repeatPairsEarlierCamps: number;
  /** Groups with at least one producer and one topliner. */
  balancedGroups: number;
  /** Sessions per person (everyone on the list, available at least one day). */
  seatsPerPerson: { min: number; max: number };
}

export interface PairingResult {
  sessions: PairingSession[];
  metrics: PairingMetrics;
}

/** Groups never exceed this, whatever the room holds. */
export const MAX_GROUP_SIZE = 4;
export const MIN_GROUP_SIZE = 2;
export const DEFAULT_RESTARTS = 24;
export const DEFAULT_TIME_BUDGET_MS = 750;

/** The key of an unordered pair of people. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** How many people a room may take in a group. */
export function groupLimit(capacity: number): number {
  return Math.min(MAX_GROUP_SIZE, Math.floor(capacity));
}

/** mulberry32: a small, fast, seeded PRNG in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mix(seed: number, n: number): number {
  let h = (seed ^ Math.imul(n + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const ROLE_CODE: Record<CampRole, number> = { producer: 0, writer: 1, topliner: 2 };

/** Everything indexed by number, built once per call. */
interface Prepared {
  n: number;
  roles: Uint8Array;
  /** available[slotIndex * n + person] */
  available: Uint8Array;
  rooms: { id: string; limit: number }[];
  slotKeys: { day: string; slotId: string }[];
  past: Uint8Array;
  /** kept[slot][room] = person indexes fixed there. */
  kept: number[][][];
  ids: string[];
}

function prepare(input: PairingInput): Prepared {
  const ids = input.people.map((p) => p.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const n = ids.length;
  const roles = new Uint8Array(n);
  input.people.forEach((p, i) => (roles[i] = ROLE_CODE[p.role] ?? 1));
  const slotKeys: { day: string; slotId: string }[] = [];
  for (const day of input.days) for (const slot of input.slots) slotKeys.push({ day, slotId: slot.id });
  const available = new Uint8Array(slotKeys.length * n);
  const daysOf = input.people.map((p) => new Set(p.availableDays));
  slotKeys.forEach((key, k) => {
    for (let i = 0; i < n; i++) if (daysOf[i]!.has(key.day)) available[k * n + i] = 1;
  });
  const past = new Uint8Array(n * n);
  if (input.pastPairs) {
    for (const key of input.pastPairs.keys()) {
      const [a, b] = key.split("|");
      const i = index.get(a ?? "");
      const j = index.get(b ?? "");
      if (i === undefined || j === undefined || i === j) continue;
      past[i * n + j] = 1;
      past[j * n + i] = 1;
    }
  }
  const rooms = input.rooms.map((r) => ({ id: r.id, limit: groupLimit(r.capacity) }));
  const roomIndex = new Map(rooms.map((r, i) => [r.id, i]));
  const slotIndex = new Map(slotKeys.map((s, k) => [`${s.day}|${s.slotId}`, k]));
  const kept = slotKeys.map(() => rooms.map(() => [] as number[]));
  const placed = new Set<string>();
  for (const session of input.keep ?? []) {
    const k = slotIndex.get(`${session.day}|${session.slotId}`);
    const r = roomIndex.get(session.roomId);
    if (k === undefined || r === undefined) continue;
    for (const memberId of session.memberIds) {
      const i = index.get(memberId);
      // One place per person and slot; a kept group never exceeds what the room holds (a hand-made
      // group may be larger than the suggestions' 4: it stays whole).
      if (i === undefined || placed.has(`${k}|${i}`) || kept[k]![r]!.length >= Math.floor(input.rooms[r]!.capacity)) continue;
      placed.add(`${k}|${i}`);
      kept[k]![r]!.push(i);
    }
  }
  return { n, roles, available, rooms, slotKeys, past, kept, ids };
}

/** The score's parts; compared in this order, each lower is better. */
interface Score {
  repeats: number;
  emptySeats: number;
  unbalanced: number;
  past: number;
  unfair: number;
}

function better(a: Score, b: Score): boolean {
  for (const key of ["repeats", "emptySeats", "unbalanced", "past", "unfair"] as const) {
    if (a[key] !== b[key]) return a[key] < b[key];
  }
  return false;
}

/** One restart's working state: the groups and the counts the score needs, kept in step. */
class Plan {
  groups: number[][][];
  pairs: Int32Array;
  seats: Int32Array;
  /** emptySeats counts down from 0 with every seat taken: fewer empty seats = more seats filled. */
  score: Score;

  constructor(private readonly p: Prepared) {
    this.groups = p.slotKeys.map(() => p.rooms.map(() => [] as number[]));
    this.pairs = new Int32Array(p.n * p.n);
    this.seats = new Int32Array(p.n);
    this.score = { repeats: 0, emptySeats: 0, unbalanced: 0, past: 0, unfair: 0 };
  }

  private groupParts(group: number[]) {
    if (group.length < MIN_GROUP_SIZE) return { seats: 0, unbalanced: 0 };
    let producer = false;
    let topliner = false;
    for (const i of group) {
      if (this.p.roles[i] === 0) producer = true;
      else if (this.p.roles[i] === 2) topliner = true;
    }
    return { seats: group.length, unbalanced: producer && topliner ? 0 : 1 };
  }

  add(k: number, r: number, person: number) {
    const group = this.groups[k]![r]!;
    const before = this.groupParts(group);
    const n = this.p.n;
    for (const q of group) {
      const a = Math.min(person, q) * n + Math.max(person, q);
      this.pairs[a]! += 1;
      if (this.pairs[a]! >= 2) this.score.repeats += 1;
      this.score.past += this.p.past[a]!;
    }
    group.push(person);
    this.score.unfair += 2 * this.seats[person]! + 1;
    this.seats[person]! += 1;
    const after = this.groupParts(group);
    this.score.emptySeats -= after.seats - before.seats;
    this.score.unbalanced += after.unbalanced - before.unbalanced;
  }

  remove(k: number, r: number, person: number) {
    const group = this.groups[k]![r]!;
    const before = this.groupParts(group);
    group.splice(group.indexOf(person), 1);
    const n = this.p.n;
    for (const q of group) {
      const a = Math.min(person, q) * n + Math.max(person, q);
      if (this.pairs[a]! >= 2) this.score.repeats -= 1;
      this.pairs[a]! -= 1;
      this.score.past -= this.p.past[a]!;
    }
    this.seats[person]! -= 1;
    this.score.unfair -= 2 * this.seats[person]! + 1;
    const after = this.groupParts(group);
    this.score.emptySeats -= after.seats - before.seats;
    this.score.unbalanced += after.unbalanced - before.unbalanced;
  }

  met(a: number, b: number): number {
    return this.pairs[Math.min(a, b) * this.p.n + Math.max(a, b)]!;
  }

  pastMet(a: number, b: number): number {
    return this.p.past[Math.min(a, b) * this.p.n + Math.max(a, b)]!;
  }
}

function isKept(p: Prepared, k: number, r: number, person: number) {
  return p.kept[k]![r]!.includes(person);
}

/** The seats each room of slot k aims for, given how many free people there are. */
function roomTargets(p: Prepared, k: number, free: number, order: number[]): number[] {
  const targets = p.rooms.map((room, r) => Math.min(p.kept[k]![r]!.length, room.limit));
  let left = free;
  for (const r of order) {
    const room = p.rooms[r]!;
    if (room.limit < MIN_GROUP_SIZE || targets[r]! >= MIN_GROUP_SIZE) continue;
    const need = MIN_GROUP_SIZE - targets[r]!;
    if (left >= need) {
      targets[r] = MIN_GROUP_SIZE;
      left -= need;
    }
  }
  let grew = true;
  while (left > 0 && grew) {
    grew = false;
    for (const r of order) {
      if (left === 0) break;
      if (targets[r]! >= MIN_GROUP_SIZE && targets[r]! < p.rooms[r]!.limit) {
        targets[r]! += 1;
        left -= 1;
        grew = true;
      }
    }
  }
  return targets;
}

function construct(p: Prepared, seed: number): Plan {
  const random = prng(seed);
  const plan = new Plan(p);
  const R = p.rooms.length;
  // Everything kept goes in first, every slot: a pair kept later in the camp is not formed earlier.
  for (let k = 0; k < p.slotKeys.length; k++) for (let r = 0; r < R; r++) for (const person of p.kept[k]![r]!) plan.add(k, r, person);
  for (let k = 0; k < p.slotKeys.length; k++) {
    const inSlot = new Uint8Array(p.n);
    for (let r = 0; r < R; r++) for (const person of p.kept[k]![r]!) inSlot[person] = 1;
    const free: number[] = [];
    for (let i = 0; i < p.n; i++) if (p.available[k * p.n + i] && !inSlot[i]) free.push(i);
    const order = shuffle(
      Array.from({ length: R }, (_, r) => r),
      random,
    );
    const targets = roomTargets(p, k, free.length, order);
    const jitter = new Float64Array(p.n);
    for (const i of free) jitter[i] = random();

    const pick = (r: number, role: number | null): number => {
      const group = plan.groups[k]![r]!;
      let best = -1;
      let bestCost = Infinity;
      for (const c of free) {
        if (inSlot[c] || (role !== null && p.roles[c] !== role)) continue;
        let cost = 0;
        let sameRole = 0;
        let blocked = false;
        for (const q of group) {
          if (plan.met(c, q) > 0) {
            blocked = true;
            break;
          }
          cost += plan.pastMet(c, q) * 5;
          if (p.roles[q] === p.roles[c]) sameRole += 1;
        }
        if (blocked) continue;
        cost += plan.seats[c]! * 3 + sameRole + jitter[c]!;
        if (cost < bestCost) {
          bestCost = cost;
          best = c;
        }
      }
      return best;
    };
    const seat = (r: number, person: number) => {
      plan.add(k, r, person);
      inSlot[person] = 1;
    };
    // Producers, then topliners: one in each room that has none.
    for (const role of [0, 2]) {
      for (const r of order) {
        const group = plan.groups[k]![r]!;
        if (group.length >= targets[r]! || group.some((q) => p.roles[q] === role)) continue;
        const c = pick(r, role);
        if (c >= 0) seat(r, c);
      }
    }
    // Then the remaining seats, one room after the other in turn.
    let filling = true;
    while (filling) {
      filling = false;
      for (const r of order) {
        if (plan.groups[k]![r]!.length >= targets[r]!) continue;
        const c = pick(r, null);
        if (c >= 0) {
          seat(r, c);
          filling = true;
        } else targets[r] = plan.groups[k]![r]!.length;
      }
    }
    // A room with one person and nobody new for them: that person waits for another slot.
    for (let r = 0; r < R; r++) {
      const group = plan.groups[k]![r]!;
      if (group.length === 1 && !isKept(p, k, r, group[0]!)) {
        const person = group[0]!;
        plan.remove(k, r, person);
        inSlot[person] = 0;
      }
    }
    improveSlot(p, plan, k);
  }
  return plan;
}

/** Local improvement of one slot's groups; every other slot stays as it is. */
function improveSlot(p: Prepared, plan: Plan, k: number) {
  const R = p.rooms.length;
  const groups = plan.groups[k]!;
  const isFree = (i: number) => p.available[k * p.n + i] === 1 && !groups.some((g) => g.includes(i));
  const movable = (r: number, i: number) => !isKept(p, k, r, i);
  for (let pass = 0; pass < 4; pass++) {
    let improved = false;
    const tryMove = (apply: () => void, undo: () => void) => {
      const snapshot = { ...plan.score };
      apply();
      if (better(plan.score, snapshot)) {
        improved = true;
        return true;
      }
      undo();
      return false;
    };
    // Swap two people between rooms.
    for (let r1 = 0; r1 < R; r1++) {
      for (let r2 = r1 + 1; r2 < R; r2++) {
        for (const a of [...groups[r1]!]) {
          if (!movable(r1, a)) continue;
          for (const b of [...groups[r2]!]) {
            if (!movable(r2, b) || !groups[r1]!.includes(a)) continue;
            tryMove(
              () => {
                plan.remove(k, r1, a);
                plan.remove(k, r2, b);
                plan.add(k, r1, b);
                plan.add(k, r2, a);
              },
              () => {
                plan.remove(k, r1, b);
                plan.remove(k, r2, a);
                plan.add(k, r1, a);
                plan.add(k, r2, b);
              },
            );
          }
        }
      }
    }
    const free = () => {
      const list: number[] = [];
      for (let i = 0; i < p.n; i++) if (isFree(i)) list.push(i);
      return list;
    };
    // Swap a seated person with a free one; add a free person where a seat is open.
    for (let r = 0; r < R; r++) {
      for (const c of free()) {
        if (!isFree(c)) continue;
        const group = groups[r]!;
        if (group.length >= MIN_GROUP_SIZE && group.length < p.rooms[r]!.limit) {
          if (tryMove(() => plan.add(k, r, c), () => plan.remove(k, r, c))) continue;
        }
        for (const a of [...group]) {
          if (!movable(r, a) || !group.includes(a)) continue;
          if (
            tryMove(
              () => {
                plan.remove(k, r, a);
                plan.add(k, r, c);
              },
              () => {
                plan.remove(k, r, c);
                plan.add(k, r, a);
              },
            )
          )
            break;
        }
      }
    }
    // Drop a person whose pairings repeat (a group keeps at least 2, or goes entirely).
    for (let r = 0; r < R; r++) {
      const group = groups[r]!;
      for (const a of [...group]) {
        if (!movable(r, a) || !group.includes(a) || group.length <= MIN_GROUP_SIZE) continue;
        tryMove(() => plan.remove(k, r, a), () => plan.add(k, r, a));
      }
      if (group.length === MIN_GROUP_SIZE && group.every((a) => movable(r, a)) && plan.met(group[0]!, group[1]!) >= 2) {
        const [a, b] = group as [number, number];
        tryMove(
          () => {
            plan.remove(k, r, a);
            plan.remove(k, r, b);
          },
          () => {
            plan.add(k, r, a);
            plan.add(k, r, b);
          },
        );
      }
    }
    if (!improved) break;
  }
}

function toSessions(p: Prepared, groups: number[][][]): PairingSession[] {
  const sessions: PairingSession[] = [];
  p.slotKeys.forEach((key, k) => {
    p.rooms.forEach((room, r) => {
      sessions.push({ day: key.day, slotId: key.slotId, roomId: room.id, memberIds: groups[k]![r]!.map((i) => p.ids[i]!) });
    });
  });
  return sessions;
}

/** Suggested groups for every session (see the module's comment). Deterministic for a seed and a restart count. */
export function suggestGroups(input: PairingInput): PairingResult {
  const p = prepare(input);
  const seed = (input.seed ?? 1) >>> 0;
  const restarts = Math.max(1, Math.floor(input.restarts ?? DEFAULT_RESTARTS));
  const budget = input.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS;
  const started = Date.now();
  let best: Plan | null = null;
  for (let i = 0; i < restarts; i++) {
    const plan = construct(p, mix(seed, i));
    if (!best || better(plan.score, best.score)) best = plan;
    if (Date.now() - started > budget) break;
  }
  const sessions = toSessions(p, best!.groups);
  return { sessions, metrics: pairingMetrics(input, sessions) };
}

/**
 * The baseline: random groups with the same seats (availability and "one room
 * at a time" respected, kept groups kept), blind to roles and pairings.
 */
export function randomGroups(input: PairingInput, seed = input.seed ?? 1): PairingResult {
  const p = prepare(input);
  const random = prng(mix(seed >>> 0, 0xbeef));
  const groups = p.slotKeys.map((_, k) => p.rooms.map((_, r) => [...p.kept[k]![r]!]));
  for (let k = 0; k < p.slotKeys.length; k++) {
    const seated = new Set(groups[k]!.flat());
    const free = shuffle(
      Array.from({ length: p.n }, (_, i) => i).filter((i) => p.available[k * p.n + i] && !seated.has(i)),
      random,
    );
    const order = Array.from({ length: p.rooms.length }, (_, r) => r);
    const targets = roomTargets(p, k, free.length, order);
    for (const r of order) while (groups[k]![r]!.length < targets[r]! && free.length > 0) groups[k]![r]!.push(free.pop()!);
  }
  const sessions = toSessions(p, groups);
  return { sessions, metrics: pairingMetrics(input, sessions) };
}

/** The figures of a set of groups (a suggestion, the baseline, or the groups as they are). */
export function pairingMetrics(input: Pick<PairingInput, "people" | "pastPairs">, sessions: readonly PairingSession[]): PairingMetrics {
  const roles = new Map(input.people.map((p) => [p.id, p.role]));
  const seats = new Map(input.people.filter((p) => p.availableDays.length > 0).map((p) => [p.id, 0]));
  const met = new Map<string, number>();
  let groups = 0;
  let seated = 0;
  let balancedGroups = 0;
  let repeatPairsEarlierCamps = 0;
  for (const session of sessions) {
    const members = session.memberIds;
    for (const id of members) if (seats.has(id)) seats.set(id, seats.get(id)! + 1);
    if (members.length < MIN_GROUP_SIZE) continue;
    groups += 1;
    seated += members.length;
    const memberRoles = members.map((id) => roles.get(id));
    if (memberRoles.includes("producer") && memberRoles.includes("topliner")) balancedGroups += 1;
    for (let a = 0; a < members.length; a++) {
      for (let b = a + 1; b < members.length; b++) {
        const key = pairKey(members[a]!, members[b]!);
        met.set(key, (met.get(key) ?? 0) + 1);
        if (input.pastPairs?.has(key)) repeatPairsEarlierCamps += 1;
      }
    }
  }
  let repeatPairsThisCamp = 0;
  for (const count of met.values()) repeatPairsThisCamp += Math.max(0, count - 1);
  const counts = [...seats.values()];
  return {
    groups,
    seats: seated,
    repeatPairsThisCamp,
    repeatPairsEarlierCamps,
    balancedGroups,
    seatsPerPerson: { min: counts.length ? Math.min(...counts) : 0, max: counts.length ? Math.max(...counts) : 0 },
  };
}

/** What is wrong with a set of groups, against the rules every schedule keeps (not the preferences). */
export type GroupProblem =
  | { kind: "unknown-session"; session: PairingSession }
  | { kind: "not-on-roster"; memberId: string; session: PairingSession }
  | { kind: "unavailable"; memberId: string; session: PairingSession }
  | { kind: "double-booked"; memberId: string; session: PairingSession; other: PairingSession }
  | { kind: "over-capacity"; session: PairingSession; capacity: number };

/** The hard rules: known sessions, people on the list, available that day, one room per slot, room capacity. */
export function groupProblems(input: Pick<PairingInput, "days" | "slots" | "rooms" | "people">, sessions: readonly PairingSession[]): GroupProblem[] {
  const problems: GroupProblem[] = [];
  const people = new Map(input.people.map((p) => [p.id, new Set(p.availableDays)]));
  const rooms = new Map(input.rooms.map((r) => [r.id, r]));
  const days = new Set(input.days);
  const slots = new Set(input.slots.map((s) => s.id));
  const where = new Map<string, PairingSession>();
  for (const session of sessions) {
    const room = rooms.get(session.roomId);
    if (!room || !days.has(session.day) || !slots.has(session.slotId)) {
      problems.push({ kind: "unknown-session", session });
      continue;
    }
    if (session.memberIds.length > room.capacity) problems.push({ kind: "over-capacity", session, capacity: room.capacity });
    for (const memberId of session.memberIds) {
      const available = people.get(memberId);
      if (!available) {
        problems.push({ kind: "not-on-roster", memberId, session });
        continue;
      }
      if (!available.has(session.day)) problems.push({ kind: "unavailable", memberId, session });
      const key = `${memberId}|${session.day}|${session.slotId}`;
      const other = where.get(key);
      if (other) problems.push({ kind: "double-booked", memberId, session, other });
      else where.set(key, session);
    }
  }
  return problems;
}
