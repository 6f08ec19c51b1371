/** Spinner ring and the page-loading pill (SPEC §2: "Loading..." while pages load). */
import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const spin = keyframes({ to: { transform: "rotate(360deg)" } });
const dropIn = keyframes({
  from: { opacity: 0, transform: "translate(-50%, -8px)" },
  to: { opacity: 1, transform: "translate(-50%, 0)" },
});

export const root = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space[2],
  color: vars.color.text,
  fontSize: "0.875rem",
  fontWeight: 600,
});

export const ring = style({
  display: "inline-block",
  flexShrink: 0,
  borderRadius: vars.radius.full,
  borderStyle: "solid",
  // A faint full circle with a brand-coloured arc on top.
  borderColor: vars.color.border,
  borderTopColor: vars.color.primary,
  borderRightColor: vars.color.accent,
  animation: `${spin} 800ms linear infinite`,
  "@media": {
    // No spinning; the arc and the visible "Loading..." still say it.
    "(prefers-reduced-motion: reduce)": { animation: "none" },
  },
});

export const ringSizes = styleVariants({
  sm: { width: "16px", height: "16px", borderWidth: "2px" },
  md: { width: "20px", height: "20px", borderWidth: "2.5px" },
  lg: { width: "32px", height: "32px", borderWidth: "3px" },
});

export const pill = style({
  position: "fixed",
  top: vars.space[3],
  left: "50%",
  transform: "translate(-50%, 0)",
  zIndex: 1100,
  padding: `${vars.space[2]} ${vars.space[4]}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.md,
  pointerEvents: "none",
  // Fast navigations finish inside the delay, so the pill never flickers;
  // it is in the DOM (and announced) from the first frame regardless.
  animation: `${dropIn} 180ms ease-out 120ms both`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});
