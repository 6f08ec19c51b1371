/**
 * Toast region (SPEC §2: bottom-right). Full-width with side margins on
 * phones, a fixed-width column from 640px; safe-area insets keep it clear of
 * notches and home indicators.
 */
import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const slideIn = keyframes({
  from: { opacity: 0, transform: "translateY(16px) scale(0.98)" },
  to: { opacity: 1, transform: "none" },
});
// Server-rendered toasts only: with no JavaScript there is no timer, so CSS
// hides them after their duration (set inline as --hf-toast-duration).
const autoHide = keyframes({ to: { opacity: 0, visibility: "hidden" } });

export const region = style({
  position: "fixed",
  zIndex: 1200,
  bottom: `max(${vars.space[4]}, env(safe-area-inset-bottom))`,
  right: `max(${vars.space[3]}, env(safe-area-inset-right))`,
  left: `max(${vars.space[3]}, env(safe-area-inset-left))`,
  // The empty region must not swallow clicks on the page underneath.
  pointerEvents: "none",
  "@media": {
    "(min-width: 640px)": {
      left: "auto",
      right: `max(${vars.space[6]}, env(safe-area-inset-right))`,
      bottom: `max(${vars.space[6]}, env(safe-area-inset-bottom))`,
      width: "24rem",
    },
  },
});

export const list = style({ display: "grid", gap: vars.space[3] });

export const item = style({
  pointerEvents: "auto",
  display: "grid",
  gridTemplateColumns: "auto 1fr auto",
  alignItems: "start",
  columnGap: vars.space[3],
  padding: `${vars.space[4]} ${vars.space[4]} ${vars.space[4]} ${vars.space[4]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: "4px",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  fontSize: "0.9375rem",
  lineHeight: 1.45,
  animation: `${slideIn} 220ms cubic-bezier(0.2, 0.8, 0.2, 1)`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});

/** Re-inserted after hydration (so it gets announced) without sliding in twice. */
export const still = style({ animation: "none" });

export const serverOnly = style({
  animation: `${slideIn} 220ms cubic-bezier(0.2, 0.8, 0.2, 1), ${autoHide} 200ms ease-in var(--hf-toast-duration, 3000ms) forwards`,
  "@media": {
    "(prefers-reduced-motion: reduce)": {
      animation: `${autoHide} 1ms linear var(--hf-toast-duration, 3000ms) forwards`,
    },
  },
});

export const accent = styleVariants({
  success: { borderLeftColor: vars.color.success },
  error: { borderLeftColor: vars.color.destructive },
  warning: { borderLeftColor: vars.color.warning },
  info: { borderLeftColor: vars.color.info },
  loading: { borderLeftColor: vars.color.primary },
});

export const icon = style({ width: "20px", height: "20px", marginTop: "1px", flexShrink: 0 });
export const iconColor = styleVariants({
  success: { color: vars.color.success },
  error: { color: vars.color.destructive },
  warning: { color: vars.color.warning },
  info: { color: vars.color.info },
  loading: { color: vars.color.primary },
});
// The loading ring sits in the same 20px slot as the icons.
export const loadingSlot = style({ display: "grid", placeItems: "center", width: "20px", height: "20px", marginTop: "1px" });

export const body = style({ display: "grid", gap: "2px", minWidth: 0, overflowWrap: "anywhere" });
export const title = style({ fontWeight: 700, margin: 0 });
export const message = style({ margin: 0 });
export const messageUnderTitle = style({ color: vars.color.textMuted });

export const close = style({
  display: "grid",
  placeItems: "center",
  width: "32px",
  height: "32px",
  margin: "-6px -6px -6px 0",
  padding: 0,
  border: "none",
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  transition: "background-color 120ms ease, color 120ms ease",
  selectors: {
    "&:hover": { background: vars.color.surfaceSunken, color: vars.color.text },
    "&:focus-visible": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "1px" },
  },
});
