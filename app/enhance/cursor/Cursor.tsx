/**
 * The branded cursor (SPEC §2): a ring that follows the mouse, a dot that
 * trails behind it, and a larger ring over anything clickable. The enhancement
 * layer renders it only where it applies (cursor-rules.ts); it is a chunk of
 * its own.
 *
 * It runs outside React's renders: the pointer's position goes straight into
 * the elements' transforms on animation frames, and frames stop as soon as the
 * dot has caught up (no loop while the mouse is still). Stable attributes for
 * tests and styles: data-cursor on the root, data-cursor-state="default|hover",
 * data-cursor-visible="true|false" (hidden until the mouse moves, and when it
 * leaves the window); data-cursor-ring, data-cursor-dot on the two parts.
 */
import { useEffect, useRef } from "react";
import { isClickable } from "./cursor-rules";
import * as styles from "./Cursor.css";

/** The share of the remaining distance the dot covers each frame: the trail. */
const TRAIL_EASING = 0.25;
/** Closer than this (px), the dot snaps to the pointer and the frames stop. */
const SETTLED_PX = 0.5;

export default function Cursor() {
  const rootRef = useRef<HTMLDivElement>(null);
  const ringRef = useRef<HTMLDivElement>(null);
  const dotRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = rootRef.current;
    const ring = ringRef.current;
    const dot = dotRef.current;
    if (!root || !ring || !dot) return;

    const pointer = { x: 0, y: 0 };
    const trail = { x: 0, y: 0 };
    let frame = 0;
    let visible = false;

    const place = (element: HTMLElement, x: number, y: number) => {
      element.style.transform = `translate3d(${x}px, ${y}px, 0)`;
    };
    const render = () => {
      frame = 0;
      place(ring, pointer.x, pointer.y);
      trail.x += (pointer.x - trail.x) * TRAIL_EASING;
      trail.y += (pointer.y - trail.y) * TRAIL_EASING;
      if (Math.hypot(pointer.x - trail.x, pointer.y - trail.y) < SETTLED_PX) {
        trail.x = pointer.x;
        trail.y = pointer.y;
      } else {
        frame = window.requestAnimationFrame(render);
      }
      place(dot, trail.x, trail.y);
    };
    const setVisible = (next: boolean) => {
      if (next === visible) return;
      visible = next;
      root.dataset.cursorVisible = String(next);
    };
    const setHover = (hover: boolean) => {
      const state = hover ? "hover" : "default";
      if (root.dataset.cursorState !== state) root.dataset.cursorState = state;
    };

    const onMove = (event: PointerEvent) => {
      // A touch or a pen on a hybrid device: there is no cursor to dress.
      if (event.pointerType && event.pointerType !== "mouse") return setVisible(false);
      pointer.x = event.clientX;
      pointer.y = event.clientY;
      if (!visible) {
        // Appearing: the dot starts where the pointer is, not where it was last seen.
        trail.x = pointer.x;
        trail.y = pointer.y;
        setVisible(true);
      }
      if (!frame) frame = window.requestAnimationFrame(render);
    };
    // pointerover fires once per element entered: the computed style is read then, not on every move.
    const onOver = (event: PointerEvent) => setHover(isClickable(event.target));
    const onOut = (event: MouseEvent) => {
      if (!event.relatedTarget) setVisible(false); // left the window
    };
    const onBlur = () => setVisible(false);

    document.addEventListener("pointermove", onMove, { passive: true });
    document.addEventListener("pointerover", onOver, { passive: true });
    document.addEventListener("mouseout", onOut, { passive: true });
    window.addEventListener("blur", onBlur);
    return () => {
      window.cancelAnimationFrame(frame);
      document.removeEventListener("pointermove", onMove);
      document.removeEventListener("pointerover", onOver);
      document.removeEventListener("mouseout", onOut);
      window.removeEventListener("blur", onBlur);
    };
  }, []);

  return (
    // The two data-cursor-* values here are the starting ones; the effect changes them in place
    // (React never writes them again: they never change here).
    <div ref={rootRef} className={styles.root} data-cursor="" data-cursor-state="default" data-cursor-visible="false" aria-hidden="true">
      <div ref={ringRef} className={styles.follower}>
        <div className={styles.ring} data-cursor-ring="" />
      </div>
      <div ref={dotRef} className={styles.follower}>
        <div className={styles.dot} data-cursor-dot="" />
      </div>
    </div>
  );
}
