/** Modal dialog: dimmed overlay plus a raised, centred panel. */
import { keyframes, style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const riseIn = keyframes({
  from: { opacity: 0, transform: "translateY(12px) scale(0.98)" },
  to: { opacity: 1, transform: "none" },
});

export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: 1000,
  display: "grid",
  placeItems: "center",
  padding: vars.space[4],
  background: vars.color.overlay,
  backdropFilter: "blur(4px)",
  animation: `${fadeIn} 160ms ease-out`,
  overflowY: "auto",
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
  selectors: {
    // SPEC §4: no blur on a low-level device (app/enhance/device). A darker dim instead, so the
    // page behind stays as far back as the blur put it; the panel itself is opaque.
    'html[data-blur="off"] &': {
      backdropFilter: "none",
      background: `color-mix(in srgb, ${vars.color.overlay} 80%, rgb(0, 0, 0))`,
    },
  },
});

export const panel = style([
  recipe.surface,
  {
    position: "relative",
    width: "100%",
    maxWidth: "32rem",
    maxHeight: `calc(100dvh - 2 * ${vars.space[4]})`,
    overflowY: "auto",
    display: "grid",
    gap: vars.space[4],
    padding: vars.space[6],
    background: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.lg,
    animation: `${riseIn} 200ms cubic-bezier(0.2, 0.8, 0.2, 1)`,
    // The panel itself only takes focus programmatically (nothing tabbable
    // inside); a ring around the whole card would just be noise.
    selectors: { "&:focus": { outline: "none" } },
    "@media": {
      "(prefers-reduced-motion: reduce)": { animation: "none" },
      "(min-width: 640px)": { padding: vars.space[8] },
    },
  },
]);

export const header = style({ display: "grid", gap: vars.space[2] });
export const title = style({ fontSize: "1.375rem", fontWeight: 700, letterSpacing: "-0.015em" });
export const description = style({ color: vars.color.textMuted });
