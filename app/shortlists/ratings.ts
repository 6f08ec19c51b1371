/**
 * The A&R's structured feedback on a song (PRODUCT-NOTES: keeper / maybe /
 * needs work / pass): shortlist items and brief answers are rated with it.
 * Plain data: safe in the browser.
 */
export const FEEDBACK_RATINGS = [
  { value: "keeper", label: "Keeper" },
  { value: "maybe", label: "Maybe" },
  { value: "needs_work", label: "Needs work" },
  { value: "pass", label: "Pass" },
] as const;

export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number]["value"];

export const FEEDBACK_RATING_VALUES = FEEDBACK_RATINGS.map((rating) => rating.value) as [FeedbackRating, ...FeedbackRating[]];

export function feedbackLabel(rating: FeedbackRating): string {
  return FEEDBACK_RATINGS.find((r) => r.value === rating)?.label ?? rating;
}
