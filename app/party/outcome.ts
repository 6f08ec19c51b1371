/**
 * A party's outcome (issue 14 §5, ADR 0092): every song the room heard,
 * ranked by its ratings. Pure, so the rule is unit-tested apart from the
 * database.
 *
 * Score: keeper 2, maybe 1, pass -1 (RATING_WEIGHTS). Ties go to more
 * keepers, then fewer passes, then the order the room heard them in. The
 * party's shortlist is every song with a positive score: more of the room
 * wanted it than passed on it.
 */
import { RATING_WEIGHTS } from "./constants";

export interface RatedItem {
  itemId: string;
  /** Queue order (the order the room heard them in). */
  position: number;
  keepers: number;
  maybes: number;
  passes: number;
}

export interface RankedItem extends RatedItem {
  rank: number;
  score: number;
  shortlisted: boolean;
}

export function scoreOf(item: Pick<RatedItem, "keepers" | "maybes" | "passes">): number {
  return item.keepers * RATING_WEIGHTS.keeper + item.maybes * RATING_WEIGHTS.maybe + item.passes * RATING_WEIGHTS.pass;
}

export function rankOutcome(items: RatedItem[]): RankedItem[] {
  return items
    .map((item) => ({ ...item, score: scoreOf(item) }))
    .sort((a, b) => b.score - a.score || b.keepers - a.keepers || a.passes - b.passes || a.position - b.position)
    .map((item, index) => ({ ...item, rank: index + 1, shortlisted: item.score > 0 }));
}
