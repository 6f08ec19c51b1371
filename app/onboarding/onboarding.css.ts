/**
 * The welcome modal and the tour dialog: a full-screen dim overlay and a
 * raised panel (the app's dialog look, app/ui/Dialog.css.ts), server-rendered
 * so both work without JavaScript. Fits 320 px: everything wraps, nothing
 * has a fixed width.
 */
import { globalStyle, style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";
import * as dialog from "~/ui/Dialog.css";

/** The page behind the dialog: no box of its own, so the layout is the same with or without it. */
export const frame = style({ display: "contents" });

export const overlay = style([dialog.overlay, { padding: vars.space[3], "@media": { "(min-width: 480px)": { padding: vars.space[4] } } }]);

export const panel = style([
  dialog.panel,
  {
    margin: "auto",
    gap: vars.space[5],
    padding: vars.space[5],
    "@media": { "(min-width: 640px)": { padding: vars.space[8] } },
  },
]);

export const title = style({ fontSize: "1.5rem", fontWeight: 800, letterSpacing: "-0.015em", lineHeight: 1.2, overflowWrap: "anywhere" });

export const text = style({ color: vars.color.textMuted, lineHeight: 1.55 });

export const badges = style([recipe.bareList, { display: "flex", flexWrap: "wrap", gap: vars.space[2] }]);
export const badgeBrand = style([recipe.pill, { background: vars.color.primary, color: vars.color.primaryText, padding: `2px ${vars.space[3]}` }]);
export const badgeRole = style([recipe.pillSoft, { padding: `2px ${vars.space[3]}` }]);

export const features = style([
  recipe.bareList,
  { display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: vars.space[2], textAlign: "center" },
]);
export const feature = style({ display: "grid", justifyItems: "center", gap: vars.space[2], fontWeight: 600, fontSize: "0.9rem" });
export const featureIcon = style({
  display: "grid",
  placeItems: "center",
  width: "3rem",
  height: "3rem",
  borderRadius: vars.radius.full,
  background: vars.color.secondary,
  color: vars.color.secondaryText,
});

export const actions = style({ display: "grid", gap: vars.space[3] });
globalStyle(`${actions} > button`, { width: "100%" });

export const footer = style({ color: vars.color.textMuted, fontSize: "0.875rem", textAlign: "center" });

// The tour

export const tourTop = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space[3] });
export const stepCount = style({ color: vars.color.textMuted, fontWeight: 600, fontSize: "0.9rem" });

export const closeButton = style({
  display: "inline-grid",
  placeItems: "center",
  flexShrink: 0,
  width: "48px",
  height: "48px",
  marginBlock: `calc(-1 * ${vars.space[2]})`,
  marginInlineEnd: `calc(-1 * ${vars.space[2]})`,
  border: 0,
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceSunken },
    "&:focus-visible": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "2px" },
  },
});

export const progress = style({
  height: "8px",
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.borderStrong}`,
  overflow: "hidden",
});
export const progressValue = style({
  height: "100%",
  background: vars.color.primary,
  transition: "width 200ms ease",
  "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
});

export const stepIcon = style({
  display: "grid",
  placeItems: "center",
  width: "3.5rem",
  height: "3.5rem",
  borderRadius: vars.radius.full,
  background: vars.color.secondary,
  color: vars.color.secondaryText,
});

export const stepBody = style({ display: "grid", gap: vars.space[3] });

export const tourNav = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space[3] });
export const tourNavButtons = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], marginInlineStart: "auto" });
