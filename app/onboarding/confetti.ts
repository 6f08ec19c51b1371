/**
 * The welcome's confetti (SPEC §2, §9: about 3 s, after a 0.5 s delay). Its
 * code (confetti-burst.ts with canvas-confetti) is imported dynamically when
 * it plays, so it is in no page's first-load JavaScript
 * (docs/decisions/0038-javascript-budget.md), and not at all when motion is
 * reduced: under prefers-reduced-motion, or at the low performance level
 * (SPEC §4; the device read here, as the enhancement layer may not have
 * written data-motion on <html> yet, and that attribute honoured too).
 */
import { motionReduced } from "~/enhance/device/read-device";
import { CONFETTI_DELAY_MS, CONFETTI_DURATION_MS } from "~/shared/constants";

export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

type Burst = (durationMs: number) => () => void;

/** Starts the confetti after the delay; returns a function that cancels or stops it. Never throws. */
export function playConfetti({
  delayMs = CONFETTI_DELAY_MS,
  durationMs = CONFETTI_DURATION_MS,
  load = () => import("./confetti-burst").then((module) => module.burst),
}: { delayMs?: number; durationMs?: number; load?: () => Promise<Burst> } = {}): () => void {
  if (typeof window === "undefined" || window.matchMedia?.(REDUCED_MOTION_QUERY).matches || motionReduced()) return () => {};
  let cancelled = false;
  let stop = () => {};
  const timer = window.setTimeout(() => {
    // Asked again when it would start: the window may have narrowed, or the layer found a slow network.
    if (motionReduced()) return;
    load()
      .then((burst) => {
        if (!cancelled) stop = burst(durationMs);
      })
      // Decoration only: a failed load must not break the welcome.
      .catch((error: unknown) => console.warn("confetti could not play:", error instanceof Error ? error.message : error));
  }, delayMs);
  return () => {
    cancelled = true;
    window.clearTimeout(timer);
    stop();
  };
}
