/**
 * The branded cursor (SPEC §2): a ring around the system pointer and a dot
 * that trails it. Decoration only: fixed, out of the flow (no layout shift),
 * never catching a pointer event, and the system cursor stays as it is (no
 * `cursor: none`). The ring is an outline, never a fill, so whatever it passes
 * over, a focus ring included, stays visible. Colours from the theme: visible
 * in both.
 */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const RING_PX = 32;
const DOT_PX = 8;
/** How much the ring grows over links, buttons and clickable items. */
export const HOVER_SCALE = 1.75;

export const root = style({
  position: "fixed",
  top: 0,
  left: 0,
  width: 0,
  height: 0,
  // Above dialogs (1000) and the confetti (1100): it follows the pointer everywhere.
  zIndex: 1200,
  pointerEvents: "none",
  opacity: 1,
  transition: "opacity 150ms ease-out",
  selectors: { '&[data-cursor-visible="false"]': { opacity: 0 } },
});

/** Moved by Cursor.tsx with transform (translate3d): no layout, no paint of anything else. */
export const follower = style({
  position: "absolute",
  top: 0,
  left: 0,
  willChange: "transform",
});

export const ring = style({
  position: "absolute",
  width: `${RING_PX}px`,
  height: `${RING_PX}px`,
  left: `${-RING_PX / 2}px`,
  top: `${-RING_PX / 2}px`,
  borderRadius: "50%",
  border: `2px solid ${vars.color.primary}`,
  transition: "transform 160ms ease-out, background-color 160ms ease-out",
  selectors: {
    [`${root}[data-cursor-state="hover"] &`]: {
      transform: `scale(${HOVER_SCALE})`,
      // A faint tint, never opaque: what is under the ring stays readable.
      backgroundColor: `color-mix(in srgb, ${vars.color.primary} 12%, transparent)`,
    },
  },
});

export const dot = style({
  position: "absolute",
  width: `${DOT_PX}px`,
  height: `${DOT_PX}px`,
  left: `${-DOT_PX / 2}px`,
  top: `${-DOT_PX / 2}px`,
  borderRadius: "50%",
  background: vars.color.accent,
});
