/**
 * The confetti itself (SPEC §2, §9), loaded by confetti.ts only when it plays:
 * canvas-confetti on a canvas of its own, fixed over the page, aria-hidden,
 * never catching a click, removed when it is done.
 */
import confetti from "canvas-confetti";

const COLORS = ["#5b21b6", "#c2410c", "#f59e0b", "#10b981", "#ec4899"];
/** How long the last pieces may fall after the bursts stop, before the canvas goes. */
const SETTLE_MS = 1500;

/** Bursts from both sides for `durationMs`; returns a function that stops and removes it. */
export function burst(durationMs: number): () => void {
  let stopped = false;
  let frame = 0;
  let settle = 0;
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-hidden", "true");
  canvas.dataset.onboardingConfetti = "";
  Object.assign(canvas.style, { position: "fixed", inset: "0", width: "100%", height: "100%", pointerEvents: "none", zIndex: "1100" });
  document.body.appendChild(canvas);
  const fire = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });

  const stop = () => {
    if (stopped) return;
    stopped = true;
    window.cancelAnimationFrame(frame);
    window.clearTimeout(settle);
    fire.reset();
    canvas.remove();
  };

  const end = Date.now() + durationMs;
  const tick = () => {
    if (stopped) return;
    void fire({ particleCount: 4, angle: 60, spread: 60, origin: { x: 0, y: 0.7 }, colors: COLORS });
    void fire({ particleCount: 4, angle: 120, spread: 60, origin: { x: 1, y: 0.7 }, colors: COLORS });
    if (Date.now() < end) frame = window.requestAnimationFrame(tick);
    else settle = window.setTimeout(stop, SETTLE_MS);
  };
  tick();
  return stop;
}
