/**
 * The arithmetic of listening in sync (issue 14 §2, ADR 0092): where the
 * host's timeline is, the clock offset from round trips, what a listener does
 * about drift, and the no-JS media fragment. Worked examples, then properties
 * checked by fast-check. PARTY_RUNS=1000 npx vitest run app/party/sync.test.ts
 * for a bigger run (default 100 per property).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CORRECTION_WINDOW_MS,
  IN_SYNC_MS,
  MAX_RATE_CHANGE,
  SEEK_BEYOND_MS,
  correctionFor,
  estimateClockOffset,
  mediaFragment,
  positionAt,
  type ClockSample,
  type Timeline,
} from "./sync";

const RUNS = Number(process.env.PARTY_RUNS ?? 100);
const ANCHOR = Date.UTC(2026, 10, 28, 19, 0, 0);

const timeline = (extra: Partial<Timeline> = {}): Timeline => ({ itemId: "item-1", playing: true, positionMs: 10_000, anchorMs: ANCHOR, ...extra });

describe("positionAt", () => {
  it("moves on with the server's clock while playing", () => {
    expect(positionAt(timeline(), ANCHOR)).toBe(10_000);
    expect(positionAt(timeline(), ANCHOR + 2_500)).toBe(12_500);
    expect(positionAt(timeline({ positionMs: 0 }), ANCHOR + 60_000)).toBe(60_000);
  });

  it("stays where it paused, whatever the time", () => {
    const paused = timeline({ playing: false });
    expect(positionAt(paused, ANCHOR)).toBe(10_000);
    expect(positionAt(paused, ANCHOR + 3_600_000)).toBe(10_000);
    expect(positionAt(paused, ANCHOR - 5_000)).toBe(10_000);
  });

  it("never goes back before the anchor (a clock read early) nor below zero", () => {
    expect(positionAt(timeline(), ANCHOR - 4_000)).toBe(10_000);
    expect(positionAt(timeline({ positionMs: -500, playing: false }), ANCHOR)).toBe(0);
    expect(positionAt(timeline({ positionMs: -500 }), ANCHOR + 200)).toBe(0);
    expect(positionAt(timeline({ positionMs: -500 }), ANCHOR + 800)).toBe(300);
  });

  it("is held to the song's duration when it is known", () => {
    expect(positionAt(timeline(), ANCHOR + 100_000, 30_000)).toBe(30_000);
    expect(positionAt(timeline(), ANCHOR + 5_000, 30_000)).toBe(15_000);
    expect(positionAt(timeline({ playing: false, positionMs: 45_000 }), ANCHOR, 30_000)).toBe(30_000);
    // Unknown (or nonsensical) duration: no clamp.
    expect(positionAt(timeline(), ANCHOR + 100_000)).toBe(110_000);
    expect(positionAt(timeline(), ANCHOR + 100_000, 0)).toBe(110_000);
  });

  it("is never negative and never beyond the duration (property)", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: -1_000_000, max: 10_000_000 }),
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 1, max: 3_600_000 }),
        (playing, positionMs, elapsed, durationMs) => {
          const t = timeline({ playing, positionMs });
          const position = positionAt(t, ANCHOR + elapsed, durationMs);
          expect(position).toBeGreaterThanOrEqual(0);
          expect(position).toBeLessThanOrEqual(durationMs);
          // Without the clamp it is the plain formula (held at zero), and the clamp only lowers it.
          const unclamped = positionAt(t, ANCHOR + elapsed);
          expect(unclamped).toBe(Math.max(0, positionMs + (playing ? Math.max(0, elapsed) : 0)));
          expect(position).toBe(Math.min(unclamped, durationMs));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("never runs backwards while playing (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600_000 }), fc.integer({ min: -60_000, max: 600_000 }), fc.integer({ min: 0, max: 60_000 }), (positionMs, at, later) => {
        const t = timeline({ positionMs });
        expect(positionAt(t, ANCHOR + at + later)).toBeGreaterThanOrEqual(positionAt(t, ANCHOR + at));
      }),
      { numRuns: RUNS },
    );
  });
});

/** A small deterministic PRNG (mulberry32), so the synthetic network is the same on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * One round trip over a synthetic network: the client's clock reads
 * `clientMs`; the server's reads `clientMs + offsetMs`. The request takes
 * `upMs`, the server `serverMs` to answer (stamped on arrival), the answer `downMs`.
 */
