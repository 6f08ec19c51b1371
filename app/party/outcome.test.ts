/**
 * A party's outcome (issue 14 §5, ADR 0092): the score, the tie-breaks and
 * the shortlist, as worked examples, then properties checked by fast-check.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RATING_WEIGHTS } from "./constants";
import { rankOutcome, scoreOf, type RatedItem } from "./outcome";

const RUNS = Number(process.env.PARTY_RUNS ?? 100);

const item = (itemId: string, position: number, keepers: number, maybes: number, passes: number): RatedItem => ({ itemId, position, keepers, maybes, passes });

describe("scoreOf", () => {
  it("counts keepers 2, maybes 1 and passes -1", () => {
    expect(RATING_WEIGHTS).toEqual({ keeper: 2, maybe: 1, pass: -1 });
    expect(scoreOf({ keepers: 0, maybes: 0, passes: 0 })).toBe(0);
    expect(scoreOf({ keepers: 1, maybes: 0, passes: 0 })).toBe(2);
    expect(scoreOf({ keepers: 0, maybes: 1, passes: 0 })).toBe(1);
    expect(scoreOf({ keepers: 0, maybes: 0, passes: 1 })).toBe(-1);
    expect(scoreOf({ keepers: 3, maybes: 2, passes: 4 })).toBe(4);
  });
});

describe("rankOutcome", () => {
  it("ranks by score, highest first, with the score and rank on each", () => {
    const ranked = rankOutcome([item("a", 1, 0, 1, 2), item("b", 2, 3, 0, 0), item("c", 3, 1, 1, 0)]);
    expect(ranked.map((r) => [r.itemId, r.rank, r.score])).toEqual([
      ["b", 1, 6],
      ["c", 2, 3],
      ["a", 3, -1],
    ]);
    // The counts travel unchanged.
    expect(ranked[0]).toMatchObject({ keepers: 3, maybes: 0, passes: 0, position: 2 });
  });

  it("breaks ties by more keepers, then fewer passes, then the order the room heard them", () => {
    // Score 4 each: two keepers; one keeper and two maybes; one keeper, three maybes and a pass.
    const ranked = rankOutcome([item("maybes", 1, 1, 2, 0), item("passes", 2, 1, 3, 1), item("keepers", 3, 2, 0, 0)]);
    expect(ranked.map((r) => r.score)).toEqual([4, 4, 4]);
    expect(ranked.map((r) => r.itemId)).toEqual(["keepers", "maybes", "passes"]);
    // Identical ratings: the one heard first comes first, whatever the input order.
    const same = rankOutcome([item("late", 5, 1, 0, 0), item("early", 2, 1, 0, 0), item("middle", 3, 1, 0, 0)]);
    expect(same.map((r) => [r.itemId, r.rank])).toEqual([
      ["early", 1],
      ["middle", 2],
      ["late", 3],
    ]);
  });

  it("shortlists exactly the songs with a positive score", () => {
    const ranked = rankOutcome([
      item("loved", 1, 2, 0, 0), // 4
      item("split", 2, 1, 0, 2), // 0: as many against as for
      item("unrated", 3, 0, 0, 0), // 0
      item("maybe", 4, 0, 1, 0), // 1
      item("passed", 5, 0, 0, 3), // -3
    ]);
    expect(Object.fromEntries(ranked.map((r) => [r.itemId, r.shortlisted]))).toEqual({ loved: true, maybe: true, split: false, unrated: false, passed: false });
    expect(ranked.map((r) => r.itemId)).toEqual(["loved", "maybe", "split", "unrated", "passed"]);
  });

  it("gives nothing for nothing, and leaves its input alone", () => {
    expect(rankOutcome([])).toEqual([]);
    const input = [item("b", 2, 0, 0, 1), item("a", 1, 1, 0, 0)];
    const copy = structuredClone(input);
    rankOutcome(input);
    expect(input).toEqual(copy);
  });

  const ratedItems = fc
    .array(
      fc.record({
        keepers: fc.integer({ min: 0, max: 30 }),
        maybes: fc.integer({ min: 0, max: 30 }),
        passes: fc.integer({ min: 0, max: 30 }),
      }),
      { maxLength: 40 },
    )
    .chain((counts) =>
      // Unique positions (the order heard), shuffled in the input.
      fc.shuffledSubarray(
        counts.map((c, i) => ({ ...c, itemId: `item-${i}`, position: i + 1 })),
        { minLength: counts.length, maxLength: counts.length },
      ),
    );

  it("ranks 1..n, sorted by score, shortlisting score > 0, the same whatever the input order (property)", () => {
    fc.assert(
      fc.property(ratedItems, (items) => {
        const ranked = rankOutcome(items);
        expect(ranked.map((r) => r.rank)).toEqual(items.map((_, i) => i + 1));
        expect(ranked.map((r) => r.itemId).sort()).toEqual(items.map((r) => r.itemId).sort());
        for (const [i, r] of ranked.entries()) {
          expect(r.score).toBe(scoreOf(r));
          expect(r.shortlisted).toBe(r.score > 0);
          const next = ranked[i + 1];
          if (!next) continue;
          expect(r.score).toBeGreaterThanOrEqual(next.score);
          if (r.score === next.score) {
            expect(r.keepers).toBeGreaterThanOrEqual(next.keepers);
            if (r.keepers === next.keepers) {
              expect(r.passes).toBeLessThanOrEqual(next.passes);
              if (r.passes === next.passes) expect(r.position).toBeLessThan(next.position);
            }
          }
        }
        // A total order: the input's order does not matter.
        const byPosition = [...items].sort((a, b) => a.position - b.position);
        expect(rankOutcome(byPosition)).toEqual(ranked);
        // The shortlist is a prefix of the ranking.
        const firstOut = ranked.findIndex((r) => !r.shortlisted);
        if (firstOut >= 0) expect(ranked.slice(firstOut).every((r) => !r.shortlisted)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