function sample(clientMs: number, offsetMs: number, upMs: number, downMs: number): ClockSample {
  return { sentMs: clientMs, serverMs: clientMs + upMs + offsetMs, receivedMs: clientMs + upMs + downMs };
}

describe("estimateClockOffset", () => {
  it("has nothing to say without samples (or without usable ones)", () => {
    expect(estimateClockOffset([])).toBeNull();
    expect(estimateClockOffset([{ sentMs: 100, serverMs: 5_000, receivedMs: 90 }])).toBeNull();
    expect(estimateClockOffset([{ sentMs: Number.NaN, serverMs: 5_000, receivedMs: 90 }])).toBeNull();
    expect(estimateClockOffset([{ sentMs: 100, serverMs: Number.POSITIVE_INFINITY, receivedMs: 190 }])).toBeNull();
  });

  it("reads one symmetric round trip exactly", () => {
    expect(estimateClockOffset([sample(1_000, 250, 20, 20)])).toEqual({ offsetMs: 250, rttMs: 40 });
    expect(estimateClockOffset([sample(1_000, -3_000, 5, 5)])).toEqual({ offsetMs: -3_000, rttMs: 10 });
  });

  it("rests on the samples with the shortest round trips and ignores the queued ones", () => {
    // Three quick symmetric trips say 500; six slow, lopsided ones say something else entirely.
    const quick = [sample(0, 500, 10, 10), sample(1_000, 500, 11, 11), sample(2_000, 500, 12, 12)];
    const slow = [
      sample(3_000, 500, 400, 10),
      sample(4_000, 500, 300, 20),
      sample(5_000, 500, 10, 500),
      sample(6_000, 500, 250, 15),
      sample(7_000, 500, 600, 30),
      sample(8_000, 500, 15, 350),
    ];
    const estimate = estimateClockOffset([...slow.slice(0, 3), ...quick, ...slow.slice(3)]);
    expect(estimate).toEqual({ offsetMs: 500, rttMs: 24 });
    // The same samples in any order give the same answer.
    expect(estimateClockOffset([...quick].reverse().concat(slow.reverse()))).toEqual(estimate);
  });

  it("takes the median of the best third (one odd sample among them does not move it)", () => {
    const samples = [
      sample(0, 100, 10, 10), // 100
      sample(1, 100, 12, 8), // 102
      sample(2, 100, 9, 11), // 99
      ...Array.from({ length: 6 }, (_, i) => sample(10 + i, 100, 200 + i, 5)),
    ];
    expect(estimateClockOffset(samples)!.offsetMs).toBe(100);
    // An even count of best samples: the mean of the middle two.
    const even = [sample(0, 0, 10, 10), sample(1, 0, 12, 10), ...Array.from({ length: 4 }, (_, i) => sample(10 + i, 0, 300, 5))];
    expect(estimateClockOffset(even)!.offsetMs).toBe(0.5);
  });

  it("recovers a known offset within 1 ms from samples with asymmetric queueing noise", () => {
    const random = prng(14);
    const offsetMs = 1_234.5;
    const samples: ClockSample[] = [];
    let clock = 50_000;
    for (let i = 0; i < 30; i += 1) {
      // The path is 18 ms each way with a little symmetric jitter; most trips also queue,
      // mostly on the way up (a busy uplink), which a plain average would read as a skewed clock.
      const up = 18 + random() * 0.4;
      const down = 18 + random() * 0.4;
      const queued = random() < 0.55;
      const upQueue = queued ? 5 + random() * 250 : 0;
      const downQueue = queued && random() < 0.3 ? 2 + random() * 40 : 0;
      samples.push(sample(clock, offsetMs, up + upQueue, down + downQueue));
      clock += 100 + random() * 50;
    }
    const estimate = estimateClockOffset(samples)!;
    expect(Math.abs(estimate.offsetMs - offsetMs)).toBeLessThan(1);
    expect(estimate.rttMs).toBeLessThan(40);
    // The naive mean of every sample is far off: the filter is what does the work.
    const naive = samples.reduce((sum, s) => sum + (s.serverMs - (s.sentMs + s.receivedMs) / 2), 0) / samples.length;
    expect(Math.abs(naive - offsetMs)).toBeGreaterThan(10);
  });

  it("recovers the offset within 1 ms whenever a third of the trips are unqueued (property)", () => {
    const trip = fc.record({
      up: fc.double({ min: 0, max: 0.5, noNaN: true }),
      down: fc.double({ min: 0, max: 0.5, noNaN: true }),
      queue: fc.double({ min: 3, max: 2_000, noNaN: true }),
      queuedUp: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.double({ min: -86_400_000, max: 86_400_000, noNaN: true }),
        fc.integer({ min: 1, max: 20 }),
        fc.array(trip, { minLength: 0, maxLength: 40 }),
        fc.array(trip, { minLength: 1, maxLength: 20 }),
        (offsetMs, baseMs, allQueued, cleanTrips) => {
          // At most twice as many queued trips as clean ones: the best third are all clean.
          const queuedTrips = allQueued.slice(0, 2 * cleanTrips.length);
          const samples = [
            ...cleanTrips.map((t, i) => sample(1_000 * i, offsetMs, baseMs + t.up, baseMs + t.down)),
            ...queuedTrips.map((t, i) =>
              sample(500 + 1_000 * i, offsetMs, baseMs + t.up + (t.queuedUp ? t.queue : 0), baseMs + t.down + (t.queuedUp ? 0 : t.queue)),
            ),
          ];
          const estimate = estimateClockOffset(samples)!;
          expect(Math.abs(estimate.offsetMs - offsetMs)).toBeLessThan(1);
          expect(estimate.rttMs).toBeLessThanOrEqual(2 * baseMs + 1);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe("correctionFor", () => {
  it("does nothing within IN_SYNC_MS either way", () => {
    for (const drift of [0, 1, -1, IN_SYNC_MS, -IN_SYNC_MS]) expect(correctionFor(drift, 5_000)).toEqual({ kind: "none" });
  });

  it("plays slower when ahead and faster when behind, in proportion, capped at MAX_RATE_CHANGE", () => {
    expect(correctionFor(60, 5_000)).toEqual({ kind: "rate", rate: 1 - 60 / CORRECTION_WINDOW_MS });
    expect(correctionFor(-60, 5_000)).toEqual({ kind: "rate", rate: 1 + 60 / CORRECTION_WINDOW_MS });
    const ahead = correctionFor(IN_SYNC_MS + 1, 0);
    expect(ahead.kind).toBe("rate");
    expect((ahead as { rate: number }).rate).toBeLessThan(1);
    expect(correctionFor(SEEK_BEYOND_MS, 0)).toEqual({ kind: "rate", rate: 1 - MAX_RATE_CHANGE });
    expect(correctionFor(-SEEK_BEYOND_MS, 0)).toEqual({ kind: "rate", rate: 1 + MAX_RATE_CHANGE });
  });

  it("seeks beyond SEEK_BEYOND_MS, and on nonsense, never to a negative position", () => {
    expect(correctionFor(SEEK_BEYOND_MS + 1, 12_000)).toEqual({ kind: "seek", toMs: 12_000 });
    expect(correctionFor(-5_000, 12_000)).toEqual({ kind: "seek", toMs: 12_000 });
    expect(correctionFor(Number.NaN, 12_000)).toEqual({ kind: "seek", toMs: 12_000 });
    expect(correctionFor(Number.NEGATIVE_INFINITY, -40)).toEqual({ kind: "seek", toMs: 0 });
  });

  it("always moves the listener toward the timeline, gently (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: -10_000, max: 10_000, noNaN: true }), fc.integer({ min: -1_000, max: 600_000 }), (drift, target) => {
        const correction = correctionFor(drift, target);
        const gap = Math.abs(drift);
        if (gap <= IN_SYNC_MS) expect(correction.kind).toBe("none");
        else if (gap > SEEK_BEYOND_MS) expect(correction).toEqual({ kind: "seek", toMs: Math.max(0, target) });
        else {
          expect(correction.kind).toBe("rate");
          const { rate } = correction as { rate: number };
          expect(Math.abs(rate - 1)).toBeLessThanOrEqual(MAX_RATE_CHANGE + 1e-12);
          expect(Math.abs(rate - 1)).toBeGreaterThan(0);
          // Ahead (positive drift): slower; behind: faster.
          expect(Math.sign(1 - rate)).toBe(Math.sign(drift));
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe("mediaFragment", () => {
  it("gives seconds with one decimal, never negative", () => {
    expect(mediaFragment(0)).toBe("#t=0.0");
    expect(mediaFragment(12_340)).toBe("#t=12.3");
    expect(mediaFragment(61_000)).toBe("#t=61.0");
    expect(mediaFragment(-2_000)).toBe("#t=0.0");
    expect(mediaFragment(positionAt(timeline(), ANCHOR + 2_500))).toBe("#t=12.5");
  });
});
